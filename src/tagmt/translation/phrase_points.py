"""Where placeholders go back into a translation that lost them (``tagmt project --placeholders`` with a
human translation whose placeholders were taken out) when its text does not show one gap a placeholder.

A placeholder stands for a noun phrase or a number. Japanese, Korean and Chinese write no space around it
(`%sを削除` loses `%s` as `を削除`), so the gaps (`pins.gaps`) are missing there. Their profiles list the
words written right after a noun phrase (`profiles.Profile.phrase_followers`: case particles, counters and
units, honorific suffixes, relational nouns like `以降`); the points a placeholder may take are: before such
a word (before the spaces written before it), inside quotes, beside a range or ratio mark (`～`, `/`), at the
text's start, after a clause's punctuation, at the end after a colon — and, in a head-final language, not
after the verb that ends the sentence, nor inside a word (the language's segmenter: MeCab, jieba), nor
inside a compound particle (`には`), nor between an honorific and its particle (`さん|が`). Chinese puts
objects after verbs and prepositions: any word boundary is a point there. A number placeholder (`%d`,
`%(n)d`, `{count}`, `{0}` before an English plural) goes before a counter or unit, beside a range mark or
after the noun it measures at the end; a name (`%s`, `%@`) never there. A follower is a whole word (`文字数`
holds no counter `文字`) but for two counters MeCab joins (`行列`, and `他人` after a number's prefix `他`).

A follower standing where no noun phrase can be before it — the text's start, after a clause's punctuation
or an opening bracket, right after a case particle (`がを`, not a compound `には`), nothing between two
clause marks (`作成者:、`) — marks the place one was lost: a gap (:func:`lost`; the text is read by MeCab
after a noun there, else `はから…` reads as the noun `はか`).

Where the translation kept its spaces, the gaps and the alignment already say where (the old rule: as many
gaps as groups, each to the nearest); the rules decide only what they cannot. The order of the arguments
is the grammar's (:func:`grammar_pairs`): a language that keeps the English order keeps the source's; a
head-final one reverses a verb's complements (`read %1$lu from %2$s` → `%2$s から %1$lu`), so there only
a name or text the source opens with comes first, `A of B` (`in`, `from`) is `B…A` (unless written `A/B`),
a time before the others (`by {author} on {date}` → `{date}に{author}が`) and a range or list (`{min} to
{max}`, `%s:%d`, `{1} and {2}`) keeps its order. Among its points each group is placed by: the most groups
on a gap or (a number) before a counter or beside a range mark; the fewest pairs against that order; in a
head-final language, the most groups against the colon or bracket the source writes them against
(:func:`mark_points`: `Error %d: %s` → `エラー%d:%s`; the source's last after its colon → the end after
the translation's); the least distance to where the projection put it, or to the link of a source word
next to it (:func:`anchors`: en-ja loanwords, `option %s` → after `オプション`, a point of its own; a
sentence-initial argument → the start). Japanese and Chinese write a lone space only beside a Latin token: one between other characters
is a point too. Spaced languages (German) keep the gaps: where gaps and groups differ in number, the gaps
take as many groups as they can, the rest stay where projected. The translation's text is never altered.

Before all that (:mod:`tagmt.translation.glued`): a placeholder glued to a run the translation copies
(`0x%lx`, `--%s`, `%X/%X`) goes to its place in the copy, and the spaces a source opens or ends with are no
gaps. A text that opens with a phrase's colon or comma lost one before it (`pins.gaps`); a Latin word the
translation copies (`ID %d` → `ID %dの`) anchors the placeholder next to it, the space after a Latin token
being its own; no group goes before a colon right after a verb's end (`できません:`), and the source's last
after its final colon ends a translation ending with one, a number too.
"""

from __future__ import annotations

import re
from itertools import product
from math import prod
from dataclasses import dataclass, field
from typing import Mapping, Sequence

from tagmt.projection.loanwords import loanword_pairs
from tagmt.projection.profiles import Profile, base_language, profile_for
from tagmt.projection.scripts import HAN, KANA, KATAKANA_LONG
from tagmt.projection.wordbreak import chinese_spans, jieba_available
from tagmt.projection.wordseg import words_with_offsets
from tagmt.projection import Detagged
from tagmt.translation import pins
from tagmt.translation.glued import glued_points, own_edges
from tagmt.translation.pins import Taken, gaps, nearest_first, take_out

