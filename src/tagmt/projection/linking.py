"""A batch's words, sentence pairs and word links with their anchors: what the projector reads per pair.

`Batch.of` splits every source and translation into words (`wordseg.words_with_offsets`, source words
cut at every tag boundary; kept compact in `wordstore.WordStore`s) and cuts each pair into its matched
sentence pairs (`sentencepairs.sentence_pairs`: one piece when it has one sentence a side or its
sentences cannot surely be matched). `batch_links` aligns the pieces of every pair at once
(`alignunits.align_words`: eflomal, or the aligner given; Chinese both as characters and as dictionary
words), then adds the anchors piece by piece (`anchors.py`: loanwords, dictionary entries of
`batch_lexicon`, cognates, identical words; `repeats.order_repeats` where both sides are aligned on
words), and keeps each link's confidence (`confidence.link_weights`). An untagged pair only feeds the
aligner.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from tagmt.projection.align import Aligner, Links
from tagmt.projection.alignunits import Parallel, align_words, unit_rule
from tagmt.projection.anchors import anchor_cognates, anchor_identical, anchor_lexicon, anchor_loanwords
from tagmt.projection.confidence import WEAK, link_weights
from tagmt.projection.detag import Detagged
from tagmt.projection.lexicon import MIN_STEM, Lexicon, unit_texts
from tagmt.projection.modelstore import ProjectionModel
from tagmt.projection.repeats import complete_repeats, order_repeats
from tagmt.projection.sentencepairs import Piece, PieceWords, sentence_pairs, shift_links, shift_weights
from tagmt.projection.glued import glued_cuts
from tagmt.projection.wordseg import Word, words_with_offsets, words_within
from tagmt.projection.wordstore import LinkStore, WordStore


@dataclass
class Batch:
    """The pairs of a projection: the batch's segments first, then the examples'."""

    sources: list[Detagged]
    texts: list[str]
    src: WordStore
    trg: WordStore
    pieces: list[list[Piece]]
    """Each pair's matched sentence pairs as word ranges (`sentencepairs.Piece`)."""
    langs: tuple[str, str]
    known: frozenset[str]
    """Words the segmenters keep whole (`wordseg.words_with_offsets(vocabulary=...)`)."""
    cut: bool = True
    """Whether pairs are cut into sentence pairs (`config.ProjectionConfig.sentence_pairs`)."""

    @classmethod
    def of(cls, sources: list[Detagged], texts: list[str], langs: tuple[str, str], known: frozenset[str],
           cut: bool = True) -> "Batch":
        """The words of every pair and its sentence pairs (`cut` False: each pair one piece)."""
        src_lang, trg_lang = langs
        # (memory: every pair's words and links live until placement; `wordstore` keeps them compact and
        # gives each segment's `list[Word]` back as it is read)
        src = WordStore((d.plain, words_with_offsets(d.plain, src_lang, d.cuts(), vocabulary=known)) for d in sources)
        # the translation's words cut where it glues words as the source does at its tags' edges (`glued.py`)
        trg = WordStore((t, words_with_offsets(t, trg_lang, glued_cuts(d, t), vocabulary=known))
                        for d, t in zip(sources, texts))
        # each pair cut into its corresponding sentence pairs: the aligner, the anchors and the glossaries
        # read a paragraph sentence pair by sentence pair
        pieces = [sentence_pairs(d.plain, _Words(src, k), t, _Words(trg, k), cut)
                  for k, (d, t) in enumerate(zip(sources, texts))]
        return cls(sources, texts, src, trg, pieces, langs, known, cut)


def batch_links(aligner: Aligner, batch: Batch, align_corpus: Sequence[tuple[str, str]] = (),
                table: dict[str, set[str]] | None = None) -> LinkStore:
    """Word links of every tagged pair of `batch`, with the anchors (`table`: the dictionary entries of
    `batch_lexicon`; an untagged pair gets none: it only feeds the aligner); extra plain text
    (`align_corpus`, cut into sentence pairs as the batch is) is aligned along when the aligner learns
    from the corpus. One path for every language (`alignunits.align_words`): it reads the stores' word
    texts as the aligner goes, and a second view only where a side has units (Chinese)."""
    sources, src, trg, pieces = batch.sources, batch.src, batch.trg, batch.pieces
    src_lang, trg_lang = batch.langs
    learns = getattr(aligner, "learns_from_corpus", True)
    chosen = [k for k, d in enumerate(sources) if learns or d.tags]
    if not chosen:
        return LinkStore(set() for _ in sources)
    extra = _cut_corpus(align_corpus, batch.langs, batch.known, batch.cut) if learns and align_corpus else ()
    # the aligner sees each pair's pieces (`pieces[k]`, its sentence pairs as word ranges), the anchors
    # look for partners within a piece, and the links are mapped back to the pair's words
    cuts = {k: pieces[k] for k in chosen}
    src_ranges = [(k, a, b) for k in chosen for a, b, _, _ in cuts[k]]
    trg_ranges = [(k, c, d) for k in chosen for _, _, c, d in cuts[k]]
    found = align_words(aligner, PieceWords(src, src_ranges), PieceWords(trg, trg_ranges), src_lang, trg_lang,
                        _Cuts(sources, [k for k, _, _ in src_ranges]), extra, weak=WEAK)
    del extra
    on_words = (unit_rule(src_lang), unit_rule(trg_lang)) == ("words", "words")
    links = LinkStore()
    first: dict[int, int] = {}  # each chosen pair's first piece in `found`
    count = 0
    for k in chosen:
        first[k] = count
        count += len(cuts[k])
    for k, d in enumerate(sources):
        if k not in first or not d.tags:
            links.append(set())
            continue
        s, w = src[k], trg[k]
        link: Links = set()
        aligned: Links = set()
        weighted: dict[tuple[int, int], float] = {}
        for q, piece in enumerate(cuts[k]):
            a, b, c, e = piece
            piece_aligned = found[first[k] + q]
            anchored = _anchored(s[a:b], w[c:e], piece_aligned, src_lang, trg_lang, table, on_words)
            link |= shift_links(piece, anchored)
            aligned |= shift_links(piece, piece_aligned)
            weighted.update(shift_weights(piece, found.weighted(first[k] + q)))
        links.append(link, link_weights(link, aligned, weighted))
    return links


