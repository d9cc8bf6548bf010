"""Paragraphs: a segment of several sentences, and where its tags go sentence by sentence.

Structured documents keep whole paragraphs in one segment (an XLIFF trans-unit without segmentation, a
help page's `<p>`), often with block tags around sentences or list items. The word links of such a pair
are the same as a sentence's, but a tag placed on them alone may land in the wrong sentence (a word
written in two sentences) or a block tag's edge may cross a sentence boundary. Three principles, none
tied to a language or a data set:

1. **Sentence correspondence** (`correspond`): the units of the plain source — its sentences
   (`sentences.sentence_spans`), cut further at the edges of sibling tags that tile the segment
   (`<p>Title</p> <p>Text.</p>`: a heading without a full stop is a unit too; one tag around the whole
   segment is looked into: the items of `<ul><li>A</li> <li>B</li></ul>` or `<li><p>…</p></li>`) and at a
   point tag that opens a sentence no full stop marks (`_point_edges`: `… of the transition<ex/> Austria
   estimates …`, `Extra-Community shipments: <bx/>Extreme poverty …`) — and the sentences of the
   translation are aligned monotonically in *beads* of 1-1, 1-2, 2-1, 1-0, 0-1 and k-1 (k ≤ `MANY`)
   units, by dynamic programming over the link mass between units (each link counts its confidence),
   with a small cost per merged unit (`MERGE`), a larger one for a unit left alone (`SKIP`) and a weak
   length prior (`LENGTH`): linear in the units times a band (`BAND`). A bead of several source units
   and one target sentence (the translation wrote no full stop after a heading) is cut into one part a
   unit where the target words best keep each unit's links (`Paragraph._split`), never inside a
   dictionary word, a run of Hangul or a bracket or quotation group of the translation, never before a word
   that belongs to the one before it (`DEPENDENT`: a Japanese or Korean particle, auxiliary or ending), never
   before a mark that closes what precedes it (`… prospective | . accusé …`: a part does not begin with the
   previous one's full stop, unless its source unit begins with a mark), and, where the source unit begins
   with a capital, never before a lower-case word that no stop precedes (a list item without a full stop
   begins with a capital in a cased script too: `… noch nicht | vollendet Die …` is no cut; after a stop a
   translation may begin an item in lower case: `… stratégie. | accusé de réception …;`); a source unit
   that ends with a stop (`. ; : ? !`) ends after one of the translation's when it writes one (then a space)
   for each such unit of the bead (`… Etikett prüfen. | die Prüfung …;`, not `… Etikett | prüfen. die …`
   where `examine` and `examination` link across the items); a symbol
   the translation writes between two parts (a menu path's `A > B`) is neither's. The links
   of a source word written in several units of the bead are re-paired in order (`_in_order`: a
   heading's `Assign` linked to the sentence's `割り当て` and the sentence's to the heading's `割当`), and
   on ties no part begins with an unspaced hiragana word (a Japanese particle or inflection ends the
   part before it: `…に移動します|定義`). A segment whose source
   is one unit has no correspondence: nothing changes for it.
2. **Tags that enclose whole sentences** (`Paragraph.block`): a source tag whose edges are at source
   sentence boundaries (up to whitespace, and the sentence's own closing marks when the tag leaves them
   out) spans exactly the target sentences of the beads of the source sentences it encloses; the
   whitespace between sentences stays outside, as the source has it (when the translation has less of it
   than the source, the one space between two blocks stays outside before a block takes in the whitespace
   its source encloses: `… Ukrajna.</g> <g>Az …` for `… Ukraine.</g> <g> Figures …`). Its children are placed inside
   that span by the ordinary rules. The span is kept after the edge rules (`Paragraph.pin`).
3. **Tags inside one sentence stay in its counterpart** (`Paragraph.confine`): a source tag (or point)
   inside one source sentence is placed among the target words of its bead's sentences only — a link to
   a word repeated in another sentence no longer pulls it out — when the bead is sure: its link mass is
   at least `SURE` of the mass that touches its sentences (links leaving the bead count against it), and
   the tag's own links agree: at least half of their mass lands in the bead, or the words they reach
   elsewhere are written in it too (a repeated word). Otherwise today's placement stays. A point between
   two units (`… 3. <bx/>A risk …`) that rule 4 leaves goes between their sure parts (`Paragraph.between`):
   before the next one's first word, or after the previous one's last when the source writes it against
   that unit's end.
4. **Points between sentences stay at their sentence's edge** (`Paragraph.edge`): a point written between
   two source units (a footnote mark after a full stop, the code that opens the next sentence) goes to the
   edge of the counterpart of the unit it touches, when that part is sure — not after the next sentence's
   first word, where the links of the word beside it put it in a translation that reorders
   (`… conditions. <x/>Extra-Community …` → `… Arbeitsbedingungen. <x/>Verbringungen …`; `… impact. <x/>
   Nevertheless, the Commission …` → `… <x/>Die Kommission behält trotzdem …`). A pinned block's point
   children written at its very start or end stay at its edge (`_points_to_edges`). (EUR-Lex CV,
   `--paragraphs 3`, point misses de/fr/hu 50/39/45 → 30/16/23; see projector.py's docstring.)
5. **Tags at a sentence's edge reach its counterpart's edge** (`Paragraph.unit_edges`): a span tag that
   begins (ends) its source unit, confined to a sure part that unit begins (ends), extends to the part's
   first (last) word over target words that hold no translating link (a punctuation mark's link to a word
   is none), as a sentence's tag reaches the segment's edges (`inside_outside._Projector._reach`): `…
   deleted. <b>Delete Data Before</b>:` → `…されます。<b>次より前のデータを削除</b>:`, not `…されます。次より<b>前の
   …</b>`. And a span tag (not a block) leaves out the whitespace between two target sentences at an edge
   whose source whitespace lies inside a unit (`_off_sentence_spaces`: `… in the<b> Run Reports</b> app.`
   → `…합니다. <b>규제 준수 리포트 실행</b> 앱에서는`, where the edge rules took the sentences' space in); a
   confined tag's part is its `Span.region`, inside which the span ranker moves it and whose edges its
   word-kind features read as a segment's (`rerank.tag_case`). (`--paragraphs 3`, CV, seed 1, before → after:
   SAP ja 89.2 → 89.5, ko 88.2 → 89.0; see projector.py's docstring for the full rows.)

The split rules of principle 1 (re-paired repeats, copies per source word, the hiragana ending, no cut in
Hangul; benchmarks/bench_projection.py --modes cv --paragraphs 3:p, seed 1, exact % before → after, alone):
SAP ja 89.0 → 91.2 (94.7), ko 90.6 → 92.3 (94.2), zh 93.4 → 94.0 (96.2), EUR-Lex de 77.9 → 77.9 (94.1).
Of the first 40 en-ja paragraphs lost against their sentences, 12 fixed
(`<p>プラント割当</p><p>プラントを…` was `<p>プラント</p><p>割当プラントを…`), one new
(`<p>仕入先</p><p>構内での受領…`: the heading's `Acceptance` linked to `どう`).

Help-page structures (`benchmarks/bench_projection.py --modes cv --paragraphs …`, eflomal seed 1, exact % of
the paragraphs, main 099636d → with the list units, the cut rules and `between`; `alone` in brackets):
`3:ul/li` (a list, each sentence an item) SAP ja 83.7 → 89.1 (94.7), ko 85.7 → 89.8 (94.2), zh 90.6 → 93.1 (96.0),
EUR-Lex de 76.3 → 79.8 (94.1), fr 78.6 → 86.3 (96.5), hu 80.6 → 85.4 (93.0); the same items without their full
stops (`--no-stops`) SAP ja 59.5 → 64.7 (94.4), ko 64.2 → 68.0 (93.1), zh 76.8 → 78.9 (96.3), EUR-Lex de 61.3 →
74.8 (94.6), fr 70.3 → 84.1 (97.1), hu 66.3 → 82.9 (94.0); `6:p` SAP ja 78.0 → 78.5 (91.6); `--paragraphs 3`
EUR-Lex de 82.9 → 85.7 and `3:p` 77.9 → 79.8 (points between sentences), SAP ja `3:p` 89.0 → 89.1; the
one-sentence rows unchanged. Six sentences joined lose most (`6` EUR-Lex de 16.6 → 21.7, alone 88.5): points at
line starts the sentence cutter does not see (`… Auditors). <bx/>- the …`) and beads one sentence off.
"""

