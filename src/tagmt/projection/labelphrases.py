"""Label phrases: in a head-final language, a label's translation is one contiguous phrase ending at its head.

Korean, Japanese and Turkish write a UI label as a noun phrase whose head (a noun, often a verbal noun: `표시`,
`マーク`, `재계산`) comes last; the words before it — an object (`DLT 재계산` for `Recalculate DLT`), a complement
joined by a phrase-internal particle (`정상으로 표시`, `正常としてマーク`, `Doğru olarak işaretle` for `Marked as
Correct`; `다른 이름으로 저장` for `Save As`; `資金集中のジョブ`) — belong to the phrase, while the case particle
written after the head (`을`/`를`, `이`/`가`, `を`, `が`, `に`, `で`) ties the phrase to the sentence's verb and
stays outside, with the predicate after it. Which particles are phrase-internal is the profile's
(`profiles.Profile.phrase_internal`; the copula's forms: `Profile.copulas`). The aligner often links the head
alone, so the span takes only the verbal noun (`정상으로 <ui>표시</ui>`), or it takes the sentence's predicate
in (`<ui>勘定に自動転記済に設定</ui>されます`). The rule (`label_phrases`, the `label-phrases` stage, after the
noun chains), for each span of a tag that holds words, parents first, within the room its siblings leave:

* left — where the span starts on a noun and the words just before it are a noun and a particle (joined by
  nothing but spaces), the span takes them when the particle is phrase-internal and the noun is the tag's (linked
  to a word of the tag or to a copy elsewhere in the source of one) or free (no sure link to another source word)
  while some word of the tag is not yet translated inside the span (`As` of `Save As`: the particle's phrase is
  what translates it) — a Korean determiner before that free noun with it (`다른 이름으로 저장`); or when the
  particle is another case particle and the noun is linked to the tag's own words (`<ui>계정에 자동 전기됨</ui>`
  for `Auto-Posted on Account`); never over a topic, subject or object particle (`Profile.phrase_final`), which
  ends a phrase. Then the nouns of the tag joined before that noun; it moves only where no noun that another
  source word does not own is joined before (where the phrase starts would be unclear). Repeated while it takes
  something. The same for a noun or copied token of the tag written just before the span with nothing but spaces
  between (`DLT 재계산`).
* right — a span whose words end in a case particle that is not phrase-internal and words after it that are none
  of the tag's (no link to its words or their copies), ending in a predicate or a noun whose predicate follows
  (`…済に設定|される`, `…修正があり`), ends before that particle; a span that ends in the copula after a word of
  the tag (`はいです`, `전기인`), the copula unlinked to the tag and every word of the tag translated before it, ends
  before it. Only a span that is one noun phrase: with a topic, subject or object particle among its words it is
  a clause, whose predicate is its own (`<ph>오늘은 30.11.2014입니다</ph>`). And where an English source writes
  a determiner before the tag and a content word linked to nothing after it (the label's head, untranslated by
  the aligner: `spaced.ENGLISH_DETERMINERS`), a span that ends its noun
  chain on a noun linked to nothing right after a word of the tag ends before it: that noun is the head
  (`<ui>일자에 시작</ui> 제약` for `the <ui>Must start on</ui> constraint`; Korean, Japanese); so does one linked
  only weakly, to that head or the tag's function words, while the head has no sure link (`제약` weakly
  `constraint` and `on`: what the aligner gives where the examples are few).
* a verbal noun glued after it (Japanese, whose noun chains take only linked nouns: `nounchains.py`) — a span
  followed by a noun glued to its last noun that ends the chain (a particle or a mark after it) takes it when a
  word of the tag has no translation in the span and the noun is no other source word's (no sure link to a word
  outside the tag that is not a function word) nor the label's head (`<ui>提案採用</ui>を` for `<ui>Adopt
  Proposal</ui>`, `<ui>範囲外</ui>の` for `<ui>Not in scope</ui>`, `外` linked to `with`).
* before its head — a label followed in the source by its head noun (`the <ui>Change Item Type</ui> button`) is
  written just before the head's translation (`품목 유형 변경 버튼`, `カスタム CDS ビューアプリ`): a span on
  another copy of the label's words (`…품목 유형을 변경할`, the aligner's guess between two copies) goes to the
  nouns before the head's sure translation when they are the tag's (linked to its words or copies of them, or to
  nothing; none surely to another source word) and translate at least the tag's words the span does. First, for
  the leaf spans of each level; only where the segmenter tells nouns from particles and verbs (Korean, Japanese).

Nothing moves for a point or a tag without words, a span that copies its source text verbatim, for Chinese or a
language without phrase-internal particles.

Measured (benchmarks/bench_projection.py --part dev --modes cv --sets sap, exact %, main 525f41e → this): en-ko
92.9 → 94.6, en-ja 92.9 → 94.6 (13 segments changed: 12 onto their reference, one from a wrong span to another,
`사용자 <ui>정의 CDS 뷰</ui>`, `사용자` surely linked to `Your`); en-zh, en-zf, EUR-Lex and
glossary outputs identical (no phrase-internal particles in their profiles: the stage returns at once).
"""

