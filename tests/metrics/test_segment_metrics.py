"""raw / lex / tag BLEU and chrF: every figure equals a direct sacrebleu call on the same strings."""

from __future__ import annotations

import pytest
from sacrebleu.metrics import BLEU, CHRF

from tagmt.errors import TagmtError
from tagmt.markup import element_names, strip, tags
from tagmt.metrics import get_metric
from tagmt.metrics.segment import bleu_tokenizer

REFS = {
    "en": [
        "Choose <uicontrol>Save</uicontrol> to keep the <b>work pack</b>.",
        "The list shows <uicontrol>Status</uicontrol> and <uicontrol>Date</uicontrol>.",
        'See <xref keyref="k1"/> for details.',
        "Enter a name without any markup.",
        "",
    ],
    "ja": [
        "<uicontrol>保存</uicontrol>を選択して、作業パッケージを登録します。",
        "一覧には<uicontrol>ステータス</uicontrol>と<uicontrol>日付</uicontrol>が表示されます。",
        '詳細は<xref keyref="k1"/>を参照してください。',
        "名前を入力します。",
        "ドラッグ & ドロップします。",
    ],
    "ko": [
        "<uicontrol>저장</uicontrol>을 선택하여 작업 패키지를 등록합니다.",
        "목록에 <uicontrol>상태</uicontrol>와 <uicontrol>날짜</uicontrol>가 표시됩니다.",
        '자세한 내용은 <xref keyref="k1"/>를 참조하십시오.',
        "이름을 입력합니다.",
        "<계층구조 유형> 그룹",
    ],
    "zh": [
        "选择<uicontrol>保存</uicontrol>以登记工作包。",
        "列表显示<uicontrol>状态</uicontrol>和<uicontrol>日期</uicontrol>。",
        '有关详细信息，请参阅<xref keyref="k1"/>。',
        "输入名称。",
        "<<SHIPPED_QUANTITY>> 个",
    ],
}


def hypotheses_for(refs: list[str]) -> list[str]:
    """A system that drops one tag pair, reorders words and garbles a segment."""
    return [
        strip(refs[0]),
        refs[1].replace("</uicontrol>と", "と</uicontrol>"),
        refs[2][::-1],
        refs[3] + refs[3],
        "",
    ]


@pytest.mark.parametrize("lang", sorted(REFS))
def test_every_view_equals_a_direct_sacrebleu_call(lang):
    refs = REFS[lang]
    hyps = hypotheses_for(refs)
    names = [element_names(r) for r in refs]  # a hypothesis is read with its reference's element names
    views = {
        "raw": (hyps, refs),
        "lex": ([strip(h, n) for h, n in zip(hyps, names)], [strip(r) for r in refs]),
        "tag": ([tags(h, n) for h, n in zip(hyps, names)], [tags(r) for r in refs]),
    }
    for view, (view_hyps, view_refs) in views.items():
        tokenize = "none" if view == "tag" else bleu_tokenizer(lang)
        bleu = get_metric(f"{view}-bleu", trg_lang=lang).corpus_score(hyps, [refs])
        direct = BLEU(tokenize=tokenize).corpus_score(view_hyps, [view_refs])
        assert bleu.score == pytest.approx(direct.score, abs=1e-9)
        sentence = BLEU(tokenize=tokenize, effective_order=True)
        # a segment with nothing on either side (no markup for the tag view, no text for the others) has
        # no score ("n/a"), not sacrebleu's 0 (issue 33)
        untagged = [not h.strip() and not r.strip() for h, r in zip(view_hyps, view_refs)]
        assert bleu.segment_scores == [
            None if skip else pytest.approx(sentence.sentence_score(h, [r]).score)
            for skip, h, r in zip(untagged, view_hyps, view_refs)
        ]
        chrf = get_metric(f"{view}-chrf", trg_lang=lang).corpus_score(hyps, [refs])
        assert chrf.score == pytest.approx(CHRF().corpus_score(view_hyps, [view_refs]).score, abs=1e-9)
        assert chrf.segment_scores == [
            None if skip else pytest.approx(CHRF().sentence_score(h, [r]).score)
            for skip, h, r in zip(untagged, view_hyps, view_refs)
        ]
        assert 0 < bleu.score < 100 and 0 < chrf.score < 100


