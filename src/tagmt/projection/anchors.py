"""Anchors: word links that the aligner tends to miss in a small corpus, added before projecting.

Words written identically on both sides (names, codes, numbers); words spelled almost alike, after
folding case, diacritics and script (`cognates.py`: `Configuration` ↔ `Konfiguration`, `Server` ↔
`сервер`); English words and the katakana or Hangul loanwords that transliterate them
(`loanwords.py`: `Download` ↔ `ダウンロード`); and
whole-phrase anchors from a glossary of the batch itself — a tag whose text is a whole segment
elsewhere in the batch (a UI label, a title) is linked to that segment's translation where it
occurs here, and a second pass adds the tag texts that got one translation in most of their
first-pass projections (`consistent_terms`). An anchored word loses its other links.
"""

from __future__ import annotations

from bisect import bisect_right
from math import inf
from collections import Counter
from typing import Callable, Sequence

from tagmt.projection.align import Links
from tagmt.projection.cognates import cognate_pairs, room_for_more
from tagmt.projection.detag import Detagged
from tagmt.projection.lexicon import lexicon_pairs, spaced
from tagmt.projection.loanwords import loanword_pairs
from tagmt.projection.wordseg import Word, words_within

_COMMON_PUNCT = set(".,:;!?()[]{}\"'-/…、。，：；！？（）「」『』・")


def anchor_identical(src: list[Word], trg: list[Word], links: Links) -> Links:
    """Link words written identically on both sides (names, numbers, codes, rare symbols such as
    `~`), pairing the k-th occurrence with the k-th when both sides have the same count; their
    other links are dropped. Statistical aligners often miss these in a small corpus."""
    in_src, in_trg = occurrences(src, _identical_form), occurrences(trg, _identical_form)
    pairs = {
        pair
        for text, where in in_src.items()
        if len(where) == len(in_trg.get(text, ()))
        for pair in zip(where, in_trg[text])
    }
    return _anchor(links, pairs)


def _identical_form(word: Word) -> str | None:
    return word.text if word.kind == "content" or word.text not in _COMMON_PUNCT else None


def occurrences(words: list[Word], form: Callable[[Word], str | None]) -> dict[str, list[int]]:
    """The indices of the words of each form (`form(word)`; None: the word is left out), in order:
    the k-th occurrence is paired with the k-th (`anchor_identical`, `repeats.order_repeats`)."""
    found: dict[str, list[int]] = {}
    for k, w in enumerate(words):
        key = form(w)
        if key is not None:
            found.setdefault(key, []).append(k)
    return found


def anchor_cognates(src: list[Word], trg: list[Word], links: Links) -> Links:
    """Link words spelled almost alike once case, diacritics and script are folded, where each is
    the other's one clear best partner in the pair (`cognates.py`). Their other links are dropped,
    except those of a word with room for another word besides its cognate (a compound or a long
    ending: `Serverkonfiguration` keeps its link to `server`)."""
    pairs = cognate_pairs(src, trg)
    if not pairs:
        return links
    src_fixed = {i for i, j in pairs if not room_for_more(src[i].text, trg[j].text)}
    trg_fixed = {j for i, j in pairs if not room_for_more(trg[j].text, src[i].text)}
    kept = {(i, j) for i, j in links if i not in src_fixed and j not in trg_fixed}
    return kept | pairs


def anchor_lexicon(
    src: list[Word], src_lang: str, trg: list[Word], trg_lang: str, links: Links, table: dict[str, set[str]],
    *, exclusive: bool | None = None,
) -> Links:
    """Link words that a bilingual dictionary pairs, each the other's only dictionary partner in the pair
    (`lexicon.lexicon_pairs`; `table`: the batch's entries, `Lexicon.lookup`). With `exclusive` their
    other links are dropped, as for the other anchors; by default where both languages write spaces
    between words. In a language written without them (ja, zh, ko) the dictionary word is often one part
    of a compound (`基準` in `グループ化基準`) whose other links the aligner may have right: the anchor is
    added to them (measured, 2-fold CV, SAP en-ja: 90.2 % exclusive, 90.6 % added, 90.6 % without
    dictionary; glossary en-de: 95.8 % exclusive, 92.7 % added, 89.5 % without)."""
    pairs = lexicon_pairs(src, trg, table, src_lang, trg_lang)
    if not pairs:
        return links
    if exclusive is None:
        exclusive = spaced(src_lang) and spaced(trg_lang)
    return _anchor(links, pairs) if exclusive else set(links) | pairs


