"""The report pages as generated HTML, without a browser: escaping, the embedded JSON, structure, the tag
errors drawn on chips, the projection misses and the reproduction page."""

from __future__ import annotations

import json
import re

import lxml.html
import pytest

from tagmt.markup import TaggedSegment
from tagmt.report import chips
from tagmt.report.evaluation_page import SegmentCollector, evaluation_page, segment_data
from tagmt.report.grid_page import grid_page
from tagmt.report.html import escape, json_script, json_text, page
from tagmt.report.projection_page import miss_data, projection_page

HOSTILE = [
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(2)>',
    "'; alert(3); '",
    "</script><script>alert(4)</script>",
    '<a href="javascript:alert(5)">click</a>',
    "\u202eevil\u202c \u2028line\u2029para",
    "nul\x00byte",
    "<!--<script>",
]


def data_block(html: str) -> object:
    tree = lxml.html.fromstring(html)
    (block,) = tree.xpath('//script[@id="report-data"]')
    return json.loads(block.text)


def external_references(html: str) -> list[str]:
    """Every src/href/action/srcset/xlink that is not a fragment of the page itself."""
    tree = lxml.html.fromstring(html)
    found = []
    for element in tree.iter():
        if not isinstance(element.tag, str):
            continue
        for name, value in element.attrib.items():
            if name.lower() in ("src", "href", "action", "srcset", "poster", "data", "xlink:href") or name.endswith("href"):
                if not value.startswith("#"):
                    found.append(f"{element.tag} {name}={value}")
    return found


@pytest.mark.parametrize("text", HOSTILE)
def test_escape_leaves_no_markup(text: str) -> None:
    out = escape(text)
    assert not set("<>\"'\x00") & set(out)
    assert lxml.html.fromstring(f'<p title="{out}">{out}</p>').text_content() == text.replace("\x00", "\ufffd")


@pytest.mark.parametrize("text", HOSTILE)
def test_json_text_cannot_end_its_script_block(text: str) -> None:
    out = json_text({"t": text})
    assert "<" not in out and ">" not in out and "\u2028" not in out and "\u2029" not in out
    assert json.loads(out) == {"t": text}
    html = "<html><body>" + json_script("report-data", {"t": text}) + "</body></html>"
    assert data_block(html) == {"t": text}


def test_page_shell_is_self_contained() -> None:
    html = page("a <title>", ["<p>x</p>"], scripts=["evaluation.js"], data={"a": 1})
    tree = lxml.html.fromstring(html)
    assert tree.xpath("//meta[@http-equiv='Content-Security-Policy']/@content")[0].startswith("default-src 'none'")
    assert tree.findtext(".//title") == "a <title>"
    assert [s.get("src") for s in tree.iter("script")] == [None, None, None]
    assert not tree.xpath("//link")
    assert external_references(html) == []


def parse(text: str, names=()) -> TaggedSegment:
    return TaggedSegment.parse(text, names)


def test_compare_marks_each_kind_of_tag_error() -> None:
    ref = parse('Click <b>Save</b> and <x id="1"/> then <i>go</i>.')
    hyp = parse('Click Sa<b>ve</b> and <x id="2"/> then go.', ref.names)  # same text: offsets compared
    parts, ghosts, errors = chips.compare(ref, hyp)
    marked = {p[0]: (p[2], p[3]) for p in parts if isinstance(p, list) and len(p) > 2}
    assert marked['<b>'] == ("m", 2)  # two characters later than in the reference
    assert marked['<x id="2"/>'] == ("a", None)
    assert [g[0] for g in ghosts] == ["<i>", "</i>"]
    assert {("b", "misplaced"), ("x", "attributes_changed"), ("i", "dropped")} <= errors
    assert "".join(p if isinstance(p, str) else p[0] for p in parts) == hyp.text


def test_compare_marks_inserted_tags() -> None:
    ref = parse("A <b>b</b> c")
    hyp = parse("A <b>b</b> <b>c</b>", ref.names)
    parts, ghosts, errors = chips.compare(ref, hyp)
    assert errors == {("b", "inserted")} and not ghosts
    assert [p[2] for p in parts if isinstance(p, list) and len(p) > 2] == ["i", "i"]


def test_compare_without_errors_marks_nothing() -> None:
    ref = parse("A <b>b</b> c")
    parts, ghosts, errors = chips.compare(ref, parse("A <b>b</b> c", ref.names))
    assert not ghosts and not errors
    assert all(len(p) == 2 for p in parts if isinstance(p, list))


