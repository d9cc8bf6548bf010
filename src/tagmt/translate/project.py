"""Detag-and-project: strip the tags of a source segment, then put them into its translation.

`detag` turns a tagged segment into its plain text and a tree of `SourceTag`s with character spans
in that text. `project_batch` word-splits sources and translations (`wordseg.py`; source words are
cut at every tag boundary), aligns all pairs at once, and places every tag with the inside–outside
rule of Zenkel et al. (2021):

* A tag covering source words S goes to the contiguous target words T that maximize the links from
  S landing inside T plus the links from outside S landing outside T — the maximum-sum subarray of
  w_j = links(S → j) − links(not S → j), found in O(n) by Kadane's scan. Ties go to the shortest
  span. The span then grows over unaligned compound parts written against it (`受領|済`), sheds
  particles (and punctuation the source tag does not have) at its edges (`X を` → `X`, `X中` in
  Chinese), never cuts a bracket pair (it takes in the partner of a bracket it opens or closes,
  and the bracket group after it when the source tag ends with one: `<b>Comma (,)</b>` →
  `<b>カンマ (,)</b>`), and never cuts a verb group (`実行<b>されません</b>`, not
  `実行され<b>ませ</b>ん`; `되지 <b>않은</b>`, not `되<b>지 않</b>은`).
* Nested tags are placed inside their parent's target span; siblings never overlap (a sibling is
  placed only in the words its earlier-placed siblings left free; the sibling with more links is
  placed first, so siblings may swap order as translations do).
* A tag with no text (self-closing, a comment, or an element that encloses no word) is a *point*.
  It stays against a sibling span it touches in the source (`<b>X</b><icon/>`); else it fills a
  *hole* of the translation — a double space, or a particle with nothing to attach to
  (`詳細については、を参照`) — else it goes next to the translation of a neighbouring source word,
  else to the split that best separates the links of the words before it from those after it.
* Fallbacks, so that no tag is ever dropped: a span tag with no link into its free target words
  takes the free words at its relative position in the source (the same share of the sentence);
  if no target word is free at all, it is emitted as an empty element at that position. A point
  with no links goes to its relative position.

Before projecting, `project_batch` adds anchors the aligner tends to miss in a small corpus: words
written identically on both sides (names, codes, numbers), English words and the katakana
loanwords that transliterate them (`loanwords.py`: `Download` ↔ `ダウンロード`), and whole-phrase
anchors from a glossary of the batch itself — a tag whose text is a whole segment elsewhere in the
batch (a UI label, a title) is linked to that segment's translation where it occurs here; a second
pass adds the tag texts that got one translation in most of their first-pass projections.

Measured on the SAP dev split (reference engine, default eflomal; benchmarks/bench_projection.py),
exact tagged segments: en-ja 88.7 %, en-ko 87.5 %, en-zh 89.8 % (was 83.1 / 85.1 / 89.5 % before
the katakana splitting, loanword anchors, bracket groups and verb groups). Most of the rest are
word-alignment errors inside compounds (`<b>グループ化</b>基準`), one-to-many phrases that the
reference brackets otherwise than the source (`<b>Go</b>` → `実行` in `実行をクリックします`), and
repeated terms linked to the wrong occurrence.

Tags are inserted at character offsets of the translation, which is never altered: stripping the
output (`tagmt.markup.strip`) gives the translation back exactly. A span tag hugs its first and last
word: whitespace stays outside (the references write `<b>X</b> app`, even for a source
`<b>X </b>app`). A point tag takes the side of the surrounding whitespace that it has in the
source (`word<xref/> next` → attached to the word before), never after full-width punctuation.
"""

from __future__ import annotations

from tagmt.errors import TagmtError
from tagmt.translate.align import Aligner, Links
from tagmt.translate.anchors import (
    anchor_glossary,
    anchor_identical,
    anchor_loanwords,
    batch_glossary,
    consistent_terms,
)
from tagmt.translate.detag import Detagged, SourceTag, detag
from tagmt.translate.inside_outside import place_tags
from tagmt.translate.render import render_tags
from tagmt.translate.wordseg import Word, katakana_vocabulary, words_with_offsets

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
