"""The units the word aligner sees, which may be coarser than the words tags are placed on.

Tags are placed on the words of `wordseg.py`, which are cut fine so that a tag can end anywhere a
reference may end one (one Han character a word in Chinese). A statistical aligner learns from
counts, and a Chinese text seen one character at a time shares the counts of `到期` (due) with every
`到` (arrive) of the corpus. So a language may have *units* — runs of touching words joined — and
the aligner (one that learns from the corpus: eflomal) then aligns the corpus twice, once on the
words and once on the units; a word pair is linked when either view links it, each word of a unit
taking the unit's links (`align_words`). Placement still sees the fine words, and units.py keeps a
dictionary word whole unless its links split it. A pretrained aligner (awesome) sees the words.
With an aligner that scores its links (`align_scored`), each view's confidences are spread to the
word links as its links are (`spread_shares`) and the two views' shares joined per word link
(`confidence.joined`: the links are still the union of the views' votes; each weighs the mean of its
two shares, and the links below both votes are weak links; `benchmarks/bench_xliff.py --target-language
zh --runs project-eflomal --sizes 50000`: peak 126 → 131 MB, one run each).

Rules, per language of a side (`UNIT_RULES`; every other language: `words`, one view):

* `icu-words` (Chinese, zh and zf) — touching Han characters joined into the words of ICU's
  dictionary word break iterator (PyICU, the `align` extra; without it, characters alone): Chinese
  is written without spaces and its words, not its characters, carry meaning.

A unit never crosses a position in `cuts` (a tag boundary of a source segment), so the links of one
tag's words never spread to another's.

Measured (SAP dev, oracle translation, eflomal, benchmarks/bench_projection.py, exact tagged segments,
seeds 1 / 11 / 21, characters alone → both views): 2-fold CV, en-zh 90.4 / 89.8 / 90.4 → 90.6 / 90.4 /
91.0 %, en-zf 93.5 / 93.7 / 93.1 → 94.4 / 94.4 / 94.1 % (the gain is mostly in the half measured with
the other as examples first; the second half moves -0.4 to +1.2); without examples, en-zh 90.6 / 89.1 /
89.1 → 89.8 / 89.8 / 90.8 %, en-zf 90.0 / 89.8 / 89.7 → 89.5 / 89.8 / 89.5 %. ICU words
alone, without the characters' view, lose (en-zh 89.7, en-zf 93.1 at seed 1): tags end inside
dictionary words, and the characters' view keeps those links. Chinese pays for it with a second
eflomal pass (CV CPU per 1,000 segments 12.5 → 21 s; `--speed --speed-set sap:en-zh
--speed-segments 250`: on the fly 6.2 → 11.2 s CPU, with a model 4.8 → 6.7 s, exact with the model 87.9 →
91.4 %). Tried and not kept (seed 1, against the same baseline): both views as one eflomal corpus
(as `tagmt learn` writes them) en-zh 89.8, en-zf 94.3 %; the units' links only for words the
characters' view leaves unlinked 90.2 / 93.7 %; Japanese MeCab nouns joined into compounds alone 73.2 % (88.9), one-character Han
morphemes joined to their neighbours 87.2 %, and that as a second view 88.3 %; Korean eojeol
without particles as a second view 86.2 % (87.4); Snowball stems instead of eflomal's 4-letter
prefixes on both sides, glossary de / fr / hu 86.7 / 93.0 / 85.7 % (88.8 / 92.7 / 89.9), on the
English side only 88.5 / 93.0 / 89.2 %: the prefixes already give `toxicity` and `toxicities` one form.
"""

from __future__ import annotations

import unicodedata
from typing import Iterable, Mapping, Sequence

from tagmt.projection.align import Links
from tagmt.projection.confidence import joined as joined_views, voted
from tagmt.projection.wordbreak import icu_available, icu_spans
from tagmt.projection.wordseg import Word, base_language
from tagmt.projection.wordstore import LinkStore

Groups = list[tuple[int, int]]
"""Units as `[first, end)` ranges of word indices, in order, covering every word once."""


def _is_han(char: str) -> bool:
    return unicodedata.name(char, "").startswith(("CJK UNIFIED", "CJK COMPATIBILITY IDEOGRAPH"))