def test_tokenizer_by_target_language():
    assert [bleu_tokenizer(x) for x in ("ja", "ko", "zh", "zf", "en", "de")] == [
        "ja-mecab", "ko-mecab", "zh", "zh", "13a", "13a",
    ]


@pytest.mark.parametrize("name", ["raw-bleu", "lex-chrf", "xml-bleu", "lex-ter"])
def test_a_missing_target_language_is_an_error_not_13a(name):
    with pytest.raises(TagmtError, match="needs the target language"):
        get_metric(name)
    assert "tok:13a" in get_metric(name, tokenize="13a").signature() or name.endswith(("chrf", "ter"))


def test_signatures_extend_sacrebleu_with_view_and_markup():
    refs = REFS["ja"]
    raw = get_metric("raw-bleu", trg_lang="ja")
    raw.corpus_score(refs, [refs])
    fields = dict(f.split(":", 1) for f in raw.signature().split("|"))
    assert fields["tok"].startswith("ja-mecab-") and fields["tok"].endswith("-IPA")
    assert fields["nrefs"] == "1" and fields["smooth"] == "exp" and fields["eff"] == "no"
    assert fields["view"] == "raw" and fields["markup"] == "per-segment"
    assert "tok:none" in get_metric("tag-bleu", trg_lang="ja").signature()
    chrf = get_metric("lex-chrf", trg_lang="ko").signature()
    assert "nc:6|nw:0|space:no" in chrf and "view:lex|markup:per-segment" in chrf
    assert "tok:intl" in get_metric("raw-bleu", trg_lang="ja", tokenize="intl").signature()


def test_several_references():
    refs = REFS["en"]
    other = [strip(r) + " !" for r in refs]
    hyps = hypotheses_for(refs)
    result = get_metric("raw-bleu", trg_lang="en").corpus_score(hyps, [refs, other])
    assert result.score == pytest.approx(BLEU().corpus_score(hyps, [refs, other]).score)
    assert "nrefs:2" in result.signature
    chrf = get_metric("lex-chrf", trg_lang="en").corpus_score(hyps, [refs, other])
    direct = CHRF().corpus_score([strip(h) for h in hyps], [[strip(r) for r in refs], [strip(o) for o in other]])
    assert chrf.score == pytest.approx(direct.score)


def test_line_count_mismatch_names_both_counts():
    with pytest.raises(TagmtError, match="hypothesis has 2 lines but the reference has 5"):
        get_metric("raw-chrf", trg_lang="en").corpus_score(["a", "b"], [REFS["en"]])


def test_unknown_tokenizer_is_a_clear_error():
    with pytest.raises(TagmtError, match="unknown BLEU tokenizer 'mecab'"):
        get_metric("raw-bleu", trg_lang="en", tokenize="mecab").corpus_score(["a"], [["a"]])


@pytest.mark.parametrize("family", ["ter", "chrf++"])
def test_ter_and_chrfpp_equal_sacrebleu(family):
    from sacrebleu.metrics import TER

    refs, hyps = REFS["en"], hypotheses_for(REFS["en"])
    direct = TER(asian_support=True) if family == "ter" else CHRF(word_order=2)
    for view in ("raw", "lex"):
        names = [element_names(r) for r in refs]
        view_hyps = hyps if view == "raw" else [strip(h, n) for h, n in zip(hyps, names)]
        view_refs = refs if view == "raw" else [strip(r) for r in refs]
        result = get_metric(f"{view}-{family}", trg_lang="en").corpus_score(hyps, [refs])
        assert result.score == pytest.approx(direct.corpus_score(view_hyps, [view_refs]).score)
        assert result.segment_scores == [  # empty on both sides: n/a (issue 33), sacrebleu's 0 otherwise
            None if not h.strip() and not r.strip() else pytest.approx(direct.sentence_score(h, [r]).score)
            for h, r in zip(view_hyps, view_refs)
        ]
    ter = get_metric("lex-ter", trg_lang="en")
    assert ter.describe()["lex-ter"].higher_is_better is False
