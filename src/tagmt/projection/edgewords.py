"""Learned conventions applied to linked edge words: a function word at a span's edge that translates nothing
of its tag leaves the span where the examples keep that word outside (issue 35).

The edge conventions (`edges.py`, `conventions.Conventions.decide`) are learned from the examples' placed spans,
which their own tag texts anchor: a word the placement put inside wrongly is seldom seen there, so the convention
never speaks for a word the aligner linked. The examples' references say it directly, though: a preposition, an
article or a particle written just outside a tag and never as its first (last) word (`Klicken Sie auf
<ui>Drucken</ui>`, `Cliquez sur <ui>Imprimer</ui>`, `<ui>保存</ui>を選択`, `<ui>저장</ui>을 클릭`; counted by
`conventions.observe_edge_words`). Here the first and last words of each span tag leave it, one at a time (at
most `edges.MAX_MOVES` a side), while each

* is a function word of the target: a kind the segmenter gives closed-class words (`conventions.FUNCTION_KINDS`:
  Japanese and Korean particles, endings, auxiliaries; Chinese localizers) or a word of the target profile's
  `particles`, `function_words` or `postpositions`;
* translates nothing of the tag: every source word it is linked to lies outside the source tag, or its links into
  the tag only double a translation (`doubles_only`: each of those source words is a content word that another
  word of the span, no function word, translates too: `auf` linked to `Save` beside `Speichern`, the aligner's
  many-to-one spill), or it is unlinked; in the last two cases every function word of the source tag has a link of
  its own (an unlinked `as` of `Save as` may
  be what it translates; an unlinked noun of a label, `Report` of `Print Report`, is not; with the source
  language unknown, every word of the tag must have a link);
* is kept outside by the examples: `Conventions.keeps_outside` (asked through `ctx.decide`, move
  `conventions.OUTSIDE`: the neutral default never moves) — clearly, in 9 of 10 cases of that word;
* leaves the span some text, and no child tag behind.

A word linked to a word inside the source tag stays in (`<ui>Save as</ui>` → `<ui>Speichern unter</ui>`, `unter`
linked to `as`), whatever the examples say of the word.

The noun of the element's class that a translation writes before a label (`Click <ui>Save</ui>` → `Cliquez sur le
bouton <ui>Enregistrer</ui>`, `Нажмите кнопку <ui>Сохранить</ui>`) leaves a span's left edge too, without the
examples' word, when its case tells it from the label — or, in a language that capitalizes its nouns, its head is a
class noun of the profile (`die Schaltfläche <ui>Speichern</ui>`) — and its links into the tag only double the
label's (`_class_noun`).
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING

from tagmt.projection.conventions import FUNCTION_KINDS, OUTSIDE
from tagmt.projection.edges import MAX_MOVES, Span, Unit, source_edges
from tagmt.projection.profiles import Profile
from tagmt.projection.wordseg import words_within

if TYPE_CHECKING:
    from tagmt.projection.context import PairContext


def keep_outside(spans: list[Span], ctx: PairContext) -> list[Span]:
    """The spans of `ctx` with the function words at their edges that the examples keep outside taken out
    (module docstring), parents first; in place, and returned."""
    if ctx.trg and ctx.src:
        linked = {i for i, _ in ctx.links}
        for root in spans:
            for node in root.walk():
                if node.movable:
                    _trim(node, ctx, linked)
    return spans


def _trim(node: Span, ctx: PairContext, linked: set[int]) -> None:
    left, right = source_edges(ctx.plain, node.tag)
    context = ctx.edge_context
    for _ in range(MAX_MOVES):
        unit = _first_word(ctx, node.start, node.end)
        if unit is None or any(c.start < unit.end for c in node.children):
            break
        rest = _next_text(ctx, unit.end, node.end)
        if rest is None or not (_leaves(ctx, node, unit, linked) and ctx.decide(node, left, OUTSIDE, unit, context)
                                or _class_noun(ctx, node, unit, rest)):
            break
        node.start = rest
    for _ in range(MAX_MOVES):
        unit = _last_word(ctx, node.start, node.end)
        if unit is None or any(c.end > unit.start for c in node.children):
            break
        rest = _previous_text(ctx, node.start, unit.start)
        if rest is None or not _leaves(ctx, node, unit, linked) or not ctx.decide(node, right, OUTSIDE, unit, context):
            break
        node.end = rest


def _class_noun(ctx: PairContext, node: Span, unit: Unit, rest: int) -> bool:
    """Whether `unit`, the first word of `node`'s span, is the noun of the element's class that a translation writes
    before a label (`le bouton Enregistrer`, `кнопку Сохранить`, `de knop Opslaan` for `Click <ui>Save</ui>`): the
    source tag is a label — it starts with a capital letter after a word of its sentence — the word is in lower case
    and no function word of a language that lists them, the word after it starts with a capital letter, and the
    word's links into the tag only double that translation (`doubles_only`). German writes its nouns with a capital
    (`die Schaltfläche Speichern`): the class noun cannot be told from the label by its case there, and it is one
    where its head, the compound's last part, is one of the profile's `class_nouns` (`Schaltfläche`,
    `Kontrollkästchen`: `names_class`)."""
    profile, text, plain = ctx.trg_profile, ctx.translation, ctx.plain
    if profile is None or not profile.function_words or not text[rest:rest + 1].isupper():
        return False
    if not unit.text[:1].islower() and not (profile.nouns_capitalized and names_class(unit.text, profile)):
        return False
    tag = node.tag
    before = plain[:tag.start].rstrip()
    if not plain[tag.start:tag.start + 1].isupper() or not before or not before[-1].isalnum():
        return False
    if closed_class(unit.text, unit.kind, profile):
        return False
    k = bisect_left(ctx.trg_starts, unit.start)
    if k == len(ctx.trg) or ctx.trg[k].start != unit.start:
        return False
    src = ctx.src
    inner = [i for i, _ in ctx.owners.get(k, ()) if tag.start <= src[i].start and src[i].end <= tag.end]
    return bool(inner) and doubles_only(ctx, k, inner, node.start, node.end)


COMPOUND_PART_MIN = 3
"""The shortest first part of a compound whose head is a class noun (`Optionsfeld`: `Options`)."""


def names_class(word: str, profile: Profile) -> bool:
    """Whether `word` is a noun of a user interface element's class (`Profile.class_nouns`), whole or as the head of
    a compound (`Kontrollkästchen`, `Menübefehl`: the last part names the class)."""
    folded = word.casefold()
    return folded in profile.class_nouns or any(
        folded.endswith(head) and len(folded) - len(head) >= COMPOUND_PART_MIN for head in profile.class_nouns)


def _first_word(ctx: PairContext, start: int, end: int) -> Unit | None:
    unit = ctx.edge_context.after(start)
    return unit if unit is not None and unit.coarse == "word" and unit.end <= end else None


def _last_word(ctx: PairContext, start: int, end: int) -> Unit | None:
    unit = ctx.edge_context.before(end)
    return unit if unit is not None and unit.coarse == "word" and unit.start >= start else None


def _next_text(ctx: PairContext, x: int, end: int) -> int | None:
    """Where the text after `x` resumes inside the span (past whitespace); None: only whitespace is left."""
    text = ctx.translation
    while x < end and text[x].isspace():
        x += 1
    return x if x < end else None


def _previous_text(ctx: PairContext, start: int, x: int) -> int | None:
    text = ctx.translation
    while x > start and text[x - 1].isspace():
        x -= 1
    return x if x > start else None


def _leaves(ctx: PairContext, node: Span, unit: Unit, linked: set[int]) -> bool:
    """Whether `unit` is a function word of the target that translates nothing of `node`'s source tag
    (`linked`: the source words with a link)."""
    if not is_function_word(ctx, unit):
        return False
    k = bisect_left(ctx.trg_starts, unit.start)
    if k == len(ctx.trg) or ctx.trg[k].start != unit.start:
        return False
    tag, src = node.tag, ctx.src
    owners = ctx.owners.get(k, [])
    if owners:
        inner = [i for i, _ in owners if tag.start <= src[i].start and src[i].end <= tag.end]
        if not inner:
            return True
        if not doubles_only(ctx, k, inner, node.start, node.end):
            return False
    source_profile = None if ctx.profiles is None else ctx.profiles.src
    for i in range(bisect_left(ctx.src_starts, tag.start), len(src)):  # (the tag's words only: linear in the tag)
        if src[i].start >= tag.end:
            break
        if i not in linked and (source_profile is None or closed_class(src[i].text, src[i].kind, source_profile)):
            return False  # an unlinked function word of the tag (`as` of `Save as`): the word may translate it
    return True


def doubles_only(ctx: PairContext, j: int, inner: list[int], start: int, end: int) -> bool:
    """Whether target word `j`'s links to the source words `inner` (of its tag) only double translations found
    elsewhere in `[start, end)`: each of them is a content word of the source that another word of that stretch,
    not a function word of the target, is linked to too (`Click <ui>Save</ui>` → `auf Speichern`, `auf` linked
    to `Save` beside `Speichern`: a preposition does not translate a verb that has its translation; linear in the
    stretch). Words of one dictionary word with it do not count (`现金集中`: `中` is no localizer there)."""
    source_profile = None if ctx.profiles is None else ctx.profiles.src
    if source_profile is not None and any(closed_class(ctx.src[i].text, ctx.src[i].kind, source_profile)
                                          for i in inner):
        return False  # (a function word of the tag linked to it is what it translates: `as` → `unter`)
    needed = set(inner)
    piece = _piece_of(ctx, ctx.trg[j].start, ctx.trg[j].end)
    for other in words_within(ctx.trg, ctx.trg_starts, start, end):
        word = ctx.trg[other]
        if other != j and not closed_class(word.text, word.kind, ctx.trg_profile) \
                and (piece is None or not (piece[0] <= word.start and word.end <= piece[1])):
            needed -= {i for i, _ in ctx.owners.get(other, ())}
    return not needed


def _piece_of(ctx: PairContext, start: int, end: int) -> tuple[int, int] | None:
    """The dictionary word of the translation (`PairContext.pieces`: Chinese and unspaced scripts) that holds
    `[start, end)` with more besides, or None: a character of a word (`集中`) doubles nothing of that word."""
    pieces = ctx.pieces
    k = bisect_left(pieces, (start + 1,)) - 1
    if k >= 0 and pieces[k][0] <= start and end <= pieces[k][1] and (pieces[k][0], pieces[k][1]) != (start, end):
        return pieces[k]
    return None


def is_function_word(ctx: PairContext, unit: Unit) -> bool:
    """A closed-class word of the target: a function kind of the segmenter's, or a word of the profile's lists."""
    return closed_class(unit.text, unit.kind, ctx.trg_profile)


def closed_class(text: str, kind: str, profile: Profile | None) -> bool:
    """Whether a word is a function word of its language: a function kind of the segmenter's
    (`conventions.FUNCTION_KINDS`) or a word of the profile's particles, function words or postpositions."""
    if kind in FUNCTION_KINDS:
        return True
    if profile is None:
        return False
    text = text.lower()
    return text in profile.particles or text in profile.function_words or text in profile.postpositions
