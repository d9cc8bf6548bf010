"""tree-sim and node-chrf (after FormatRL) on hand-made documents with answers computed by hand."""

from __future__ import annotations

import json

import pytest
from sacrebleu.metrics import CHRF

from tagmt.cli import main
from tagmt.errors import TagmtError
from tagmt.metrics import get_metric
from tagmt.metrics.tree import MAX_NODES, node_texts, parse_document

REF = "<topic><title>Save</title><body><p>Open the file</p><p>Close <b>it</b> now</p></body></topic>"


@pytest.mark.parametrize(
    "hyp, distance",
    [
        (REF, 0),
        ("<topic><title>Save</title><body><p>Open the file</p></body></topic>", 2),  # a p and its b deleted
        ("<topic><title>Sichern</title><body><p>x</p><li>Close <b>it</b></li></body></topic>", 1),  # renamed
        ("<topic><title>Save</title><body><p>x</p><p>y <b>z</b> <i>w</i></p></body></topic>", 1),  # inserted
    ],
)
def test_tree_sim_is_one_minus_the_normalised_edit_distance(hyp, distance):
    result = get_metric("tree-sim").corpus_score([hyp], [[REF]])
    size = max(6, sum(1 for _ in parse_document(hyp).iter()))
    assert result.score == pytest.approx(100.0 * (1 - distance / size))
    assert result.details["distance"] == [distance]


def test_tree_sim_of_malformed_xml_is_zero_and_a_bad_reference_is_an_error():
    assert get_metric("tree-sim").corpus_score(["<topic><p>x</topic>"], [[REF]]).score == 0.0
    with pytest.raises(TagmtError, match="reference 1 is not well-formed"):
        get_metric("tree-sim").corpus_score([REF], [["<topic>"]])


def test_tree_sim_refuses_huge_trees_with_the_limit():
    big = "<r>" + "<p>x</p>" * MAX_NODES + "</r>"
    with pytest.raises(TagmtError, match=f"limited to {MAX_NODES} elements"):
        get_metric("tree-sim").corpus_score([big], [[big]])


def test_node_texts_and_node_chrf():
    texts = node_texts(parse_document(REF))
    assert texts == {
        "/topic[1]": "", "/topic[1]/title[1]": "Save", "/topic[1]/body[1]": "",
        "/topic[1]/body[1]/p[1]": "Open the file", "/topic[1]/body[1]/p[2]": "Close now",
        "/topic[1]/body[1]/p[2]/b[1]": "it",
    }
    assert get_metric("node-chrf").corpus_score([REF], [[REF]]).score == pytest.approx(100.0)
    hyp = "<topic><title>Save</title><body><p>Open a file</p></body><extra>more</extra></topic>"
    pairs = [("Save", "Save"), ("Open a file", "Open the file"), ("", "Close now"), ("", "it"), ("more", "")]
    expected = CHRF().corpus_score([h for h, _ in pairs], [[r for _, r in pairs]]).score
    assert get_metric("node-chrf").corpus_score([hyp], [[REF]]).score == pytest.approx(expected)


def test_tree_metrics_on_the_command_line(capsys, tmp_path):
    ref, hyp = tmp_path / "ref.xml", tmp_path / "hyp.xml"
    ref.write_text(REF, encoding="utf-8")
    hyp.write_text(REF.replace("<p>Open the file</p>", ""), encoding="utf-8")
    code = main(["evaluate", "--metric", "tree-sim", "node-chrf", "--ref", str(ref), "--hyp", str(hyp), str(ref),
                 "--format", "json"])
    assert code == 0
    first, second = json.loads(capsys.readouterr().out)["systems"]
    assert first["scores"]["tree-sim"] == pytest.approx(100 * (1 - 1 / 6))
    assert second["scores"] == {"tree-sim": 100.0, "node-chrf": pytest.approx(100.0)}
    assert first["figures"]["tree-sim"]["scale"] == "0-100"
