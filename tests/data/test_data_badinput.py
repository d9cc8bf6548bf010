"""Bad input: one clear line naming the file (and line), exit status 2 from the CLI, no traceback;
external entities and entity bombs refused without network access or memory blow-up."""

from __future__ import annotations

import resource
import socket
import time
from pathlib import Path

import pytest

from tagmt.cli import main
from tagmt.data.dataset import open_dataset
from tagmt.data.views import segment_lines
from tagmt.data.xliff import load_document
from tagmt.errors import TagmtError
from tagmt.testing.tiny_xliff import write_tiny_dataset

HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n'
NS = "urn:oasis:names:tc:xliff:document:1.2"
BODY = (
    f'<xliff xmlns="{NS}" version="1.2"><file source-language="en-US" target-language="ja-JP"><body>'
    '<trans-unit id="t1"><seg-source><mrk mtype="seg" mid="1">{text}</mrk></seg-source>'
    '<target><mrk mtype="seg" mid="1">{text}</mrk></target></trans-unit></body></file></xliff>\n'
)


def write_doc(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "dev_data" / "enja" / "documents" / "7.xlf"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def cli_error(args: list[str], capsys) -> str:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("tagmt: error: ") and err.count("\n") == 1 and "Traceback" not in err
    return err


def views_args(root: Path, pair: str = "en-ja") -> list[str]:
    return ["views", "--data", str(root), "--pair", pair, "--view", "tagged", "--side", "source"]


def test_malformed_xml_names_file_and_line(tmp_path, capsys):
    path = write_doc(tmp_path, HEAD + BODY.format(text="ok").replace("</mrk></seg-source>", "</seg-source>", 1))
    with pytest.raises(TagmtError, match=rf"{path}:2: malformed XML: .*mrk"):
        load_document(path)
    assert f"{path}:2: malformed XML" in cli_error(views_args(tmp_path), capsys)


def test_truncated_file(tmp_path, capsys):
    full = HEAD + BODY.format(text="Some text")
    path = write_doc(tmp_path, full[: len(full) // 2])
    err = cli_error(views_args(tmp_path), capsys)
    assert str(path) in err and "malformed XML" in err


def test_empty_file(tmp_path):
    path = write_doc(tmp_path, "")
    with pytest.raises(TagmtError, match=f"{path}.*malformed XML"):
        load_document(path)


def test_wrong_namespace(tmp_path, capsys):
    path = write_doc(tmp_path, HEAD + BODY.format(text="x").replace(NS, "urn:oasis:names:tc:xliff:document:2.0"))
    err = cli_error(views_args(tmp_path), capsys)
    assert f"{path}:2: root element is" in err and "document:2.0" in err and NS in err


def test_segments_that_do_not_match_by_mid(tmp_path, capsys):
    text = HEAD + BODY.format(text="x").replace('<target><mrk mtype="seg" mid="1">', '<target><mrk mid="2" mtype="seg">')
    path = write_doc(tmp_path, text)
    err = cli_error(views_args(tmp_path), capsys)
    assert f"{path}:2: trans-unit 't1'" in err and "['1']" in err and "['2']" in err and "mid" in err


def test_folder_without_data_set(tmp_path, capsys):
    (tmp_path / "empty").mkdir()
    assert "no data set found below" in cli_error(views_args(tmp_path / "empty"), capsys)


def test_unknown_pair_and_missing_pair(tmp_path, capsys):
    root = write_tiny_dataset(tmp_path, langs=("ja",))
    assert "unknown direction 'en-fr'" in cli_error(views_args(root, "en-fr"), capsys)
    assert "no language pair 'enko'" in cli_error(views_args(root, "ja-ko"), capsys)
    assert "no split 'test'" in cli_error(views_args(root) + ["--split", "test"], capsys)


@pytest.fixture()
def listener():
    """A local TCP port that records whether anything connected to it."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    server.setblocking(False)
    yield server
    server.close()


def assert_no_connection(server: socket.socket) -> None:
    with pytest.raises(BlockingIOError):
        server.accept()


def test_a_doctype_naming_a_remote_dtd_is_read_without_fetching_it(tmp_path, listener):
    """A DOCTYPE that only names its DTD (as CAT tools write) is read; the DTD is never loaded."""
    port = listener.getsockname()[1]
    doctype = f'<!DOCTYPE xliff SYSTEM "http://127.0.0.1:{port}/xliff.dtd">'
    path = write_doc(tmp_path, HEAD + doctype + "\n" + BODY.format(text="x"))
    load_document(path)
    assert_no_connection(listener)


@pytest.mark.parametrize(
    "doctype",
    [
        '<!DOCTYPE xliff [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
        '<!DOCTYPE xliff [<!ENTITY xxe SYSTEM "http://127.0.0.1:{port}/secret">]>',
        '<!DOCTYPE xliff [<!ENTITY % remote SYSTEM "http://127.0.0.1:{port}/evil.dtd"> %remote;]>',
    ],
)
def test_external_entities_are_refused_offline(tmp_path, listener, doctype):
    port = listener.getsockname()[1]
    text = "&xxe;" if "xxe" in doctype else "x"
    path = write_doc(tmp_path, HEAD + doctype.format(port=port) + "\n" + BODY.format(text=text))
    with pytest.raises(TagmtError, match=str(path)) as err:
        load_document(path)
    assert "root:" not in str(err.value)
    assert_no_connection(listener)
    with pytest.raises(TagmtError):
        segment_lines(open_dataset(tmp_path), "dev", "en-ja", "tagged", "source")
    assert_no_connection(listener)


BOMB = "".join(
    [f'<!ENTITY lol{i} "' + f"&lol{i - 1};" * 10 + '">' for i in range(1, 10)]
)


@pytest.mark.parametrize("where", ["text", "attribute"])
def test_entity_bomb_is_refused_quickly_and_small(tmp_path, where):
    doctype = f'<!DOCTYPE xliff [<!ENTITY lol0 "lol">{BOMB}]>\n'
    if where == "text":
        body = BODY.format(text="&lol9;")
    else:
        body = BODY.replace('version="1.2"', 'version="&lol9;"').format(text="x")
    path = write_doc(tmp_path, HEAD + doctype + body)
    peak_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.perf_counter()
    with pytest.raises(TagmtError, match=str(path)):
        load_document(path)
    assert time.perf_counter() - start < 5
    grown_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - peak_before
    assert grown_kib < 200_000  # a full expansion would need about 3 GB