def _singles(words: Sequence[Word]) -> Groups:
    return [(k, k + 1) for k in range(len(words))]


def _runs(words: Sequence[Word], joinable, cuts: frozenset[int]) -> Iterable[tuple[int, int]]:
    """Maximal runs of touching `joinable` words that no cut falls inside."""
    k = 0
    while k < len(words):
        if not joinable(words[k]):
            k += 1
            continue
        end = k + 1
        while (end < len(words) and joinable(words[end]) and words[end].start == words[end - 1].end
               and words[end].start not in cuts):
            end += 1
        yield k, end
        k = end


def _icu_word_groups(words: Sequence[Word], lang: str, cuts: frozenset[int]) -> Groups:
    """Runs of touching one-character Han words joined as ICU's dictionary cuts the run."""
    if not icu_available():
        return _singles(words)
    groups: Groups = []
    k = 0
    for first, end in _runs(words, lambda w: len(w.text) == 1 and _is_han(w.text), cuts):
        groups.extend((j, j + 1) for j in range(k, first))
        run = "".join(w.text for w in words[first:end])
        for a, b in icu_spans(run, "zh"):  # ICU's Han dictionary serves every Chinese variant alike
            groups.append((first + a, first + b))  # one character a word: character = word offset
        k = end
    groups.extend((j, j + 1) for j in range(k, len(words)))
    return _covering(groups, len(words))


def _covering(groups: Groups, n: int) -> Groups:
    """`groups` if they cover 0..n once in order; otherwise one word a unit (never a lost word)."""
    pos = 0
    for a, b in groups:
        if a != pos or b <= a:
            return [(k, k + 1) for k in range(n)]
        pos = b
    return groups if pos == n else [(k, k + 1) for k in range(n)]


UNIT_RULES = {
    "zh": "icu-words",
    "zf": "icu-words",
}
"""The rule each language's side is joined by (anything else: `words`, one word a unit)."""

RULES = {
    "words": lambda words, lang, cuts: _singles(words),
    "icu-words": _icu_word_groups,
}


def unit_rule(lang: str) -> str:
    """The name of the rule the aligner's units of `lang` are made by (a projection model records it)."""
    return UNIT_RULES.get(lang) or UNIT_RULES.get(base_language(lang), "words")


def unit_groups(words: Sequence[Word], lang: str, cuts: Iterable[int] = ()) -> Groups:
    """The aligner's units of a sentence's `words` as ranges of word indices."""
    return RULES[unit_rule(lang)](words, base_language(lang), frozenset(cuts))


def unit_texts(words: Sequence[Word], groups: Groups) -> list[str]:
    """The text of each unit: its words' texts joined (units join touching words only)."""
    return ["".join(w.text for w in words[a:b]) for a, b in groups]


def spread_links(links: Links, src_groups: Groups, trg_groups: Groups) -> Links:
    """Unit links as word links: every word of a unit gets the unit's links."""
    out: Links = set()
    for i, j in links:
        if i >= len(src_groups) or j >= len(trg_groups):
            continue
        sa, sb = src_groups[i]
        ta, tb = trg_groups[j]
        out.update((a, b) for a in range(sa, sb) for b in range(ta, tb))
    return out


def spread_shares(scored: Mapping[tuple[int, int], float], src_groups: Groups,
                  trg_groups: Groups) -> dict[tuple[int, int], float]:
    """Unit links' confidences as word links' (`spread_links` with each link's share): every word pair
    of two linked units takes the units' share (units do not overlap, so a word pair has one)."""
    out: dict[tuple[int, int], float] = {}
    for (i, j), share in scored.items():
        if i >= len(src_groups) or j >= len(trg_groups):
            continue
        sa, sb = src_groups[i]
        ta, tb = trg_groups[j]
        out.update(((a, b), share) for a in range(sa, sb) for b in range(ta, tb))
    return out


def views(words: Sequence[Word], lang: str, cuts: Iterable[int] = ()) -> list[Groups]:
    """The views of a sentence the aligner sees: its words, and its units when they differ."""
    fine = _singles(words)
    coarse = unit_groups(words, lang, cuts)
    return [fine] if coarse == fine else [fine, coarse]


def _pick(found: list[Groups], view: int) -> Groups:
    return found[min(view, len(found) - 1)]


