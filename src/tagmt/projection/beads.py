"""Sentence correspondence: the units of a paragraph's source, the beads they make with the translation's
sentences, and the split of a bead of several source units and one target sentence (principle 1 of
`paragraphs.py`).

The units of the plain source are its sentences (`sentences.sentence_spans`), cut further at the edges of
sibling tags that tile the segment (`_block_edges`: `<p>Title</p> <p>Text.</p>`: a heading without a full
stop is a unit too; one tag around the whole segment is looked into: the items of `<ul><li>A</li>
<li>B</li></ul>` or `<li><p>…</p></li>`) and at a point tag that opens a sentence no full stop marks
(`_point_edges`: `… of the transition<ex/> Austria estimates …`, `Extra-Community shipments: <bx/>Extreme
poverty …`). They and the sentences of the translation are aligned monotonically in *beads* of 1-1, 1-2,
2-1, 1-0, 0-1 and k-1 (k ≤ `MANY`) units (`correspond`), by dynamic programming over the link mass between
units (each link counts its confidence), with a small cost per merged unit (`MERGE`), a larger one for a
unit left alone (`SKIP`) and a weak length prior (`LENGTH`): linear in the units times a band (`BAND`).

A bead of several source units and one target sentence (the translation wrote no full stop after a heading)
is cut into one part a unit where the target words best keep each unit's links (`BeadSplit._split`), never
inside a dictionary word, a run of Hangul or a bracket or quotation group of the translation, never before a
word that belongs to the one before it (`DEPENDENT`: a Japanese or Korean particle, auxiliary or ending),
never before a mark that closes what precedes it (`… prospective | . accusé …`: a part does not begin with
the previous one's full stop, unless its source unit begins with a mark), and, where the source unit begins
with a capital, never before a lower-case word that no stop precedes (a list item without a full stop
begins with a capital in a cased script too: `… noch nicht | vollendet Die …` is no cut; after a stop a
translation may begin an item in lower case: `… stratégie. | accusé de réception …;`); a source unit that
ends with a stop (`. ; : ? !`) ends after one of the translation's when it writes one (then a space) for
each such unit of the bead (`… Etikett prüfen. | die Prüfung …;`, not `… Etikett | prüfen. die …` where
`examine` and `examination` link across the items); a symbol the translation writes between two parts (a
menu path's `A > B`) is neither's. The links of a source word written in several units of the bead are
re-paired in order (`_in_order`: a heading's `Assign` linked to the sentence's `割り当て` and the sentence's
to the heading's `割当`), and on ties no part begins with an unspaced hiragana word (a Japanese particle or
inflection ends the part before it: `…に移動します|定義`). A segment whose source is one unit has no
correspondence: nothing changes for it. Measurements: docs/projection-history-rules.md.
"""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass
from typing import TYPE_CHECKING, Mapping

from tagmt.projection.detag import Detagged, SourceTag
from tagmt.projection.scripts import begins_with_hiragana, is_hangul_letter
from tagmt.projection.sentences import stripped
from tagmt.projection.units import dictionary_pieces, dictionary_words, groups_of
from tagmt.projection.wordseg import Word

if TYPE_CHECKING:
    from tagmt.projection.context import PairContext

MERGE = 1.0
"""The cost of a 2-1 or 1-2 bead, in link mass (one sure link): two sentences share one counterpart
only when more than a stray link says so."""
SKIP = 2.0
"""The cost of a 1-0 or 0-1 bead (a sentence with no counterpart), in link mass."""
LENGTH = 0.5
"""The weight of the length prior: a bead's cost grows by this much per factor e that its length ratio
(non-space characters) departs from the paragraph's."""
BAND = 8
"""How far (in sentences) a bead may stray from the paragraph's diagonal: the DP is linear in the
sentences times this band."""
TIE = 1e-3
"""How much a marked cut weighs against one link's mass when a bead is split (a tie-breaker only)."""
SURE = 0.5
"""A bead confines the tags of its sentences when at least this share of the link mass that touches
its sentences stays inside it (a majority)."""