def anchor_loanwords(
    src: list[Word], src_lang: str, trg: list[Word], trg_lang: str, links: Links
) -> Links:
    """Link English words to the katakana or Hangul words that transliterate them
    (`loanwords.py`); their other links are dropped."""
    nouns = [[w.text if w.kind == "content" else "" for w in words] for words in (src, trg)]
    pairs = loanword_pairs(nouns[0], src_lang, nouns[1], trg_lang)
    return _anchor(links, pairs)


def _anchor(links: Links, pairs: set[tuple[int, int]]) -> Links:
    """`links` with `pairs` added and every other link of the paired words dropped."""
    if not pairs:
        return links
    src_fixed = {i for i, _ in pairs}
    trg_fixed = {j for _, j in pairs}
    kept = {(i, j) for i, j in links if i not in src_fixed and j not in trg_fixed}
    return kept | pairs


def batch_glossary(detagged: list[Detagged], translations: list[str],
                   sentences: Sequence[Sequence[tuple[str, str]]] = ()) -> dict[str, set[str]]:
    """Whole segments of the batch and their translations: UI labels and titles that stand alone
    in one segment and inside a tag in another. `sentences` (optional, one entry per pair): the
    (source, translation) texts of a paragraph pair's matched sentence pairs (`sentencepairs.py`),
    each a whole segment too."""
    glossary: dict[str, set[str]] = {}
    for d, t in zip(detagged, translations):
        if d.plain.strip() and t.strip():
            glossary.setdefault(d.plain.strip(), set()).add(t.strip())
    for pairs in sentences:
        for x, y in pairs:
            if x.strip() and y.strip():
                glossary.setdefault(x.strip(), set()).add(y.strip())
    return glossary


def anchor_glossary(
    detagged: Detagged,
    translation: str,
    src: list[Word],
    trg: list[Word],
    links: Links,
    glossary: dict[str, set[str]],
    pieces: Sequence[tuple[int, int, int, int]] = (),
) -> Links:
    """Link a tag's words to the words of its known translation, when the tag's text is a whole
    segment elsewhere in the batch and exactly one of its translations occurs exactly once here;
    those words' other links are dropped. Tags whose anchors would overlap keep their links.
    `pieces` (optional): the pair's matched sentence pairs as word ranges (`sentencepairs.py`); a
    tag inside one source sentence looks for its translation once in that sentence's counterpart
    (a paragraph may repeat a term in several sentences), and a tag around one whole sentence is not
    anchored (as a tag around the whole segment: every word of it linked to every word of its
    counterpart would leave the tags inside it no links to go by)."""
    claimed: set[int] = set()
    src_starts, trg_starts = [w.start for w in src], [w.start for w in trg]
    index: _LinkIndex | None = None  # (made at the first anchor: linear in the links)
    for tag in detagged.walk():
        text = detagged.plain[tag.start : tag.end].strip()
        if tag.start == tag.end or text == detagged.plain.strip() or text not in glossary:
            continue
        inside = set(words_within(src, src_starts, tag.start, tag.end))
        piece = _piece_of(inside, pieces)
        if piece is not None and (piece[0], piece[1]) == (min(inside), max(inside) + 1):
            continue  # a tag around a whole sentence: the sentence pair itself, not a term
        lo, hi = (trg[piece[2]].start, trg[piece[3] - 1].end) if piece is not None else (0, len(translation))
        here = translation[lo:hi]
        found = [y for y in glossary[text] if here.count(y) == 1]
        if len(found) != 1:
            continue
        start = lo + here.index(found[0])
        end = start + len(found[0])
        target = set(words_within(trg, trg_starts, start, end))
        if not inside or not target or target & claimed:
            continue
        claimed |= target
        if index is None:
            index = _LinkIndex(links)
        index.replace(inside, target, keep=bool(tag.children))
    return links if index is None else index.links