SYSTEMS = [
    {"hyp": "base.ja", "pair": None, "segments": 2, "scores": {"raw-bleu": 50.0, "raw-ter": 30.0},
     "signatures": {"raw-bleu": "nrefs:1|tok:13a <sig>", "raw-ter": "ter-sig"},
     "figures": {"raw-bleu": {"scale": "0-100", "higher_is_better": True, "description": "BLEU"},
                 "raw-ter": {"scale": "0-100", "higher_is_better": False, "description": "TER"}},
     "tags": [{"tag": "b", "reference": 2, "hypothesis": 0, "dropped": 2, "inserted": 0, "misplaced": 0,
               "attributes_changed": 0}],
     "significance": {"raw-bleu": {"score": 50.0, "p_value": None, "mean": 50.1, "ci": 1.5}}},
    {"hyp": "other.ja", "pair": None, "segments": 2, "scores": {"raw-bleu": 60.0, "raw-ter": 40.0},
     "signatures": {"raw-bleu": "nrefs:1|tok:13a <sig>", "raw-ter": "ter-sig"},
     "figures": {"raw-bleu": {"scale": "0-100", "higher_is_better": True, "description": "BLEU"},
                 "raw-ter": {"scale": "0-100", "higher_is_better": False, "description": "TER"}},
     "tags": [{"tag": "b", "reference": 2, "hypothesis": 2, "dropped": 0, "inserted": 0, "misplaced": 2,
               "attributes_changed": 0}],
     "significance": {"raw-bleu": {"score": 60.0, "p_value": 0.01, "mean": 60.2, "ci": 1.1}}},
]


def collected(references, hypotheses, sources=None) -> SegmentCollector:
    collector = SegmentCollector()
    for line, reference in enumerate(references, start=1):
        for name, texts in hypotheses.items():
            source = sources[line - 1] if sources else None
            collector.write(name, line, {"raw-bleu": 10.0 * line, "raw-ter": None},
                            (source, reference, texts[line - 1]))
    return collector


def test_systems_table_scores_signatures_best_and_significance() -> None:
    html = evaluation_page(SYSTEMS, collected(["<b>x</b>"], {"base.ja": ["x"], "other.ja": ["<b>x</b>"]}))
    tree = lxml.html.fromstring(html)
    cells = tree.xpath('//table[@class="systems"]//td')
    by = {(c.getparent().findtext("th"), c.get("data-metric")): c for c in cells}
    assert float(by[("base.ja", "raw-bleu")].get("data-value")) == 50.0
    assert by[("base.ja", "raw-bleu")].get("title") == "nrefs:1|tok:13a <sig>"
    assert "best" in by[("other.ja", "raw-bleu")].get("class")  # higher is better
    assert "best" in by[("base.ja", "raw-ter")].get("class")  # lower is better
    assert "best" not in by[("base.ja", "raw-bleu")].get("class")
    assert "p = 0.0100" in by[("other.ja", "raw-bleu")].text_content()
    assert "60.20 ± 1.10" in by[("other.ja", "raw-bleu")].text_content()
    report = tree.xpath('//table[@class="tag-report"]//tr[td]')
    assert [[td.text_content() for td in tr.findall("td")][:4] for tr in report] == [
        ["base.ja", "b", "2", "0"], ["other.ja", "b", "2", "2"]]
    assert tree.xpath("//svg[contains(@class, 'chart')]")
    assert external_references(html) == []


def test_segment_data_round_trips_the_texts() -> None:
    refs = ["Choose <uicontrol>Save</uicontrol>.", "No tags & <not a tag>"]
    hyps = {"a": ["Choose Save.", "No tags & <not a tag>"], "b": ["<uicontrol>Choose</uicontrol> Save.", refs[1]]}
    data = segment_data(collected(refs, hyps, sources=["src 1", "src 2"]))
    assert data["systems"] == ["a", "b"] and data["metrics"] == ["raw-bleu"]  # raw-ter has no segment score
    first = data["segments"][0]
    assert "".join(p if isinstance(p, str) else p[0] for p in first["r"]) == refs[0]
    assert [e for e in first["e"] if e[0] == 0] == [[0, "uicontrol", "dropped"]]
    assert [0, "uicontrol", "dropped"] in first["e"] and any(e[2] == "misplaced" for e in first["e"] if e[0] == 1)
    assert first["c"] == [[10.0], [10.0]] and first["s"] == ["src 1"]
    assert data["tags"] == ["uicontrol"]


