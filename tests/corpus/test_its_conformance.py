"""ITS 2.0 Translate conformance from the specification's text (hand-made files, expected node lists derived by
hand — not the W3C suite's files): ``views --view its-translate`` writes every element and attribute of XML
documents and HTML pages with its Translate value in the suite's format, and ``translate --model pseudo``
changes exactly the nodes it calls translatable (but where tagmt's reader is documented to differ: ITS rules
markup, HTML's ``code``/``script``/``pre``…, the ``lang``/``style`` attributes). Linked rules with
``--its-rules linked``: followed beside the document, refused in one line anywhere else. A property: on random
trees, local markup, rules and inheritance combine as §5.5 says."""

from __future__ import annotations

import re
from pathlib import Path

import html5lib
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from tagmt.cli import main
from tagmt.corpus.htmlpage import OPAQUE_NAMES, PROTECTED_NAMES
from tagmt.corpus.itsview import translate_lines
from tagmt.errors import TagmtError

ITS = "http://www.w3.org/2005/11/its"
XHTML = "http://www.w3.org/1999/xhtml"
NS = f'xmlns:its="{ITS}"'
HEAD_RULES = ('<script type="application/its+xml"><its:rules xmlns:its="' + ITS + '" xmlns:h="' + XHTML +
              '" version="2.0">{}</its:rules></script>')


def expected(text: str) -> list[str]:
    """``PATH y|n`` lines as the suite writes them."""
    out = []
    for line in text.strip().splitlines():
        path, mark = line.split()
        out.append(f'{path}\ttranslate="{"yes" if mark == "y" else "no"}"')
    return out


def page(head: str, body: str, html: str = "") -> str:
    return f'<!DOCTYPE html><html{html}><head><meta charset="utf-8"><title>T</title>{head}</head><body>{body}</body></html>'