class _LinkIndex:
    """A pair's links indexed by source and by target word, so that replacing a word group's links costs
    the links removed and added, not the pair's (a paragraph may anchor a term in every sentence)."""

    def __init__(self, links: Links) -> None:
        self.links = set(links)
        self.by_src: dict[int, set[int]] = {}
        self.by_trg: dict[int, set[int]] = {}
        for i, j in self.links:
            self.by_src.setdefault(i, set()).add(j)
            self.by_trg.setdefault(j, set()).add(i)

    def replace(self, inside: set[int], target: set[int], keep: bool = False) -> None:
        """Drop every link of the source words `inside` and of the target words `target`, then link each
        of `inside` with each of `target`. `keep` (a tag with tags inside it): the links already
        between `inside` and `target` stay the only ones of their words, and the words with none there
        are linked to the other side's words with none (to all of them when it has none) — every word
        linked to every word would leave the tags inside no links to go by (`Economic parity <x/>April
        2019` → `Kaufkraftparität <x/>April 2019`: `April` keeps its one link)."""
        kept = {(i, j) for i in inside for j in self.by_src.get(i, ()) if j in target} if keep else set()
        for i in inside:
            for j in self.by_src.pop(i, ()):
                self.links.discard((i, j))
                self.by_trg.get(j, set()).discard(i)
        for j in target:
            for i in self.by_trg.pop(j, ()):
                self.links.discard((i, j))
                self.by_src.get(i, set()).discard(j)
        pairs = {(i, j) for i in inside for j in target}
        if kept:  # the words with no link kept are linked among themselves (or to all, when one side has none)
            loose_src = inside - {i for i, _ in kept}
            loose_trg = target - {j for _, j in kept}
            pairs = kept | {(i, j) for i in loose_src for j in (loose_trg or target)} | \
                {(i, j) for j in loose_trg for i in (loose_src or inside)}
        for i, j in pairs:
            self.links.add((i, j))
            self.by_src.setdefault(i, set()).add(j)
            self.by_trg.setdefault(j, set()).add(i)


def _piece_of(inside: set[int], pieces: Sequence[tuple[int, int, int, int]]) -> tuple[int, int, int, int] | None:
    """The sentence pair (`sentencepairs.Piece`) whose source words hold all the words `inside`; None
    when the pair is one piece or they are in several."""
    if not inside or len(pieces) < 2:
        return None
    first = min(inside)
    piece = pieces[bisect_right(pieces, (first, inf)) - 1]  # the last piece whose words start at or before it
    return piece if piece[0] <= first and max(inside) < piece[1] else None


def consistent_terms(
    detagged: list[Detagged], translations: list[str], where: list[dict[int, tuple[int, int]]]
) -> dict[str, set[str]]:
    """Tag texts that recur in the batch and got one translation in most of their projections:
    a second pass anchors the rest to it (a UI label keeps its translation within a run)."""
    votes: dict[str, Counter] = {}
    for d, t, spans in zip(detagged, translations, where):
        for order, tag in enumerate(d.walk()):
            if tag.start < tag.end and order in spans:
                start, end = spans[order]
                text = d.plain[tag.start : tag.end].strip()
                if text and end > start:
                    votes.setdefault(text, Counter())[t[start:end].strip()] += 1
    terms = {}
    for text, counts in votes.items():
        (best, n), = counts.most_common(1)
        if n >= 2 and 2 * n > sum(counts.values()):
            terms[text] = {best}
    return terms