_OPENING = set("\"'“‘«‹„「『（([［【〔〈《")
DEPENDENT = frozenset(("particle", "auxiliary", "ending"))
"""The word kinds (`wordseg.Word`) that belong to the word before them — a Japanese or Korean particle, a
Japanese auxiliary, a Korean verbal ending (`登録|します`, `削除|されます`, `파일|을`): a unit of the source never
begins with one in the translation, so a bead is not cut before one. (Not the Chinese localizers: `下载`,
"download", begins with `下`.)"""
_ENDS = set(".?!…:;。？！．：；")
"""The marks that end a sentence or a list item (a colon, a semicolon) in a translation."""
_WIDE_ENDS = set("。？！．：；")
_CLOSING = set("\"'”’»›」』）)］]】〕〉》")
_CLOSES = (_ENDS | _CLOSING | set(",、，")) - set("\"'")
"""The marks that close what comes before them (not the straight quotes, which open as well): a part of a
bead never begins with one (`_split`)."""


@dataclass(frozen=True)
class Bead:
    """Source sentences `[src[0], src[1])` that translate as target sentences `[trg[0], trg[1])`,
    the link mass between them (`mass`) and the mass that leaves them (`out`)."""

    src: tuple[int, int]
    trg: tuple[int, int]
    mass: float
    out: float

    @property
    def sure(self) -> bool:
        return self.mass > 0 and self.src[1] > self.src[0] and self.trg[1] > self.trg[0] and \
            self.mass >= SURE * (self.mass + self.out)


MANY = 8
"""The most source units a bead of one target sentence holds (a list of headings or items the translation
writes without a full stop): each further unit costs `MERGE`. A list longer than this leaves units without a
counterpart (1-0 beads), whose tags then fall back to the ordinary placement; like `BAND`, it bounds
the DP's work per cell, which grows with it, not with the paragraph. Measured (`bench_projection.py --modes cv
--paragraphs 6 --no-alone`, seed 1, exact %, `MANY` 4 → 8): EUR-Lex de 22.9 → 72.0, fr 26.4 → 76.8, hu
48.4 → 78.7 (alone 88.5 in de: six EUR-Lex lines are often six list items that the translation writes as one
sentence); `6:p` SAP ja 83.8 → 85.1; `3`, `3:p` and `3:ul/li --no-stops` unchanged (three units)."""
_STEPS = ((1, 1, 0.0), (2, 1, MERGE), (1, 2, MERGE), (1, 0, SKIP), (0, 1, SKIP),
          *((k, 1, (k - 1) * MERGE) for k in range(3, MANY + 1)))


def correspond(
    mass: Mapping[tuple[int, int], float], src_lengths: list[int], trg_lengths: list[int]
) -> list[Bead]:
    """The monotone beads of `len(src_lengths)` source and `len(trg_lengths)` target sentences that
    maximize the link mass inside beads minus their costs (module docstring); `mass[(s, t)]`: the
    link mass between source sentence s and target sentence t. Time and memory linear in the
    sentences times `BAND`."""
    n, m = len(src_lengths), len(trg_lengths)
    ratio = math.log((sum(src_lengths) + 1) / (sum(trg_lengths) + 1))
    slope = m / n if n else 0.0
    band = BAND + 2

    def near(s: int, t: int) -> bool:
        return abs(t - s * slope) <= band

    score: dict[tuple[int, int], tuple[float, int, int]] = {(0, 0): (0.0, 0, 0)}
    for s in range(n + 1):
        low, high = max(0, math.floor(s * slope - band)), min(m, math.ceil(s * slope + band))
        if s == n:
            high = m
        for t in range(low, high + 1):
            best = score.get((s, t))
            for ds, dt, cost in _STEPS:
                a, b = s - ds, t - dt
                before = score.get((a, b)) if a >= 0 and b >= 0 else None
                if before is None:
                    continue
                inside = sum(mass.get((x, y), 0.0) for x in range(a, s) for y in range(b, t))
                lengths = 0.0
                if ds and dt:
                    ls = sum(src_lengths[a:s]) + 1
                    lt = sum(trg_lengths[b:t]) + 1
                    lengths = LENGTH * abs(math.log(ls / lt) - ratio)
                value = before[0] + inside - cost - lengths
                if best is None or value > best[0]:
                    best = (value, ds, dt)
            if best is not None and (s, t) != (0, 0):
                score[(s, t)] = best
    if (n, m) not in score:  # (a band too narrow cannot happen: the last row reaches every t)
        return [Bead((0, n), (0, m), sum(mass.values()), 0.0)]
    steps = []
    s, t = n, m
    while (s, t) != (0, 0):
        _, ds, dt = score[(s, t)]
        steps.append((s - ds, s, t - dt, t))
        s, t = s - ds, t - dt
    steps.reverse()
    by_src: dict[int, float] = {}
    by_trg: dict[int, float] = {}
    for (x, y), w in mass.items():
        by_src[x] = by_src.get(x, 0.0) + w
        by_trg[y] = by_trg.get(y, 0.0) + w
    beads = []
    for a, s, b, t in steps:
        inside = sum(mass.get((x, y), 0.0) for x in range(a, s) for y in range(b, t))
        touching = sum(by_src.get(x, 0.0) for x in range(a, s)) + sum(by_trg.get(y, 0.0) for y in range(b, t))
        beads.append(Bead((a, s), (b, t), inside, max(0.0, touching - 2 * inside)))
    return beads