def test_hostile_segments_stay_text() -> None:
    refs = HOSTILE
    html = evaluation_page(SYSTEMS[:1], collected(refs, {"base.ja": HOSTILE[::-1]}, sources=HOSTILE))
    head, _, tail = html.partition('<script type="application/json" id="report-data">')
    block, _, rest = tail.partition("</script>")
    assert "<" not in block and "\x00" not in html
    tree = lxml.html.fromstring(html)
    assert len(tree.xpath("//script")) == 3  # the data block, common.js and evaluation.js: nothing injected
    assert not tree.xpath("//img") and not tree.xpath("//a[starts-with(@href, 'javascript')]")
    data = data_block(html)
    texts = ["".join(p if isinstance(p, str) else p[0] for p in s["r"]) for s in data["segments"]]
    assert texts == HOSTILE


def test_projection_misses_and_highlight() -> None:
    compared = [
        ("1", "Click <b>Save</b> now", "Klicken Sie jetzt auf <b>Speichern</b>", "Klicken Sie jetzt auf <b>Speichern</b>"),
        ("2", "Click <b>Save</b> now", "Klicken <b>Sie</b> jetzt auf Speichern", "Klicken Sie jetzt auf <b>Speichern</b>"),
        ("3", "a <x/> b", "a<x/> b", "a <x/>b"),
    ]
    assessment, misses = miss_data(compared)
    assert (assessment.exact, assessment.tagged) == (1, 3)
    assert [m["id"] for m in misses] == ["2", "3"]
    assert misses[0]["c"] == "words" and misses[0]["t"] == ["b"]
    got = [p for p in misses[0]["g"] if isinstance(p, list)]
    assert all(p[2] == "x" for p in got)
    assert misses[1]["c"] == "whitespace"
    html = projection_page(compared)
    tree = lxml.html.fromstring(html)
    (exact,) = tree.xpath('//*[@id="exact"]')
    assert (exact.get("data-exact"), exact.get("data-tagged")) == ("1", "3")
    assert external_references(html) == []


def test_grid_page_puts_the_paper_beside_ours_and_links_cells(tmp_path) -> None:
    cells = [{"key": "m2m100.dt.en-ja", "system": "M2M-100 DT", "model": "m2m100", "approach": "dt", "aligner": None,
              "direction": "en-ja", "segments": 10, "seconds": {"translate": 1.0},
              "scores": {"raw-bleu": 40.04, "lex-bleu": 30.0, "tag-bleu": 20.0}},
             {"key": "../evil", "system": "<script>x</script>", "model": "x", "approach": "dt", "aligner": None,
              "direction": "en-ja", "segments": 10, "seconds": {}, "scores": {"raw-bleu": 1.0}}]
    (tmp_path / "cells" / "m2m100.dt.en-ja").mkdir(parents=True)
    (tmp_path / "cells" / "m2m100.dt.en-ja" / "report.html").write_text("x")
    paper = {("m2m100", "dt", "en-ja", "raw-bleu"): 42.0}
    html = grid_page({"cells": cells, "data": {"split": "dev"}}, paper, out=tmp_path)
    tree = lxml.html.fromstring(html)
    cell = tree.xpath('//table[@class="grid-table"]//td[@data-metric="raw-bleu"]')[0]
    assert cell.xpath(".//a/@href") == ["cells/m2m100.dt.en-ja/report.html"]
    assert "paper 42.0 (-2.0)" in cell.text_content()
    hrefs = tree.xpath("//a/@href")
    assert all(h.startswith("cells/") and ".." not in h for h in hrefs)
    assert not tree.xpath("//table//script")
    assert re.search(r"&lt;script&gt;x&lt;/script&gt;", html)


def test_the_page_never_lands_on_an_input(tmp_path) -> None:
    from tagmt.cli import main

    ref = tmp_path / "ref.ja"
    ref.write_text("a <b>b</b>\n", encoding="utf-8")
    hyp = tmp_path / "hyp.ja"
    hyp.write_text("a b\n", encoding="utf-8")
    assert main(["evaluate", "--ref", str(ref), "--trg-lang", "ja", "--hyp", str(hyp), "--html", str(hyp)]) == 2
    assert hyp.read_text(encoding="utf-8") == "a b\n"
    page = tmp_path / "page.html"
    assert main(["evaluate", "--ref", str(ref), "--trg-lang", "ja", "--hyp", str(hyp), "--html", str(page)]) == 0
    assert "report-data" in page.read_text(encoding="utf-8")


