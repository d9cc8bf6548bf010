"""Footnote markers: a point written against the end of a word annotates the noun phrase that word ends; where a
verb-final translation writes a verb between that phrase and the place the links gave the marker, the marker goes
back to the last word of the phrase's translation.

Only where the grammar sends the verb to the clause's end: a target whose profile is head-final (Japanese, Korean)
or has verb brackets (`Profile.bracket_verbs`: German, Dutch). Hungarian orders its words by topic and focus: there
the rule gained nothing on the dev part and lost 2 of 451 on the (spent) lockbox, French too (no verb moves there);
it is not run for them.

A footnote marker (`<x/>`, `<ph/>`, any standalone code) written with no space before it and no letter or digit
after it (`the Regulation<x/> applies`, `a standard document<x/>.`, `Directive 2004/18/EC<x/>,`) belongs to the word
it touches, and through it to the noun phrase that word ends. Where the translation keeps the source's order the
phrase's translation ends where the marker is and nothing changes; where the verb goes to the end of the clause
(German, Hungarian, Japanese, Korean, Turkish) the link-based split (`points.py`) puts a marker written before
punctuation after the verb, while translators keep it on the phrase: `… einen einheitlichen Begleitschein<x/>
verwenden.`, `… durch die Richtlinie 2004/18/EG<x/> geändert wurde`, `規則<x/>を採択した`, `규정<x/>을 채택했다`.

The phrase (`source_phrase`): the word, with the token it ends (`2004/18/EC`, `write-off reports`), then the words
before it while they are content words — not the source language's function words (`Profile.function_words`) nor
punctuation — across a noun link (`Profile.noun_links`: English `of` in `types of shipments`), at most
`MAX_PHRASE` words; within a name (capitalized words and numbers) across up to `NAME_LINKS` function words and a
bracketed group, at most `MAX_NAME` (`Regulation (EU) No 1303/2013 of the European Parliament and of the Council`).
Its translation: from the last target word linked to the marked token, on past the target words linked only to
the phrase and up to `MAX_LOOSE` others in a row between them (`a 2015–2017 közötti időszak`, `a Tanács
1303/2013/EU rendelete`: a head-final translation ends on the head noun), never past punctuation written between
words. The marker is written right against that word's end, as in the source.

It moves back there only on evidence that the word order put it past the phrase: a target word between the two
places translates a lower-case content word outside the phrase (the verb), or, in a target that capitalizes every
noun (`Profile.nouns_capitalized`: German), is an unlinked lower-case word that is no function word — no noun,
so the verb the aligner left unlinked (`einen einheitlichen Begleitschein verwenden`; elsewhere an unlinked word
may be a noun or postposition of the phrase: `az emberiség számára`). Not evidence: words the links missed
(`document uniforme`), a postposition for the preposition before the phrase (`az emberiség számára`: a function
word), and the rest of a name (capitalized words, numbers). Which noun the phrase depends on: in a target that
writes a noun's possessor first (`Profile.genitive_first`: Hungarian, Finnish, Turkish, Japanese, Korean,
Chinese), the phrase takes in the noun before it through a noun link and an article (`the use of a standard
document`, the `wide` phrase), which such a target writes after it, the marker after both (`az egységes
formanyomtatvány használatát<x/>`, `文書の使用<x/>を`); a target that writes the possessor after its noun (German,
French, Russian) cannot write that noun after the phrase, so a word for it there is a verb (`einen einheitlichen
Begleitschein<x/> verwenden`). A marker the placement put inside the phrase's translation moves on to its end
(`a szállítások típusa<x/>` for `types of shipments<x/>`), over the phrase's own words only.

Not moved: a point glued to a number the translation copies whole (`standalone.py`, rule 1, which placed it on
the copy), a point at a sibling tag's edge or at the end of its parent's source text, without the source's
language (its function words unknown), and a point that would leave its parent span, enter a sibling's or land
on another point. Hand-made cases: tests/projection/test_footnote_marks.py.
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING, Callable

from tagmt.projection.edges import Span
from tagmt.projection.pointmoves import WordLinks, has_points, walk_markers
from tagmt.projection.standalone import copies_number

if TYPE_CHECKING:
    from tagmt.projection.context import PairContext

MAX_PHRASE = 6
"""The most source words (marks not counted) a marked phrase holds."""
MAX_NAME = 16
"""The most source words a marked name holds (a legal act: `Regulation (EU) No 1303/2013 of the European Parliament
and of the Council`)."""
NAME_LINKS = 3
"""The most function words in a row a name holds (`and of the`)."""
MAX_LOOSE = 2
"""The most unlinked target words in a row the point passes on its way to the phrase's last word."""


