"""Label phrases (`labelphrases.py`, the `label-phrases` stage): in a head-final language (Korean, Japanese, Turkish)
a label's span holds its phrase's internal particles and the words they join, and leaves the case particle and
predicate after the phrase out; nothing changes for Chinese or German; the text never changes and tags stay whole.
Hand-made pairs with the links an aligner gives (a word of the label linked to a copy elsewhere in the source, a
particle linked to a word outside the tag)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.markup import strip
from tagmt.projection.labelphrases import label_phrases
from tagmt.projection.profiles import profile_for
from tagmt.projection.render import render_spans
from tagmt.projection.stages import Pipeline

from test_pipeline import _context
from test_whole_labels import _project

MARKED = "Choose <ui>Marked as Correct</ui> when it is correct."
RECALCULATE = "To recalculate the DLT, choose <ui>Recalculate DLT</ui>."
POSTED = "It sets the status to <ui>Posted on Account</ui>."


@pytest.mark.parametrize("source, target, lang, pairs, expected", [
    # Korean: `으로` joins the complement to the verbal noun; `정상` is linked to the copy of `Correct` after the tag
    (MARKED, "정상인 경우 정상으로 표시를 선택합니다.", "ko",
     [("Choose", "선택"), ("Marked", "표시"), ("correct", "정상으로"), ("correct", "정상인"), ("when", "경우")],
     "정상인 경우 <ui>정상으로 표시</ui>를 선택합니다."),
    # Japanese: `として`
    (MARKED, "正常の場合は正常としてマークを選択します。", "ja",
     [("Choose", "選択"), ("Marked", "マーク"), ("correct", "正常として"), ("correct", "正常の"), ("when", "場合")],
     "正常の場合は<ui>正常としてマーク</ui>を選択します。"),
    # Turkish: the postposition `olarak`, a word of its own
    (MARKED, "Doğru olduğunda Doğru olarak işaretle seçeneğini seçin.", "tr",
     [("Choose", "seçin"), ("Marked", "işaretle"), ("correct", "Doğru olduğunda"), ("when", "olduğunda")],
     "Doğru olduğunda <ui>Doğru olarak işaretle</ui> seçeneğini seçin."),
    # the object written before the verbal noun, linked to the copy of `DLT` the sentence has before the tag
    (RECALCULATE, "DLT를 재계산하려면 DLT 재계산을 선택합니다.", "ko",
     [("choose", "선택"), ("Recalculate", "재계산을"), ("DLT", "DLT 재")], "DLT를 재계산하려면 <ui>DLT 재계산</ui>을 선택합니다."),
    (RECALCULATE, "DLTを再計算するには、DLT再計算を選択します。", "ja",
     [("choose", "選択"), ("Recalculate", "再計算を"), ("DLT", "DLT再")], "DLTを再計算するには、<ui>DLT再計算</ui>を選択します。"),
    # a locative particle between two words of the tag itself (`on Account`), though the aligner linked it to `to`
    (POSTED, "상태를 계정에 전기됨으로 설정합니다.", "ko",
     [("sets", "설정"), ("status", "상태"), ("Posted", "전기됨"), ("Account", "계정"), ("to", "에")],
     "상태를 <ui>계정에 전기됨</ui>으로 설정합니다."),
    # the determiner of the free noun an internal particle joins (`다른 이름으로 저장` for `Save As`)
    ("Click <ui>Save As</ui> and then close it.", "다른 이름으로 저장을 클릭한 후 닫습니다.", "ko",
     [("Click", "클릭"), ("Save", "저장"), ("As", "을"), ("then", "다른"), ("close", "닫")],
     "<ui>다른 이름으로 저장</ui>을 클릭한 후 닫습니다."),
])
def test_a_label_takes_its_phrase_internal_particle_and_the_words_it_joins(source, target, lang, pairs, expected):
    assert _project(source, target, lang, pairs) == expected
    assert _project(source, target, lang, pairs, without="label-phrases") != expected


def _trimmed(source: str, target: str, lang: str, pairs: list[tuple[str, str]], placed: str) -> str:
    """The stage alone on the pair's one tag placed on `placed` (what eflomal's weak links put there)."""
    ctx = _context(source, target, lang, pairs)
    spans = Pipeline.for_profile(ctx.profiles.trg).spans(ctx)
    spans[0].start = target.index(placed)
    spans[0].end = spans[0].start + len(placed)
    return render_spans(target, label_phrases(spans, ctx))[0]


@pytest.mark.parametrize("source, target, lang, pairs, placed, expected", [
    # the case particle after the phrase and the predicate after it are the sentence's
    (POSTED, "ステータスを勘定に転記済に設定します。", "ja",
     [("sets", "設定"), ("status", "ステータス"), ("Posted", "転記済"), ("Account", "勘定")], "勘定に転記済に設定",
     "ステータスを<ui>勘定に転記済</ui>に設定します。"),
    ("Types are <ui>additional correction</ui>.", "タイプには追加修正があります。", "ja",
     [("Types", "タイプ"), ("additional", "追加"), ("correction", "修正")], "追加修正があり",
     "タイプには<ui>追加修正</ui>があります。"),
    # the copula after the label (IPADIC reads `はい` as a verb)
    ("The default is <ui>Yes</ui>.", "デフォルト値ははいです。", "ja", [("default", "デフォルト"), ("Yes", "はい")], "はいです",
     "デフォルト値は<ui>はい</ui>です。"),
    ("If it is a <emphasis>two-step posting</emphasis>, define it.", "투 스텝 전기인 경우에 정의합니다.", "ko",
     [("two", "투"), ("step", "스텝"), ("posting", "전기"), ("define", "정의"), ("If", "경우")], "투 스텝 전기인",
     "<emphasis>투 스텝 전기</emphasis>인 경우에 정의합니다."),
    # the label's head, linked to nothing like the source's word after the tag, ends the chain: outside
    ("The <ui>Must start on</ui> constraint remains.", "일자에 시작 제약은 유지됩니다.", "ko",
     [("start", "시작"), ("Must", "일자"), ("remains", "유지")], "일자에 시작 제약",
     "<ui>일자에 시작</ui> 제약은 유지됩니다."),
    ("Change the <ui>Item Type</ui> column.", "品目タイプ列を変更します。", "ja",
     [("Item", "品目"), ("Type", "タイプ"), ("Change", "変更")], "品目タイプ列", "<ui>品目タイプ</ui>列を変更します。"),
])
def test_the_case_particle_and_predicate_after_the_phrase_stay_outside(source, target, lang, pairs, placed, expected):
    assert _trimmed(source, target, lang, pairs, placed) == expected


@pytest.mark.parametrize("source, target, lang, pairs, placed", [
    # a label that is a clause keeps its predicate: a word of it is the tag's
    ("There is <ui>No Data</ui> here.", "ここにはデータはありません。", "ja",
     [("Data", "データ"), ("No", "ませ"), ("here", "ここ")], "データはありません"),
    # a tagged clause keeps its own copula (it has its own topic)
    ("It is rendered as <ph>Today is 30.11.2014</ph> here.", "여기서 오늘은 30.11.2014입니다로 렌더링됩니다.", "ko",
     [("Today", "오늘"), ("is", "은"), ("30.11.2014", "30.11.2014"), ("here", "여기서")], "오늘은 30.11.2014입니다"),
    # the label's own last noun, the head linked (`tab`)
    ("Open the <ui>To Be Billed</ui> tab.", "청구 예정 탭을 엽니다.", "ko",
     [("Billed", "청구"), ("tab", "탭"), ("Open", "엽")], "청구 예정"),
    # no determiner before the tag: the unlinked word after it is no head noun (`now`), the chain's noun the label's
    ("Go from <b>Refinement</b> now.", "세부 지정에서 이동합니다.", "ko", [("Refinement", "세부"), ("Go", "이동")],
     "세부 지정"),
    # an internal particle and the head after it are the phrase's (`自分の廃棄物発生元`, the head unlinked)
    ("<ui>My Waste Generators</ui> displays them.", "自分の廃棄物発生元に表示されます。", "ja",
     [("My", "自分")], "自分の廃棄物発生元"),
])
def test_a_labels_own_predicate_and_head_stay_inside(source, target, lang, pairs, placed):
    assert _trimmed(source, target, lang, pairs, placed) == _tagged(source, target, placed)


def _tagged(source: str, target: str, placed: str) -> str:
    opening, closing = source[source.index("<"):source.index(">") + 1], source[source.index("</"):].split(">")[0] + ">"
    return target.replace(placed, opening + placed + closing, 1)


@pytest.mark.parametrize("source, target, lang, pairs", [
    # the noun before `의` is another source word's: the sentence's modifier, not the label's
    ("Choose <ui>Marked as Correct</ui> for the file.", "파일의 정상으로 표시를 선택합니다.", "ko",
     [("Choose", "선택"), ("Marked", "표시"), ("file", "파일"), ("Correct", "정상")]),
    # a topic particle never joins two parts of one phrase, even after a copy of the tag's word
    ("The report has a <ui>Report</ui> field.", "보고서는 보고서 필드가 있습니다.", "ko",
     [("report", "보고서는"), ("Report", "보고서 필"), ("field", "필드")]),
    ("The report has a <ui>Report</ui> field.", "レポートはレポート項目があります。", "ja",
     [("report", "レポートは"), ("Report", "レポート項"), ("field", "項目")]),
    # no head-final grammar: Chinese and German are left alone
    (MARKED, "正确时选择标记为正确。", "zh", [("Choose", "选择"), ("Marked", "标记"), ("correct", "正确时")]),
    (MARKED, "Wählen Sie Als korrekt markiert, wenn es korrekt ist.", "de",
     [("Choose", "Wählen"), ("Marked", "markiert"), ("correct", "korrekt ist"), ("as", "Als")]),
])
def test_nothing_moves_where_the_phrase_is_not_the_labels(source, target, lang, pairs):
    assert _project(source, target, lang, pairs) == _project(source, target, lang, pairs, without="label-phrases")


@pytest.mark.parametrize("source, target, lang, pairs, placed, expected", [
    # the aligner put the tag's words on the sentence's copy of them; the label is written before its head
    ("Use the <ui>Change Item Type</ui> button to change the item type.",
     "품목 유형 변경 버튼을 사용하여 품목 유형을 변경합니다.", "ko",
     [("item", "품목 유형 변경 버"), ("type", "유형 변경 버"), ("change", "변경 버"), ("button", "버튼"), ("Use", "사용"),
      ("Item", "품목 유형을"), ("Type", "유형을"), ("Change", "변경합")], "품목 유형을 변경",
     "<ui>품목 유형 변경</ui> 버튼을 사용하여 품목 유형을 변경합니다."),
    ("Use the <ui>Change Item Type</ui> button to change the item type.",
     "品目タイプ変更ボタンを使用して品目タイプを変更します。", "ja",
     [("item", "品目タイプ変更ボ"), ("type", "タイプ変更ボ"), ("change", "変更ボ"), ("button", "ボタン"), ("Use", "使用"),
      ("Item", "品目タイプを"), ("Type", "タイプを"), ("Change", "変更し")], "品目タイプを変更",
     "<ui>品目タイプ変更</ui>ボタンを使用して品目タイプを変更します。"),
])
def test_a_label_goes_to_the_copy_written_before_its_head(source, target, lang, pairs, placed, expected):
    ctx = _context(source, target, lang, pairs)
    spans = Pipeline.for_profile(ctx.profiles.trg).spans(ctx)
    spans[0].start = target.rindex(placed)
    spans[0].end = spans[0].start + len(placed)
    assert render_spans(target, label_phrases(spans, ctx))[0] == expected


def test_a_label_stays_where_the_nouns_before_its_head_are_another_words():
    source, target = "Use the <ui>Change Item Type</ui> button to change the item type.", \
        "신규 품목 버튼을 사용하여 품목 유형을 변경합니다."
    # `신규` is surely `to`'s (an aligner's error, but another word's): the nouns before the head are not the label
    pairs = [("button", "버튼"), ("Item", "품목 유형을"), ("Type", "유형을"), ("Change", "변경합"), ("Use", "사용"),
             ("item", "신규 품목 버"), ("to", "신규")]
    ctx = _context(source, target, "ko", pairs)
    spans = Pipeline.for_profile(ctx.profiles.trg).spans(ctx)
    spans[0].start = target.index("품목 유형을")
    spans[0].end = target.index("변경") + 2
    assert render_spans(target, label_phrases(spans, ctx))[0] == \
        "신규 품목 버튼을 사용하여 <ui>품목 유형을 변경</ui>합니다."


@pytest.mark.parametrize("source, target, pairs, placed, expected", [
    # the verbal noun glued after the object ends the label (`Adopt` had no link)
    ("Just click <ui>Adopt Proposal</ui> now.", "今すぐ提案採用をクリックします。",
     [("Proposal", "提案"), ("click", "クリック"), ("now", "今すぐ")], "提案", "今すぐ<ui>提案採用</ui>をクリックします。"),
    # a glued noun linked only to a function word of the source is no other word's (`外` of `Not in scope`)
    ("Points with the status <ui>Not in scope</ui> stay.", "ステータスが範囲外のポイントは残ります。",
     [("scope", "範囲"), ("with", "外"), ("status", "ステータス"), ("Points", "ポイント")], "範囲",
     "ステータスが<ui>範囲外</ui>のポイントは残ります。"),
    # the label's head linked surely after the label stays out; so does a noun another content word owns
    ("Open the <ui>Adopt Proposal</ui> tab.", "提案タブを開きます。",
     [("Proposal", "提案"), ("tab", "タブ"), ("Open", "開き")], "提案", "<ui>提案</ui>タブを開きます。"),
    ("Select <ui>Adopt Proposal</ui> for the file.", "提案ファイルを選択します。",
     [("Proposal", "提案"), ("file", "ファイル"), ("Select", "選択")], "提案", "<ui>提案</ui>ファイルを選択します。"),
])
def test_a_japanese_label_ends_on_the_verbal_noun_glued_after_it(source, target, pairs, placed, expected):
    assert _trimmed(source, target, "ja", pairs, placed) == expected


def test_the_profiles_say_which_particles_join_a_phrase():
    assert {"으로", "의"} <= profile_for("ko").phrase_internal and "를" in profile_for("ko").phrase_final
    assert {"として", "の"} <= profile_for("ja").phrase_internal and "を" in profile_for("ja").phrase_final
    assert "olarak" in profile_for("tr").phrase_internal
    assert not profile_for("zh").phrase_internal and not profile_for("de").phrase_internal
    assert "です" in profile_for("ja").copulas and "입니다" in profile_for("ko").copulas


# ------------------------------------------------------------------------------ properties

_PIECES = {
    "ko": ["정상", "으로", "표시", "를", "선택", "합니다", "계정", "에", "의", "다른", "이름", "은", " "],
    "ja": ["正常", "として", "マーク", "を", "選択", "します", "勘定", "に", "の", "設定", "です", "は"],
    "tr": ["Doğru", " olarak ", "işaretle", " seçin ", "Parola", " ile ", "kaydet", " "],
}


@settings(max_examples=60, deadline=None)
@given(lang=st.sampled_from(sorted(_PIECES)), data=st.data())
def test_label_phrases_never_change_the_text_and_keep_tags_whole(lang, data):
    pieces = data.draw(st.lists(st.sampled_from(_PIECES[lang]), min_size=2, max_size=9))
    target = "".join(pieces).strip() + "."
    if not target.strip(" ."):
        return
    words = ["Marked", "as", "Correct", "Choose", "Account", "when"]
    source = "Choose <ui>Marked <b>as</b> Correct</ui> on Account when."
    chosen = data.draw(st.lists(st.tuples(st.sampled_from(words), st.sampled_from(pieces)), max_size=5))
    pairs = [(s, t) for s, t in chosen if t.strip() and t in target]
    ctx = _context(source, target, lang, pairs)
    out = render_spans(target, Pipeline.for_profile(ctx.profiles.trg).spans(ctx))[0]
    assert strip(out) == target
    assert out.count("<ui>") == out.count("</ui>") == 1 and out.count("<b>") == out.count("</b>") == 1
    assert out.index("<ui>") <= out.index("<b>") <= out.index("</b>") <= out.index("</ui>")
