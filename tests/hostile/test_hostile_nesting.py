"""Deeply nested markup: every stage handles up to the nesting limit, deeper input is refused in one line.

tagmt's limit is libxml2's own (``detag.MAX_DEPTH`` = ``safexml.MAX_DEPTH`` = 256 levels): the XLIFF and
XML-document readers meet it in libxml2, line files in ``detag``. Up to it, projection (detag,
placement, edges, units, render) and assessment run on Python's default stack; beyond it, `tagmt
project` (line files and XLIFF) exits 2 with one line naming the limit, never a RecursionError. `tagmt
evaluate`'s segment metrics do not recurse over the nesting (they score a 5,000-deep line); the tree
metrics (tree-sim, node-chrf), XATER, span-f1 and validity refuse such a document naming the limit
rather than score it as malformed.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hostile import assert_one_line_failure, one_line_error, run_tagmt

from tagmt.errors import TagmtError
from tagmt.markup import strip, tokenize, is_well_formed
from tagmt.projection import detag
from tagmt.projection.assess import assess
from tagmt.projection.detag import MAX_DEPTH
from tagmt.projection.projector import project_batch
from tagmt import safexml

DEEP = 5000


def nested(depth: int, text: str = "Hello world", name: str = "g") -> str:
    return "".join(f'<{name} id="{k}">' for k in range(depth)) + text + f"</{name}>" * depth


def test_the_limits_agree():
    assert MAX_DEPTH == safexml.MAX_DEPTH == 256


def test_detag_takes_the_limit_and_refuses_one_more():
    at = detag(nested(MAX_DEPTH))
    assert sum(1 for _ in at.walk()) == MAX_DEPTH and at.plain == "Hello world"
    with pytest.raises(TagmtError, match=f"more than {MAX_DEPTH} levels deep"):
        detag(nested(MAX_DEPTH + 1))
    with pytest.raises(TagmtError, match=str(MAX_DEPTH)):
        detag(nested(DEEP))


def test_unclosed_start_tags_are_points_not_nesting():
    flat = detag("<b>" * (2 * MAX_DEPTH) + "text")  # never closed: points, whatever their number
    assert len(flat.tags) == 2 * MAX_DEPTH and all(t.start == t.end == 0 for t in flat.tags)


def test_walk_is_document_order_at_any_depth():
    d = detag("<a>x<b>y<c/></b><d>z</d></a><e/>")
    assert [t.open for t in d.walk()] == ["<a>", "<b>", "<c/>", "<d>", "<e/>"]
    assert [t.open for t in d.tags[0].walk()] == ["<a>", "<b>", "<c/>", "<d>"]


def test_projection_and_assessment_at_the_limit():
    sources = [nested(MAX_DEPTH), nested(MAX_DEPTH // 2, "Hello <b>big</b> world") + "!"]
    translations = ["Hallo Welt", "Hallo große Welt!"]
    from tagmt.projection.align import EflomalAligner

    outputs = project_batch([detag(s) for s in sources], translations, "en", "de", EflomalAligner(),
                            examples=[(nested(MAX_DEPTH, "Hello friend"), nested(MAX_DEPTH, "Hallo Freund"))])
    for out, translation, source in zip(outputs, translations, sources):
        assert strip(out) == translation  # text never altered
        assert is_well_formed(tokenize(out))
        assert sorted(t.text for t in tokenize(out) if t.is_markup) == sorted(
            t.text for t in tokenize(source) if t.is_markup)  # no tag dropped
    assert assess(outputs, outputs).exact == len(outputs)


@pytest.fixture()
def deep_files(tmp_path: Path) -> Path:
    (tmp_path / "src.en").write_text(nested(DEEP) + "\nA <b>simple</b> line\n", encoding="utf-8")
    (tmp_path / "plain.de").write_text("Hallo Welt\nEine einfache Zeile\n", encoding="utf-8")
    units = (f'<trans-unit id="1"><source>{nested(DEEP)}</source><target>Hallo Welt</target></trans-unit>'
             '<trans-unit id="2"><source>A <g id="x">simple</g> line</source><target>Eine einfache Zeile</target>'
             '</trans-unit>')
    (tmp_path / "deep.xlf").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">'
        '<file original="a" source-language="en" target-language="de" datatype="plaintext"><body>'
        f"{units}</body></file></xliff>\n", encoding="utf-8")
    (tmp_path / "doc.xml").write_text(nested(DEEP) + "\n", encoding="utf-8")
    (tmp_path / "ok.xml").write_text(nested(10) + "\n", encoding="utf-8")
    return tmp_path


def test_project_line_file_refuses_naming_line_and_limit(deep_files):
    line = assert_one_line_failure(run_tagmt(
        "project", "--source", str(deep_files / "src.en"), "--translation", str(deep_files / "plain.de"),
        "--src-lang", "en", "--trg-lang", "de", "-o", str(deep_files / "out.de")))
    assert "src.en:1:" in line and str(MAX_DEPTH) in line
    assert not (deep_files / "out.de").exists()


def test_project_xliff_refuses_naming_the_limit(deep_files, capsys):
    err = one_line_error(["project", "--xliff", str(deep_files / "deep.xlf"), "-o", str(deep_files / "out.xlf")],
                         capsys)
    assert f"more than {MAX_DEPTH} levels" in err and "XML_PARSE_HUGE" not in err and "malformed" not in err
    assert not (deep_files / "out.xlf").exists()


def test_evaluate_segment_metrics_score_a_deep_line(deep_files):
    done = run_tagmt("evaluate", "--hyp", str(deep_files / "src.en"), "-r", str(deep_files / "src.en"),
                     "--trg-lang", "en", "--format", "json")
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-2000:]


@pytest.mark.parametrize("metric", ["tree-sim", "node-chrf", "xater", "span-f1", "validity"])
@pytest.mark.parametrize("side", ["hyp", "ref"])
def test_document_metrics_refuse_a_deep_document_naming_the_limit(deep_files, capsys, metric, side):
    hyp, ref = (deep_files / "doc.xml", deep_files / "ok.xml") if side == "hyp" else (
        deep_files / "ok.xml", deep_files / "doc.xml")
    if metric == "validity" and side == "ref":
        pytest.skip("validity reads no reference")
    err = one_line_error(["evaluate", "--hyp", str(hyp), "-r", str(ref), "--trg-lang", "en", "-m", metric], capsys)
    assert metric in err and f"more than {MAX_DEPTH} levels" in err


@pytest.mark.parametrize("command", ["project", "learn"])
def test_deep_examples_are_refused_naming_file_and_example(deep_files, capsys, command):
    (deep_files / "one.en").write_text("A <b>simple</b> line\n", encoding="utf-8")
    (deep_files / "one.de").write_text("Eine einfache Zeile\n", encoding="utf-8")
    (deep_files / "ex.de").write_text(nested(DEEP, "Hallo Welt") + "\nEine <b>einfache</b> Zeile\n", encoding="utf-8")
    examples = ["--examples", str(deep_files / "src.en"), str(deep_files / "ex.de")]
    if command == "project":
        args = ["project", "--source", str(deep_files / "one.en"), "--translation", str(deep_files / "one.de"),
                "-o", str(deep_files / "out.de")]
    else:
        args = ["learn", "--no-progress", "-o", str(deep_files / "model")]
    err = one_line_error([*args, "--src-lang", "en", "--trg-lang", "de", *examples], capsys)
    assert "src.en: example 1:" in err and f"more than {MAX_DEPTH} levels" in err
    assert not (deep_files / "out.de").exists() and not (deep_files / "model").exists()