#: Marks that open and close quotes and brackets around a label.
OPENING = "「『“„\"'（(【〈《«‘`"
CLOSING = "」』”“\"'）)】〉》»’"
#: Punctuation after which a new phrase starts (a clause, a label's colon).
CLAUSE = "、，,：:；;。"
#: Marks of a range or a ratio between two numbers (`%d～%d`, `%d/%d`): a number goes on either side.
RANGE = "～〜~/／–-"
#: What stands between the two ends of a range, pair or list in English (`{min} to {max}`, `%s:%d`, `%d/%d`,
#: `{1} and {2}`): Japanese keeps their order.
RANGE_WORDS = frozenset({"to", "-", "–", "—", "/", ":", "x", "×", "..", "...", "of", "out of", "and", "or", ","})
#: Punctuation that ends a sentence: no placeholder after it.
FINAL = "。？！?!.…"
#: Prefixes of a unit written as one word with it (`ミリ秒`): no counter point between them.
UNIT_PREFIXES = ("ミリ", "キロ", "メガ", "ギガ", "テラ", "マイクロ", "ナノ")
#: Words written right before a number, that MeCab may join to the counter after it (`他人` for `他 {1} 人`).
NUMBER_PREFIXES = ("他", "約", "全", "計", "各", "第", "毎", "最大", "最小", "合計")
#: What MeCab may join to a counter or relational noun in one word (`行目`, `件中`, `日間`, `分前`).
WORD_SUFFIXES = ("目", "間", "中", "後", "前", "ごと", "毎", "以上", "以下", "以内", "未満", "以降", "以前")
#: Relational nouns that open a text as adjectives (`前のページ`, `次の`): no lost phrase before them there.
ADJECTIVAL = ("前", "後", "中")
#: A particle after which a case particle follows without a noun (`のを`: `の` makes a noun of a verb).
NOT_AFTER_PARTICLE = ("の",)
_PRINTF_NUMBER = re.compile(r"%(?:\d+\$)?[-+#0' ]*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:hh|h|ll|l|L|q|j|z|t)?[diouxXeEfFgG]")
_PRINTF_NAME = re.compile(r"%(?:\d+\$)?[-+#0]*(?:\d+|\*)?(?:\.(?:\d+|\*))?l?[s@cS]")
_NAMED = re.compile(r"\{+\s*([A-Za-z_][\w.\-]*)\s*\}+|%\(([^()]+)\)[-+#0]*\d*(?:\.\d+)?([a-zA-Z])")
_WORD = re.compile(r"[A-Za-z]+")
#: Argument names that say a number (the words for count, size and time).
NUMBER_WORDS = frozenset("count n num number total amount quantity size min max minutes seconds hours days "
                         "weeks months years percent progress index page pages items files bytes limit length "
                         "remaining".split())


#: What joins two placeholders as a noun and the phrase that follows it (`A of B`, `A in B`, `A from B`): a
#: head-final language writes that phrase first (`BのA`, `B内のA`, `BからのA`).
POSTMODIFIERS = frozenset({"of", "in", "from"})
#: Argument names that say a time (Japanese writes the time before the other complements).
TIME_WORDS = frozenset("date time when timestamp datetime at day".split())


def number_kind(placeholder: str) -> bool | None:
    """Whether ``placeholder`` stands for a number (True), a name or text (False), or cannot say (None:
    ``{0}``)."""
    if _PRINTF_NUMBER.fullmatch(placeholder):
        return True
    if _PRINTF_NAME.fullmatch(placeholder):
        return False
    named = _NAMED.fullmatch(placeholder)
    if named is None:
        return None
    if named.group(3):  # python: the conversion says it
        return named.group(3) in "diouxXeEfFgG"
    name = named.group(1).rsplit(".", 1)[-1]
    words = re.findall(r"[a-z]+", re.sub(r"([a-z])([A-Z])", r"\1 \2", name).lower())
    return True if any(word in NUMBER_WORDS or word.startswith("num") for word in words) else None


def _script(char: str) -> str:
    if HAN.match(char):
        return "han"
    if KATAKANA_LONG.match(char):
        return "katakana"
    if KANA.match(char):
        return "hiragana"
    if char.isalnum():
        return "latin"
    return ""


