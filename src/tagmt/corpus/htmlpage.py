"""HTML and XHTML pages (``html`` format; an XML document whose root is XHTML's ``html`` is the ``xhtml``
registration of the same reader).

Read: block elements (``p``, ``h1``–``h6``, ``li``, ``td``, ``th``, ``dt``, ``dd``, ``caption``,
``figcaption``, ``title``, ``div``…: anything not inline) make segments of the text and inline elements they
hold directly; inline elements (``a``, ``b``, ``em``, ``span``, ``abbr``, ``sup``…, and unknown ones, as
browsers show them) are ``<g>`` codes, void ones (``br``, ``img``, ``input``) ``<x/>`` codes. Text that
carries its own meaning in attributes is a segment of its own: ``title``, ``alt``, ``placeholder``,
``aria-label`` (and ``aria-description``/``-placeholder``/``-roledescription``/``-valuetext``), ``label`` of
``option``/``optgroup``/``track``, ``abbr`` of ``th``, ``<meta name|property="description|keywords|og:title|
og:description|twitter:…" content>``, the ``value`` of ``<input type=submit|button|reset>``.

Not translated: ``script``, ``style``, ``pre``, ``textarea`` (a user's input; its ``placeholder`` is
translated), ``template``, ``svg``, ``math``, ``code``/``kbd``/``samp``, and any element with
``translate="no"`` or class ``notranslate`` (``translate="yes"`` inside turns it back on). Between blocks
they are left out; inside a sentence they are one ``<x/>`` code holding the whole element.

Unclosed ``p``/``li``/``td``… and stray end tags are grouped as a browser would (a ``p`` ends at the next
block, an ``li`` at the next ``li``); nothing in a page is refused but its encoding.

Written: each target spliced into the original text (``corpus.docwrite``), everything else as it was;
``&``, ``<``, ``>`` (and the quote, in attributes) escaped, characters the encoding lacks as references;
``<html lang>`` (and an existing ``xml:lang``, and ``<meta http-equiv="content-language">``) set to the target
language. Encoding: a byte-order mark, else
``<meta charset>`` / ``http-equiv`` or the XML declaration (a legacy label read with the wider decoder browsers use
where the named one falls short: iso-8859-1/us-ascii as windows-1252, Shift_JIS as cp932, EUC-KR as cp949), else
UTF-8 — or windows-1252 when the bytes are not UTF-8, as browsers read an undeclared page (a note says so); kept on
output.
"""

from __future__ import annotations

import codecs
import html
import re
from array import array
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Sequence

from tagmt.corpus import docwrite
from tagmt.corpus.docwrite import Edit, Skeleton
from tagmt.corpus.formats import InputFormat, register
from tagmt.corpus.htmlits import PageRules, page_rules
from tagmt.corpus.markupruns import BLOCK, INLINE, NESTED, OPAQUE, VOID, Grouper, Syntax, Tree
from tagmt.corpus.markupscan import VOID as VOID_NAMES
from tagmt.corpus.markupscan import Attr, Token, Tokens, attribute, attributes, tokens
from tagmt.corpus.model import Corpus
from tagmt.corpus.notes import say
from tagmt.corpus.placeholders import compile_finder
from tagmt.errors import TagmtError
from tagmt.safeio import decode_utf8

XHTML_NS = "http://www.w3.org/1999/xhtml"
INLINE_NAMES = frozenset((
    "a abbr acronym b bdi bdo big blink button cite data del dfn em font i ins label mark nobr q rb rp rt rtc "
    "ruby s small span strike strong sub sup time tt u output meter progress slot"
).split())
PROTECTED_NAMES = frozenset(("code", "kbd", "samp"))
OPAQUE_NAMES = frozenset(("script", "style", "pre", "textarea", "template", "svg", "math", "xmp", "iframe",
                          "noembed", "noframes", "plaintext", "object", "canvas", "listing"))
KNOWN_BLOCKS = frozenset((
    "html head body title address article aside blockquote details dialog dd div dl dt fieldset figcaption "
    "figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr li main menu nav ol p section table caption "
    "thead tbody tfoot tr td th ul legend summary option optgroup select datalist center dir noscript "
    "colgroup map video audio picture frameset"
).split())
_CLOSES_P = KNOWN_BLOCKS - {"html", "head", "body", "title", "span", "tr", "td", "th", "thead", "tbody",
                            "tfoot", "caption", "option", "optgroup", "select", "datalist", "noscript",
                            "colgroup", "map", "video", "audio", "picture", "legend", "summary"} | {"pre", "listing"}
