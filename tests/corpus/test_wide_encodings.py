"""JSON, YAML and .properties files in UTF-16 and UTF-32 (with a byte-order mark, or without one, recognised by
the zero bytes of the first characters) are read and written back in the same encoding and mark, as iOS
.strings files are: copy gives the file back byte for byte, pseudo writes the same encoding, which the format's
own parser reads."""

from __future__ import annotations

import codecs
import io
import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tagmt.cli import main
from tagmt.corpus import read_corpus
from tagmt.corpus.widetext import wide_encoding
from tagmt.errors import TagmtError

TEXTS = {
    "app.json": '{\n  "hello": "Héllo {name} ✓",\n  "list": ["一", "two"],\n  "n": 3\n}\n',
    "en.yml": "en:\n  hello: Héllo %{name} ✓\n  list:\n    - 一\n    - 'two'\n",
    "messages.properties": "# comment\nhello=Héllo {0} ✓\nlist = 一\\\n  two\nbye: Bye\n",
}
ENCODINGS = [("utf-16-le", codecs.BOM_UTF16_LE), ("utf-16-be", codecs.BOM_UTF16_BE),
             ("utf-32-le", codecs.BOM_UTF32_LE), ("utf-32-be", codecs.BOM_UTF32_BE),
             ("utf-16-le", b""), ("utf-16-be", b""), ("utf-32-le", b""), ("utf-32-be", b"")]


def _file(tmp_path, name, codec, mark):
    path = tmp_path / name
    path.write_bytes(mark + TEXTS[name].encode(codec))
    return path


def _translate(tmp_path, path, model):
    out = tmp_path / ("out-" + path.name)
    assert main(["translate", "--input", str(path), "--model", model, "-o", str(out)]) == 0
    return out.read_bytes()


def _strings(name: str, text: str) -> list[str]:
    if name.endswith(".json"):
        doc = json.loads(text)
        return [doc["hello"], *doc["list"]]
    if name.endswith(".yml"):
        from ruamel.yaml import YAML

        doc = YAML(typ="safe").load(text)
        return [doc["en"]["hello"], *doc["en"]["list"]]
    from translate.storage.properties import propfile

    return [unit.source for unit in propfile(io.BytesIO(text.encode()), encoding="utf-8").units if unit.name]


@pytest.mark.parametrize("codec, mark", ENCODINGS, ids=[f"{c}{'-bom' if m else ''}" for c, m in ENCODINGS])
@pytest.mark.parametrize("name", list(TEXTS))
def test_copy_and_pseudo_keep_the_encoding_and_mark(tmp_path, name, codec, mark):
    path = _file(tmp_path, name, codec, mark)
    corpus = read_corpus(path)
    assert len(corpus.segments) == 3 and "Héllo" in corpus.segments[0].source
    assert _translate(tmp_path, path, "copy") == path.read_bytes()
    out = _translate(tmp_path, path, "pseudo")
    assert out.startswith(mark) and wide_encoding(out) == (codec, mark)
    text = out[len(mark):].decode(codec)
    strings = _strings(name, text)
    assert len(strings) == 3 and all(s.startswith("[") and s.endswith("]") for s in strings), strings
    assert "{name}" in strings[0] or "%{name}" in strings[0] or "{0}" in strings[0]


def test_json_reads_back_with_pythons_own_detection(tmp_path):
    path = _file(tmp_path, "app.json", "utf-16-le", b"")
    out = _translate(tmp_path, path, "pseudo")
    assert json.loads(out)["hello"].startswith("[")  # (json.loads detects UTF-16/32 bytes itself)


def test_properties_written_in_utf16_are_not_escaped(tmp_path):
    path = _file(tmp_path, "messages.properties", "utf-16-le", codecs.BOM_UTF16_LE)
    text = _translate(tmp_path, path, "pseudo")[2:].decode("utf-16-le")
    assert "\\u" not in text and "Ĥé" in text


@pytest.mark.parametrize("name", list(TEXTS))
def test_bytes_that_are_not_the_encoding_are_one_line(tmp_path, name):
    path = tmp_path / name
    path.write_bytes(codecs.BOM_UTF16_LE + TEXTS[name].encode("utf-16-le") + b"\x00\xd8\x41\x00")  # a lone surrogate
    with pytest.raises(TagmtError) as error:
        read_corpus(path)
    message = str(error.value)
    assert "\n" not in message and "not UTF-16-LE as its byte-order mark says" in message
    assert f"{name}:{TEXTS[name].count(chr(10)) + 1}:" in message


def test_utf8_and_legacy_files_are_not_taken_for_wide_ones():
    assert wide_encoding("{}".encode()) is None and wide_encoding(b"\xef\xbb\xbf{}") is None
    assert wide_encoding("k=é".encode("latin-1")) is None and wide_encoding(b"a") is None
    assert wide_encoding("{\n}".encode("utf-16-le")) == ("utf-16-le", b"")
    assert wide_encoding("{}".encode("utf-32-be")) == ("utf-32-be", b"")


_value = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), min_size=1, max_size=12)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(values=st.lists(_value, min_size=1, max_size=4), encoding=st.sampled_from(ENCODINGS))
def test_property_json_round_trip_in_any_wide_encoding(tmp_path_factory, values, encoding):
    codec, mark = encoding
    tmp = tmp_path_factory.mktemp("wide")
    path = tmp / "p.json"
    data = mark + json.dumps({f"k{n}": v for n, v in enumerate(values)}, ensure_ascii=False).encode(codec)
    path.write_bytes(data)
    corpus = read_corpus(path)
    out = tmp / "out.json"
    corpus.write(out, [s.source for s in corpus.segments])
    assert out.read_bytes() == data
    corpus.write(out, [f"[{s.source}]" for s in corpus.segments])
    written = out.read_bytes()
    assert written.startswith(mark) and json.loads(written[len(mark):].decode(codec)) == {
        f"k{n}": f"[{v}]" if v.strip() else v for n, v in enumerate(values)}


@pytest.mark.parametrize("codec, mark", [("utf-16-le", codecs.BOM_UTF16_LE), ("utf-16-be", b"")])
def test_po_in_utf16_is_refused_naming_the_encoding(tmp_path, codec, mark):
    path = tmp_path / "de.po"
    path.write_bytes(mark + 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-16\\n"\n'.encode(codec))
    with pytest.raises(TagmtError) as error:
        read_corpus(path)
    message = str(error.value)
    assert "\n" not in message and codec.upper().replace("-LE", "LE").replace("-BE", "BE") in message
    assert "ASCII-compatible" in message and "iconv" in message


@pytest.mark.parametrize("name, text, codec, named", [
    ("notes.md", "# Title\n\nHello *world*.\n", "utf-16", "UTF-16LE"),
    ("topic.xml", '<?xml version="1.0"?><topic><p>Hi</p></topic>', "utf-32", "UTF-32"),
    ("Localizable.strings", '"a" = "b";\n', "utf-32", "UTF-32"),
])
def test_a_wide_file_a_format_does_not_read_is_named_by_its_encoding(tmp_path, name, text, codec, named):
    """Markdown (UTF-8 only), XML in UTF-32 (libxml2 reads UTF-8/16) and .strings in UTF-32 (Apple's tools write
    UTF-8/16): one line naming the encoding and the conversion, not a parser's complaint about the bytes."""
    path = tmp_path / name
    path.write_bytes(text.encode(codec))  # (Python's utf-16/utf-32 write the little-endian mark)
    with pytest.raises(TagmtError) as caught:
        read_corpus(path)
    message = str(caught.value)
    assert named in message and "iconv" in message and "\n" not in message
