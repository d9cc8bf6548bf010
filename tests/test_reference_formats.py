"""`--ref` in any corpus format the readers know, for `tagmt project --source` and `tagmt evaluate`, as
`tagmt translate --ref` takes it (`tagmt.corpus.read_references`; `tagmt.corpus.detect` decides the format):
a TMX file's target side gives the same figures as the same references written as a line file; units
without a target side are left out and said; a reference with another number of segments is one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tagmt.cli import main
from tagmt.corpus import read_corpus, read_references
from tagmt.corpus.lines import read_segments, write_lines
from tagmt.markup import strip
from tagmt.testing.tiny_tmx import write_tmx as tiny_tmx

FILES = Path(__file__).resolve().parent.parent / "data" / "sample" / "files"

UNITS = [  # (English, German) TMX segments with TMX inline codes; None: the unit has no German side
    ('Click <bpt i="1">&lt;b&gt;</bpt>Save<ept i="1">&lt;/b&gt;</ept> now.',
     'Klicken Sie jetzt auf <bpt i="1">&lt;b&gt;</bpt>Speichern<ept i="1">&lt;/b&gt;</ept>.'),
    ('Press <bpt i="1">&lt;b&gt;</bpt>OK<ept i="1">&lt;/b&gt;</ept> twice.',
     'Drücken Sie zweimal <bpt i="1">&lt;b&gt;</bpt>OK<ept i="1">&lt;/b&gt;</ept>.'),
    ('Open <bpt i="1">&lt;i&gt;</bpt>the file<ept i="1">&lt;/i&gt;</ept>.', None),
    ('Close <bpt i="1">&lt;b&gt;</bpt>all windows<ept i="1">&lt;/b&gt;</ept> first.',
     'Schließen Sie zuerst <bpt i="1">&lt;b&gt;</bpt>alle Fenster<ept i="1">&lt;/b&gt;</ept>.'),
]


def write_tmx(path: Path, units) -> Path:
    return tiny_tmx(path, units, ("en-US", "de-DE"), "t{n}")


@pytest.fixture
def tmx_case(tmp_path):
    """The TMX reference, the same references as a line file (the unit without German as an empty line) and
    the tagged sources and plain translations of the units, as line files."""
    tmx = write_tmx(tmp_path / "ref.tmx", UNITS)
    corpus = read_corpus(tmx)
    references = read_references(tmx)
    assert references[2] is None and len(references) == len(UNITS)
    lines = write_lines(tmp_path / "ref.de", [r or "" for r in references])
    sources = write_lines(tmp_path / "src.en", corpus.sources)
    plain = write_lines(tmp_path / "mt.de", [strip(r or "Öffnen Sie die Datei.") for r in references])
    return tmx, lines, sources, plain


# --------------------------------------------------------------------------- tagmt project --source --ref


def _project(tmp_path, sources, plain, ref, name):
    report = tmp_path / f"{name}.json"
    code = main(["project", "--source", str(sources), "--translation", str(plain), "--src-lang", "en",
                 "--trg-lang", "de", "--ref", str(ref), "--report", str(report), "-o", str(tmp_path / f"{name}.out")])
    return code, report


def test_project_takes_a_tmx_reference_as_its_target_side(tmp_path, tmx_case, capsys):
    tmx, lines, sources, plain = tmx_case
    code, by_tmx = _project(tmp_path, sources, plain, tmx, "tmx")
    assert code == 0
    err = capsys.readouterr().err
    assert f"1 segments have no reference in --ref {tmx} and are not assessed (first: line 3)" in err
    code, by_lines = _project(tmp_path, sources, plain, lines, "lines")
    assert code == 0
    tmx_report, lines_report = (json.loads(path.read_text("utf-8")) for path in (by_tmx, by_lines))
    assert tmx_report["notes"] == [f"1 segments have no reference in --ref {tmx} and are not assessed (first: line 3)"]
    # the line file's empty third line makes the projected <i> a miss there; the TMX leaves the line out
    assert (tmx_report["tagged_segments"], lines_report["tagged_segments"]) == (3, 4)
    assert [m["id"] for m in lines_report["misses"] if m["id"] == "3"] == ["3"]
    assert tmx_report["misses"] == [m for m in lines_report["misses"] if m["id"] != "3"]
    assert tmx_report["exact_segments"] == lines_report["exact_segments"]
    assert read_segments(tmp_path / "tmx.out") == read_segments(tmp_path / "lines.out")  # the output is the same


def test_project_refuses_a_tmx_reference_of_another_length_before_any_work(tmp_path, tmx_case, capsys):
    _, _, sources, plain = tmx_case
    short = write_tmx(tmp_path / "short.tmx", UNITS[:3])
    out = tmp_path / "out.de"
    assert main(["project", "--source", str(sources), "--translation", str(plain), "--src-lang", "en",
                 "--trg-lang", "de", "--ref", str(short), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tagmt: error: ") and err.count("\n") == 1
    assert f"--ref {short} has 3 segments but --source {sources} has 4" in err
    assert not out.exists()


def test_project_takes_an_xliff_files_targets_as_references(tmp_path, capsys):
    """A --source run may be measured against an XLIFF file's targets, segment for segment."""
    xliff = FILES / "guide.xliff12.xlf"
    corpus = read_corpus(xliff)
    references = read_references(xliff)
    assert any(r is not None for r in references)
    sources = write_lines(tmp_path / "src.en", corpus.sources)
    plain = write_lines(tmp_path / "mt.de", [strip(r or s) for r, s in zip(references, corpus.sources)])
    code, report = _project(tmp_path, sources, plain, xliff, "xliff")
    assert code == 0
    figures = json.loads(report.read_text("utf-8"))
    assert figures["tagged_segments"] >= 1
    if None in references:
        assert "have no reference in --ref" in capsys.readouterr().err


