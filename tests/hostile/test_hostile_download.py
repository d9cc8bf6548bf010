"""Hostile archives and destinations for ``tagmt data download`` (local file:// archives built here).

1. The unpack folder's name never comes from an unchecked string: an archive named ``...zip`` or
   ``..zip`` (several top-level entries, so the name comes from the URL) unpacks into ``--dest/dataset``,
   and ``--force`` leaves every file beside ``--dest`` and its parent intact.
2. ``--force`` replaces only a folder that a download made (it holds ``.tagmt-download.json``); any other
   folder — or a symbolic link — of that name is refused in one line, untouched.
3. ``--dest`` that is a file, below a file, or a dangling link: one line.
4. Member names are checked before anything is written: empty, ``.``, ``..``, absolute, drive-letter,
   ``..``-traversal (with ``/`` or ``\\``) and duplicate names are refused — in zip and tar archives.
5. Member types are checked: symbolic links, hard links, devices and FIFOs are refused (zip and tar);
   a tar's ``./`` entry is harmless and accepted.
6. A ``file://`` URL that is a FIFO or ``/dev/zero`` is one line at once, not a hang or a full disk.
7. A killed download's work folder (``.tagmt-download-XXXXXXXX``) is removed by the next download into
   the same ``--dest``; a running download's work folder and anything of another name are not.
8. After any refusal nothing is left: not even the ``--dest`` the download made (issue 33).
"""

from __future__ import annotations

import fcntl
import io
import os
import stat
import tarfile
import urllib.parse
import zipfile
from pathlib import Path

import pytest
from hostile import assert_one_line_failure, one_line_error, run_tagmt

from tagmt.cli import main
from tagmt.data.dataset import open_dataset


def sample_members(sample_data: Path, top: str = "") -> dict[str, bytes]:
    """The sample's enja documents in the upstream layout, under ``top`` (no top folder when empty)."""
    docs = sample_data / "dev_data" / "enja" / "documents"
    members = {f"{top}README.md": b"readme\n"}
    for doc in docs.glob("*.xlf"):
        members[f"{top}dev_data/enja/documents/{doc.name}"] = doc.read_bytes()
    return members