def view_sentences(src: Sequence[Word], trg: Sequence[Word], src_lang: str, trg_lang: str,
                   cuts: Iterable[int] = ()) -> list[tuple[list[str], list[str]]]:
    """A pair as the aligner sees it: one (source units, target units) pair of texts per view (a side
    with one view gives it to both), as `align_words` aligns it and `tagmt learn` writes it."""
    s_views, t_views = views(src, src_lang, cuts), views(trg, trg_lang)
    return [(unit_texts(src, _pick(s_views, k)), unit_texts(trg, _pick(t_views, k)))
            for k in range(max(len(s_views), len(t_views)))]


def _word_texts(sentences: Sequence[Sequence[Word]], k: int) -> list[str]:
    """The word texts of sentence `k`, sliced from a compact store's text (`text_of`) when it has one,
    without making its `Word`s."""
    text_of = getattr(sentences, "text_of", None)
    return text_of(k) if text_of is not None else [w.text for w in sentences[k]]


def _size(sentences: Sequence[Sequence[Word]], k: int) -> int:
    """The number of words of sentence `k` (a compact store counts them without making them)."""
    size = getattr(sentences, "size", None)
    return size(k) if size is not None else len(sentences[k])


class _ViewTexts(Sequence[list[str]]):
    """The unit texts of one view of every sentence of a side, made when the aligner reads them (it
    may read them several times, from several threads): nothing per sentence is held, so a batch
    whose words live in a compact store (`wordstore.WordStore`) stays compact. The first view (the
    words themselves) is read as the words' texts alone."""

    def __init__(self, sentences: Sequence[Sequence[Word]], lang: str, cuts: Sequence[Iterable[int]],
                 view: int, learns: bool) -> None:
        self._sentences, self._lang, self._cuts, self._view, self._learns = sentences, lang, cuts, view, learns
        self._words = not learns or view == 0  # the words themselves (a pretrained aligner sees only them)

    def groups(self, k: int, words: Sequence[Word] | None = None) -> Groups:
        words = self._sentences[k] if words is None else words
        if self._words:
            return _singles(words)
        return _pick(views(words, self._lang, self._cuts[k]), self._view)

    def __len__(self) -> int:
        return len(self._sentences)

    def __getitem__(self, k):
        if isinstance(k, slice):
            return [self[i] for i in range(len(self))[k]]
        k = range(len(self))[k]
        if self._words:
            return _word_texts(self._sentences, k)
        words = self._sentences[k]
        return unit_texts(words, self.groups(k, words))

    def __iter__(self):
        return (self[k] for k in range(len(self)))

    def on_words(self, other: _ViewTexts) -> bool:
        """Whether this side and `other` are aligned one unit a word (their links are word links)."""
        return self._words and other._words

    def links(self, k: int, found: Links, other: _ViewTexts) -> Links:
        """The word links of pair `k` from the links `found` between this side's units and `other`'s:
        a link past either side's units is dropped."""
        if self._words and other._words:  # one unit a word: the links themselves, counted, not made
            n_src, n_trg = _size(self._sentences, k), _size(other._sentences, k)
            return {(i, j) for i, j in found if i < n_src and j < n_trg}
        return spread_links(found, self.groups(k), other.groups(k))

    def shares(self, k: int, scored: Mapping[tuple[int, int], float], other: _ViewTexts) -> dict[tuple[int, int], float]:
        """`links` for the links' confidences (`align_scored`'s shares of pair `k`)."""
        if self._words and other._words:
            n_src, n_trg = _size(self._sentences, k), _size(other._sentences, k)
            return {(i, j): w for (i, j), w in scored.items() if i < n_src and j < n_trg}
        return spread_shares(scored, self.groups(k), other.groups(k))


class _Joined(Sequence):
    """Two sequences read as one (the batch's sentences, then the extra corpus); a compact store's
    `text_of` and `size` are read through."""

    def __init__(self, first: Sequence, second: Sequence) -> None:
        self._first, self._second = first, second

    def __len__(self) -> int:
        return len(self._first) + len(self._second)

    def _where(self, k: int) -> tuple[Sequence, int]:
        k = range(len(self))[k]  # (a negative index counts from the end; out of range: IndexError)
        n = len(self._first)
        return (self._first, k) if k < n else (self._second, k - n)

    def __getitem__(self, k):
        part, k = self._where(k)
        return part[k]

    def text_of(self, k: int) -> list[str]:
        return _word_texts(*self._where(k))

    def size(self, k: int) -> int:
        return _size(*self._where(k))