def _anchored(s: list[Word], w: list[Word], aligned: Links, src_lang: str, trg_lang: str,
              table: dict[str, set[str]] | None, on_words: bool) -> Links:
    """The aligner's links of a (piece of a) pair with the anchors added (`anchors.py`, `repeats.py`)."""
    link = anchor_loanwords(s, src_lang, w, trg_lang, aligned)
    if table:
        link = anchor_lexicon(s, src_lang, w, trg_lang, link, table)
    link = anchor_identical(s, w, anchor_cognates(s, w, link))
    if on_words:  # (not on Han characters: a character written twice is mostly in two words)
        link = complete_repeats(s, w, order_repeats(s, w, link, src_lang), src_lang)
    return link


def _cut_corpus(corpus: Sequence[tuple[str, str]], langs: tuple[str, str], known: frozenset[str],
                cut: bool) -> Parallel:
    """Plain parallel text as the aligner reads it: each pair cut into its sentence pairs (as the batch's)."""
    src_lang, trg_lang = langs
    xs = WordStore((s, words_with_offsets(s, src_lang, vocabulary=known)) for s, _ in corpus)
    xt = WordStore((t, words_with_offsets(t, trg_lang, vocabulary=known)) for _, t in corpus)
    src_ranges, trg_ranges = [], []
    for k, (s, t) in enumerate(corpus):
        for a, b, c, d in sentence_pairs(s, _Words(xs, k), t, _Words(xt, k), cut):
            src_ranges.append((k, a, b))
            trg_ranges.append((k, c, d))
    return Parallel(PieceWords(xs, src_ranges), PieceWords(xt, trg_ranges))


class _Words:
    """The words of one segment of a store, made when called; `size()` counts them without making them."""

    def __init__(self, store: Sequence[list[Word]], k: int) -> None:
        self._store, self._k = store, k

    def __call__(self) -> list[Word]:
        return self._store[self._k]

    def size(self) -> int:
        size = getattr(self._store, "size", None)  # (a plain list of word lists: counted)
        return size(self._k) if size is not None else len(self._store[self._k])


class _Cuts(Sequence[set[int]]):
    """The tag boundaries of the chosen sources, made when read (only a side with units reads them)."""

    def __init__(self, sources: list[Detagged], chosen: list[int]) -> None:
        self._sources, self._chosen = sources, chosen

    def __len__(self) -> int:
        return len(self._chosen)

    def __getitem__(self, k):
        if isinstance(k, slice):
            return [self[i] for i in range(len(self))[k]]
        return self._sources[self._chosen[k]].cuts()


def batch_lexicon(lexicon: Lexicon | None, model: ProjectionModel | None, sources: list[Detagged], src: WordStore,
                  trg: WordStore, src_lang: str, trg_lang: str, **tables: dict[str, set[str]] | None
                  ) -> dict[str, set[str]]:
    """The dictionary entries whose two sides occur in the batch's tagged pairs, the only ones anchored
    (`Lexicon.lookup` over their units), from `lexicon` and the model's embedded entries; `tables` (`parts`, `loose`:
    dicts, `Lexicon.lookup`'s): filled, in the same pass, with the entries whose target word occurs only as a
    compound's first part and those with one polysemous side (`loneterms.py` alone)."""
    if lexicon is not None and lexicon.off:  # `--lexicon none`: a model's entries are off too
        return {}
    entries = getattr(model, "lexicon", None) or {}
    if not lexicon and not entries:
        return {}
    if lexicon is None:
        lexicon = Lexicon(src_lang, trg_lang)
    if entries:
        lexicon = Lexicon(lexicon.src_lang, lexicon.trg_lang, lexicon.files, {**entries, **lexicon.entries},
                          lexicon.names)
    src_vocab: set[str] = set()
    trg_vocab: set[str] = set()
    for k, d in enumerate(sources):
        if d.tags:
            src_vocab |= unit_texts(src[k], src_lang)
            trg_vocab |= unit_texts(trg[k], trg_lang)
    return lexicon.lookup(src_vocab, trg_vocab, **tables)




def short_lexicon(lexicon: Lexicon | None, batch: Batch, function_words: frozenset[str]) -> dict[str, set[str]]:
    """The dictionary entries of the batch's tagged source words one letter shorter than the inflection rule's stem
    (`Lexicon.lookup(short=True)`: `law` → `törvény`, `tax` → `Steuer`), none of the source's function words, for
    `loneterms.py` alone (a lone tag's partner is one-way evidence; the anchors keep their two-way rule and stem).
    Only the words inside tags are looked up: time, one ranged pass over each dictionary index."""
    if not lexicon:
        return {}
    words: set[str] = set()
    trg_vocab: set[str] = set()
    for k, detagged in enumerate(batch.sources):
        if not detagged.tags:
            continue
        src = list(batch.src[k])
        starts = [w.start for w in src]
        found = {text for tag in detagged.walk() for i in words_within(src, starts, tag.start, tag.end)
                 if len(text := src[i].text.lower()) == MIN_STEM - 1 and text.isalpha() and text not in function_words}
        if found:
            words |= found
            trg_vocab |= unit_texts(batch.trg[k], batch.langs[1])
    return lexicon.lookup(words, trg_vocab, short=True) if words else {}
