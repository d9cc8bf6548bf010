"""Phrase points: a footnote marker written after a phrase goes after the translation of the whole phrase — the
consistent target block of phrase extraction (phrase-based MT), not the image of the one word it is glued to.

A marker glued to the end of a source word with no letter or digit after it (`the Treaty<x/>`, `Directive
2009/138/EC<x/>,`, `Regulation (EU) No 1303/2013 of the European Parliament and of the Council<x/>`) closes the name
that word ends (`name_phrase`: back over the token, capitalized words and numbers, a bracketed group of them and the
function words between two of them, `of the`, `and of the`). Its **consistent target block** is the smallest
contiguous run of target words holding every target word linked to the name, where no word is linked to a source
content word outside it (a link to an article or preposition is no evidence) and no clause mark (comma, semicolon,
colon, sentence stop) stands between words; in a language written with spaces the block runs on to the end of the
token its last word starts (`1303/2013/EU`), over glued words linked to the name or to nothing. The marker goes right
after the block's last word: a head-final translation ends the name on its head noun (Hungarian `az 1303/2013/EU
rendelet<x/>`, `az Európai Parlament és a Tanács 1303/2013/EU rendelete<x/>`), Russian on a genitive after its noun
(`Решение Совета<x/>`), Japanese on the act's number after its genitive (`欧州議会及び理事会の規則(EU) No 1303/2013<x/>`); a mark
after the block stays after the marker, as in the source (`Richtlinie 2009/138/EG<x/>,`).

Only names: a lower-case phrase (`the competent authorities<x/>`, `remained broadly stable<x/>`) may begin with a verb
or take in the noun it depends on (`the use of available technologies<x/>`), which word classes would tell and the
plain words do not; the synthetic markers of the dev part (`bench_point_codes.py --synthetic end`) lost more than they
gained there (docs/projection-history.md, t35pts3), so those keep the earlier stages' placement.

A marker with nothing but marks after it in its parent's text (`… of the Council<x/>.`) is left where it is: at a
sentence's end translators put it after the verb as often as after the name (Hungarian, the spent lockbox: t35pts2's
`footnote-marks` test), and the synthetic markers of the dev part keep it at the translation's end.

The marker only moves forward: a placement past the block's end may hold the rest of a phrase the name is part of,
which the name does not show (`the period 2015-2017<x/>` → `a 2015–2017 közötti időszak<x/>`, the dev pair that showed
it). Falls back to the earlier stages' placement when there is no such block: the marked word (or the token it ends)
is linked to nothing, a word inside the block translates a word outside the phrase (a verb between the phrase's
words), or a clause mark splits it. Not moved: a point at a sibling tag's edge, one with nothing but whitespace after
it in its parent's text (`pointanchors.py`, rule 1), without the source's language (its function words unknown), and a
point that would leave its parent span, enter a sibling's or land on another point. Hand-made cases:
tests/projection/test_phrase_blocks.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from tagmt.projection.edges import Span
from tagmt.projection.footnotes import MAX_NAME, NAME_LINKS, _bracket_group, _in_token
from tagmt.projection.pointmoves import WordLinks, has_points, walk_markers, word_char

if TYPE_CHECKING:
    from tagmt.projection.context import PairContext

CLAUSE_MARKS = frozenset(",;:!?，；：！？。、")
"""Marks that split a target block (a full stop only where it is no abbreviation's or ordinal's: `_stop`)."""


def close_phrases(spans: list[Span], ctx: "PairContext") -> list[Span]:
    """`spans` with each footnote marker moved after its phrase's consistent target block (module docstring)."""
    if not spans or ctx.profiles is None or not has_points(ctx):
        return spans
    walk_markers(spans, None, ctx, _onto_block(ctx, _Blocks(ctx)))
    return spans


