"""The W3C ITS 2.0 Translate data category of every node of a document, in the ITS 2.0 test suite's output
format (``tagmt views --input F --view its-translate``): one line per element and per attribute, in document
order (an element's attributes right after it, sorted by name), ``PATH<TAB>translate="yes|no"``. A path is the
node's XPath from the root: ``/doc``, ``/doc/body[1]/p[2]``, ``/doc/p[1]/@its:translate`` — names as the
document writes them (prefix:local; ``xml:`` for the XML namespace), each step after the root with its
position among the siblings of the same name. Namespace declarations are no attributes.

The values come from the readers' own resolution (one walk, no second engine): XML documents from
``corpus.itsrules.resolve`` (its ``translate`` and attribute names; ``its:rules`` get their value as any
element), HTML pages from ``corpus.htmlpage.page_tree`` (``PageFacts.its``: local ``translate``, the page's and
given global rules, inheritance). Attributes in XML: no unless a global rule says yes. In HTML, the
translatable attributes of HTML (``HTML_TRANSLATABLE``: ``title``, ``alt``, ``lang``, ``style``…) take
their element's value, a global rule over that, every other attribute no. HTML paths are those of the
page's HTML5 tree: ``html``, ``head`` and ``body`` are there even when the page leaves their tags out
(elements of the head before the first body content go into ``head``); the content of ``script`` is not
listed.

Where tagmt's reader differs from the ITS value (``reader_differs``, documented in docs/formats.md): it
never translates ITS rules markup, HTML's ``code``/``kbd``/``samp``/``script``/``style``/``pre``…, and of HTML
attributes it translates its own list (``aria-label``, …) rather than ``lang``, ``style``, ``srcdoc`` and
``download``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator, Sequence

from lxml import etree

from tagmt.corpus.detect import detect
from tagmt.corpus.files import read_bytes
from tagmt.corpus.itsxml import qualified
from tagmt.errors import TagmtError
from tagmt.safexml import parse_bytes

#: HTML's translatable attributes (HTML Living Standard, "the translate attribute"), by element (None: any)
HTML_TRANSLATABLE = {"abbr": ("th",), "alt": ("area", "img", "input"), "content": ("meta",),
                     "download": ("a", "area"), "label": ("optgroup", "option", "track"), "lang": None,
                     "placeholder": ("input", "textarea"), "srcdoc": ("iframe",), "style": None, "title": None,
                     "value": ("input",)}
#: the translatable ``meta`` names (their ``content``) and ``input`` types (their ``value``)
META_NAMES = ("description", "keywords", "application-name")
INPUT_TYPES = ("button", "reset")  # (HTML lists these two; tagmt's reader also translates submit's)


def translate_lines(path: str | Path, its_rules: Sequence[str | Path] = ()) -> list[str]:
    """The suite's lines for ``path`` (an HTML page or any XML document); ``its_rules`` as ``read_corpus``'s."""
    return list(iter_translate_lines(path, its_rules))


def iter_translate_lines(path: str | Path, its_rules: Sequence[str | Path] = ()) -> Iterator[str]:
    """`translate_lines` one at a time (the document is read and resolved before the first)."""
    path = Path(path)
    data = read_bytes(path)
    if not data.strip():
        raise TagmtError(f"{path}: the file is empty")
    name, stream = detect(path, data)
    if stream is not None:
        stream.drain()  # type: ignore[attr-defined]  # (a syntax error named first)
    if name == "html":
        return _html_lines(path, data, its_rules)
    from tagmt.corpus.formats import file_formats

    if not file_formats()[name].xml:
        raise TagmtError(f"{path}: --view its-translate is for HTML pages and XML documents, not this file "
                         f"({file_formats()[name].display})")
    return _xml_lines(path, data, its_rules)


def rules_for_copies(document: str | Path, its_rules: Sequence[str | Path]) -> tuple[str, ...]:
    """``its_rules`` for reading a copy of ``document`` kept elsewhere (its translation, a hypothesis) as the
    document was read: ``linked`` replaced by the files the document's own links name, beside the document."""
    from tagmt.corpus import itslinks

    if not any(str(rules) == itslinks.LINKED for rules in its_rules):
        return tuple(str(rules) for rules in its_rules)
    document = Path(document)
    files, _linked = itslinks.expand(its_rules, document, linked_hrefs(document))
    return tuple(str(f) for f in files)


def linked_hrefs(path: Path) -> list[str]:
    """The hrefs of the ITS rules an HTML page or XML document links, in document order (none: another format)."""
    data = read_bytes(path)
    name, stream = detect(path, data)
    if stream is not None:
        stream.drain()  # type: ignore[attr-defined]
    if name == "html":
        from tagmt.corpus.htmlits import rule_sources
        from tagmt.corpus.htmlpage import decode
        from tagmt.corpus.markupscan import attributes, tokens

        text, _codec = decode(data, path)
        toks = tokens(text, html=True)
        attrs_of = {i: attributes(text, t, html=True) for i, t in enumerate(toks) if t.name in ("link", "script")
                    and t.kind in ("start", "empty")}
        return [href for _, rules, href, _ in rule_sources(text, toks, path, attrs_of) if rules is None]
    from tagmt.corpus.formats import file_formats
    from tagmt.corpus.itsrules import ITS_NS, XLINK_NS

    if not file_formats()[name].xml:
        return []
    root = parse_bytes(data, path, "XML document").getroot()
    return [r.get(f"{{{XLINK_NS}}}href") or "" for r in root.iter(f"{{{ITS_NS}}}rules") if r.get(f"{{{XLINK_NS}}}href")]


