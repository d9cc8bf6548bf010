"""Every metric reads its target language through tagmt.languages: a BCP 47 tag scores exactly as its
language (ja-JP as ja, zh-CN/zh-Hans as zh, ko-KR as ko), in the API and in `tagmt evaluate`; names and
unknown codes are refused; a well-formed code with no tokenizer of its own says so in the signature."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tagmt.cli import main
from tagmt.errors import TagmtError
from tagmt.metrics.registry import get_metric

REF = {
    "ja": ["<b>保存</b>を選択して作業を続けます。", "詳細は<xref/>を参照してください。", "数量フィールドをドラッグします。"],
    "zh": ["选择<b>保存</b>以继续工作。", "详情请参阅<xref/>。", "拖动数量字段。"],
    "ko": ["<b>저장</b>을 선택하여 작업을 계속합니다.", "자세한 내용은 <xref/>을 참조하십시오.", "수량 필드를 끕니다."],
}
HYP = {
    "ja": ["保存を選択して作業を続けます。", "詳細は<xref/>を参照。", "数量のフィールドをドラッグします。"],
    "zh": ["选择保存以继续工作。", "详情参阅<xref/>。", "拖动数量的字段。"],
    "ko": ["저장을 선택하여 작업을 계속합니다.", "자세한 내용은 <xref/>을 참조.", "수량 필드를 끕니다."],
}
TAGS = [("ja", "ja-JP"), ("ja", "ja_jp"), ("zh", "zh-CN"), ("zh", "zh-Hans"), ("zh", "zh-SG"), ("ko", "ko-KR")]


def _score(name: str, lang: str, **options) -> float:
    base = "zh" if lang.startswith("zh") else lang[:2]
    return get_metric(name, trg_lang=lang, **options).corpus_score(HYP[base], [REF[base]]).score


@pytest.mark.parametrize("code, tag", TAGS)
@pytest.mark.parametrize("name", ["raw-bleu", "lex-bleu", "xml-bleu", "raw-chrf++"])
def test_api_scores_a_tag_as_its_language(name, code, tag):
    assert _score(name, tag) == _score(name, code)


@pytest.mark.parametrize("code", ["ja", "zh"])
def test_the_language_tokenizer_is_not_13a(code):
    """The hand cases are written without spaces: 13a would see one word per sentence."""
    assert _score("lex-bleu", code) != _score("lex-bleu", code, tokenize="13a")
    assert "tok:13a" not in get_metric("lex-bleu", trg_lang=f"{code}-XX").signature()


def test_traditional_chinese_tags_use_the_chinese_tokenizer():
    for tag in ("zh-TW", "zh-Hant", "zh-HK", "zf"):
        signature = get_metric("raw-bleu", trg_lang=tag).signature()
        assert "tok:zh|" in signature and "lang:zf" in signature


@pytest.mark.parametrize("name", ["japanese", "jp", "xx", "ja--JP"])
def test_api_refuses_names_and_unknown_codes(name):
    with pytest.raises(TagmtError, match="not a language code"):
        get_metric("raw-bleu", trg_lang=name)


def test_unknown_but_well_formed_codes_use_the_default_tokenizer_and_say_so():
    for code in ("enm", "qaa", "x-klingon"):
        signature = get_metric("raw-bleu", trg_lang=code).signature()
        assert "tok:13a" in signature and f"lang:{code}(unknown:default-tokenizer)" in signature
    assert "unknown" not in get_metric("raw-bleu", trg_lang="de-AT").signature()
    assert "lang:de|" in get_metric("raw-bleu", trg_lang="de-AT").signature() + "|"


def _evaluate(tmp_path: Path, capsys, lang: str, base: str) -> dict:
    ref, hyp = tmp_path / f"ref.{base}", tmp_path / f"hyp.{base}"
    ref.write_text("\n".join(REF[base]) + "\n", encoding="utf-8")
    hyp.write_text("\n".join(HYP[base]) + "\n", encoding="utf-8")
    assert main(["evaluate", "--ref", str(ref), "--trg-lang", lang, "--hyp", str(hyp), "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("code, tag", [("ja", "ja-JP"), ("zh", "zh-CN"), ("zh", "zh-Hans"), ("ko", "ko-KR")])
def test_evaluate_with_a_tag_equals_the_code_exactly(tmp_path, capsys, code, tag):
    assert _evaluate(tmp_path, capsys, tag, code) == _evaluate(tmp_path, capsys, code, code)


@pytest.mark.parametrize("name", ["japanese", "jp", "xx"])
def test_evaluate_refuses_names_in_one_line(tmp_path, capsys, name):
    ref = tmp_path / "ref.ja"
    ref.write_text("x\n", encoding="utf-8")
    assert main(["evaluate", "--ref", str(ref), "--trg-lang", name, "--hyp", str(ref)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not a language code" in err and "ja" in err


def test_evaluate_takes_an_unknown_well_formed_code(tmp_path, capsys):
    ref = tmp_path / "ref.enm"
    ref.write_text("Whan that Aprille with his shoures soote\n", encoding="utf-8")
    assert main(["evaluate", "--ref", str(ref), "--trg-lang", "enm", "--hyp", str(ref), "--format", "json",
                 "--metric", "raw-bleu"]) == 0
    out = json.loads(capsys.readouterr().out)["systems"][0]
    assert out["scores"]["raw-bleu"] == pytest.approx(100.0)
    assert "lang:enm(unknown:default-tokenizer)" in out["signatures"]["raw-bleu"]
