"""benchmarks/bench_seed_spread.py: how two or more seeds' projections of the same pairs differ, with
hand-made known answers (Latin, Japanese, Hangul), and a property: a pair never differs from itself."""

import importlib.util
import json
import sys
from pathlib import Path

from hypothesis import given, strategies as st

_PATH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_seed_spread.py"
_SPEC = importlib.util.spec_from_file_location("bench_seed_spread", _PATH)
spread = importlib.util.module_from_spec(_SPEC)
sys.modules.setdefault("bench_seed_spread", spread)
_SPEC.loader.exec_module(spread)


def test_kinds_latin_japanese_hangul():
    # an edge moved: the span still overlaps itself
    assert spread.split_kind(["<b>Alapilletmény teljes munkaidő esetén</b>",
                              "<b>Alapilletmény teljes munkaidő</b> esetén"]) == "edge"
    assert spread.split_kind(["<b>청구 예정</b> 탭에서", "<b>청구</b> 예정 탭에서"]) == "edge"
    # a span on other words: a different word (or copy) chosen
    assert spread.split_kind(["<b>提案</b>採用をクリック", "提案<b>採用</b>をクリック"]) == "elsewhere"
    # only a point moved
    assert spread.split_kind(['Mal<x id="3"/> einen Bericht vor.', 'Mal einen Bericht vor<x id="3"/>.']) == "point"
    # the tags differ in number, or the text itself
    assert spread.split_kind(["<b>a</b> b", "a b"]) == "other"
    assert spread.split_kind(["<b>a</b> b", "<b>a</b> c"]) == "other"


def test_compare_counts_and_exact():
    runs = [["<b>A</b> x", "y", "<i>z</i> w"], ["<b>A</b> x", "y", "<i>z w</i>"]]
    refs = ["<b>A</b> x", "y", "<i>z w</i>"]
    result = spread.compare(runs, sources=["<b>a</b> x", "y", "<i>z</i> w"], references=refs)
    assert result["tagged"] == 2  # the untagged pair does not count
    assert result["split"] == 1 and result["split_pairs"] == [2]
    assert result["agree"] == 0.5
    assert result["exact"] == [0.5, 1.0] and result["mean"] == 0.75
    assert result["some"] == 1 and result["never"] == 0
    assert result["kinds"]["edge"] == 1


def test_report_reads_folders(tmp_path, capsys):
    rows = (["<b>A</b> x", "<b>p q</b>"], ["<b>A</b> x", "<b>p</b> q"])
    folders = []
    for name, outputs in zip("ab", rows):
        folder = tmp_path / name
        folder.mkdir()
        (folder / "s.en-xx.cv.dev.jsonl").write_text("".join(json.dumps(o) + "\n" for o in outputs), "utf-8")
        (folder / "s.en-xx.cv.lockbox.jsonl").write_text('"never read"\n', "utf-8")
        folders.append(folder)
    share = spread.report(folders, None, None)
    assert share == 0.5
    assert "ratio pairs agreeing across 2 seeds: 0.5000" in capsys.readouterr().out


_WORDS = st.lists(st.sampled_from(["a", "bb", "청구", "提案", "x"]), min_size=1, max_size=6)


@given(_WORDS, st.data())
def test_a_projection_never_differs_from_itself(words, data):
    a = data.draw(st.integers(0, len(words) - 1))
    b = data.draw(st.integers(a, len(words) - 1))
    text = " ".join(words[:a] + ["<b>" + " ".join(words[a:b + 1]) + "</b>"] + words[b + 1:])
    result = spread.compare([[text], [text], [text]], references=[text])
    assert result["split"] == 0 and result["agree"] == 1.0 and result["exact"] == [1.0, 1.0, 1.0]
