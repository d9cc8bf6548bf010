"""``tagmt translate --ref/--report/--html``: the output's tags against a tagged reference — exact
placement where the output has the reference's text (as ``tagmt project --ref``), tags by name elsewhere,
and the page's counts equal to the JSON report's."""

from __future__ import annotations

import json
from pathlib import Path

import lxml.html
import pytest

from tagmt.cli import main
from tagmt.corpus import sap
from tagmt.corpus.lines import read_segments, write_lines
from tagmt.xmltext import unescape
from tagmt.markup import strip, tokenize
from tagmt.projection.assess import assess
from tagmt.translation.assessment import assess_run
from tagmt.testing.tiny_tmx import write_tmx as tiny_tmx

FILES = Path(__file__).resolve().parents[2] / "data" / "sample" / "files"


def needs_eflomal() -> None:
    from tagmt.preflight import module_available

    if not module_available("eflomal"):
        pytest.skip("eflomal is not installed (the projection's aligner)")


def page_counts(page: Path) -> tuple[int, int, dict]:
    html = page.read_text(encoding="utf-8")
    tree = lxml.html.fromstring(html)
    exact = tree.xpath('//*[@id="exact"]')[0]
    data = tree.xpath('//script[@id="report-data"]')
    return int(exact.get("data-exact")), int(exact.get("data-tagged")), json.loads(data[0].text) if data else {}


# -- the rule, on hand-made segments -------------------------------------------------------------------------

def test_same_text_is_placed_other_text_is_compared_by_tags() -> None:
    sources = ["Click <b>Save</b>.", "Open <i>it</i> <x/>.", "No tags.", "Press <b>OK</b>."]
    references = ["Klicken Sie auf <b>Speichern</b>.", "<i>Öffnen</i> Sie es <x/>.", "Keine Tags.",
                  "Drücken Sie <b>OK</b>."]
    outputs = ["Klicken Sie <b>auf Speichern</b>.",  # same text, tag on other words
               "Öffnen Sie <i>das</i>.",  # another text: <x/> dropped
               "Keine Tags.",  # no tags
               "Drücken Sie <b>OK</b>."]  # exact
    run = assess_run(outputs, references, sources, ["a", "b", "c", "d"], approach="dp")
    assert [c[0] for c in run.compared] == ["a", "d"]
    assert [c[0] for c in run.by_tags] == ["b"]
    assert run.untagged == 1
    assert (run.assessment.exact, run.assessment.tagged) == (1, 2)
    report = run.as_dict()
    assert report["exact_segments"] == 1 and report["tagged_segments"] == 2 and report["exact_percent"] == 50.0
    assert report["errors"] == {"words": 1}
    assert report["assessed"] == {**report["assessed"], "segments": 4, "same_text": 2, "text_differs": 1,
                                  "untagged": 1}
    tags = report["text_differs"]["tags"]
    # reference <i> </i> <x/> against output <i> </i>: 3 reference tags, 2 present, <x/> dropped
    assert (tags["reference"], tags["output"], tags["dropped"], tags["inserted"]) == (3, 2, 1, 0)
    assert report["text_differs"]["by_tag"]["x"]["dropped"] == 1
    lines = run.lines()
    assert "2 tagged segments have the reference's text" in lines[0] and "1 have another text" in lines[0]
    assert any("2 of 3 reference tags present, 1 dropped" in line for line in lines)


def test_no_segment_with_the_reference_text_gives_no_share() -> None:
    run = assess_run(["Ein <b>Test</b>"], ["Eine <b>Probe</b>"], ["A <b>test</b>"], approach="dt")
    report = run.as_dict()
    assert report["tagged_segments"] == 0 and report["exact_percent"] is None
    assert report["text_differs"]["tags"]["dropped"] == 0
    assert any("no placement is assessed" in line for line in run.lines())


