"""ICU MessageFormat split into the spans a translator translates (tagmt.corpus.icu): hand-made messages with
known spans and codes, malformed ones refused in one line, and a property: join(parts, their own text) is the
message."""

import pytest
from hypothesis import given, settings, strategies as st

from tagmt.corpus.icu import icu_escaper, icu_join, icu_parts, icu_segments
from tagmt.corpus.model import Segment
from tagmt.errors import TagmtError


def _texts(message):
    return [message[a:b] for a, b in icu_parts(message)]


def test_a_message_without_plural_is_one_span_with_its_arguments_as_codes():
    message = "Hello {name}, you have {n, number} points"
    assert icu_parts(message) == [(0, len(message))]
    (part,) = icu_segments(message)
    assert part.tagged == 'Hello <x id="1"/>, you have <x id="2"/> points'
    assert [c.open for c in part.codes.values()] == ["{name}", "{n, number}"]


def test_plural_cases_are_spans_of_their_own_with_hash_as_a_code():
    message = "You have {count, plural, =0 {no files} one {# file} other {# files}} left"
    assert _texts(message) == ["You have ", "no files", "# file", "# files", " left"]
    parts = icu_segments(message)
    assert [p.tagged for p in parts] == ["You have ", "no files", '<x id="1"/> file', '<x id="1"/> files', " left"]
    assert parts[2].codes[("x", "1")].open == "#"


def test_nested_select_and_plural():
    message = ("{g, select, female {{n, plural, one {She has # cat} other {She has # cats}}} "
               "other {{n, plural, offset:1 one {They have # cat} other {They have # cats}}}}")
    assert _texts(message) == ["She has # cat", "She has # cats", "They have # cat", "They have # cats"]


def test_hash_outside_a_plural_is_text():
    (part,) = icu_segments("Ticket #4 for {name}")
    assert part.tagged == 'Ticket #4 for <x id="1"/>'


def test_apostrophe_quoting():
    message = "It''s '{literal}' text, '{' and {n}"
    (part,) = icu_segments(message)
    assert part.tagged == 'It\'s <x id="1"/> text, <x id="2"/> and <x id="3"/>'
    assert [c.open for c in part.codes.values()] == ["'{literal}'", "'{'", "{n}"]
    rendered = Segment("1", part.tagged, codes=part.codes).render(part.tagged, icu_escaper(message))
    assert icu_join(message, [(part.start, part.end)], [rendered]) == message


def test_selectors_and_keywords_stay_outside_the_spans():
    message = "{n, selectordinal, one {#st place} two {#nd place} other {#th place}}"
    for start, end in icu_parts(message):
        assert "selectordinal" not in message[start:end] and "one {" not in message[start:end]


def test_join_replaces_each_span():
    message = "{n, plural, one {# file} other {# files}}"
    spans = icu_parts(message)
    assert icu_join(message, spans, ["# Datei", None]) == "{n, plural, one {# Datei} other {# files}}"


def test_escaper_doubles_an_apostrophe_that_would_start_quoting():
    assert icu_escaper("plain")("l'{") == "l''{"
    assert icu_escaper("plain")("it's") == "it's"
    assert icu_escaper("it''s")("l'eau") == "l''eau"


@pytest.mark.parametrize("message, where", [
    ("{n, plural, one {x}", "character 1"),
    ("a } b", "character 3"),
    ("{n, plural, one x}", "character 17"),
    ("{", "character 1"),
    ("{n, plural}", "character 11"),
])
def test_malformed_messages_are_one_line_naming_the_place(message, where):
    with pytest.raises(TagmtError) as error:
        icu_parts(message, where="strings.json:3")
    text = str(error.value)
    assert "\n" not in text and text.startswith("strings.json:3: not an ICU message") and where in text


_word = st.text(alphabet="abc xyz.,!", min_size=1, max_size=6)
_simple = st.sampled_from(["{name}", "{n, number}", "{d, date, short}", "'{'", "''"])


@st.composite
def _message(draw, depth=0):
    pieces = draw(st.lists(st.one_of(_word, _simple) if depth > 1 else st.one_of(_word, _simple, st.just("P")),
                           max_size=5))
    out = []
    for piece in pieces:
        if piece == "P":
            cases = draw(st.lists(st.sampled_from(["one", "other", "=0", "few"]), min_size=1, max_size=3,
                                  unique=True))
            out.append("{n, plural, " + " ".join(f"{c} {{{draw(_message(depth + 1))}}}" for c in cases) + "}")
        else:
            out.append(piece)
    return "".join(out)


@settings(max_examples=150, deadline=None)
@given(_message())
def test_rendering_every_span_back_gives_the_message(message):
    parts = icu_segments(message)
    assert [(p.start, p.end) for p in parts] == icu_parts(message)
    escaper = icu_escaper(message)
    texts = [Segment("1", p.tagged, codes=p.codes).render(p.tagged, escaper) for p in parts]
    assert icu_join(message, [(p.start, p.end) for p in parts], texts) == message