# --------------------------------------------------------------------------- tagmt evaluate --ref


def _evaluate(*args: str) -> int:
    return main(["evaluate", *args, "--metric", "raw-bleu", "markup-match", "--format", "json"])


def test_evaluate_scores_against_a_tmx_references_target_side(tmp_path, tmx_case, capsys):
    tmx, lines, _, _ = tmx_case
    references = read_references(tmx)
    hyp = write_lines(tmp_path / "hyp.de", [r or "Öffnen Sie die Datei." for r in references])
    partly = write_lines(tmp_path / "partly.de", [strip(r) if r and k == 0 else r or "x" for k, r in
                                                  enumerate(references)])
    assert _evaluate("--ref", str(tmx), "--hyp", str(hyp), str(partly)) == 0
    out = capsys.readouterr()
    by_tmx = json.loads(out.out)["systems"]
    assert (f"1 of the 4 segments of {tmx} have no reference and are not scored for any system "
            "(first: segment 3, id t3)") in out.err
    # the same three segments as line files: the same scores
    kept = [k for k, r in enumerate(references) if r is not None]
    three = write_lines(tmp_path / "ref3.de", [references[k] for k in kept])
    hyps3 = [write_lines(tmp_path / f"{name}3.de", [read_segments(path)[k] for k in kept])
             for name, path in (("hyp", hyp), ("partly", partly))]
    assert _evaluate("--ref", str(three), "--trg-lang", "de", "--hyp", *map(str, hyps3)) == 0
    by_lines = json.loads(capsys.readouterr().out)["systems"]
    assert [s["scores"] for s in by_tmx] == [s["scores"] for s in by_lines]
    assert by_tmx[0]["scores"]["raw-bleu"] == pytest.approx(100.0)
    assert by_tmx[1]["scores"]["markup-match"] < by_tmx[0]["scores"]["markup-match"]


def test_evaluate_refuses_a_hypothesis_of_another_length_than_the_tmx(tmp_path, tmx_case, capsys):
    tmx, _, _, _ = tmx_case
    hyp = write_lines(tmp_path / "hyp.de", ["eins", "zwei", "drei"])
    assert _evaluate("--ref", str(tmx), "--hyp", str(hyp)) == 2
    note, err = capsys.readouterr().err.splitlines()  # the note on the unit without German, then the error
    assert note.startswith("tagmt evaluate: 1 of the 4 segments") and err.startswith("tagmt: error: ")
    assert f"the hypothesis {hyp} has 3 lines but the reference has 4" in err


def test_evaluate_refuses_src_with_a_tmx_reference(tmp_path, tmx_case, capsys):
    tmx, _, sources, _ = tmx_case
    hyp = write_lines(tmp_path / "hyp.de", ["a", "b", "c", "d"])
    assert _evaluate("--ref", str(tmx), "--src", str(sources), "--hyp", str(hyp)) == 2
    assert "the TMX file" in capsys.readouterr().err


# --------------------------------------------------------------------------- a line file starting with a comment


COMMENTED = ['<!-- note --> Klicken Sie jetzt auf <g id="1">Speichern</g>.', 'Drücken Sie zweimal <g id="1">OK</g>.']


def test_project_reads_a_line_reference_whose_first_segment_starts_with_a_comment(tmp_path, capsys):
    # an XML comment as the text of the first segment is no XML document (was "r2.de:1: malformed XML")
    ref = write_lines(tmp_path / "r2.de", COMMENTED)
    assert read_references(ref) == COMMENTED
    sources = write_lines(tmp_path / "src.en", ['<!-- note --> Click <g id="1">Save</g> now.',
                                                'Press <g id="1">OK</g> twice.'])
    plain = write_lines(tmp_path / "mt.de", [strip(r) for r in COMMENTED])
    code, report = _project(tmp_path, sources, plain, ref, "commented")
    assert code == 0, capsys.readouterr().err
    assert json.loads(report.read_text("utf-8"))["tagged_segments"] == 2


def test_evaluate_reads_a_line_reference_whose_first_segment_starts_with_a_comment(tmp_path, capsys):
    ref = write_lines(tmp_path / "r2.de", COMMENTED)
    hyp = write_lines(tmp_path / "hyp.de", COMMENTED)
    assert _evaluate("--ref", str(ref), "--trg-lang", "de", "--hyp", str(hyp)) == 0, capsys.readouterr().err
    (system,) = json.loads(capsys.readouterr().out)["systems"]
    assert system["scores"]["raw-bleu"] == pytest.approx(100.0)
