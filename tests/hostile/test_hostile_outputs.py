"""Hostile output paths: what tagmt promises about the files it writes.

1. ``-o LINK`` (a symbolic link, or a chain of them) writes the file the link points to, atomically; the
   link stays a link. A dangling link gets its target created; a looping link is one line.
2. ``-o FIFO`` writes into the FIFO (its reader gets every line); the FIFO stays a FIFO.
3. ``-o`` a character device (``/dev/null``) writes into it and leaves it a device; ``/dev/full`` is one
   line (no space left), not a traceback.
4. ``-o /dev/fd/1`` (what ``/dev/stdout`` is) writes to the process's own stdout, whether that is a pipe
   or a file, and replaces nothing.
5. ``-o`` a folder, a socket or a block device is refused in one line; a block device is never opened.
6. A writer killed between writing and renaming leaves ``.<name>.<8 chars>.tmp``; the next write to that
   path removes it — and nothing else: not other names, not a live writer's temporary file.
7. Concurrent writers to one path never produce a mixed file.
8. ``views -o`` is atomic: a write that fails (here: ``ulimit -f``) leaves the old file whole, one line.
9. ``views --view dita`` into a read-only folder, onto a full disk, or for a document whose id makes a
   file name too long: one line, exit 2.
"""

from __future__ import annotations

import fcntl
import os
import socket
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from hostile import assert_one_line_failure, fill, make_device, one_line_error, run_tagmt

from tagmt.atomic import write_atomic
from tagmt.cli import main
from tagmt.data.dataset import open_dataset
from tagmt.data.views import segment_lines
from tagmt.errors import TagmtError
from tagmt.testing.tiny_xliff import write_tiny_dataset


def translate_args(out: Path | str, *more: str) -> list[str]:
    return ["translate", "--approach", "dt", "--pair", "en-ja", "--model", "copy", "-o", str(out), *more]


def main_ok(args: list[str]) -> bool:
    return main(args) == 0


@pytest.fixture()
def copy_output(sample_data) -> bytes:
    """What ``translate --model copy`` writes for en-ja of the sample: the tagged sources, one a line."""
    lines = segment_lines(open_dataset(sample_data), None, "en-ja", "tagged", "source")
    return "".join(line + "\n" for line in lines).encode("utf-8")


# 1. symbolic links

def test_translate_onto_a_symlink_writes_its_target_and_keeps_the_link(tmp_path, capsys, copy_output):
    target = tmp_path / "real" / "out.txt"
    target.parent.mkdir()
    target.write_text("old\n", "utf-8")
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    assert main_ok(translate_args(link))
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_bytes() == copy_output
    # the run record sits beside the name the user gave; no temporary file left anywhere
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.txt", "link.txt.run.json", "real"]
    assert [p.name for p in target.parent.iterdir()] == ["out.txt"]


def test_a_chain_of_relative_links_is_followed(tmp_path):
    (tmp_path / "data").mkdir()
    (tmp_path / "a").symlink_to("b")
    (tmp_path / "b").symlink_to("data/c")
    write_atomic(tmp_path / "a", ["x\n"])
    assert (tmp_path / "data" / "c").read_text("utf-8") == "x\n"
    assert (tmp_path / "a").is_symlink() and (tmp_path / "b").is_symlink()


def test_a_dangling_link_gets_its_target_created(tmp_path):
    link = tmp_path / "link"
    link.symlink_to(tmp_path / "new" / "file.txt")
    write_atomic(link, ["made\n"])
    assert link.is_symlink() and (tmp_path / "new" / "file.txt").read_text("utf-8") == "made\n"


def test_a_looping_link_is_one_line(tmp_path, capsys):
    (tmp_path / "loop1").symlink_to("loop2")
    (tmp_path / "loop2").symlink_to("loop1")
    err = one_line_error(translate_args(tmp_path / "loop1"), capsys)
    assert "loop" in err
    assert (tmp_path / "loop1").is_symlink() and (tmp_path / "loop2").is_symlink()


# 2. FIFOs

