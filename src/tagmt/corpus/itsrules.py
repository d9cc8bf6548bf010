"""W3C ITS 2.0 Translate and Elements Within Text, resolved for every element of an XML document, with
DITA's defaults built in (``corpus.itsxml`` reads the document with them).

Precedence (ITS 2.0 §5.5): local markup (``its:translate``, ``its:withinText``; ``translate`` without a
namespace in DITA and on XHTML elements — in other XML it is not ITS and means nothing) over global rules
(``<its:rules>`` anywhere in the document, each ``its:translateRule``/``its:withinTextRule`` with an XPath
``selector`` evaluated by lxml, ``its:param`` values as XPath variables; a later rule over an earlier one; rules
with another ``queryLanguage`` than XPath are refused in one line: what they say cannot be left out silently)
over inheritance (Translate passes to descendants, Elements Within Text does not) over the defaults (elements
translated, attributes not, elements not within text). ``<its:rules>`` and its content are never text. Linked
rules (``xlink:href`` on ``its:rules``) are not loaded: a document never makes tagmt read another file; the
user's ``--its-rules FILE`` stands in for them, or ``--its-rules linked`` follows them (``corpus.itslinks``: at
the linking element, before its own rules; a note names each link left without one). ``its:rules`` and what
it holds get a Translate value as any element (``corpus.itsview`` lists it) but are never text.

DITA (a root such as ``topic``/``concept``/``task``/``reference``/``map`` or a ``class="- topic/…"``): phrase
elements (``ph``, ``b``, ``i``, ``uicontrol``, ``xref``, ``keyword``, ``term``, ``filepath``…) are within
text; ``codeph`` and the like are within text and not translated (kept as codes); ``fn``/``indexterm`` are
nested (segments of their own); ``codeblock``, ``pre``, ``screen``, ``msgblock``, ``draft-comment``,
``required-cleanup``, ``data``, ``prolog`` are not translated; ``navtitle`` (and an image's ``alt``)
attributes are.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from lxml import etree

from tagmt.corpus import itslinks
from tagmt.errors import TagmtError

ITS_NS = "http://www.w3.org/2005/11/its"
XLINK_NS = "http://www.w3.org/1999/xlink"
YES, NO, NESTED = "yes", "no", "nested"

DITA_ROOTS = frozenset(("topic", "concept", "task", "reference", "glossentry", "glossgroup", "troubleshooting",
                        "map", "bookmap", "subjectScheme", "dita", "learningContent", "learningOverview",
                        "learningSummary", "learningAssessment", "learningPlan"))
DITA_INLINE = frozenset((
    "ph b i u sup sub tt line-through overline uicontrol wintitle menucascade xref keyword term abbreviated-form "
    "tm cite q filepath cmdname varname option parmname systemoutput userinput msgph synph kwd var delim sep "
    "oper repsep text state shortcut image equation-inline boolean"
).split())
DITA_PROTECTED = frozenset(("codeph", "apiname", "xmlelement", "xmlatt", "numcharref", "parameterentity",
                            "textentity", "xmlnsname", "msgnum", "coderef", "data", "data-about", "unknown",
                            "foreign", "draft-comment", "required-cleanup"))
DITA_NESTED = frozenset(("fn", "indexterm", "alt", "index-see", "index-see-also", "index-sort-as"))
DITA_UNTOUCHED = frozenset(("codeblock", "pre", "screen", "msgblock", "draft-comment", "required-cleanup",
                            "data", "data-about", "unknown", "foreign", "prolog", "coderef", "object"))
DITA_ATTRIBUTES = ("navtitle", "alt")  # (alt: on image, DITA 1.0)


@dataclass
class Resolved:
    """Per element (by ``id()`` of the lxml element): translated or not, within text (yes/no/nested); and the
    names of the attributes (``{ns}local`` or ``local``) translated on each element."""

    translate: dict[int, bool] = field(default_factory=dict)
    within: dict[int, str] = field(default_factory=dict)
    attributes: dict[int, set[str]] = field(default_factory=dict)
    #: elements whose blank space is significant (``xml:space="preserve"``, inherited; DITA ``lines``)
    preserve: set[int] = field(default_factory=set)
    notes: list[str] = field(default_factory=list)
    #: ``its:rules`` elements and everything inside them: ITS gives them a Translate value as to any element
    #: (``translate`` says it), but they are markup, never text: the reader leaves them out (``text``)
    machinery: set[int] = field(default_factory=set)
    #: every element in document order (held, so that ``id()`` of each stays its own)
    elements: list[etree._Element] = field(default_factory=list)


    def text(self, element: etree._Element) -> bool:
        """Whether the reader translates ``element``'s text: its Translate value, unless it is ITS rules."""
        return self.translate[id(element)] and id(element) not in self.machinery

    def attribute_names(self, element: etree._Element) -> set[str]:
        """The names (``{ns}local`` or ``local``) of ``element``'s attributes whose Translate value is yes."""
        return self.attributes.get(id(element), set())


def is_dita(root: etree._Element) -> bool:
    local = etree.QName(root).localname
    cls = root.get("class") or ""
    return local in DITA_ROOTS or cls.startswith(("- topic/", "- map/"))


