"""Noun chains: a tag that covers a noun of a Korean (or Japanese) noun phrase takes the rest of
the phrase's nouns that no other source word claims.

Korean writes a noun phrase as a chain of nouns — glued in one eojeol or with spaces between them
(`그룹화 기준`, `세부 지정`, `대차대조표`) — and marks its end with a particle, a copula or an
ending (`…지정에서`, `…재확인은`). A UI label or a title tagged whole in English is such a chain, and
the aligner often links only some of its nouns (`Refinement` → `세부`, `지정` left unlinked), so the
placed span stops inside the chain (`<b>세부</b> 지정에서`). Of en-ko's 41 "words" misses on SAP dev
(CV, seed 1), 14 are a term's span cut inside its phrase (10 inside a chain of nouns only); the rest:
a wrong copy of a repeated word (9), a particle inside the term (`<b>정상으로 표시</b>` for `Marked as
Correct`, 6), a copula or verb taken in (`<b>아니오입니다</b>`, 4), other alignment errors (8).

The rule (`complete_chains`, after the edge rules), for each span tag, parents first:

* right edge — after the span's last noun (or adverb: `<i>다시 포함</i>` for `Reinclude`), the nouns
  of the chain are taken one by one while each is *free*: linked to a word of the tag, or to a copy
  elsewhere in the source of a word the tag has (which copy of a word written twice the aligner
  links is a guess: `Generate` ×3 → `생성` ×3) when the tag's own word has no link inside the span
  yet (`<b>Distribution</b> In distribution` → `<b>배부</b> 배부에서는`: each copy has its own);
  or linked to nothing by the vote and by no run of the aligner to a word outside the tag (a weak link,
  `weak_elsewhere`: `앱` that one run of three links to `app` is `app`'s, as it is when two runs do; the
  vote alone made that noun the label's at one seed and not at another); or, glued to the span in one
  eojeol (Korean spacing makes two nouns written together one compound), linked elsewhere by no
  sure link (confidence < `SURE`: below the aligner's vote, or a weak link). A particle glued to
  the last noun is crossed too when the noun after it is the tag's by a link: a term may hold a
  particle (`<b>정상으로 표시</b>` for `Marked as Correct`, `<b>위로 이동</b>` for `Move Up`).
* left edge — before the span's first noun, only nouns linked to the tag (or a copy of its words),
  or glued to it in one eojeol and free: Korean heads come last, so an unlinked noun across a space
  may be the sentence's own modifier (`회사 부서 <b>파일</b>` for `<b>Big Files</b>`, `(쿠키
  <b>허용</b>)` for `<b>Allow</b> cookies`; taking one gained 0.4 at seed 11 — `<b>규제 준수</b>` for
  `<b>Compliant</b>` — and nothing at seed 1).
* an edge moves only when the chain ends right there: after the new right edge no noun of the
  chain (a particle, ending, copula, punctuation, a bound noun, the text's end), or the label's head noun
  (`labels.py`: linked only to the source word after the tag, `<b>청구 예정</b> 탭` for `the <b>To Be
  Billed</b> tab`; a noun linked weakly to that head before its sure translation is the label's); before the new left
  edge nothing, a particle or punctuation (a noun after a verb form heads a clause of its own:
  `선택한 다음 <b>파일 생성</b>`, `다음` is not the term's). So no span grows past a noun a sure link
  ties elsewhere (`<b>장소 관리</b> 앱에서`: `앱` is `app`'s), over a sibling or out of its parent;
  spans only ever grow.

Nouns are MeCab-ko's N* words in Hangul (`wordseg`'s `content`), without bound nouns, numerals and
pronouns (`wordseg.korean_function_nouns`: `중`, `수`, `때`, `하나` head the phrase built on the words
before them: `<b>PDF 파일 생성</b> 중 하나를`). Latin words and numbers are no part of a chain.
Japanese (a translation with kana; not yet the target profile's) gets the rule in a strict
form: a chain is a run of kanji and katakana nouns (IPADIC's 名詞, 接頭詞), and a noun is taken only
when linked to the tag (or a copy of one of its words) — Japanese glues a term's head noun (`アプリ`, `タブ`, `ボタン`, `フェーズ`) to
the term, the references leave that noun outside the tag (it translates the English word after the
tag), and taking unlinked glued nouns as in Korean took SAP en-ja from 92.7 to 91.6 %. No adverb or
particle step.

Measured (benchmarks/bench_projection.py --modes cv --sets sap --directions en-ko, 2-fold CV, exact %,
seed 1 / seed 11): 90.4 / 90.0 → 92.0 / 91.2 ("words" misses 41 / 44 → 33 / 37): the nouns alone
(with unlinked left nouns) 91.6 / 91.0, the particle inside a term +0.4 / +0.6, left nouns linked or
glued only 0 / -0.4. SAP en-ja 92.7 / 92.0 → 92.9 / 92.3 (`<b>Word ファイル生成</b>`,
`<b>期限超過リソース</b>`). Chinese and every other language: untouched.
With `--paragraphs 3:p` (SAP en-ko, seed 1): joined 78.1 → 79.3 %, alone 93.1 → 94.0 %.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Mapping, Sequence

from tagmt.projection.align import Links
from tagmt.projection.edges import Span, between_siblings
from tagmt.projection.labels import head_spill, is_head_noun, label_head
from tagmt.projection.scripts import KANA_BLOCKS, all_hangul_named, all_kanji_or_katakana_named
from tagmt.projection.wordseg import Word, korean_function_nouns, words_within

if TYPE_CHECKING:  # (the context imports this module's `link_owners`: a type only)
    from tagmt.projection.context import PairContext

SURE = 1.0
"""A link of this confidence or more (every run of the aligner found it, or an anchor) is sure:
a noun so linked to a source word outside the tag belongs to that word, not to the tag's chain."""

