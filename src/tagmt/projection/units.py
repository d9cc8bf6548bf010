"""Target units: what a projected tag must not cut in the translation, whatever the word links say.

Language-independent principles, applied to the placed spans (`edges.Span`, characters of the
translation) — none is a rule for one data set:

* **verbatim text** (`verbatim_spans`, before the edge conventions): where the whole text of a
  source tag appears verbatim in the translation exactly once (and once in the source), at word
  boundaries, that occurrence is the tag's span (`<xref>Integrating CDS Views</xref>` copied into
  a Chinese sentence) and its children keep their offsets inside it;
* **verbatim tokens** (`respect_units`): a token the translation copies from the source — a run of
  letters, digits and joiners (`.-_/:@#+~=%&?\\`) without whitespace, such as `database-conf.xml`,
  `30.11.2014`, `https://…`, `S/4HANA` — is never split by an edge, unless the source tag splits
  it too; the edge moves to the token's end or beginning, to the side the source tag has it;
* **bracket and quotation groups** (`respect_units`): `[…]`, `(…)`, `「…」`, `『…』`, `"…"`, `“…”`,
  `„…“`, `‚…‘`, `«…»`, `»…«`, `‹…›`, `【…】`, `〈…〉`, `《…》`, `（…）`, `［…］`, `｛…｝`: a span
  either encloses a group or lies inside it, never crosses its edge, unless the source tag
  crosses a group of the source at that edge. A crossing edge moves to the side that passes fewer
  characters: out over the group's far mark (the span takes in the group) or back before its near
  mark (the span leaves it), never emptying the span;
* **dictionary words** (`respect_units`): an edge does not split a word of two or more characters
  of a script written without spaces (Han, Thai, Lao, Khmer, Myanmar) as a dictionary cuts it —
  jieba's for Chinese, ICU's for the rest (`到<b>期</b>` → `<b>到期</b>`, `组<b>件</b>` → `<b>组件</b>`;
  Chinese is one Han character a word for the aligner), unless the
  links put its halves on either side of the tag (`不<b>合规</b>` for `other than <b>Compliant</b>`);
  the edge moves to the nearer end of the word. Japanese writes its grammatical words in kana, so
  in text with kana a run of kanji that ICU cuts into single characters is a compound it does not
  know, one word too (`<b>未消</b>込` → `<b>未消込</b>`), but for a head noun glued to the term: the
  edge stays where every character beyond it is linked only to the source word written against the
  tag on that side and two or more within only to the tag (`<b>消込</b>列` for `the <b>Clear</b> column`);
  Chinese words by jieba rather than ICU (SAP CV, exact %, seed 1 / 11): en-zh 93.3 / 92.5 → 94.4 / 93.7,
  en-zf 96.2 / 95.8 → 96.0 / 95.6 (one segment: `不會`, which the zh reference cuts and the zf one keeps);
  jieba's words as the aligner's units too (`alignunits.py`) lost: en-zh 92.9, en-zf 94.8 (seed 1);
* **groups the source tag fills** (`respect_units`): a source tag that encloses the whole inside
  of a source group (`(<cite>SAP Data Hub …</cite>)`) encloses the whole inside of the group of
  the same kind (parentheses, square brackets, braces, any quotation marks) that its span lies in
  (`(SAP <cite>Data Hub …</cite>)` → `(<cite>SAP Data Hub …</cite>)`);
* **nesting and order**: everything happens parents first, inside the parent's span and between
  the siblings; two adjacent siblings whose shared edge cuts a group or a token move that edge
  together (`<ui>[管理</ui><ui>]</ui>` → `<ui>[管理]</ui>…`), so brackets never split across tags.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING

import regex

from tagmt.projection.align import Links
from tagmt.projection.detag import SourceTag
from tagmt.projection.edges import Span
from tagmt.projection.scripts import HAN, KANA, UNSPACED, WIDE, unspaced_script
from tagmt.projection.wordbreak import chinese_spans, icu_available, icu_spans, jieba_available
from tagmt.projection.profiles.chinese import PARTICLES as HAN_PARTICLE, POSTPOSITIONS as HAN_POSTPOSITION
from tagmt.projection.wordseg import Word

if TYPE_CHECKING:  # (the context imports this module: a type only)
    from tagmt.projection.context import PairContext

BRACKETS = {
    "(": ")", "[": "]", "{": "}", "（": "）", "［": "］", "｛": "｝", "「": "」", "『": "』",
    "【": "】", "〈": "〉", "《": "》", "〔": "〕", "〘": "〙", "⟨": "⟩",
}
"""Opening bracket → closing bracket: matched as a stack (the nearest open one of its kind)."""

QUOTES = {"“": "”\"", "„": "“”\"", "‚": "‘’", "«": "»", "»": "«»", "‹": "›", "›": "‹›",
          "〝": "〟〞", "\"": "\"", "”": "”"}
"""Opening quotation mark → the marks that close it (`„…“` in German, `»…«` in Danish, `“…"`
as typed, `”…”` and `»…»` in Finnish and Swedish). Apostrophes (`'`, `’`) are not quotation marks here: they are in
words."""

_TOKEN = regex.compile(
    r"[\p{L}\p{N}\p{M}]+(?:[-._/:@#+~=%&?\\]+[\p{L}\p{N}\p{M}]+)*"
)
_CLOSERS = set(BRACKETS.values()) | {c for closing in QUOTES.values() for c in closing}
PASSES = 3
"""At most this many passes over a set of siblings (each pass is linear in them)."""
_JOINER = regex.compile(r"[-._/:@#+~=%&?\\]")


def groups_of(text: str) -> list[tuple[int, int]]:
    """The bracket and quotation groups of `text`: `(open, close)` offsets of their marks, for
    every pair whose marks match, always properly nested (one stack: a closing mark closes the
    nearest open mark it matches, and marks left open inside it are dropped)."""
    found: list[tuple[int, int]] = []
    stack: list[tuple[str, int]] = []
    for x, char in enumerate(text):
        closes = None
        if char in _CLOSERS:
            closes = next(
                (k for k in range(len(stack) - 1, -1, -1) if _closes(stack[k][0], char)), None
            )
        if closes is not None:
            found.append((stack[closes][1], x))
            del stack[closes:]
        elif char in BRACKETS or char in QUOTES:
            stack.append((char, x))
    return sorted(found)


def _family(mark: str) -> str:
    """Groups that correspond across languages: parentheses, square brackets, braces, and
    quotation marks of every kind (a translation writes `「…」` or `《…》` for `"…"`)."""
    if mark in "(（":
        return "paren"
    if mark in "[［【〔〘":
        return "square"
    return "brace" if mark in "{｛" else "quote"


def _closes(opening: str, char: str) -> bool:
    if opening in BRACKETS and BRACKETS[opening] == char:
        return True
    return opening in QUOTES and char in QUOTES[opening] and opening not in BRACKETS


def _inside(x: int, group: tuple[int, int]) -> bool:
    """Whether offset `x` lies between a group's marks (right after its opening mark up to right
    before its closing mark)."""
    return group[0] < x <= group[1]


def _crosses(start: int, end: int, group: tuple[int, int]) -> bool:
    return _inside(start, group) != _inside(end, group)


def verbatim_tokens(plain: str, text: str) -> list[tuple[int, int]]:
    """Tokens of `text` (letters, digits and joiners, no whitespace) of at least two pieces
    (`database-conf.xml`, `30.11.2014`, `S/4HANA`) that the source writes verbatim as a token:
    `(start, end)` in `text`. A token is cut off CJK script written against it."""
    source = {m.group() for m in _TOKEN.finditer(plain)}
    spans = []
    for m in _TOKEN.finditer(text):
        for piece in _split_wide(m.group(), m.start()):
            word, start = piece
            if _JOINER.search(word) and word in source:
                spans.append((start, start + len(word)))
    return spans


def _split_wide(token: str, start: int) -> list[tuple[str, int]]:
    """A token cut where CJK script meets other letters (`30.11.2014입니다` → `30.11.2014`, `입니다`)."""
    pieces, begin = [], 0
    for k in range(1, len(token)):
        if bool(WIDE.match(token[k])) != bool(WIDE.match(token[k - 1])):
            pieces.append((token[begin:k], start + begin))
            begin = k
    pieces.append((token[begin:], start + begin))
    return pieces


def dictionary_words(text: str, pieces: list[tuple[int, int]] | None = None) -> list[tuple[int, int]]:
    """Words of two or more characters of one script written without spaces (Han, Thai, Lao,
    Khmer, Myanmar) as ICU's dictionary cuts them (`到期`, `经典`, `日付`): a segmenter that cuts
    finer (Chinese: one Han character a word, for the aligner) must not let an edge split them;
    in Japanese, the runs of kanji ICU does not know are words too (`unknown_compounds`).
    Chinese is cut by jieba's dictionary, which knows far more of its words than ICU's (`dictionary_pieces`).
    Empty without PyICU and jieba (the `align` extra): edges then fall where the words say. `pieces`:
    the dictionary words of `text` when the caller has them already (`dictionary_pieces`)."""
    if not UNSPACED.search(text):
        return []
    pieces = dictionary_pieces(text) if pieces is None else pieces
    found = []
    for a, b in pieces:
        scripts = {_script(c) for c in text[a:b]}
        if b - a >= 2 and len(scripts) == 1 and None not in scripts and not _localizer_and_particle(text[a:b]):
            found.append((a, b))
    return sorted(found + _kanji_runs(text, pieces))


def _localizer_and_particle(word: str) -> bool:
    """Whether ICU's piece is a Chinese localizer and the particle `的` (`内的`, `中的`): two words, the
    localizer closing the phrase before it (`在范围内`), `的` tying that phrase to the next
    (`在范围内的请求`), so an edge may fall between them."""
    return len(word) == 2 and word[0] in HAN_POSTPOSITION and word[1] in HAN_PARTICLE


def unknown_compounds(text: str, pieces: list[tuple[int, int]] | None = None) -> list[tuple[int, int]]:
    """Runs of two or more kanji in Japanese text that ICU's dictionary cuts into single
    characters (`未|消|込`, `絞|込`): compounds it does not know. Japanese writes its grammatical
    words in kana, so such a run is one content word (a term of the domain), and none of its
    characters is a word of its own that a source word could translate: links to its characters
    do not split it. Empty for text without kana (Chinese, where one Han character may well be a
    word: `将`, `为`) and without PyICU. `pieces` as for `dictionary_words`. (The script decides, not
    yet the target profile: reading the ja profile keeps SAP en-ja none's kana-less `原価見積` whole.)"""
    if not HAN.search(text) or not KANA.search(text) or not icu_available():
        return []
    return _kanji_runs(text, dictionary_pieces(text) if pieces is None else pieces)


def dictionary_pieces(text: str) -> list[tuple[int, int]]:
    """The dictionary words of `text` (empty without a script that needs them): Chinese (Han without
    kana) by jieba's dictionary (`wordbreak.chinese_spans`), everything else — and Chinese without
    jieba — by ICU's (empty without PyICU). What `dictionary_words` and `unknown_compounds` read, made
    once per text by their callers."""
    if not UNSPACED.search(text):
        return []
    if HAN.search(text) and not KANA.search(text) and jieba_available():
        return chinese_spans(text)
    return icu_spans(text, "zh") if icu_available() else []


def _kanji_runs(text: str, pieces: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The runs of two or more adjacent one-kanji `pieces` (ICU's words of `text`), if `text` is
    Japanese (it writes kana)."""
    if not KANA.search(text):
        return []
    runs: list[tuple[int, int]] = []
    start = end = -1
    for a, b in pieces:
        if b - a == 1 and HAN.match(text[a]):
            if a != end:
                if end - start >= 2:
                    runs.append((start, end))
                start = a
            end = b
    if end - start >= 2:
        runs.append((start, end))
    return runs


_script = unspaced_script


# --------------------------------------------------------------------------- verbatim text


def verbatim_spans(spans: list[Span], plain: str, text: str, trg: list[Word]) -> list[Span]:
    """Rule (c): a span tag whose whole source text occurs exactly once in the source and exactly
    once in the translation, beginning and ending at word boundaries, takes that occurrence, if
    it fits inside its parent and beside its siblings; its descendants keep their offsets in it."""
    starts = {w.start for w in trg}
    ends = {w.end for w in trg}
    whole = plain.strip()

    def visit(nodes: list[Span], lo: int, hi: int) -> None:
        for node in nodes:
            core = _verbatim_core(node, plain, text, whole)
            if core is not None:
                x = text.index(core[0])
                start, end = x, x + len(core[0])
                others = [n for n in nodes if n is not node and not n.point]
                if (
                    start in starts and end in ends and lo <= start and end <= hi
                    and not any(n.start < end and start < n.end for n in others)
                ):
                    shift = start - core[1]
                    for inner in node.walk():
                        if inner is node:
                            inner.start, inner.end = start, end
                        else:
                            inner.start = min(max(inner.tag.start + shift, start), end)
                            inner.end = min(max(inner.tag.end + shift, inner.start), end)
                    continue
            visit(node.children, node.start, node.end)

    visit(spans, 0, len(text))
    return spans


def _verbatim_core(node: Span, plain: str, text: str, whole: str) -> tuple[str, int] | None:
    """The tag's source text without its outer whitespace and where it begins in the source, when
    it is a candidate for rule (c): a span with a letter, digit or symbol (`Windows<sup>®</sup>`: a sign that is
    there once is there unambiguously; a punctuation mark alone is not taken), once in source and target."""
    if node.point or node.tag.start >= node.tag.end:
        return None
    raw = plain[node.tag.start : node.tag.end]
    core = raw.strip()
    if not core or core == whole or not regex.search(r"[\p{L}\p{N}\p{S}]", core):
        return None
    if plain.count(core) != 1 or text.count(core) != 1:
        return None
    return core, node.tag.start + (len(raw) - len(raw.lstrip()))


# --------------------------------------------------------------------------- tokens and groups


def target_units(
    plain: str, text: str, aligned: tuple[list[Word], list[Word], Links] | None = None
) -> "_Units":
    """The units of a translation that `respect_units` keeps whole, for asking whether a span not
    placed keeps them (`_Units.respects`; the span ranker's candidates) and for their lists
    (`tokens`, `words`, `groups`)."""
    return _Units(plain, text, aligned)


def respect_units(spans: list[Span], ctx: PairContext) -> list[Span]:
    """Rules (b) and (a), parents first: a tag that fills a group of the source fills the target
    group its span lies in; no edge splits a verbatim token or crosses a bracket or quotation group
    of the translation unless the source tag does the same (module docstring). A dictionary word is
    split where its halves are linked to either side of the tag (`不<b>合规</b>` for `other than
    <b>Compliant</b>`). Reads the context's dictionary pieces, groups and source word offsets."""
    units = _Units(ctx.plain, ctx.translation, ctx.aligned, pieces=ctx.pieces, groups=ctx.groups,
                   source_groups=ctx.source_groups, src_starts=ctx.src_starts)
    units.visit(spans, 0, len(ctx.translation))
    return spans


class _Units:
    def __init__(
        self, plain: str, text: str, aligned: tuple[list[Word], list[Word], Links] | None = None, *,
        pieces: list[tuple[int, int]] | None = None, groups: list[tuple[int, int]] | None = None,
        source_groups: list[tuple[int, int]] | None = None, src_starts: list[int] | None = None,
    ) -> None:
        """`pieces`, `groups`, `source_groups`, `src_starts`: what a `PairContext` holds already
        (None: made here)."""
        self.plain = plain
        self.text = text
        self.linked: dict[int, list[Word]] = {}  # target character → source words linked to it
        self.src_words: list[Word] = aligned[0] if aligned is not None else []
        self.src_starts = [w.start for w in self.src_words] if src_starts is None else src_starts
        if aligned is not None:
            src, trg, links = aligned
            for i, j in links:
                if i < len(src) and j < len(trg):
                    for x in range(trg[j].start, trg[j].end):
                        self.linked.setdefault(x, []).append(src[i])
        self.groups = groups_of(text) if groups is None else groups
        self.source_groups = groups_of(plain) if source_groups is None else source_groups
        self.tokens = verbatim_tokens(plain, text)
        pieces = dictionary_pieces(text) if pieces is None else pieces  # (one dictionary pass serves both)
        self.words = dictionary_words(text, pieces)
        self.unknown = set(unknown_compounds(text, pieces))
        self.source_tokens = [  # tokens of several pieces: `<b>Manage</b><b>Users</b>` is two
            (m.start(), m.end()) for m in _TOKEN.finditer(plain) if _JOINER.search(m.group())
        ]
        self._at: tuple[list, list, list] | None = None  # (`respects`' per-offset tables, made once)
        self._source_at: tuple[list[bool], list] | None = None

    def respects(self, tag: SourceTag, start: int, end: int) -> bool:
        """Whether a span `[start, end)` for `tag` keeps every unit whole: neither edge splits a
        verbatim token or a dictionary word (one whose halves the links do not put on either side of
        the tag, as `_options` reads them) nor crosses a group, unless the source tag's edge on that
        side cuts a group or token of the source. What `_fix` would move an edge for, asked of a
        span that is not placed (the span ranker's candidates, `rerank.py`): O(1) per edge after
        one linear pass over the text (a dictionary word's characters for its links)."""
        token_at, word_at, group_at = self._tables()
        source_token_at, source_group_at = self._source_tables()
        probe = Span(tag, start, end, 0, False)
        for side, x, other in (("left", start, end), ("right", end, start)):
            edge, far = (tag.start, tag.end) if side == "left" else (tag.end, tag.start)
            group = source_group_at[edge]  # `_source_crosses`, read from the tables
            if source_token_at[edge] or (group is not None and not _inside(far, group)):
                continue
            if token_at[x] is not None:
                return False
            word = word_at[x]
            if word is not None:
                outward, inward = word if side == "left" else word[::-1]
                if word in self.unknown:
                    if not self._head_cut(probe, x, outward, inward):
                        return False
                elif any(self._agrees(probe, x, y, y == outward) for y in (outward, inward)):
                    return False
            group = group_at[x]  # the innermost group the edge is in: crossed if `other` is outside it
            if group is not None and not _inside(other, group):
                return False
        return True

    def _tables(self) -> tuple[list, list, list]:
        """Per offset of the text: the token and the dictionary word it splits, and the innermost
        group it lies in (`_inside`), or None."""
        if self._at is None:
            n = len(self.text)
            token_at: list = [None] * (n + 1)
            word_at: list = [None] * (n + 1)
            for units, table in ((self.tokens, token_at), (self.words, word_at)):
                for a, b in units:
                    for x in range(a + 1, min(b, n + 1)):
                        if table[x] is None:
                            table[x] = (a, b)
            self._at = (token_at, word_at, _innermost(self.groups, n))
        return self._at

    def _source_tables(self) -> tuple[list[bool], list]:
        """Per offset of the source: whether it splits a token of several pieces, and the innermost
        group it lies in (what `_source_crosses` reads, for `respects`)."""
        if self._source_at is None:
            n = len(self.plain)
            splits = [False] * (n + 1)
            for a, b in self.source_tokens:
                for x in range(a + 1, b):
                    splits[x] = True
            self._source_at = (splits, _innermost(self.source_groups, n))
        return self._source_at

    def visit(self, nodes: list[Span], lo: int, hi: int) -> None:
        ordered = sorted(nodes, key=lambda n: (n.start, n.end, n.order))
        for _ in range(PASSES):  # a move may hand a sibling a shared edge to fix in turn
            moved = False
            for k, node in enumerate(ordered):
                if not node.point and node.end > node.start:
                    moved |= self._fix(node, ordered, k, lo, hi)
            if not moved:
                break
        for node in ordered:
            self.visit(node.children, node.start, node.end)

    def _fill(self, node: Span, ordered: list[Span], lo: int, hi: int) -> bool:
        """A source tag that fills a group of the source (`(<cite>SAP Data Hub</cite>)`) fills
        the innermost group of the same kind that its span lies in, when the span covers only
        part of it (`(SAP <cite>Data Hub</cite>)` → `(<cite>SAP Data Hub</cite>)`)."""
        family = self._filled_family(node)
        if family is None:
            return False
        around = [g for g in self.groups if g[0] < node.start and node.end <= g[1]]
        if not around:
            return False
        o, c = max(around, key=lambda g: g[0])
        if _family(self.text[o]) != family:
            return False
        start, end = o + 1, c
        while start < end and self.text[start].isspace():
            start += 1
        while end > start and self.text[end - 1].isspace():
            end -= 1
        if (start, end) == (node.start, node.end) or not lo <= start <= end <= hi:
            return False
        if not self._keeps(node, start, end):
            return False
        others = [n for n in ordered if n is not node and not n.point]
        if any(n.start < end and start < n.end for n in others):
            return False
        _set(node, start, end)
        return True

    def _filled_family(self, node: Span) -> str | None:
        """The kind of source group whose whole inside (but for whitespace) the tag encloses."""
        inner = self.plain[node.tag.start : node.tag.end]
        if not inner.strip():
            return None
        for o, c in self.source_groups:
            if o < node.tag.start and node.tag.end <= c:
                if self.plain[o + 1 : c].strip() == inner.strip():
                    return _family(self.plain[o])
        return None

    def _source_crosses(self, node: Span, side: str) -> bool:
        """Whether the source tag's edge on `side` cuts a group or a token of the source."""
        start, end = node.tag.start, node.tag.end
        x = start if side == "left" else end
        if any(_crosses(start, end, g) and _inside(x, g) for g in self.source_groups):
            return True
        return any(a < x < b for a, b in self.source_tokens)

    def _fix(self, node: Span, ordered: list[Span], k: int, lo: int, hi: int) -> bool:
        """Fill, then move each edge until it cuts nothing; whether anything moved."""
        any_move = self._fill(node, ordered, lo, hi)
        free = [side for side in ("left", "right") if not self._source_crosses(node, side)]
        for _ in range(2 * (len(self.groups) + len(self.tokens) + len(self.words)) + 2):
            moved = False
            for side in free:
                options = self._options(node, side)
                if options and self._move(node, side, options, ordered, k, lo, hi):
                    moved = any_move = True
            if not moved:
                break
        return any_move

    def _options(self, node: Span, side: str) -> list[int]:
        """Where the edge on `side` may go instead: the ends of the token it splits, else the
        outer side of the marks of the group it crosses; nearest first, then outward."""
        x = node.start if side == "left" else node.end
        token = next(((a, b) for a, b in self.tokens if a < x < b), None)
        if token is not None:
            return self._by_source_side(node, side, token, x)
        word = next(((a, b) for a, b in self.words if a < x < b), None)
        if word is not None:
            outward, inward = word if side == "left" else word[::-1]
            options = sorted((outward, inward), key=lambda y: (self._cost(x, y), y != outward))
            if word in self.unknown:  # no piece of it is a word a source word translates, but its head
                return [] if self._head_cut(node, x, outward, inward) else options
            return [y for y in options if self._agrees(node, x, y, y == outward)]
        crossed = [g for g in self.groups if _crosses(node.start, node.end, g) and _inside(x, g)]
        if not crossed:
            return []
        group = max(crossed, key=lambda g: g[0])  # the innermost group the edge is in
        # out over the far mark (take the group in) or back over the near mark (leave it)
        if side == "left":
            far, near = group[0], group[1] + 1
        else:
            far, near = group[1] + 1, group[0]
        return sorted((far, near), key=lambda y: (self._cost(x, y), y != far))

    def _by_source_side(
        self, node: Span, side: str, token: tuple[int, int], x: int
    ) -> list[int]:
        """A split token: to the side the source tag has it — enclosed by the source tag: the edge
        takes it in; outside it: leaves it; else the nearer end."""
        word = self.text[token[0] : token[1]]
        at = self.plain.find(word)
        start, end = token
        outward, inward = (start, end) if side == "left" else (end, start)
        if at >= 0 and node.tag.start <= at and at + len(word) <= node.tag.end:
            return [outward, inward]
        if at >= 0 and (at + len(word) <= node.tag.start or node.tag.end <= at):
            return [inward, outward]
        return sorted((outward, inward), key=lambda y: (self._cost(x, y), y != outward))

    def _agrees(self, node: Span, x: int, y: int, extend: bool) -> bool:
        """Whether the links allow moving an edge from `x` to `y`: the characters passed over are
        not linked only outside the tag's source text (when extending) or only inside it (when
        shrinking)."""
        sides = set()
        for k in range(min(x, y), max(x, y)):
            for w in self.linked.get(k, ()):
                sides.add(node.tag.start <= w.start and w.end <= node.tag.end)
        return sides != ({False} if extend else {True})

    def _head_cut(self, node: Span, x: int, outward: int, inward: int) -> bool:
        """Whether an edge at `x` may cut an unknown kanji compound (`unknown_compounds`): the run
        ends (begins) with a head noun written against the term that translates the source word
        written against the tag on that side (`<b>消込</b>列` for `the <b>Clear</b> column`, `列` linked
        to `column`) — every character from `x` to the run's outer end is linked, and only to that
        word — and every character from `x` to its inner end is linked, and only to the tag's words,
        and those are two or more: one kanji glued to another is mostly a verb compound written
        without its kana (`<b>絞</b>込` for `<b>Refinement</b> back`, `込` linked to `back`), not a
        term and its head; and a stray link to a word further away (`未消|込` for `set back to
        status <b>Open</b>`, `込` linked to `back`) is no head's."""
        if abs(x - inward) < 2 or not self.src_words:
            return False
        k = bisect_left(self.src_starts, node.tag.end) if outward > x else \
            bisect_left(self.src_starts, node.tag.start) - 1
        if not 0 <= k < len(self.src_words):
            return False
        beside = self.src_words[k]

        def sides(a: int, b: int) -> set[bool] | None:
            found: set[bool] = set()
            for c in range(a, b):
                linked = self.linked.get(c)
                if not linked:
                    return None
                found.update(node.tag.start <= w.start and w.end <= node.tag.end for w in linked)
            return found
        beyond = range(min(x, outward), max(x, outward))
        return (all(self.linked.get(c) and all(w == beside for w in self.linked[c]) for c in beyond)
                and sides(min(x, inward), max(x, inward)) == {True})

    def _cost(self, x: int, y: int) -> int:
        """The characters other than whitespace an edge passes from `x` to `y`."""
        a, b = min(x, y), max(x, y)
        return sum(not c.isspace() for c in self.text[a:b])

    def _move(
        self, node: Span, side: str, options: list[int], ordered: list[Span], k: int, lo: int,
        hi: int,
    ) -> bool:
        """Move the edge to the first option that keeps text in the span and in its children,
        stays in the parent and clear of the siblings — or moves an adjacent sibling's shared
        edge along with it."""
        for y in options:
            start, end = (y, node.end) if side == "left" else (node.start, y)
            if not lo <= y <= hi or not self._keeps(node, start, end):
                continue
            neighbours = ordered[:k] if side == "left" else ordered[k + 1 :]
            blocking = [n for n in neighbours if n.start < end and start < n.end and not n.point]
            if blocking and not (len(blocking) == 1 and self._give_way(node, blocking[0], side, y)):
                continue
            x = node.start if side == "left" else node.end
            follower = next((n for n in neighbours if not n.point and not blocking and (
                n.end == x if side == "left" else n.start == x)), None)
            _set(node, start, end)
            if follower is not None:  # an adjacent sibling keeps sharing the edge
                _set(follower, *((follower.start, y) if side == "left" else (y, follower.end)))
            _points_out([node, *blocking, *([follower] if follower is not None else [])], ordered)
            return True
        return False

    def _keeps(self, node: Span, start: int, end: int) -> bool:
        """Whether `[start, end)` has text, and each child span clamped into it still has."""
        if not any(not c.isspace() for c in self.text[start:end]):
            return False
        return all(
            any(not c.isspace() for c in self.text[max(child.start, start) : min(child.end, end)])
            for child in node.children
            if not child.point and child.end > child.start
        )

    def _give_way(self, node: Span, other: Span, side: str, y: int) -> bool:
        """An adjacent sibling that shares the moved edge moves it too, if it keeps its text."""
        if side == "right" and other.start == node.end and self._keeps(other, y, other.end):
            _set(other, y, other.end)
            return True
        if side == "left" and other.end == node.start and self._keeps(other, other.start, y):
            _set(other, other.start, y)
            return True
        return False


def _innermost(groups: list[tuple[int, int]], n: int) -> list:
    """For each offset `x` of a text of length `n`, the innermost of `groups` (properly nested, as
    `groups_of` finds them) that `x` lies in (`_inside`), or None: one pass."""
    found: list = [None] * (n + 1)
    opens = {o + 1: (o, c) for o, c in groups}
    stack: list[tuple[int, int]] = []
    for x in range(n + 1):
        while stack and stack[-1][1] < x:  # (properly nested: the innermost closes first)
            stack.pop()
        if x in opens:
            stack.append(opens[x])
        found[x] = stack[-1] if stack else None
    return found


def _points_out(moved: list[Span], siblings: list[Span]) -> None:
    """A sibling point that the `moved` spans' new edges left inside one of them (`_move`'s `blocking` passes
    over points) goes to that span's edge on the side its source order says: siblings never overlap. Linear
    in the siblings for each moved span (at most three)."""
    for span in moved:
        for point in siblings:
            if point.point and span.start < point.start < span.end:
                edge = span.start if point.order < span.order else span.end
                _set(point, edge, edge)


def _set(node: Span, start: int, end: int) -> None:
    """A span's new edges, its descendants clamped into them."""
    node.start, node.end = start, end
    for child in node.children:
        child_start = min(max(child.start, start), end)
        _set(child, child_start, min(max(child.end, child_start), end))