def follow_phrases(spans: list[Span], ctx: "PairContext") -> list[Span]:
    """`spans` with each footnote marker moved after its phrase's translation (module docstring)."""
    if not spans or ctx.profiles is None or not has_points(ctx):
        return spans  # (without the source's language its function words are not known: no phrase is)
    trg = ctx.profiles.trg
    if not (trg.head_final or trg.bracket_verbs):
        return spans  # (only where the grammar sends verbs to the clause's end is a verb moved past a phrase)
    walk_markers(spans, None, ctx, _after_phrase(ctx, _Phrases(ctx)))
    return spans


class _Phrases(WordLinks):
    """What the rule reads of a pair, made once: the source word ending at each offset, the links by word."""

    def __init__(self, ctx: "PairContext") -> None:
        super().__init__(ctx)
        profile = ctx.profiles.src
        self.function_words, self.noun_links = profile.function_words, profile.noun_links
        trg = ctx.profiles.trg
        self.genitive_first, self.nouns_capitalized = trg.genitive_first, trg.nouns_capitalized
        self.trg_function_words = trg.function_words | trg.particles | trg.postpositions

    def split(self, x: int, placed: int) -> int | None:
        """The target character offset the marker written at source offset `x`, placed at `placed`, goes to;
        None when it stays."""
        ctx = self.ctx
        i = self.ending.get(x)
        if i is None or ctx.src[i].kind == "punct":
            return None
        token = [i]  # the marked word, or the token it ends (`92/43/EEC`: its number is linked when `EEC` is not)
        while token[-1] > 0 and _in_token(ctx.src, token[-1]) \
                and ctx.src[token[-1] - 1].end == ctx.src[token[-1]].start:
            token.append(token[-1] - 1)
        own = [j for k in token for j in self.targets.get(k, ()) if ctx.trg[j].kind != "punct"]
        if not own:
            return None
        phrase = source_phrase(ctx.src, i, self.function_words, self.noun_links, wide=self.genitive_first)
        last, j, loose = max(own), max(own) + 1, 0
        while j < len(ctx.trg) and loose <= MAX_LOOSE:
            word, linked = ctx.trg[j], self.sources.get(j)
            if word.kind == "punct" and not _inside_token(ctx.translation, word):
                break  # (a mark between words ends the phrase: a comma, a bracket, a full stop)
            if linked is not None and linked <= phrase:
                last, loose = j, 0
            elif word.kind != "punct":  # (a mark inside a token counts with its words: `1303/2013/EU`)
                loose += 1  # (unlinked, or a word the phrase's translation holds: `2015–2017 közötti időszak`)
            j += 1
        at = ctx.trg[last].end
        if at < placed and not self._moved_between(at, placed, phrase):
            return None
        if at > placed and self._linked_elsewhere(placed, at, phrase):
            return None  # (forward only over the phrase's own words: not to a stray link of the marked word)
        return at

    def _words(self, a: int, b: int):
        """The target words inside `[a, b)` with their linked source words."""
        for j, word in enumerate(self.ctx.trg):
            if a <= word.start and word.end <= b:
                indexes = self.sources.get(j, set())
                yield word, [self.ctx.src[i] for i in sorted(indexes)], indexes

    def _linked_elsewhere(self, a: int, b: int, phrase: set[int]) -> bool:
        """Whether a target word in `[a, b)` is linked to a source word outside the phrase."""
        return any(not indexes <= phrase for _, _, indexes in self._words(a, b))

    def _moved_between(self, a: int, b: int, phrase: set[int]) -> bool:
        """Whether a target word in `[a, b)` translates a lower-case content word outside the phrase — the verb a
        verb-final clause writes after it: evidence that the word order put the marker past the phrase, not
        words of the phrase the links missed (`document uniforme`), a postposition for the preposition before it
        (`az emberiség számára`, a function word), nor the rest of a name a head-final translation writes after
        it (`a Tanács 1303/2013/EU rendelete`: capitalized words and numbers)."""
        if any(i not in phrase and source.kind != "punct" and source.text.islower()
               and source.text.lower() not in self.function_words
               for _, sources, indexes in self._words(a, b) for i, source in zip(sorted(indexes), sources)):
            return True
        # an unlinked lower-case word where every noun is capitalized: no noun of the phrase nor one it depends on,
        # the verb the aligner left unlinked (`einen einheitlichen Begleitschein verwenden`)
        return self.nouns_capitalized and any(
            not indexes and word.kind == "content" and word.text.isalpha() and word.text.islower()
            and word.text not in self.trg_function_words for word, _, indexes in self._words(a, b))


