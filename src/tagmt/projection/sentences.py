"""Sentences inside one segment: where a paragraph's sentences begin and end.

Structured documents keep whole paragraphs in one segment (an XLIFF trans-unit without `<seg-source>`,
a help page's `<p>`, a list item with two sentences), so projection must know a segment's sentences:
a tag that encloses whole source sentences encloses whole target sentences, and a tag inside one
source sentence stays inside the target sentence that translates it.

`sentence_spans` cuts a plain text into sentences by language-independent punctuation rules — written
here rather than taken from a segmenter library because projection needs character offsets that cover
the text exactly, conservative cuts (a missed cut costs nothing, a wrong one misplaces tags) and no
model or rule file per language:

* after a full stop, question or exclamation mark, or ellipsis (`.`, `?`, `!`, `…`, with any closing
  quotation marks and brackets after them) followed by whitespace and then a sentence start: an
  upper-case letter, a letter of a script without case (Han, kana, Hangul, Thai, …), or an opening
  quotation mark or bracket followed by one of those. A full stop after a single letter or a short
  capitalized word (`e.g.`, `Dr.`, `No.`, `Art.`) is an abbreviation, not a sentence end;
* after the full-width marks `。`, `？`, `！`, `．` (and closing marks after them), with or without
  whitespace: Chinese and Japanese write no space between sentences;
* at every line break.

The whitespace between two sentences belongs to neither: the spans are ordered, do not overlap, and
together hold every character of the text that is not whitespace.
"""

from __future__ import annotations

import unicodedata

_CLOSING = set("\"'”’»›」』）)］]】〕〉》")
_OPENING = set("\"'“‘«‹„「『（(［[【〔〈《")
_WIDE_STOPS = set("。？！．")
_STOPS = set(".?!…")
ABBREVIATION_LETTERS = 3
"""A full stop after a capitalized word of at most this many letters (`Dr.`, `No.`, `Art.`) or after a
single letter (`e.g.`, `U.S.`) is read as an abbreviation: a missed cut costs nothing, a wrong one may."""


def sentence_spans(text: str, *, short_words: bool = True) -> list[tuple[int, int]]:
    """The sentences of `text` as `(start, end)` character offsets, whitespace around them left out
    (see the module's docstring). A text without a sentence end is one sentence; a text of only
    whitespace has none. Linear in the text. `short_words=False`: a full stop after a short
    capitalized word ends a sentence (German `… klicken Sie. Dann`), only one after a single letter
    is an abbreviation — for a caller that aligns the sentences of two sides, where a missed cut
    costs more than a wrong one (`paragraphs.py`)."""
    cuts = [0]
    n = len(text)
    for i, char in enumerate(text):
        if char == "\n":
            cuts.append(i)
        elif char in _WIDE_STOPS or char in _STOPS:
            j = i + 1
            while j < n and text[j] in _CLOSING:
                j += 1
            if j < n and text[j] in _STOPS | _WIDE_STOPS:
                continue  # `?!`, `...`: the last mark ends the sentence
            if char in _STOPS and not _starts_sentence(text, j):
                continue
            if char == "." and _abbreviation(text, i, short_words):
                continue
            cuts.append(j)
    cuts.append(n)
    spans = []
    for a, b in zip(cuts, cuts[1:]):
        a, b = stripped(text, a, b)
        if a < b:
            spans.append((a, b))
    return spans


def stripped(text: str, a: int, b: int) -> tuple[int, int]:
    """`[a, b)` without the whitespace at its ends (empty, `a == b`, when it holds only whitespace)."""
    while a < b and text[a].isspace():
        a += 1
    while b > a and text[b - 1].isspace():
        b -= 1
    return a, b


def _starts_sentence(text: str, j: int) -> bool:
    """Whether whitespace at `j` is followed by a sentence start: opening marks, then an upper-case
    letter or a letter of a script without case."""
    if j >= len(text) or not text[j].isspace():
        return False
    while j < len(text) and text[j].isspace():
        j += 1
    while j < len(text) and text[j] in _OPENING:
        j += 1
    return j < len(text) and unicodedata.category(text[j]) in ("Lu", "Lt", "Lo")


def _abbreviation(text: str, i: int, short_words: bool = True) -> bool:
    """Whether the full stop at `i` ends an abbreviation (see `ABBREVIATION_LETTERS`)."""
    k = i
    while k > 0 and text[k - 1].isalpha():
        k -= 1
    word = text[k:i]
    if len(word) == 1:
        return True
    return short_words and 1 < len(word) <= ABBREVIATION_LETTERS and word[0].isupper() and word[1:].islower()