from __future__ import annotations

from bisect import bisect_left, insort
from functools import cached_property
from typing import TYPE_CHECKING

from tagmt.projection.edges import Span, between_siblings
from tagmt.projection.labels import is_head_noun, label_head
from tagmt.projection.profiles import Profile, profile_for
from tagmt.projection.profiles.spaced import ENGLISH_DETERMINERS
from tagmt.projection.scripts import KANA_BLOCKS, HANGUL_BLOCKS
from tagmt.projection.wordseg import korean_determiners, korean_function_nouns, words_within

if TYPE_CHECKING:  # (the context imports the rule modules: a type only)
    from tagmt.projection.context import PairContext

SURE = 1.0
"""A link this sure (every aligner run found it, or an anchor) says a word is its source word's."""
PREDICATE_KINDS = frozenset({"verb", "auxiliary", "ending"})
"""Word kinds of a predicate after the phrase (`あり`, `され`, `됩니다`)."""
MAX_STEPS = 4
"""At most this many particles or words a span's start crosses (a label holds few: time linear in the text)."""
STOP_KINDS = frozenset({"particle", "punct", "verb", "auxiliary", "ending", "other"})
"""Word kinds before which a phrase may start (a noun joined before it that no other source word owns might
continue the chain)."""


def label_phrases(spans: list[Span], ctx: PairContext) -> list[Span]:
    """The spans of `ctx` grown over their label phrase's internal particles and trimmed of the sentence's case
    particle and predicate (module docstring); in place, and returned."""
    profile = _profile(ctx)
    if profile is None or not profile.phrase_internal or not ctx.trg or not ctx.src:
        return spans
    _Phrases(ctx, profile).visit(spans, 0, len(ctx.translation))
    return spans


def _profile(ctx: PairContext) -> Profile | None:
    """The target profile; without one, Japanese where the text writes kana, Korean where it writes Hangul."""
    if ctx.trg_profile is not None:
        return ctx.trg_profile
    if KANA_BLOCKS.search(ctx.translation):
        return profile_for("ja")
    return profile_for("ko") if HANGUL_BLOCKS.search(ctx.translation) else None


