"""ITS 2.0-marked XML and DITA topics as corpora: hand-made cases of the Translate and Elements Within Text
data categories (local, global, precedence, inheritance, attributes, parameters, namespaces, linked rules),
DITA's defaults, byte-identical copies, pseudo-translations that lxml reads with the same elements, and
malformed input refused in one line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lxml import etree

from tagmt.corpus import read_corpus
from tagmt.corpus.detect import detect
from tagmt.errors import TagmtError
from tagmt.xmltext import escape, unescape

ITS = 'xmlns:its="http://www.w3.org/2005/11/its" its:version="2.0"'


def pseudo(tagged: str) -> str:
    parts = re.split(r"(<[^>]+>)", tagged)
    return "".join(p if p.startswith("<") else escape(unescape(p).upper()) for p in parts)


def xml(tmp_path: Path, text: str | bytes, name: str = "doc.xml") -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    return path


def sources(tmp_path: Path, text: str) -> list[str]:
    corpus = read_corpus(xml(tmp_path, text))
    assert corpus.format == "its"
    return [s.source for s in corpus.segments]


def test_default_every_element_is_a_block_and_attributes_are_not_translated(tmp_path: Path) -> None:
    text = '<?xml version="1.0"?><doc title="Not me"><p>One <b>two</b></p><p>Three</p></doc>'
    assert sources(tmp_path, text) == ["One", "two", "Three"]


def test_local_translate_inherits_and_is_overridden(tmp_path: Path) -> None:
    text = (f'<?xml version="1.0"?><doc {ITS}><p its:translate="no">Keep <q>this <s its:translate="yes">but not'
            '</s></q></p><p>Do</p></doc>')
    assert sources(tmp_path, text) == ["but not", "Do"]


def test_global_rules_later_wins_local_beats_global(tmp_path: Path) -> None:
    text = (f'<?xml version="1.0"?><doc {ITS}><its:rules version="2.0">'
            '<its:translateRule selector="//code" translate="no"/>'
            '<its:translateRule selector="//code[@class=\'ui\']" translate="yes"/>'
            '<its:withinTextRule selector="//b | //code" withinText="yes"/>'
            '</its:rules><p>Run <code>ls</code> or <code class="ui">Open</code></p>'
            '<p>Local <code its:translate="yes">wins</code></p></doc>')
    corpus = read_corpus(xml(tmp_path, text))
    assert [s.source for s in corpus.segments] == ['Run <x id="1"/> or <g id="2">Open</g>',
                                                   'Local <g id="1">wins</g>']
    assert corpus.segments[0].codes[("x", "1")].open == "<code>ls</code>"


def test_attributes_by_rule_params_and_namespaces(tmp_path: Path) -> None:
    text = (f'<?xml version="1.0"?><doc {ITS} xmlns:x="urn:x" xmlns:d="urn:d">'
            '<its:rules version="2.0" xmlns:z="urn:x"><its:param name="kind">label</its:param>'
            '<its:translateRule selector="//*[@type=$kind]/@z:text" translate="yes"/>'
            '<its:translateRule selector="//d:meta" translate="no"/>'
            '</its:rules><item type="label" x:text="Save &amp; close" text="no">Body</item>'
            '<item type="other" x:text="Not this"/><d:meta>secret</d:meta></doc>')
    corpus = read_corpus(xml(tmp_path, text))
    assert [s.source for s in corpus.segments] == ["Save &amp; close", "Body"]
    out = corpus.write(tmp_path / "o.xml", ['Sichern &amp; "zu"', "Inhalt"]).read_text()
    assert 'x:text="Sichern &amp; &quot;zu&quot;" text="no">Inhalt</item>' in out
    assert "<d:meta>secret</d:meta>" in out


def test_nested_elements_are_segments_of_their_own(tmp_path: Path) -> None:
    text = (f'<?xml version="1.0"?><doc {ITS}><its:rules version="2.0">'
            '<its:withinTextRule selector="//fn" withinText="nested"/></its:rules>'
            '<p>Text<fn>A <i>note</i></fn> more.</p></doc>')
    corpus = read_corpus(xml(tmp_path, text))
    assert [s.source for s in corpus.segments] == ['Text<x id="1"/> more.', "A", "note"]
    assert [p.owner for p in corpus.native.places] == [None, 0, 0]
    out = corpus.write(tmp_path / "o.xml", ['Texte<x id="1"/> plus.', "Une", "remarque"]).read_text()
    assert "<p>Texte<fn>Une <i>remarque</i></fn> plus.</p>" in out
    kept = corpus.write(tmp_path / "k.xml", [None, "Une", None]).read_text()
    assert "<p>Text<fn>Une <i>note</i></fn> more.</p>" in kept


def test_linked_rules_are_not_loaded(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "rules.xml").write_text(f'<its:rules {ITS}><its:translateRule selector="//p" translate="no"/>'
                                        "</its:rules>")
    text = (f'<?xml version="1.0"?><doc {ITS} xmlns:xlink="http://www.w3.org/1999/xlink">'
            '<its:rules version="2.0" xlink:type="simple" xlink:href="rules.xml"/><p>Still here</p></doc>')
    assert sources(tmp_path, text) == ["Still here"]
    assert "linked ITS rules (rules.xml) not loaded" in capsys.readouterr().err


DITA = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE task PUBLIC "-//OASIS//DTD DITA Task//EN" "task.dtd">
<task id="install" xml:lang="en-us">
  <title>Installing the <ph>Widget</ph></title>
  <shortdesc>How to install it &amp; run it.</shortdesc>
  <prolog><author>Jane</author></prolog>
  <taskbody>
    <steps>
      <step><cmd>Click <uicontrol>Install</uicontrol> and type <codeph>make all</codeph>.</cmd>
        <stepresult>The app starts.<fn>Usually within <b>one</b> minute.</fn></stepresult></step>
    </steps>
    <codeblock>make install</codeblock>
    <p translate="no">Brand Name</p>
    <p>See <xref href="x.dita">the guide</xref><!-- note --> now.</p>
  </taskbody>
</task>
"""


