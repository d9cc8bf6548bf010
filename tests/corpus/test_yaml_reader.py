"""The YAML resource reader and writer (tagmt.corpus.yamlres): string scalars as segments, aliases once,
styles kept, Rails' root key, splicing byte for byte, ruamel.yaml reading what tagmt writes."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from ruamel.yaml import YAML

from tagmt.corpus import read_corpus
from tagmt.corpus.yamlres import plain
from tagmt.errors import TagmtError

from resource_helpers import copy_bytes, pseudo, round_trip

SAMPLE = (Path(__file__).resolve().parents[2] / "data" / "sample" / "files" / "en.yml").read_bytes()


def load(data: bytes):
    return YAML(typ="safe").load(io.BytesIO(data))


def test_segments_aliases_and_language(tmp_path):
    path = tmp_path / "en.yml"
    path.write_bytes(SAMPLE)
    corpus = read_corpus(path)
    assert corpus.format == "yaml" and corpus.src_lang == "en"
    assert [(s.id, s.source) for s in corpus.segments] == [
        ("en.greeting", 'Hello, <x id="1"/>!'),
        ("en.base.title", 'Quoted "title"'),
        ("en.base.single", "It's"),
        ("en.anchored", "Plain anchored"),
        ("en.block", "Line one\nLine two"),
        ("en.folded", "Folded text"),
        ("en.list[0]", "One"),
        ("en.list[1]", "Two"),
    ]
    assert corpus.segments[0].codes[("x", "1")].open == "%{name}"


def test_copy_is_byte_identical_and_the_root_key_becomes_the_language(tmp_path):
    assert copy_bytes(tmp_path, "en.yml", SAMPLE) == SAMPLE
    _, out = round_trip(tmp_path, "en.yml", SAMPLE)
    assert out == SAMPLE.replace(b"\nen:\n", b"\nde:\n")


def test_pseudo_keeps_structure_styles_and_anchors(tmp_path):
    _, out = round_trip(tmp_path, "en.yml", SAMPLE, transform=pseudo)
    data = load(out)["de"]
    assert data["greeting"] == "[HELLO, %{name}!]"
    assert data["copy"] == data["base"] == {"title": '[QUOTED "TITLE"]', "single": "[IT'S]"}
    assert data["again"] == data["anchored"] == "[PLAIN ANCHORED]"
    assert data["block"] == "[LINE ONE\nLINE TWO]\n" and data["folded"] == "[FOLDED TEXT]"
    assert data["number"] == 3 and data["flag"] is True
    assert b"# Rails locale\n" in out and b"  block: |\n    [LINE ONE\n    LINE TWO]\n" in out


@pytest.mark.parametrize("text", ["yes", "3.5", "a: b", "- x", "x #y", "null", "", " lead", "tail:", "é ok"])
def test_plain_writes_what_reads_back(text):
    assert load(f"k: {plain(text)}\n".encode())["k"] == text


@pytest.mark.parametrize("data, line", [
    (b"en:\n  a: x\n  a: y\n", 3),
    (b"en:\n  a: 'x\n  b: y\n", None),
    (b"en:\n  a: [x\n", None),
    (b"en:\n  a: \xff\n", 2),
])
def test_malformed_input_is_one_line(tmp_path, data, line):
    path = tmp_path / "bad.yml"
    path.write_bytes(data)
    with pytest.raises(TagmtError) as error:
        read_corpus(path)
    message = str(error.value)
    assert "\n" not in message and ("bad.yml:" + (str(line) if line else "")) in message


_word = st.text("abcXYZ é'\"%{}:#-", min_size=1, max_size=10).filter(lambda t: t.strip())


def _scalar(value: str, style: str, indent: str) -> str:
    if style == "double":
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if style == "single":
        return "'" + value.replace("'", "''") + "'"
    if style == "literal":
        return "|\n" + indent + "  " + value.strip() + "\n"
    return plain(value)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(items=st.lists(st.tuples(_word, st.sampled_from(["plain", "double", "single", "literal"])), min_size=1,
                      max_size=5), nested=st.booleans())
def test_property_round_trip_and_pseudo(tmp_path_factory, items, nested):
    tmp = tmp_path_factory.mktemp("yaml")
    indent = "  " if nested else ""
    lines = ["en:"] if nested else []
    for n, (value, style) in enumerate(items):
        scalar = _scalar(value, style, indent)
        lines.append(f"{indent}k{n}: {scalar}" if not scalar.endswith("\n") else f"{indent}k{n}: {scalar[:-1]}")
    data = ("# generated\n" + "\n".join(lines) + "\n").encode()
    before = load(data)
    assert copy_bytes(tmp, "p.yml", data) == data
    _, out = round_trip(tmp, "q.yml", data, transform=pseudo)
    after = load(out)
    if nested:
        before, after = before["en"], after["de"]
    assert list(before) == list(after)
    for key, value in after.items():
        assert value.rstrip("\n").startswith("[") and value.rstrip("\n").endswith("]")
        assert value.count("%{") == before[key].count("%{") or "}" not in before[key]


def test_literal_block_that_starts_with_an_empty_line_keeps_its_indentation(tmp_path):
    data = b"key: |\n\n  first line after an empty one\n  second\nnext: x\n"
    _, out = round_trip(tmp_path, "b.yml", data, transform=pseudo)
    assert load(out) == {"key": "[\nFIRST LINE AFTER AN EMPTY ONE\nSECOND]\n", "next": "[X]"}


@given(st.lists(st.one_of(st.just(""), st.from_regex(r"[a-zé][a-zé .,]{0,12}", fullmatch=True)), min_size=1,
                max_size=6).filter(lambda lines: lines[-1] != ""))
@settings(max_examples=80, deadline=None)
def test_a_folded_block_written_reads_back_as_its_text(lines):
    """A `>` block scalar written by the YAML writer reads back as the text written: each break after a line of
    text is an empty line more (it would fold to a space), the empty lines before the first line of text are
    breaks as written (a block starting with an empty line gained one before)."""
    import io

    from ruamel.yaml import YAML

    from tagmt.corpus.yamlres import block

    text = "\n".join(line.rstrip() for line in lines)
    if not text.strip() or text.endswith("\n"):
        return
    written = "key: " + block(">", "  ", "\n", True)(text)
    assert YAML(typ="safe").load(io.StringIO(written))["key"] == text + "\n"
