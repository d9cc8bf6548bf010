"""The inline-markup model: split a tagged segment into text runs and markup tokens, and derive the
views that markup-aware metrics and tag projection need (lex text, tag sequence, element tree, text
fragments, well-formedness, attributes).

Which tokens count as markup — decided per segment
--------------------------------------------------
Whether ``<b>`` is markup depends on the segment alone (and, for a hypothesis, on its own
reference), never on other segments of the corpus.

1. Grammar. A candidate is a start tag ``<name a="v" …>``, an end tag ``</name>``, a self-closing
   tag ``<name …/>``, a comment ``<!--…-->`` or a declaration ``<!NAME …>`` (``<!ENTITY k "v">``,
   ``<!DOCTYPE html>``: quoted parts may hold ``>``, none may hold ``<``). ``name`` is an XML Name (letters, digits,
   ``_ : - .`` and the Unicode ranges of XML 1.0 5th edition; no leading digit, ``-`` or ``.``);
   attributes must be ``name="value"`` or ``name='value'`` (no ``<`` in the value) separated by XML
   whitespace. So ``<name of composition type>`` or ``<field name>`` (a bare word where an attribute
   should be) is text, and so are a lone ``<``, a bare ``&`` and any broken tag.
2. Placeholder brackets. A tag written inside doubled angle brackets, ``<<SHIPPED_QUANTITY>>``, is
   text: the ``<`` right before it and the ``>`` right after it show it is a placeholder.
3. Elements. A candidate is markup when its name is an *element name* of the segment: the name of a
   self-closing tag of the segment, or of a start tag followed later in the segment by an end tag of
   the same name — a well-formed element, whatever its name. A start or end tag whose name makes no
   element in the segment is text (``<字段名>`` or ``<Enter>`` written in running text), unless the
   caller passes that name in ``names``: metrics pass the element names of the segment's reference,
   so a hypothesis that drops ``</b>`` of a reference ``<b>…</b>`` keeps its ``<b>`` as (malformed)
   markup, while a hypothesis that wraps a word in ``<b>…</b>`` that its reference does not have has
   inserted an element, which the metrics count. Comments and declarations are always markup. Tag
   projection reads a
   *source* segment with ``orphans=True`` (rules 1 and 2 alone), so that an unpaired tag there is kept
   as a point instead of being sent to the MT system as text.

Comments (which occur in the SAP data) are tokens of kind ``empty`` named ``#comment``, declarations
tokens of kind ``empty`` named ``#declaration``: markup that is neither translated nor part of the lexical
text, taking part in the tree as leaves so that fragment counts stay aligned. ``unpaired(tokens)`` names
the start and end tags that pair with nothing in their segment (an element opened or closed in another
segment, overlapping elements, an HTML void ``<br>``): projection and DT outputs carry them as points.

Concatenating the ``text`` of all tokens gives the segment back exactly, and each token's ``start`` is
its character offset in the segment, so callers can map tokens back onto the string. Tokenizing is
linear in the length of the segment (one scan; an unclosed ``<!--`` is looked for once).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from typing import Collection, Iterable, NamedTuple, Sequence

__all__ = [
    "COMMENT",
    "DECLARATION",
    "Element",
    "TaggedSegment",
    "Token",
    "attributes",
    "element_names",
    "element_tree",
    "is_well_formed",
    "strip",
    "tags",
    "text_fragments",
    "tokenize",
    "unpaired",
]

#: Name given to comment tokens (after the DOM's ``nodeName``).
COMMENT = "#comment"
#: Name given to declaration tokens (``<!ENTITY …>``, ``<!DOCTYPE …>``).
DECLARATION = "#declaration"
_SPECIAL = frozenset((COMMENT, DECLARATION))  # markup whatever the segment, never an element name

_NAME_START = (
    ":A-Z_a-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u02ff\u0370-\u037d\u037f-\u1fff\u200c-\u200d"
    "\u2070-\u218f\u2c00-\u2fef\u3001-\ud7ff\uf900-\ufdcf\ufdf0-\ufffd\U00010000-\U000effff"
)
_NAME_CHAR = _NAME_START + r"\-.0-9\u00b7\u0300-\u036f\u203f-\u2040"
_NAME = f"[{_NAME_START}][{_NAME_CHAR}]*"
_WS = "[ \t\r\n]"
_VALUE = "(?:\"(?P<dq>[^\"<]*)\"|'(?P<sq>[^'<]*)')"
_ATTRIBUTE = rf"{_WS}+{_NAME}{_WS}*={_WS}*(?:\"[^\"<]*\"|'[^'<]*')"
# Tags only; comments are found with str.find so that an unclosed "<!--" costs one scan, not one per "<".
_TAG = re.compile(
    rf"</(?P<end>{_NAME}){_WS}*>"
    rf"|<(?P<start>{_NAME})(?:{_ATTRIBUTE})*{_WS}*(?P<slash>/?)>"
)
# a declaration: `<!` and a name, then unquoted characters or quoted strings, none holding `<` (so a failed
# match stops at the next `<`: linear)
_DECLARATION = re.compile(r"""<![A-Za-z][^<>"']*(?:(?:"[^"<]*"|'[^'<]*')[^<>"']*)*>""")
_ATTRIBUTE_PARTS = re.compile(rf"{_WS}+(?P<name>{_NAME}){_WS}*={_WS}*{_VALUE}")


@dataclass(frozen=True, slots=True)
class Token:
    """One piece of a segment: a text run or a markup token, with its character offset."""

    kind: str  # "text" | "start" | "end" | "empty"
    text: str
    name: str = ""  # element name of a markup token ("#comment" for comments); "" for text
    start: int = 0  # offset of ``text`` in the segment

    @property
    def end(self) -> int:
        return self.start + len(self.text)

    @property
    def is_markup(self) -> bool:
        return self.kind != "text"


class Element(NamedTuple):
    """A node of the element tree: the name and the child elements (attributes and text ignored)."""

    name: str
    children: tuple["Element", ...] = ()


def _candidates(segment: str) -> list[tuple[str, str, int, int]]:
    """Every tag or comment that rules 1 and 2 accept: (kind, name, start, end), in order."""
    found: list[tuple[str, str, int, int]] = []
    position, length = 0, len(segment)
    comment_can_close = True  # False once a search for "-->" has failed: none can close later
    while True:
        lt = segment.find("<", position)
        if lt < 0:
            return found
        if comment_can_close and segment.startswith("<!--", lt):
            close = segment.find("-->", lt + 4)
            if close >= 0:
                found.append(("empty", COMMENT, lt, close + 3))
                position = close + 3
                continue
            comment_can_close = False
        if segment.startswith("<!", lt):
            declaration = _DECLARATION.match(segment, lt)
            if declaration is not None:
                found.append(("empty", DECLARATION, lt, declaration.end()))
                position = declaration.end()
                continue
        match = _TAG.match(segment, lt)
        if match is None:
            position = lt + 1
            continue
        if match.group("end") is not None:
            kind, name = "end", match.group("end")
        else:
            kind, name = ("empty" if match.group("slash") else "start"), match.group("start")
        after = match.end()
        if not (lt > 0 and segment[lt - 1] == "<" and after < length and segment[after] == ">"):
            found.append((kind, name, lt, after))
        position = after


def _names_of(candidates: Iterable[tuple[str, str, int, int]]) -> set[str]:
    """Rule 3: names of self-closing tags, and of start tags with a later end tag of the same name."""
    names: set[str] = set()
    opened: set[str] = set()
    for kind, name, _, _ in candidates:
        if kind == "empty" and name not in _SPECIAL:
            names.add(name)
        elif kind == "start":
            opened.add(name)
        elif kind == "end" and name in opened:
            names.add(name)
    return names


def tokenize(segment: str, names: Collection[str] = (), *, orphans: bool = False) -> list[Token]:
    """Split ``segment`` into text runs and markup tokens by the rule in the module docstring.

    ``names`` are element names known from the segment's counterpart (its reference): a start or end
    tag with one of those names is markup even when it makes no element in ``segment`` itself.
    ``orphans=True`` applies rules 1 and 2 alone (every well-written tag is markup): tag projection
    uses it on a source segment, where an unpaired tag is kept as a point rather than translated.
    Adjacent text is merged into one run, so text and markup alternate except between two markup
    tokens. Never raises on any string; linear in ``len(segment)``.
    """
    if "<" not in segment:
        return [Token("text", segment, "", 0)] if segment else []
    candidates = _candidates(segment)
    markup_names = _names_of(candidates)
    markup_names.update(names)
    tokens: list[Token] = []
    position = 0
    for kind, name, start, end in candidates:
        if not orphans and name not in _SPECIAL and name not in markup_names:
            continue
        if start > position:
            tokens.append(Token("text", segment[position:start], "", position))
        tokens.append(Token(kind, segment[start:end], name, start))
        position = end
    if position < len(segment):
        tokens.append(Token("text", segment[position:], "", position))
    return tokens


def element_names(segment: str | Sequence[Token]) -> frozenset[str]:
    """The names that ``segment`` uses as elements (rule 3), comments and declarations excluded."""
    tokens = tokenize(segment) if isinstance(segment, str) else segment
    return frozenset(token.name for token in tokens if token.is_markup and token.name not in _SPECIAL)


def unpaired(tokens: Sequence[Token]) -> set[int]:
    """Indices of the start and end tags of ``tokens`` that pair with nothing: an end tag closes the innermost
    open element of its name (the elements opened inside it and still open pair with nothing), an end tag
    with no open element of its name and a start tag never closed pair with nothing (as ``element_tree``
    recovers malformed markup). Empty for well-formed markup; linear."""
    stack: list[int] = []
    open_count: dict[str, int] = {}  # open start tags of each name: no scan of the stack per end tag
    loose: set[int] = set()
    for k, token in enumerate(tokens):
        if token.kind == "start":
            stack.append(k)
            open_count[token.name] = open_count.get(token.name, 0) + 1
        elif token.kind == "end":
            if open_count.get(token.name, 0) == 0:
                loose.add(k)
                continue
            while tokens[stack[-1]].name != token.name:
                inner = stack.pop()
                open_count[tokens[inner].name] -= 1
                loose.add(inner)
            open_count[token.name] -= 1
            stack.pop()
    loose.update(stack)
    return loose


def attributes(token: Token) -> dict[str, str]:
    """The attributes of a start or self-closing tag as written (values unescaped only of quotes)."""
    if token.kind not in ("start", "empty") or token.name in _SPECIAL:
        return {}
    inner = token.text[1 + len(token.name) :]
    return {
        match.group("name"): match.group("dq") if match.group("dq") is not None else match.group("sq")
        for match in _ATTRIBUTE_PARTS.finditer(inner)
    }


def _tokens(segment: str | Sequence[Token], names: Collection[str]) -> Sequence[Token]:
    return tokenize(segment, names) if isinstance(segment, str) else segment


def strip(segment: str | Sequence[Token], names: Collection[str] = ()) -> str:
    """The *lex* view: the segment with every markup token removed (nothing else changes).

    One pass, so offsets stay simple: text on both sides of a removed tag can itself read as a tag
    afterwards (``<a<b/>>`` gives ``<a>``), which is rare enough not to warrant a fixed point.
    """
    return "".join(token.text for token in _tokens(segment, names) if not token.is_markup)


def tags(segment: str | Sequence[Token], names: Collection[str] = ()) -> str:
    """The *tag* view: the markup tokens exactly as written, joined by one space."""
    return " ".join(token.text for token in _tokens(segment, names) if token.is_markup)


def is_well_formed(tokens: Sequence[Token]) -> bool:
    """True when every end tag closes the innermost open element and nothing is left open."""
    open_names: list[str] = []
    for token in tokens:
        if token.kind == "start":
            open_names.append(token.name)
        elif token.kind == "end":
            if not open_names or open_names.pop() != token.name:
                return False
    return not open_names


def element_tree(tokens: Sequence[Token]) -> tuple[Element, ...]:
    """The top-level elements with their nesting (names only).

    Malformed markup is recovered deterministically: an end tag closes the innermost open element of
    its name (and everything opened inside it); an end tag with no open element of its name is
    ignored; elements still open at the end are closed there.
    """
    root: list[Element] = []
    stack: list[tuple[str, list[Element]]] = []  # open elements: name and collected children
    open_count: dict[str, int] = {}  # how many of each name are open: no scan of the stack per end tag

    def close_innermost() -> None:
        name, children = stack.pop()
        open_count[name] -= 1
        (stack[-1][1] if stack else root).append(Element(name, tuple(children)))

    for token in tokens:
        if token.kind == "start":
            stack.append((token.name, []))
            open_count[token.name] = open_count.get(token.name, 0) + 1
        elif token.kind == "empty":
            (stack[-1][1] if stack else root).append(Element(token.name))
        elif token.kind == "end" and open_count.get(token.name, 0) > 0:
            while stack[-1][0] != token.name:
                close_innermost()
            close_innermost()
    while stack:
        close_innermost()
    return tuple(root)


def text_fragments(tokens: Sequence[Token]) -> list[str]:
    """The text between markup tokens: one more fragment than there are markup tokens."""
    fragments = [""]
    for token in tokens:
        if token.is_markup:
            fragments.append("")
        else:
            fragments[-1] += token.text
    return fragments


@dataclass(eq=False)
class TaggedSegment:
    """A segment tokenized once, with its derived views computed on first use."""

    text: str
    tokens: list[Token]

    @classmethod
    def parse(cls, text: str, names: Collection[str] = ()) -> "TaggedSegment":
        """Tokenize ``text``; ``names`` are its reference's element names (see :func:`tokenize`)."""
        return cls(text, tokenize(text, names))

    @cached_property
    def names(self) -> frozenset[str]:
        """The element names used as markup here: what a hypothesis of this reference is parsed with."""
        return element_names(self.tokens)

    @cached_property
    def has_markup(self) -> bool:
        return any(token.is_markup for token in self.tokens)

    @cached_property
    def markup(self) -> list[Token]:
        return [token for token in self.tokens if token.is_markup]

    @cached_property
    def lex(self) -> str:
        return strip(self.tokens) if self.has_markup else self.text

    @cached_property
    def tags(self) -> str:
        return tags(self.tokens)

    @cached_property
    def well_formed(self) -> bool:
        return is_well_formed(self.tokens)

    @cached_property
    def tree(self) -> tuple[Element, ...]:
        return element_tree(self.tokens)

    @cached_property
    def fragments(self) -> list[str]:
        return text_fragments(self.tokens)

    @cached_property
    def skeleton(self) -> tuple[tuple[str, str], ...]:
        """The markup tokens' kinds and names in order: the structure without attributes or text."""
        return tuple((token.kind, token.name) for token in self.tokens if token.is_markup)

    def matches(self, reference: "TaggedSegment") -> bool:
        """Markup match (Hashimoto et al. 2019): well-formed, with the reference's element tree.

        Tested as equal skeletons: for a well-formed reference, a hypothesis has the same skeleton
        exactly when it is well-formed with the same tree, except that ``<b/>`` and ``<b></b>`` are
        told apart, which keeps the text fragments of a match aligned one to one. A malformed
        reference is thus matched by the same token sequence, so every reference matches itself.
        """
        return self.skeleton == reference.skeleton