# (name, file text, expected lines) — each derived from ITS 2.0 §5.5 (precedence), §8.2 (Translate: elements yes,
# attributes no, local markup inherited by descendants and not by attributes, later rules over earlier ones)
XML_CASES = [
    ("defaults", '<doc><p id="a">Text</p></doc>', """
        /doc y
        /doc/p[1] y
        /doc/p[1]/@id n"""),
    ("local-no-inherits-yes-inside", f'<doc {NS} its:version="2.0"><sec its:translate="no"><p>a <b its:translate="yes">'
     'b</b></p></sec></doc>', """
        /doc y
        /doc/@its:version n
        /doc/sec[1] n
        /doc/sec[1]/@its:translate n
        /doc/sec[1]/p[1] n
        /doc/sec[1]/p[1]/b[1] y
        /doc/sec[1]/p[1]/b[1]/@its:translate n"""),
    ("global-rule-inherits", f'<doc {NS}><its:rules version="2.0"><its:translateRule selector="//code" translate="no"/>'
     '</its:rules><p>Run <code>ls <i>dir</i></code> now</p></doc>', """
        /doc y
        /doc/its:rules[1] y
        /doc/its:rules[1]/@version n
        /doc/its:rules[1]/its:translateRule[1] y
        /doc/its:rules[1]/its:translateRule[1]/@selector n
        /doc/its:rules[1]/its:translateRule[1]/@translate n
        /doc/p[1] y
        /doc/p[1]/code[1] n
        /doc/p[1]/code[1]/i[1] n"""),
    ("local-over-global", f'<doc {NS}><its:rules version="2.0"><its:translateRule selector="//p" translate="no"/>'
     '</its:rules><p>No</p><p its:translate="yes">Yes</p></doc>', """
        /doc y
        /doc/its:rules[1] y
        /doc/its:rules[1]/@version n
        /doc/its:rules[1]/its:translateRule[1] y
        /doc/its:rules[1]/its:translateRule[1]/@selector n
        /doc/its:rules[1]/its:translateRule[1]/@translate n
        /doc/p[1] n
        /doc/p[2] y
        /doc/p[2]/@its:translate n"""),
    ("later-rule-wins", f'<doc {NS}><its:rules version="2.0"><its:translateRule selector="//p" translate="no"/>'
     '<its:translateRule selector="//p[@k]" translate="yes"/></its:rules><p k="1">One</p><p>Two</p></doc>', """
        /doc y
        /doc/its:rules[1] y
        /doc/its:rules[1]/@version n
        /doc/its:rules[1]/its:translateRule[1] y
        /doc/its:rules[1]/its:translateRule[1]/@selector n
        /doc/its:rules[1]/its:translateRule[1]/@translate n
        /doc/its:rules[1]/its:translateRule[2] y
        /doc/its:rules[1]/its:translateRule[2]/@selector n
        /doc/its:rules[1]/its:translateRule[2]/@translate n
        /doc/p[1] y
        /doc/p[1]/@k n
        /doc/p[2] n"""),
    ("rules-elements-in-document-order", f'<doc {NS}><head><its:rules version="2.0"><its:translateRule selector="//p" '
     'translate="no"/></its:rules></head><p>Text</p><tail><its:rules version="2.0"><its:translateRule selector="//p" '
     'translate="yes"/></its:rules></tail></doc>', """
        /doc y
        /doc/head[1] y
        /doc/head[1]/its:rules[1] y
        /doc/head[1]/its:rules[1]/@version n
        /doc/head[1]/its:rules[1]/its:translateRule[1] y
        /doc/head[1]/its:rules[1]/its:translateRule[1]/@selector n
        /doc/head[1]/its:rules[1]/its:translateRule[1]/@translate n
        /doc/p[1] y
        /doc/tail[1] y
        /doc/tail[1]/its:rules[1] y
        /doc/tail[1]/its:rules[1]/@version n
        /doc/tail[1]/its:rules[1]/its:translateRule[1] y
        /doc/tail[1]/its:rules[1]/its:translateRule[1]/@selector n
        /doc/tail[1]/its:rules[1]/its:translateRule[1]/@translate n"""),
    ("attribute-rules-not-inherited", f'<doc {NS}><its:rules version="2.0"><its:translateRule selector="//@title" '
     'translate="yes"/><its:translateRule selector="//q/@title" translate="no"/></its:rules>'
     '<p its:translate="no" title="Kept title">No <q title="Q">q</q></p></doc>', """
        /doc y
        /doc/its:rules[1] y
        /doc/its:rules[1]/@version n
        /doc/its:rules[1]/its:translateRule[1] y
        /doc/its:rules[1]/its:translateRule[1]/@selector n
        /doc/its:rules[1]/its:translateRule[1]/@translate n
        /doc/its:rules[1]/its:translateRule[2] y
        /doc/its:rules[1]/its:translateRule[2]/@selector n
        /doc/its:rules[1]/its:translateRule[2]/@translate n
        /doc/p[1] n
        /doc/p[1]/@its:translate n
        /doc/p[1]/@title y
        /doc/p[1]/q[1] n
        /doc/p[1]/q[1]/@title n"""),
    ("params", f'<doc {NS}><its:rules version="2.0"><its:param name="kind">ui</its:param><its:translateRule '
     'selector="//msg[@kind=$kind]" translate="no"/></its:rules><msg kind="ui">OK</msg><msg kind="text">Hi</msg></doc>',
     """
        /doc y
        /doc/its:rules[1] y
        /doc/its:rules[1]/@version n
        /doc/its:rules[1]/its:param[1] y
        /doc/its:rules[1]/its:param[1]/@name n
        /doc/its:rules[1]/its:translateRule[1] y
        /doc/its:rules[1]/its:translateRule[1]/@selector n
        /doc/its:rules[1]/its:translateRule[1]/@translate n
        /doc/msg[1] n
        /doc/msg[1]/@kind n
        /doc/msg[2] y
        /doc/msg[2]/@kind n"""),
    ("namespaces", f'<doc xmlns="urn:a" {NS} xmlns:z="urn:z"><its:rules version="2.0" xmlns:a="urn:a">'
     '<its:translateRule selector="//a:note | //z:书" translate="no"/></its:rules><note>n</note><z:书 z:页="1">b</z:书>'
     '<p>p</p></doc>', """
        /doc y
        /doc/its:rules[1] y
        /doc/its:rules[1]/@version n
        /doc/its:rules[1]/its:translateRule[1] y
        /doc/its:rules[1]/its:translateRule[1]/@selector n
        /doc/its:rules[1]/its:translateRule[1]/@translate n
        /doc/note[1] n
        /doc/z:书[1] n
        /doc/z:书[1]/@z:页 n
        /doc/p[1] y"""),
    ("xml-id", f'<doc {NS}><its:rules version="2.0"><its:translateRule selector="id(\'k\')" translate="no"/>'
     '</its:rules><p xml:id="k">Kept</p><p xml:id="t">Text</p></doc>', """
        /doc y
        /doc/its:rules[1] y
        /doc/its:rules[1]/@version n
        /doc/its:rules[1]/its:translateRule[1] y
        /doc/its:rules[1]/its:translateRule[1]/@selector n
        /doc/its:rules[1]/its:translateRule[1]/@translate n
        /doc/p[1] n
        /doc/p[1]/@xml:id n
        /doc/p[2] y
        /doc/p[2]/@xml:id n"""),
    ("its-span", f'<doc {NS}><p>Buy <its:span its:translate="no">Acme</its:span> now</p></doc>', """
        /doc y
        /doc/p[1] y
        /doc/p[1]/its:span[1] n
        /doc/p[1]/its:span[1]/@its:translate n"""),
    ("invalid-local-value-inherits", f'<doc {NS}><sec its:translate="no"><p its:translate="nein">x</p></sec></doc>', """
        /doc y
        /doc/sec[1] n
        /doc/sec[1]/@its:translate n
        /doc/sec[1]/p[1] n
        /doc/sec[1]/p[1]/@its:translate n"""),
    ("global-over-inherited", f'<doc {NS}><its:rules version="2.0"><its:translateRule selector="//sec/title" '
     'translate="yes"/></its:rules><sec its:translate="no"><title>Title</title><p>Body</p></sec></doc>', """
        /doc y
        /doc/its:rules[1] y
        /doc/its:rules[1]/@version n
        /doc/its:rules[1]/its:translateRule[1] y
        /doc/its:rules[1]/its:translateRule[1]/@selector n
        /doc/its:rules[1]/its:translateRule[1]/@translate n
        /doc/sec[1] n
        /doc/sec[1]/@its:translate n
        /doc/sec[1]/title[1] y
        /doc/sec[1]/p[1] n"""),
    ("root-rule", f'<doc {NS}><its:rules version="2.0"><its:translateRule selector="/doc" translate="no"/></its:rules>'
     '<p>x</p><p its:translate="yes">y</p></doc>', """
        /doc n
        /doc/its:rules[1] n
        /doc/its:rules[1]/@version n
        /doc/its:rules[1]/its:translateRule[1] n
        /doc/its:rules[1]/its:translateRule[1]/@selector n
        /doc/its:rules[1]/its:translateRule[1]/@translate n
        /doc/p[1] n
        /doc/p[2] y
        /doc/p[2]/@its:translate n"""),
    ("plain-translate-attribute-is-not-its", '<doc><p translate="no">x</p></doc>', """
        /doc y
        /doc/p[1] y
        /doc/p[1]/@translate n"""),
    ("comments-and-pis-are-not-nodes", '<doc><!-- c --><?pi x?><p>a<!-- d -->b</p><p>c</p></doc>', """
        /doc y
        /doc/p[1] y
        /doc/p[2] y"""),
    ("dita-defaults", '<topic id="t"><title>T</title><body><p>Run <codeph>ls</codeph></p><codeblock>x</codeblock>'
     '</body></topic>', """
        /topic y
        /topic/@id n
        /topic/title[1] y
        /topic/body[1] y
        /topic/body[1]/p[1] y
        /topic/body[1]/p[1]/codeph[1] n
        /topic/body[1]/codeblock[1] n"""),
]