def _words(text: str, profile: Profile) -> list[tuple[int, str]]:
    """Where the words of ``text`` start, with their kinds: jieba's dictionary words for Chinese (the
    `chars` segmenter would cut `文件` into `文|件`, a counter), the profile's segmenter else (Japanese
    that opens with kana read after a noun)."""
    if not text:
        return []
    if profile.family == "chinese" and jieba_available():
        return [(start, "content") for start, _ in chinese_spans(text)]
    if profile.family == "japanese" and _script(text[0]) == "hiragana":
        # a text that lost the noun it opened with: MeCab reads `はから…` as the noun `はか`; with a noun before
        # it (`X`), as the particles they are
        return [(word.start - 1, word.kind) for word in words_with_offsets("X" + text, profile.code)[1:]]
    return [(word.start, word.kind) for word in words_with_offsets(text, profile.code)]


def phrase_points(text: str, profile: Profile) -> dict[int, str]:
    """The points of ``text`` where a noun phrase may start, each with its kind: ``counter`` (before a counter
    or unit), ``follower`` (before a particle or honorific), ``quote``, ``range`` (beside a range or ratio
    mark), ``edge`` (the start, after a clause's punctuation, the end). Only between words (the language's
    segmenter: MeCab for Japanese); where spaces stand before a word a phrase goes before, the point is
    before them."""
    found: dict[int, str] = {}
    holes = gaps(text)
    unspaced = profile.family in ("japanese", "chinese")
    followers = sorted(profile.phrase_followers, key=len, reverse=True)
    words = _words(text, profile)
    inside = {at for compound in profile.compound_particles for m in re.finditer(re.escape(compound), text)
              for at in range(m.start() + 1, m.end())}
    starts = {at for at, _ in words} | {len(text)}
    ends = dict(zip((at for at, _ in words), [*(at for at, _ in words[1:]), len(text)]))
    for n, (at, kind) in enumerate(words):
        word = next((w for w in followers if text.startswith(w, at)), None)
        if word is None or kind in ("verb", "auxiliary") or at in inside or \
                any(text[:at].rstrip(" ").endswith(h) for h in profile.honorifics) or \
                word in profile.counters and text[:at].endswith(UNIT_PREFIXES):
            continue  # not a word a phrase ends before, the particle of the name an honorific closed, `ミリ|秒`
        tail = at + len(word)
        if word.isascii() and text[tail:tail + 1].isascii() and text[tail:tail + 1].isalnum():
            continue  # part of a Latin token (`%B` is no `%`, `MBR` no `MB`)
        rest = text[tail:ends[at]].strip(" ")
        if profile.family == "japanese" and rest and rest not in WORD_SUFFIXES and \
                not (word in profile.counters and rest.startswith(tuple(profile.counters))):
            continue  # the start of a longer word (`文字数`, `中止`), not the follower (`行列`: two counters)
        start = at
        while start > 0 and text[start - 1] == " ":
            start -= 1
        if unspaced and start < at and start > 0 and text[start - 1].isascii() and text[start - 1].isalnum():
            start = at  # the space after a Latin token is its own (`ID %dの` loses `%d` as `ID の`)
        if any(start < gap <= at for gap in holes):
            continue  # the gap in the spaces before it is that point
        previous = words[n - 1] if n else None
        if profile.head_final and lost(text, start, word, previous, profile):
            found[start] = "counter" if word in profile.counters else "gap"
        else:
            found.setdefault(start, "counter" if word in profile.counters else "follower")
    for at, _ in words:  # a counter MeCab joined to a counter or a number's prefix before it (`他人`, `行列`)
        head = next((h for h in (*profile.counters, *NUMBER_PREFIXES) if text.startswith(h, at)), "")
        inner = at + len(head)
        if head and inner < ends[at] and any(text.startswith(c, inner) for c in profile.counters):
            found.setdefault(inner, "counter")
    if not profile.head_final:  # objects follow verbs and prepositions: a phrase may start at any word
        for at in sorted(starts - {len(text)}):
            found.setdefault(at, "edge")
    for at in range(len(text) + 1):
        if at in inside:
            continue
        quote = at > 0 and text[at - 1] in OPENING or at < len(text) and text[at] in CLOSING and at in starts
        if (at < len(text) and text[at] in RANGE or at > 0 and text[at - 1] in RANGE) and \
                not (0 < at < len(text) and text[at - 1].isalnum() and text[at].isalnum()):
            found.setdefault(at, "range quote" if quote else "range")  # `(%d/%d)`: both, a name may go there
        elif quote:
            found.setdefault(at, "quote")
    found.setdefault(0, "edge")
    for at in range(1, len(text)):  # a new phrase after a clause's punctuation (and its spaces)
        after = at
        while after < len(text) and text[after] == " ":
            after += 1
        if any(at <= gap <= after for gap in holes) or after == len(text):
            continue  # a gap in the spaces is the point
        if text[at - 1] in CLAUSE and text[after] in CLAUSE:
            found[after] = "gap"  # nothing between two clause marks (`作成者:、作成日:`): a phrase was there
        elif text[at - 1] in CLAUSE and _script(text[after]) != "hiragana":
            found.setdefault(after, "edge")
        elif unspaced and text[at - 1] not in CLAUSE and text[at] == " " and after == at + 1 and \
                text[after] not in FINAL and \
                not (text[at - 1].isascii() and text[at - 1].isalnum() and text[after].isascii()):
            found.setdefault(at, "space")  # one space unspaced writing puts beside a Latin token, not a verb's end
    last = text.rstrip(" ")[-1:]
    if last and last in CLAUSE and last not in FINAL:  # a label's value; elsewhere the verb ends the sentence
        found.setdefault(len(text), "edge")
    elif text and not profile.head_final and text[-1] not in FINAL:
        found.setdefault(len(text), "edge")
    elif text and _script(text[-1]) in ("han", "katakana"):  # a number after the noun it measures (`残量%d%%`)
        found.setdefault(len(text), "measure")
    for at in gaps(text):  # the place a placeholder taken out of the text left
        found[at] = "gap"
    return found


