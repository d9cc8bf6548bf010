"""CSV/TSV formula injection (``tagmt/csvsafe.py``): no cell tagmt writes starts a spreadsheet formula.

Hypotheses, references and sources whose text starts with ``=``, ``+``, ``-``, ``@``, a tab or a CR, and
file names that do, come out with a leading ``'`` in ``evaluate --format csv``, ``--tag-report --format
csv``, the ``--per-segment`` TSV and the tables of ``reproduce``; tagmt's own numbers (``-1.25``) stay
numbers; ``--csv-raw`` writes every cell as it is.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tagmt import csvsafe
from tagmt.cli import main
from tagmt.tables import Column, Table, to_csv

HOSTILE = ["=HYPERLINK(\"http://x\",\"y\")", "+1+cmd|' /C calc'!A0", "-2+3", "@SUM(A1:A9)", "\tsneaky",
           "\r=1+1"]


def cells(text: str, delimiter: str = ",") -> list[list[str]]:
    return list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter))


def starts_a_formula(cell: str) -> bool:
    return bool(cell) and cell[0] in csvsafe.FORMULA_STARTS and not csvsafe._PLAIN_NUMBER.fullmatch(cell)


@pytest.mark.parametrize("text", HOSTILE)
def test_safe_cell_prefixes_formula_starts(text):
    assert csvsafe.safe_cell(text) == "'" + text


@pytest.mark.parametrize("value", [-1.25, 3, "-1.25", "+0.40", "-3", "12", "", "plain", "'=already"])
def test_numbers_and_plain_text_stay(value):
    assert csvsafe.safe_cell(value) == value


@given(st.text())
def test_no_neutralised_cell_starts_a_formula(text):
    out = csvsafe.safe_cell(text)
    assert not starts_a_formula(out)
    assert out in (text, "'" + text)


def files(tmp_path: Path) -> tuple[Path, Path]:
    ref = tmp_path / "ref.txt"
    hyp = tmp_path / "=cmd.txt"  # a file name that starts a formula
    ref.write_text("\n".join(f"{t} <b>bold</b>" for t in HOSTILE).replace("\r", "") + "\n", encoding="utf-8")
    hyp.write_text("\n".join(HOSTILE).replace("\r", "").replace("\t", " ") + "\n", encoding="utf-8")
    return ref, hyp


@pytest.mark.parametrize("raw", [False, True])
def test_evaluate_csv_and_per_segment_tsv(raw, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    ref, hyp = files(tmp_path)
    seg = tmp_path / "seg.tsv"
    argv = ["evaluate", "--ref", "ref.txt", "--trg-lang", "en", "--hyp", hyp.name, "--metric", "raw-bleu",
            "--format", "csv", "--per-segment", str(seg), *(["--csv-raw"] if raw else [])]
    assert main(argv) == 0
    printed = cells(capsys.readouterr().out)
    tsv = cells(seg.read_text(encoding="utf-8"), "\t")
    every = [c for row in printed + tsv for c in row]
    if raw:
        assert printed[1][0] == "=cmd.txt" and any(starts_a_formula(c) for c in every)
    else:
        assert not any(starts_a_formula(c) for c in every), [c for c in every if starts_a_formula(c)]
        assert printed[1][0] == "'=cmd.txt" and tsv[1][0] == "'=cmd.txt"
        assert "'@SUM(A1:A9)" in [row[-1] for row in tsv]
    csvsafe.set_raw(False)


def test_tag_report_csv(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    ref, hyp = files(tmp_path)
    assert main(["evaluate", "--ref", "ref.txt", "--trg-lang", "en", "--hyp", hyp.name, "--metric", "raw-bleu",
                 "--format", "csv", "--tag-report"]) == 0
    printed = cells(capsys.readouterr().out)
    assert not any(starts_a_formula(c) for row in printed for c in row)


def test_tables_csv_keeps_signed_numbers_and_neutralises_labels():
    table = Table(name="t", title="c", row_header="=system", columns=[Column(("-delta",), signed=True)],
                  rows=[("@model", [-1.5]), ("+plus", [2.25])])
    rows = cells(to_csv(table))
    assert rows[0] == ["'=system", "'-delta"]
    assert rows[1] == ["'@model", "-1.50"] and rows[2] == ["'+plus", "+2.25"]
    csvsafe.set_raw(True)
    try:
        assert cells(to_csv(table))[1][0] == "@model"
    finally:
        csvsafe.set_raw(False)
