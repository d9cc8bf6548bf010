"""Label copies (`labelcopies.py`, stage `label-copies`): a Korean or Japanese label's span on the copy of its words
written as a predicate's stem goes to the copy written as a noun. Hand-made cases in Hangul and Japanese where it
fires, where it must not (the copula, no repeated source word, two noun copies, a copy another tag holds), Chinese
and German (untouched), and a property test (the text never changes, tags stay whole and nested)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.markup import strip
from tagmt.projection import detag
from tagmt.projection.context import PairContext, Profiles
from tagmt.projection.conventions import default_decision
from tagmt.projection.edges import Span
from tagmt.projection.labelcopies import label_copies
from tagmt.projection.render import render_spans
from tagmt.projection.wordseg import words_with_offsets

EDIT = "Choose <ui>Edit</ui> to edit the item."


def _move(source: str, target: str, lang: str, placed: list[tuple[int, int]], profiles: bool = True) -> str:
    """The stage alone on the source's top-level tags placed at `placed` (character offsets, in order)."""
    d = detag(source)
    src = words_with_offsets(d.plain, "en", d.cuts())
    ctx = PairContext(d, target, src, words_with_offsets(target, lang), set(), None, default_decision,
                      Profiles.of("en", lang) if profiles else None)
    spans = [Span(tag, a, b, k, False) for k, (tag, (a, b)) in enumerate(zip(d.tags, placed))]
    return render_spans(target, label_copies(spans, ctx))[0]


def _at(text: str, piece: str, nth: int = 0) -> tuple[int, int]:
    at = -1
    for _ in range(nth + 1):
        at = text.index(piece, at + 1)
    return at, at + len(piece)


def test_a_korean_label_on_the_verbs_copy_goes_to_the_nouns():
    text = "항목을 편집하려면 편집을 선택합니다."
    assert _move(EDIT, text, "ko", [_at(text, "편집")]) == "항목을 편집하려면 <ui>편집</ui>을 선택합니다."
    # no language known: the rule reads the Hangul
    assert _move(EDIT, text, "ko", [_at(text, "편집")], profiles=False) == "항목을 편집하려면 <ui>편집</ui>을 선택합니다."
    # a label of two words, its verb copy a 되다 passive
    source = "Choose <ui>Data Transfer</ui> after the data transfer is done."
    text = "데이터 전송되면 데이터 전송을 선택합니다."
    assert _move(source, text, "ko", [_at(text, "데이터 전송")]) == "데이터 전송되면 <ui>데이터 전송</ui>을 선택합니다."


def test_a_japanese_label_on_the_suru_verbs_copy_goes_to_the_nouns():
    text = "項目を編集するには、編集をクリックします。"
    assert _move(EDIT, text, "ja", [_at(text, "編集")]) == "項目を編集するには、<ui>編集</ui>をクリックします。"


def test_nothing_moves_without_a_second_source_copy_a_noun_copy_or_room():
    # the source tags the verb itself (no copy of `Delete` elsewhere): `<b>삭제</b>합니다` stays
    text = "삭제 버튼으로 파일을 삭제합니다."
    assert _move("You <b>delete</b> the file with the button.", text, "ko", [_at(text, "삭제", 1)]) \
        == "삭제 버튼으로 파일을 <b>삭제</b>합니다."
    # the copula is no predicate's stem: `<ui>승인됨</ui>입니다` stays
    text = "상태는 승인됨입니다. 승인됨을 선택합니다."
    assert _move("The status is <ui>Approved</ui>. Choose approved.", text, "ko", [_at(text, "승인됨")]) \
        == "상태는 <ui>승인됨</ui>입니다. 승인됨을 선택합니다."
    # two noun copies: which one is the label's the rule cannot tell
    text = "편집하려면 편집을 선택하고 편집을 닫습니다."
    assert _move(EDIT, text, "ko", [_at(text, "편집")]) == "<ui>편집</ui>하려면 편집을 선택하고 편집을 닫습니다."
    # the noun copy is another tag's
    source = "Choose <ui>Edit</ui> to edit the <b>edit</b> item."
    text = "편집하려면 편집을 선택합니다."
    assert _move(source, text, "ko", [_at(text, "편집"), _at(text, "편집", 1)]) \
        == "<ui>편집</ui>하려면 <b>편집</b>을 선택합니다."


def test_chinese_and_german_are_untouched():
    for lang, text, piece in (("zh", "要编辑项目，请选择编辑。", "编辑"), ("de", "Wählen Sie Bearbeiten, um es zu bearbeiten.",
                                                                   "bearbeiten")):
        a, b = _at(text, piece)
        assert _move(EDIT, text, lang, [(a, b)]) == f"{text[:a]}<ui>{text[a:b]}</ui>{text[b:]}", lang


WORDS = st.sampled_from(["편집하려면", "편집을", "편집", "선택합니다", "항목을", "편집합니다", "."])


@settings(max_examples=150, deadline=None)
@given(st.lists(WORDS, min_size=1, max_size=7), st.data())
def test_the_text_never_changes_and_the_tags_stay_whole_and_nested(parts, data):
    text = " ".join(parts)
    a = data.draw(st.integers(0, len(text) - 1))
    b = data.draw(st.integers(a + 1, len(text)))
    d = detag("Choose <ui>the <b>Edit</b> option</ui> to edit it.")
    src = words_with_offsets(d.plain, "en", d.cuts())
    ctx = PairContext(d, text, src, words_with_offsets(text, "ko"), set(), None, default_decision,
                      Profiles.of("en", "ko"))
    outer = Span(d.tags[0], 0, len(text), 0, False)
    outer.children.append(Span(d.tags[0].children[0], a, b, 1, False))
    out = render_spans(text, label_copies([outer], ctx))[0]
    assert strip(out) == text
    (child,) = outer.children
    assert 0 <= child.start < child.end <= len(text)
    assert text[child.start:child.end] == text[a:b]  # a move goes to a copy of the same text
