"""A Korean span never starts inside an eojeol nor ends between a predicate's stem and its ending (`eojeols.py`, stage
`whole-eojeols`): hand-made cases in Hangul where it fires and where it must not (a particle after the span, the
source's own cut), in Japanese and Chinese (glued text: no eojeol) and Latin (German: a cut inside a compound is no
eojeol's); a property test (the text never changes, the tags stay whole and nested)."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from tagmt.markup import strip
from tagmt.projection import detag
from tagmt.projection.context import PairContext, Profiles
from tagmt.projection.conventions import default_decision
from tagmt.projection.edges import Span
from tagmt.projection.eojeols import whole_eojeols
from tagmt.projection.wordseg import words_with_offsets

from test_pipeline import draw_nested


def _context(source: str, text: str, lang: str) -> PairContext:
    d = detag(source)
    src = words_with_offsets(d.plain, "en", d.cuts())
    return PairContext(d, text, src, words_with_offsets(text, lang), [], None, default_decision,
                       Profiles.of("en", lang))


def _run(source: str, text: str, lang: str, start: int, end: int, profiles: bool = True) -> tuple[int, int]:
    ctx = _context(source, text, lang)
    if not profiles:
        ctx.profiles = None
    (span,) = whole_eojeols([Span(ctx.detagged.tags[0], start, end, 0, False)], ctx)
    return span.start, span.end


def test_a_start_inside_an_eojeol_goes_to_its_start():
    # If you choose <ui>No</ui> … → … 아니오를 선택합니다: the aligner put the tag on `오` alone
    text = "제외하려면 아니오를 선택합니다."
    at = text.index("아니오")
    assert _run("If you choose <ui>No</ui>, nothing is kept.", text, "ko", at + 2, at + 3) == (at, at + 3)
    # no language known: the rule reads the Hangul
    assert _run("If you choose <ui>No</ui>, nothing is kept.", text, "ko", at + 2, at + 3, False) == (at, at + 3)
    text = "단일 주 옵션을 선택하면"
    assert _run("On choosing the <ui>Single Week</ui> option", text, "ko", 1, 4) == (0, 4)


def test_an_end_between_a_stem_and_its_ending_goes_over_the_endings():
    # `아니|오` (MeCab-ko: the negative copula's stem and its ending): the span ends after the ending, before `를`
    text = "제외하려면 아니오를 선택합니다."
    at = text.index("아니오")
    assert _run("If you choose <ui>No</ui>, nothing is kept.", text, "ko", at, at + 2) == (at, at + 3)


def test_ends_before_particles_and_the_sources_own_cuts_stay():
    text = "작업 패키지 유형을 선택합니다."
    end = text.index("을")
    assert _run("Select the <ui>Work Package Type</ui>.", text, "ko", 0, end) == (0, end)  # before a particle
    text = "파일을 삭제합니다."  # a noun before its verb suffix: `<b>삭제</b>합니다`
    at = text.index("삭제")
    assert _run("You <b>delete</b> the file.", text, "ko", at, at + 2) == (at, at + 2)
    # the source's tag cuts its own word (`Pre<b>view</b>`): the cut is the source's
    assert _run("Pre<b>view</b> window.", "미리보기 창.", "ko", 2, 4) == (2, 4)


def test_glued_scripts_and_latin_are_untouched():
    for lang, text, start, end in (("ja", "いいえを選択します。", 2, 3), ("zh", "选择否定选项。", 3, 4),
                                   ("de", "Wählen Sie Bereichsfestlegung.", 18, 29)):
        assert _run("Choose <ui>No</ui>.", text, lang, start, end) == (start, end), lang
        assert _run("Choose <ui>No</ui>.", text, lang, start, end, False) == (start, end), lang


WORDS = st.sampled_from(["아니오를", "단일", "주", "옵션을", "선택합니다", "확인하십시오", "Save", "저장", "(X)", "."])


@settings(max_examples=150, deadline=None)
@given(st.lists(WORDS, min_size=1, max_size=7), st.data())
def test_the_text_never_changes_and_the_tags_stay_whole_and_nested(parts, data):
    text = " ".join(parts)
    ctx = _context("Choose <ui>the <b>Save</b> option</ui> now.", text, "ko")
    outer, (a, b, c, d) = draw_nested(data, ctx.detagged.tags[0], len(text))
    (span,) = whole_eojeols([outer], ctx)
    assert 0 <= span.start <= a and b <= span.end <= len(text)  # the edges move outward only
    (child,) = span.children
    assert span.start <= child.start <= child.end <= span.end
    assert ctx.translation == text and strip(text) == text
