"""The inline-markup model: split a tagged segment into text runs and markup tokens, and derive the
views that markup-aware metrics and tag projection need (lex text, tag sequence, element tree, text
fragments, well-formedness).

Which tokens count as markup
----------------------------
A token is markup when it matches the tag grammar *and* passes two filters; everything else is text.

1. Grammar. A start tag ``<name a="v" …>``, an end tag ``</name>``, a self-closing tag ``<name …/>``,
   or a comment ``<!--…-->``. ``name`` is an XML Name (letters, digits, ``_ : - .`` and the Unicode
   ranges of XML 1.0 5th edition; no leading digit, ``-`` or ``.``); attributes must be
   ``name="value"`` or ``name='value'`` (no ``<`` in the value) separated by XML whitespace. So
   ``<field name>`` or ``<name of composition type>`` (a bare word where an attribute should be) is
   text, and so are a lone ``<``, a bare ``&`` and any broken tag.
2. Placeholder brackets. A tag written inside doubled angle brackets, ``<<SHIPPED_QUANTITY>>``, is text:
   the ``<`` right before it and the ``>`` right after it show it is a placeholder, not markup.
3. Vocabulary (optional). When a vocabulary of element names is given, a start, end or self-closing
   tag whose name is not in it is text. Metrics use the names that the reference side actually uses as
   markup (:func:`markup_vocabulary`: a name that occurs in some reference segment as a self-closing
   tag, or as a start tag followed by a matching end tag), so a model that writes ``<字段名>`` or
   ``<Enter>`` in running text is not credited or penalised as if it had produced an element.
   Without a vocabulary, rules 1 and 2 alone decide. Comments are markup under every vocabulary.

Comments (which occur in the SAP data) are tokens of kind ``empty`` named ``#comment``: they are
markup that is neither translated nor part of the lexical text, and they take part in the tree as
leaves so that fragment counts stay aligned.

Concatenating the ``text`` of all tokens gives the segment back exactly, and each token's ``start`` is
its character offset in the segment, so callers can map tokens back onto the string.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from typing import Collection, Iterable, NamedTuple, Sequence

__all__ = [
    "COMMENT",
    "Element",
    "TaggedSegment",
    "Token",
    "element_tree",
    "is_well_formed",
    "markup_vocabulary",
    "strip",
    "tags",
    "text_fragments",
    "tokenize",
]

#: Name given to comment tokens (after the DOM's ``nodeName``).
COMMENT = "#comment"

_NAME_START = (
    ":A-Z_a-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u02ff\u0370-\u037d\u037f-\u1fff\u200c-\u200d"
    "\u2070-\u218f\u2c00-\u2fef\u3001-\ud7ff\uf900-\ufdcf\ufdf0-\ufffd\U00010000-\U000effff"
)
_NAME_CHAR = _NAME_START + r"\-.0-9\u00b7\u0300-\u036f\u203f-\u2040"
_NAME = f"[{_NAME_START}][{_NAME_CHAR}]*"
_WS = "[ \t\r\n]"
_ATTRIBUTE = rf"{_WS}+{_NAME}{_WS}*={_WS}*(?:\"[^\"<]*\"|'[^'<]*')"
_MARKUP = re.compile(
    rf"<!--.*?-->"
    rf"|</(?P<end>{_NAME}){_WS}*>"
    rf"|<(?P<start>{_NAME})(?:{_ATTRIBUTE})*{_WS}*(?P<slash>/?)>",
    re.DOTALL,
)


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


def tokenize(segment: str, vocabulary: Collection[str] | None = None) -> list[Token]:
    """Split ``segment`` into text runs and markup tokens by the rule in the module docstring.

    Adjacent text is merged into one run, so text and markup alternate except between two markup
    tokens. Never raises on any string.
    """
    tokens: list[Token] = []
    position = 0
    for match in _MARKUP.finditer(segment):
        kind, name = _classify(match)
        if kind != "empty" or name != COMMENT:
            if _is_placeholder(segment, match) or (vocabulary is not None and name not in vocabulary):
                continue
        if match.start() > position:
            tokens.append(Token("text", segment[position : match.start()], "", position))
        tokens.append(Token(kind, match.group(), name, match.start()))
        position = match.end()
    if position < len(segment):
        tokens.append(Token("text", segment[position:], "", position))
    return tokens


def _classify(match: re.Match[str]) -> tuple[str, str]:
    if match.group("end") is not None:
        return "end", match.group("end")
    if match.group("start") is not None:
        return ("empty" if match.group("slash") else "start"), match.group("start")
    return "empty", COMMENT


def _is_placeholder(segment: str, match: re.Match[str]) -> bool:
    """``<<NAME>>``: a tag wrapped in one more pair of angle brackets is a placeholder in text."""
    before, after = match.start() - 1, match.end()
    return before >= 0 and segment[before] == "<" and after < len(segment) and segment[after] == ">"


def _tokens(segment: str | Sequence[Token], vocabulary: Collection[str] | None) -> Sequence[Token]:
    return tokenize(segment, vocabulary) if isinstance(segment, str) else segment


def strip(segment: str | Sequence[Token], vocabulary: Collection[str] | None = None) -> str:
    """The *lex* view: the segment with every markup token removed (nothing else changes).

    One pass, so offsets stay simple: text on both sides of a removed tag can itself read as a tag
    afterwards (``<a<b/>>`` gives ``<a>``), which is rare enough not to warrant a fixed point.
    """
    return "".join(token.text for token in _tokens(segment, vocabulary) if not token.is_markup)


def tags(segment: str | Sequence[Token], vocabulary: Collection[str] | None = None) -> str:
    """The *tag* view: the markup tokens exactly as written, joined by one space."""
    return " ".join(token.text for token in _tokens(segment, vocabulary) if token.is_markup)


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

    def close_innermost() -> None:
        name, children = stack.pop()
        (stack[-1][1] if stack else root).append(Element(name, tuple(children)))

    for token in tokens:
        if token.kind == "start":
            stack.append((token.name, []))
        elif token.kind == "empty":
            (stack[-1][1] if stack else root).append(Element(token.name))
        elif token.kind == "end" and any(name == token.name for name, _ in stack):
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


def markup_vocabulary(segments: Iterable[str]) -> frozenset[str]:
    """Element names that ``segments`` use as markup: self-closing, or a start tag with a later end tag
    of the same name in the same segment (tokenized without a vocabulary)."""
    names: set[str] = set()
    for segment in segments:
        if "<" not in segment:
            continue
        opened: set[str] = set()
        for token in tokenize(segment):
            if token.kind == "empty" and token.name != COMMENT:
                names.add(token.name)
            elif token.kind == "start":
                opened.add(token.name)
            elif token.kind == "end" and token.name in opened:
                names.add(token.name)
    return frozenset(names)


@dataclass(eq=False)
class TaggedSegment:
    """A segment tokenized once, with its derived views computed on first use."""

    text: str
    tokens: list[Token]

    @classmethod
    def parse(cls, text: str, vocabulary: Collection[str] | None = None) -> "TaggedSegment":
        return cls(text, tokenize(text, vocabulary))

    @cached_property
    def has_markup(self) -> bool:
        return any(token.is_markup for token in self.tokens)

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