def make_zip(path: Path, members: dict[str, bytes], special: dict[str, int] | None = None) -> Path:
    """A zip of ``members``; ``special`` adds entries whose recorded type is the given ``stat`` mode."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in members.items():
            zf.writestr(zipfile.ZipInfo(name), data)
        for name, mode in (special or {}).items():
            info = zipfile.ZipInfo(name)
            info.external_attr = mode << 16
            zf.writestr(info, b"")
    return path


def make_tar(path: Path, members: dict[str, bytes], extra: list[tarfile.TarInfo] = ()) -> Path:
    with tarfile.open(path, "w:gz") as tf:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tf.addfile(info, io.BytesIO(data))
        for info in extra:
            tf.addfile(info)
    return path


def download(dest: Path, archive: Path, *more: str) -> list[str]:
    return ["data", "download", "--dest", str(dest), "--url", archive.as_uri(), *more]


def snapshot(folder: Path) -> dict[str, bytes | str]:
    """Every file and link below ``folder`` with its content (links: their target)."""
    out: dict[str, bytes | str] = {}
    for path in sorted(folder.rglob("*")):
        key = str(path.relative_to(folder))
        if path.is_symlink():
            out[key] = "-> " + os.readlink(path)
        elif path.is_file():
            out[key] = path.read_bytes()
    return out


@pytest.fixture()
def neighbourhood(tmp_path: Path) -> Path:
    """``tmp_path/home/parent/dest`` with files beside ``dest`` and beside its parent."""
    parent = tmp_path / "home" / "parent"
    parent.mkdir(parents=True)
    (parent / "beside-dest.txt").write_text("keep me\n", "utf-8")
    (parent / "work").mkdir()
    (parent / "work" / "thesis.tex").write_text("months of work\n", "utf-8")
    (tmp_path / "home" / "beside-parent.txt").write_text("keep me too\n", "utf-8")
    return parent / "dest"


# 1 and 2: the unpack folder and --force

def _place(tmp_path: Path, name: str) -> Path:
    folder = tmp_path / "archives"
    folder.mkdir(exist_ok=True)
    return folder / name


@pytest.mark.parametrize("url_name", ["...zip", "..zip", ".zip", "%2E%2E.zip"])
def test_archives_named_dots_stay_inside_dest(url_name, neighbourhood, sample_data, tmp_path, capsys):
    # several top-level entries: the unpack folder's name comes from the URL's file name
    make_zip(_place(tmp_path, urllib.parse.unquote(url_name)), sample_members(sample_data))
    url = (tmp_path / "archives").as_uri() + "/" + url_name
    home = tmp_path / "home"
    before = snapshot(home)
    for force in ([], ["--force"], ["--force"]):
        assert main(["data", "download", "--dest", str(neighbourhood), "--url", url, *force]) == 0
        folder = Path(capsys.readouterr().out.strip())
        assert folder == neighbourhood / "dataset"
        assert open_dataset(folder).pairs("dev") == ["enja"]
        after = snapshot(home)
        assert {k: v for k, v in after.items() if not k.startswith("parent/dest/")} == before
        assert sorted(p.name for p in neighbourhood.iterdir()) == ["dataset"]


def test_force_never_replaces_a_folder_tagmt_did_not_make(neighbourhood, sample_data, tmp_path, capsys):
    archive = make_zip(_place(tmp_path, "sap.zip"), sample_members(sample_data))
    mine = neighbourhood / "sap"
    mine.mkdir(parents=True)
    (mine / "notes.txt").write_text("mine\n", "utf-8")
    err = one_line_error(download(neighbourhood, archive, "--force"), capsys)
    assert "was not made by `tagmt data download`" in err
    assert (mine / "notes.txt").read_text("utf-8") == "mine\n"
    assert sorted(p.name for p in neighbourhood.iterdir()) == ["sap"]


def test_force_never_follows_a_link_of_that_name(neighbourhood, sample_data, tmp_path, capsys):
    archive = make_zip(_place(tmp_path, "sap.zip"), sample_members(sample_data))
    precious = tmp_path / "precious"
    precious.mkdir()
    (precious / ".tagmt-download.json").write_text("{}\n", "utf-8")  # even a folder that looks like ours
    neighbourhood.mkdir(parents=True)
    (neighbourhood / "sap").symlink_to(precious)
    one_line_error(download(neighbourhood, archive, "--force"), capsys)
    assert (neighbourhood / "sap").is_symlink() and (precious / ".tagmt-download.json").exists()


def test_force_replaces_its_own_download(neighbourhood, sample_data, tmp_path, capsys):
    archive = make_zip(_place(tmp_path, "repo.zip"), sample_members(sample_data, top="repo-main/"))
    assert main(download(neighbourhood, archive)) == 0
    folder = Path(capsys.readouterr().out.strip())
    assert folder == neighbourhood / "repo-main" and (folder / ".tagmt-download.json").is_file()
    (folder / "stale.txt").write_text("from the old copy\n", "utf-8")
    assert main(download(neighbourhood, archive, "--force")) == 0
    assert not (folder / "stale.txt").exists() and open_dataset(folder).pairs("dev") == ["enja"]


# 3. --dest

def test_dest_that_is_a_file_or_below_one(tmp_path, sample_data, capsys):
    archive = make_zip(_place(tmp_path, "sap.zip"), sample_members(sample_data))
    a_file = tmp_path / "a-file"
    a_file.write_text("x", "utf-8")
    assert "is a file, not a folder" in one_line_error(download(a_file, archive), capsys)
    assert "on its way is a file" in one_line_error(download(a_file / "below", archive), capsys)
    dangling = tmp_path / "dangling"
    dangling.symlink_to(tmp_path / "nowhere")
    one_line_error(download(dangling, archive), capsys)
    assert a_file.read_text("utf-8") == "x" and dangling.is_symlink()


# 4. member names

BAD_NAMES = ["", ".", "../evil.txt", "top/../../evil.txt", "/tmp/evil.txt", "C:/evil.txt", "..\\evil.txt",
             "top\\..\\..\\evil.txt"]


@pytest.mark.parametrize("name", BAD_NAMES)
def test_unsafe_zip_member_names(name, tmp_path, sample_data, capsys):
    archive = make_zip(_place(tmp_path, "bad.zip"), {**sample_members(sample_data, "top/"), name: b"owned"})
    dest = tmp_path / "dest"
    assert "refusing unsafe member path" in one_line_error(download(dest, archive), capsys)
    assert not dest.exists() and not (tmp_path / "evil.txt").exists()


@pytest.mark.parametrize("name", [n for n in BAD_NAMES if n not in ("", ".")])
def test_unsafe_tar_member_names(name, tmp_path, sample_data, capsys):
    archive = make_tar(_place(tmp_path, "bad.tar.gz"), {**sample_members(sample_data, "top/"), name: b"owned"})
    dest = tmp_path / "dest"
    assert "refusing unsafe member path" in one_line_error(download(dest, archive), capsys)
    assert not dest.exists() and not (tmp_path / "evil.txt").exists()


def test_duplicate_members_are_refused(tmp_path, sample_data, capsys):
    members = sample_members(sample_data, "top/")
    path = _place(tmp_path, "dup.zip")
    make_zip(path, members)
    with zipfile.ZipFile(path, "a") as zf:
        zf.writestr("top/./README.md", b"the second copy wins silently")
    dest = tmp_path / "dest"
    assert "duplicate member" in one_line_error(download(dest, path), capsys)
    assert not dest.exists()


# 5. member types

@pytest.mark.parametrize("mode", [stat.S_IFLNK | 0o777, stat.S_IFCHR | 0o666, stat.S_IFBLK | 0o666,
                                  stat.S_IFIFO | 0o666, stat.S_IFSOCK | 0o666],
                         ids=["symlink", "chardev", "blockdev", "fifo", "socket"])
def test_special_zip_members(mode, tmp_path, sample_data, capsys):
    archive = make_zip(_place(tmp_path, "special.zip"), sample_members(sample_data, "top/"), {"top/special": mode})
    dest = tmp_path / "dest"
    err = one_line_error(download(dest, archive), capsys)
    assert "refusing" in err and "top/special" in err
    assert not dest.exists()


def _tar_entry(name: str, kind: bytes, linkname: str = "") -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.type = kind
    info.linkname = linkname
    return info


@pytest.mark.parametrize("entry", [
    _tar_entry("top/passwd", tarfile.SYMTYPE, "/etc/passwd"),
    _tar_entry("top/inside", tarfile.SYMTYPE, "README.md"),
    _tar_entry("top/hard", tarfile.LNKTYPE, "top/README.md"),
    _tar_entry("top/null", tarfile.CHRTYPE),
    _tar_entry("top/disk", tarfile.BLKTYPE),
    _tar_entry("top/fifo", tarfile.FIFOTYPE),
], ids=["symlink-out", "symlink-in", "hardlink", "chardev", "blockdev", "fifo"])
def test_special_tar_members(entry, tmp_path, sample_data, capsys):
    archive = make_tar(_place(tmp_path, "special.tar.gz"), sample_members(sample_data, "top/"), [entry])
    dest = tmp_path / "dest"
    err = one_line_error(download(dest, archive), capsys)
    assert "refusing" in err and entry.name in err
    assert not dest.exists()


def test_a_good_tar_with_a_dot_entry(tmp_path, sample_data, capsys):
    archive = make_tar(_place(tmp_path, "sap-data.tar.gz"), sample_members(sample_data, "./"),
                       [_tar_entry("./", tarfile.DIRTYPE)])
    dest = tmp_path / "dest"
    assert main(download(dest, archive)) == 0
    folder = Path(capsys.readouterr().out.strip())
    assert folder == dest / "sap-data" and open_dataset(folder).pairs("dev") == ["enja"]


# 6. archives that are not files

def test_a_fifo_archive_does_not_hang(tmp_path):
    fifo = tmp_path / "archive.zip"
    os.mkfifo(fifo)
    done = run_tagmt(*download(tmp_path / "dest", fifo), timeout=60)
    assert "archive is a named pipe (FIFO)" in assert_one_line_failure(done)


def test_dev_zero_archive_does_not_fill_the_disk(tmp_path):
    done = run_tagmt("data", "download", "--dest", str(tmp_path / "dest"), "--url", "file:///dev/zero", timeout=60)
    assert "archive is a character device" in assert_one_line_failure(done)
    assert not (tmp_path / "dest").exists()  # nothing left, not even the --dest it made


# 7. leftovers of killed downloads

def test_killed_downloads_are_cleaned_and_live_ones_kept(tmp_path, sample_data, capsys):
    dest = tmp_path / "dest"
    dead, live, other = dest / ".tagmt-download-abcd1234", dest / ".tagmt-download-live5678", dest / ".tagmt-download-x"
    for folder in (dead, live, other):
        folder.mkdir(parents=True)
        (folder / ".lock").touch()
        (folder / "archive").write_bytes(b"partial")
    archive = make_zip(_place(tmp_path, "sap.zip"), sample_members(sample_data))
    with open(live / ".lock", "rb") as held:
        fcntl.flock(held, fcntl.LOCK_EX)  # as the download that made it holds it
        assert main(download(dest, archive)) == 0
    assert not dead.exists() and live.exists() and other.exists()
    assert sorted(p.name for p in dest.iterdir()) == sorted(["sap", live.name, other.name])