@dataclass
class Part:
    """A bead as placement reads it: source sentences `[src[0], src[1])`, the target words `[a, b)` that
    translate them, their characters `[start, end)`, whether the bead is sure (`Bead.sure`) and whether its
    edges were cut by the links inside a target sentence (`_split`) rather than found at sentence ends."""

    src: tuple[int, int]
    a: int
    b: int
    start: int
    end: int
    sure: bool
    cut: bool = False


class BeadSplit:
    """The split of the beads into parts (module docstring): methods of `paragraphs.Paragraph`, which holds
    what they read (the attributes below, and `_words_of`)."""

    plain: str
    text: str
    src: list[Word]
    trg: list[Word]
    src_sentences: list[tuple[int, int]]
    trg_sentences: list[tuple[int, int]]
    _inner: set[int] | None
    _src_starts: list[int]
    _ctx: PairContext | None
    """The pair's context: the translation's dictionary pieces and groups read from it (None: computed)."""

    def _parts(self, beads: list[Bead], links: Mapping[tuple[int, int], float]) -> list[Part]:
        """The beads' target words; a bead of several source units and one target sentence is split
        where the target words best separate the links of its units (`_split`): a heading
        without a full stop before a sentence (`Create Work Pack` + `Create a work pack …` →
        `作業パッケージ登録作業の選択に…`) is a unit of its own on both sides."""
        src_of = _sentence_index(self._src_starts, self.src_sentences)
        by_bead: dict[int, list[tuple[int, int, int, float]]] = {}
        bead_of = [0] * len(self.src_sentences)
        for k, bead in enumerate(beads):
            for s in range(*bead.src):
                bead_of[s] = k
        for (i, j), w in links.items():
            if 0 <= i < len(self.src) and 0 <= j < len(self.trg) and src_of[i] >= 0:
                by_bead.setdefault(bead_of[src_of[i]], []).append((src_of[i], i, j, w))
        for k, found in by_bead.items():
            if beads[k].src[1] - beads[k].src[0] >= 2:
                found = self._in_order(found)
            by_bead[k] = found
        parts = []
        for k, bead in enumerate(beads):
            words = self._words_of(*bead.trg)
            if words is None:
                parts.append(Part(bead.src, 0, 0, 0, 0, False))
                continue
            a, b = words
            cuts = self._split(bead, a, b, by_bead.get(k, [])) if bead.src[1] - bead.src[0] >= 2 else None
            if cuts is None:
                start, end = self.trg_sentences[bead.trg[0]][0], self.trg_sentences[bead.trg[1] - 1][1]
                parts.append(Part(bead.src, a, b, start, end, bead.sure))
                continue
            bounds = [a, *cuts, b]
            for s, (x, y) in enumerate(zip(bounds, bounds[1:]), start=bead.src[0]):
                sure = bead.sure and _sure(s, x, y, by_bead.get(k, []))
                x, y = self._unmarked(s, x, y, x > a, y < b)
                parts.append(Part((s, s + 1), x, y, self.trg[x].start, self.trg[y - 1].end, sure, True))
        return parts

    def _in_order(self, links: list[tuple[int, int, int, float]]) -> list[tuple[int, int, int, float]]:
        """The links `(unit, source word, target word, weight)` of a bead of several units with those of a
        source word written in two or more of its units (`Cancel Dispatch` + `Cancel the dispatch …`)
        re-paired in order: the aligner may link the heading's copy to the sentence's translation and the
        sentence's to the heading's (`取消` ↔ `取り消します`), but units keep their order on both sides, so
        the copies' sets of links, ordered by where they land (their weighted mean target word), go to the
        copies in source order, each set whole. Linear in the links (but a sort)."""
        copies: dict[str, dict[int, list[int]]] = {}  # text → source word → its links (indexes)
        for n, (_, i, _, _) in enumerate(links):
            copies.setdefault(self.src[i].text.casefold(), {}).setdefault(i, []).append(n)
        found = list(links)
        for words in copies.values():
            if len({links[sets[0]][0] for sets in words.values()}) < 2:
                continue
            sets = sorted(words.values(), key=lambda members: sum(links[n][2] * links[n][3] for n in members)
                          / max(sum(links[n][3] for n in members), 1e-9))
            for i, members in zip(sorted(words), sets):
                s = links[words[i][0]][0]
                for n in members:
                    found[n] = (s, i, links[n][2], links[n][3])
        return found

    def _unmarked(self, s: int, x: int, y: int, after: bool, before: bool) -> tuple[int, int]:
        """The words `[x, y)` of unit `s`'s part without the symbols that stand between it and its
        neighbour units (`after`: a unit precedes it in the bead; `before`: one follows) when the source
        unit has none at that edge: the `>` a translation writes between the items of a menu path
        (`A > B`) is no item's. One word at least stays."""
        a, b = self.src_sentences[s]
        while after and y - x > 1 and _symbol(self.trg[x].text) and not _symbol(self.plain[a]):
            x += 1
        while before and y - x > 1 and _symbol(self.trg[y - 1].text) and not _symbol(self.plain[b - 1]):
            y -= 1
        return x, y

    def _family(self) -> str | None:
        """The target profile's family (`profiles.Profile.family`); None: no profile, the script decides."""
        profile = self._ctx.trg_profile if self._ctx is not None else None
        return None if profile is None else profile.family

    def _whole_words(self) -> set[int]:
        """The offsets inside a word the translation writes as one that the placement words cut finer — a
        dictionary word of an unspaced script, a run of kanji in Japanese (`units.dictionary_words`,
        `差|立`), a run of Hangul in Korean (Korean writes a space between its words, `엑|스포트`; with no
        target profile, wherever Hangul is written) — or inside a bracket or quotation group
        (`units.groups_of`: `Max (請求額, | 債権)`): a bead is not cut there."""
        if self._inner is None:
            ctx = self._ctx
            pieces = ctx.pieces if ctx is not None else dictionary_pieces(self.text)
            self._inner = {x for a, b in dictionary_words(self.text, pieces) for x in range(a + 1, b)}
            if self._family() in (None, "korean"):
                self._inner.update(x for x in range(1, len(self.text))
                                   if _hangul(self.text[x - 1]) and _hangul(self.text[x]))
            depth = [0] * (len(self.text) + 2)  # (linear: a difference array over the groups)
            for o, c in (ctx.groups if ctx is not None else groups_of(self.text)):
                depth[o + 1] += 1
                depth[c + 1] -= 1
            level = 0
            for x in range(len(self.text) + 1):
                level += depth[x]
                if level > 0:
                    self._inner.add(x)
        return self._inner

    def _split(self, bead: Bead, a: int, b: int, links: list[tuple[int, int, int, float]]) -> list[int] | None:
        """Where the target words `[a, b)` of a bead of several source units and one target sentence are
        cut, one part a unit in order: the cuts that keep the most link mass of each unit in its part (each
        link counts its confidence; a monotone segmentation, linear in the words times the units); None
        when a unit would keep none of its links. Never before a word that belongs to the one before it
        (`DEPENDENT`: `登録|します`), nor, where the source unit begins with a capital, before a lower-case
        word (a cased script: `noch nicht | vollendet`). Among cuts the links tie on (unlinked words between
        two units' words), one the translation marks — a space, after a punctuation mark (`転記カテゴリ:|銀行…`)
        or before an opening one — and not before an unspaced hiragana word (`_kana_ending`: the particles and
        inflections `DEPENDENT` does not name), then the one nearest the source's length proportion."""
        units = list(range(*bead.src))
        k, n = len(units), b - a
        if n < k:
            return None
        # a word written more than once in the bead (`登録` in a heading and in its sentence): a link to one
        # copy may be meant for another, and the cut only needs each unit's part to hold as many copies as
        # the unit has source words linked to them — the first unit's links count at the first copies, the
        # last unit's at the last (`situation … situation` → `状況 … 状況` keeps both places)
        copies: dict[str, list[int]] = {}
        for j in range(a, b):
            copies.setdefault(self.trg[j].text, []).append(j)
        prefix = []  # per unit: the mass of its links landing before word a + x
        for u, s in enumerate(units):
            row = [0.0] * (n + 1)
            moved: dict[int, int] = {}
            if u in (0, k - 1):
                reached: dict[str, tuple[set[int], set[int]]] = {}  # text → (its copies linked, source words)
                for x, i, j, _ in links:
                    if x == s and a <= j < b:
                        places, words = reached.setdefault(self.trg[j].text, (set(), set()))
                        places.add(j)
                        words.add(i)
                for text, (places, words) in reached.items():
                    ordered, all_copies = sorted(places), copies[text]
                    m = min(len(words), len(ordered))
                    if u == 0:  # the r-th place at the r-th copy, the places beyond m at the m-th
                        moved.update((j, all_copies[min(r, m - 1)]) for r, j in enumerate(ordered))
                    else:  # the places before the last m at the m-th copy from the end, then in order
                        moved.update((j, all_copies[len(all_copies) - m + max(0, r - (len(ordered) - m))])
                                     for r, j in enumerate(ordered))
            for x, _, j, w in links:
                if x == s and a <= j < b:
                    row[moved.get(j, j) - a + 1] += w
            for x in range(1, n + 1):
                row[x] += row[x - 1]
            prefix.append(row)
        lengths = [_length(self.plain, *self.src_sentences[s]) for s in units]
        total = max(sum(lengths), 1)
        low, high = self.trg[a].start, self.trg[b - 1].end
        kana = self._family() in (None, "japanese")  # (a hiragana ending: Japanese; no profile: the script says)

        def bonus(x: int, done: int) -> float:
            """A tie-breaker far below one link's mass: a marked cut, where the parts begin and end as
            their source units do (with a mark or a word: `- EUR 990,55;` `- EUR 1125,91` → `— 990,55
            EUR, | — 1125,91 EUR`), then the length proportion."""
            j = a + x
            left, right = self.trg[j - 1], self.trg[j]
            marked = 2 if left.end < right.start else int(right.text[:1] in _OPENING or (
                left.kind == "punct" and left.text[-1:] not in _OPENING))
            ends = self.plain[self.src_sentences[units[done - 1]][1] - 1]
            begins = self.plain[self.src_sentences[units[done]][0]]
            alike = (_is_mark(ends) == (left.kind == "punct")) + (_is_mark(begins) == (right.kind == "punct"))
            share = sum(lengths[:done]) / total
            ending = kana and left.end == right.start and _kana_ending(right.text)
            return TIE * (marked + alike - ending - abs((right.start - low) / max(high - low, 1) - share))

        whole = self._whole_words()
        # a unit that begins with a capital in the source begins with one in a cased translation: not at a
        # lower-case word (`noch nicht | vollendet`); a script without case has none to go by
        capital = [unicodedata.category(self.plain[self.src_sentences[s][0]]) in ("Lu", "Lt") for s in units]

        def lower(x: int) -> bool:
            """A lower-case word at a + x that no full stop or the like precedes: a list item the translation
            begins in lower case after a stop (`… prospective. accusé de réception …;`) may begin there."""
            return unicodedata.category(self.text[self.trg[a + x].start]) == "Ll" and \
                self.trg[a + x - 1].text.rstrip("".join(_CLOSING))[-1:] not in _ENDS

        # a part begins with no mark that closes what comes before it (`… prospective | . accusé …`) unless
        # its source unit begins with a mark
        closes = [_is_mark(self.plain[self.src_sentences[s][0]]) for s in units]

        def closing(x: int) -> bool:
            return self.trg[a + x].text[:1] in _CLOSES

        # a source unit that ends with a stop (`. ; : ? !`) ends at one in the translation (`… prüfen. | die
        # Prüfung …;`), when the translation writes a stop inside the bead for each such unit
        def stop(x: int) -> bool:
            """Whether a stop (then any closing marks) ends the text before word a + x, with whitespace
            after it or a full-width stop."""
            y = self.trg[a + x].start
            spaced = y > 0 and self.text[y - 1].isspace()
            while y > low and self.text[y - 1].isspace():
                y -= 1
            while y > low and self.text[y - 1] in _CLOSING:
                y -= 1
            return y > low and self.text[y - 1] in _ENDS and (spaced or self.text[y - 1] in _WIDE_ENDS)

        stopped = [self.plain[self.src_sentences[s][0]:self.src_sentences[s][1]].rstrip("".join(_CLOSING))[-1:]
                   in _ENDS for s in units]
        wanted = sum(stopped[:-1])
        marked_stops = [x for x in range(1, n) if stop(x)] if wanted else []
        need = 0 < wanted <= len(marked_stops)
        at_stop = set(marked_stops)

        # best[x]: the best score of the units so far with the last cut before word a + x
        best = [0.0] + [-math.inf] * n
        back: list[list[int]] = []
        for u in range(k - 1):
            row, run, arg, choice = [-math.inf] * (n + 1), -math.inf, -1, [0] * (n + 1)
            for x in range(1, n + 1):
                y = x - 1  # the unit's part begins at y (after the previous cut)
                if best[y] - prefix[u][y] > run:
                    run, arg = best[y] - prefix[u][y], y
                if x < n and arg >= 0 and self.trg[a + x].start not in whole and \
                        self.trg[a + x].kind not in DEPENDENT and not (capital[u + 1] and lower(x)) and \
                        not (closing(x) and not closes[u + 1]) and not (need and stopped[u] and x not in at_stop):
                    row[x] = run + prefix[u][x] + bonus(x, u + 1)
                    choice[x] = arg
            best = row
            back.append(choice)
        last = prefix[k - 1]
        end = max(range(1, n), key=lambda x: best[x] + last[n] - last[x], default=None)
        if end is None or best[end] == -math.inf:
            return None
        cuts = [end]
        for u in range(k - 2, 0, -1):
            cuts.append(back[u][cuts[-1]])
        cuts.reverse()
        bounds = [0, *cuts, n]
        if any(prefix[u][y] - prefix[u][x] <= 0 for u, (x, y) in enumerate(zip(bounds, bounds[1:]))):
            return None
        return [a + x for x in cuts]


