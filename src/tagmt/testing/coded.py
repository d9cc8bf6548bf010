"""A synthetic segment with many inline codes, for the projection's scaling tests and benchmark."""

from __future__ import annotations

from tagmt.projection.detag import detag
from tagmt.projection.wordseg import words_with_offsets


def coded_segment(n: int):
    """A segment of ``n`` codes, alternately paired (``<g>``) and self-closing (``<x/>``), its word lists,
    and a diagonal alignment onto a translation of ``n`` words: ``(detagged, translation, src_words,
    trg_words, links)``."""
    source = " ".join(
        f'word{k} <x id="{k}"/>' if k % 2 else f'<g id="{k}">word{k}</g>' for k in range(n)
    )
    detagged = detag(source)
    translation = " ".join(f"wort{k}" for k in range(n))
    src = words_with_offsets(detagged.plain, "en", detagged.cuts())
    trg = words_with_offsets(translation, "de")
    links = {(i, i) for i in range(min(len(src), len(trg)))}
    return detagged, translation, src, trg, links
