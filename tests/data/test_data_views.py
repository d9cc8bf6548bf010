"""The views: known answers on the tiny set, pivot joins, DITA files, the CLI, and byte identity with
upstream's concatenated files on the real development split."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from lxml import etree

from tagmt.cli import main
from tagmt.data.dataset import open_dataset
from tagmt.data.directions import all_directions
from tagmt.data.views import ParallelSegment, parallel_segments, segment_lines, write_dita
from tagmt.data.xliff import PARSER
from tagmt.errors import TagmtError
from tagmt.testing.tiny_xliff import write_tiny_dataset

ICON = "\ue0f1"
EN = {
    "tagged": [
        "Hello.",
        "Post Invoices",
        "Click <uicontrol>Save</uicontrol><b>now</b>.",  # whitespace-only text between tags is dropped
        'See <xref href="a.dita"/> & the list of <name of type>.',
        f"Use the <sap-icon-font-character>{ICON}</sap-icon-font-character> icon.",
        'Open <xref id="lockTU_9"/>.',
    ],
    "masked": [
        "Hello.",
        "Post Invoices",
        'Click <g id="6">Save</g><g id="7">now</g>.',
        'See <x id="8"/> & the list of <name of type>.',
        f'Use the <mrk mtype="protected"><g id="11">{ICON}</g></mrk> icon.',
        'Open <x id="locked1" xid="lockTU_9"/>.',
    ],
    "plain": [
        "Hello.",
        "Post Invoices",
        "Click Savenow.",
        "See <locked-ref> & the list of <name of type>.",
        "Use the <locked-ref> icon.",
        "Open <locked-ref>.",
    ],
}
MIDS = [(2, "1"), (10, "1"), (10, "2"), (10, "3"), (10, "4"), (10, "5")]


@pytest.fixture(scope="module")
def tiny(tmp_path_factory) -> Path:
    return write_tiny_dataset(tmp_path_factory.mktemp("tiny"))


@pytest.mark.parametrize("view", ["tagged", "masked", "plain"])
def test_english_to_japanese_known_answers(tiny, view):
    ds = open_dataset(tiny)
    assert segment_lines(ds, "dev", "en-ja", view, "source") == EN[view]
    assert segment_lines(ds, "dev", "en-ja", view, "target") == ["JA " + line for line in EN[view]]


def test_reverse_and_pivot_directions(tiny):
    ds = open_dataset(tiny)
    assert segment_lines(ds, None, "ko-en", "plain", "source") == ["KO " + line for line in EN["plain"]]
    assert segment_lines(ds, None, "ko-en", "plain", "target") == EN["plain"]
    segments = parallel_segments(ds, "dev", "ja-zf")
    assert segments[0] == ParallelSegment(2, "1", "JA Hello.", "ZF Hello.")
    assert [(s.doc_id, s.mid) for s in segments] == MIDS
    assert [s.target for s in segments] == ["ZF " + line for line in EN["tagged"]]


def test_pivot_refuses_misaligned_segments(tmp_path):
    root = write_tiny_dataset(tmp_path)
    ko = root / "dev_data/enko/documents/10.xlf"
    ko.write_text(ko.read_text(encoding="utf-8").replace('mid="4"', 'mid="44"'), encoding="utf-8")
    with pytest.raises(TagmtError) as err:
        parallel_segments(open_dataset(root), "dev", "ja-ko")
    message = str(err.value)
    assert "document 10, segment mid 4 of" in message and "meets segment mid 44 of" in message
    assert "enja/documents/10.xlf" in message and "enko/documents/10.xlf" in message


def test_pivot_refuses_missing_document(tmp_path):
    root = write_tiny_dataset(tmp_path)
    (root / "dev_data/enzh/documents/2.xlf").unlink()
    with pytest.raises(TagmtError, match="document 2 is in enja but not in enzh"):
        parallel_segments(open_dataset(root), "dev", "ja-zh")


def test_missing_pair_for_direction(tmp_path):
    root = write_tiny_dataset(tmp_path, langs=("ja",))
    with pytest.raises(TagmtError, match="no language pair 'enko'"):
        segment_lines(open_dataset(root), "dev", "en-ko", "tagged", "source")


def test_unknown_view_and_side(tiny):
    ds = open_dataset(tiny)
    with pytest.raises(TagmtError, match="unknown view 'xml'"):
        segment_lines(ds, "dev", "en-ja", "xml", "source")
    with pytest.raises(TagmtError, match="unknown side 'left'"):
        segment_lines(ds, "dev", "en-ja", "plain", "left")


def test_dita_documents_are_whole_and_parse(tiny, tmp_path):
    written = write_dita(open_dataset(tiny), "dev", "ja-ko", "target", tmp_path / "out")
    assert [p.name for p in written] == ["2.dita", "10.dita"]
    root = etree.parse(str(written[1]), PARSER).getroot()
    assert root.tag == "task" and root.get("{http://www.w3.org/XML/1998/namespace}lang") == "ko-KR"
    assert root.findtext("title") == "KO Post Invoices"
    p = root.find("taskbody/p")
    # whitespace between segments and between tags survives; literal & and <…> are escaped text
    assert "".join(p.itertext()) == "KO Click Save now. KO See  & the \nlist of <name of type>."
    assert p.find("xref").get("href") == "a.dita"
    concept = etree.parse(str(written[0]), PARSER).getroot()
    assert "".join(concept.itertext()) == "KO Hello.In-App Help"


def test_cli_writes_view_to_stdout_and_file(tiny, tmp_path, capsys):
    assert main(["views", "--data", str(tiny), "--pair", "en-ja", "--view", "masked", "--side", "source"]) == 0
    assert capsys.readouterr().out == "".join(line + "\n" for line in EN["masked"])
    out = tmp_path / "ko.txt"
    code = main(["views", "--data", str(tiny), "--split", "dev", "--pair", "ja-ko", "--view", "plain",
                 "--side", "target", "-o", str(out)])
    assert code == 0
    assert out.read_text(encoding="utf-8").splitlines() == ["KO " + line for line in EN["plain"]]


def test_cli_dita_needs_a_folder(tiny, tmp_path, capsys):
    args = ["views", "--data", str(tiny), "--pair", "en-zf", "--zf", "--view", "dita", "--side", "source"]
    assert main(args) == 2
    assert "-o DIR" in capsys.readouterr().err
    assert main(args + ["-o", str(tmp_path / "dita")]) == 0
    assert sorted(p.name for p in (tmp_path / "dita").iterdir()) == ["10.dita", "2.dita"]


def test_cli_subprocess_and_help(tiny):
    run = subprocess.run(
        [sys.executable, "-m", "tagmt", "views", "--data", str(tiny), "--pair", "zh-en", "--view", "tagged",
         "--side", "source"],
        capture_output=True, check=False,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.decode("utf-8").split("\n")[:2] == ["ZH Hello.", "ZH Post Invoices"]
    help_run = subprocess.run([sys.executable, "-m", "tagmt", "views", "--help"], capture_output=True, text=True)
    assert help_run.returncode == 0 and "examples:" in help_run.stdout and "--pair" in help_run.stdout


UPSTREAM = {
    ("tagged", "source"): "software_documentation.source-text-dita-translatables.dev.en{xx}.en",
    ("tagged", "target"): "software_documentation.target-text-dita-translatables.dev.en{xx}.{xx}",
    ("plain", "source"): "software_documentation.dev.en{xx}.en",
    ("plain", "target"): "software_documentation.dev.en{xx}.{xx}",
}


@pytest.mark.sapdev
@pytest.mark.parametrize("xx", ["ja", "ko", "zh", "zf"])
@pytest.mark.parametrize("view_side", sorted(UPSTREAM))
def test_byte_identical_to_upstream(sap_dev, xx, view_side):
    ds = open_dataset(sap_dev)
    view, side = view_side
    lines = segment_lines(ds, "dev", f"en-{xx}", view, side)
    upstream = ds.documents_dir("dev", f"en{xx}").parent / UPSTREAM[view_side].format(xx=xx)
    assert "".join(line + "\n" for line in lines).encode("utf-8") == upstream.read_bytes()


@pytest.mark.sapdev
def test_masked_view_on_sap_dev_has_one_line_per_segment(sap_dev):
    ds = open_dataset(sap_dev)
    lines = segment_lines(ds, "dev", "ko-zh", "masked", "source")
    assert len(lines) == 2011 and all("\n" not in line for line in lines)
    assert sum('<g id="' in line for line in lines) > 300


@pytest.mark.sapdev
@pytest.mark.parametrize("xx", ["ja", "ko", "zh", "zf"])
def test_every_dita_document_parses(sap_dev, tmp_path, xx):
    ds = open_dataset(sap_dev)
    for side in ("source", "target"):
        written = write_dita(ds, "dev", f"en-{xx}", side, tmp_path / side)
        assert len(written) == 195
        for path in written:
            etree.parse(str(path), PARSER)


def test_bundled_sample_every_direction_and_dita(sample_data, tmp_path):
    ds = open_dataset(sample_data)
    counts = set()
    for direction in all_directions(include_zf=True):
        segments = parallel_segments(ds, None, direction, "masked")
        counts.add(len(segments))
        assert all("\n" not in s.source + s.target for s in segments)
    assert len(counts) == 1 and counts.pop() > 0
    for path in write_dita(ds, None, "en-ko", "target", tmp_path):
        etree.parse(str(path), PARSER)