#: an element whose start tag closes an open one of these names, unless one of the stoppers is nearer
_IMPLIED = {
    "li": (("li",), ("ul", "ol", "menu")),
    "dt": (("dt", "dd"), ("dl",)),
    "dd": (("dt", "dd"), ("dl",)),
    "tr": (("tr", "td", "th"), ("table", "thead", "tbody", "tfoot")),
    "td": (("td", "th"), ("tr", "table")),
    "th": (("td", "th"), ("tr", "table")),
    "tbody": (("tr", "td", "th", "thead", "tbody"), ("table",)),
    "tfoot": (("tr", "td", "th", "thead", "tbody"), ("table",)),
    "option": (("option",), ("select", "datalist", "optgroup")),
    "optgroup": (("option", "optgroup"), ("select",)),
}
#: how far down the open elements an end tag looks for its start (a page with thousands of unclosed <font>s
#: stays linear; an element deeper than this is left open, as no real page nests so deep)
_REACH = 512
TEXT_ATTRIBUTES = ("title", "alt", "placeholder", "aria-label", "aria-description", "aria-placeholder",
                   "aria-roledescription", "aria-valuetext")
_ELEMENT_ATTRIBUTES = {"option": ("label",), "optgroup": ("label",), "track": ("label",), "th": ("abbr",)}
META_NAMES = ("description", "keywords", "og:title", "og:description", "og:site_name", "twitter:title",
              "twitter:description", "application-name")
_CHARSET = re.compile(rb"<meta\s[^>]*?charset\s*=\s*[\"']?\s*([A-Za-z0-9._:-]+)", re.I)
_XML_ENCODING = re.compile(rb"\A<\?xml\s[^>]*?encoding\s*=\s*[\"']([A-Za-z0-9._:-]+)")
_START = re.compile(
    rb"\A(?:\xef\xbb\xbf)?\s*(?:<\?xml[^>]*>\s*)?(?:<!--.*?-->\s*)*(?:<!doctype\s+html[\s>]|<html[\s>])", re.I | re.S)
_REFERENCE = re.compile(r"&(?:#[0-9]+|#[xX][0-9A-Fa-f]+|[A-Za-z][A-Za-z0-9]*);")