_STOP_LEFT = ("particle", "punct", "none")
"""What may stand before the first noun of a chain the left edge grows to."""


def _script_noun(word: Word) -> bool:
    """A noun written in Hangul (a chain's part)."""
    return word.kind == "content" and _hangul(word.text)


_hangul = all_hangul_named
_kanji_katakana = all_kanji_or_katakana_named


def _kana(text: str) -> bool:
    """Whether `text` is Japanese: no other language writes kana (Chinese writes the same Han
    characters, without kana)."""
    return KANA_BLOCKS.search(text) is not None


Owners = dict[int, list[tuple[int, float]]]
"""Target word -> the source words linked to it, each with the link's confidence."""


def link_owners(links: Links, weights: Mapping[tuple[int, int], float] | None, n_src: int, n_trg: int) -> Owners:
    """Each target word's linked source words with their confidences (1.0 without `weights`); links
    outside the two sentences are left out. Read by the rules that ask who owns a target word
    (`complete_chains`, `chinesegrammar.keep_phrases`)."""
    owners: Owners = {}
    for i, j in links:
        if i < n_src and j < n_trg:
            owners.setdefault(j, []).append((i, 1.0 if weights is None else weights.get((i, j), 1.0)))
    return owners


def complete_chains(spans: list[Span], ctx: PairContext) -> list[Span]:
    """The spans of `ctx` with the edges of their span tags moved over the free nouns of the chains
    they cut (module docstring), parents first; in place, and returned. Reads the context's link
    owners (`link_owners`) and word offsets. Japanese chains where the text writes kana (not yet the
    target profile: a Japanese text in kanji alone, SAP en-ja none's `原価見積`, would change), Korean
    chains for the Korean profile (no profile: where the text writes Hangul nouns)."""
    text, trg, family = ctx.translation, ctx.trg, ctx.family
    japanese = _kana(text)
    korean = family in (None, "korean") and any(_script_noun(w) for w in trg)
    if not trg or not (japanese or korean):
        return spans
    chains = _Chains(text, ctx.src, trg, ctx.owners, japanese, (ctx.src_starts, ctx.trg_starts))
    chains.plain = ctx.plain
    chains.elsewhere = weak_elsewhere(ctx)
    chains.visit(spans, 0, len(text))
    return spans