def test_dita_defaults_and_round_trip(tmp_path: Path) -> None:
    path = xml(tmp_path, DITA, "task.dita")
    corpus = read_corpus(path)
    assert [s.source for s in corpus.segments] == [
        'Installing the <g id="1">Widget</g>', "How to install it &amp; run it.",
        'Click <g id="1">Install</g> and type <x id="2"/>.', 'The app starts.<x id="1"/>',
        'Usually within <g id="1">one</g> minute.', 'See <g id="1">the guide</g><x id="2"/> now.',
    ]
    assert corpus.write(tmp_path / "c.dita", [s.source for s in corpus.segments]).read_bytes() == path.read_bytes()
    out = corpus.write(tmp_path / "p.dita", [pseudo(s.source) for s in corpus.segments], trg_lang="de").read_text()
    assert '<task id="install" xml:lang="de">' in out and "<codeblock>make install</codeblock>" in out
    assert "<fn>USUALLY WITHIN <b>ONE</b> MINUTE.</fn>" in out and "<author>Jane</author>" in out
    assert _shape(out) == _shape(DITA)


def test_catch_all_leaves_other_formats_alone(tmp_path: Path) -> None:
    tmx = '<?xml version="1.0"?><tmx version="1.4"><header srclang="en"/><body/></tmx>'
    assert detect(xml(tmp_path, tmx, "a.tmx"), tmx.encode())[0] == "tmx"
    with pytest.raises(TagmtError, match="XLIFF with version '3.1'"):
        read_corpus(xml(tmp_path, '<xliff version="3.1" xmlns="urn:x"/>', "x.xlf"))
    no_declaration = xml(tmp_path, '<!DOCTYPE concept PUBLIC "-//OASIS//DTD DITA Concept//EN" "concept.dtd">\n'
                                   "<concept id='c'><title>T</title></concept>", "c.dita")
    assert read_corpus(no_declaration).format == "its"


def test_malformed_xml_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(TagmtError, match=r"bad\.xml:3: malformed XML"):
        read_corpus(xml(tmp_path, '<?xml version="1.0"?>\n<doc>\n<p>open</doc>', "bad.xml"))
    with pytest.raises(TagmtError, match=r"sel\.xml:1: its:translateRule selector '//\[' is not an XPath"):
        read_corpus(xml(tmp_path, f'<?xml version="1.0"?><doc {ITS}><its:rules version="2.0">'
                                  '<its:translateRule selector="//[" translate="no"/></its:rules></doc>', "sel.xml"))


def _shape(text: str) -> list[str]:
    root = etree.fromstring(text.encode())
    return [element.tag for element in root.iter() if isinstance(element.tag, str)]


WORDS = st.sampled_from(["one", "Two", "a &amp; b", "x &lt; y", "&#233;t&#xe9;", " ", "\n", "42"])