from __future__ import annotations

import math
import unicodedata
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from typing import Mapping

from tagmt.projection.detag import Detagged, SourceTag
from tagmt.projection.edges import Span, to_parent_edge, whitespace_after, whitespace_before
from tagmt.projection.scripts import begins_with_hiragana, is_hangul_letter
from tagmt.projection.sentences import sentence_spans, stripped
from tagmt.projection.units import dictionary_pieces, dictionary_words, groups_of
from tagmt.projection.wordseg import Word

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
_TRAILING = set(".?!…。？！．\"'”’»›」』）)］]】〕〉》")
"""A sentence's own closing marks: its stop and the quotation marks and brackets after it."""


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


class Paragraph:
    """The sentences of a pair and their beads, and where they put the tags (module docstring)."""

    def __init__(
        self,
        plain: str,
        text: str,
        src: list[Word],
        trg: list[Word],
        src_sentences: list[tuple[int, int]],
        trg_sentences: list[tuple[int, int]],
        beads: list[Bead],
        links: Mapping[tuple[int, int], float] | None = None,
    ) -> None:
        self.plain, self.text = plain, text
        self.src, self.trg = src, trg
        self.src_sentences, self.trg_sentences = src_sentences, trg_sentences
        self.beads = beads
        self._starts = [a for a, _ in src_sentences]
        self._trg_starts = [w.start for w in trg]
        self._inner: set[int] | None = None
        self._src_starts = [w.start for w in src]
        self.links_of: dict[int, list[tuple[int, float]]] = {}  # source word → its (target word, weight)
        for (i, j), w in (links or {}).items():
            if 0 <= j < len(trg):
                self.links_of.setdefault(i, []).append((j, w))
        self.parts = self._parts(beads, links or {})
        self.part_of = [0] * len(src_sentences)
        for k, part in enumerate(self.parts):
            for s in range(*part.src):
                self.part_of[s] = k
        self.blocks: dict[int, tuple[int, int, bool]] = {}  # id(tag) → its span in characters, firm (rule 2)
        self._gaps: set[tuple[int, int]] | None = None  # the whitespace between target sentences (rule 6)

    def _parts(self, beads: list[Bead], links: Mapping[tuple[int, int], float]) -> list[Part]:
        """The beads' target words; a bead of several source units and one target sentence is split
        where the target words best separate the links of its units (`_split`): a heading
        without a full stop before a sentence (`Create Work Pack` + `Create a work pack …` →
        `作業パッケージ登録作業の選択に…`) is a unit of its own on both sides."""
        src_of = _sentence_index([w.start for w in self.src], self.src_sentences)
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

    def _whole_words(self) -> set[int]:
        """The offsets inside a word the translation writes as one that the placement words cut finer — a
        dictionary word of an unspaced script, a run of kanji in Japanese (`units.dictionary_words`,
        `差|立`), a run of Hangul (Korean writes a space between its words, `엑|스포트`) — or inside a
        bracket or quotation group (`units.groups_of`: `Max (請求額, | 債権)`): a bead is not cut there."""
        if self._inner is None:
            pieces = dictionary_pieces(self.text)
            self._inner = {x for a, b in dictionary_words(self.text, pieces) for x in range(a + 1, b)}
            self._inner.update(x for x in range(1, len(self.text))
                               if _hangul(self.text[x - 1]) and _hangul(self.text[x]))
            depth = [0] * (len(self.text) + 2)  # (linear: a difference array over the groups)
            for o, c in groups_of(self.text):
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
            ending = left.end == right.start and _kana_ending(right.text)
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

    # ----------------------------------------------------------------- source sentences of a tag

    def _sentence_at(self, x: int) -> int:
        """The source sentence that begins at or before character `x` (-1: none)."""
        return bisect_right(self._starts, x) - 1

    def _enclosed(self, tag: SourceTag) -> tuple[int, int, bool] | None:
        """The source sentences `[first, last]` a tag encloses whole, and whether it leaves out the
        last one's closing marks; None when an edge is not at a sentence boundary."""
        raw = self.plain[tag.start : tag.end]
        core = raw.strip()
        if not core:
            return None
        start = tag.start + len(raw) - len(raw.lstrip())
        end = start + len(core)
        first = self._sentence_at(start)
        last = self._sentence_at(end - 1)
        if first < 0 or self.src_sentences[first][0] != start:
            return None
        sentence_end = self.src_sentences[last][1]
        if end == sentence_end:
            return first, last, False
        if end < sentence_end and all(c in _TRAILING for c in self.plain[end:sentence_end]) and \
                self.plain[end - 1] not in _TRAILING:
            return first, last, True
        return None

    def _inside_one(self, start: int, end: int) -> int | None:
        """The source sentence `[start, end)` lies in, when it lies in one (None: it crosses)."""
        s = self._sentence_at(start)
        if s < 0 or end > self.src_sentences[s][1]:
            return None
        return s

    def _words_of(self, t0: int, t1: int) -> tuple[int, int] | None:
        """The target words of target sentences `[t0, t1)`: a word range `[a, b)` (None: no words)."""
        if t0 >= t1:
            return None
        start, end = self.trg_sentences[t0][0], self.trg_sentences[t1 - 1][1]
        a = bisect_right(self._trg_starts, start - 1)
        b = bisect_right(self._trg_starts, end - 1)
        return (a, b) if a < b else None

    # ----------------------------------------------------------------- the rules

    def block(self, tag: SourceTag) -> tuple[int, int] | None:
        """Rule 2: the target words of a tag that encloses whole source sentences (whole beads), or
        None. Records the span in characters for `pin`."""
        found = self._enclosed(tag)
        if found is None:
            return None
        first, last, bare = found
        head, tail = self.parts[self.part_of[first]], self.parts[self.part_of[last]]
        if head.src[0] != first or tail.src[1] != last + 1:
            return None  # the tag splits a bead: its sentences' counterparts are not its own
        if head.a >= tail.b:
            return None
        words = head.a, tail.b
        start, end = head.start, tail.end
        if bare:  # the source tag leaves the sentence's closing marks out: so does the target's
            while end - 1 > start and self.text[end - 1] in _TRAILING:
                end -= 1
        self.blocks[id(tag)] = (start, end, not head.cut and not tail.cut)
        return words

    def confine(self, tag: SourceTag) -> tuple[int, int] | None:
        """Rule 3: the target words a tag inside one source sentence is placed among — its sure
        bead's sentences — or None (the tag crosses sentences, or the bead is unsure)."""
        raw = self.plain[tag.start : tag.end]
        core = raw.strip()
        start = tag.start + len(raw) - len(raw.lstrip())
        s = self._inside_one(start, start + len(core)) if core else self._inside_one(tag.start, tag.end)
        if s is None:
            return None
        if not core:  # a point: only strictly inside its sentence
            a, b = self.src_sentences[s]
            if not a < tag.start < b:
                return None
        part = self.parts[self.part_of[s]]
        if not part.sure or part.a >= part.b:
            return None
        if core and not self._agrees(start, start + len(core), part):
            return None
        return part.a, part.b

    def unit_edges(self, tag: SourceTag) -> tuple[int | None, int | None]:
        """Rule 5: the target words a span tag that begins (ends) its source unit may reach to — the first
        word (one past the last word) of that unit's counterpart — as a sentence's tag reaches its segment's
        edges (`inside_outside._Projector._reach`): `… deleted. <b>Delete Data Before</b>:` → `…されます。
        <b>次より前のデータを削除</b>:`, where `次` has no link to `Before`. Each is None unless the tag lies in
        one unit (only whitespace between its edge and the unit's), that unit begins (ends) its part, and the
        part is sure and holds the tag (`confine`)."""
        raw = self.plain[tag.start : tag.end]
        core = raw.strip()
        if not core or self.confine(tag) is None:
            return None, None
        start = tag.start + len(raw) - len(raw.lstrip())
        s = self._inside_one(start, start + len(core))
        if s is None:
            return None, None
        a, b = self.src_sentences[s]
        part = self.parts[self.part_of[s]]
        first = part.a if part.src[0] == s and not self.plain[a:start].strip() else None
        last = part.b if part.src[1] == s + 1 and not self.plain[start + len(core) : b].strip() else None
        return first, last

    def edge(self, tag: SourceTag) -> int | None:
        """Rule 4: the split (a target word index) of a point written between two source units, or
        before the first or after the last — on no unit's text: the edge of the counterpart of the unit
        it belongs to (`… conditions. <x/>Extra-Community …` → `… Arbeitsbedingungen. <x/>Verbringungen
        …`, not after the next sentence's first word, where the links of `Extra` put it). It belongs to
        the unit it touches (the one after it when it has a space before it and none after, the one
        before it for the converse; the last unit after it, when a full stop or the like ends that unit:
        `… please see <xref/>` ends its sentence's words); a point with a space on both sides or on none
        belongs to both, and their counterparts must then meet. A point before the first unit is the
        ordinary placement's (the source's start). None when that unit's part is not sure, when a bead
        joins the two units, or when the two counterparts do not meet (a target sentence no source unit
        translates, or words no part holds, between them): `between` decides next, then the ordinary
        placement."""
        text = self.plain[tag.start : tag.end]
        if text.strip():
            return None
        s = bisect_left(self._starts, tag.end)  # the first unit at or after the point
        if s > 0 and self.src_sentences[s - 1][1] > tag.start:
            return None  # inside unit s - 1
        before = tag.start > 0 and self.plain[tag.start - 1].isspace()
        after = tag.end < len(self.plain) and self.plain[tag.end].isspace()
        nxt = self._part_from(s) if s < len(self.src_sentences) else None
        prev = self._part_to(s - 1) if s > 0 else None
        if s == 0:  # before the first unit: the ordinary placement's (a point at the source's start)
            return None
        if s == len(self.src_sentences):  # after the last unit: its end, when a full stop ends it
            last = self.src_sentences[s - 1]
            if self.plain[last[1] - 1] not in _TRAILING:
                return None  # (`… please see <xref/>`: the sentence's own word, placed as any other)
            sides = [(prev, "b")]
        elif before and not after:
            sides = [(nxt, "a")]
        elif after and not before:
            sides = [(prev, "b")]
        else:
            sides = [(prev, "b"), (nxt, "a")]
        splits = set()
        for part, side in sides:
            if part is None or part.a >= part.b:
                continue
            if not part.sure:
                return None
            splits.add(part.a if side == "a" else part.b)
        return splits.pop() if len(splits) == 1 else None

    def _part_from(self, s: int) -> Part | None:
        """The part that begins with source unit `s` (None: `s` is inside one)."""
        part = self.parts[self.part_of[s]]
        return part if part.src[0] == s else None

    def _part_to(self, s: int) -> Part | None:
        """The part that ends with source unit `s` (None: `s` is inside one)."""
        part = self.parts[self.part_of[s]]
        return part if part.src[1] == s + 1 else None

    def between(self, tag: SourceTag) -> int | None:
        """Rule 3 for a point between two source units (`… 3. <bx/>A risk …`): the target word it goes
        before — the first word of the next unit's part, or the word after the previous unit's part when
        the source writes the point against that unit's end — when both parts are sure and in order; None
        otherwise (a point inside a unit, at the segment's ends, or beside an unsure part)."""
        if tag.start != tag.end:
            return None
        s = bisect_left(self._starts, tag.start)  # the first unit that begins at or after the point
        if s == 0 or s >= len(self.src_sentences) or self.src_sentences[s - 1][1] > tag.start:
            return None
        if self.plain[self.src_sentences[s - 1][1] : self.src_sentences[s][0]].strip():
            return None
        before, after = self.parts[self.part_of[s - 1]], self.parts[self.part_of[s]]
        if before is after or not (before.sure and after.sure) or not (before.a < before.b <= after.a < after.b):
            return None
        if after.src[0] != s or before.src[1] != s:
            return None
        against_end = tag.start == self.src_sentences[s - 1][1] and tag.start < self.src_sentences[s][0]
        return before.b if against_end else after.a

    def _agrees(self, start: int, end: int, part: "Part") -> bool:
        """Whether the links of the source words in `[start, end)` let the part hold the tag: at least
        half of their mass lands in it, or the words they land on outside it are written in it too (a word
        repeated in two sentences, the aligner's link on the wrong copy). A tag whose words the
        translation moved to the next sentence (`… see this article: <xref>2994416</xref>` → `…を参照して
        ください。2994416 …`) keeps today's placement."""
        inside = outside = 0.0
        texts = None
        for i in range(bisect_right(self._src_starts, start - 1), len(self.src)):
            if self.src[i].start >= end:
                break
            for j, w in self.links_of.get(i, ()):
                if part.a <= j < part.b:
                    inside += w
                else:
                    if texts is None:
                        texts = {self.trg[x].text for x in range(part.a, part.b)}
                    if self.trg[j].text not in texts:
                        outside += w
        return inside >= outside

    def pin(self, spans: list[Span]) -> list[Span]:
        """The block tags (rule 2) back on their sentences after the edge rules moved them, with the
        whitespace the source tag encloses at an edge; a span is pinned only when it stays clear of
        its siblings and holds its children; its point children written at its very start (end) go to its
        edge (`_points_to_edges`: the move `edges.to_parent_edge` made before the block was put back), and it
        is kept from the span ranker only when its edges are the translation's sentence ends (an edge
        `_split` cut by the links inside a sentence may be moved)."""

        def visit(nodes: list[Span], lo: int, hi: int) -> None:
            clear = _Siblings(nodes)
            for node in nodes:
                where = self.blocks.get(id(node.tag))
                if where is None and not node.point:
                    node.region = self._region(node.tag)
                    start, end = self._off_sentence_spaces(node)
                    if (start, end) != (node.start, node.end):
                        clear.move(node, start, end)
                        node.start, node.end = start, end
                if where is not None and not node.point:
                    start, end = self._with_spaces(node.tag, *where[:2])
                    if lo <= start < end <= hi and clear.free(node, start, end):
                        clear.move(node, start, end)
                        _clamp(node, start, end)
                        self._points_to_edges(node)
                        node.fixed = where[2]  # an edge the links cut inside a sentence: the ranker may move it
                visit(node.children, node.start, node.end)

        visit(spans, 0, len(self.text))
        return spans

    def _region(self, tag: SourceTag) -> tuple[int, int] | None:
        """The characters of the counterpart a tag inside one sentence is confined to (`confine`), or None."""
        words = self.confine(tag)
        return None if words is None else (self.trg[words[0]].start, self.trg[words[1] - 1].end)

    def _off_sentence_spaces(self, node: Span) -> tuple[int, int]:
        """Rule 6: the span of a (non-block) span tag without the whitespace between two target sentences
        at an edge where its source tag's whitespace is inside a unit: `… the<b> Run Reports</b> app.` →
        `… 지정합니다. <b>규제 준수 리포트 실행</b> 앱에서는`, not `….<b> 규제 …`, which the edge rules make
        of the source's leading space when the tag begins its counterpart sentence. Only that whitespace
        is left out, and the span keeps its children and a character."""
        if self._gaps is None:
            self._gaps = {(a[1], b[0]) for a, b in zip(self.trg_sentences, self.trg_sentences[1:])}
        tag, start, end = node.tag, node.start, node.end
        x = start + whitespace_after(self.text, start)
        if x > start and (start, x) in self._gaps and x < end and \
                all(c.start >= x for c in node.children) and not self._between_units(tag.start, 1):
            start = x
        y = end - whitespace_before(self.text, end)
        if y < end and (y, end) in self._gaps and y > start and \
                all(c.end <= y for c in node.children) and not self._between_units(tag.end, -1):
            end = y
        return start, end

    def _between_units(self, x: int, step: int) -> bool:
        """Whether the source tag's whitespace at its edge `x` (its first character with `step` 1, its last
        with -1) lies outside every source unit (between two, or before the first or after the last)."""
        c = x if step > 0 else x - 1
        if not (0 <= c < len(self.plain) and self.plain[c].isspace()):
            return False
        s = self._sentence_at(c)
        return s < 0 or self.src_sentences[s][1] <= c

    def _points_to_edges(self, node: Span) -> None:
        """The point children a pinned block tag's source writes at its very start (end) go to the start
        (end) of its span when only whitespace lies between — the whitespace the block took in with
        `_with_spaces` stays after (before) them, as in the source (`<p><x/> Text</p>`, not `<p> <x/>Text</p>`);
        a child that encloses only whitespace (`<p><g> </g>Text</p>`) takes that whitespace again."""
        for child in node.children:
            if child.point:  # (a point that encloses whitespace takes its width of it again)
                to_parent_edge(child, node.start, node.end, self.text, (node.tag.start, node.tag.end),
                               child.tag.end - child.tag.start)

    def _with_spaces(self, tag: SourceTag, start: int, end: int) -> tuple[int, int]:
        """`[start, end)` with as much of the whitespace around it as the source tag encloses at each edge;
        where the source also writes whitespace outside that edge, between the tag and more text, the
        translation's last whitespace character there stays outside (`… Ukrajna.</g> <g> Az …` has one
        space for the source's `</g> <g> Figures`: the one between the sentences, not the tag's), unless a
        child tag holds the source's whitespace at that edge."""
        raw = self.plain[tag.start : tag.end]
        lead, trail = len(raw) - len(raw.lstrip()), len(raw) - len(raw.rstrip())
        # (not when a child tag holds that whitespace, `<p><g> </g>Then …</p>`: the child's text comes first)
        held = [(c.start, c.end) for c in tag.children if c.start < c.end]
        keep_before = tag.start > 0 and self.plain[tag.start - 1].isspace() and bool(self.plain[: tag.start].strip()) \
            and not any(a < tag.start + lead for a, _ in held)
        keep_after = tag.end < len(self.plain) and self.plain[tag.end].isspace() and bool(self.plain[tag.end :].strip()) \
            and not any(b > tag.end - trail for _, b in held)
        while lead and start > 0 and self.text[start - 1].isspace() and \
                not (keep_before and (start == 1 or not self.text[start - 2].isspace())):
            start, lead = start - 1, lead - 1
        while trail and end < len(self.text) and self.text[end].isspace() and \
                not (keep_after and (end + 1 == len(self.text) or not self.text[end + 1].isspace())):
            end, trail = end + 1, trail - 1
        return start, end


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


