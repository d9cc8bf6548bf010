"""The public API (docs/api.md): lazy, the same numbers as the command line, clear errors."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import tagmt
from tagmt.cli import main
from tagmt.errors import TagmtError
from tagmt.paths import sample_data_dir

REFS = ['Klicken Sie auf <b>Speichern</b>.', 'Öffnen Sie die Datei <i>a.txt</i> &amp; mehr.', 'Fertig.']
HYPS = ['Klicken Sie auf <b>Speichern</b>.', 'Öffnen Sie die Datei a.txt &amp; mehr.', 'Fertig!']


def test_import_is_lazy():
    code = ("import sys, tagmt; heavy = [m for m in ('tagmt.api', 'tagmt.metrics.registry', 'tagmt.translation', "
            "'sacrebleu', 'numpy') if m in sys.modules]; print(heavy)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
    assert {"metric", "evaluate", "project", "read", "translate"} <= set(dir(tagmt))
    with pytest.raises(AttributeError):
        tagmt.no_such_name  # noqa: B018


def test_translate_and_project_are_plain_functions():
    """tagmt.translate / tagmt.project are the API's plain functions, and importing the library's packages
    (tagmt.translation, tagmt.projection) leaves them so."""
    import types

    import tagmt.projection  # noqa: F401
    import tagmt.translation.files  # noqa: F401
    from tagmt import api

    assert tagmt.project is api.project and tagmt.translate is api.translate
    assert isinstance(tagmt.project, types.FunctionType) and isinstance(tagmt.translate, types.FunctionType)
    assert tagmt.translation.files.translate_file and tagmt.projection.detag


def test_metric_matches_the_registry():
    from tagmt.metrics.registry import get_metric

    ours = tagmt.metric("lex-bleu", trg_lang="de").corpus_score(HYPS, [REFS])
    theirs = get_metric("lex-bleu", trg_lang="de").corpus_score(HYPS, [REFS])
    assert (ours.score, ours.signature) == (theirs.score, theirs.signature)
    sentence = tagmt.metric("markup-match", trg_lang="de").sentence_score(HYPS[1], [REFS[1]])
    assert sentence.score == 0.0
    with pytest.raises(TagmtError, match=r"corpus_score\(hyps, \[refs\]\)"):
        tagmt.metric("raw-bleu", trg_lang="de").corpus_score(HYPS, REFS)
    with pytest.raises(TagmtError, match="list of references"):
        tagmt.metric("raw-bleu", trg_lang="de").sentence_score(HYPS[0], REFS[0])
    with pytest.raises(TagmtError, match="unknown metric"):
        tagmt.metric("xml-bleuu")


def test_evaluate_equals_the_cli_json(tmp_path, capsys):
    ref, hyp = tmp_path / "ref.de", tmp_path / "hyp.de"
    ref.write_text("\n".join(REFS) + "\n", encoding="utf-8")
    hyp.write_text("\n".join(HYPS) + "\n", encoding="utf-8")
    assert main(["evaluate", "--ref", str(ref), "--trg-lang", "de", "--hyp", str(hyp), "--format", "json"]) == 0
    cli = json.loads(capsys.readouterr().out)
    api = tagmt.evaluate(REFS, {str(hyp): HYPS}, trg_lang="de").to_dict()
    assert api == cli
    assert json.loads(json.dumps(api)) == api  # JSON-ready


def test_evaluate_errors():
    with pytest.raises(TagmtError, match="2 segments but the reference has 3"):
        tagmt.evaluate(REFS, {"a": HYPS[:2]}, trg_lang="de")
    with pytest.raises(TagmtError, match="at least two"):
        tagmt.evaluate(REFS, {"a": HYPS}, trg_lang="de", paired_bs=True)


def test_read_write_round_trip_keeps_every_byte(tmp_path):
    for name in ("guide.xliff12.xlf", "guide.xliff2.xlf"):
        path = sample_data_dir() / "files" / name
        corpus = tagmt.read(path)
        assert all(s.id and s.source for s in corpus.segments)
        out = corpus.write(tmp_path / name, [None] * len(corpus.segments))
        assert out.read_bytes() == path.read_bytes()
        targets = [s.target for s in corpus.segments]
        again = tagmt.read(corpus.write(tmp_path / ("t." + name), targets, overwrite=True))
        assert [s.target for s in again.segments] == targets  # written, and a valid target stays as it is
        assert corpus.written == len(targets)


def test_project_shapes_and_errors():
    pytest.importorskip("eflomal")
    with pytest.raises(TagmtError, match="two strings"):
        tagmt.project(["a"], "b", src_lang="en", trg_lang="de")
    with pytest.raises(TagmtError, match="1 sources but 2 translations"):
        tagmt.project(["a"], ["b", "c"], src_lang="en", trg_lang="de")
    with pytest.raises(TagmtError, match="already contains tags"):
        tagmt.project(['<g id="1">a</g>'], ['<g id="1">b</g>'], src_lang="en", trg_lang="de")
    with pytest.raises(TagmtError, match="tagmt learn|projection model"):
        tagmt.project(["a <b>b</b>"], ["x y"], src_lang="en", trg_lang="de", projection_model=object())
    out = tagmt.project(['<b>Save</b> it'], ["Speichern"], src_lang="en", trg_lang="de",
                        examples=[('<b>Save</b> all', '<b>Alles</b> speichern')])
    assert out[0].count("<b>") == 1 and out[0].count("</b>") == 1


def test_translate_list_and_errors(tmp_path):
    assert tagmt.translate(["a &amp; <x id=\"1\"/>"], src_lang="en", trg_lang="de", model="copy") == ["a &amp; <x id=\"1\"/>"]
    with pytest.raises(TagmtError, match="src_lang"):
        tagmt.translate(["a"], model="copy")
    with pytest.raises(TagmtError, match="output="):
        tagmt.translate(sample_data_dir() / "files" / "guide.en", model="copy")