def lost(text: str, start: int, word: str, previous: tuple[int, str] | None, profile: Profile) -> bool:
    """Whether the follower ``word`` at ``start`` (after its spaces) stands where no noun phrase is written
    before it — the text's start, after a clause's punctuation or an opening bracket, right after a case
    particle (`がを`, not a compound particle `には`) —, so that a placeholder taken out left it there
    (`をインストール中`, `さんがであなたを`). A relational noun may open a text as an adjective (`前の`)."""
    before = text[:start].rstrip(" ")
    opened = bool(before) and before[-1] in OPENING and (before[-1] not in CLOSING or before.count(before[-1]) % 2 == 1
                                                         and not (before[-1] == "'" and "`" in before))  # GNU `…'
    if not before or before[-1] in CLAUSE or opened:  # a straight quote opens at its first, third… time
        return not (word in ADJECTIVAL and text[start + len(word):start + len(word) + 1] in ("の", "、"))
    if previous is None or previous[1] != "particle":
        return False
    particle = text[previous[0]:start].strip(" ")
    return particle in profile.phrase_followers and particle not in NOT_AFTER_PARTICLE and \
        particle + word not in profile.compound_particles and word not in profile.counters


def allowed(points: dict[int, str], kind: bool | None) -> list[int]:
    """The points a placeholder of ``kind`` (:func:`number_kind`) may take: a number before a counter or
    unit, beside a range mark, on a gap or after the noun it measures when the text has such a point;
    a name never there (but a gap)."""
    numeric = ("counter", "range", "range quote", "gap", "measure")
    if kind is True and any(k in numeric[:3] for k in points.values()):
        return [at for at, k in points.items() if k in numeric]
    if kind is False:
        return [at for at, k in points.items() if k not in ("counter", "range", "measure")]
    return [at for at, k in points.items() if k != "measure" or kind is True]


def in_group_order(placed: dict[int, int], groups: Sequence[Sequence[str]]) -> dict[int, int]:
    """``placed`` (single placeholders, numbered in the order of ``groups``' tags) with the places of each
    group's placeholders given to them in the group's order: what one source group wrote in a row keeps
    its order when the translation splits it."""
    out = dict(placed)
    first = 0
    for group in groups:
        members = [k for k in range(first, first + len(group)) if k in placed]
        for k, at in zip(members, sorted(placed[k] for k in members)):
            out[k] = at
        first += len(group)
    return out


@dataclass(frozen=True)
class Sources:
    """What :func:`restore` knows of a segment's source: its natural text (tags out), and per placeholder
    tag its offset there and its text as written."""

    text: str = ""
    starts: Mapping[str, int] = field(default_factory=dict)
    texts: Mapping[str, str] = field(default_factory=dict)
    lang: str = "en"