class _Phrases:
    def __init__(self, ctx: PairContext, profile: Profile) -> None:
        self.ctx, self.profile = ctx, profile
        self.korean = profile.family == "korean"
        self.kinds = profile.family in ("korean", "japanese")
        """The segmenter tells nouns from particles and verbs (MeCab): a chain of nouns ends where the phrase does."""
        self._function: frozenset[tuple[int, int]] | None = None
        self._determiners: frozenset[tuple[int, int]] | None = None

    def visit(self, nodes: list[Span], lo: int, hi: int) -> None:
        taken = sorted((node.start, node.end) for node in nodes if node.start < node.end)
        for node in nodes if self.kinds else ():
            if self._movable(node) and not node.children:
                moved = self._before_head(node, taken, lo, hi)
                if moved is not None:
                    taken.remove((node.start, node.end))
                    node.start, node.end = moved
                    insort(taken, moved)
        for node, floor, ceiling in between_siblings(nodes, lo, hi):
            if self._movable(node):
                self._phrase(node, max(lo, floor), min(hi, ceiling))
            self.visit(node.children, node.start, node.end)

    def _movable(self, node: Span) -> bool:
        """A span that holds text and is not the verbatim copy of its tag's source text (the unit rule's:
        `units.verbatim_spans`) nor pinned to whole sentences."""
        ctx = self.ctx
        return node.movable \
            and ctx.translation[node.start:node.end] != ctx.plain[node.tag.start:node.tag.end].strip()

    def _before_head(self, node: Span, taken: list[tuple[int, int]], lo: int, hi: int) -> tuple[int, int] | None:
        """A label whose source is followed by its head noun (`the <ui>Change Item Type</ui> button`) is written just
        before the head's translation (`품목 유형 변경 버튼`): a span elsewhere, on another copy of the label's words
        (`…품목 유형을 변경할`), goes to the nouns before the head when they are the tag's (linked to its words or
        copies of them, or to nothing; none surely to another source word) and translate at least the tag's words
        the span translates. `taken`: the siblings' spans, sorted (none may overlap the new place). The new
        place, or None."""
        ctx, trg = self.ctx, self.ctx.trg
        inside = set(words_within(ctx.src, ctx.src_starts, node.tag.start, node.tag.end))
        head = label_head(ctx.src, ctx.plain, node.tag.end, ctx.src_starts)
        if head is None or not inside or self._function_word(ctx.src[head].text):
            return None
        heads = [j for j in self.sure_of.get(head, ()) if is_head_noun(ctx.owners[j], head, inside)]
        if len(heads) != 1 or not self.noun(heads[0]):
            return None
        h = heads[0]
        if trg[h].start < node.end and node.start < trg[h].end or \
                (node.end <= trg[h].start and ctx.translation[node.end:trg[h].start].strip() == ""):
            return None  # (the span is the head's neighbour already, or holds it)
        own = {ctx.src[i].text.lower() for i in inside if any(c.isalpha() for c in ctx.src[i].text)}
        j = h
        while j >= 1 and self.noun(j - 1) and self.joined(j - 1, j) and not self.elsewhere(j - 1, inside, own):
            j -= 1
        if j == h or trg[j].start < lo or trg[h - 1].end > hi:
            return None
        chain = self._translated(range(j, h), own)
        if not chain or not self._translated(words_within(trg, ctx.trg_starts, node.start, node.end), own) <= chain:
            return None
        start, end = trg[j].start, trg[h - 1].end
        k = bisect_left(taken, (start, start))  # (siblings do not overlap: the one before, the ones after)
        if any(taken[m][0] < end and start < taken[m][1] and taken[m] != (node.start, node.end)
               for m in (k - 1, k, k + 1) if 0 <= m < len(taken)):
            return None
        return start, end

    @cached_property
    def sure_of(self) -> dict[int, list[int]]:
        """Each source word's surely linked target words (read once per pair: linear in the links)."""
        out: dict[int, list[int]] = {}
        for j, found in sorted(self.ctx.owners.items()):
            for i, share in found:
                if share >= SURE:
                    out.setdefault(i, []).append(j)
        return out

    @cached_property
    def linked(self) -> frozenset[int]:
        """The source words with a link."""
        return frozenset(i for found in self.ctx.owners.values() for i, _ in found)

    def _translated(self, words: range, own: set[str]) -> set[str]:
        """The tag's words (their texts, lower case) that the target `words` are linked to, or copies of them."""
        src = self.ctx.src
        return {src[i].text.lower() for j in words for i, _ in self.ctx.owners.get(j, ()) if src[i].text.lower() in own}

    def _function_word(self, text: str) -> bool:
        profiles = self.ctx.profiles
        return profiles is not None and text.lower() in profiles.src.function_words

    # ------------------------------------------------------------------ words
    def noun(self, j: int) -> bool:
        """Word `j` may be part of a noun phrase: a content word with a letter or digit (not a Korean bound noun,
        numeral or pronoun, which head a phrase of their own), not a particle of the profile."""
        word = self.ctx.trg[j]
        if word.kind != "content" or not any(c.isalnum() for c in word.text) \
                or word.text.lower() in self.profile.phrase_internal:
            return False
        if self.korean:
            if self._function is None:
                self._function = korean_function_nouns(self.ctx.translation)
            return (word.start, word.end) not in self._function
        return True

    def particle(self, j: int) -> bool:
        word = self.ctx.trg[j]
        return word.kind == "particle" or word.text.lower() in self.profile.phrase_internal

    def joined(self, j: int, k: int) -> bool:
        """Words `j` and `k` are written next to each other with nothing but spaces (no line break) between."""
        gap = self.ctx.translation[self.ctx.trg[j].end:self.ctx.trg[k].start]
        return gap == "" or (gap.isspace() and "\n" not in gap)

    def mine(self, j: int, inside: set[int], own: set[str]) -> bool:
        """Word `j` is linked to a word of the tag or to a copy of one elsewhere in the source."""
        src = self.ctx.src
        return any(i in inside or src[i].text.lower() in own for i, _ in self.ctx.owners.get(j, ()))

    def elsewhere(self, j: int, inside: set[int], own: set[str]) -> bool:
        """Word `j` is surely linked to a source word that is neither the tag's nor a copy of one."""
        src = self.ctx.src
        return any(share >= SURE and i not in inside and src[i].text.lower() not in own
                   for i, share in self.ctx.owners.get(j, ()))

    # ------------------------------------------------------------------ the rule
    def _phrase(self, node: Span, floor: int, ceiling: int) -> None:
        ctx = self.ctx
        inside = set(words_within(ctx.src, ctx.src_starts, node.tag.start, node.tag.end))
        covered = words_within(ctx.trg, ctx.trg_starts, node.start, node.end)
        if not inside or not covered:
            return
        own = {ctx.src[i].text.lower() for i in inside if any(c.isalpha() for c in ctx.src[i].text)}
        start = self._left(covered[0], covered[-1], inside, own, floor)
        if start is not None and all(start <= c.start for c in node.children):
            node.start = start
        end = self._right(words_within(ctx.trg, ctx.trg_starts, node.start, node.end), inside, own)
        if end is None and self.profile.family == "japanese":
            end = self._glued_head(node, inside, own, ceiling)
        if end is None and self.kinds:
            end = self._unlinked_head(node, words_within(ctx.trg, ctx.trg_starts, node.start, node.end), inside)
        if end is not None and node.start < end and all(c.end <= end for c in node.children):
            node.end = end

    def _left(self, a: int, b: int, inside: set[int], own: set[str], floor: int) -> int | None:
        """The new start of a span on words `a`..`b`, or None."""
        trg, moved, internal = self.ctx.trg, None, self.profile.phrase_internal
        for _ in range(MAX_STEPS):
            if not (self.noun(a) and a >= 1 and self.joined(a - 1, a)):
                break
            q, determiner = a - 1, False
            if self.particle(q):
                particle = trg[q].text.lower()
                q -= 1
                if particle in self.profile.phrase_final or q < 0 or not self.noun(q) or not self.joined(q, q + 1) \
                        or self.elsewhere(q, inside, own):
                    break
                if particle in internal:
                    if not (self.mine(q, inside, own) or self._untranslated(inside, q, b)):
                        break
                    determiner = self.korean
                elif not self.tags(q, inside):
                    break  # (another case particle: inside the phrase only between words of the tag itself)
            elif not (self.noun(q) and self.mine(q, inside, own) and not self.elsewhere(q, inside, own)):
                break
            while q >= 1 and self.noun(q - 1) and self.joined(q - 1, q) and self.mine(q - 1, inside, own) \
                    and not self.elsewhere(q - 1, inside, own):
                q -= 1
            if determiner and q >= 1 and self.joined(q - 1, q) and self._determiner(q - 1) \
                    and trg[q - 1].start >= floor:
                a, moved = q - 1, trg[q - 1].start  # (`다른 이름으로 저장` for `Save As`: a determiner modifies the
                break  # phrase's noun after it, and starts the phrase)
            if trg[q].start < floor or (q >= 1 and self.joined(q - 1, q) and trg[q - 1].kind not in STOP_KINDS
                                        and not self.elsewhere(q - 1, inside, own)):
                break  # (a noun no other source word owns joined before it: where the phrase starts is unclear)
            a, moved = q, trg[q].start
        return moved

    def tags(self, j: int, inside: set[int]) -> bool:
        """Word `j` is linked to a word of the tag itself."""
        return any(i in inside for i, _ in self.ctx.owners.get(j, ()))

    def _determiner(self, j: int) -> bool:
        word = self.ctx.trg[j]
        if self._determiners is None:
            self._determiners = korean_determiners(self.ctx.translation)
        return (word.start, word.end) in self._determiners

    def _untranslated(self, inside: set[int], a: int, b: int) -> bool:
        """Some word of the tag (with a letter) has no link to the words `a`..`b`."""
        ctx, linked = self.ctx, set()
        for j in range(a, b + 1):
            linked |= {i for i, _ in ctx.owners.get(j, ())}
        return any(i not in linked and any(c.isalpha() for c in ctx.src[i].text) for i in inside)

    def _right(self, covered: range, inside: set[int], own: set[str]) -> int | None:
        """The new end of a span on the words `covered`, or None. Only a span that is one noun phrase (no topic,
        subject or object particle among its words before the cut: else it is a clause, its predicate its own)."""
        trg = self.ctx.trg
        if len(covered) < 2:
            return None
        last = covered[-1]
        if trg[last].text in self.profile.copulas and trg[last].kind in PREDICATE_KINDS \
                and self.tags(last - 1, inside) and not self.mine(last, inside, own) \
                and trg[last - 1].end == trg[last].start and not self._untranslated(inside, covered[0], last - 1) \
                and self._one_phrase(covered[0], last):
            return trg[last - 1].end  # (`はいです`: IPADIC calls `はい` an interjection or a verb, not a noun)
        mine = [j for j in covered if self.mine(j, inside, own)]
        if not mine or last - mine[-1] < 2:
            return None
        ends = trg[last].kind in PREDICATE_KINDS or \
            (self.noun(last) and last + 1 < len(trg) and trg[last + 1].kind in PREDICATE_KINDS)
        final = self.profile.phrase_final
        first_final = next((j for j in covered if trg[j].kind == "particle" and trg[j].text in final), last + 1)
        for p in range(mine[-1] + 1, min(last, first_final + 1)):  # (the tail from p on: none of the tag's words)
            if ends and self.particle(p) and trg[p].text.lower() not in self.profile.phrase_internal \
                    and self.noun(p - 1):
                return trg[p - 1].end
        return None

    def _glued_head(self, node: Span, inside: set[int], own: set[str], ceiling: int) -> int | None:
        """The new end of a Japanese span followed by a glued noun that ends the chain before a particle or a mark
        (`<ui>提案</ui>採用を` for `<ui>Adopt Proposal</ui>`, `<ui>範囲</ui>外の` for `<ui>Not in scope</ui>`) when
        a word of the tag has no translation in the span and the noun is no other source word's (no sure link to a
        word outside the tag that is not a function word), nor the label's head; or None."""
        ctx, trg = self.ctx, self.ctx.trg
        covered = words_within(trg, ctx.trg_starts, node.start, node.end)
        b = covered[-1]
        k = b + 1
        if k >= len(trg) or not self.noun(b) or not self.noun(k) or trg[b].end != trg[k].start \
                or trg[k].end > ceiling or not self._untranslated(inside, covered[0], b):
            return None
        if k + 1 < len(trg) and (self.noun(k + 1) and self.joined(k, k + 1)):
            return None
        found = ctx.owners.get(k, ())
        if any(share >= SURE and i not in inside and not self._function_word(ctx.src[i].text) for i, share in found):
            return None
        head = label_head(ctx.src, ctx.plain, node.tag.end, ctx.src_starts)
        return None if is_head_noun(found, head, inside) else trg[k].end

    def _unlinked_head(self, node: Span, covered: range, inside: set[int]) -> int | None:
        """The new end of a span whose last word is the untranslated head of its label (`일자에 시작 <ui>…</ui> 제약` for
        `the <ui>Must start on</ui> constraint`): the source word after the tag is a content word with no sure link
        (the aligner's guesses, if any, are weak), and the span ends its noun chain, after a word of the tag, on a
        noun linked to nothing or only to that head and the tag's function words (`제약` weakly `constraint` and
        `on`: no content word of the tag is what it translates); or None."""
        ctx, trg = self.ctx, self.ctx.trg
        head = label_head(ctx.src, ctx.plain, node.tag.end, ctx.src_starts)
        if head is None or len(covered) < 2 or self._function_word(ctx.src[head].text) or not self._determined(node) \
                or not any(c.isalpha() for c in ctx.src[head].text) \
                or head in self.sure_of:
            return None
        last = covered[-1]
        if not self.noun(last) or not all(i == head or i in inside and self._function_word(ctx.src[i].text)
                                          for i, _ in ctx.owners.get(last, ())) \
                or not self.noun(last - 1) or not self.joined(last - 1, last) \
                or not self.tags(last - 1, inside) \
                or (last + 1 < len(trg) and self.noun(last + 1) and self.joined(last, last + 1)):
            return None
        return trg[last - 1].end

    def _determined(self, node: Span) -> bool:
        """An English source writes a determiner just before the tag (`the <ui>…</ui> constraint`): the word after
        the tag is the head noun of the phrase the tag modifies, not an adverb or a verb (`Go from <b>X</b> now`)."""
        ctx = self.ctx
        if ctx.profiles is None or ctx.profiles.src.code != "en":
            return False
        k = bisect_left(ctx.src_starts, node.tag.start) - 1
        return k >= 0 and ctx.plain[ctx.src[k].end:node.tag.start].isspace() \
            and ctx.src[k].text.lower() in ENGLISH_DETERMINERS

    def _one_phrase(self, a: int, b: int) -> bool:
        """No topic, subject or object particle among the words `a`..`b - 1`."""
        trg, final = self.ctx.trg, self.profile.phrase_final
        return not any(trg[j].kind == "particle" and trg[j].text in final for j in range(a, b))