def decode(data: bytes, path: Path) -> tuple[str, str]:
    """The page's text (a byte-order mark kept, as a character) and the codec that writes it back."""
    for bom, codec in ((codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le"),
                       (codecs.BOM_UTF16_BE, "utf-16-be")):
        if data.startswith(bom):
            return _decoded(data, path, codec), codec
    head = data[:4096]
    found = _CHARSET.search(head) or _XML_ENCODING.search(head)
    name = found.group(1).decode("ascii").lower() if found else "utf-8"
    try:
        codec = codecs.lookup(name).name
    except LookupError:
        raise TagmtError(f"{path}:{_line(data, found.start())}: unknown character encoding {name!r} declared; "
                         "declare a known one (<meta charset=\"utf-8\">)") from None
    if codec in ("utf-16", "utf-16-le", "utf-16-be"):  # declared over ASCII bytes: browsers read UTF-8
        codec = "utf-8"
    if codec == "utf-8" and found is None:
        try:
            return data.decode("utf-8"), codec
        except UnicodeDecodeError:  # no declaration, not UTF-8: what browsers read then
            text = _decoded(data, path, "windows-1252")
            say(f"{path}: no encoding declared and not UTF-8: read as windows-1252, as browsers do (declare "
                "<meta charset> if it is another)")
            return text, "windows-1252"
    if codec == "utf-8":
        return decode_utf8(data, path, what="HTML page", fix="declare its encoding (<meta charset>)"), codec
    return _as_browsers_read(data, path, codec)


#: the Encoding Standard's decoders for legacy labels, wider than Python's codec of the same name: a page that
#: says iso-8859-1 or us-ascii is windows-1252 to every browser, Shift_JIS is cp932, EUC-KR cp949, GB2312 GBK
_BROWSERS_READ = {"iso8859-1": "cp1252", "ascii": "cp1252", "iso8859-9": "cp1254", "tis-620": "cp874",
                  "shift_jis": "cp932", "euc_kr": "cp949", "gb2312": "gbk"}
_C1 = re.compile(rb"[\x80-\x9f]")


def _as_browsers_read(data: bytes, path: Path, codec: str) -> tuple[str, str]:
    """``data`` in the declared ``codec``, or in the wider one browsers use for its label when the declared one
    cannot read the bytes (or reads C1 controls where windows-1252 has quotes and dashes); written back in it."""
    wider = _BROWSERS_READ.get(codec)
    if wider is not None:
        try:
            narrow: str | None = data.decode(codec)
        except UnicodeDecodeError:
            narrow = None
        if narrow is None or (wider.startswith("cp12") or wider == "cp874") and _C1.search(data):
            try:
                return data.decode(wider), wider
            except UnicodeDecodeError:  # (bytes neither reads: the declared codec's message)
                pass
        if narrow is not None:
            return narrow, codec
    return _decoded(data, path, codec), codec


def _decoded(data: bytes, path: Path, codec: str) -> str:
    try:
        return data.decode(codec)
    except UnicodeDecodeError as exc:
        raise TagmtError(f"{path}:{_line(data, exc.start)}: byte 0x{data[exc.start]:02x} is not {codec}, the "
                         "page's declared encoding; fix the declaration or the bytes") from None


def _line(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


def build_tree(text: str, toks: list[Token], path: Path | None = None, its_rules: Sequence[str] = ()) -> Tree:
    """Which element each token belongs to, as a browser groups a page (implied ends of ``p``, ``li``…), and
    what is translated: ``translate``/``notranslate`` on the element, else ITS rules of the page or given
    (``its_rules``, ``corpus.htmlits``), else its parent's."""
    return page_tree(text, toks, path, its_rules)[0]


@dataclass
class PageFacts:
    """What `page_tree` found besides the reader's `Tree` (for ``corpus.itsview``): each token's parent
    element (-1: none), each start tag's ITS Translate value (local markup, global rules, inheritance: before
    tagmt's own ``code``/``kbd``/``samp``), and the page's global rules (None: none)."""

    parent: Sequence[int]
    its: bytearray
    rules: PageRules | None


def page_tree(text: str, toks: list[Token], path: Path | None = None, its_rules: Sequence[str] = ()
              ) -> tuple[Tree, PageFacts]:
    """`build_tree`'s tree and the `PageFacts` it was made of (one walk for the reader and the ITS view)."""
    size = len(toks)
    column = array("i" if size < 2**31 else "q", [-1])  # (columns: a page has a token every few bytes)
    match = column * size  # (-1: unclosed)
    roles = _Roles(toks) if isinstance(toks, Tokens) else None  # (by the name's number: no column at all)
    role: Sequence[str] = roles if roles is not None else [""] * size
    parent = column * size
    stack: list[int] = []
    local: dict[int, bool] = {}  # the element's own translate say, where it has one
    for i, tok in enumerate(toks):
        if tok.kind in ("start", "empty"):
            _close_implied(toks, stack, tok.name)
            if "translate" in text[tok.start:tok.end]:
                value = _local_translate(attributes(text, tok, html=True))
                if value is not None:
                    local[i] = value
            if roles is None:
                role[i] = _role(tok.name)  # type: ignore[index]
            parent[i] = stack[-1] if stack else -1
            if tok.kind == "start" and tok.name not in VOID_NAMES:
                stack.append(i)
            continue
        if tok.kind == "end":
            for depth in range(len(stack) - 1, max(-1, len(stack) - 1 - _REACH), -1):
                if toks[stack[depth]].name == tok.name:
                    match[stack[depth]] = i
                    del stack[depth:]
                    break
        parent[i] = stack[-1] if stack else -1
    has_rules = bool(toks) and (bool(its_rules) or text.find("its+xml", toks[0].start, toks[-1].end) >= 0
                                or text.find("its-rules", toks[0].start, toks[-1].end) >= 0)  # (linked: a note)
    rules = page_rules(text, toks, parent, path or Path("page"), its_rules) if has_rules else None
    if rules is not None and rules.within:  # an its:withinTextRule makes an inline element a block or back
        role = _Within(role, rules.within)
    translate = bytearray(b"\x01") * size
    its = bytearray(b"\x01") * size  # (the ITS value: without tagmt's own code/kbd/samp)
    for i, tok in enumerate(toks):
        inherited = translate[parent[i]] if parent[i] >= 0 else True
        if tok.kind in ("start", "empty"):
            value = local.get(i)
            if value is None and rules is not None:
                value = rules.translate.get(i)
            translate[i] = (inherited if value is None else value) and tok.name not in PROTECTED_NAMES
            its[i] = (its[parent[i]] if parent[i] >= 0 else True) if value is None else value
        else:
            translate[i] = inherited

    def attrs(i: int) -> list[Attr]:
        tok = toks[i]
        if "=" not in text[tok.start:tok.end]:
            return []
        every = attributes(text, tok, html=True)
        chosen = rules.attributes.get(i) if rules is not None else None
        if not translate[i]:  # HTML's translate="no" covers the element's attributes; a global rule may choose one
            return [a for a in every if chosen and chosen.get(a.name)]
        found = _text_attributes(tok.name, every)
        if chosen:
            found = [a for a in found if chosen.get(a.name, True)]
            found += [a for a in every if chosen.get(a.name) and a not in found]
        return sorted(found, key=lambda a: a.start)

    tree = Tree(match, role, translate, attrs, inline_end=lambda name: _role(name) in (INLINE, VOID))
    return tree, PageFacts(parent, its, rules)


class _Roles(Sequence[str]):
    """The role of each start tag of ``toks`` (`_role` of its name; meaningless for other tokens, as the tree
    asks it of start tags only), from the name's number: a page's few dozen names, not a column of tokens."""

    def __init__(self, toks: Tokens) -> None:
        self.names, self.of_number = toks.names, [_role(name) for name in toks.named]

    def __len__(self) -> int:
        return len(self.names)

    def __getitem__(self, i):  # type: ignore[no-untyped-def, override]
        return self.of_number[self.names[i]]


class _Within(Sequence[str]):
    """``roles`` with the Elements Within Text values of ITS rules (by token index) over them: ``yes`` inline,
    ``no`` a block, ``nested`` nested; void and untouched elements (``script``, ``pre``…) keep theirs."""

    def __init__(self, roles: Sequence[str], within: dict[int, str]) -> None:
        self.roles, self.within = roles, within

    def __len__(self) -> int:
        return len(self.roles)

    def __getitem__(self, i):  # type: ignore[no-untyped-def, override]
        role = self.roles[i]
        value = self.within.get(i)
        if value is None or role not in (INLINE, BLOCK):
            return role
        return INLINE if value == "yes" else NESTED if value == "nested" else BLOCK


def _close_implied(toks: list[Token], stack: list[int], name: str) -> None:
    rules = [_IMPLIED[name]] if name in _IMPLIED else []
    if name in _CLOSES_P:
        rules.append((("p",), tuple(KNOWN_BLOCKS - {"p"})))
    for closes, stoppers in rules:
        for depth in range(len(stack) - 1, max(-1, len(stack) - 1 - _REACH), -1):
            open_name = toks[stack[depth]].name
            if open_name in closes:
                del stack[depth:]
                break
            if open_name in stoppers:
                break


def _local_translate(attrs: list[Attr]) -> bool | None:
    """The element's own say: ``translate="no"`` or class ``notranslate`` → False, ``translate="yes"`` → True."""
    found = attribute(attrs, "translate")
    if found is not None and found.value.strip().lower() == "no":
        return False
    css = attribute(attrs, "class")
    if css is not None and "notranslate" in css.value.split():
        return False
    if found is not None and found.value.strip().lower() in ("yes", ""):
        return True
    return None


def _role(name: str) -> str:
    if name in VOID_NAMES:
        return VOID
    if name in OPAQUE_NAMES:
        return OPAQUE
    if name in INLINE_NAMES or name in PROTECTED_NAMES:
        return INLINE
    if name in KNOWN_BLOCKS:
        return BLOCK
    return INLINE  # an unknown (custom) element: browsers show it inline


def _text_attributes(name: str, attrs: list[Attr]) -> list[Attr]:
    wanted = TEXT_ATTRIBUTES + _ELEMENT_ATTRIBUTES.get(name, ())
    found = [a for a in attrs if a.name in wanted]
    if name == "meta":
        kind = attribute(attrs, "name") or attribute(attrs, "property")
        if kind is not None and kind.value.strip().lower() in META_NAMES:
            found += [a for a in attrs if a.name == "content"]
    elif name == "input":
        kind = attribute(attrs, "type")
        if kind is not None and kind.value.strip().lower() in ("submit", "button", "reset"):
            found += [a for a in attrs if a.name == "value"]
    return sorted(found, key=lambda a: a.start)


def escape_text(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def escape_attribute(quote: str) -> "partial[str]":
    return partial(_escape_in, quote, "&#39;" if quote == "'" else "&quot;")


def _escape_in(quote: str, reference: str, text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(quote, reference)


def unescape_attribute(value: str) -> str:
    """An attribute value's references read (only those with their ``;``, as browsers read attributes)."""
    return _REFERENCE.sub(lambda m: html.unescape(m.group()), value) if "&" in value else value


def declare_language(tags: list[Token], text: str, trg_lang: str) -> list[Edit]:
    """``<html lang>`` (``tags``: the page's ``<html>``, if any, first; and ``xml:lang`` where the page has it)
    set to ``trg_lang``, added when missing; ``<meta http-equiv="content-language" content>`` set too."""
    value = escape_attribute('"')(trg_lang)
    edits: list[Edit] = []
    for tag in tags:
        attrs = attributes(text, tag, html=True)
        names = ("lang", "xml:lang") if tag.name == "html" else ("content",)
        edits += [(a.start, a.end, value if a.quote else f'"{value}"')
                  for a in attrs if a.name in names and a.quote is not None]
        if tag.name == "html" and attribute(attrs, "lang") is None:
            at = tag.start + len("<html")
            edits.append((at, at, f' lang="{value}"'))
    return edits


def _language_tags(text: str, toks: list[Token]) -> list[Token]:
    """The page's ``<html>`` start tag and its ``<meta http-equiv="content-language">`` tags."""
    found = [t for t in toks if t.kind in ("start", "empty") and t.name == "html"][:1]
    for tok in toks:
        if tok.name == "meta" and tok.kind in ("start", "empty") and "anguage" in text[tok.start:tok.end]:
            kind = attribute(attributes(text, tok, html=True), "http-equiv")
            if kind is not None and kind.value.strip().lower() == "content-language":
                found.append(tok)
    return found


def read(path: Path, data: bytes, stream: object = None, *, placeholders: tuple[str, ...] | None = None,
         placeholder_regexes: tuple[str, ...] = (), references: list[str | None] | None = None,
         references_name: object = None, its_rules: tuple[str, ...] = (), **_: object) -> Corpus:
    """An HTML or XHTML page as a corpus (see the module docstring); ``placeholders``: none by default;
    ``its_rules``: the rules files the user gave (``--its-rules``, ``corpus.htmlits``)."""
    path = Path(path)
    text, codec = decode(data, path)
    toks = tokens(text, html=True)
    root = _language_tags(text, toks)
    syntax = Syntax(html.unescape, escape_text, escape_attribute,
                    compile_finder(placeholders or (), tuple(placeholder_regexes)), unescape_attribute)
    grouper = Grouper(text, toks, build_tree(text, toks, path, its_rules), syntax)
    del toks  # (the grouper lets the tokens go once it has read them)
    segments, places, spans = grouper.segments()
    skeleton = Skeleton(text, codec, places, spans, declare=partial(declare_language, root),
                        errors="xmlcharrefreplace")
    segments = docwrite.with_references(path, segments, references, references_name)
    return Corpus("html", segments, path, escaped=True, native=skeleton, writer=docwrite.write)


def sniff(path: Path, head: bytes) -> bool:
    """An ``.html``/``.htm``/``.xhtml`` file, or one that starts with ``<!DOCTYPE html`` or ``<html``."""
    return path.name.lower().endswith((".html", ".htm", ".xhtml")) or _START.match(head) is not None


FORMAT = register(InputFormat(
    "html", "HTML page", order=10, read=read, write=docwrite.write, extensions=(".html", ".htm", ".xhtml"),
    bilingual=False, writes_targets=True, sniff=sniff,
))
XHTML_FORMAT = register(InputFormat(
    "xhtml", "XHTML page", order=11, read=read, write=docwrite.write, xml=True, bilingual=False, extensions=(".xhtml",),
    writes_targets=True, recognises=lambda name, ns, _version: name == "html" and ns == XHTML_NS,
))