def anchors(taken: Taken, source: Sources, trg_lang: str) -> dict[int, int]:
    """Per group, the offset of the translation a loanword link of a source word next to it gives
    (``option %s`` → right after ``オプション``; ``%s file`` → right before ``ファイル``: en-ja only), else a
    Latin word next to it that the translation copies (``user ID %d`` → ``ユーザーID %dの``: every language)."""
    src = [(m.group(), m.start(), m.end()) for m in _WORD.finditer(source.text)]
    trg = [w for w in words_with_offsets(taken.text, trg_lang) if KATAKANA_LONG.match(w.text[:1])]
    pairs = loanword_pairs([w for w, _, _ in src], base_language(source.lang), [w.text for w in trg],
                           base_language(trg_lang))
    linked = dict(pairs)
    copies = copied_words(src, taken.text)
    out: dict[int, int] = {}
    for k in taken.where:
        start = source.starts.get(taken.groups[k][0])
        if start is None:
            continue
        if not source.text[:start].strip() and group_kind(taken.groups[k], source) is not True:
            out[k] = 0  # the English subject or topic comes first in Japanese too (`%s has left` → `%sさんが`)
        before = [i for i, (_, _, end) in enumerate(src) if source.text[end:start].strip(" ") == "" and end <= start]
        after = [i for i, (_, begin, _) in enumerate(src) if source.text[start:begin].strip(" ") == ""
                 and begin >= start]
        if before and before[-1] in linked:  # a link of the word next to it wins
            out[k] = trg[linked[before[-1]]].end
        elif after and after[0] in linked:
            out[k] = trg[linked[after[0]]].start
        elif before and before[-1] in copies:  # a Latin word copied (`ID %d` → `ID %dの`): after its space
            end = copies[before[-1]][1]
            out[k] = end + 1 if taken.text[end:end + 1] == " " and start > 0 and source.text[start - 1] == " " \
                else end
        elif after and after[0] in copies:
            out[k] = copies[after[0]][0]
    return out


def copied_words(src: Sequence[tuple[str, int, int]], text: str) -> dict[int, tuple[int, int]]:
    """Per source word (``src``: word, start, end) that the translation ``text`` copies as written (a name,
    `ID`, `OID`; two letters or more, once on each side), its span in ``text``."""
    trg = [(m.group(), m.start(), m.end()) for m in _WORD.finditer(text)]
    src_count = {}
    for word, _, _ in src:
        src_count[word] = src_count.get(word, 0) + 1
    trg_span: dict[str, list[tuple[int, int]]] = {}
    for word, start, end in trg:
        trg_span.setdefault(word, []).append((start, end))
    return {i: trg_span[word][0] for i, (word, _, _) in enumerate(src)
            if len(word) > 1 and src_count[word] == 1 and len(trg_span.get(word, ())) == 1}


def source_order(taken: Taken, source: Sources, head_final: bool) -> list[int]:
    """The groups in the order the translation writes them: the source's, but ``A of B`` (two placeholders
    with only ``of`` between) is ``B … A`` in a head-final language (Japanese ``BのA``, ``B件中A件``)."""
    order = sorted(taken.where, key=lambda k: source.starts.get(taken.groups[k][0], 0))
    if not head_final or "/" in taken.text or "／" in taken.text:  # `X/Y` reads as `X of Y`
        return order
    k = 0
    while k + 1 < len(order):
        a, b = (source.starts.get(taken.groups[order[j]][0], 0) for j in (k, k + 1))
        if source.text[a:b].strip(" `'\"").lower() in POSTMODIFIERS:
            order[k], order[k + 1] = order[k + 1], order[k]
            k += 1
        k += 1
    return order


def group_kind(group: Sequence[str], source: Sources) -> bool | None:
    """Whether a group stands for a number (:func:`number_kind` of its placeholders; one that cannot say
    followed in the source by a plural noun counts it: `{0} comments`)."""
    kinds = {number_kind(source.texts.get(tag, "")) for tag in group}
    if True in kinds:
        return True
    if kinds == {False}:
        return False
    end = source.starts.get(group[-1])
    following = _WORD.match(source.text, end + 1) if end is not None and source.text[end:end + 1] == " " else None
    word = following.group().lower() if following else ""
    return True if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")) else None


def restore(projected: str, groups: Sequence[Sequence[str]], source: Sources, escaped: bool,
            trg_lang: str) -> str:
    """``projected`` with the placeholder tags of ``groups`` on the gaps of its text, else on the phrase
    points of ``trg_lang`` (module docstring), else as it is; several groups in the order the translation's
    grammar gives them (:func:`grammar_pairs`)."""
    whole = take_out(projected, groups, escaped)
    if whole is None:
        return projected
    # a placeholder glued to a run the translation copies goes inside the copy; the spaces the source opens
    # and ends with are no gaps (`glued`)
    glued, covered = glued_points(whole.text, whole.groups, whole.where, source.text, source.starts, source.texts,
                                   escaped)
    starts = [at for k in whole.where if (at := source.starts.get(whole.groups[k][0])) is not None]
    lead, trail = own_edges(whole.text, source.text, min(starts, default=None), max(starts, default=None))
    if not lead and not trail and not glued:
        return _place(whole, projected, source, escaped, trg_lang, set(), {})
    inner = whole.text[lead:len(whole.text) - trail]
    where = {k: glued[k] - lead if k in glued else min(max(at - lead, 0), len(inner)) for k, at in whole.where.items()}
    taken = Taken(whole.groups, whole.kept, inner, where, escaped)
    fixed = {k: at - lead for k, at in glued.items()}
    placed = _place(taken, None, source, escaped, trg_lang, {at - lead for at in covered}, fixed)
    return whole.put({**{k: at + lead for k, at in placed.items()}, **glued})


