"""The table writers against a hand-made results file: exact Markdown, LaTeX and CSV."""

from __future__ import annotations

import json

import pytest

from tagmt.tables import (
    SCORE_TABLES,
    Column,
    Table,
    comparison_table,
    data_table,
    inline_table,
    latex_escape,
    score_table,
    score_table_by_direction,
    to_csv,
    to_latex,
    to_markdown,
    write_table,
)

RESULTS = {
    "data": {"split": "test"},
    "cells": [
        {"system": "M2M DT", "model": "m2m100", "approach": "dt", "aligner": None, "direction": "en-ja",
         "scores": {"raw-bleu": 42.14, "lex-bleu": 35.26, "tag-bleu": 78.4, "xml-bleu": 36.0, "markup-match": 81.0}},
        {"system": "M2M DT", "model": "m2m100", "approach": "dt", "aligner": None, "direction": "ja-en",
         "scores": {"raw-bleu": 20.0, "lex-bleu": 18.5, "tag-bleu": 100.0}},
        {"system": "M2M DP", "model": "m2m100", "approach": "dp", "aligner": "awesome", "direction": "en-ja",
         "scores": {"raw-bleu": 40.66, "lex-bleu": 36.4, "tag-bleu": 7.04, "xml-bleu": 38.0, "markup-match": 90.0}},
    ],
}
BLEU = SCORE_TABLES[0]
XML = SCORE_TABLES[2]
PAPER = {
    ("m2m100", "dt", "en-ja", "xml-bleu"): 36.4,
    ("m2m100", "dt", "en-ja", "hashimoto-bleu"): 39.6,
    ("m2m100", "dt", "en-ja", "markup-match"): 81.0,
    ("m2m100", "dt", "en-ko", "xml-bleu"): 28.5,
    ("mbart50", "dt", "en-ja", "xml-bleu"): 40.1,
}
PAPER_SYSTEMS = {("m2m100", "dt"): "", ("m2m100", "dp"): "awesome", ("mbart50", "dt"): ""}


@pytest.fixture()
def results(tmp_path):
    """The results dict read back from a results.json file, as the writers get it."""
    path = tmp_path / "results.json"
    path.write_text(json.dumps(RESULTS), encoding="utf-8")
    return json.loads(path.read_text(encoding="utf-8"))


def test_bleu_table_markdown(results):
    table = score_table(BLEU, results["cells"], results["data"]["split"])
    assert to_markdown(table) == (
        "Table 3: BLEU on the tagged text (raw), the text alone (lex) and the markup alone (tag). Split: test.\n"
        "\n"
        "| system | raw en-ja | raw ja-en | lex en-ja | lex ja-en | tag en-ja | tag ja-en |\n"
        "|:-------|----------:|----------:|----------:|----------:|----------:|----------:|\n"
        "| M2M DT |      42.1 |      20.0 |      35.3 |      18.5 |      78.4 |     100.0 |\n"
        "| M2M DP |      40.7 |         – |      36.4 |         – |       7.0 |         – |\n"
    )


def test_bleu_table_latex(results):
    table = score_table(BLEU, results["cells"], "test")
    assert to_latex(table) == (
        "\\begin{table}[htbp]\n"
        "\\centering\n"
        "\\caption{Table 3: BLEU on the tagged text (raw), the text alone (lex) and the markup alone (tag). "
        "Split: test.}\n"
        "\\label{tab:table3_bleu}\n"
        "\\begin{tabular}{lrrrrrr}\n"
        "\\toprule\n"
        " & \\multicolumn{2}{c}{raw} & \\multicolumn{2}{c}{lex} & \\multicolumn{2}{c}{tag} \\\\\n"
        "\\cmidrule(lr){2-3} \\cmidrule(lr){4-5} \\cmidrule(lr){6-7}\n"
        "system & en-ja & ja-en & en-ja & ja-en & en-ja & ja-en \\\\\n"
        "\\midrule\n"
        "M2M DT & 42.1 & 20.0 & 35.3 & 18.5 & 78.4 & 100.0 \\\\\n"
        "M2M DP & 40.7 & -- & 36.4 & -- & 7.0 & -- \\\\\n"
        "\\bottomrule\n"
        "\\end{tabular}\n"
        "\\end{table}\n"
    )


def test_bleu_table_csv(results):
    table = score_table(BLEU, results["cells"], "test")
    assert to_csv(table) == (
        "system,raw en-ja,raw ja-en,lex en-ja,lex ja-en,tag en-ja,tag ja-en\n"
        "M2M DT,42.14,20.00,35.26,18.50,78.40,100.00\n"
        "M2M DP,40.66,,36.40,,7.04,\n"
    )


def test_by_direction_layout_has_the_same_numbers(results):
    table = score_table_by_direction(BLEU, results["cells"], "test")
    assert to_csv(table) == (
        "direction,M2M DT raw,M2M DT lex,M2M DT tag,M2M DP raw,M2M DP lex,M2M DP tag\n"
        "en-ja,42.14,35.26,78.40,40.66,36.40,7.04\n"
        "ja-en,20.00,18.50,100.00,,,\n"
    )