def _line(path: str, yes: bool) -> str:
    return f'{path}\ttranslate="{"yes" if yes else "no"}"'


def _xml_lines(path: Path, data: bytes, its_rules: Sequence[str | Path]) -> Iterator[str]:
    from tagmt.corpus.itsrules import resolve

    tree = parse_bytes(data, path, "XML document")
    resolved = resolve(tree, path, its_rules)
    paths: dict[int, str] = {}
    counts: dict[tuple[int, str], int] = {}
    for element in resolved.elements:
        parent = element.getparent()
        name = _qualified(element, element.tag)
        if parent is None:
            step = f"/{name}"
        else:
            key = (id(parent), element.tag)
            counts[key] = counts.get(key, 0) + 1
            step = f"{paths[id(parent)]}/{name}[{counts[key]}]"
        paths[id(element)] = step
        yield _line(step, resolved.translate[id(element)])
        chosen = resolved.attribute_names(element)
        for shown, clark in sorted((_qualified(element, a), a) for a in element.attrib):
            yield _line(f"{step}/@{shown}", clark in chosen)


def _qualified(element: etree._Element, name: str) -> str:
    """``{ns}local`` as the document writes it: the element's own name with its prefix, else as the reader names an
    attribute (``itsxml.qualified``: ``prefix:local``, ``xml:lang``)."""
    if name == element.tag and element.prefix and name.startswith("{"):
        return f"{element.prefix}:{name.split('}', 1)[1]}"
    return qualified(element, name)


def _html_lines(path: Path, data: bytes, its_rules: Sequence[str | Path]) -> Iterator[str]:
    from tagmt.corpus.htmlits import html5_places
    from tagmt.corpus.htmlpage import decode, page_tree
    from tagmt.corpus.markupscan import attributes, tokens

    text, _codec = decode(data, path)
    toks = tokens(text, html=True)
    _tree, facts = page_tree(text, toks, path, tuple(str(r) for r in its_rules))
    chosen_of = facts.rules.attributes if facts.rules is not None else {}
    places, html = html5_places(toks, facts.parent)
    root_yes = bool(facts.its[html]) if html is not None else True
    paths: dict[object, str] = {"html": "/html"}
    counts: dict[tuple[object, str], int] = {}
    yield _line("/html", root_yes)
    if html is not None:
        yield from _html_attributes(text, toks[html], root_yes, chosen_of.get(html, {}), "/html", attributes)
    own = {toks[i].name for i, place in places.items() if place == "html"}  # (the page's own head, body)
    if "head" not in own:  # (HTML5 has a head and a body even when the page leaves them out: the root's value)
        paths["head"] = "/html/head[1]"
        yield _line(paths["head"], root_yes)
    body_shown = "body" in own
    for i, place in places.items():
        tok = toks[i]
        if place == "body" and not body_shown:
            paths["body"], body_shown = "/html/body[1]", True
            yield _line(paths["body"], root_yes)
        if isinstance(place, tuple) and place not in paths:  # (an implied tbody: its table's value)
            table = place[1]
            counts[(table, "tbody")] = counts.get((table, "tbody"), 0) + 1
            paths[place] = f"{paths[table]}/tbody[{counts[(table, 'tbody')]}]"
            yield _line(paths[place], bool(facts.its[table]))
        key = (place, tok.name)
        counts[key] = counts.get(key, 0) + 1
        paths[i] = f"{paths[place]}/{tok.name}[{counts[key]}]"
        yes = bool(facts.its[i])
        yield _line(paths[i], yes)
        yield from _html_attributes(text, tok, yes, chosen_of.get(i, {}), paths[i], attributes)
    if not body_shown:
        yield _line("/html/body[1]", root_yes)


def _html_attributes(text: str, tok, yes: bool, chosen: dict[str, bool], step: str, attributes) -> Iterator[str]:
    seen: set[str] = set()
    every = attributes(text, tok, html=True)
    for attr in sorted(every, key=lambda a: a.name):
        if attr.name in seen or attr.name == "xmlns" or attr.name.startswith("xmlns:"):
            continue  # (a repeated attribute: the first counts; namespace declarations are no attributes)
        seen.add(attr.name)
        value = chosen.get(attr.name)
        if value is None:
            value = yes and html_translatable(tok.name, attr.name, every)
        yield _line(f"{step}/@{attr.name}", value)


def html_translatable(element: str, name: str, attrs) -> bool:
    """Whether ``name`` is a translatable attribute of HTML on ``element`` (``attrs``: the element's)."""
    if name not in HTML_TRANSLATABLE:
        return False
    on = HTML_TRANSLATABLE[name]
    if on is not None and element not in on:
        return False
    if element == "meta" and name == "content":
        kind = next((a.value for a in attrs if a.name == "name"), "")
        return kind.strip().lower() in META_NAMES
    if element == "input" and name == "value":
        kind = next((a.value for a in attrs if a.name == "type"), "")
        return kind.strip().lower() in INPUT_TYPES
    return True