def test_the_page_keeps_other_texts_out_of_the_exact_share(tmp_path) -> None:
    run = assess_run(["a <b>x</b> y", "q <b>r</b>", "<i>k</i> l"], ["a <b>x y</b>", "z <b>w</b>", "<i>k</i> l"],
                     ["A <b>X</b> Y", "Q <b>R</b>", "<i>K</i> L"])
    page = run.write_page(tmp_path / "p.html", about=["test"])
    exact, tagged, data = page_counts(page)
    assert (exact, tagged) == (1, 2)
    classes = [m["c"] for m in data["misses"]]
    assert classes == ["words", "text differs"]
    other = data["misses"][1]
    assert other["id"] == "2" and "1 of 1 present" not in other["f"] and "2 of 2 present" in other["f"]
    tree = lxml.html.fromstring(page.read_text("utf-8"))
    note = tree.xpath('//*[@id="by-tags"]')[0]
    assert note.get("data-segments") == "1" and "not" in note.text_content()


# -- the command ---------------------------------------------------------------------------------------------

def test_pair_run_with_the_data_set_reference(tmp_path, sample_data, capsys) -> None:
    needs_eflomal()
    out, report, page = tmp_path / "dp.ja", tmp_path / "r.json", tmp_path / "p.html"
    assert main(["translate", "--approach", "dp", "--pair", "en-ja", "--model", "reference", "-o", str(out),
                 "--ref", "data", "--report", str(report), "--html", str(page)]) == 0
    assessed = json.loads(report.read_text("utf-8"))
    exact, tagged, data = page_counts(page)
    assert (exact, tagged) == (assessed["exact_segments"], assessed["tagged_segments"])
    # the figures are tagmt.projection.assess's over the whole split: every output has the reference's text
    references = [s.reference for s in sap.read(sample_data, None, "en-ja").segments]
    direct = assess(read_segments(out), references)
    assert (direct.exact, direct.tagged) == (exact, tagged)
    assert assessed["assessed"]["text_differs"] == 0
    assert len(data.get("misses", [])) == tagged - exact
    err = capsys.readouterr().err
    assert f"exact: {exact}/{tagged} tagged segments" in err
    # the same reference as a line file gives the same report
    ref = write_lines(tmp_path / "ref.ja", references)
    again = tmp_path / "r2.json"
    assert main(["translate", "--approach", "dp", "--pair", "en-ja", "--model", "reference",
                 "-o", str(tmp_path / "dp2.ja"), "--ref", str(ref), "--report", str(again)]) == 0
    assert json.loads(again.read_text("utf-8")) == assessed


def test_line_file_run_agrees_with_tagmt_project(tmp_path) -> None:
    needs_eflomal()
    out, report, page = tmp_path / "g.de", tmp_path / "r.json", tmp_path / "p.html"
    assert main(["translate", "--approach", "dp", "--input", str(FILES / "guide.en"), "--src-lang", "en",
                 "--trg-lang", "de", "--model", "reference", "--ref", str(FILES / "guide.de"), "-o", str(out),
                 "--report", str(report), "--html", str(page)]) == 0
    assessed = json.loads(report.read_text("utf-8"))
    exact, tagged, data = page_counts(page)
    assert (exact, tagged) == (assessed["exact_segments"], assessed["tagged_segments"])
    assert assessed["assessed"]["same_text"] == tagged == len(read_segments(FILES / "guide.de"))
    outputs, references = read_segments(out), read_segments(FILES / "guide.de")
    assert [m["id"] for m in data.get("misses", [])] == [str(n) for n in range(1, 13)
                                                         if outputs[n - 1] != references[n - 1]]
    # tagmt project onto the reference's own text says the same
    plain = write_lines(tmp_path / "plain.de",
                        [unescape(strip(tokenize(r, orphans=True))) for r in read_segments(FILES / "guide.de")])
    projected = tmp_path / "project.json"
    assert main(["project", "--source", str(FILES / "guide.en"), "--translation", str(plain), "--src-lang", "en",
                 "--trg-lang", "de", "--ref", str(FILES / "guide.de"), "--report", str(projected)]) == 0
    theirs = json.loads(projected.read_text("utf-8"))
    assert {k: assessed[k] for k in theirs} == theirs