def test_html_is_refused_for_document_metrics(tmp_path, capsys) -> None:
    from tagmt.cli import main

    doc = tmp_path / "a.xml"
    doc.write_text("<a>x</a>", encoding="utf-8")
    assert main(["evaluate", "--metric", "tree-sim", "--ref", str(doc), "--hyp", str(doc.with_name("b.xml")),
                 "--html", str(tmp_path / "p.html")]) == 2
    assert "--html is for segment metrics" in capsys.readouterr().err


def test_project_xliff_page_names_the_segment_ids(sample_data, tmp_path) -> None:
    """`tagmt project --xliff … --ref … --html`: the page's exact count is the report's; misses carry the
    XLIFF segment ids."""
    from tagmt.cli import main
    from tagmt.corpus import read_corpus
    from tagmt.markup import strip
    from tagmt.preflight import module_available

    if not module_available("eflomal"):
        pytest.skip("eflomal is not installed (the projection's aligner)")
    files = sample_data / "files"
    text = (files / "guide.xliff12.xlf").read_text("utf-8")
    for segment in read_corpus(files / "guide.xliff12.xlf").segments:  # codes removed from whole targets
        match = re.search(rf'<trans-unit id="{re.escape(segment.id)}".*?<target[^>]*>(.*?)</target>', text, re.DOTALL)
        if match and '<mrk mtype="seg"' not in match.group(1):
            text = text.replace(match.group(1), strip(segment.reference), 1)
    bare = tmp_path / "bare.xlf"
    bare.write_text(text, encoding="utf-8")
    report, page = tmp_path / "report.json", tmp_path / "page.html"
    assert main(["project", "--xliff", str(bare), "--ref", str(files / "guide.xliff12.xlf"), "--report", str(report),
                 "--html", str(page), "-o", str(tmp_path / "out.xlf")]) == 0
    assessed = json.loads(report.read_text("utf-8"))
    html = page.read_text("utf-8")
    tree = lxml.html.fromstring(html)
    exact = tree.xpath('//*[@id="exact"]')[0]
    assert (int(exact.get("data-exact")), int(exact.get("data-tagged"))) == (
        assessed["exact_segments"], assessed["tagged_segments"])
    ids = {s.id for s in read_corpus(bare).segments}
    misses = data_block(html)["misses"] if "report-data" in html else []
    assert len(misses) == assessed["tagged_segments"] - assessed["exact_segments"]
    assert all(m["id"] in ids for m in misses)
    # without --ref: the review page of what was written (issue 32)
    assert main(["project", "--xliff", str(bare), "--html", str(page), "-o", str(tmp_path / "o2.xlf")]) == 0
    assert 'id="summary"' in page.read_text("utf-8")


def test_the_page_pairs_the_tags_of_a_segment_of_another_text_once(monkeypatch) -> None:
    """A segment whose text differs from its reference is drawn, counted and summed into the per-tag
    table from one tag pairing; the page says what separate pairings said."""
    from tagmt.metrics import placement
    from tagmt.report import projection_page as module

    by_tags = [("7", "Click <b>Save</b> <i>now</i>", "Klick <b>Speichern</b> jetzt", "Klicken <b>Sie</b> <i>jetzt</i>"),
               ("8", "a <x/> b", "a b", "c <x/> d"), ("9", "plain", "schlicht", "ganz schlicht")]
    before = module.projection_page([], by_tags=by_tags)
    calls = []
    real = placement.pair_tags

    def counted(reference, hypothesis):
        calls.append(reference.text)
        return real(reference, hypothesis)

    for where in (placement, module, chips):
        monkeypatch.setattr(where, "pair_tags", counted)
    assert module.projection_page([], by_tags=by_tags) == before
    assert sorted(calls) == ["Klicken <b>Sie</b> <i>jetzt</i>", "c <x/> d"]  # the untagged pair: none
    rows = data_block(before)["misses"]
    assert [r["f"] for r in rows[:2]] == ["tags: 2 of 4 present, 2 dropped, 0 inserted, 0 out of order",
                                          "tags: 0 of 1 present, 1 dropped, 0 inserted, 0 out of order"]