def test_translate_into_a_fifo_feeds_its_reader_and_keeps_the_fifo(tmp_path, copy_output):
    fifo = tmp_path / "out.fifo"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    done = run_tagmt(*translate_args(fifo), timeout=60)
    reader.join(timeout=30)
    assert done.returncode == 0, done.stderr
    assert received == [copy_output]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.fifo"]  # no run record beside a FIFO


# 3. character devices (our own nodes: the tests never touch /dev)

def test_translate_onto_a_null_device_leaves_it_a_device(tmp_path, capsys):
    null = make_device(tmp_path / "null", stat.S_IFCHR, 1, 3)
    assert main_ok(translate_args(null))
    assert stat.S_ISCHR(os.lstat(null).st_mode) and os.lstat(null).st_rdev == os.makedev(1, 3)
    assert "wrote 94 segments" in capsys.readouterr().err


def test_a_full_device_is_one_line(tmp_path, capsys):
    full = make_device(tmp_path / "full", stat.S_IFCHR, 1, 7)
    err = one_line_error(translate_args(full), capsys)
    assert f"cannot write {full}: No space left on device" in err
    assert stat.S_ISCHR(os.lstat(full).st_mode)


# 4. the process's own stdout

def test_output_to_dev_fd_1_goes_to_a_pipe(copy_output):
    done = subprocess.run([sys.executable, "-m", "tagmt", *translate_args("/dev/fd/1")], capture_output=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == copy_output


def test_output_to_dev_fd_1_goes_to_a_redirected_file(tmp_path, copy_output):
    out = tmp_path / "stdout.txt"
    with out.open("wb") as handle:
        done = subprocess.run([sys.executable, "-m", "tagmt", *translate_args("/dev/fd/1")], stdout=handle,
                              stderr=subprocess.PIPE, timeout=60)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes() == copy_output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["stdout.txt"]


# 5. what cannot be written

def test_a_folder_is_refused(tmp_path, capsys):
    (tmp_path / "inside.txt").write_text("kept\n", "utf-8")
    err = one_line_error(translate_args(tmp_path), capsys)
    assert f"cannot write {tmp_path}" in err
    assert [p.name for p in tmp_path.iterdir()] == ["inside.txt"]


def test_a_socket_is_refused(tmp_path, capsys):
    path = tmp_path / "s.sock"
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    try:
        err = one_line_error(translate_args(path), capsys)
    finally:
        server.close()
    assert "is a socket" in err and stat.S_ISSOCK(os.lstat(path).st_mode)


def test_a_block_device_is_refused_without_opening_it(tmp_path, capsys):
    # loop device 200 most likely does not exist: opening it would fail differently (ENXIO)
    block = make_device(tmp_path / "disk", stat.S_IFBLK, 7, 200)
    err = one_line_error(translate_args(block), capsys)
    assert "is a block device" in err and stat.S_ISBLK(os.lstat(block).st_mode)


# 6. leftovers of killed writers

KILLED_WRITER = """
import os, signal, sys
from tagmt.atomic import write_atomic

def chunks():
    yield "x" * 2_000_000
    os.kill(os.getpid(), signal.SIGKILL)  # killed with the whole text written, before the rename
    yield "never"

write_atomic(sys.argv[1], chunks())
"""


def test_a_killed_writers_temporary_file_is_removed_by_the_next_write(tmp_path):
    out = tmp_path / "out.txt"
    out.write_text("old\n", "utf-8")
    done = subprocess.run([sys.executable, "-c", KILLED_WRITER, str(out)], capture_output=True, timeout=60)
    assert done.returncode == -9
    (leftover,) = [p for p in tmp_path.iterdir() if p.name != "out.txt"]
    assert leftover.name.startswith(".out.txt.") and leftover.name.endswith(".tmp")
    assert leftover.stat().st_size == 2_000_000 and out.read_text("utf-8") == "old\n"

    others = [tmp_path / ".out.txt.tmp", tmp_path / ".out.txt.abcdefgh.tmp.keep", tmp_path / ".other.txt.abcdefgh.tmp",
              tmp_path / "out.txt.abcdefgh.tmp", tmp_path / ".out.txt.ABCDEFGH.tmp"]
    for other in others:
        other.write_text("not ours\n", "utf-8")
    write_atomic(out, ["new\n"])
    assert not leftover.exists() and out.read_text("utf-8") == "new\n"
    assert all(other.read_text("utf-8") == "not ours\n" for other in others)


def test_a_live_writers_temporary_file_is_left_alone(tmp_path):
    from tagmt.atomic import remove_stale_temporaries

    out = tmp_path / "out.txt"
    live = tmp_path / ".out.txt.abcd1234.tmp"
    live.write_text("being written\n", "utf-8")
    with live.open("rb") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)  # as the writer that made it holds it
        write_atomic(out, ["new\n"])
        assert live.exists()
    assert remove_stale_temporaries(out) == [live] and not live.exists()