def resolve(tree: etree._ElementTree, path: str | Path, its_rules: Sequence[str | Path] = ()) -> Resolved:
    """Translate and Elements Within Text of every element of ``tree`` (see the module docstring);
    ``its_rules``: rules files the user gave for the rules the document links (``corpus.itslinks``)."""
    root = tree.getroot()
    dita = is_dita(root)
    global_translate: dict[int, bool] = {}
    global_within: dict[int, str] = {}
    attribute_rules: dict[int, dict[str, bool]] = {}
    out = Resolved(elements=list(root.iter(etree.Element)))
    every = list(root.iter(f"{{{ITS_NS}}}rules"))
    hrefs = [rules.get(f"{{{XLINK_NS}}}href") or "" for rules in every if rules.get(f"{{{XLINK_NS}}}href")]
    files, linked = itslinks.expand(its_rules, Path(path), hrefs)
    first, at_link = itslinks.place(itslinks.load(files, linked), hrefs)
    found = (global_translate, global_within, attribute_rules)
    for rules_file in first:
        for element in rules_file.rules:
            apply_rules(element, root, rules_file.path, *found)
    linked = iter(at_link)
    for rules in every:
        if rules.get(f"{{{XLINK_NS}}}href"):
            given = next(linked)
            params = rule_params(rules)  # (the linking element's params reach the linked rules: ITS 2.0 §5.5)
            for rules_file in given:
                for element in rules_file.rules:
                    apply_rules(element, root, rules_file.path, *found, params=params)
            if not given:
                note = itslinks.link_note(f"{path}:{rules.sourceline}", rules.get(f"{{{XLINK_NS}}}href"))
                out.notes.append(note)
                itslinks.say(note)
        apply_rules(rules, root, path, *found)
    for element in out.elements:
        parent = element.getparent()
        inherited = out.translate.get(id(parent), True) if parent is not None else True
        local = _local_name(element)
        value = global_translate.get(id(element))
        within = global_within.get(id(element))
        if dita and value is None and local in DITA_UNTOUCHED | DITA_PROTECTED:
            value = False
        if dita and within is None:
            within = (YES if local in DITA_INLINE | DITA_PROTECTED else NESTED if local in DITA_NESTED else None)
        if etree.QName(element).namespace == ITS_NS:
            within = within or (YES if local == "span" else None)
            if local == "rules" or (parent is not None and id(parent) in out.machinery):
                out.machinery.add(id(element))
        local_translate = element.get(f"{{{ITS_NS}}}translate")
        if local_translate is None and (etree.QName(element).namespace == "http://www.w3.org/1999/xhtml"
                                        or (dita and etree.QName(element).namespace is None)):
            local_translate = element.get("translate")
        if local_translate is not None and local_translate.strip() in (YES, NO):  # (another value says nothing)
            value = local_translate.strip() == YES
        local_within = element.get(f"{{{ITS_NS}}}withinText")
        if local_within in (YES, NO, NESTED):
            within = local_within
        out.translate[id(element)] = inherited if value is None else value
        space = element.get("{http://www.w3.org/XML/1998/namespace}space")
        if space == "preserve" or (space is None and ((parent is not None and id(parent) in out.preserve)
                                                      or (dita and local == "lines"))):
            out.preserve.add(id(element))
        out.within[id(element)] = within or NO
        names = {name for name, yes in attribute_rules.get(id(element), {}).items() if yes}
        if dita and out.translate[id(element)]:
            names |= {name for name in DITA_ATTRIBUTES if element.get(name) is not None}
            names -= {name for name, yes in attribute_rules.get(id(element), {}).items() if not yes}
        if names:
            out.attributes[id(element)] = names
    return out


def _local_name(element: etree._Element) -> str:
    return etree.QName(element).localname


def rule_params(rules: etree._Element) -> dict[str, str]:
    return {child.get("name") or "": child.text or "" for child in rules if child.tag == f"{{{ITS_NS}}}param"}


def apply_rules(rules: etree._Element, root: etree._Element, path: str | Path, translate: dict[int, bool],
                within: dict[int, str], attributes: dict[int, dict[str, bool]],
                params: dict[str, str] | None = None) -> None:
    """The ``its:translateRule``s and ``its:withinTextRule``s of ``rules`` applied to the document ``root``:
    by ``id()`` of each selected element, its value (a later call overrides an earlier one); by ``id()`` of
    an element, the translate value of each selected attribute. ``params``: those of the ``its:rules`` that
    links ``rules`` (over their own)."""
    language = (rules.get("queryLanguage") or "xpath").strip()
    if language != "xpath":
        raise TagmtError(f"{path}:{rules.sourceline}: ITS rules with queryLanguage={language!r}: tagmt evaluates "
                         "XPath 1.0 selectors only (queryLanguage=\"xpath\"); rewrite the selectors in XPath")
    namespaces = {prefix: uri for prefix, uri in rules.nsmap.items() if prefix}
    linking, params = params or {}, {}
    for child in rules:
        if not isinstance(child.tag, str) or etree.QName(child).namespace != ITS_NS:
            continue
        kind = etree.QName(child).localname
        if kind == "param":
            params[child.get("name") or ""] = child.text or ""
            continue
        if kind not in ("translateRule", "withinTextRule"):
            continue
        selector = child.get("selector")
        value = child.get("translate") if kind == "translateRule" else child.get("withinText")
        if not selector or value is None or (kind == "translateRule" and value.strip() not in (YES, NO)):
            continue
        try:
            found = root.xpath(selector, namespaces={**namespaces, **{p: u for p, u in child.nsmap.items() if p}},
                               **{**params, **linking})
        except (etree.XPathError, TypeError) as exc:
            raise TagmtError(f"{path}:{child.sourceline}: its:{kind} selector {selector!r} is not an XPath "
                             f"expression lxml evaluates ({exc}); fix the rule") from None
        for node in found if isinstance(found, list) else []:
            if isinstance(node, etree._Element) and isinstance(node.tag, str):
                if kind == "translateRule":
                    translate[id(node)] = value.strip() == YES
                elif value in (YES, NO, NESTED):
                    within[id(node)] = value
            elif getattr(node, "is_attribute", False) and kind == "translateRule":
                attributes.setdefault(id(node.getparent()), {})[node.attrname] = value.strip() == YES