def _sure(s: int, a: int, b: int, links: list[tuple[int, int, int, float]]) -> bool:
    """Whether the part of a split bead (source sentence `s`, target words `[a, b)`) keeps at least `SURE`
    of the mass of its bead's links that touch it (`links`: the bead's, as (sentence, word, weight))."""
    inside = touching = 0.0
    for x, _, j, w in links:
        here, there = x == s, a <= j < b
        inside += w if here and there else 0.0
        touching += w if here or there else 0.0
    return inside > 0 and inside >= SURE * touching


_hangul = is_hangul_letter


def _kana_ending(word: str) -> bool:
    """Whether a word begins with hiragana: Japanese writes its particles, auxiliaries and inflections
    (`あり`, `します`, `のもの`, `が`) in hiragana right after the word they follow, so an unlinked one
    written without a space ends the part before it rather than beginning the next."""
    return begins_with_hiragana(word)


def _symbol(text: str) -> bool:
    """A word of symbols only (`>`, `→`, `|`; category S): a separator, not a sentence's own mark."""
    return bool(text) and all(unicodedata.category(c)[0] == "S" for c in text)


def _is_mark(char: str) -> bool:
    """A punctuation mark or symbol (not a letter, digit or space)."""
    return unicodedata.category(char)[0] in "PS"