HTML_CASES = [
    ("defaults", page("", '<p id="a" title="t" class="c">x</p>', ' lang="en"'), """
        /html y
        /html/@lang y
        /html/head[1] y
        /html/head[1]/meta[1] y
        /html/head[1]/meta[1]/@charset n
        /html/head[1]/title[1] y
        /html/body[1] y
        /html/body[1]/p[1] y
        /html/body[1]/p[1]/@class n
        /html/body[1]/p[1]/@id n
        /html/body[1]/p[1]/@title y"""),
    ("translate-no-covers-translatable-attributes", page("", '<div translate="no" title="t"><p>x <img alt="a" src="s">'
     '</p><p translate="yes" title="u">y</p></div>'), """
        /html y
        /html/head[1] y
        /html/head[1]/meta[1] y
        /html/head[1]/meta[1]/@charset n
        /html/head[1]/title[1] y
        /html/body[1] y
        /html/body[1]/div[1] n
        /html/body[1]/div[1]/@title n
        /html/body[1]/div[1]/@translate n
        /html/body[1]/div[1]/p[1] n
        /html/body[1]/div[1]/p[1]/img[1] n
        /html/body[1]/div[1]/p[1]/img[1]/@alt n
        /html/body[1]/div[1]/p[1]/img[1]/@src n
        /html/body[1]/div[1]/p[2] y
        /html/body[1]/div[1]/p[2]/@title y
        /html/body[1]/div[1]/p[2]/@translate n"""),
    ("implied-html-head-body", "<title>T</title><p>x</p>", """
        /html y
        /html/head[1] y
        /html/head[1]/title[1] y
        /html/body[1] y
        /html/body[1]/p[1] y"""),
    ("rule-selects-in-the-implied-body", "<title>T</title>" + HEAD_RULES.format(
        '<its:translateRule selector="/h:html/h:body/h:p" translate="no"/>') + "<p>a</p><p translate=yes>b</p>", """
        /html y
        /html/head[1] y
        /html/head[1]/title[1] y
        /html/head[1]/script[1] y
        /html/head[1]/script[1]/@type n
        /html/body[1] y
        /html/body[1]/p[1] n
        /html/body[1]/p[2] y
        /html/body[1]/p[2]/@translate n"""),
    ("implied-tbody", page(HEAD_RULES.format('<its:translateRule selector="//h:table/h:tbody/h:tr[2]" translate="no"/>'
                                             '<its:translateRule selector="//h:tfoot" translate="no"/>'),
                           '<table><caption>C</caption><tr><th abbr="N">Name</th></tr><tr><td>x</td></tr>'
                           '<tfoot><tr><td>f</td></tr></tfoot></table>'), """
        /html y
        /html/head[1] y
        /html/head[1]/meta[1] y
        /html/head[1]/meta[1]/@charset n
        /html/head[1]/title[1] y
        /html/head[1]/script[1] y
        /html/head[1]/script[1]/@type n
        /html/body[1] y
        /html/body[1]/table[1] y
        /html/body[1]/table[1]/caption[1] y
        /html/body[1]/table[1]/tbody[1] y
        /html/body[1]/table[1]/tbody[1]/tr[1] y
        /html/body[1]/table[1]/tbody[1]/tr[1]/th[1] y
        /html/body[1]/table[1]/tbody[1]/tr[1]/th[1]/@abbr y
        /html/body[1]/table[1]/tbody[1]/tr[2] n
        /html/body[1]/table[1]/tbody[1]/tr[2]/td[1] n
        /html/body[1]/table[1]/tfoot[1] n
        /html/body[1]/table[1]/tfoot[1]/tr[1] n
        /html/body[1]/table[1]/tfoot[1]/tr[1]/td[1] n"""),
    ("script-rules", page(HEAD_RULES.format('<its:translateRule selector="//h:span[@class=\'brand\']" translate="no"/>'),
                          '<p>Buy <span class="brand">Acme</span></p>'), """
        /html y
        /html/head[1] y
        /html/head[1]/meta[1] y
        /html/head[1]/meta[1]/@charset n
        /html/head[1]/title[1] y
        /html/head[1]/script[1] y
        /html/head[1]/script[1]/@type n
        /html/body[1] y
        /html/body[1]/p[1] y
        /html/body[1]/p[1]/span[1] n
        /html/body[1]/p[1]/span[1]/@class n"""),
    ("attribute-rules", page(HEAD_RULES.format('<its:translateRule selector="//h:p/@data-note" translate="yes"/>'
                                               '<its:translateRule selector="//h:img/@alt" translate="no"/>'),
                             '<p data-note="n">x <img alt="a"></p>'), """
        /html y
        /html/head[1] y
        /html/head[1]/meta[1] y
        /html/head[1]/meta[1]/@charset n
        /html/head[1]/title[1] y
        /html/head[1]/script[1] y
        /html/head[1]/script[1]/@type n
        /html/body[1] y
        /html/body[1]/p[1] y
        /html/body[1]/p[1]/@data-note y
        /html/body[1]/p[1]/img[1] y
        /html/body[1]/p[1]/img[1]/@alt n"""),
    ("local-over-global", page(HEAD_RULES.format('<its:translateRule selector="//h:p" translate="no"/>'),
                               '<p>a</p><p translate="yes">b</p>'), """
        /html y
        /html/head[1] y
        /html/head[1]/meta[1] y
        /html/head[1]/meta[1]/@charset n
        /html/head[1]/title[1] y
        /html/head[1]/script[1] y
        /html/head[1]/script[1]/@type n
        /html/body[1] y
        /html/body[1]/p[1] n
        /html/body[1]/p[2] y
        /html/body[1]/p[2]/@translate n"""),
    ("global-over-inherited", page(HEAD_RULES.format('<its:translateRule selector="//h:p" translate="yes"/>'),
                                   '<div>a</div><p>b</p>').replace("<body>", '<body translate="no">'), """
        /html y
        /html/head[1] y
        /html/head[1]/meta[1] y
        /html/head[1]/meta[1]/@charset n
        /html/head[1]/title[1] y
        /html/head[1]/script[1] y
        /html/head[1]/script[1]/@type n
        /html/body[1] n
        /html/body[1]/@translate n
        /html/body[1]/div[1] n
        /html/body[1]/p[1] y"""),
    ("meta-and-input", page('<meta name="description" content="d"><meta name="viewport" content="w">',
                            '<input type="button" value="Go"><input type="text" value="v" placeholder="Type">'), """
        /html y
        /html/head[1] y
        /html/head[1]/meta[1] y
        /html/head[1]/meta[1]/@charset n
        /html/head[1]/title[1] y
        /html/head[1]/meta[2] y
        /html/head[1]/meta[2]/@content y
        /html/head[1]/meta[2]/@name n
        /html/head[1]/meta[3] y
        /html/head[1]/meta[3]/@content n
        /html/head[1]/meta[3]/@name n
        /html/body[1] y
        /html/body[1]/input[1] y
        /html/body[1]/input[1]/@type n
        /html/body[1]/input[1]/@value y
        /html/body[1]/input[2] y
        /html/body[1]/input[2]/@placeholder y
        /html/body[1]/input[2]/@type n
        /html/body[1]/input[2]/@value n"""),
    ("translate-values", page("", '<div translate="NO"><p>a</p><p translate="">b</p></div><p translate="nein">c</p>'),
     """
        /html y
        /html/head[1] y
        /html/head[1]/meta[1] y
        /html/head[1]/meta[1]/@charset n
        /html/head[1]/title[1] y
        /html/body[1] y
        /html/body[1]/div[1] n
        /html/body[1]/div[1]/@translate n
        /html/body[1]/div[1]/p[1] n
        /html/body[1]/div[1]/p[2] y
        /html/body[1]/div[1]/p[2]/@translate n
        /html/body[1]/p[1] y
        /html/body[1]/p[1]/@translate n"""),
    ("sibling-positions-and-implied-ends", page("", "<p>a<div><p>b</p></div><ul><li>c<li>d</ul><p>e"), """
        /html y
        /html/head[1] y
        /html/head[1]/meta[1] y
        /html/head[1]/meta[1]/@charset n
        /html/head[1]/title[1] y
        /html/body[1] y
        /html/body[1]/p[1] y
        /html/body[1]/div[1] y
        /html/body[1]/div[1]/p[1] y
        /html/body[1]/ul[1] y
        /html/body[1]/ul[1]/li[1] y
        /html/body[1]/ul[1]/li[2] y
        /html/body[1]/p[2] y"""),
    ("params-in-script-rules", page(HEAD_RULES.format('<its:param name="c">ui</its:param><its:translateRule '
                                                      'selector="//h:b[@class=$c]" translate="no"/>'),
                                    '<p><b class="ui">OK</b> <b class="x">Hi</b></p>'), """
        /html y
        /html/head[1] y
        /html/head[1]/meta[1] y
        /html/head[1]/meta[1]/@charset n
        /html/head[1]/title[1] y
        /html/head[1]/script[1] y
        /html/head[1]/script[1]/@type n
        /html/body[1] y
        /html/body[1]/p[1] y
        /html/body[1]/p[1]/b[1] n
        /html/body[1]/p[1]/b[1]/@class n
        /html/body[1]/p[1]/b[2] y
        /html/body[1]/p[1]/b[2]/@class n"""),
    ("notranslate-class", page("", '<p class="notranslate">Acme <b translate="yes">but this</b></p>'), """
        /html y
        /html/head[1] y
        /html/head[1]/meta[1] y
        /html/head[1]/meta[1]/@charset n
        /html/head[1]/title[1] y
        /html/body[1] y
        /html/body[1]/p[1] n
        /html/body[1]/p[1]/@class n
        /html/body[1]/p[1]/b[1] y
        /html/body[1]/p[1]/b[1]/@translate n"""),
    ("code-and-script-are-translatable-for-its", page('<script>var a = 1;</script>', '<p>Run <code>ls</code></p>'), """
        /html y
        /html/head[1] y
        /html/head[1]/meta[1] y
        /html/head[1]/meta[1]/@charset n
        /html/head[1]/title[1] y
        /html/head[1]/script[1] y
        /html/body[1] y
        /html/body[1]/p[1] y
        /html/body[1]/p[1]/code[1] y"""),
]


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("name, text, lines", XML_CASES, ids=[c[0] for c in XML_CASES])
def test_xml_nodes(tmp_path: Path, name: str, text: str, lines: str) -> None:
    path = _write(tmp_path, f"{name}.xml", '<?xml version="1.0" encoding="UTF-8"?>\n' + text)
    assert translate_lines(path) == expected(lines)