class _Blocks(WordLinks):
    """The links by word, both ways, and the source word ending at each offset: made once per pair."""

    def __init__(self, ctx: "PairContext") -> None:
        super().__init__(ctx)
        self.spaced = ctx.profiles.trg.family == "spaced"
        self.function_words = ctx.profiles.src.function_words

    def end(self, x: int) -> int | None:
        """The target offset right after the consistent block of the phrase a marker at source offset `x`
        closes; None when there is none."""
        ctx = self.ctx
        i = self.ending.get(x)
        if i is None or ctx.src[i].kind == "punct":
            return None
        phrase = name_phrase(ctx.src, i, ctx.profiles.src.function_words)
        if not phrase:
            return None
        token = [k for k in phrase if not any(c.isspace() for c in ctx.plain[ctx.src[k].start:x])]
        images = {j for k in phrase for j in self.targets.get(k, ()) if ctx.trg[j].kind != "punct"}
        if not images or not any(ctx.trg[j].kind != "punct" for k in token for j in self.targets.get(k, ())):
            return None  # (the marked word or token is linked to nothing: no evidence where its phrase went)
        first, last = min(images), max(images)
        if not all(self._inside(j, phrase) for j in range(first, last + 1)):
            return None
        if self.spaced:
            while last + 1 < len(ctx.trg) and ctx.trg[last + 1].start == ctx.trg[last].end \
                    and self._glued(last + 1) and self._inside(last + 1, phrase):
                last += 1
        return ctx.trg[last].end

    def _inside(self, j: int, phrase: set[int]) -> bool:
        """Whether target word `j` may be inside the phrase's block: linked to the phrase, to nothing or only to
        source function words (`une` for the `a` before `Sustainable Europe Investment Plan`: an article's link
        is no evidence of a word from elsewhere), and no clause mark."""
        word = self.ctx.trg[j]
        if word.kind == "punct" and (word.text in CLAUSE_MARKS or _stop(self.ctx.translation, word)):
            return False
        return all(i in phrase or self.ctx.src[i].text.lower() in self.function_words or self.ctx.src[i].kind == "punct"
                   for i in self.sources.get(j, ()))

    def _glued(self, j: int) -> bool:
        """Whether target word `j` continues the token before it: a word, or a joining mark a word follows
        (`/EU` of `1303/2013/EU`), not a closing mark (`)`, `,`)."""
        text, word = self.ctx.translation, self.ctx.trg[j]
        if word.kind != "punct":
            return True
        return word.text in "/-–." and word.end < len(text) and word_char(text[word.end])


def name_phrase(words, i: int, function_words: frozenset[str]) -> set[int]:
    """The indexes of the source words of the name word `i` ends (module docstring); empty when the marked word
    (or the token it ends) is no name. Back from `i`: the token it ends (`2009/138/EC`), then names — capitalized
    words and numbers, a bracketed group of them (`Regulation (EU) No`) and up to `NAME_LINKS` function words
    between two of them (`of the European Parliament and of the Council`) — at most `MAX_NAME` words."""
    phrase, k = {i}, i - 1
    while k >= 0 and _in_token(words, k + 1) and words[k].end == words[k + 1].start:
        phrase.add(k)  # (the token the marked word ends: `2009/138/EC`, `UN-Habitat`)
        k -= 1
    if not any(_name(words[n]) for n in phrase):
        return set()  # (a lower-case phrase: where it begins is not known without the word classes)
    while k >= 0 and len(phrase) < MAX_NAME:
        group = _bracket_group(words, k)
        if _in_token(words, k):
            phrase.add(k)  # (a mark inside a token: `1303/2013`)
            k -= 1
        elif group is not None:
            phrase.update(range(group, k + 1))
            k = group - 1
        elif _name(words[k]) and words[k].text.lower() not in function_words:
            phrase.add(k)
            k -= 1
        else:
            run = k  # function words from `run` to `k` between two names (`and of the`)
            while run >= 0 and k - run < NAME_LINKS and words[run].kind != "punct" \
                    and words[run].text.lower() in function_words:
                run -= 1
            if run == k or run < 0 or k - run > NAME_LINKS or not _name(words[run]) \
                    or words[run].text.lower() in function_words:
                break
            phrase.update(range(run, k + 1))
            k = run - 1
    return phrase


def _name(word) -> bool:
    """A word of a name: capitalized, or holding a digit (`Council`, `1303`, `EC`)."""
    return word.kind != "punct" and (word.text[:1].isupper() or any(c.isdigit() for c in word.text))


def _stop(text: str, word) -> bool:
    """A full stop that ends a sentence: `.` followed by whitespace and an upper-case letter (not `Nr. 1303`,
    `5. cikk`)."""
    if word.text not in ".．":
        return False
    rest = text[word.end:]
    return bool(rest[:1].isspace()) and rest.lstrip()[:1].isupper()


def _onto_block(ctx: "PairContext", blocks: _Blocks) -> Callable[[Span, int, int], int | None]:
    """Where a marker goes (`pointmoves.walk_markers`): forward to its phrase's block end, not before the final mark
    (module docstring)."""
    def where(node: Span, x: int, end: int) -> int | None:
        if not any(word_char(c) for c in ctx.plain[x:end]):
            return None
        at = blocks.end(x)
        return at if at is not None and at > node.start else None
    return where