def _block_edges(detagged: Detagged) -> list[int]:
    """The edges of sibling tags that tile the segment (two or more span tags with only whitespace
    between and around them: `<p>Title</p> <p>Text.</p>`, `<ul><li>A</li><li>B</li></ul>`), and those
    that tile such a tag in turn: the source marks them as units whether or not a full stop ends them.
    One tag around the whole segment is looked into (`<ul><li>A</li> <li>B</li></ul>`, `<note><p>…</p>
    <p>…</p></note>`): its tiling children are units too (a menu path `<menucascade><uicontrol>A</uicontrol>
    <uicontrol>B</uicontrol></menucascade>`, written `A > B` in the translation, keeps the separator outside
    its parts: `_unmarked`). Tags inside a sentence (`Click <b>A</b>`) mark no unit."""
    edges: list[int] = []
    stack: list[tuple[tuple[SourceTag, ...], int, int]] = [(detagged.tags, 0, len(detagged.plain))]
    while stack:
        tags, lo, hi = stack.pop()
        spans = sorted((t for t in tags if t.start < t.end), key=lambda t: t.start)
        if len(spans) >= 2:
            pos, tiled = lo, True
            for tag in spans:
                if detagged.plain[pos : tag.start].strip():
                    tiled = False
                    break
                pos = max(pos, tag.end)
            if tiled and not detagged.plain[pos:hi].strip():
                for tag in spans:
                    edges.extend((tag.start, tag.end))
                stack.extend((tag.children, tag.start, tag.end) for tag in spans if tag.children)
        elif len(spans) == 1 and not detagged.plain[lo : spans[0].start].strip() and \
                not detagged.plain[spans[0].end : hi].strip():  # one tag around all: look inside it
            stack.append((spans[0].children, spans[0].start, spans[0].end))
    return sorted(set(edges))


