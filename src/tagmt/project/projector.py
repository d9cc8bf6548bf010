"""Detag-and-project: strip the tags of a source segment, then put them into its translation.

The steps of `project_batch`, one module each:

1. `detag.py` — `detag` turns a tagged segment into its plain text and a tree of `SourceTag`s with
   character spans in that text.
2. `wordseg.py` — sources and translations are split into words with character offsets (source
   words are cut at every tag boundary); `align.py` links the words of all pairs at once.
3. `anchors.py` — links the aligner tends to miss in a small corpus are added: identical words,
   English words and their katakana/Hangul loanwords, and a glossary of the batch itself (a second
   pass adds the tag texts that got one translation in most of their first-pass projections).
4. `inside_outside.py` — every tag is placed on the target words by the inside–outside rule of
   Zenkel et al. (2021): the span that maximizes the tag's links landing inside it plus the other
   links landing outside, with edge rules (compounds, particles, brackets, verb groups), nesting,
   non-overlapping siblings, point tags and fallbacks, so that no tag is ever dropped.
5. `render.py` — the placed tags are written into the translation at character offsets; the
   translation is never altered (stripping the output gives it back exactly).

Measured on the SAP dev split (reference engine, default eflomal; benchmarks/bench_projection.py),
exact tagged segments: en-ja 88.7 %, en-ko 87.5 %, en-zh 89.8 % (was 83.1 / 85.1 / 89.5 % before
the katakana splitting, loanword anchors, bracket groups and verb groups). Most of the rest are
word-alignment errors inside compounds (`<b>グループ化</b>基準`), one-to-many phrases that the
reference brackets otherwise than the source (`<b>Go</b>` → `実行` in `実行をクリックします`), and
repeated terms linked to the wrong occurrence.

`detag`, `Detagged`, `SourceTag` and the `anchor_*` functions are re-exported here for callers.
"""

from __future__ import annotations

from tagmt.errors import TagmtError
from tagmt.project.align import Aligner, Links
from tagmt.project.anchors import (
    anchor_glossary,
    anchor_identical,
    anchor_loanwords,
    batch_glossary,
    consistent_terms,
)
from tagmt.project.detag import Detagged, SourceTag, detag
from tagmt.project.inside_outside import place_tags
from tagmt.project.render import render_tags
from tagmt.project.wordseg import Word, katakana_vocabulary, words_with_offsets

__all__ = [
    "Detagged",
    "SourceTag",
    "anchor_glossary",
    "anchor_identical",
    "anchor_loanwords",
    "detag",
    "project_batch",
    "project_tags",
]


def project_tags(
    detagged: Detagged, translation: str, src: list[Word], trg: list[Word], links: Links
) -> str:
    """The translation with the tags of `detagged` inserted, given words and their links."""
    return _project(detagged, translation, src, trg, links)[0]


def _project(
    detagged: Detagged, translation: str, src: list[Word], trg: list[Word], links: Links
) -> tuple[str, dict[int, tuple[int, int]]]:
    """The tagged translation, and the characters each tag (by source order) encloses."""
    if not detagged.tags:
        return translation, {}
    placed = place_tags(detagged, src, trg, links, len(translation))
    return render_tags(detagged.plain, translation, trg, placed)


def project_batch(
    detagged: list[Detagged],
    translations: list[str],
    src_lang: str,
    trg_lang: str,
    aligner: Aligner,
) -> list[str]:
    """Project the tags of every source onto its translation, aligning all pairs at once.

    An aligner that learns from the corpus (eflomal) sees every pair, tagged or not: more text
    gives better word links. A pretrained one (awesome) aligns only the pairs that have tags.
    """
    if len(detagged) != len(translations):
        raise TagmtError(
            f"cannot project {len(detagged)} sources onto {len(translations)} translations"
        )
    known = katakana_vocabulary([*translations, *(d.plain for d in detagged)])
    src = [words_with_offsets(d.plain, src_lang, d.cuts(), vocabulary=known) for d in detagged]
    trg = [words_with_offsets(t, trg_lang, vocabulary=known) for t in translations]
    learns = getattr(aligner, "learns_from_corpus", True)
    chosen = [k for k, d in enumerate(detagged) if learns or d.tags]
    links: list[Links] = [set() for _ in detagged]
    if chosen:
        found = aligner.align(
            [[w.text for w in src[k]] for k in chosen], [[w.text for w in trg[k]] for k in chosen]
        )
        for k, link in zip(chosen, found):
            link = anchor_loanwords(src[k], src_lang, trg[k], trg_lang, link)
            links[k] = anchor_identical(src[k], trg[k], link)
    glossary = batch_glossary(detagged, translations)
    anchored = [
        anchor_glossary(d, t, s, w, link, glossary) if d.tags else link
        for d, t, s, w, link in zip(detagged, translations, src, trg, links)
    ]
    first = [_project(*args) for args in zip(detagged, translations, src, trg, anchored)]
    learned = consistent_terms(detagged, translations, [where for _, where in first])
    for term, found in learned.items():
        glossary.setdefault(term, found)
    return [
        project_tags(d, t, s, w, anchor_glossary(d, t, s, w, link, glossary)) if d.tags else t
        for d, t, s, w, link in zip(detagged, translations, src, trg, links)
    ]