def test_side_by_side_with_the_paper(results):
    table = comparison_table(XML, results["cells"], PAPER, PAPER_SYSTEMS)
    assert table is not None and table.name == "table5_xml_vs_paper"
    # Only en-ja is shared (ja-en is not the paper's, en-ko is not ours); mbart50 did not run.
    assert to_csv(table) == (
        "system,XML-BLEU en-ja ours,XML-BLEU en-ja paper,XML-BLEU en-ja Δ,BLEU en-ja ours,BLEU en-ja paper,"
        "BLEU en-ja Δ,match % en-ja ours,match % en-ja paper,match % en-ja Δ\n"
        "M2M DT,36.00,36.40,-0.40,35.26,39.60,-4.30,81.00,81.00,+0.00\n"
        "M2M DP,38.00,,,36.40,,,90.00,,\n"
    )
    assert to_markdown(table) == (
        "Table 5 next to the paper's: ours, the paper's, and the difference (ours − paper).\n"
        "\n"
        "| system | XML-BLEU en-ja ours | XML-BLEU en-ja paper | XML-BLEU en-ja Δ | BLEU en-ja ours "
        "| BLEU en-ja paper | BLEU en-ja Δ | match % en-ja ours | match % en-ja paper | match % en-ja Δ |\n"
        "|:-------|--------------------:|---------------------:|-----------------:|----------------:"
        "|-----------------:|-------------:|-------------------:|--------------------:|----------------:|\n"
        "| M2M DT |                36.0 |                 36.4 |             -0.4 |            35.3 "
        "|             39.6 |         -4.3 |               81.0 |                81.0 |            +0.0 |\n"
        "| M2M DP |                38.0 |                    – |                – |            36.4 "
        "|                – |            – |               90.0 |                   – |               – |\n"
        "\n"
        "The paper's Table 5 BLEU used Hashimoto et al.'s own tokenization; ours is lex BLEU with sacrebleu's "
        "tokenizers, so that difference is not the systems' alone.\n"
    )
    latex = to_latex(table)
    assert (
        " & \\multicolumn{3}{c}{XML-BLEU} & \\multicolumn{3}{c}{BLEU} & \\multicolumn{3}{c}{match \\%} \\\\\n"
        "\\cmidrule(lr){2-4} \\cmidrule(lr){5-7} \\cmidrule(lr){8-10}\n"
        " & \\multicolumn{3}{c}{en-ja} & \\multicolumn{3}{c}{en-ja} & \\multicolumn{3}{c}{en-ja} \\\\\n"
        "\\cmidrule(lr){2-4} \\cmidrule(lr){5-7} \\cmidrule(lr){8-10}\n"
        "system & ours & paper & $\\Delta$ & ours & paper & $\\Delta$ & ours & paper & $\\Delta$ \\\\\n"
        "\\midrule\n"
        "M2M DT & 36.0 & 36.4 & -0.4 & 35.3 & 39.6 & -4.3 & 81.0 & 81.0 & +0.0 \\\\\n"
        "M2M DP & 38.0 & -- & -- & 36.4 & -- & -- & 90.0 & -- & -- \\\\\n"
    ) in latex
    assert "(ours -- paper). The paper's Table 5 BLEU used Hashimoto" in latex


def test_delta_is_taken_from_the_score_as_shown():
    cells = [{"system": "M2M DT", "model": "m2m100", "approach": "dt", "aligner": None, "direction": "en-ja",
              "scores": {"xml-bleu": 36.44}}]
    table = comparison_table(XML, cells, {("m2m100", "dt", "en-ja", "xml-bleu"): 36.4}, PAPER_SYSTEMS)
    assert table is not None
    assert table.rows[0][1][:3] == [36.44, 36.4, pytest.approx(0.0)]


def test_a_dp_cell_with_another_aligner_is_not_the_papers(results):
    cells = [dict(cell, aligner="eflomal") for cell in results["cells"] if cell["approach"] == "dp"]
    assert comparison_table(XML, cells, PAPER, PAPER_SYSTEMS) is None


def test_data_tables_from_statistics():
    stats = {"documents": 190, "segments": 2002, "segments_with_inline": 590, "source_words": 24244,
             "redundancy": 1.0834, "inline_elements": {"xref": 25, "uicontrol": 647, "b": 0}}
    assert to_markdown(data_table(stats, "test")) == (
        "Table 1: the data set (English source side).\n"
        "\n"
        "|                                     |   test |\n"
        "|:------------------------------------|-------:|\n"
        "| documents                           |    190 |\n"
        "| parallel segments                   |  2,002 |\n"
        "| segments containing inline elements |    590 |\n"
        "| source words                        | 24,244 |\n"
        "| segment redundancy                  |   1.08 |\n"
    )
    assert to_csv(inline_table(stats, "test")) == "element,test\nb,0\nuicontrol,647\nxref,25\n"


def test_latex_escapes_specials():
    assert latex_escape("a_b & 5% #1 {x} ~^\\ Δ") == (
        "a\\_b \\& 5\\% \\#1 \\{x\\} \\textasciitilde{}\\textasciicircum{}\\textbackslash{} $\\Delta$"
    )


def test_inconsistent_tables_are_refused():
    with pytest.raises(ValueError, match="label depths"):
        Table("t", "t", "", [Column(("a",)), Column(("a", "b"))], [])
    with pytest.raises(ValueError, match="has 1 values for 2 columns"):
        Table("t", "t", "", [Column(("a",)), Column(("b",))], [("row", [1.0])])


def test_write_table_writes_three_formats(tmp_path, results):
    table = score_table(BLEU, results["cells"], "test")
    paths = write_table(table, tmp_path / "out")
    assert [p.name for p in paths] == ["table3_bleu.md", "table3_bleu.tex", "table3_bleu.csv"]
    assert paths[2].read_text(encoding="utf-8") == to_csv(table)