def test_dt_copy_is_compared_by_tags_only(tmp_path, capsys) -> None:
    report, page = tmp_path / "r.json", tmp_path / "p.html"
    assert main(["translate", "--approach", "dt", "--input", str(FILES / "guide.en"), "--src-lang", "en",
                 "--trg-lang", "de", "--model", "copy", "--ref", str(FILES / "guide.de"), "-o", str(tmp_path / "c.de"),
                 "--report", str(report), "--html", str(page)]) == 0
    assessed = json.loads(report.read_text("utf-8"))
    assert assessed["tagged_segments"] == 0 and assessed["exact_percent"] is None
    references = read_segments(FILES / "guide.de")
    ref_tags = sum(t.is_markup for r in references for t in tokenize(r, orphans=True))
    assert assessed["text_differs"]["segments"] == len(references)
    assert assessed["text_differs"]["tags"]["reference"] == ref_tags
    exact, tagged, data = page_counts(page)
    assert (exact, tagged) == (0, 0)
    assert {m["c"] for m in data["misses"]} == {"text differs"} and len(data["misses"]) == len(references)
    assert "assessed the dt output's tags against the reference: 0 tagged segments" in capsys.readouterr().err


def test_xliff_run_is_matched_by_segment_key(tmp_path) -> None:
    needs_eflomal()
    from tagmt.corpus import read_corpus

    xliff = FILES / "guide.xliff2.xlf"
    report, page = tmp_path / "r.json", tmp_path / "p.html"
    assert main(["translate", "--approach", "dp", "--input", str(xliff), "--model", "reference", "--overwrite",
                 "--ref", str(xliff), "-o", str(tmp_path / "o.xlf"), "--report", str(report),
                 "--html", str(page)]) == 0
    assessed = json.loads(report.read_text("utf-8"))
    exact, tagged, data = page_counts(page)
    assert (exact, tagged) == (assessed["exact_segments"], assessed["tagged_segments"])
    ids = {s.id for s in read_corpus(xliff).segments}
    assert all(m["id"] in ids for m in data.get("misses", []))


@pytest.mark.parametrize("extra, message", [
    (["--report", "PAGE"], "--report writes the assessment of --ref"),
    (["--ref", "data"], "--ref data takes the data set's tagged targets"),
    (["--ref", str(FILES / "guide.de"), "--html", str(FILES / "guide.de")], "would overwrite"),
    (["--ref", str(FILES / "guide.de"), "--report", str(FILES / "guide.de")], "--report"),
])
def test_refusals(tmp_path, capsys, extra, message) -> None:
    extra = [str(tmp_path / "p.html") if e == "PAGE" else e for e in extra]
    before = (FILES / "guide.de").read_bytes()
    assert main(["translate", "--approach", "dt", "--input", str(FILES / "guide.en"), "--src-lang", "en",
                 "--trg-lang", "de", "--model", "copy", "-o", str(tmp_path / "c.de"), *extra]) == 2
    assert message in capsys.readouterr().err
    assert (FILES / "guide.de").read_bytes() == before
    assert not (tmp_path / "c.de").exists()


def test_a_bad_reference_is_refused_before_the_run(tmp_path, capsys) -> None:
    short = write_lines(tmp_path / "short.ja", ["a <b>b</b>"])
    out = tmp_path / "dp.ja"
    assert main(["translate", "--approach", "dt", "--pair", "en-ja", "--model", "copy", "-o", str(out),
                 "--ref", str(short)]) == 2
    assert "has 1 segments but the split" in capsys.readouterr().err
    assert not out.exists()
    assert main(["translate", "--approach", "dt", "--input", str(FILES / "guide.xliff2.xlf"), "--model", "copy",
                 "--overwrite", "-o", str(tmp_path / "o.xlf"), "--ref", str(FILES / "guide.de")]) == 2
    assert "--ref takes the same XLIFF" in capsys.readouterr().err
    assert not (tmp_path / "o.xlf").exists()


