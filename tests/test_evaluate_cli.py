"""`tagmt evaluate` end to end: both reference forms, the three formats, per-segment TSV, bad input."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tagmt.cli import main
from tagmt.report.scores import DEFAULT_HIDDEN
from tagmt.evaluation import SEGMENT_METRICS, score_systems

REF = [
    "Choose <uicontrol>Save</uicontrol> to keep the work pack.",
    "",
    'See <xref keyref="k1"/> for the <b>list</b> of values.',
    "Drag & drop the <<SHIPPED_QUANTITY>> field.",
]
HYP = [
    "Choose Save to keep the work pack.",
    "",
    'See <xref keyref="k1"/> for the list <b>of values</b>.',
    "Drag & drop the <<SHIPPED_QUANTITY>> box.",
]
KEYS = [
    "raw-bleu", "lex-bleu", "tag-bleu", "raw-chrf", "lex-chrf", "tag-chrf",
    "xml-bleu", "markup-match", "markup-match-tagged", "structure-accuracy", "xml-chrf", "xml-match",
    "tag-placement", "tag-offset", "tag-inconsistent", "tag-inconsistent-hypothesis", "tag-inconsistent-count",
    "tag-inconsistent-text", "tags-in-inconsistent",
]


def write(path: Path, lines: list[str]) -> str:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return str(path)


@pytest.fixture
def files(tmp_path):
    return write(tmp_path / "ref.en", REF), write(tmp_path / "hyp.en", HYP), tmp_path


def evaluate(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["evaluate", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_json_has_the_issue_shape_and_the_library_figures(capsys, files):
    ref, hyp, _ = files
    code, out, err = evaluate(capsys, "--ref", ref, "--trg-lang", "en", "--hyp", hyp, ref, "--format", "json")
    assert code == 0, err
    systems = json.loads(out)["systems"]
    assert [s["hyp"] for s in systems] == [hyp, ref]
    (expected, _) = score_systems(REF, {hyp: HYP, ref: REF}, "en")
    first = systems[0]
    assert first["segments"] == 4 and first["pair"] is None
    assert list(first["scores"]) == KEYS and set(first["signatures"]) == set(KEYS)
    assert first["scores"] == pytest.approx(expected.scores, abs=5e-5)  # rounded to 4 decimals
    assert all(value == round(value, 4) for value in first["scores"].values() if value is not None)
    assert first["scores"]["markup-match"] == 75.0  # all but the first, which lost its tags
    assert first["scores"]["markup-match-tagged"] == 50.0  # of the two tagged references
    assert "tok:13a" in first["signatures"]["raw-bleu"]
    lower_is_better = {"tag-offset", "tag-inconsistent", "tag-inconsistent-hypothesis", "tag-inconsistent-count",
                       "tag-inconsistent-text", "tags-in-inconsistent"}  # 0 for the reference itself
    assert all(value == pytest.approx(0 if key in lower_is_better else 100)
               for key, value in systems[1]["scores"].items())


def test_table_and_csv(capsys, files, monkeypatch):
    ref, hyp, _ = files
    monkeypatch.setenv("COLUMNS", "400")  # a wide terminal: systems as rows
    code, out, _ = evaluate(capsys, "--ref", ref, "--trg-lang", "en", "--hyp", hyp)
    assert code == 0
    header, row = out.splitlines()[:2]
    shown = [key for key in KEYS if key not in DEFAULT_HIDDEN]  # Lilt's inconsistency counts: JSON, or by name
    assert header.split() == ["hyp", "segments"] + shown
    assert row.split()[:2] == [hyp, "4"]
    assert "raw-bleu" in out and "nrefs:1|case:mixed|eff:no|tok:13a" in out  # signatures below the table
    code, out, _ = evaluate(capsys, "--ref", ref, "--trg-lang", "en", "--hyp", hyp, "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert len(rows) == 1 and rows[0]["hyp"] == hyp and float(rows[0]["tag-bleu"]) >= 0
    assert list(rows[0]) == ["hyp", "segments"] + shown + [f"{key} signature" for key in shown]
    assert "tok:13a" in rows[0]["raw-bleu signature"]


def test_metric_choice_and_tokenize_override(capsys, files):
    ref, hyp, _ = files
    code, out, err = evaluate(
        capsys, "--ref", ref, "--trg-lang", "en", "--hyp", hyp, "--format", "json",
        "--metric", "lex-bleu", "xml-bleu", "--tokenize", "char",
    )
    assert code == 0, err
    (system,) = json.loads(out)["systems"]
    assert list(system["scores"]) == ["lex-bleu", "xml-bleu"]
    assert "tok:char" in system["signatures"]["lex-bleu"]


def test_per_segment_tsv(capsys, files):
    ref, hyp, tmp_path = files
    tsv = tmp_path / "seg.tsv"
    code, _, err = evaluate(capsys, "--ref", ref, "--trg-lang", "en", "--hyp", hyp, ref, "--per-segment", str(tsv))
    assert code == 0, err
    rows = list(csv.DictReader(tsv.open(encoding="utf-8"), delimiter="\t"))
    assert len(rows) == 8
    assert list(rows[0]) == [
        "hyp", "line", "raw-bleu", "lex-bleu", "tag-bleu", "raw-chrf", "lex-chrf", "tag-chrf", "xml-bleu",
        "markup-match", "structure-accuracy", "xml-chrf", "xml-match", "tag-placement", "source", "reference",
        "hypothesis",
    ]
    first = rows[:4]
    assert [r["markup-match"] for r in first] == ["0.0000", "100.0000", "100.0000", "100.0000"]
    assert [r["structure-accuracy"] for r in first] == ["100.0000"] * 4
    assert float(first[0]["lex-bleu"]) == pytest.approx(100.0)
    # tag BLEU/chrF of a segment without markup on either side is "n/a", not 0
    assert [r["tag-bleu"] for r in first][1::2] == ["n/a", "n/a"]
    assert [r["reference"] for r in first] == REF and [r["hypothesis"] for r in first] == HYP
    assert [r["source"] for r in first] == [""] * 4  # no --src given


def test_data_set_direction(capsys, sample_data, tmp_path):
    code, _, err = evaluate(capsys, "--pair", "en-ja", "--hyp", str(tmp_path / "nothing"))
    assert code == 2 and "nothing: no such file" in err
    from tagmt.data.dataset import open_dataset
    from tagmt.data.views import segment_lines

    reference = segment_lines(open_dataset(sample_data), None, "en-ja", "tagged", "target")
    hyp = write(tmp_path / "hyp.ja", reference)
    code, out, err = evaluate(capsys, "--data", str(sample_data), "--pair", "en-ja", "--hyp", hyp, "--format", "json")
    assert code == 0, err
    (system,) = json.loads(out)["systems"]
    assert system["pair"] == "en-ja" and system["segments"] == len(reference)
    assert "tok:ja-mecab" in system["signatures"]["raw-bleu"]
    assert all(value == pytest.approx(0 if key.startswith(("tag-offset", "tag-inconsistent", "tags-in")) else 100)
               for key, value in system["scores"].items())


def one_line_error(capsys, *argv: str) -> str:
    code, out, err = evaluate(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("tagmt: error: ")
    return err


def test_line_count_mismatch_names_both_counts(capsys, files):
    ref, _, tmp_path = files
    short = write(tmp_path / "short.en", HYP[:3])
    err = one_line_error(capsys, "--ref", ref, "--trg-lang", "en", "--hyp", short)
    assert "3 lines" in err and "has 4" in err


def test_empty_lines_are_segments(capsys, tmp_path):
    ref = write(tmp_path / "ref", ["", "a b c d", ""])
    hyp = write(tmp_path / "hyp", ["", "a b c d", ""])
    code, out, _ = evaluate(capsys, "--ref", ref, "--trg-lang", "en", "--hyp", hyp, "--format", "json")
    assert code == 0 and json.loads(out)["systems"][0]["segments"] == 3


def test_bad_files_and_arguments(capsys, files):
    ref, hyp, tmp_path = files
    latin1 = tmp_path / "latin1.en"
    latin1.write_bytes(b"ok\ncaf\xe9\n\n\n")
    assert f"{latin1}:2: not UTF-8" in one_line_error(capsys, "--ref", ref, "--trg-lang", "en", "--hyp", str(latin1))
    assert "no such file" in one_line_error(capsys, "--ref", str(tmp_path / "missing"), "--trg-lang", "en", "--hyp", hyp)
    assert "unknown direction 'en-xx'" in one_line_error(capsys, "--pair", "en-xx", "--hyp", hyp)
    assert "--trg-lang" in one_line_error(capsys, "--ref", ref, "--hyp", hyp)
    assert "unknown metric 'bleu'" in one_line_error(capsys, "--ref", ref, "--trg-lang", "en", "--hyp", hyp, "--metric", "bleu")
    assert "unknown BLEU tokenizer" in one_line_error(
        capsys, "--ref", ref, "--trg-lang", "en", "--hyp", hyp, "--tokenize", "nope"
    )
    assert "cannot be mixed" in one_line_error(
        capsys, "--ref", ref, "--hyp", hyp, "--metric", "xater", "lex-bleu"
    )
    assert "given twice" in one_line_error(capsys, "--ref", ref, "--trg-lang", "en", "--hyp", hyp, hyp)
    empty = write(tmp_path / "empty", [])
    assert "reference is empty" in one_line_error(capsys, "--ref", empty, "--trg-lang", "en", "--hyp", empty)


def test_missing_mecab_dictionary_is_one_line(files, tmp_path):
    """A broken MeCab install (its dictionary gone) is reported in one line by the real command."""
    ref, hyp, _ = files
    fake = tmp_path / "site"
    fake.mkdir()
    (fake / "ipadic.py").write_text(f'MECAB_ARGS = "-d {tmp_path / "no-dictionary"}"\n')
    env = {**os.environ, "PYTHONPATH": str(fake)}
    run = subprocess.run(
        [sys.executable, "-m", "tagmt", "evaluate", "--ref", ref, "--trg-lang", "ja", "--hyp", hyp],
        capture_output=True, text=True, env=env, timeout=60,
    )
    assert run.returncode == 2, run.stderr
    assert run.stdout == "" and run.stderr.count("\n") == 1
    assert "BLEU tokenizer 'ja-mecab' cannot start" in run.stderr and 'sacrebleu[ja]' in run.stderr


def test_default_metrics_are_the_papers_and_tower_evals():
    from tagmt.evaluation import DEFAULT_METRICS, PAPER_METRICS

    assert len(PAPER_METRICS) == 9 and DEFAULT_METRICS == PAPER_METRICS + ("xml-chrf", "xml-match", "tag-placement")
    assert set(DEFAULT_METRICS) < set(SEGMENT_METRICS)


def test_document_metrics_are_hosted(capsys, tmp_path):
    """`--metric xater` goes to tagmt.metrics.document when it is installed, else one clear line."""
    import importlib.util

    ref = tmp_path / "ref.xml"
    ref.write_text("<topic><title>Save <b>it</b></title></topic>\n", encoding="utf-8")
    hyp = tmp_path / "hyp.xml"
    hyp.write_text("<topic><title>Save it</title></topic>\n", encoding="utf-8")
    argv = ["--metric", "xater", "--ref", str(ref), "--hyp", str(hyp), str(ref), "--format", "json"]
    if importlib.util.find_spec("tagmt.metrics.document") is None:
        assert "document metrics (xater) are not available" in one_line_error(capsys, *argv)
        return
    code, out, err = evaluate(capsys, *argv)
    assert code == 0, err
    systems = json.loads(out)["systems"]
    assert [s["hyp"] for s in systems] == [str(hyp), str(ref)]
    assert systems[1]["scores"]["xater"] == pytest.approx(100.0)
    assert systems[0]["scores"]["xater"] < 100.0
    assert "--pair" in one_line_error(capsys, "--metric", "xater", "--pair", "en-ja", "--hyp", str(hyp))


def test_tag_report_in_every_format(capsys, files):
    ref, _, tmp_path = files
    wrapped = write(tmp_path / "b.en", ["<b>" + line.split(" ", 1)[0] + "</b> " + line.split(" ", 1)[1] if line else line
                                        for line in REF])
    argv = ["--ref", ref, "--trg-lang", "en", "--hyp", wrapped, "--tag-report"]
    code, out, err = evaluate(capsys, *argv)
    assert code == 0, err
    assert "per-tag report" in out
    b_row = next(line for line in out.splitlines() if line.split()[:2] == [wrapped, "b"])
    # ref, hyp, dropped, inserted, misplaced, attributes: the reference's <b>list</b> keeps its partner in
    # "<b>See</b> … <b>list</b>", the added <b>See</b> is inserted, nothing misplaced
    assert b_row.split()[2:] == ["2", "8", "0", "6", "0", "0"]
    code, out, _ = evaluate(capsys, *argv, "--format", "json")
    (system,) = json.loads(out)["systems"]
    b = next(row for row in system["tags"] if row["tag"] == "b")
    assert b["inserted"] == 6 and b["reference"] == 2
    code, out, _ = evaluate(capsys, *argv, "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert {"hyp", "tag", "dropped", "inserted", "misplaced", "attributes_changed"} <= set(rows[0])
    assert next(r for r in rows if r["tag"] == "b")["inserted"] == "6"


def test_per_segment_tsv_carries_the_source(capsys, files):
    ref, hyp, tmp_path = files
    src = write(tmp_path / "src.de", ["Wählen Sie <uicontrol>Sichern</uicontrol>.", "", "Siehe <b>Liste</b>.", "Ziehen & ablegen"])
    tsv = tmp_path / "seg.tsv"
    code, _, err = evaluate(capsys, "--ref", ref, "--trg-lang", "en", "--hyp", hyp, "--src", src,
                            "--per-segment", str(tsv), "--metric", "lex-bleu")
    assert code == 0, err
    rows = list(csv.DictReader(tsv.open(encoding="utf-8"), delimiter="\t"))
    assert rows[0]["source"] == "Wählen Sie <uicontrol>Sichern</uicontrol>." and rows[3]["hypothesis"] == HYP[3]


def test_line_breaks_written_as_references_are_one_segment(capsys, tmp_path):
    from tagmt.evaluation import iter_segments

    ref = write(tmp_path / "ref.en", ["first line&#10;second line of it", "plain"])
    assert list(iter_segments(ref)) == ["first line\nsecond line of it", "plain"]
    hyp = write(tmp_path / "hyp.en", ["first line&#10;second line of it", "plain"])
    tsv = tmp_path / "seg.tsv"
    code, out, err = evaluate(capsys, "--ref", ref, "--trg-lang", "en", "--hyp", hyp, "--format", "json",
                              "--metric", "raw-chrf", "--per-segment", str(tsv))
    assert code == 0, err
    assert json.loads(out)["systems"][0]["scores"]["raw-chrf"] == pytest.approx(100.0)
    assert "first line&#10;second line of it" in tsv.read_text(encoding="utf-8")