class _Siblings:
    """The span siblings of one level, to ask whether `[start, end)` (non-empty) overlaps none but a given
    one: when they lie in order without overlapping (as a well-formed output's do) by bisection over
    them sorted, kept so as each is moved; else by reading them all (linear in the siblings a
    question, not quadratic in a paragraph of many block tags)."""

    def __init__(self, nodes: list[Span]) -> None:
        self.spans = sorted((n for n in nodes if not n.point), key=lambda n: (n.start, n.end))
        self.keys = [(n.start, n.end) for n in self.spans]
        self.ordered = all(a[1] <= b[0] for a, b in zip(self.keys, self.keys[1:]))

    def free(self, node: Span, start: int, end: int) -> bool:
        if not self.ordered:
            return not any(n.start < end and start < n.end for n in self.spans if n is not node)
        k = bisect_left(self.keys, (end, -1))  # the siblings before it begin before `end`; ends in order
        while k > 0 and self.spans[k - 1] is node:
            k -= 1
        return k == 0 or self.keys[k - 1][1] <= start

    def move(self, node: Span, start: int, end: int) -> None:
        if not self.ordered:
            return
        k = bisect_left(self.keys, (node.start, node.end))
        while self.spans[k] is not node:
            k += 1
        del self.spans[k], self.keys[k]
        k = bisect_left(self.keys, (start, end))
        self.spans.insert(k, node)
        self.keys.insert(k, (start, end))