def _place(taken: Taken, projected: str | None, source: Sources, escaped: bool, trg_lang: str,
           covered: set[int], fixed: Mapping[int, int]) -> dict[int, int] | str:
    """:func:`restore`'s places for the groups of ``taken``: the ``fixed`` ones (glued) where they are, the
    others on no offset of ``covered`` (inside a glued group's copy); with ``projected`` (nothing glued, no
    edge trimmed), the output itself."""
    profile = profile_for(trg_lang)
    head_final = profile.head_final
    slots = [at for at in gaps(taken.text) if at not in covered]
    free = {k: at for k, at in taken.where.items() if k not in fixed}
    only = {k: [at] for k, at in fixed.items()}

    def put(placed: Mapping[int, int]) -> dict[int, int] | str:
        placed = {**placed, **fixed}
        return taken.put(placed) if projected is not None else placed

    # the source's order in a language that keeps it; a head-final one reverses a verb's complements
    grammar = grammar_pairs(taken, source, head_final) if head_final else \
        in_order(source_order(taken, source, head_final))
    if len(slots) == len(free):  # the gaps say where; the alignment which (its order, not the source's)
        placed = {**nearest_first(free, slots), **fixed}
        if _against(placed, grammar):
            placed = best_points(taken.where, {k: slots for k in free} | only,
                                 {k: set(slots) for k in free} | {k: set(v) for k, v in only.items()}, grammar)
        return put(placed)
    singles = [[tag] for group in taken.groups for tag in group]
    # a source group the translation split
    if projected is not None and len(singles) > len(taken.groups) and len(slots) == len(singles):
        split = take_out(projected, singles, escaped)
        if split is not None:
            return split.put(in_group_order(nearest_first(split.where, slots), taken.groups))
    if not profile.phrase_followers:  # words between spaces: a gap where there is one, else where projected
        if not slots:
            return put({})
        options = {k: sorted({*slots, offset}) for k, offset in free.items()} | only
        return put(best_points(taken.where, options, {k: set(slots) for k in free} |
                               {k: set(v) for k, v in only.items()}, grammar))
    points = {at: kind for at, kind in phrase_points(taken.text, profile).items() if at not in covered}
    linked = anchors(taken, source, trg_lang)
    where = {**taken.where, **linked, **fixed}
    kinds = range_kinds(taken, source, {k: group_kind(taken.groups[k], source) for k in where})
    last = tail_group(taken, source)
    marked = mark_points(taken, source, points) if head_final else {}  # Chinese: the alignment's order
    # not right after a verb or auxiliary that ends a clause (`…できません:` takes no `%d` before its colon)
    marked = {k: at for k, at in marked.items()
              if at in points or not at or _script(taken.text[at - 1]) != "hiragana"}
    # a link's place is a point of its group's own (`by %d commits` → `%dコミット`), as a mark's
    options = {k: sorted({*(allowed(points, kind) or points), *((linked[k],) if k in linked else ()),
                          *((marked[k],) if k in marked else ())}) for k, kind in kinds.items()} | only
    strong = {k: preferred(points, kind) for k, kind in kinds.items()} | {k: set(v) for k, v in only.items()}
    if any(kind is True and k in marked for k, kind in kinds.items()) and "counter" in points.values():
        marked = {k: at for k, at in marked.items() if kinds[k] is not True}  # `line %d:` → `%d行目:`
    if last is not None and last not in fixed:  # `Word count: %d` → `文字数:%d`: the end after the mark
        marked[last] = len(taken.text)
        options[last] = sorted({*options[last], len(taken.text)})
    return put(best_points(where, options, strong, grammar, {k: at for k, at in marked.items() if k not in fixed}))


