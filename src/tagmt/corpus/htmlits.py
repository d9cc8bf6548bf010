"""ITS 2.0 global rules inside an HTML page (``<script type="application/its+xml"><its:rules …></script>``):
their ``its:translateRule`` and ``its:withinTextRule`` selectors evaluated (lxml XPath) over a mirror of the page's elements as
``corpus.htmlpage`` groups them, in the XHTML namespace as ITS 2.0 says for HTML5 (``//h:code`` with
``xmlns:h="http://www.w3.org/1999/xhtml"`` on the rules). Rules linked with ``<link rel="its-rules" href>``
are not loaded (a page never makes tagmt read another file): the user's ``--its-rules FILE`` stands in for
them, or ``--its-rules linked`` follows them (``corpus.itslinks``: at the ``link``, in document order with the ``script`` rules; with no link, before
them), and a note on stderr names each link left without one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from lxml import etree

from tagmt.corpus import itslinks
from tagmt.corpus.itsrules import ITS_NS, XLINK_NS, apply_rules, rule_params
from tagmt.corpus.markupscan import Attr, Token, attribute, attributes
from tagmt.safexml import parse_bytes

XHTML_NS = "http://www.w3.org/1999/xhtml"


@dataclass
class PageRules:
    """By token index: the translate value global rules give an element, those of its attributes, and its
    Elements Within Text value (``yes``, ``no``, ``nested``)."""

    translate: dict[int, bool] = field(default_factory=dict)
    attributes: dict[int, dict[str, bool]] = field(default_factory=dict)
    within: dict[int, str] = field(default_factory=dict)


def rule_sources(text: str, toks: Sequence[Token], path: Path, attrs_of: dict[int, list[Attr]]
                 ) -> list[tuple[int, etree._Element | None, str, dict[str, str]]]:
    """The page's ITS rules in document order: (token, an ``its:rules`` element — or None for a link —, the
    link's href, the linking element's params); ``attrs_of``: the attributes of each start tag."""
    sources: list[tuple[int, etree._Element | None, str, dict[str, str]]] = []
    for i, tok in enumerate(toks):
        if tok.kind not in ("start", "empty") or tok.name not in ("script", "link"):
            continue
        kind = attribute(attrs_of.get(i, []), "type" if tok.name == "script" else "rel")
        if tok.name == "script" and kind is not None and kind.value.strip().lower() == "application/its+xml":
            body = toks[i + 1] if i + 1 < len(toks) and toks[i + 1].kind == "raw" else None
            if body is None:
                continue
            where = f"{path} (ITS rules in the <script> at line {_line(text, tok.start)})"
            for element in parse_bytes(text[body.start:body.end].strip().encode("utf-8"), where).getroot().iter(
                    f"{{{ITS_NS}}}rules"):
                href = element.get(f"{{{XLINK_NS}}}href")
                if href:  # (linked from the script's rules: as if at their top, ITS 2.0 §5.5)
                    sources.append((i, None, href, rule_params(element)))
                sources.append((i, element, "", {}))
        elif tok.name == "link" and kind is not None and "its-rules" in kind.value.lower().split():
            href = attribute(attrs_of.get(i, []), "href")
            sources.append((i, None, href.value if href else "", {}))
    return sources


def page_rules(text: str, toks: list[Token], parent: list[int], path: Path,
               its_rules: Sequence[str | Path] = ()) -> PageRules | None:
    """The global ITS rules of the page (and of the ``its_rules`` files the user gave) applied to its elements,
    or None when it has none."""
    attrs_of = {i: attributes(text, tok, html=True) for i, tok in enumerate(toks) if tok.kind in ("start", "empty")}
    sources = rule_sources(text, toks, path, attrs_of)
    hrefs = [href for _, rules, href, _ in sources if rules is None]
    files, linked = itslinks.expand(its_rules, path, hrefs)
    first, at_link = itslinks.place(itslinks.load(files, linked), hrefs)
    if not first and not any(at_link) and all(rules is None for _, rules, _, _ in sources):
        for i, _, href, _ in sources:
            itslinks.say(itslinks.link_note(f"{path}:{_line(text, toks[i].start)}", href))
        return None
    root, elements = _mirror(toks, parent, attrs_of)
    translate: dict[int, bool] = {}
    within: dict[int, str] = {}
    chosen: dict[int, dict[str, bool]] = {}
    for rules_file in first:
        for element in rules_file.rules:
            apply_rules(element, root, rules_file.path, translate, within, chosen)
    linked = iter(at_link)
    for i, rules, href, params in sources:
        if rules is not None:
            apply_rules(rules, root, path, translate, within, chosen)
            continue
        given = next(linked)
        for rules_file in given:
            for element in rules_file.rules:
                apply_rules(element, root, rules_file.path, translate, within, chosen, params=params)
        if not given:
            itslinks.say(itslinks.link_note(f"{path}:{_line(text, toks[i].start)}", href))
    found = PageRules()
    for i, element in elements.items():
        if id(element) in translate:
            found.translate[i] = translate[id(element)]
        if id(element) in chosen:
            found.attributes[i] = chosen[id(element)]
        if id(element) in within:
            found.within[i] = within[id(element)]
    return found


def _line(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


#: elements HTML5 puts into ``head`` when they come before the body's content
HEAD_NAMES = frozenset(("title", "meta", "link", "script", "style", "base", "basefont", "bgsound", "noframes",
                        "noscript", "template"))


def html5_places(toks: Sequence[Token], parent: Sequence[int]) -> tuple[dict[int, object], int | None]:
    """Each start tag's parent in the page's HTML5 tree — a start token, or ``"html"``, ``"head"``, ``"body"``
    for the root and for a ``head``/``body`` the page leaves out (HTML5 has them all), or ``("tbody", table,
    k)`` for the ``tbody`` HTML5 makes around rows written right in a ``table`` — and the page's own ``html``
    start tag (None: none). A top-level element goes into ``head`` when it is a head element before the
    body's content, else into ``body``; deeper elements keep their parent (``htmlpage``'s grouping)."""
    starts = [i for i, tok in enumerate(toks) if tok.kind in ("start", "empty")]
    html = next((i for i in starts if toks[i].name == "html" and parent[i] < 0), None)
    head = next((i for i in starts if toks[i].name == "head" and parent[i] in (-1, html)), None)
    body = next((i for i in starts if toks[i].name == "body" and parent[i] in (-1, html)), None)
    places: dict[int, object] = {}
    in_body = False
    runs: dict[int, object] = {}  # a table's open implied tbody: ("tbody", table, serial)
    for i in starts:
        up = parent[i]
        if i == html:
            continue
        if up >= 0 and toks[up].name == "table":
            name = toks[i].name
            if name == "tr":  # (a row right in a table: HTML5 puts it into a tbody of its own making)
                if up not in runs:
                    runs[up] = ("tbody", up, i)
                places[i] = runs[up]
                continue
            runs.pop(up, None)
        if i in (head, body):
            places[i] = "html"
            in_body = in_body or i == body
        elif up < 0 or up == html:
            if toks[i].name in HEAD_NAMES and not in_body:
                places[i] = head if head is not None else "head"
            else:
                in_body = True
                places[i] = body if body is not None else "body"
        else:
            places[i] = up
    return places, html


def _mirror(toks: list[Token], parent: list[int], attrs_of: dict[int, list[Attr]]
            ) -> tuple[etree._Element, dict[int, etree._Element]]:
    """An lxml tree of the page's elements (attributes with XML names only) as HTML5 builds it
    (`html5_places`: ``html``, ``head`` and ``body`` always there), and the element of each start token."""
    places, html = html5_places(toks, parent)
    root = etree.Element(f"{{{XHTML_NS}}}html")
    virtual: dict[object, etree._Element] = {"html": root, "head": etree.SubElement(root, f"{{{XHTML_NS}}}head")}
    elements: dict[int, etree._Element] = {}
    if html is not None:
        elements[html] = root
        _set_attributes(root, attrs_of.get(html, []))
    for i, place in places.items():
        if place == "body" and "body" not in virtual:
            virtual["body"] = etree.SubElement(root, f"{{{XHTML_NS}}}body")
        if isinstance(place, tuple) and place not in virtual and place[1] in elements:
            virtual[place] = etree.SubElement(elements[place[1]], f"{{{XHTML_NS}}}tbody")
        up = virtual.get(place) if isinstance(place, (str, tuple)) else elements.get(place)  # type: ignore[arg-type]
        if up is None:  # (under an element no selector can name)
            continue
        if toks[i].name == "head" and place == "html":
            element = virtual["head"]  # (the page's own head: the one made first, in its place)
        else:
            try:
                element = etree.SubElement(up, f"{{{XHTML_NS}}}{toks[i].name}")
            except ValueError:  # not an XML name: no selector can name it
                continue
        _set_attributes(element, attrs_of.get(i, []))
        elements[i] = element
    if "body" not in virtual and not any(e.tag == f"{{{XHTML_NS}}}body" for e in root):
        etree.SubElement(root, f"{{{XHTML_NS}}}body")
    return root, elements


def _set_attributes(element: etree._Element, attrs: list[Attr]) -> None:
    for attr in attrs:
        if ":" in attr.name:
            continue
        try:
            element.set(attr.name, attr.value)
        except ValueError:
            continue