def test_hostile_segments_of_another_text_stay_text(tmp_path) -> None:
    hostile = 'x</script><script>alert(1)</script> <b onclick="evil()">"javascript:1"</b>'
    run = assess_run([hostile], ['y <b>z</b>'], ['<b>&lt;img src=x&gt;</b>'], ['<i>"id"</i>'])
    assert len(run.by_tags) == 1
    html = run.write_page(tmp_path / "p.html", about=['<script>about</script>']).read_text("utf-8")
    tree = lxml.html.fromstring(html)
    assert [s.get("id") for s in tree.xpath("//script") if s.get("type") == "application/json"] == ["report-data"]
    assert "alert(1)" not in "".join(s.text or "" for s in tree.xpath("//script") if s.get("type") is None)
    assert not tree.xpath("//*[@onclick]")
    assert "<script>about" not in html


def test_one_text_written_two_ways_is_the_same_text() -> None:
    run = assess_run(["R&amp;D <b>Team</b>", "A &amp; B <i>c</i>"], ["R&D <b>Team</b>", "A &amp; B c <i>d</i>"],
                     ["R&amp;D <b>team</b>", "A &amp; B <i>c</i>"])
    assert [c[0] for c in run.compared] == ["1"] and run.assessment.exact == 1
    assert [c[0] for c in run.by_tags] == ["2"]
    assert any("once their XML references are read" in note for note in run.notes)


def test_a_real_model_run_accounts_for_every_segment(tiny_m2m100_dir, tmp_path) -> None:
    """A (tiny, random) MT model: whatever it writes, each segment is counted one way, and the page has
    a row per miss and per segment of another text."""
    needs_eflomal()
    report, page = tmp_path / "r.json", tmp_path / "p.html"
    assert main(["translate", "--approach", "dp", "--input", str(FILES / "guide.en"), "--src-lang", "en",
                 "--trg-lang", "de", "--model", str(tiny_m2m100_dir), "--device", "cpu", "--ref",
                 str(FILES / "guide.de"), "-o", str(tmp_path / "mt.de"), "--report", str(report),
                 "--html", str(page)]) == 0
    assessed = json.loads(report.read_text("utf-8"))
    counts = assessed["assessed"]
    assert counts["same_text"] + counts["text_differs"] + counts["untagged"] == counts["segments"] == 12
    assert counts["same_text"] == assessed["tagged_segments"]
    exact, tagged, data = page_counts(page)
    assert (exact, tagged) == (assessed["exact_segments"], assessed["tagged_segments"])
    rows = data.get("misses", [])
    assert sum(m["c"] == "text differs" for m in rows) == counts["text_differs"] == assessed["text_differs"]["segments"]
    assert len(rows) == tagged - exact + counts["text_differs"]


def test_every_segment_is_located_in_the_report() -> None:
    run = assess_run(["a <b>x</b> y", "q <b>r</b>"], ["a <b>x y</b>", "z <b>w</b> <i>v</i>"],
                     ["A <b>X</b> Y", "Q <b>R</b>"], ["7", "9"], id_kind="unit")
    report = run.as_dict()
    assert [(m["id"], m["id_kind"], m["error"]) for m in report["misses"]] == [("7", "unit", "words")]
    (other,) = report["text_differs"]["list"]
    assert (other["id"], other["expected"], other["got"]) == ("9", "z <b>w</b> <i>v</i>", "q <b>r</b>")
    assert (other["tags"]["reference"], other["tags"]["dropped"], other["tags"]["present"]) == (4, 2, 2)