_CLAUSE_END = set(":;：；")


def _point_edges(detagged: Detagged) -> list[int]:
    """The offsets of point tags that open a sentence the full stops do not mark: a point with whitespace
    on one side only, before an upper-case letter (after the whitespace and any opening marks), written
    either against the end of the text before it (`… of the transition<ex/> Austria estimates …`: a line
    that ends without a full stop) or after a colon or semicolon and a space (`Extra-Community shipments:
    <bx/>Extreme poverty is …`). The source marks a new unit there, whose counterpart the links find
    (`Paragraph.edge`: `… stehen sollte.<ex/> Österreich`, `…: <bx/>Die extreme Armut`). A point with
    whitespace on both sides or on none, or after a word and a space (`Choose <x/>Save`), marks no unit;
    a script without case gives no sentence start to go by. Linear in the tags."""
    text = detagged.plain
    found = []
    for tag in detagged.walk():
        x = tag.start
        if tag.end != x or x == 0 or x >= len(text):
            continue
        before, after = text[x - 1].isspace(), text[x].isspace()
        if before == after:
            continue
        j = x
        while j < len(text) and (text[j].isspace() or text[j] in _OPENING):
            j += 1
        if j == len(text) or unicodedata.category(text[j]) not in ("Lu", "Lt"):
            continue
        k = x
        while k > 0 and text[k - 1].isspace():
            k -= 1
        if k == 0 or (before and text[k - 1] not in _CLAUSE_END):
            continue
        found.append(x)
    return found


def _cut(text: str, spans: list[tuple[int, int]], cuts: list[int]) -> list[tuple[int, int]]:
    """`spans` cut at the offsets `cuts` (sorted) that fall inside them, whitespace stripped."""
    found: list[tuple[int, int]] = []
    k = 0
    for a, b in spans:
        while k < len(cuts) and cuts[k] <= a:
            k += 1
        pieces = [a]
        while k < len(cuts) and cuts[k] < b:
            pieces.append(cuts[k])
            k += 1
        pieces.append(b)
        for x, y in zip(pieces, pieces[1:]):
            x, y = stripped(text, x, y)
            if x < y:
                found.append((x, y))
    return found


def _sentence_index(starts: list[int], sentences: list[tuple[int, int]]) -> list[int]:
    """For each word start, the sentence it lies in (-1: between sentences); linear."""
    found, s = [], 0
    for x in starts:
        while s < len(sentences) and sentences[s][1] <= x:
            s += 1
        found.append(s if s < len(sentences) and sentences[s][0] <= x else -1)
    return found


def _length(text: str, a: int, b: int) -> int:
    return sum(not c.isspace() for c in text[a:b])