def source_phrase(words, i: int, function_words: frozenset[str], noun_links: frozenset[str],
                  wide: bool = False) -> set[int]:
    """The indexes of the source words of the noun phrase word `i` ends (module docstring): the token `i` ends
    (the words back to a space), then content words, across a noun link between two content words (`types of
    shipments`), and — within a name: capitalized words and numbers — across at most `NAME_LINKS` function words and
    a bracketed capitalized group (`Regulation (EU) No 1303/2013 of the European Parliament and of the Council`);
    at most `MAX_PHRASE` words, `MAX_NAME` in a name. `wide`: the most the phrase may hold, across a noun link and
    an article after it too (`the use of a standard document`: the noun it depends on, which a verb-final
    translation may write as its verb, `einen Begleitschein verwenden`)."""
    phrase, k, limit = {i}, i - 1, MAX_PHRASE
    while k >= 0 and sum(words[n].kind != "punct" for n in phrase) < limit:
        word = words[k]
        if _in_token(words, k):
            phrase.add(k)  # (a word or mark inside a token: `write-off`, `2004/18/EC`)
            k -= 1
            continue
        group = _bracket_group(words, k)
        if group is not None:
            phrase.update(range(group, k + 1))
            k, limit = group - 1, MAX_NAME
            continue
        if word.kind == "punct":
            break
        if word.text.lower() not in function_words:
            phrase.add(k)
            k -= 1
            continue
        run = k  # the function words from `run` to `k`, then a content word before them
        while run > 0 and k - run < NAME_LINKS - 1 and words[run - 1].text.lower() in function_words:
            run -= 1
        head = run - 1
        if head < 0 or _closed(words, head, function_words):
            break
        name = _named(words[head]) and k + 1 < len(words) and _named(words[k + 1])
        linked = words[k].text.lower() in noun_links if not wide else \
            k - run < 2 and any(words[n].text.lower() in noun_links for n in range(run, k + 1))
        if not name and not (linked and (wide or run == k)):
            break
        if name:
            limit = MAX_NAME
        phrase.update(range(head, k + 1))
        k = head - 1
    return phrase


def _named(word) -> bool:
    """A word of a name: capitalized, or a number."""
    return word.text[:1].isupper() or any(c.isdigit() for c in word.text)


def _bracket_group(words, k: int) -> int | None:
    """The first index of a bracketed group of capitalized words that source word `k` closes, after a word of a
    name (`Regulation (EU) No`); None if `k` closes none."""
    if words[k].text not in ")]" or k + 1 >= len(words) or not _named(words[k + 1]):
        return None
    for start in range(k - 1, max(k - 4, 0), -1):
        if words[start].text in "([":
            inner = words[start + 1:k]
            return start if inner and all(_named(w) for w in inner) and start > 0 and _named(words[start - 1]) \
                else None
    return None


def _in_token(words, k: int) -> bool:
    """Whether source word `k` is written inside a token with a joining mark (`write-off`, `2004/18/EC`): such a
    mark between two glued words, or a word glued to one."""
    word = words[k]
    return _joining_mark(words, k) or (k > 0 and words[k - 1].end == word.start and _joining_mark(words, k - 1)) \
        or (k + 1 < len(words) and word.end == words[k + 1].start and _joining_mark(words, k + 1))


def _joining_mark(words, k: int) -> bool:
    word = words[k]
    return (word.kind == "punct" and 0 < k < len(words) - 1 and _joins(word.text)
            and words[k - 1].end == word.start and word.end == words[k + 1].start
            and words[k - 1].kind != "punct" and words[k + 1].kind != "punct")


def _closed(words, k: int, function_words: frozenset[str]) -> bool:
    """A mark or a function word (not one inside a token): no noun before a noun link."""
    return words[k].kind == "punct" or (words[k].text.lower() in function_words and not _in_token(words, k))


def _joins(mark: str) -> bool:
    """A mark written inside a token (`2004/18/EC`, `2015-2017`, `write-off`): a dash, slash, dot."""
    return all(unicodedata.category(c) in ("Pd", "Po") and c not in ",;:!?。、，：；！？" for c in mark)


def _inside_token(text: str, word) -> bool:
    """A target mark written between two characters that are not spaces (`2015–2017`, `2004/18/EG`)."""
    return (0 < word.start and word.end < len(text) and not text[word.start - 1].isspace()
            and not text[word.end].isspace() and _joins(word.text))


def _after_phrase(ctx: "PairContext", phrases: _Phrases) -> Callable[[Span, int, int], int | None]:
    """Where a marker goes (`pointmoves.walk_markers`): after its phrase's translation, when words follow it in its
    parent and it is no copied number's."""
    def where(node: Span, x: int, end: int) -> int | None:
        if not ctx.plain[x:end].strip() or copies_number(ctx.plain, x, ctx.translation):
            return None
        return phrases.split(x, node.start)
    return where