def weak_elsewhere(ctx: PairContext) -> dict[int, set[int]]:
    """Each target word's source words that one run of the aligner links it to but the vote drops (the weak links
    of `confidence.voted`, `PairContext.weights` entries that are no link), words with a letter or digit only; not a
    source word every run links to another copy of the same target word (which copy one run took is its guess:
    `back` → `지정` twice in `세부 지정에서 범위 지정으로`)."""
    found: dict[int, set[int]] = {}
    if not ctx.weights:
        return found
    trg = ctx.trg
    sure = {(i, trg[j].text) for i, j in ctx.links if j < len(trg) and ctx.weights.get((i, j), 1.0) >= SURE}
    for (i, j), _ in ctx.weights.items():
        if (i, j) not in ctx.links and i < len(ctx.src) and j < len(trg) \
                and any(c.isalnum() for c in ctx.src[i].text) and (i, trg[j].text) not in sure:
            found.setdefault(j, set()).add(i)
    return found


class _Chains:
    """One translation's chains: its words, the source words each target word is linked to (with
    the links' confidences), and its bound nouns (read once, when a chain is first looked at)."""

    def __init__(self, text: str, src: list[Word], trg: list[Word], owners: Owners, japanese: bool,
                 starts: tuple[list[int], list[int]]) -> None:
        """`starts`: the source's and the target's word offsets."""
        self.text, self.src, self.trg, self.owners, self.japanese = text, src, trg, owners, japanese
        self._function: frozenset[tuple[int, int]] | None = None
        self.src_starts, self.trg_starts = starts
        self.plain = ""
        """The source's plain text (where the label's head word is: `labels.label_head`)."""
        self._head: tuple[int | None, set[int]] = (None, set())
        self.elsewhere: dict[int, set[int]] = {}
        """Target word → the source words some eflomal run links it to below the vote (`weak_elsewhere`)."""

    def noun(self, j: int) -> bool:
        """Word `j` is a noun of a chain: a Hangul noun, not a bound noun, numeral or pronoun; in
        Japanese, a noun in kanji or katakana."""
        word = self.trg[j]
        if self.japanese:
            return word.kind == "content" and _kanji_katakana(word.text)
        if not _script_noun(word):
            return False
        if self._function is None:
            self._function = korean_function_nouns(self.text)
        return (word.start, word.end) not in self._function

    def visit(self, nodes: list[Span], lo: int, hi: int) -> None:
        for node, floor, ceiling in between_siblings(nodes, lo, hi):
            if not node.point and node.start < node.end and floor <= node.start and node.end <= ceiling:
                self.grow(node, floor, ceiling)
            self.visit(node.children, node.start, node.end)

    def free(self, j: int, inside: set[int], own: set[str], glued: bool) -> bool:
        """Word `j` is linked to the tag (to one of its words, or to a copy elsewhere of a word the tag
        has: which copy of a word written twice the aligner links is a guess), or, in Korean, to
        nothing outside it (`glued`, written against the span in one word: by no sure link; across a space, by no
        run's weak link either, but to a copy of a word the tag has: `weak_elsewhere`)."""
        found = self.owners.get(j, ())
        if any(i in inside or self.src[i].text.lower() in own for i, _ in found):
            return True
        if self._spill(j, found):
            return True
        if self.japanese:
            return False
        if glued:
            return not any(share >= SURE for _, share in found)
        return not found and not any(i not in inside and self.src[i].text.lower() not in own
                                     for i in self.elsewhere.get(j, ()))

    def grow(self, node: Span, floor: int, ceiling: int) -> None:
        trg, tag = self.trg, node.tag
        inside = set(words_within(self.src, self.src_starts, tag.start, tag.end))
        covered = words_within(trg, self.trg_starts, node.start, node.end)
        if not covered or not inside:
            return
        a, b = covered[0], covered[-1]
        own = {self.src[i].text.lower() for i in inside if any(c.isalpha() for c in self.src[i].text)}
        # a word of the tag already linked inside the span has its copy there: a copy written elsewhere
        # in the source keeps its own links (`<b>Distribution</b> In distribution` → `배부 배부에서는`)
        held = set(range(a, b + 1))
        own -= {self.src[i].text.lower() for j in held for i, _ in self.owners.get(j, ()) if i in inside}
        self._head = label_head(self.src, self.plain, tag.end, self.src_starts), inside
        # right: over the free nouns after the last word, up to the chain's end
        if self.noun(b) or (not self.japanese and trg[b].kind == "other" and _hangul(trg[b].text)):
            j = self._right(b + 1, inside, own, ceiling)
            if j > b + 1 and self._ends(j):
                node.end = trg[j - 1].end
                b = j - 1
        # a particle inside the term (`정상으로 표시` for `Marked as Correct`): over a particle glued
        # to the last noun when the noun after it is the tag's own by a link, up to the chain's end
        j = b + 1
        if not self.japanese and self.noun(b) and j + 1 < len(trg) and trg[j].kind == "particle" \
                and trg[b].end == trg[j].start and self.noun(j + 1) and self._joined(j, j + 1) \
                and trg[j + 1].end <= ceiling and self.linked_in(j + 1, inside, own):
            k = self._right(j + 2, inside, own, ceiling)
            if self._ends(k):
                node.end = trg[k - 1].end
        # left: over the free nouns before the first word, back to the chain's start
        if self.noun(a):
            j = a - 1
            while j >= 0 and self.noun(j) and trg[j].start >= floor and self._joined(j, j + 1) and (
                    self.linked_in(j, inside, own) or self._glued(j, j + 1) and self.free(j, inside, own, True)):
                j -= 1  # (Japanese: `_glued` is Korean only, so linked nouns only)
            before = trg[j].kind if j >= 0 else "none"
            if j < a - 1 and (before in _STOP_LEFT or not self._joined(j, j + 1)):
                node.start = trg[j + 1].start

    def _right(self, j: int, inside: set[int], own: set[str], ceiling: int) -> int:
        """The first word from `j` on that is not a free noun of the chain (before `ceiling`)."""
        trg = self.trg
        while j < len(trg) and self.noun(j) and trg[j].end <= ceiling and self._joined(j - 1, j) \
                and self.free(j, inside, own, self._glued(j - 1, j)):
            j += 1
        return j

    def _spill(self, j: int, found: Sequence[tuple[int, float]]) -> bool:
        """Word `j` is linked weakly to the label's head only, whose sure translation follows in the chain
        (`labels.head_spill`: `<b>청구 예정</b> 탭` for `the <b>To Be Billed</b> tab`, `예정` weakly `tab`'s)."""
        head = self._head[0]
        if head is None or not found:
            return False
        k = j + 1
        while k < len(self.trg) and self.noun(k) and self._joined(k - 1, k) \
                and not any(i == head and share >= SURE for i, share in self.owners.get(k, ())):
            k += 1
        return head_spill(found, head, k < len(self.trg) and self.noun(k) and self._joined(k - 1, k), SURE)

    def _ends(self, j: int) -> bool:
        """The chain ends before word `j`: no noun of it follows, or the label's head noun does (`labels.py`:
        `<b>청구 예정</b> 탭` for `the <b>To Be Billed</b> tab`)."""
        return j == len(self.trg) or not self.noun(j) or not self._joined(j - 1, j) \
            or is_head_noun(self.owners.get(j, ()), *self._head)

    def linked_in(self, j: int, inside: set[int], own: set[str]) -> bool:
        """Word `j` is linked to a word of the tag or to a copy of one."""
        return any(i in inside or self.src[i].text.lower() in own for i, _ in self.owners.get(j, ()))

    def _glued(self, j: int, k: int) -> bool:
        """Words `j` and `k` are one Korean eojeol: Hangul written without a space between (Korean
        spaces its words, so two nouns written together are one compound; Japanese and Chinese
        write every word together, so there it says nothing)."""
        return self.trg[j].end == self.trg[k].start and _hangul(self.trg[j].text) and _hangul(self.trg[k].text)

    def _joined(self, j: int, k: int) -> bool:
        """Words `j` and `k` are written next to each other, with nothing but spaces between them
        (no line break, no punctuation)."""
        gap = self.text[self.trg[j].end:self.trg[k].start]
        return gap == "" or (gap.isspace() and "\n" not in gap)