def _clamp(node: Span, start: int, end: int) -> None:
    node.start, node.end = start, end
    for child in node.children:
        a = min(max(child.start, start), end)
        _clamp(child, a, min(max(child.end, a), end))


def paragraph_of(
    detagged: Detagged,
    text: str,
    src: list[Word],
    trg: list[Word],
    links,
    weights: Mapping[tuple[int, int], float] | None = None,
) -> Paragraph | None:
    """The paragraph of a pair when its source has two or more units (sentences, or blocks that tile
    the segment; else None: a sentence is placed as before), with its beads from the links (`weights`: their
    confidences; a weak link, below the aligner's vote, counts too, as in the inside–outside sums)."""
    if not detagged.tags:
        return None
    cuts = sorted(set(_block_edges(detagged)) | set(_point_edges(detagged)))
    src_sentences = _cut(detagged.plain, sentence_spans(detagged.plain, short_words=False), cuts)
    if len(src_sentences) < 2:
        return None
    trg_sentences = sentence_spans(text, short_words=False)
    if not trg_sentences:
        return None
    src_of = _sentence_index([w.start for w in src], src_sentences)
    trg_of = _sentence_index([w.start for w in trg], trg_sentences)
    counted = dict.fromkeys(links, 1.0)
    if weights is not None:
        counted.update(weights)
    mass: dict[tuple[int, int], float] = {}
    for (i, j), w in counted.items():
        if i < len(src) and j < len(trg) and src_of[i] >= 0 and trg_of[j] >= 0:
            key = (src_of[i], trg_of[j])
            mass[key] = mass.get(key, 0.0) + w
    beads = correspond(mass, [_length(detagged.plain, a, b) for a, b in src_sentences],
                       [_length(text, a, b) for a, b in trg_sentences])
    return Paragraph(detagged.plain, text, src, trg, src_sentences, trg_sentences, beads, counted)


def _sure(s: int, a: int, b: int, links: list[tuple[int, int, int, float]]) -> bool:
    """Whether the part of a split bead (source sentence `s`, target words `[a, b)`) keeps at least `SURE`
    of the mass of its bead's links that touch it (`links`: the bead's, as (sentence, word, weight))."""
    inside = touching = 0.0
    for x, _, j, w in links:
        here, there = x == s, a <= j < b
        inside += w if here and there else 0.0
        touching += w if here or there else 0.0
    return inside > 0 and inside >= SURE * touching


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