@pytest.mark.parametrize("name, text, lines", HTML_CASES, ids=[c[0] for c in HTML_CASES])
def test_html_nodes(tmp_path: Path, name: str, text: str, lines: str) -> None:
    path = _write(tmp_path, f"{name}.html", text)
    assert translate_lines(path) == expected(lines)


def _element_paths(root, name_of) -> list[str]:
    """Every element's path in ``root``'s tree (as ``itsview`` writes them) in document order."""
    out: list[str] = []

    def walk(element, path: str) -> None:
        out.append(path)
        counts: dict[str, int] = {}
        for child in element:
            if not isinstance(child.tag, str):
                continue
            name = name_of(child)
            counts[name] = counts.get(name, 0) + 1
            walk(child, f"{path}/{name}[{counts[name]}]")

    walk(root, "/" + name_of(root))
    return out


@pytest.mark.parametrize("name, text, lines", HTML_CASES, ids=[c[0] for c in HTML_CASES])
def test_html_paths_are_those_of_the_html5_tree(tmp_path: Path, name: str, text: str, lines: str) -> None:
    # an independent HTML5 parser (html5lib) builds the same elements in the same places
    root = html5lib.parse(text, treebuilder="lxml", namespaceHTMLElements=False).getroot()
    ours = [line.split("\t")[0] for line in translate_lines(_write(tmp_path, f"{name}.html", text))]
    assert [p for p in ours if "/@" not in p] == _element_paths(root, lambda e: e.tag)


