"""No tag edge splits the lexical part of a Korean eojeol (`eojeols.py`, stage `whole-eojeols`): hand-made cases in
Hangul where it fires and where it must not (a particle, the copula, a verb suffix after a noun, a cut the source
makes), in Japanese and Chinese (no spaces: the text does not show words) and Latin (German); property tests."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from tagmt.markup import strip
from tagmt.projection import detag, project_tags
from tagmt.projection.context import PairContext, Profiles
from tagmt.projection.conventions import default_decision
from tagmt.projection.edges import Span
from tagmt.projection.eojeols import _Eojeols, whole_eojeols
from tagmt.projection.wordseg import words_with_offsets


def project(source: str, translation: str, links, lang: str, profiles: bool = True) -> str:
    d = detag(source)
    src = words_with_offsets(d.plain, "en", d.cuts())
    trg = words_with_offsets(translation, lang)
    return project_tags(d, translation, src, trg, links, profiles=Profiles.of("en", lang) if profiles else None)


def test_a_label_cut_inside_its_eojeol_takes_the_eojeols_lexical_part():
    # The(0) Message(1) Preview(2) shows(3) changes(4) .(5)
    # 메시지(0) 미리(1) 보(2) 기(3) 에서(4) 는(5) 변경(6) 내용(7) 을(8) 확인(9) 할(10) 수(11) 있(12) 습니다(13) .(14)
    text = "메시지 미리보기에서는 변경 내용을 확인할 수 있습니다."
    source = "The <uicontrol>Message Preview</uicontrol> shows changes."
    out = project(source, text, [(1, 0), (2, 1), (3, 9), (4, 6), (5, 14)], "ko")
    assert out == "<uicontrol>메시지 미리보기</uicontrol>에서는 변경 내용을 확인할 수 있습니다."
    assert strip(out) == text
    # no language known: the rule reads the Hangul
    assert project(source, text, [(1, 0), (2, 1), (3, 9), (4, 6), (5, 14)], "ko", profiles=False) == out


def test_a_left_edge_inside_an_eojeol_goes_to_its_start():
    # Open(0) the(1) Preview(2) window(3) .(4)
    # 미리(0) 보(1) 기(2) 창(3) 을(4) 엽(5) 니다(6) .(7)
    text = "미리보기 창을 엽니다."
    out = project("Open the <b>Preview</b> window.", text, [(2, 1), (2, 2), (3, 3), (0, 5), (4, 7)], "ko")
    assert out == "<b>미리보기</b> 창을 엽니다."


def test_grammatical_morphemes_and_the_sources_own_cuts_are_left_alone():
    # a noun's verb suffix (`삭제|합니다`), the copula (`승인됨|입니다`), a particle: the edge stays
    assert project("You <b>delete</b> the file.", "파일을 삭제합니다.", [(1, 2), (3, 0), (4, 4)], "ko") \
        == "파일을 <b>삭제</b>합니다."
    assert project("The status is <b>Approved</b>.", "상태는 승인됨입니다.", [(1, 0), (3, 2), (3, 3), (4, 5)], "ko") \
        == "상태는 <b>승인됨</b>입니다."
    # the source's tag cuts its own word (`<b>Pre</b>view`): the cut is the source's
    assert project("<b>Pre</b>view window.", "미리보기 창.", [(0, 0), (1, 1), (2, 3), (3, 4)], "ko") \
        == "<b>미리</b>보기 창."


def test_languages_written_without_spaces_or_in_latin_are_untouched():
    # Japanese and Chinese: `範囲設定` may be one word or two, the text does not say (noun-chains reads the links);
    # German: a cut inside a compound is no eojeol's (and the stage runs for Korean only)
    source = "Go back to <uicontrol>Scoping</uicontrol>."
    for lang, tagged in (("ja", "絞込から<uicontrol>範囲</uicontrol>設定に戻ります。"),
                         ("zh", "返回到<uicontrol>范围</uicontrol>设置。"),
                         ("de", "Zurück zur Bereichs<uicontrol>festlegung</uicontrol>."),
                         ("ko", "범위 <uicontrol>지정</uicontrol>으로 이동합니다.")):
        text = strip(tagged)
        ctx = _context(source, text, lang, [])
        start = tagged.index("<")
        end = start + tagged[start:].index("</") - len("<uicontrol>")
        (span,) = whole_eojeols([Span(ctx.detagged.tags[0], start, end, 0, False)], ctx)
        assert (span.start, span.end) == (start, end), lang
        for profiles in (ctx.profiles, None):  # no language known: the rule reads the script
            ctx.profiles = profiles
            (span,) = whole_eojeols([Span(ctx.detagged.tags[0], start, end, 0, False)], ctx)
            assert (span.start, span.end) == (start, end), lang


def _context(source: str, text: str, lang: str, links) -> PairContext:
    d = detag(source)
    src = words_with_offsets(d.plain, "en", d.cuts())
    return PairContext(d, text, src, words_with_offsets(text, lang), links, None, default_decision,
                       Profiles.of("en", lang))


MORPHEMES = ["메시지", "미리보기", "에서는", "그룹화", "기준", "을", "선택", "합니다", "승인됨", "입니다", " ", " ", "."]


@settings(max_examples=80, deadline=None)
@given(pieces=st.lists(st.sampled_from(MORPHEMES), min_size=2, max_size=10), a=st.integers(0, 60),
       b=st.integers(0, 60))
def test_spans_only_grow_and_end_off_lexical_seams(pieces, a, b):
    text = "".join(pieces)
    a, b = sorted((a % (len(text) + 1), b % (len(text) + 1)))
    if a == b:
        return
    ctx = _context("See <b>it</b> now", text, "ko", [])
    span = Span(ctx.detagged.tags[0], a, b, 0, False)
    (out,) = whole_eojeols([span], ctx)
    assert out.start <= a and b <= out.end  # only ever grows, text untouched
    assert 0 <= out.start < out.end <= len(text)
    seams = _Eojeols(ctx.trg, ctx.plain)
    starting = {w.start: k for k, w in enumerate(ctx.trg)}
    for x in (out.start, out.end):
        k = starting.get(x)
        assert k is None or not seams.lexical_seam(k - 1, k)


@settings(max_examples=40, deadline=None)
@given(pieces=st.lists(st.sampled_from(MORPHEMES), min_size=3, max_size=8), cut=st.integers(1, 7))
def test_nested_tags_stay_nested_and_the_text_never_changes(pieces, cut):
    text = "".join(pieces)
    cut = min(cut, len(text) - 1)
    ctx = _context("See <b>big <i>it</i></b> now", text, "ko", [])
    outer, inner = ctx.detagged.tags[0], ctx.detagged.tags[0].children[0]
    parent = Span(outer, 0, len(text), 0, False)
    parent.children.append(Span(inner, cut, min(cut + 2, len(text)), 1, False))
    (out,) = whole_eojeols([parent], ctx)
    child = out.children[0]
    assert out.start <= child.start < child.end <= out.end