def mark_points(taken: Taken, source: Sources, points: Mapping[int, str]) -> dict[int, int]:
    """Per group the source writes right before a colon or an opening bracket (`%s: error`, `Version %s
    (%d)`) or right after a colon (`Get:%d`), the offset right before (its spaces) or after (its spaces) the
    same mark of the translation — the i-th colon for the i-th, where both have as many."""
    out: dict[int, int] = {}
    for before, after in ((":：", ":："), ("(（", "(（")):
        marks = [m.start() for m in re.finditer(f"[{before}]", taken.text)]
        if len(marks) != len(re.findall(f"[{before}]", source.text)):
            continue
        starts = {k: source.starts.get(taken.groups[k][0]) for k in taken.where}
        for k, start in starts.items():
            if start is None:
                continue
            ahead, behind = source.text[start:].lstrip(" "), source.text[:start].rstrip(" ")
            mark = len(source.text) - len(ahead)
            # another group between it and the mark (`Get:%d %s`: `%d` is after the colon, not `%s`)
            later = any(o != k and s is not None and (start < s <= mark or s == start and o > k)
                        for o, s in starts.items())
            earlier = any(o != k and s is not None and (len(behind) <= s < start or s == start and o < k)
                          for o, s in starts.items())
            if ahead[:1] and ahead[0] in before and not later:
                at = marks[source.text.count(ahead[0], 0, start) + sum(source.text.count(c, 0, start)
                                                                         for c in before if c != ahead[0])]
                while at > 0 and taken.text[at - 1] == " ":
                    at -= 1
                out.setdefault(k, at)
            elif behind[-1:] and behind[-1] in after and behind[-1] in ":：" and not earlier:
                at = marks[sum(source.text.count(c, 0, len(behind) - 1) for c in after)] + 1
                while at < len(taken.text) and taken.text[at] == " " and at not in points:
                    at += 1  # after its spaces, unless a point is right after it (`: への` lost `%d`)
                out.setdefault(k, at)
    return out


def range_kinds(taken: Taken, source: Sources, kinds: dict[int, bool | None]) -> dict[int, bool | None]:
    """``kinds`` with a group that cannot say what it is a number where the source writes it as one end of a
    range or ratio whose other end is one (`{done} of {total}`, `{start}–{end}`)."""
    order = sorted(taken.where, key=lambda k: source.starts.get(taken.groups[k][0], 0))
    out = dict(kinds)
    for a, b in zip(order, order[1:]):
        between = source.text[source.starts.get(taken.groups[a][-1], 0):source.starts.get(taken.groups[b][0], 0)]
        if between.strip().lower() in RANGE_WORDS - {"and", "or", ","} and None in (out[a], out[b]) and \
                True in (out[a], out[b]):
            out[a] = out[b] = True
    return out


def tail_group(taken: Taken, source: Sources) -> int | None:
    """The group that ends the source after a colon, a comma or an ellipsis (`Word count: %d`, `Reading…
    %d%%`) when the translation ends with such a mark (a clause's, not a sentence's): it ends it too."""
    ends = [(source.starts.get(group[0], -1), k) for k, group in enumerate(taken.groups) if k in taken.where]
    if not ends:
        return None
    start, k = max(ends)
    before = source.text[:start].rstrip(" ")
    mark = taken.text.rstrip(" ")[-1:]
    if start < 0 or source.text[start:].strip(" .!?") or not before or not taken.text.strip(" ") or \
            any(len(before) <= other < start or other == start and j < k for other, j in ends):
        return None  # another group stands between the mark and it
    if before[-1] in ":," and mark in CLAUSE and mark not in FINAL or before[-1] in "…." and mark in "….":
        return k
    return None


def preferred(points: dict[int, str], kind: bool | None) -> set[int]:
    """The points that say most of a group of ``kind``: a gap a placeholder left, a counter or range mark for
    a number."""
    return {at for at, k in points.items() if k == "gap" or k in ("counter", "range", "range quote") and kind is True}


def in_order(order: Sequence[int]) -> set[tuple[int, int]]:
    """The pairs of groups ``order`` writes one before the other."""
    return {(a, b) for n, a in enumerate(order) for b in order[n + 1:]}