# -- the reader agrees: a pseudo-translation changes exactly the nodes the view calls translatable ------------

_LETTER = re.compile(r"[^\W\d_]")


def _own_text(element) -> str:
    return (element.text or "") + "".join(child.tail or "" for child in element)


def _nodes(root, name_of) -> dict[str, str]:
    """Path → the element's own text or the attribute's value."""
    found: dict[str, str] = {}

    def walk(element, path: str) -> None:
        found[path] = _own_text(element)
        for attribute, value in element.attrib.items():
            found[f"{path}/@{name_of(element, attribute)}"] = value
        counts: dict[str, int] = {}
        for child in element:
            if not isinstance(child.tag, str):
                continue
            name = name_of(child, child.tag)
            counts[name] = counts.get(name, 0) + 1
            walk(child, f"{path}/{name}[{counts[name]}]")

    walk(root, "/" + name_of(root, root.tag))
    return found


def _xml_name(element, name: str) -> str:
    qname = etree.QName(name)
    if qname.namespace == "http://www.w3.org/XML/1998/namespace":
        return f"xml:{qname.localname}"
    prefix = next((p for p, u in element.nsmap.items() if u == qname.namespace and p), None)
    return f"{prefix}:{qname.localname}" if prefix and qname.namespace else qname.localname


