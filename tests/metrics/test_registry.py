"""The metric registry checks options: an unknown option or compat value names the valid ones."""

from __future__ import annotations

import json

import pytest

from tagmt.cli import main
from tagmt.errors import TagmtError
from tagmt.metrics import get_metric
from tagmt.metrics.registry import _REGISTRY


def test_unknown_compat_value_names_the_valid_ones():
    with pytest.raises(TagmtError, match=r"unknown compat mode 'x' for metric xater; choose from: tagmt, original"):
        get_metric("xater", compat="x")


def test_unknown_option_names_the_metric_options():
    with pytest.raises(TagmtError, match=r"metric xater has no option 'word'; its options are: compat, words"):
        get_metric("xater", word=True)
    with pytest.raises(TagmtError, match=r"metric raw-bleu has no option 'iou'; its options are: .*trg_lang"):
        get_metric("raw-bleu", iou=0.5)


@pytest.mark.parametrize("name", sorted(_REGISTRY))
def test_every_metric_takes_compat_and_says_it_in_the_signature(name):
    if name == "texbleu":
        pytest.skip("texbleu's signature loads its model (tests/metrics/test_texbleu.py covers it)")
    metric = get_metric(name)
    assert "compat:tagmt" in metric.signature()
    assert get_metric(name, compat="original").compat == "original"


def test_cli_compat_original_for_segment_and_document_metrics(tmp_path, capsys):
    ref, hyp = tmp_path / "ref.en", tmp_path / "hyp.en"
    ref.write_text("Choose <b>Save</b> now.\nOpen 3 of 5 files.\n")
    hyp.write_text("Choose <b>Save</b> now.\nOpen 4 of 5 files.\n")
    code = main(["evaluate", "--ref", str(ref), "--trg-lang", "en", "--hyp", str(hyp), "--compat", "original",
                 "--metric", "xml-bleu", "markup-match", "ne-num-recall", "--format", "json"])
    out = json.loads(capsys.readouterr().out)["systems"][0]
    assert code == 0 and out["scores"]["markup_match"] == 100.0 and out["scores"]["ne_num_recall"] == 50.0
    assert all("compat:original" in s for s in out["signatures"].values())
    assert "tok:moses-en" in out["signatures"]["xml_bleu"]
    doc = tmp_path / "doc.xml"
    doc.write_text("<a><b>x</b></a>")
    code = main(["evaluate", "--metric", "xater", "--ref", str(doc), "--hyp", str(doc), "--compat", "original",
                 "--format", "json"])
    out = json.loads(capsys.readouterr().out)["systems"][0]
    assert code == 0 and out["scores"]["xater"] == 100.0 and "ter:pyter" in out["signatures"]["xater"]
