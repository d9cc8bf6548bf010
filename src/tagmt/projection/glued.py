"""Glued boundaries: where the source has a tag edge between two words written without a space, the
translation may glue its words the same way, and its word splitter must leave an edge there.

A tag edge between a lower-case and an upper-case letter (`<ui>File</ui><ui>Export</ui>`, plain `FileExport`)
or between sentence punctuation and an upper-case letter (`cancelled.<ph/>The job`) is a boundary the source
writes without a space. Word splitters (UAX #29) keep `FichierExporter` and `annulé.Le` as one word, so no tag
edge could land where the source has one. When the source has such a boundary, the translation's words are
cut at every boundary of the same kind (`glued_cuts`): a lower→upper case change, or sentence punctuation
followed by an upper-case letter. Scripts without case (Han, kana, Hangul…) are never cut here: their
segmenters cut words themselves.
"""

from __future__ import annotations

from tagmt.projection.detag import Detagged

#: Punctuation that ends a sentence or a clause, after which an upper-case letter starts a new one.
SENTENCE_END = ".!?:;…"
CASE, SENTENCE = "case", "sentence"


def _kind(before: str, after: str) -> str | None:
    if not after.isupper():
        return None
    if before.islower():
        return CASE
    if before in SENTENCE_END:
        return SENTENCE
    return None


def glued_kinds(detagged: Detagged) -> set[str]:
    """The kinds of glued boundary (`CASE`, `SENTENCE`) at which the source's tags have an edge."""
    plain = detagged.plain
    kinds = set()
    for cut in detagged.cuts():
        if 0 < cut < len(plain):
            kind = _kind(plain[cut - 1], plain[cut])
            if kind is not None:
                kinds.add(kind)
    return kinds


def glued_cuts(detagged: Detagged, text: str) -> list[int]:
    """Offsets of `text` where its words are cut: the glued boundaries of the kinds the source's tags cut (none
    when they cut none)."""
    kinds = glued_kinds(detagged) if detagged.tags else set()
    if not kinds:
        return []
    return [x for x in range(1, len(text)) if _kind(text[x - 1], text[x]) in kinds]
