"""Properties of tag projection on random segments, translations and links (hypothesis):
the translation comes back unchanged when the output is stripped, and the output carries exactly
the source's tags, well-formed, with every child still inside its parent."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.markup import element_tree, is_well_formed, strip, tokenize
from tagmt.projection import detag, project_tags
from tagmt.projection.wordseg import words_with_offsets

WORDS = ["alpha", "beta", "gamma", "delta", ":", "(", ")", "受領", "済", "を"]
TARGET_TEXT = st.text(alphabet="ab xyz.、受領済を入力しますパッケージ中文的 ", max_size=30)


@st.composite
def tagged_segments(draw, depth: int = 0) -> str:
    """A well-formed segment: words, spaces, nested pairs, self-closing tags and comments."""
    parts = []
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(["word", "word", "space", "pair", "point", "comment"]))
        if kind == "word":
            parts.append(draw(st.sampled_from(WORDS)))
        elif kind == "space":
            parts.append(" ")
        elif kind == "pair" and depth < 3:
            name = draw(st.sampled_from(["b", "i", "uicontrol"]))
            parts.append(f"<{name}>{draw(tagged_segments(depth + 1))}</{name}>")
        elif kind == "point":
            parts.append(draw(st.sampled_from(['<xref href="x"/>', "<br/>"])))
        elif kind == "comment":
            parts.append("<!--note-->")
    return "".join(parts)


@st.composite
def projections(draw):
    source = draw(tagged_segments())
    translation = draw(TARGET_TEXT)
    detagged = detag(source)
    src = words_with_offsets(detagged.plain, "en", detagged.cuts())
    trg = words_with_offsets(translation, "ja")
    pairs = [(i, j) for i in range(len(src)) for j in range(len(trg))]
    links = set(draw(st.lists(st.sampled_from(pairs), max_size=8))) if pairs else set()
    return source, translation, project_tags(detagged, translation, src, trg, links)


def markup(segment: str) -> list[str]:
    return [t.text for t in tokenize(segment) if t.is_markup]


@settings(max_examples=300, deadline=None)
@given(projections())
def test_stripping_the_output_gives_the_translation_back(case):
    _, translation, output = case
    assert strip(output) == translation


@settings(max_examples=300, deadline=None)
@given(projections())
def test_output_has_exactly_the_source_tags_well_formed_and_nested_alike(case):
    source, _, output = case
    assert Counter(markup(output)) == Counter(markup(source))
    assert is_well_formed(tokenize(output))

    def shape(tree):  # the nesting, with siblings in any order
        return sorted((e.name, shape(e.children)) for e in tree)

    assert shape(element_tree(tokenize(output))) == shape(element_tree(tokenize(source)))


@settings(max_examples=100, deadline=None)
@given(tagged_segments())
def test_projecting_onto_the_own_plain_text_keeps_text_and_tags(source):
    # the degenerate case of translation = plain text with one-to-one links
    detagged = detag(source)
    words = words_with_offsets(detagged.plain, "en", detagged.cuts())
    links = {(k, k) for k in range(len(words))}
    output = project_tags(detagged, detagged.plain, words, words, links)
    assert strip(output) == detagged.plain
    assert Counter(markup(output)) == Counter(markup(source))


class WrittenAlikeAligner:
    """Links words written alike (a deterministic stand-in for eflomal's links on random text)."""

    name = "alike"
    learns_from_corpus = True

    def align(self, src_words, trg_words):
        return [{(i, j) for i, s in enumerate(src) for j, t in enumerate(trg) if s == t}
                for src, trg in zip(src_words, trg_words)]


SPACED = st.sampled_from(["", " ", "  "])


@st.composite
def spaced_segments(draw) -> str:
    """Tagged segments whose tags enclose or sit between whitespace, and brackets or quotes at their edges."""
    inner = draw(tagged_segments(1))
    mark = draw(st.sampled_from(["", "[", "«", '"', "("]))
    close = {"": "", "[": "]", "«": "»", '"': '"', "(": ")"}[mark]
    inside = draw(st.booleans())
    body = f"{draw(SPACED)}{mark}{inner}{close}{draw(SPACED)}" if inside else f"{draw(SPACED)}{inner}{draw(SPACED)}"
    tagged = f"<g>{body}</g>"
    return f"{draw(st.sampled_from(WORDS))}{draw(SPACED)}{tagged if inside else mark + tagged + close}"


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(spaced_segments(), spaced_segments()), max_size=4), spaced_segments(), TARGET_TEXT)
def test_examples_and_whitespace_keep_the_invariants(examples, source, translation):
    """With learned conventions from any tagged examples, and sources whose tags enclose whitespace, brackets and
    quotes: the output strips to the translation and carries exactly the source's tags, well formed."""
    from tagmt.projection import project_batch

    for shown in ([], examples):
        (output,) = project_batch([detag(source)], [translation], "en", "ru", WrittenAlikeAligner(), examples=shown)
        assert strip(output) == translation
        assert Counter(markup(output)) == Counter(markup(source))
        assert is_well_formed(tokenize(output))


@settings(max_examples=150, deadline=None)
@given(st.one_of(tagged_segments(), spaced_segments()))
def test_a_translation_that_is_the_source_text_gets_the_source_back(source):
    """`translate --approach dp --model copy`: the source's own tagging, character for character."""
    from tagmt.projection import project_batch

    detagged = detag(source)
    (output,) = project_batch([detagged], [detagged.plain], "en", "de", WrittenAlikeAligner())
    assert output == source
