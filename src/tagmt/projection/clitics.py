"""Language rules on top of UAX #29 words: clitics written with an apostrophe, and digit groups.

UAX #29 keeps a word with an apostrophe between letters whole, which is right for `aujourd'hui`,
Uzbek `O‘zbekiston` or Breton `c'hoari`, but glues an elided article to its noun (French `l'homme`,
Italian `dell'Unione`) and a case ending to a name (Turkish `SAP'nin`, Finnish `EU:ssa`), and a tag
often ends right there (`l'<g>homme</g>`, `<b>SAP</b>'nin`). So, per language, such words are cut:

* after an elided word (`l'` | `homme`) — the elided forms are listed per language (kind `other`:
  an article or pronoun, which a tag's span does not grow over);
* before a suffix (`SAP` | `'nin`, `EU` | `:ssa`, `company` | `'s`) — any suffix in Turkish and
  Azerbaijani (apostrophe), Finnish (apostrophe or colon) and Swedish (colon), the listed clitics in
  English and Welsh (kind `particle` for a case ending, which a span does not end on; `other` for a
  verb or article clitic).

No library on the package index does this with character offsets for these languages (Moses's
tokenizer splits every apostrophe of French and Italian, `aujourd' hui`, and keeps no offsets), so
the lists are written in the language profiles (`profiles/spaced.py`: `ELIDED`, `SUFFIXES`).

Numbers written with digit groups separated by a space (`1 000`, `12 500,50`: French, German,
Hungarian and most of Europe; the space may be no-break or narrow) are one word, as `1,000` is
under UAX #29, so a tag cannot end inside a number and `1 000` can link to `1,000`.
"""

from __future__ import annotations

import re

from tagmt.projection.profiles.spaced import ANY, ELIDED
from tagmt.projection.profiles.spaced import APOSTROPHES as _APOSTROPHES
from tagmt.projection.profiles.spaced import NOT_CASE_ENDINGS as _NOT_CASE_ENDINGS
from tagmt.projection.profiles.spaced import SUFFIXES as _SUFFIXES

Piece = tuple[int, int, str]
"""A word as (start, end, kind)."""

_GROUPED_NUMBER = re.compile(r"(?<![\d.,])\d{1,3}(?:[ \u00a0\u202f\u2009]\d{3})+(?!\d)")
"""Digit groups of three after a first group of one to three digits, one space between groups."""


def split_clitics(text: str, pieces: list[Piece], lang: str) -> list[Piece]:
    """`pieces` (words of `text`) with elided words and suffixes of `lang` cut off."""
    elided = ELIDED.get(lang)
    suffix = _SUFFIXES.get(lang)
    if (elided is None and suffix is None) or not any(m in text for m in _APOSTROPHES + ":"):
        return pieces
    out: list[Piece] = []
    for start, end, kind in pieces:
        word = text[start:end]
        if kind == "punct" or not any(m in word for m in _APOSTROPHES + ":"):
            out.append((start, end, kind))
            continue
        if elided:
            start = _cut_elided(word, start, elided, out)
            word = text[start:end]
        if suffix:
            cut, tail = _suffix_at(word, *suffix)
            if cut:
                out.append((start, start + cut, kind))
                start += cut
                kind = "other" if tail in _NOT_CASE_ENDINGS.get(lang, ()) else "particle"
        out.append((start, end, kind))
    return out


def _cut_elided(word: str, start: int, elided: frozenset[str], out: list[Piece]) -> int:
    """Append the elided words at the start of `word` (`qu'` of `qu'aujourd'hui`) to `out`;
    return where the rest begins."""
    offset = 0
    while True:
        rest = word[offset:]
        at = next((k for k, c in enumerate(rest) if c in _APOSTROPHES), -1)
        if at <= 0 or at == len(rest) - 1 or rest[:at].lower() not in elided:
            return start + offset
        out.append((start + offset, start + offset + at + 1, "other"))
        offset += at + 1


def _suffix_at(word: str, marks: str, suffixes: frozenset[str] | None) -> tuple[int, str]:
    """Where the suffix of `word` begins (at its mark; 0 when it has none) and the suffix in lower
    case without its mark; English `n't` begins one letter before its apostrophe (`do` | `n't`)."""
    at = max(word.rfind(m) for m in marks)
    tail = word[at + 1:].lower()
    if at <= 0 or not tail.isalpha() or (suffixes is not ANY and tail not in suffixes):
        return 0, ""
    if tail == "t":  # n't
        return (at - 1, tail) if at > 1 and word[at - 1] in "nN" else (0, "")
    return at, tail


def join_digit_groups(text: str, pieces: list[Piece]) -> list[Piece]:
    """`pieces` with the groups of one number written with spaces (`1 000,50`) joined into one."""
    if not any(c in text for c in " \u00a0\u202f\u2009"):
        return pieces
    numbers = [m.span() for m in _GROUPED_NUMBER.finditer(text)]
    if not numbers:
        return pieces
    out: list[Piece] = []
    for start, end, kind in pieces:
        last = out[-1] if out else None
        same = last is not None and any(
            a <= last[0] and start < b and last[1] <= b for a, b in numbers
        )
        if same and kind == "content" and last[2] == "content":
            out[-1] = (last[0], end, "content")
        else:
            out.append((start, end, kind))
    return out