@st.composite
def content(draw: st.DrawFn, depth: int = 0) -> str:
    parts = []
    for _ in range(draw(st.integers(0, 4))):
        choice = draw(st.integers(0, 6 if depth < 3 else 1))
        if choice <= 1:
            parts.append(draw(WORDS))
        elif choice == 2:
            parts.append("<br/>")
        elif choice == 3:
            parts.append("<!-- c -->")
        else:
            name = draw(st.sampled_from(["p", "b", "fn", "code", "span"]))
            local = draw(st.sampled_from(["", ' its:translate="no"', ' its:translate="yes"', ' title="t"']))
            parts.append(f"<{name}{local}>{draw(content(depth + 1))}</{name}>")
    return "".join(parts)


RULES = (f'<its:rules version="2.0"><its:withinTextRule selector="//b|//br|//code|//span" withinText="yes"/>'
         '<its:withinTextRule selector="//fn" withinText="nested"/>'
         '<its:translateRule selector="//code" translate="no"/>'
         '<its:translateRule selector="//@title" translate="yes"/></its:rules>')


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(content())
def test_random_documents_round_trip(tmp_path: Path, body: str) -> None:
    text = f'<?xml version="1.0" encoding="utf-8"?>\n<doc {ITS}>{RULES}<div>{body}</div></doc>\n'
    path = xml(tmp_path, text)
    corpus = read_corpus(path)
    assert corpus.write(tmp_path / "c.xml", [s.source for s in corpus.segments]).read_bytes() == text.encode()
    written = corpus.write(tmp_path / "p.xml", [pseudo(s.source) for s in corpus.segments]).read_text()
    assert _shape(written) == _shape(text)


def test_attribute_of_a_tag_left_out_of_its_segment(tmp_path: Path) -> None:
    # <b>'s partner lies beyond the block that ends the run: the tag is left out of "42", its title is the
    # document's own place
    text = f'<?xml version="1.0"?>\n<doc {ITS}>{RULES}<div><b title="t">42<p></p></b></div></doc>\n'
    corpus = read_corpus(xml(tmp_path, text))
    assert [s.source for s in corpus.segments] == ["42", "t"]
    assert [p.owner for p in corpus.native.places] == [None, None]
    out = corpus.write(tmp_path / "o.xml", ["43", "T"]).read_text()
    assert '<b title="T">43<p></p></b>' in out


def test_translate_without_namespace_is_dita_only(tmp_path: Path) -> None:
    assert sources(tmp_path, '<?xml version="1.0"?><doc><p translate="no">Plain XML: not ITS</p></doc>') == [
        "Plain XML: not ITS"]
    assert sources(tmp_path, '<?xml version="1.0"?><topic id="t"><p translate="no">DITA</p><p>Yes</p></topic>') == [
        "Yes"]


def test_significant_blank_space_keeps_its_line_breaks(tmp_path: Path) -> None:
    text = ('<?xml version="1.0"?><topic id="t"><body><p>One\n  line</p><lines>Roses are red,\nviolets blue'
            '</lines><p xml:space="preserve">Kept\nbreak</p></body></topic>')
    assert sources(tmp_path, text) == ["One line", "Roses are red,\nviolets blue", "Kept\nbreak"]


def test_dita_map_titles(tmp_path: Path) -> None:
    text = ('<?xml version="1.0"?>\n<map xml:lang="en"><title>Guide</title><topicref href="a.dita" navtitle="Start here">'
            '<topicmeta><navtitle>Getting started</navtitle></topicmeta></topicref>'
            '<topicref href="b.dita" format="dita"/></map>')
    path = xml(tmp_path, text, "guide.ditamap")
    corpus = read_corpus(path)
    assert [s.source for s in corpus.segments] == ["Guide", "Start here", "Getting started"]
    out = corpus.write(tmp_path / "o.ditamap", ["Handbuch", "Hier beginnen", "Erste Schritte"], trg_lang="de")
    assert out.read_text() == text.replace("Guide", "Handbuch").replace("Start here", "Hier beginnen").replace(
        "Getting started", "Erste Schritte").replace('xml:lang="en"', 'xml:lang="de"')


def test_default_namespace_selected_through_a_prefix(tmp_path: Path) -> None:
    text = ('<?xml version="1.0"?><doc xmlns="urn:d" xmlns:its="http://www.w3.org/2005/11/its">'
            '<its:rules version="2.0" xmlns:d="urn:d"><its:translateRule selector="//d:note" translate="no"/>'
            '<its:withinTextRule selector="//d:em" withinText="yes"/></its:rules>'
            '<para>Read <em>this</em>.<note>internal</note></para><note>hidden <em its:translate="yes">shown</em></note>'
            '</doc>')
    assert sources(tmp_path, text) == ['Read <g id="1">this</g>.', "shown"]
