"""``tagmt evaluate`` with XLIFF files in the streaming evaluate: targets matched by unit/segment id
(tagmt.corpus.matching) give the same figures as the line files of the same targets; the per-segment TSV
names each segment's id and source; significance tests work; XLIFF and line files are never mixed."""

from __future__ import annotations

import csv
import json
import os

import pytest

from tagmt.cli import main
from tagmt.evaluation import score_systems

HEAD12 = ('<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" '
          'version="1.2"><file original="f" source-language="en" target-language="de" datatype="plaintext"><body>')
SOURCES = {
    "u1": 'Click <g id="1">Save</g> now.',
    "u2": "Close the window.",
    "u3": 'Open <g id="2">File</g> and <g id="3">Edit</g>.',
    "u4": "Done.",
}
REFS = {
    "u1": 'Klicken Sie jetzt auf <g id="1">Speichern</g>.',
    "u2": "Schließen Sie das Fenster.",
    "u3": 'Öffnen Sie <g id="2">Datei</g> und <g id="3">Bearbeiten</g>.',
    "u4": None,
}


def xliff12(path, targets: dict[str, str | None], order: list[str] | None = None):
    units = []
    for uid in order or list(targets):
        target = targets[uid]
        units.append(f'<trans-unit id="{uid}"><source>{SOURCES[uid]}</source>'
                     + (f"<target>{target}</target>" if target is not None else "") + "</trans-unit>")
    path.write_text(HEAD12 + "".join(units) + "</body></file></xliff>\n", encoding="utf-8")
    return str(path)


def evaluate(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["evaluate", *argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def files(tmp_path):
    ref = xliff12(tmp_path / "ref.xlf", REFS)
    good = xliff12(tmp_path / "good.xlf", dict(REFS), order=["u3", "u4", "u2", "u1"])
    bad = xliff12(tmp_path / "bad.xlf", {"u1": "Klicken Sie jetzt auf Speichern.", "u2": "Fenster zu.",
                                         "u3": 'Öffnen Sie Datei und <g id="3">Bearbeiten</g>.', "u4": None})
    return ref, good, bad, tmp_path


def test_xliff_targets_score_as_their_line_files(capsys, files):
    ref, good, bad, _ = files
    code, out, err = evaluate(capsys, "--ref", ref, "--hyp", good, bad, "--format", "json")
    assert code == 0, err
    assert "1 segments have no target and are not scored: u4" in err
    systems = json.loads(out)["systems"]
    refs = [REFS[i] for i in ("u1", "u2", "u3")]
    expected = score_systems(refs, {good: refs, bad: ["Klicken Sie jetzt auf Speichern.", "Fenster zu.",
                                                      'Öffnen Sie Datei und <g id="3">Bearbeiten</g>.']}, "de")
    for system, want in zip(systems, expected):
        assert system["segments"] == 3
        assert system["scores"] == pytest.approx(want.scores, abs=5e-5)  # JSON figures: 4 decimals
    assert systems[0]["scores"]["markup-match"] == 100.0
    assert systems[1]["scores"]["markup-match"] == pytest.approx(100 / 3, abs=5e-5)


def test_per_segment_tsv_names_ids_and_sources(capsys, files):
    ref, good, bad, tmp_path = files
    tsv = tmp_path / "seg.tsv"
    code, _, err = evaluate(capsys, "--ref", ref, "--hyp", bad, "--metric", "markup-match",
                            "--per-segment", str(tsv))
    assert code == 0, err
    rows = list(csv.DictReader(tsv.open(encoding="utf-8"), delimiter="\t"))
    assert [r["id"] for r in rows] == ["u1", "u2", "u3"]
    assert [r["line"] for r in rows] == ["1", "2", "3"]
    assert rows[0]["source"] == SOURCES["u1"] and rows[2]["reference"] == REFS["u3"]
    assert [r["markup-match"] for r in rows] == ["0.0000", "100.0000", "0.0000"]


def test_paired_bootstrap_over_xliff(capsys, files):
    ref, good, bad, _ = files
    code, out, err = evaluate(capsys, "--ref", ref, "--hyp", good, bad, "--metric", "lex-chrf",
                              "--paired-bs", "--samples", "50", "--format", "json")
    assert code == 0, err
    baseline, other = json.loads(out)["systems"]
    assert other["significance"]["lex-chrf"]["p_value"] is not None
    assert baseline["scores"]["lex-chrf"] == 100.0


def test_target_language_from_the_file_or_the_option(capsys, files):
    ref, good, _, _ = files
    code, out, _ = evaluate(capsys, "--ref", ref, "--hyp", good, "--metric", "lex-bleu", "--format", "json")
    assert code == 0 and "tok:13a" in json.loads(out)["systems"][0]["signatures"]["lex-bleu"]
    code, out, err = evaluate(capsys, "--ref", ref, "--hyp", good, "--metric", "lex-bleu", "--trg-lang", "ja",
                              "--format", "json")
    assert code == 0, err
    assert "ja-mecab" in json.loads(out)["systems"][0]["signatures"]["lex-bleu"]
    code, _, err = evaluate(capsys, "--ref", ref, "--hyp", good, "--trg-lang", "klingon")
    assert code == 2 and "--trg-lang 'klingon'" in err


def test_missing_units_are_named(capsys, files):
    ref, _, _, tmp_path = files
    partial = xliff12(tmp_path / "partial.xlf", {"u1": "x", "u2": None, "u3": "z", "u4": None})
    code, out, err = evaluate(capsys, "--ref", ref, "--hyp", partial, "--format", "json")
    assert code == 0 and "partial.xlf: no target for 1 segments" in err and ": u2" in err
    assert json.loads(out)["systems"][0]["missing_targets"] == 1


def test_xliff_and_line_files_do_not_mix(capsys, files):
    ref, good, _, tmp_path = files
    lines = tmp_path / "hyp.de"
    lines.write_text("a\nb\nc\n", encoding="utf-8")
    code, _, err = evaluate(capsys, "--ref", ref, "--hyp", str(lines))
    assert code == 2 and "the reference is XLIFF, so every --hyp must be one too" in err
    code, _, err = evaluate(capsys, "--ref", ref, "--hyp", "-")
    assert code == 2 and "standard input" in err and err.count("\n") == 1
    code, _, err = evaluate(capsys, "--ref", ref, "--hyp", good, "--src", str(lines))
    assert code == 2 and "carries its sources" in err
    code, _, err = evaluate(capsys, "--ref", str(lines), "--trg-lang", "de", "--hyp", good)
    assert code == 2 and "is an XLIFF file but the reference is a line file" in err


def test_an_xliff_reference_that_is_a_fifo_is_one_line(capsys, tmp_path):
    fifo = tmp_path / "ref.xlf"
    os.mkfifo(fifo)
    code, _, err = evaluate(capsys, "--ref", str(fifo), "--hyp", str(fifo))
    assert code == 2 and "named pipe" in err and err.count("\n") == 1