def _reader_differs(path: str, html: bool) -> bool:
    """Nodes tagmt's reader is documented to treat otherwise than their ITS value (docs/formats.md)."""
    steps = [re.sub(r"\[\d+\]$", "", step) for step in path.strip("/").split("/")]
    if html:
        return any(step in PROTECTED_NAMES | OPAQUE_NAMES for step in steps) or steps[-1] in ("@lang", "@style")
    return "its:rules" in steps


@pytest.mark.parametrize("case", XML_CASES + HTML_CASES, ids=[f"{'html' if c in HTML_CASES else 'xml'}-{c[0]}"
                                                              for c in XML_CASES + HTML_CASES])
def test_pseudo_changes_exactly_the_translatable_nodes(tmp_path: Path, case: tuple[str, str, str]) -> None:
    name, text, _lines = case
    html = case in HTML_CASES
    path = _write(tmp_path, f"{name}.{'html' if html else 'xml'}",
                  text if html else '<?xml version="1.0" encoding="UTF-8"?>\n' + text)
    out = tmp_path / f"out-{path.name}"
    assert main(["translate", "--input", str(path), "--model", "pseudo", "-o", str(out)]) == 0
    if html:
        def parse(p: Path):
            return html5lib.parse(p.read_bytes(), treebuilder="lxml", namespaceHTMLElements=False).getroot()
        before, after = _nodes(parse(path), lambda e, n: n), _nodes(parse(out), lambda e, n: n)
    else:
        before = _nodes(etree.parse(str(path)).getroot(), _xml_name)
        after = _nodes(etree.parse(str(out)).getroot(), _xml_name)
    assert before.keys() == after.keys()
    view = {line.split("\t")[0]: line.endswith('"yes"') for line in translate_lines(path)}
    assert view.keys() == before.keys()
    # (a letter changed: the brackets pseudo puts around a segment may land in a parent's blank text)
    changed = {p for p in before if _LETTER.findall(before[p]) != _LETTER.findall(after[p])}
    wanted = {p for p, yes in view.items() if yes and _LETTER.search(before[p]) and not _reader_differs(p, html)}
    assert changed == wanted


# -- linked rules ---------------------------------------------------------------------------------------------

def _rules(path: Path, body: str, extra: str = "") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f'<its:rules xmlns:its="{ITS}" version="2.0" {extra}>{body}</its:rules>', encoding="utf-8")
    return path


LINKING = (f'<doc {NS} xmlns:xlink="http://www.w3.org/1999/xlink"><its:rules version="2.0" xlink:type="simple" '
           'xlink:href="{}"><its:translateRule selector="//p[@k]" translate="yes"/></its:rules>'
           '<p k="1">One</p><p>Two</p></doc>')
