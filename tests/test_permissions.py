"""Issue 33, item 2: a file written over keeps its permission bits (``tagmt.atomic.write_atomic``, every writer:
``translate --in-place``/``-o``, ``project --xliff --in-place``); a new file gets 0666 less the umask."""

from __future__ import annotations

import os
import stat

import pytest

from tagmt.atomic import write_atomic
from tagmt.cli import main

XLIFF = ('<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file source-language="en" '
         'target-language="de" datatype="x" original="x"><body><trans-unit id="1"><source>Hello</source>'
         '</trans-unit></body></file></xliff>')


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.mark.parametrize("bits", [0o600, 0o640, 0o444, 0o755])
def test_a_file_written_over_keeps_its_bits(tmp_path, bits):
    out = tmp_path / "out.txt"
    out.write_text("old")
    out.chmod(bits)
    write_atomic(out, ["new"])
    assert out.read_text() == "new" and mode(out) == bits


def test_a_new_file_gets_the_umask(tmp_path):
    old = os.umask(0o027)
    try:
        write_atomic(tmp_path / "new.txt", ["x"])
    finally:
        os.umask(old)
    assert mode(tmp_path / "new.txt") == 0o640


def test_through_a_link_the_linked_file_keeps_its_bits(tmp_path):
    real = tmp_path / "real.txt"
    real.write_text("old")
    real.chmod(0o600)
    (tmp_path / "link.txt").symlink_to(real)
    write_atomic(tmp_path / "link.txt", ["new"])
    assert (tmp_path / "link.txt").is_symlink() and real.read_text() == "new" and mode(real) == 0o600


def test_setuid_is_not_carried_over(tmp_path):
    out = tmp_path / "tool"
    out.write_text("old")
    out.chmod(0o4755)
    write_atomic(out, ["new"])
    assert mode(out) == 0o755


def test_translate_in_place_and_o_keep_a_private_file_private(tmp_path, capsys):
    path = tmp_path / "private.xlf"
    path.write_text(XLIFF, encoding="utf-8")
    path.chmod(0o600)
    args = ["translate", "--input", str(path), "--approach", "dt", "--model", "copy", "--no-cache"]
    assert main([*args, "--in-place"]) == 0
    assert "<target" in path.read_text("utf-8") and mode(path) == 0o600

    out = tmp_path / "out.xlf"
    out.write_text("old")
    out.chmod(0o600)
    source = tmp_path / "again.xlf"
    source.write_text(XLIFF, encoding="utf-8")
    assert main([*args[:2], str(source), *args[3:], "-o", str(out)]) == 0
    assert "<target" in out.read_text("utf-8") and mode(out) == 0o600
    capsys.readouterr()


def test_project_in_place_keeps_the_bits(tmp_path, capsys):
    path = tmp_path / "p.xlf"
    path.write_text(XLIFF.replace("<source>Hello</source>", '<source>Click <g id="1">Save</g>.</source>'
                                  '<target state="needs-translation">Klicken Sie Speichern.</target>'), encoding="utf-8")
    path.chmod(0o640)
    assert main(["project", "--xliff", str(path), "--in-place"]) == 0
    assert '<g id="1">' in path.read_text("utf-8").split("<target", 1)[1] and mode(path) == 0o640
    capsys.readouterr()
