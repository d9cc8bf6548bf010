"""tree-sim and node-chrf (after FormatRL) on hand-made documents with answers computed by hand."""

from __future__ import annotations

import json

import pytest
from sacrebleu.metrics import CHRF

from tagmt.cli import main
from tagmt.errors import TagmtError
from tagmt.metrics import get_metric
from tagmt.metrics.tree import MAX_NODES, node_pairs, node_texts, parse_document

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
    # the edit mapping: title and the first p paired, the second p and its b deleted, <extra> inserted
    hyp = "<topic><title>Save</title><body><p>Open a file</p></body><extra>more</extra></topic>"
    mapped = node_pairs(parse_document(hyp), parse_document(REF))
    assert sorted(map(repr, mapped)) == sorted(map(repr, [
        ("", ""), ("Save", "Save"), ("", ""), ("Open a file", "Open the file"), (None, "Close now"), (None, "it"),
        ("more", None)]))
    chrf = CHRF()
    pairs = [("Save", "Save"), ("Open a file", "Open the file"), ("", "Close now"), ("", "it")]
    stats = [sum(column) for column in zip(*(
        chrf._compute_segment_statistics(h, chrf._extract_reference_info([r])) for h, r in pairs))]
    # the inserted "more": 4, 3, 2 and 1 character n-grams of orders 1-4 in the hypothesis, none matched
    for order, count in enumerate([4, 3, 2, 1]):
        stats[3 * order] += count
    expected = chrf._compute_score_from_stats(stats).score
    assert get_metric("node-chrf").corpus_score([hyp], [[REF]]).score == pytest.approx(expected)


#: A topic of three paragraphs (the issue's checks: inserted paragraph, renamed element, emptied one).
PARAS = ["Open the file menu and choose save", "Close the dialog with the button",
         "The report shows the revenue of the quarter"]
TOPIC = "<topic><title>Guide</title><body>" + "".join(f"<p>{p}</p>" for p in PARAS) + "</body></topic>"


def test_node_chrf_counts_inserted_text_and_survives_a_renamed_element():
    def node_chrf(hyp: str) -> float:
        return get_metric("node-chrf").corpus_score([hyp], [[TOPIC]]).score

    inserted = TOPIC.replace("<p>Close", "<p>Print the page on the default printer</p><p>Close")
    renamed = TOPIC.replace("<p>Close the dialog with the button</p>", "<li>Close the dialog with the button</li>")
    emptied = TOPIC.replace("<p>Close the dialog with the button</p>", "<p></p>")
    assert node_chrf(inserted) < 95  # was 100: text the reference lacks cost nothing
    assert node_chrf(renamed) > 60 and node_chrf(renamed) > node_chrf(emptied) + 10  # was 23.5 vs 76.4
    # a renamed element does not shift its later siblings: the third paragraph keeps its pair
    pairs = node_pairs(parse_document(renamed), parse_document(TOPIC))
    assert (PARAS[2], PARAS[2]) in pairs and (PARAS[1], PARAS[1]) in pairs
    # among equally cheap mappings the one pairing equal texts wins: the inserted paragraph is the new one
    pairs = node_pairs(parse_document(inserted), parse_document(TOPIC))
    assert ("Print the page on the default printer", None) in pairs and all((p, p) in pairs for p in PARAS)
    # tree-sim is unchanged (label edit distance only)
    assert get_metric("tree-sim").corpus_score([renamed], [[TOPIC]]).details["distance"] == [1]


def test_node_chrf_refuses_huge_trees_with_the_limit():
    big = "<r>" + "<p>x</p>" * MAX_NODES + "</r>"
    with pytest.raises(TagmtError, match=f"node-chrf: document 1 has {MAX_NODES + 1} elements"):
        get_metric("node-chrf").corpus_score([big], [[big]])


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