# -- a reference in any format the corpus layer reads ----------------------------------------------------------

TMX_UNITS = [
    ('Click <bpt i="1">&lt;b&gt;</bpt>Save<ept i="1">&lt;/b&gt;</ept> now.',
     'Klicken Sie jetzt auf <bpt i="1">&lt;b&gt;</bpt>Speichern<ept i="1">&lt;/b&gt;</ept>.'),
    ('Open <ph x="2">&lt;br/&gt;</ph>it.', None),  # no German side: not assessed, and said
    ('Press <bpt i="1">&lt;b&gt;</bpt>OK<ept i="1">&lt;/b&gt;</ept>.',
     'Drücken Sie <bpt i="1">&lt;b&gt;</bpt>OK<ept i="1">&lt;/b&gt;</ept>.'),
]


def write_tmx(path: Path, units) -> Path:
    return tiny_tmx(path, units)


def test_a_tmx_reference_is_read_as_its_target_side(tmp_path, capsys) -> None:
    from tagmt.corpus import read_corpus, read_references

    tmx = write_tmx(tmp_path / "ref.tmx", TMX_UNITS)
    references = read_references(tmx)
    assert references[1] is None and len(references) == 3
    corpus = read_corpus(tmx)
    sources = write_lines(tmp_path / "src.en", [s.source for s in corpus.segments])
    # the same references as a line file (the unit without a German side as an untagged line)
    lines = write_lines(tmp_path / "ref.de", [r or "Öffnen Sie es." for r in references])
    reports = {}
    for name, ref in (("tmx", tmx), ("lines", lines)):
        report = tmp_path / f"{name}.json"
        assert main(["translate", "--approach", "dt", "--input", str(sources), "--src-lang", "en", "--trg-lang",
                     "de", "--model", "copy", "--ref", str(ref), "-o", str(tmp_path / f"{name}.out"),
                     "--report", str(report)]) == 0
        reports[name] = json.loads(report.read_text("utf-8"))
    err = capsys.readouterr().err
    assert f"1 segments have no reference in --ref {tmx} and are not assessed (first: segment 2)" in err
    by_tmx, by_lines = reports["tmx"], reports["lines"]
    assert by_tmx["text_differs"]["segments"] == 2 and by_lines["text_differs"]["segments"] == 3
    assert by_tmx["text_differs"]["tags"]["reference"] == 4 == by_lines["text_differs"]["tags"]["reference"]
    assert [s["id"] for s in by_tmx["text_differs"]["list"]] == ["1", "3"]
    assert by_tmx["text_differs"]["list"] == [s for s in by_lines["text_differs"]["list"] if s["id"] != "2"]


def test_a_tmx_input_is_assessed_against_its_own_targets(tmp_path) -> None:
    tmx = write_tmx(tmp_path / "m.tmx", [TMX_UNITS[0], TMX_UNITS[2]])
    report = tmp_path / "r.json"
    assert main(["translate", "--input", str(tmx), "--approach", "dt", "--model", "reference", "--ref", str(tmx),
                 "-o", str(tmp_path / "out.de"), "--report", str(report)]) == 0
    assessed = json.loads(report.read_text("utf-8"))
    assert (assessed["exact_segments"], assessed["tagged_segments"]) == (2, 2)


def test_a_tmx_reference_of_another_length_is_refused_before_the_run(tmp_path, capsys) -> None:
    tmx = write_tmx(tmp_path / "ref.tmx", TMX_UNITS[:2])
    out = tmp_path / "c.de"
    assert main(["translate", "--approach", "dt", "--input", str(FILES / "guide.en"), "--src-lang", "en",
                 "--trg-lang", "de", "--model", "copy", "--ref", str(tmx), "-o", str(out)]) == 2
    assert f"--ref {tmx} has 2 segments but --input" in capsys.readouterr().err
    assert not out.exists()