class Parallel(Sequence[tuple[Sequence[Word], Sequence[Word]]]):
    """Sentence pairs kept as two sequences of sentences (two compact `wordstore.WordStore`s):
    `align_words` reads each side as it is, so an extra corpus's words are never made into `Word`s."""

    def __init__(self, sources: Sequence[Sequence[Word]], targets: Sequence[Sequence[Word]]) -> None:
        if len(sources) != len(targets):
            raise ValueError(f"{len(sources)} source sentences against {len(targets)} targets")
        self.sources, self.targets = sources, targets

    def __len__(self) -> int:
        return len(self.sources)

    def __getitem__(self, k):
        if isinstance(k, slice):
            return [self[i] for i in range(len(self))[k]]
        return self.sources[k], self.targets[k]


def align_words(aligner, src: Sequence[Sequence[Word]], trg: Sequence[Sequence[Word]], src_lang: str,
                trg_lang: str, src_cuts: Sequence[Iterable[int]] | None = None,
                extra: Sequence[tuple[Sequence[Word], Sequence[Word]]] = (), *,
                weak: float | None = None) -> LinkStore:
    """Word links of each pair of `src` and `trg` words (with the `extra` pairs, plain text the
    aligner learns from, aligned along). When a side's units differ from its words, the aligner
    runs on each view of the whole corpus — words, then units — and a word pair is linked when
    either view links it (each word of a unit taking the unit's links). `src` and `trg` may be
    lazy sequences (a `WordStore`'s entries): each sentence's words and units are made when read,
    and where both sides are aligned on their words alone (every language but Chinese), only the
    words' texts are read. `extra` given as a `Parallel` is read side by side, as it is kept;
    `src_cuts` may be lazy too: it is read only where a side has units.

    `weak` (not None): where the aligner has `align_scored`, the store keeps each link's confidence
    and the weak links (`confidence.voted`); on two views, each view's shares are spread to word links
    as its links are, and joined per word link (`confidence.joined`: the links of either view's vote,
    each weighing the views' joined share, the others weak links)."""
    n = len(src)
    if isinstance(extra, Parallel):
        extra_src, extra_trg = extra.sources, extra.targets
    else:
        extra_src, extra_trg = [s for s, _ in extra], [t for _, t in extra]
    cuts = _Joined(src_cuts if src_cuts is not None else [()] * n, [()] * len(extra_src))
    all_src = _Joined(src, extra_src)
    all_trg = _Joined(trg, extra_trg)
    learns = getattr(aligner, "learns_from_corpus", True)
    no_cuts = _Joined([()] * n, [()] * len(extra_src))
    units = learns and (unit_rule(src_lang), unit_rule(trg_lang)) != ("words", "words")
    rounds = 2 if units and any(
        len(views(all_src[k], src_lang, cuts[k])) > 1 or len(views(all_trg[k], trg_lang)) > 1
        for k in range(len(all_src))
    ) else 1
    scored = getattr(aligner, "align_scored", None) if weak is not None else None
    out = LinkStore()
    for view in range(rounds):
        src_view = _ViewTexts(all_src, src_lang, cuts, view, learns)
        trg_view = _ViewTexts(all_trg, trg_lang, no_cuts, view, learns)
        joined = LinkStore()  # (memory: the joined links in compact form, one view's sets at a time)
        if scored is not None:
            shares = scored(src_view, trg_view)
            for k in range(n):
                word_shares = src_view.shares(k, shares[k], trg_view)
                shares[k] = {}  # (memory: each pair's links are held once, in the store)
                if rounds == 1:
                    joined.append(*voted(word_shares, weak))
                elif view == 0:  # every share kept (weak links at their share) for the second view
                    joined.append(*voted(word_shares, 1.0))
                else:
                    joined.append(*joined_views(out.weighted(k), word_shares, weak))
            out = joined
            continue
        found = aligner.align(src_view, trg_view)
        for k in range(n):
            links = src_view.links(k, found[k], trg_view)
            joined.append(links | out[k] if view else links)
            found[k] = set()
        out = joined
    return out
