"""The ITS 2.0 Translate data category, case by case with known answers (hand-made; the W3C test suite's
behaviours, not its files): what is a segment in XML and in HTML under local markup, inheritance, global rules
on elements and attributes, rule order, parameters, namespaces, ``xml:id``, query languages and linked rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from tagmt.corpus import read_corpus
from tagmt.errors import TagmtError

ITS = 'xmlns:its="http://www.w3.org/2005/11/its" its:version="2.0"'
RULES = '<its:rules version="2.0">{}</its:rules>'


def segments(tmp_path: Path, text: str, name: str = "doc.xml") -> list[str]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return [s.source for s in read_corpus(path).segments]


def doc(rules: str, body: str, extra: str = "") -> str:
    return f'<?xml version="1.0"?><doc {ITS} {extra}>{RULES.format(rules) if rules else ""}{body}</doc>'


def test_attributes_do_not_inherit_a_local_no(tmp_path: Path) -> None:
    # an attribute chosen by a rule stays translated inside an element marked its:translate="no"
    text = doc('<its:translateRule selector="//p/@alt" translate="yes"/>',
               '<p its:translate="no" alt="Alt text">Kept</p><p alt="Second">Body</p>')
    assert segments(tmp_path, text) == ["Alt text", "Second", "Body"]


def test_attribute_rule_no_after_yes_and_elements_untouched(tmp_path: Path) -> None:
    text = doc('<its:translateRule selector="//@title" translate="yes"/>'
               '<its:translateRule selector="//q/@title" translate="no"/>',
               '<p title="Para title">Text <q title="Quote title">quoted</q></p>')
    assert segments(tmp_path, text) == ["Para title", "Text", "quoted"]


def test_local_yes_beats_a_later_global_no(tmp_path: Path) -> None:
    text = doc('<its:translateRule selector="//p" translate="no"/>',
               '<p>Not me</p><p its:translate="yes">Me</p><p its:translate="no"><s>Nor me</s></p>')
    assert segments(tmp_path, text) == ["Me"]


def test_rule_order_last_wins_both_ways(tmp_path: Path) -> None:
    text = doc('<its:translateRule selector="//p[@k]" translate="no"/>'
               '<its:translateRule selector="//p" translate="yes"/>'
               '<its:translateRule selector="//p[@k=\'2\']" translate="no"/>',
               '<p k="1">One</p><p k="2">Two</p><p>Three</p>')
    assert segments(tmp_path, text) == ["One", "Three"]


def test_global_no_inherits_to_descendants_not_to_rules_of_their_own(tmp_path: Path) -> None:
    text = doc('<its:translateRule selector="//sec" translate="no"/>'
               '<its:translateRule selector="//sec/title" translate="yes"/>',
               '<sec><title>Title</title><p>Body <b>bold</b></p></sec>')
    assert segments(tmp_path, text) == ["Title"]


def test_params_are_xpath_variables(tmp_path: Path) -> None:
    text = doc('<its:param name="lcid">1033</its:param><its:param name="num">2</its:param>'
               '<its:translateRule selector="//msg[@lcid != $lcid or @num = $num]" translate="no"/>',
               '<msg lcid="1033" num="1">Yes</msg><msg lcid="1033" num="2">No</msg>'
               '<msg lcid="1036" num="3">Non</msg>')
    assert segments(tmp_path, text) == ["Yes"]


def test_xml_id_selected_with_id_function(tmp_path: Path) -> None:
    text = doc('<its:translateRule selector="//p" translate="no"/>'
               '<its:translateRule selector="id(\'keep\')" translate="yes"/>',
               '<p xml:id="keep">Wanted</p><p xml:id="other">Unwanted</p>')
    assert segments(tmp_path, text) == ["Wanted"]


def test_namespaced_elements_and_default_namespace(tmp_path: Path) -> None:
    text = ('<?xml version="1.0"?><doc xmlns="urn:main" xmlns:its="http://www.w3.org/2005/11/its" '
            'xmlns:o="urn:other"><its:rules version="2.0" xmlns:m="urn:main">'
            '<its:translateRule selector="//m:code | //o:note" translate="no"/></its:rules>'
            '<p>Text</p><code>x = 1</code><o:note>hidden</o:note><note>shown</note></doc>')
    assert segments(tmp_path, text) == ["Text", "shown"]


def test_unknown_query_language_is_refused_in_one_line(tmp_path: Path) -> None:
    text = ('<?xml version="1.0"?><doc xmlns:its="http://www.w3.org/2005/11/its">'
            '<its:rules version="2.0" queryLanguage="css"><its:translateRule selector="p.ui" translate="no"/>'
            '</its:rules><p class="ui">Still here</p></doc>')
    with pytest.raises(TagmtError) as error:
        segments(tmp_path, text)
    message = str(error.value)
    assert "queryLanguage='css'" in message and "doc.xml:1" in message and "\n" not in message


def test_xpath_query_language_named_explicitly(tmp_path: Path) -> None:
    text = ('<?xml version="1.0"?><doc xmlns:its="http://www.w3.org/2005/11/its">'
            '<its:rules version="2.0" queryLanguage="xpath"><its:translateRule selector="//p[2]" translate="no"/>'
            '</its:rules><p>One</p><p>Two</p></doc>')
    assert segments(tmp_path, text) == ["One"]


def test_invalid_local_value_is_no_say(tmp_path: Path) -> None:
    # only "yes" and "no" are values: its:translate="nein" says nothing, the element inherits
    text = doc("", '<sec its:translate="no"><p its:translate="nein">Inherited no</p></sec><p>Yes</p>')
    assert segments(tmp_path, text) == ["Yes"]


def test_its_span_carries_local_translate(tmp_path: Path) -> None:
    text = doc("", '<p>Say <its:span its:translate="no">BrandName</its:span> twice.</p>')
    corpus_sources = segments(tmp_path, text)
    assert corpus_sources == ['Say <x id="1"/> twice.']


def test_linked_rules_noted_once_and_inline_rules_still_applied(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    text = ('<?xml version="1.0"?><doc xmlns:its="http://www.w3.org/2005/11/its" '
            'xmlns:xlink="http://www.w3.org/1999/xlink"><its:rules version="2.0" xlink:type="simple" '
            'xlink:href="/etc/passwd"><its:translateRule selector="//b" translate="no"/></its:rules>'
            '<p>Text</p><b>bold</b></doc>')
    assert segments(tmp_path, text) == ["Text"]
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "not loaded" in err[0] and "/etc/passwd" in err[0]


# -- HTML ------------------------------------------------------------------------------------------------------

def page(head: str, body: str) -> str:
    return f"<!DOCTYPE html><html><head><title>T</title>{head}</head><body>{body}</body></html>"


def test_html_translate_no_covers_the_elements_attributes_and_inherits(tmp_path: Path) -> None:
    text = page("", '<p translate="no" title="No title">No <img alt="No alt"> <span translate="yes" '
                    'title="Yes title">Yes</span></p><p title="Title">Text</p>')
    assert segments(tmp_path, text, "p.html") == ["T", "Yes", "Yes title", "Title", "Text"]


def test_html_translate_values_are_case_insensitive_and_empty_is_yes(tmp_path: Path) -> None:
    text = page("", '<div translate="NO"><p>Hidden</p><p translate="">Shown</p></div><p translate="nein">Also</p>')
    assert segments(tmp_path, text, "p.html") == ["T", "Shown", "Also"]


def test_html_rules_in_a_script_select_elements_and_attributes(tmp_path: Path) -> None:
    rules = ('<script type="application/its+xml"><its:rules xmlns:its="http://www.w3.org/2005/11/its" '
             'xmlns:h="http://www.w3.org/1999/xhtml" version="2.0">'
             '<its:translateRule selector="//h:span[@class=\'brand\']" translate="no"/>'
             '<its:translateRule selector="//h:input/@value" translate="yes"/>'
             '<its:translateRule selector="//h:img/@alt" translate="no"/>'
             '</its:rules></script>')
    body = ('<p>Buy <span class="brand">Acme</span> now.</p><input type="submit" value="Send">'
            '<p><img src="a.png" alt="Decor"> Caption</p><p translate="yes" class="brand"><span class="brand">'
            'x</span>Local</p>')
    got = segments(tmp_path, page(rules, body), "p.html")
    assert got[0] == "T" and got[1].startswith("Buy <") and "Acme" not in got[1]
    assert "Send" in got and "Decor" not in got and any(s.endswith("Local") for s in got)


def test_html_linked_rules_noted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = page('<link href="rules.xml" rel="its-rules">', "<p>Text</p>")
    assert segments(tmp_path, text, "p.html") == ["T", "Text"]
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "linked ITS rules (rules.xml) not loaded" in err[0]


def test_html_attributes_of_untouched_elements_are_still_text(tmp_path: Path) -> None:
    # a textarea's content is the user's, its placeholder and title are the page's; an iframe's title too
    text = page("", '<textarea placeholder="Type here" title="Box">User text</textarea>'
                    '<iframe src="x.html" title="Frame title"></iframe><p>End</p>')
    assert segments(tmp_path, text, "p.html") == ["T", "Type here", "Box", "Frame title", "End"]


def test_html_rule_chooses_an_attribute_of_an_untranslated_inline_element(tmp_path: Path) -> None:
    rules = ('<script type="application/its+xml"><its:rules xmlns:its="http://www.w3.org/2005/11/its" '
             'xmlns:h="http://www.w3.org/1999/xhtml" version="2.0"><its:param name="which">label</its:param>'
             '<its:translateRule selector="//h:code" translate="no"/>'
             '<its:translateRule selector="//h:code/@data-label[. = $which or true()]" translate="yes"/>'
             '</its:rules></script>')
    body = '<p>Call <code data-label="Function name">run()</code> first.</p>'
    got = segments(tmp_path, page(rules, body), "p.html")
    assert got == ["T", 'Call <x id="1"/> first.', "Function name"]


def test_html_global_rule_beats_an_inherited_no(tmp_path: Path) -> None:
    rules = ('<script type="application/its+xml"><its:rules xmlns:its="http://www.w3.org/2005/11/its" '
             'xmlns:h="http://www.w3.org/1999/xhtml" version="2.0">'
             '<its:translateRule selector="//h:p" translate="yes"/></its:rules></script>')
    text = (f'<!DOCTYPE html><html translate="no"><head><title>T</title>{rules}</head><body>'
            '<div>Not this</div><p>But this <span translate="no">not that</span></p></body></html>')
    assert segments(tmp_path, text, "p.html") == ['But this <x id="1"/>']


def test_template_blocks_in_html_are_codes(tmp_path: Path) -> None:
    text = page("", "<p>Total: <%= order.total %> due <% if (late) { %>today<% } %>.</p>")
    assert segments(tmp_path, text, "p.html") == [
        "T", 'Total: <x id="1"/> due <x id="2"/>today<x id="3"/>.']
