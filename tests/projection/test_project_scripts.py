"""Tag projection in every script M2M-100 and mBART-50 cover: whatever the words and links,
`project_batch` keeps every tag, never alters the translation and writes well-formed markup (with
a diagonal alignment and with eflomal); and a tag around one Thai word lands on that Thai word."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.markup import element_tree, is_well_formed, strip, tokenize
from tagmt.projection import detag, project_batch, project_tags
from tagmt.projection.align import get_aligner
from tagmt.projection.wordbreak import DICTIONARY_LANGUAGES, icu_available
from tagmt.projection.wordseg import words_with_offsets
from tagmt.testing.scripts import BLOCKS, alphabet

needs_icu = pytest.mark.skipif(
    not icu_available(), reason="PyICU is not installed (the align extra)"
)


class DiagonalAligner:
    """Links word k to word k: whatever it links, projection must keep tags and text."""

    name = "diagonal"
    learns_from_corpus = False

    def align(self, src_words, trg_words):
        return [{(k, k) for k in range(min(len(s), len(t)))} for s, t in zip(src_words, trg_words)]


@st.composite
def tagged_sentences(draw, script: str, depth: int = 0) -> str:
    """A well-formed tagged segment of words of `script` (with marks, joiners and punctuation),
    spaced or not as the script is written; tags may fall inside a word."""
    lang = BLOCKS[script][0]
    gap = "" if lang in DICTIONARY_LANGUAGES else " "
    parts = []
    for _ in range(draw(st.integers(1, 5))):
        kind = draw(st.sampled_from(["word", "word", "word", "pair", "point"]))
        if kind == "word" or (kind == "pair" and depth >= 2):
            parts.append(draw(st.text(alphabet=alphabet(script), min_size=1, max_size=8)) + gap)
        elif kind == "pair":
            name = draw(st.sampled_from(["b", "g", "uicontrol"]))
            parts.append(f"<{name}>{draw(tagged_sentences(script, depth + 1))}</{name}>")
        else:
            parts.append(draw(st.sampled_from(['<x id="1"/>', "<br/>"])))
    return "".join(parts)  # the alphabets hold no `<`, `>` or `&`


def markup(segment: str) -> list[str]:
    return [t.text for t in tokenize(segment) if t.is_markup]


def shape(tree):  # the nesting, siblings in any order
    return sorted((e.name, shape(e.children)) for e in tree)


def check_projection(sources: list[str], translations: list[str], outputs: list[str]) -> None:
    for source, translation, output in zip(sources, translations, outputs):
        assert strip(output) == translation
        assert Counter(markup(output)) == Counter(markup(source))
        assert is_well_formed(tokenize(output))
        assert shape(element_tree(tokenize(output))) == shape(element_tree(tokenize(source)))


def skip_without_icu(lang: str) -> None:
    if lang in DICTIONARY_LANGUAGES and not icu_available():
        pytest.skip("PyICU is not installed (the align extra)")


@pytest.mark.parametrize("script", sorted(BLOCKS))
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_diagonal_projection_keeps_tags_and_text_in_every_script(script, data):
    lang = BLOCKS[script][0]
    skip_without_icu(lang)
    sources = [data.draw(tagged_sentences(script)) for _ in range(3)]
    translations = [data.draw(st.text(alphabet=alphabet(script), max_size=30)) for _ in sources]
    detagged = [detag(s) for s in sources]
    outputs = project_batch(detagged, translations, lang, lang, DiagonalAligner())
    check_projection(sources, translations, outputs)


@pytest.mark.slow
@pytest.mark.parametrize("script", sorted(BLOCKS))
@settings(max_examples=1, deadline=None)
@given(data=st.data())
def test_eflomal_projection_keeps_tags_and_text_in_every_script(script, data):
    lang = BLOCKS[script][0]
    skip_without_icu(lang)
    sources = [data.draw(tagged_sentences(script)) for _ in range(8)]
    # half the translations are the source's own text, half random text of the script
    translations = [
        strip(s) if k % 2 else data.draw(st.text(alphabet=alphabet(script), max_size=30))
        for k, s in enumerate(sources)
    ]
    detagged = [detag(s) for s in sources]
    outputs = project_batch(detagged, translations, "en", lang, get_aligner("eflomal"))
    check_projection(sources, translations, outputs)


THAI = [  # English with one tagged word; Thai written without spaces (ICU: เปิด|ไฟล์|ตอน|นี้)
    ("Open the <b>file</b> now", "เปิดไฟล์ตอนนี้"),
    ("Close the file", "ปิดไฟล์"),
    ("Open the window", "เปิดหน้าต่าง"),
    ("Close the window now", "ปิดหน้าต่างตอนนี้"),
    ("Save the file", "บันทึกไฟล์"),
    ("Delete all files", "ลบไฟล์ทั้งหมด"),
]


@needs_icu
def test_a_tag_around_one_word_lands_on_the_thai_word_with_known_links():
    source, translation = THAI[0]
    detagged = detag(source)
    src = words_with_offsets(detagged.plain, "en", detagged.cuts())
    trg = words_with_offsets(translation, "th")
    assert [w.text for w in trg] == ["เปิด", "ไฟล์", "ตอน", "นี้"]
    links = {(0, 0), (2, 1), (3, 2), (3, 3)}  # Open–เปิด, file–ไฟล์, now–ตอน นี้
    assert project_tags(detagged, translation, src, trg, links) == "เปิด<b>ไฟล์</b>ตอนนี้"


@needs_icu
def test_a_tag_around_one_word_lands_on_the_thai_word_with_eflomal():
    pairs = THAI * 5
    outputs = project_batch(
        [detag(s) for s, _ in pairs], [t for _, t in pairs], "en", "th", get_aligner("eflomal")
    )
    assert outputs[0] == "เปิด<b>ไฟล์</b>ตอนนี้"
    assert [strip(o) for o in outputs] == [t for _, t in pairs]

