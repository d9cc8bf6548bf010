"""Data set statistics: hand-counted answers on a tiny XLIFF data set, the paper's figures on sap-dev, the CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tagmt.cli import main
from tagmt.data.dataset import open_dataset
from tagmt.data.stats import compute_stats, count_words, element_name, inline_elements, meta_lines
from tagmt.data.xliff import IsolatedCode, PairedCode, Placeholder, Protected
from tagmt.errors import TagmtError

HEAD = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">\n'
    '<file original="dita" datatype="xml" source-language="en-US" target-language="ja-JP">\n<body>\n'
)
TAIL = "</body>\n</file>\n</xliff>"


def unit(ctx: str, uid: str, source: str, segments: list[tuple[str, str, str]]) -> str:
    """A translatable unit in a group; segments are (mid, English, Japanese)."""
    seg_src = " ".join(f'<mrk mtype="seg" mid="{m}">{en}</mrk>' for m, en, _ in segments)
    seg_trg = " ".join(f'<mrk mtype="seg" mid="{m}">{ja}</mrk>' for m, _, ja in segments)
    return (
        f'<group>\n<context-group><context context-type="element">{ctx}</context></context-group>\n'
        f'<trans-unit id="{uid}">\n<source>{source}</source>\n<seg-source>{seg_src}</seg-source>\n'
        f"<target>{seg_trg}</target></trans-unit>\n</group>\n"
    )


SKELETON = '<trans-unit translate="no" id="s"><source><ph id="0">&lt;concept id="c"&gt;</ph></source></trans-unit>\n'
EMPTY = '<trans-unit id="e">\n<source/>\n<seg-source/>\n<target/></trans-unit>\n'
UI = '<bpt id="{0}">&lt;uicontrol&gt;</bpt>{1}<ept id="{0}">&lt;/uicontrol&gt;</ept>'
MENU = ('<bpt id="3">&lt;menucascade&gt;</bpt>' + UI.format(4, "A") + UI.format(5, "B")
        + '<ept id="3">&lt;/menucascade&gt;</ept>')
XREF = '<ph id="6">&lt;xref keyref="loio1"/&gt;</ph>'
LOCKED = ('<mrk mtype="protected"><bpt id="7">&lt;sap-technical-name&gt;</bpt>X1'
          '<ept id="7">&lt;/sap-technical-name&gt;</ept></mrk>')

DOC_2 = HEAD + SKELETON + unit("title", "u1", "Save Data", [("1", "Save Data", "データ保存")]) + unit(
    "section", "u2", "…", [
        ("2", f"Choose {UI.format(1, 'Save')}.", f"{UI.format(1, '保存')}を選択します。"),
        ("3", 'Use &lt;&lt;QTY&gt;&gt; as<ph id="2">&lt;!--note--&gt;</ph> text.', "&lt;&lt;QTY&gt;&gt; を使います。"),
    ]) + unit("list_element", "u3", "…", [
        ("4", f"Go to {MENU} and {XREF}.", f"{MENU} と {XREF} に移動します。"),
    ]) + unit("section", "u4", "…", [
        ("5", f"Type {LOCKED}\u00a0now", f"{LOCKED} を入力"),
    ]) + TAIL
DOC_10 = HEAD + SKELETON + EMPTY + unit("title", "u1", "Save Data", [("1", "Save Data", "データ保存")]) + TAIL


@pytest.fixture()
def tiny(tmp_path: Path) -> Path:
    """Two documents, 6 segments, counted by hand below."""
    docs = tmp_path / "tiny" / "dev_data" / "enja" / "documents"
    docs.mkdir(parents=True)
    (docs / "2.xlf").write_text(DOC_2, encoding="utf-8")
    (docs / "10.xlf").write_text(DOC_10, encoding="utf-8")
    return tmp_path / "tiny"


def test_hand_counted_statistics(tiny):
    stats = compute_stats(open_dataset(tiny), "dev", "en-ja")
    assert stats.documents == 2
    assert stats.segments == 6
    # mid 2 (uicontrol), 4 (menucascade, 2 × uicontrol, xref), 5 (protected sap-technical-name);
    # mid 3 has only literal "<<QTY>>" text and a comment: no element
    assert stats.segments_with_inline == 3
    assert stats.inline_per_segment == [0, 1, 0, 4, 1, 0]
    assert stats.inline_elements == {"menucascade": 1, "sap-technical-name": 1, "uicontrol": 3, "xref": 1}
    # Save Data | Choose Save. | Use <<QTY>> as text. | Go to AB and <locked-ref>. | Type X1\xa0now | Save Data
    assert stats.words_per_segment == [2, 2, 4, 5, 2, 2]
    assert stats.source_words == 17
    assert stats.redundancy == pytest.approx(6 / 5)  # "Save Data"/"データ保存" occurs twice
    assert stats.textual_elements == {"list_element": 1, "section": 3, "title": 2}


def test_meta_lines_number_units_that_have_segments(tiny):
    assert meta_lines(open_dataset(tiny), "dev", "enja") == [
        "2\t1\t1\t1\ttitle",
        "2\t2\t2\t1\tsection",
        "2\t3\t2\t2\tsection",
        "2\t4\t3\t1\tlist_element",
        "2\t5\t4\t1\tsection",
        "10\t1\t1\t1\ttitle",
    ]


def test_element_names_and_words():
    assert element_name('<xref keyref="a"/>') == "xref"
    assert element_name("<sap-icon-font-size/>") == "sap-icon-font-size"
    assert element_name("<!--comment-->") is None
    assert element_name("</b>") is None
    content = [
        "a ",
        PairedCode("1", None, "<menucascade>", "</menucascade>", [PairedCode("2", None, "<uicontrol>", "</uicontrol>", ["x"])]),
        Protected([Placeholder("3", None, "<sap-icon-font-size/>")]),
        IsolatedCode("4", None, "<b>", "open"),
        IsolatedCode("5", None, "</i>", "close"),
        Placeholder("6", None, "<!--c-->"),
        "<<TEXT>>",
    ]
    assert inline_elements(content) == ["menucascade", "uicontrol", "sap-icon-font-size", "b"]
    assert count_words("a  b\u00a0c <locked-ref>.") == 3
    assert count_words("") == 0


def test_only_english_source_directions(tiny):
    with pytest.raises(TagmtError, match="English source"):
        compute_stats(open_dataset(tiny), "dev", "ja-en")


@pytest.mark.sapdev
def test_paper_tables_1_and_2_on_sap_dev(sap_dev):
    """Table 1 exactly; Table 2 exactly except two cells the data cannot give (see comments)."""
    stats = compute_stats(open_dataset(sap_dev), "dev", "en-ja")
    assert (stats.documents, stats.segments, stats.segments_with_inline) == (195, 2011, 520)
    assert stats.source_words == 24490
    assert round(stats.redundancy, 2) == 1.09
    paper = {
        "alt": 2, "cite": 27, "codeph": 1, "emphasis": 37, "field": 1, "i": 12, "keyword": 1, "menucascade": 1,
        "ph": 1, "pname": 4, "sap-icon-background-color": 2, "sap-icon-font": 2, "sap-icon-font-character": 2,
        "sap-icon-font-color": 2, "sap-icon-font-description": 2, "sap-icon-font-size": 2, "sap-note": 2,
        "sap-technical-name": 25, "systemoutput": 8, "uicontrol": 569, "uinolabel": 3, "userinput": 13, "xref": 25,
    }
    # The dev XLIFF holds one <alt> element (document 340), and its only "field" is the literal text
    # "{{<field name>}}" inside <emphasis>, which is not markup.
    expected = {name: count for name, count in paper.items() if name != "field"} | {"alt": 1}
    assert stats.inline_elements == expected
    assert stats.textual_elements == {"example": 7, "list_element": 545, "section": 1092, "table_element": 10,
                                      "title": 357}


@pytest.mark.sapdev
@pytest.mark.parametrize("pair", ["enja", "enko", "enzh", "enzf"])
def test_meta_lines_equal_upstream_meta(sap_dev, pair):
    dataset = open_dataset(sap_dev)
    upstream = dataset.documents_dir("dev", pair).parent / f"software_documentation.dev.{pair}.meta"
    assert meta_lines(dataset, "dev", pair) == upstream.read_text(encoding="utf-8").splitlines()


def test_cli_json_on_the_sample(capsys, sample_data):
    assert main(["stats", "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out) == ["documents", "segments", "segments_with_inline", "source_words", "redundancy",
                         "inline_elements", "textual_elements"]
    plain = (sample_data / "dev_data/enja/software_documentation.dev.enja.en")
    lines = plain.read_text(encoding="utf-8").splitlines()
    assert out["documents"] == 10
    assert out["segments"] == len(lines) == sum(out["textual_elements"].values())
    assert out["source_words"] == sum(count_words(line) for line in lines)
    assert out["redundancy"] > 1  # "Use", "Prerequisites" and "Choose Save." repeat
    assert out["inline_elements"]["menucascade"] == 1


def test_cli_markdown_and_plots(tiny, tmp_path: Path):
    pytest.importorskip("matplotlib")
    plots = tmp_path / "figures"
    done = subprocess.run(
        [sys.executable, "-m", "tagmt", "stats", "--data", str(tiny), "--pair", "en-ja", "--plots", str(plots)],
        capture_output=True, text=True, check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "| parallel segments | 6 |" in done.stdout
    assert "| uicontrol | 3 |" in done.stdout
    names = sorted(p.name for p in plots.iterdir())
    assert names == ["inline_elements_per_segment.png", "segment_length.png", "textual_elements.png"]
    for name in names:
        data = (plots / name).read_bytes()
        assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 5000


@pytest.mark.parametrize("argv, message", [
    (["--pair", "ja-ko"], "English source"),
    (["--pair", "en-xx"], "unknown direction"),
    (["--data", "/nonexistent/folder"], "does not exist"),
    (["--split", "test"], "no split 'test'"),
])
def test_cli_bad_input_is_one_line(capsys, argv, message):
    assert main(["stats", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tagmt: error: ") and message in err and err.count("\n") == 1