def test_a_link_named_like_a_leftover_is_not_followed_or_removed(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("keep\n", "utf-8")
    trap = tmp_path / ".out.txt.abcd1234.tmp"
    trap.symlink_to(victim)
    write_atomic(tmp_path / "out.txt", ["new\n"])
    assert trap.is_symlink() and victim.read_text("utf-8") == "keep\n"


# 7. concurrent writers

def test_concurrent_writers_never_mix(tmp_path):
    out = tmp_path / "out.txt"
    texts = [str(i) * 300_000 for i in range(6)]
    threads = [threading.Thread(target=write_atomic, args=(out, [t[:150_000], t[150_000:]])) for t in texts]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert out.read_text("utf-8") in texts
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


# 8. views -o is atomic

def views_args(data: Path, *more: str) -> list[str]:
    return ["views", "--data", str(data), "--pair", "en-ja", "--view", "tagged", "--side", "source", *more]


def test_views_output_is_atomic_when_the_write_fails(tmp_path, sample_data):
    out = tmp_path / "views.txt"
    old = "finished earlier\n" * 10
    out.write_text(old, "utf-8")
    done = run_tagmt(*views_args(sample_data, "-o", str(out)), file_size_limit=2000)
    assert "File too large" in assert_one_line_failure(done)
    assert out.read_text("utf-8") == old
    assert [p.name for p in tmp_path.iterdir()] == ["views.txt"]


def test_views_onto_a_symlink_writes_its_target(tmp_path, sample_data, capsys):
    target = tmp_path / "t.txt"
    link = tmp_path / "link"
    link.symlink_to(target)
    assert main_ok(views_args(sample_data, "-o", str(link)))
    assert link.is_symlink() and len(target.read_text("utf-8").splitlines()) == 94


# 9. DITA views that cannot be written

def dita_args(data: Path, out: Path) -> list[str]:
    return ["views", "--data", str(data), "--pair", "en-ja", "--view", "dita", "--side", "target", "-o", str(out)]


def test_dita_into_a_read_only_folder(readonly_dir, sample_data, capsys):
    err = one_line_error(dita_args(sample_data, readonly_dir), capsys)
    assert f"cannot write {readonly_dir}/" in err and ("Read-only file system" in err or "Permission denied" in err)


def test_dita_onto_a_full_disk(small_disk, sample_data, capsys):
    fill(small_disk)
    err = one_line_error(dita_args(sample_data, small_disk / "dita"), capsys)
    assert "No space left on device" in err
    assert list((small_disk / "dita").iterdir()) == []  # no half-written documents


def test_dita_under_a_file_size_limit(tmp_path, sample_data):
    done = run_tagmt(*dita_args(sample_data, tmp_path / "dita"), file_size_limit=1000)
    assert "File too large" in assert_one_line_failure(done)


def test_dita_for_an_id_too_long_for_a_file_name(tmp_path, capsys):
    root = write_tiny_dataset(tmp_path / "data", langs=("ja",))
    docs = root / "dev_data" / "enja" / "documents"
    long_id = "1" + "0" * 250  # 251 digits: 255 bytes with .xlf, one too many with .dita
    (docs / "10.xlf").rename(docs / f"{long_id}.xlf")
    err = one_line_error(dita_args(root, tmp_path / "dita"), capsys)
    assert "File name too long" in err


def test_write_atomic_errors_are_tagmt_errors(tmp_path):
    (tmp_path / "file").write_text("x", "utf-8")
    with pytest.raises(TagmtError, match="cannot write .*a folder on its way is a file|Not a directory"):
        write_atomic(tmp_path / "file" / "sub" / "out.txt", ["a"])