def grammar_pairs(taken: Taken, source: Sources, head_final: bool) -> set[tuple[int, int]]:
    """The pairs of groups whose order the grammar fixes, whatever the alignment says: a name or text the
    source opens with (its subject, a program's name before a colon) before the others; ``A of B`` written
    ``B…A`` in a head-final language (:func:`source_order`)."""
    pairs: set[tuple[int, int]] = set()
    order = sorted(taken.where, key=lambda k: source.starts.get(taken.groups[k][0], 0))
    swapped = source_order(taken, source, head_final)
    for a, b in zip(order, order[1:]):
        between = source.text[source.starts.get(taken.groups[a][-1], 0):source.starts.get(taken.groups[b][0], 0)]
        if swapped.index(b) < swapped.index(a):
            pairs.add((b, a))
        elif between.strip().lower() in RANGE_WORDS:  # `{min} to {max}`, `%s:%d`: a range keeps its order
            pairs.add((a, b))
    first = order[0] if order else None
    start = source.starts.get(taken.groups[first][0]) if first is not None else None
    opens = start is not None and not source.text[:start].strip() and group_kind(taken.groups[first], source) is not True
    if opens:
        pairs |= {(first, k) for k in order[1:] if (k, first) not in pairs}
    if head_final:  # the time before the other complements (`by {author} on {date}` → `{date}に{author}が`)
        starts = [source.starts.get(taken.groups[k][0], -1) for k in order]
        times = {k for k in order if is_time(taken.groups[k], source, starts)}
        for t in times:
            pairs |= {(t, k) for k in order if k not in times and (k, t) not in pairs and not (opens and k == first)}
    return pairs


def is_time(group: Sequence[str], source: Sources, starts: Sequence[int] = ()) -> bool:
    """Whether a group stands for a time: a named placeholder called so (`{date}`, `%(time)s`, `{{createdAt}}`)
    or one the source follows with `ago` (no other group of ``starts`` between)."""
    names = [(m.group(1) or m.group(2) or "") for m in map(_NAMED.fullmatch, (source.texts.get(t, "") for t in group))
             if m]
    words = {w for name in names for w in re.findall(r"[a-z]+", re.sub(r"([a-z])([A-Z])", r"\1 \2", name).lower())}
    end = source.starts.get(group[-1])
    rest = source.text[end:].lstrip(" ") if end is not None else ""
    ago = rest.lower().startswith("ago") and not any(end < other <= len(source.text) - len(rest) for other in starts)
    return ago or bool(words & TIME_WORDS)


def _against(placed: Mapping[int, int], before: set[tuple[int, int]]) -> int:
    return sum(1 for a, b in before if a in placed and b in placed and placed[a] > placed[b])


def best_points(where: Mapping[int, int], options: Mapping[int, Sequence[int]], strong: Mapping[int, set[int]],
                before: set[tuple[int, int]], marked: Mapping[int, int] | None = None) -> dict[int, int]:
    """One point per group (no point twice): the most groups on a ``strong`` point, then the fewest pairs
    of ``before`` (a group, one the grammar puts it before) placed the other way, then the most groups on
    their ``marked`` point (beside a colon or bracket as in the source), then the least distance to
    ``where`` (the projection's or a link's offset). Every assignment is tried while there are at most 4,096
    (bounded work a segment): beyond, each group keeps its strong points, the start and its 6 nearest."""
    groups = list(where)
    if prod(len(options[k]) for k in groups) > 4096:
        options = {k: sorted({*(at for at in options[k] if at in strong[k] or at == 0),
                              *sorted(options[k], key=lambda at: abs(at - where[k]))[:6]}) for k in groups}
    if prod(len(options[k]) for k in groups) > 4096:
        return nearest_first(where, sorted({at for k in groups for at in options[k]}))
    best: tuple | None = None
    chosen: dict[int, int] = {}
    for combo in product(*(options[k] for k in groups)):
        if len(set(combo)) < len(combo):
            continue
        weak = sum(at not in strong[k] for k, at in zip(groups, combo))
        placed = dict(zip(groups, combo))
        off_mark = sum(k in marked and at != marked[k] for k, at in zip(groups, combo)) if marked else 0
        score = (weak, _against(placed, before), off_mark, sum(abs(at - where[k]) for k, at in zip(groups, combo)))
        if best is None or score < best:
            best, chosen = score, dict(zip(groups, combo))
    return chosen


def sources_of(detagged: Detagged, tokens: Sequence[str | None], src_lang: str, escaped: bool) -> Sources:
    """:class:`Sources` of a detagged source whose points have the stand-ins ``tokens`` (``pins.stand_ins``);
    on escaped text the source's words are read as written (``&amp;`` is no word a link needs)."""
    tags = [(tag, token) for tag, token in zip(pins.points(detagged), tokens) if token]
    return Sources(detagged.plain, {tag.open: tag.start for tag, _ in tags}, {tag.open: token for tag, token in tags},
                   src_lang)
