"""Hostile input files: what tagmt promises about the files it reads.

1. Document names are plain numbers (ASCII digits, no sign, no leading zero). Names that Python's
   ``int`` would also read as an existing document's id (``0192.xlf``, ``+192.xlf``, ``١٩٢.xlf``,
   ``1_92.xlf``) are refused naming both files — never one document silently replacing another.
2. Only regular files are read: a dangling or looping symbolic link, a FIFO (``9999.xlf``), a link to
   ``/dev/zero``, a folder named ``5.xlf`` — one line each, never a hang or a MemoryError.
3. A file over the size limit is refused before it is read, the message naming the limit and
   ``TAGMT_MAX_FILE_MB``.
4. Encodings: XML that declares Latin-1 (or any 8-bit encoding) over bytes that are UTF-8 is refused
   (it would read as mojibake); undeclared bytes that are not UTF-8 are one line naming file:line, the
   byte and its column; a true declared encoding, a UTF-8 byte order mark and UTF-16 are read right.
5. Line files (``--ref``/``--hyp``) are UTF-8 regular files (a byte order mark is accepted): FIFOs,
   ``/dev/zero``, folders and over-large files are one line.
6. Multi-line segments never break line k = segment k and are never lost silently: newlines inside XML
   text are dropped as upstream's ``lines.xsl`` does and ``views`` says so on stderr; other breaks (CR,
   U+2028, NEL …) are written as character references and read back as the characters.
7. A grid config that is a FIFO is one line.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hostile import assert_one_line_failure, one_line_error, run_tagmt

from tagmt.cli import main
from tagmt.data.dataset import open_dataset
from tagmt.data.views import segment_lines
from tagmt.evaluation import iter_segments
from tagmt.testing.tiny_xliff import document_xml, write_tiny_dataset


def documents(root: Path, lang: str = "ja") -> Path:
    return root / "dev_data" / f"en{lang}" / "documents"


def views_args(root: Path, *more: str) -> list[str]:
    return ["views", "--data", str(root), "--pair", "en-ja", "--view", "tagged", "--side", "source", *more]


@pytest.fixture()
def tiny(tmp_path: Path) -> Path:
    """The tiny en-ja data set: documents 2 and 10."""
    return write_tiny_dataset(tmp_path / "data", langs=("ja",))


# 1. document ids

@pytest.mark.parametrize("alias", ["010.xlf", "+10.xlf", "١٠.xlf", "1_0.xlf", " 10.xlf"])
def test_names_that_map_to_one_id_are_refused_naming_both(tiny, alias, capsys):
    docs = documents(tiny)
    (docs / alias).write_bytes((docs / "2.xlf").read_bytes())
    err = one_line_error(views_args(tiny), capsys)
    assert str(docs / alias) in err and str(docs / "10.xlf") in err and "document 10" in err


def test_a_number_with_a_leading_zero_is_refused_even_alone(tiny, capsys):
    docs = documents(tiny)
    (docs / "2.xlf").rename(docs / "02.xlf")
    err = one_line_error(views_args(tiny), capsys)
    assert "02.xlf: document file names must be plain numbers" in err


# 2. only regular files are read

def test_a_dangling_link_is_one_line(tiny, capsys):
    (documents(tiny) / "9999.xlf").symlink_to(tiny / "gone.xlf")
    err = one_line_error(views_args(tiny), capsys)
    assert "9999.xlf" in err and "symbolic link" in err and "does not exist" in err


def test_a_looping_link_is_one_line(tiny, capsys):
    (documents(tiny) / "9999.xlf").symlink_to("9999.xlf")
    err = one_line_error(views_args(tiny), capsys)
    assert "9999.xlf" in err and "loops" in err


def test_a_fifo_named_like_a_document_does_not_hang(tiny):
    os.mkfifo(documents(tiny) / "9999.xlf")
    done = run_tagmt(*views_args(tiny), timeout=60)
    assert "9999.xlf: XLIFF document is a named pipe (FIFO); only regular files are read" in \
        assert_one_line_failure(done)


def test_a_link_to_dev_zero_is_refused_at_once(tiny):
    (documents(tiny) / "9999.xlf").symlink_to("/dev/zero")
    done = run_tagmt(*views_args(tiny), timeout=60)
    assert "9999.xlf: XLIFF document is a character device" in assert_one_line_failure(done)


def test_a_folder_named_like_a_document(tiny, capsys):
    (documents(tiny) / "5.xlf").mkdir()
    err = one_line_error(views_args(tiny), capsys)
    assert "5.xlf: XLIFF document is a folder" in err


# 3. size limits

def test_an_oversized_document_is_refused_before_reading(tiny, capsys):
    from tagmt.safeio import MAX_DOCUMENT_BYTES

    huge = documents(tiny) / "7.xlf"
    with huge.open("wb") as f:
        f.truncate(MAX_DOCUMENT_BYTES + 1)  # sparse: no disk space, and never read
    err = one_line_error(views_args(tiny), capsys)
    assert "7.xlf: XLIFF document is 256.0 MiB, over tagmt's limit of 256.0 MiB" in err
    assert "TAGMT_MAX_FILE_MB" in err


def test_the_limit_can_be_set(tiny, capsys, monkeypatch):
    monkeypatch.setenv("TAGMT_MAX_FILE_MB", "1")
    (documents(tiny) / "7.xlf").write_bytes(b" " * (1 << 20) + b"<x/>")
    assert "over tagmt's limit of 1.0 MiB" in one_line_error(views_args(tiny), capsys)


# 4. encodings

def write_document(root: Path, doc_id: int, segment: str, declaration: str = '<?xml version="1.0" encoding="UTF-8"?>',
                   encoding: str = "utf-8", bom: bytes = b"") -> Path:
    text = document_xml([("p", [("1", segment)])], "ja").split("\n", 1)[1]
    path = documents(root) / f"{doc_id}.xlf"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(bom + (declaration + "\n" + text).encode(encoding))
    return path


def test_latin1_declared_over_utf8_bytes_is_refused(tmp_path, capsys):
    path = write_document(tmp_path, 1, "Café crème", declaration='<?xml version="1.0" encoding="ISO-8859-1"?>')
    err = one_line_error(views_args(tmp_path), capsys)
    assert f"{path}:" in err and "declares encoding 'ISO-8859-1' but its bytes are UTF-8" in err


def test_undeclared_bytes_that_are_not_utf8_name_file_line_and_byte(tmp_path, capsys):
    path = write_document(tmp_path, 1, "Café", declaration='<?xml version="1.0"?>', encoding="latin-1")
    err = one_line_error(views_args(tmp_path), capsys)
    assert f"{path}:" in err and "not UTF-8: byte 0xe9 at column" in err and "declare the encoding" in err


def test_a_true_declaration_is_read_right(tmp_path, capsys):
    write_document(tmp_path, 1, "Café 50 €", declaration='<?xml version="1.0" encoding="windows-1252"?>',
                   encoding="cp1252")
    write_document(tmp_path, 2, "Crème", bom=b"\xef\xbb\xbf")
    write_document(tmp_path, 3, "ページ", declaration='<?xml version="1.0" encoding="UTF-16"?>',
                   encoding="utf-16")
    lines = segment_lines(open_dataset(tmp_path), None, "en-ja", "tagged", "source")
    assert lines == ["Café 50 €", "Crème", "ページ"]


# 5. line files

def evaluate_args(ref: Path, hyp: Path) -> list[str]:
    return ["evaluate", "--ref", str(ref), "--trg-lang", "en", "--hyp", str(hyp), "--format", "json"]


def test_a_fifo_as_hypothesis_does_not_hang(tmp_path):
    ref = tmp_path / "ref.txt"
    ref.write_text("a b c\n", "utf-8")
    os.mkfifo(tmp_path / "hyp.fifo")
    done = run_tagmt(*evaluate_args(ref, tmp_path / "hyp.fifo"), timeout=60)
    assert "hyp.fifo: line file is a named pipe (FIFO)" in assert_one_line_failure(done)


def test_dev_zero_as_hypothesis_is_refused_at_once(tmp_path):
    ref = tmp_path / "ref.txt"
    ref.write_text("a b c\n", "utf-8")
    (tmp_path / "hyp.txt").symlink_to("/dev/zero")
    done = run_tagmt(*evaluate_args(ref, tmp_path / "hyp.txt"), timeout=60)
    assert "hyp.txt: line file is a character device" in assert_one_line_failure(done)


def test_a_folder_as_hypothesis(tmp_path, capsys):
    ref = tmp_path / "ref.txt"
    ref.write_text("a b c\n", "utf-8")
    (tmp_path / "hyp").mkdir()
    assert "line file is a folder" in one_line_error(evaluate_args(ref, tmp_path / "hyp"), capsys)


def test_line_files_take_a_byte_order_mark_and_decode_encoded_breaks(tmp_path):
    path = tmp_path / "lines.txt"
    path.write_bytes("\ufeffone&#10;two\r\nthree &#38; &#x2028;four\n".encode("utf-8"))
    assert list(iter_segments(path)) == ["one\ntwo", "three &#38; \u2028four"]


# 6. multi-line segments

@pytest.fixture()
def breaks(tmp_path: Path) -> Path:
    """Segments with a newline in the XML text, a CR (&#13;), U+2028, NEL and U+2029 (XML 1.0 allows no
    other line-break character)."""
    for n, segment in enumerate(["wrapped\n line", "cr&#13;inside", "ls\u2028inside", "nel\u0085inside",
                                 "plain", "ps&#x2029;inside"], start=1):
        write_document(tmp_path, n, segment)
    return tmp_path


def test_views_keep_one_line_per_segment_and_say_what_they_did(breaks, tmp_path, capsys):
    out = tmp_path / "views.txt"
    assert main(views_args(breaks, "-o", str(out))) == 0
    err = capsys.readouterr().err
    lines = out.read_text("utf-8").split("\n")[:-1]
    assert lines == ["wrapped line", "cr&#13;inside", "ls&#8232;inside", "nel&#133;inside", "plain", "ps&#8233;inside"]
    assert len(out.read_text("utf-8").splitlines()) == 6  # no stray CR, U+2028, NEL or U+2029 left
    assert "1 segment(s) had newlines inside their text (document 1 mid 1)" in err
    assert "4 segment(s) hold other line-break characters" in err


def test_translated_breaks_survive_the_round_trip(breaks, tmp_path, capsys):
    out = tmp_path / "ref.dt.txt"
    assert main(["translate", "--data", str(breaks), "--approach", "dt", "--pair", "en-ja", "--model", "reference",
                 "-o", str(out)]) == 0
    references = segment_lines(open_dataset(breaks), None, "en-ja", "tagged", "target")
    assert len(out.read_text("utf-8").splitlines()) == len(references) == 6
    assert list(iter_segments(out)) == references
    assert references[1] == "JA cr\rinside"


# 7. configs

def test_a_fifo_as_grid_config_does_not_hang(tmp_path):
    fifo = tmp_path / "grid.toml"
    os.mkfifo(fifo)
    done = subprocess.run([sys.executable, "-c", "import sys; from tagmt.cli import main; sys.exit(main(sys.argv[1:]))",
                           "reproduce", "--config", str(fifo), "--data", str(tmp_path), "--out", str(tmp_path / "out")],
                          capture_output=True, text=True, timeout=60)
    assert "grid config is a named pipe (FIFO)" in assert_one_line_failure(done)