LINKED_LINES = """
        /doc y
        /doc/its:rules[1] y
        /doc/its:rules[1]/@version n
        /doc/its:rules[1]/@xlink:href n
        /doc/its:rules[1]/@xlink:type n
        /doc/its:rules[1]/its:translateRule[1] y
        /doc/its:rules[1]/its:translateRule[1]/@selector n
        /doc/its:rules[1]/its:translateRule[1]/@translate n
        /doc/p[1] y
        /doc/p[1]/@k n
        /doc/p[2] n"""


def test_linked_rules_given_as_a_file_go_first_at_their_link(tmp_path: Path) -> None:
    rules = _rules(tmp_path / "elsewhere" / "rules.xml", '<its:translateRule selector="//p" translate="no"/>')
    doc = _write(tmp_path, "doc.xml", LINKING.format("rules.xml"))
    assert translate_lines(doc, [rules]) == expected(LINKED_LINES)


def test_its_rules_linked_follows_a_link_below_the_documents_folder(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    _rules(tmp_path / "its" / "rules.xml", '<its:translateRule selector="//p" translate="no"/>')
    doc = _write(tmp_path, "doc.xml", LINKING.format("its/rules.xml"))
    assert translate_lines(doc) == expected(LINKED_LINES.replace("/doc/p[2] n", "/doc/p[2] y"))  # (not followed)
    assert "not loaded" in capsys.readouterr().err
    assert translate_lines(doc, ["linked"]) == expected(LINKED_LINES)
    out = tmp_path / "view.txt"
    assert main(["views", "--input", str(doc), "--view", "its-translate", "--its-rules", "linked", "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8").splitlines() == expected(LINKED_LINES)


def test_its_rules_linked_in_html(tmp_path: Path) -> None:
    _rules(tmp_path / "rules.xml", '<its:translateRule selector="//h:p" translate="no"/>', f'xmlns:h="{XHTML}"')
    doc = _write(tmp_path, "page.html", page('<link rel="its-rules" href="rules.xml">', "<p>a</p>"))
    lines = translate_lines(doc, ["linked"])
    assert lines[-1] == '/html/body[1]/p[1]\ttranslate="no"'
    assert '/html/head[1]/link[1]/@href\ttranslate="no"' in lines


@pytest.mark.parametrize("href, said", [
    ("../rules.xml", "folder"),
    ("sub/../../rules.xml", "folder"),
    ("http://example.com/rules.xml", "not URLs"),
    ("file:///etc/passwd", "not URLs"),
    ("/etc/passwd", "not URLs"),
    ("missing.xml", "missing.xml"),
])
def test_its_rules_linked_refuses_what_is_not_beside_the_document(tmp_path: Path, href: str, said: str) -> None:
    _rules(tmp_path / "rules.xml", '<its:translateRule selector="//p" translate="no"/>')
    folder = tmp_path / "inner"
    folder.mkdir()
    doc = _write(folder, "doc.xml", LINKING.format(href))
    with pytest.raises(TagmtError) as error:
        translate_lines(doc, ["linked"])
    message = str(error.value)
    assert said in message and "\n" not in message


def test_its_rules_linked_refuses_a_symbolic_link_out_of_the_folder(tmp_path: Path) -> None:
    outside = _rules(tmp_path / "rules.xml", '<its:translateRule selector="//p" translate="no"/>')
    folder = tmp_path / "inner"
    folder.mkdir()
    (folder / "rules.xml").symlink_to(outside)
    doc = _write(folder, "doc.xml", LINKING.format("rules.xml"))
    with pytest.raises(TagmtError, match="document's folder"):
        translate_lines(doc, ["linked"])
    inside = _write(folder, "doc2.xml", LINKING.format("sub/../rules2.xml"))
    _rules(folder / "rules2.xml", '<its:translateRule selector="//p" translate="no"/>')
    assert translate_lines(inside, ["linked"])[-1] == '/doc/p[2]\ttranslate="no"'  # (a ".." that stays inside)


def test_its_rules_linked_follows_one_level_only(tmp_path: Path) -> None:
    _rules(tmp_path / "more.xml", '<its:translateRule selector="//p" translate="no"/>')
    _rules(tmp_path / "rules.xml", "", 'xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="more.xml"')
    doc = _write(tmp_path, "doc.xml", LINKING.format("rules.xml"))
    with pytest.raises(TagmtError, match="one level"):
        translate_lines(doc, ["linked"])


def test_a_document_read_twice_notes_its_link_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = _write(tmp_path, "doc.xml", LINKING.format("nowhere.xml"))
    translate_lines(doc)
    translate_lines(doc)
    assert capsys.readouterr().err.count("nowhere.xml") == 1


def test_view_refuses_a_side_and_a_non_markup_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = _write(tmp_path, "doc.xml", "<doc/>")
    assert main(["views", "--input", str(doc), "--view", "its-translate", "--side", "source"]) != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no --pair, --data, --split or --side" in err[0]
    assert main(["views", "--input", str(doc), "--view", "plain"]) != 0
    assert "give --side source or --side target" in capsys.readouterr().err
    data = _write(tmp_path, "app.json", '{"a": "b"}')
    with pytest.raises(TagmtError, match="HTML pages and XML documents"):
        translate_lines(data)


def test_translate_with_a_review_page_reads_the_output_with_the_inputs_links(tmp_path: Path,
                                                                              capsys: pytest.CaptureFixture[str]
                                                                              ) -> None:
    # the output sits elsewhere: --its-rules linked resolves the input's links beside the input, and the notes
    # of the input (read again for the page, its copy read back) are said once
    _rules(tmp_path / "its" / "rules.xml", '<its:translateRule selector="//p" translate="no"/>')
    doc = _write(tmp_path, "doc.xml", LINKING.format("its/rules.xml"))
    (tmp_path / "out").mkdir()
    out, review = tmp_path / "out" / "doc.xml", tmp_path / "out" / "review.html"
    assert main(["translate", "--input", str(doc), "--model", "pseudo", "--its-rules", "linked", "-o", str(out),
                 "--html", str(review)]) == 0
    assert ">Two<" in out.read_text(encoding="utf-8") and review.exists()
    page_in = _write(tmp_path, "w.html", "")
    page_in.write_bytes(b"<!DOCTYPE html><html><body><p>Caf\xe9 ol\xe9</p></body></html>")
    capsys.readouterr()
    assert main(["translate", "--input", str(page_in), "--model", "pseudo", "-o", str(tmp_path / "out" / "w.html"),
                 "--html", str(tmp_path / "out" / "w-review.html")]) == 0
    assert capsys.readouterr().err.count("windows-1252") == 1


# -- a property: the precedence of ITS 2.0 §5.5 on random trees ------------------------------------------------

_NAMES = ("a", "b", "c")
_trees = st.recursive(st.tuples(st.sampled_from(_NAMES), st.sampled_from((None, "yes", "no", "nein")), st.just(())),
                      lambda kids: st.tuples(st.sampled_from(_NAMES), st.sampled_from((None, "yes", "no")),
                                             st.lists(kids, max_size=3).map(tuple)), max_leaves=12)
_rules_strategy = st.lists(st.tuples(st.sampled_from(_NAMES), st.sampled_from(("yes", "no"))), max_size=4)


def _xml(node) -> str:
    name, local, kids = node
    say = f' its:translate="{local}"' if local else ""
    return f"<{name}{say}>{''.join(_xml(kid) for kid in kids)}</{name}>"


def _oracle(node, rules, inherited: bool, path: str, out: list[str]) -> None:
    """The spec's precedence written out: local (yes/no) > the last rule naming the element > the parent's."""
    name, local, kids = node
    chosen = [value for rule_name, value in rules if rule_name == name]
    value = local == "yes" if local in ("yes", "no") else chosen[-1] == "yes" if chosen else inherited
    out.append(_line_of(path, value))
    if local:
        out.append(_line_of(f"{path}/@its:translate", False))
    counts: dict[str, int] = {}
    for kid in kids:
        counts[kid[0]] = counts.get(kid[0], 0) + 1
        _oracle(kid, rules, value, f"{path}/{kid[0]}[{counts[kid[0]]}]", out)


def _line_of(path: str, yes: bool) -> str:
    return f'{path}\ttranslate="{"yes" if yes else "no"}"'


@settings(max_examples=60, deadline=None)
@given(body=st.lists(_trees, max_size=3), rules=_rules_strategy)
def test_precedence_on_random_trees(tmp_path_factory, body, rules) -> None:
    rule_xml = "".join(f'<its:translateRule selector="//body//{n}" translate="{v}"/>' for n, v in rules)
    path = tmp_path_factory.mktemp("random") / "doc.xml"
    path.write_text(f'<doc {NS}><head><its:rules version="2.0">{rule_xml}</its:rules></head><body>'
                    f'{"".join(_xml(node) for node in body)}</body></doc>', encoding="utf-8")
    lines = [line for line in translate_lines(path) if line.startswith("/doc/body[1]/")]
    want: list[str] = []
    counts: dict[str, int] = {}
    for node in body:
        counts[node[0]] = counts.get(node[0], 0) + 1
        _oracle(node, rules, True, f"/doc/body[1]/{node[0]}[{counts[node[0]]}]", want)
    assert lines == want
