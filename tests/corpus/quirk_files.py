"""Hand-made small files, one field quirk each (what localization filters' test files are built to hold),
written by the tests into a temporary folder: name -> bytes. Written here for tagmt, not copied from any project."""

from __future__ import annotations


def _u(text: str) -> bytes:
    return text.encode("utf-8")


HTML: dict[str, bytes] = {
    "q_html_fragment.html": _u("<p>Hello <b>world</b>, no html or body here.</p>\n<p>Second line.</p>\n"),
    "q_html_upper.html": _u("<HTML><BODY><P>Upper <B>case</B> tags</P><IMG SRC=a.png ALT=Logo></BODY></HTML>\n"),
    "q_html_unquoted.html": _u("<html><body><p class=intro title=Greeting>Unquoted attributes here</p>"
                               "<input type=text placeholder=Name></body></html>\n"),
    "q_html_cdata.html": _u("<html><body><p>Before</p><![CDATA[ raw <b>cdata</b> ]]><p>After the section</p>"
                            "</body></html>\n"),
    "q_html_condcomment.html": _u("<html><head><!--[if lt IE 9]><script src=\"x.js\"></script><![endif]-->"
                                  "<title>Old browsers</title></head><body><p>Text for all</p></body></html>\n"),
    "q_html_php.html": _u("<html><body><p>Hello <?php echo $name; ?>, welcome.</p></body></html>\n"),
    "q_html_asp.html": _u("<html><body><p>You have <% =count %> new messages.</p></body></html>\n"),
    "q_html_mustache.html": _u("<html><body><p>Hello {{user.name}}, you have {{count}} items.</p></body></html>\n"),
    "q_html_entities.html": _u("<html><body><p>Caf&eacute; &copy 2024 &amp; &unknownent; &#233;&#x41;"
                               " &nbsp;done</p></body></html>\n"),
    "q_html_metacharset.html": _u('<html><head><meta charset="utf-8"><title>Café</title></head>'
                                  "<body><p>Crème brûlée</p></body></html>\n"),
    "q_html_httpequiv.html": _u('<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8">'
                                "<title>Page</title></head><body><p>Naïve text</p></body></html>\n"),
    "q_html_cp1252.html": ('<html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1252">'
                           "</head><body><p>\u201cQuoted\u201d \u2013 caf\u00e9 \u20ac5</p></body></html>\n"
                           ).encode("cp1252"),
    "q_html_sjis.html": ('<html><head><meta charset="Shift_JIS"><title>\u65e5\u672c</title></head>'
                         "<body><p>\u3053\u3093\u306b\u3061\u306f\u4e16\u754c</p></body></html>\n").encode("shift_jis"),
    "q_html_euckr.html": ('<html><head><meta charset="euc-kr"></head>'
                          "<body><p>\uc548\ub155\ud558\uc138\uc694 world</p></body></html>\n").encode("euc-kr"),
    "q_html_bom.html": b"\xef\xbb\xbf" + _u("<html><body><p>Byte order mark first</p></body></html>\n"),
    "q_html_crlf.html": _u("<html>\r\n<body>\r\n<p>Windows\r\nline ends</p>\r\n</body>\r\n</html>\r\n"),
    "q_html_nul.html": b"<html><body><p>Nul\x00 byte inside</p></body></html>\n",
    "q_html_pre_in_p.html": _u("<html><body><p>Intro text<pre>  code  stays\n  as is</pre>tail text</p>"
                               "</body></html>\n"),
    "q_html_br_runs.html": _u("<html><body><p>Line one<br><br><br/>Line two<BR>Line three</p></body></html>\n"),
    "q_html_svg.html": _u('<html><body><p>Icon <svg width="10" height="10"><title>Star</title>'
                          '<circle cx="5" cy="5" r="4"/></svg> here</p></body></html>\n'),
    "q_html_mathml.html": _u("<html><body><p>Area is <math><mi>x</mi><mo>+</mo><mn>1</mn></math> units</p>"
                             "</body></html>\n"),
    "q_html_empty_title.html": _u("<html><head><title></title></head><body><p>Body text</p></body></html>\n"),
}

MARKDOWN: dict[str, bytes] = {
    "q_md_setext.md": _u("Main title\n==========\n\nSub title\n---------\n\nSome text.\n"),
    "q_md_reflinks.md": _u("See [the guide][guide] and [home].\n\n[guide]: https://example.com/g \"Guide title\"\n"
                           "[home]: /index.html\n"),
    "q_md_footnotes.md": _u("A claim.[^1] Another.[^note]\n\n[^1]: The first footnote.\n"
                            "[^note]: A named footnote.\n"),
    "q_md_comments.md": _u("<!-- internal note: do not translate -->\n\nVisible text.\n\n"
                           "Inline <!-- hidden --> comment.\n"),
    "q_md_table.md": _u("| Option | Meaning |\n|---|:---:|\n| `a\\|b` | Either a or b |\n"
                        "| pipe \\| here | Escaped pipe in text |\n"),
    "q_md_nested.md": _u("1. First item\n   - nested bullet\n\n     ```sh\n     make all\n     ```\n\n"
                         "   - second nested\n2. Second item\n"),
    "q_md_hardbreak.md": _u("Line with two spaces  \nnext line\\\nand backslash break.\n"),
    "q_md_autolinks.md": _u("Mail <me@example.com> or visit <https://example.com> or www.example.org today.\n"),
    "q_md_yaml_front.md": _u("---\ntitle: Front matter title\ntags: [a, b]\n---\n\n# Heading\n\nBody text.\n"),
    "q_md_toml_front.md": _u("+++\ntitle = \"Toml title\"\ndraft = false\n+++\n\n# Heading\n\nBody text.\n"),
}

XML: dict[str, bytes] = {
    "q_xml_doctype_entities.xml": _u('<?xml version="1.0"?>\n<!DOCTYPE doc [\n<!ENTITY prod "Widget">\n]>\n'
                                     "<doc><p>Use &prod; daily.</p></doc>\n"),
    "q_xml_cdata.xml": _u('<?xml version="1.0"?>\n<doc><p>Text <![CDATA[a < b]]> more</p></doc>\n'),
    "q_xml_pi.xml": _u('<?xml version="1.0"?>\n<?xml-stylesheet href="s.xsl"?>\n<doc><p>Before <?page break?>'
                       " after</p></doc>\n"),
    "q_xml_space.xml": _u('<?xml version="1.0"?>\n<doc><p xml:space="preserve">  keep   these  spaces </p>'
                          "<p>normal   text</p></doc>\n"),
    "q_dita_conref.dita": _u('<?xml version="1.0" encoding="UTF-8"?>\n<topic id="t1"><title>Conref topic</title>'
                             '<body><p conref="common.dita#c/p1"/><p>Own <ph keyref="product"/> text.</p>'
                             "</body></topic>\n"),
    "q_dita_codeblock.dita": _u('<?xml version="1.0" encoding="UTF-8"?>\n<topic id="t2"><title>Code</title>'
                                "<body><p>Run this:</p><codeblock>make &amp;&amp; make install\n</codeblock>"
                                "<p>Then <codeph>ls</codeph> lists.</p></body></topic>\n"),
    "q_dita_doctype.dita": _u('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE concept PUBLIC '
                              '"-//OASIS//DTD DITA Concept//EN" "concept.dtd">\n<concept id="c" xml:lang="en-US">'
                              "<title>Public doctype</title><conbody><p>Body <b>bold</b>.</p></conbody></concept>\n"),
}

PO: dict[str, bytes] = {
    "q_po_obsolete.po": _u('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                           'msgid "Live"\nmsgstr ""\n\n#~ msgid "Old one"\n#~ msgstr "Alt"\n'),
    "q_po_previous.po": _u('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                           '#, fuzzy\n#| msgid "Open a file"\nmsgid "Open the file"\nmsgstr "Datei öffnen"\n\n'
                           'msgid "Close"\nmsgstr ""\n'),
    "q_po_nplurals1.po": _u('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
                            '"Plural-Forms: nplurals=1; plural=0;\\n"\n\n'
                            '#, c-format\nmsgid "%d file"\nmsgid_plural "%d files"\nmsgstr[0] ""\n'),
    "q_po_nplurals6.po": _u('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
                            '"Plural-Forms: nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && '
                            'n%100<=10 ? 3 : n%100>=11 ? 4 : 5);\\n"\n\n'
                            '#, c-format\nmsgid "%d day"\nmsgid_plural "%d days"\n'
                            'msgstr[0] ""\nmsgstr[1] ""\nmsgstr[2] ""\nmsgstr[3] ""\nmsgstr[4] ""\nmsgstr[5] ""\n'),
    "q_po_msgctxt.po": _u('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                          'msgctxt "menu"\nmsgid "Open"\nmsgstr ""\n\nmsgctxt "state"\nmsgid "Open"\nmsgstr ""\n'),
    "q_po_multiline.po": _u('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                            'msgid ""\n"First part of a long message "\n"and its second part.\\n"\nmsgstr ""\n'),
    "q_po_escapes.po": _u('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                          'msgid "Say \\"hi\\"\\tthen a back\\\\slash"\nmsgstr ""\n'),
    "q_po_crlf.po": _u('msgid ""\r\nmsgstr ""\r\n"Content-Type: text/plain; charset=UTF-8\\n"\r\n\r\n'
                       'msgid "Windows line ends"\r\nmsgstr ""\r\n'),
    "q_po_noheader.po": _u('msgid "No header at all"\nmsgstr ""\n\nmsgid "Second"\nmsgstr ""\n'),
}

JSON: dict[str, bytes] = {
    "q_json_array.json": _u('["First string", "Second string", {"k": "Nested value"}]\n'),
    "q_json_scalars.json": _u('{"title": "Scalars", "count": 3, "ratio": 1.5e3, "on": true, "off": false, '
                              '"none": null}\n'),
    "q_json_unicode.json": _u('{"a": "Caf\\u00e9 au lait", "b": "Smile \\ud83d\\ude00 now"}\n'),
    "q_json_bom.json": b"\xef\xbb\xbf" + _u('{"greeting": "Hello with a BOM"}\n'),
    "q_json_dupkeys.json": _u('{"key": "First value", "key": "Second value"}\n'),
    "q_json_deep.json": _u('{"a": {"b": {"c": {"d": {"e": {"f": {"g": "Deep text here"}}}}}}}\n'),
    "q_json_i18next.json": _u('{"item_one": "{{count}} item", "item_other": "{{count}} items", '
                              '"nested": "See $t(item_other) and {{name}}", "ctx_male": "He is here"}\n'),
}

YAML: dict[str, bytes] = {
    "q_yaml_multidoc.yml": _u("---\ngreeting: Hello there\n---\nfarewell: Goodbye now\n"),
    "q_yaml_anchors.yml": _u("base: &base\n  title: Shared title\nother:\n  <<: *base\n  body: Own body text\n"
                             "again: *base\n"),
    "q_yaml_tags.yml": _u("name: !!str Tagged string\nnumber: !!str 123\ncount: 4\n"),
    "q_yaml_blocks.yml": _u("strip: |-\n  Literal kept\n  two lines\nkeep: >+\n  Folded text\n  kept end\n\n"
                            "last: done here\n"),
    "q_yaml_flow.yml": _u("en:\n  menu: {open: Open file, close: Close file}\n  list: [One thing, Two things]\n"),
    "q_yaml_comments.yml": _u("# top comment\nen: # after key\n  # before entry\n  hello: Hello world # trailing\n"
                              "  # between\n  bye: Bye now\n# end comment\n"),
}

PROPERTIES: dict[str, bytes] = {
    "q_props_latin1.properties": "greeting=Grüße aus Köln\nprice=5 €uro\n".replace("€", "E").encode("latin-1"),
    "q_props_uescape.properties": _u("title=Caf\\u00e9 \\u00fcber alles\n"),
    "q_props_separators.properties": _u("colon:Colon value\nspace Space value\nequals = Equals value\n"),
    "q_props_continuation.properties": _u("long=First part of the text \\\n    continued here \\\n"
                                          "    and ended.\n"),
    "q_props_comments.properties": _u("! bang comment\n# hash comment\nkey=Value after comments\n"),
    "q_props_messageformat.properties": _u("msg=It''s {0} o''clock for {1}.\n"),
}

ANDROID: dict[str, bytes] = {
    "q_android_cdata.xml": _u('<?xml version="1.0" encoding="utf-8"?>\n<resources>\n'
                              '    <string name="html"><![CDATA[Hello <b>bold</b> world]]></string>\n</resources>\n'),
    "q_android_formatted.xml": _u('<?xml version="1.0" encoding="utf-8"?>\n<resources>\n'
                                  '    <string name="pct" formatted="false">100% of %s and %d</string>\n'
                                  "</resources>\n"),
    "q_android_tools.xml": _u('<?xml version="1.0" encoding="utf-8"?>\n'
                              '<resources xmlns:tools="http://schemas.android.com/tools" tools:ignore="MissingTranslation">\n'
                              '    <string name="a" tools:ignore="Typos">Tools attribute text</string>\n'
                              "</resources>\n"),
    "q_android_escapes.xml": _u('<?xml version="1.0" encoding="utf-8"?>\n<resources>\n'
                                '    <string name="at">\\@home isn\\\'t \\?here\\nnew line</string>\n'
                                "</resources>\n"),
    "q_android_xliffg.xml": _u('<?xml version="1.0" encoding="utf-8"?>\n'
                               '<resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">\n'
                               '    <string name="w">Welcome <xliff:g id="user" example="Bob">%1$s</xliff:g>!</string>\n'
                               "</resources>\n"),
    "q_android_array.xml": _u('<?xml version="1.0" encoding="utf-8"?>\n<resources>\n'
                              '    <string-array name="planets">\n        <item>Mercury</item>\n'
                              "        <item>Venus</item>\n    </string-array>\n</resources>\n"),
    "q_android_plurals.xml": _u('<?xml version="1.0" encoding="utf-8"?>\n<resources>\n'
                                '    <plurals name="songs">\n        <item quantity="zero">No songs</item>\n'
                                '        <item quantity="few">%d songs (few)</item>\n'
                                '        <item quantity="many">%d songs (many)</item>\n'
                                '        <item quantity="other">%d songs</item>\n    </plurals>\n</resources>\n'),
}

IOS: dict[str, bytes] = {
    "q_ios_comments.strings": _u('/* Title of the window */\n"title" = "Main window";\n// line comment\n'
                                 '"ok" = "OK";\n'),
    "q_ios_escapes.strings": _u('"quote" = "Say \\"hi\\"\\n\\tnow";\n"uni" = "Caf\\U00e9 %@";\n'),
    "q_ios_utf16.strings": b"\xff\xfe" + '/* c */\n"hello" = "Hello %@";\n'.encode("utf-16-le"),
    "q_ios_dict.stringsdict": _u(
        '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" '
        '"http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n<dict>\n'
        "  <key>files</key>\n  <dict>\n"
        "    <key>NSStringLocalizedFormatKey</key>\n    <string>%#@files@ in %#@folders@</string>\n"
        "    <key>files</key>\n    <dict>\n"
        "      <key>NSStringFormatSpecTypeKey</key>\n      <string>NSStringPluralRuleType</string>\n"
        "      <key>NSStringFormatValueTypeKey</key>\n      <string>d</string>\n"
        "      <key>one</key>\n      <string>%d file</string>\n"
        "      <key>other</key>\n      <string>%d files</string>\n    </dict>\n"
        "    <key>folders</key>\n    <dict>\n"
        "      <key>NSStringFormatSpecTypeKey</key>\n      <string>NSStringPluralRuleType</string>\n"
        "      <key>NSStringFormatValueTypeKey</key>\n      <string>d</string>\n"
        "      <key>one</key>\n      <string>%d folder</string>\n"
        "      <key>other</key>\n      <string>%d folders</string>\n    </dict>\n"
        "  </dict>\n</dict>\n</plist>\n"),
}

ALL: dict[str, dict[str, bytes]] = {
    "html": HTML, "markdown": MARKDOWN, "xml": XML, "po": PO, "json": JSON, "yaml": YAML,
    "properties": PROPERTIES, "android": ANDROID, "ios": IOS,
}


# -- second round: harder variants of the same quirks ---------------------------------------------------------

HTML.update({
    "q_html_amp_nosemi.html": _u('<html><body><p title="A&copyB">AT&T and R&D &ampx &lt3 &#65 &#x42 end</p>'
                                 "</body></html>\n"),
    "q_html_attrs_server.html": _u('<html><body><p><a href="<?php echo $url ?>" title="{{tip}}">Link text</a>'
                                   ' <img alt="<%= alt %>" src="x.png"></p></body></html>\n'),
    "q_html_server_blocks.html": _u("<html><body><% if user %><p>Signed in</p><% else %><p>Signed out</p>"
                                    "<% end %></body></html>\n"),
    "q_html_implicit_close.html": _u("<html><body><ul><li>One<li>Two<li>Three</ul><p>Para one<p>Para two"
                                     "<table><tr><td>Cell A<td>Cell B</table></body></html>\n"),
    "q_html_meta_desc.html": _u('<html><head><meta name="description" content="A page &amp; its &quot;summary&quot;">'
                                '<meta name="keywords" content="one, two"></head><body>'
                                '<p translate="no">Brand Name</p><p class="notranslate">Keep me</p>'
                                '<input type="submit" value="Send form"><p>Normal</p></body></html>\n'),
    "q_html_script_style.html": _u("<html><head><style>p > b { color: red }</style><script>if (a < b && c) "
                                   "{ document.write('</p>'); }</script></head><body><p>Text</p>"
                                   "<textarea>Default text</textarea></body></html>\n"),
    "q_html_sjis_5c.html": ('<html><head><meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS">'
                            "</head><body><p>\u8868\u793a\u3068\u30bd\u30d5\u30c8\u3068\u80fd\u529b</p>"
                            "</body></html>\n").encode("shift_jis"),
    "q_html_undeclared_1252.html": "<html><body><p>Caf\u00e9 \u2014 na\u00efve</p></body></html>\n".encode("cp1252"),
    "q_html_utf16.html": b"\xff\xfe" + "<html><body><p>Wide page text</p></body></html>\n".encode("utf-16-le"),
    "q_html_xhtml.xhtml": _u('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html>\n'
                             '<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en" lang="en"><head><title>X'
                             "</title></head><body><p>XHTML <br/>text &#8212; here</p></body></html>\n"),
    "q_html_comment_dashes.html": _u("<!DOCTYPE html>\n<html><body><!-- a -- b --><p>After odd comment</p>"
                                     "<!----><p>After empty</p></body></html>\n"),
    "q_html_inline_blocks.html": _u("<html><body><b><p>Bold para</p></b><span><div>Div in span</div></span>"
                                    "<p><br>Leading br and trailing<br></p></body></html>\n"),
    "q_html_nbsp_lang.html": _u('<html lang="en-US"><body><p>Non\u00a0breaking and&nbsp;entity</p>'
                                '<p lang="fr">Bonjour</p></body></html>\n'),
})

MARKDOWN.update({
    "q_md_setext_multi.md": _u("First line\nsecond line of heading\n===\n\nText *under* it.\n"),
    "q_md_images.md": _u("![Alt text](img.png \"Image title\") and ![ref image][logo]\n\n[logo]: logo.png\n"),
    "q_md_htmlblock.md": _u("<div class=\"note\">\n\n**Bold** inside a div.\n\n</div>\n\n<p>Raw html para</p>\n"),
    "q_md_indented_code.md": _u("Para before.\n\n    indented code\n    block\n\nPara after.\n"),
    "q_md_crlf.md": _u("# Title\r\n\r\nLine one\r\nline two.\r\n\r\n- item\r\n"),
    "q_md_escapes.md": _u("\\*not emphasis\\* and snake_case_word and 2 * 3 * 4 and &copy; &#35; end.\n"),
    "q_md_blockquote.md": _u("> Quoted text\n> - list in quote\n>   lazy\ncontinuation\n\n+ plus item\n* star item\n"),
    "q_md_atx_closed.md": _u("## Title with closing ##\n\n### `code` in heading\n\nText.\n"),
    "q_md_gfm.md": _u("- [ ] todo item\n- [x] done item\n\n~~struck~~ text\n\nA | B\n--|--\nc | d\n"),
    "q_md_liquid.md": _u("{% include note.html %}\n\nWelcome to {{ site.title }}, {{ page.author }}.\n\n"
                         "{% raw %}{{ literal }}{% endraw %}\n"),
    "q_md_tabs.md": _u("-\tTabbed item\n\n\tTabbed code\n\nText\twith tab.\n"),
    "q_md_linktitles.md": _u("[a](<url with spaces> 'single') [b](u (paren title)) [c][]\n\n[c]:\n  /c\n  \"title on next\"\n"),
})

XML.update({
    "q_xml_latin1.xml": '<?xml version="1.0" encoding="ISO-8859-1"?>\n<doc><p>Caf\u00e9 cr\u00e8me</p></doc>\n'.encode("latin-1"),
    "q_xml_utf16.xml": b"\xff\xfe" + '<?xml version="1.0" encoding="UTF-16"?>\n<doc><p>Wide</p></doc>\n'.encode("utf-16-le"),
    "q_xml_its_local.xml": _u('<?xml version="1.0"?>\n<doc xmlns:its="http://www.w3.org/2005/11/its" its:version="2.0"'
                              ' xml:lang="en"><its:rules version="2.0"><its:translateRule selector="//code" '
                              'translate="no"/></its:rules><p>Run <code>ls -l</code> now.</p>'
                              '<p its:translate="no">Do not touch</p></doc>\n'),
    "q_xml_charrefs.xml": _u('<?xml version="1.0"?>\n<doc><p>Dash &#x2014; and &#233; and &amp; &lt;tag&gt;</p>'
                             "<!-- comment --><p>Two <!-- inside --> parts</p></doc>\n"),
    "q_dita_subflows.dita": _u('<?xml version="1.0" encoding="UTF-8"?>\n<topic id="s" xml:lang="en-us"><title>Flows'
                               "</title><body><p>Text<fn>A footnote.</fn> with <indexterm>index entry</indexterm>"
                               " and <draft-comment>draft</draft-comment> end.</p><p>Press <uicontrol>OK</uicontrol>"
                               ' or see <xref href="a.dita">the topic</xref>.</p><image href="i.png"><alt>Alt text'
                               '</alt></image><p translate="no">Not this</p></body></topic>\n'),
    "q_dita_map.ditamap": _u('<?xml version="1.0" encoding="UTF-8"?>\n<map xml:lang="en"><title>Map title</title>'
                             '<topicref href="a.dita" navtitle="Nav title"><topicmeta><navtitle>Meta nav</navtitle>'
                             "</topicmeta></topicref></map>\n"),
    "q_dita_cdata_code.dita": _u('<?xml version="1.0" encoding="UTF-8"?>\n<topic id="c"><title>T</title><body>'
                                 '<codeblock xml:space="preserve"><![CDATA[if (a < b) { x(); }]]></codeblock>'
                                 "<p>Done.</p></body></topic>\n"),
})

PO.update({
    "q_po_translated.po": _u('msgid ""\nmsgstr ""\n"Language: fr\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                             '#. extracted comment\n#: src/a.c:10\n#, c-format\nmsgid "Hello %s"\nmsgstr "Bonjour %s"\n\n'
                             '#, python-brace-format\nmsgid "Hi {name}"\nmsgstr ""\n\n'
                             '#, python-format\nmsgid "%(n)d left"\nmsgstr ""\n\n#, no-c-format\nmsgid "100% sure"\n'
                             'msgstr ""\n'),
    "q_po_newlines.po": _u('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                           'msgid "\\nLeading and trailing newline\\n"\nmsgstr ""\n\nmsgid "  spaced  "\nmsgstr ""\n'),
    "q_po_obsolete_full.po": _u('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                                'msgid "Live"\nmsgstr ""\n\n#~ msgctxt "old"\n#~ msgid "One"\n#~ msgid_plural "Many"\n'
                                '#~ msgstr[0] "Un"\n#~ msgstr[1] "Des"\n\n#~| msgid "Prev"\n#~ msgid "Prev2"\n#~ msgstr ""\n'),
    "q_po_latin1.po": ('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=ISO-8859-1\\n"\n\n'
                       'msgid "Caf\u00e9"\nmsgstr "Caf\u00e9"\n\nmsgid "Na\u00efve"\nmsgstr ""\n').encode("latin-1"),
    "q_po_nofinal_newline.po": _u('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                                  'msgid "Last without newline"\nmsgstr ""'),
    "q_po_multiline_translated.po": _u('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                                       'msgid ""\n"Line one\\n"\n"Line two"\nmsgstr ""\n"Zeile eins\\n"\n"Zeile zwei"\n'),
    "q_po_html.po": _u('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                       'msgid "Click <a href=\\"/x\\">here</a> &amp; go"\nmsgstr ""\n'),
})

JSON.update({
    "q_json_string.json": _u('"Just one top-level string"\n'),
    "q_json_slash.json": _u('{"url": "http:\\/\\/example.com\\/a", "u": "\\u00E9t\\u00e9", "c": "a\\b\\fb\\r"}\n'),
    "q_json_icu.json": _u('{"files": "{count, plural, =0 {No files} one {# file} other {# files}}", '
                          '"sel": "{gender, select, male {He} female {She} other {They}} liked {n, number}"}\n'),
    "q_json_formatjs.json": _u('{"app.title": {"defaultMessage": "Welcome {name}", "description": "Page title"}}\n'),
    "q_json_bignum.json": _u('{"big": 12345678901234567890, "f": 1.0, "neg": -0, "e": 1E400, "t": "Text"}\n'),
    "q_json_html.json": _u('{"msg": "Click <b>here</b> &amp; <a href=\\"/x\\">there</a>"}\n'),
    "q_json_empty.json": _u('{"empty": "", "space": " ", "text": "Real"}'),
    "q_json_tabs_crlf.json": _u('{\r\n\t"a": "Tabbed",\r\n\t"b": [\r\n\t\t"In list"\r\n\t]\r\n}\r\n'),
    "q_json_lone_surrogate.json": _u('{"bad": "Half \\ud800 pair", "ok": "Fine"}\n'),
    "q_json_comments.json": _u('{\n  // a comment\n  "a": "Commented"\n}\n'),
    "q_json_utf16.json": b"\xff\xfe" + '{"a": "Wide json"}\n'.encode("utf-16-le"),
    "q_json_lang_root.json": _u('{"en": {"hello": "Hello", "bye": "Bye %s"}}\n'),
})

YAML.update({
    "q_yaml_quotes.yml": _u("en:\n  single: 'It''s here'\n  double: \"Caf\\u00e9 \\x41 \\\"q\\\"\"\n"
                            "  'quoted key': Plain value\n"),
    "q_yaml_plain_multiline.yml": _u("en:\n  long: This plain scalar\n    goes on the next line\n    and further.\n"),
    "q_yaml_rails.yml": _u("en:\n  inbox:\n    one: \"%{count} message\"\n    other: \"%{count} messages\"\n"
                           "  hello_html: \"<b>Hi</b> %{name}\"\n"),
    "q_yaml_norway.yml": _u("languages:\n  no: Norsk\n  yes_key: yes\n  on: On switch\n  empty:\n  tilde: ~\n"),
    "q_yaml_directive.yml": _u("%YAML 1.2\n---\ntitle: Directive doc\n...\n"),
    "q_yaml_seqmaps.yml": _u("items:\n- name: First item\n  desc: Its text\n- name: Second item\n"),
    "q_yaml_crlf_bom.yml": b"\xef\xbb\xbf" + _u("en:\r\n  a: CRLF text\r\n  b: More\r\n"),
    "q_yaml_complexkey.yml": _u("? complex key\n: Complex value\nsimple: Simple value\n"),
})

PROPERTIES.update({
    "q_props_keyescapes.properties": _u("my\\ key=Spaced key\nk\\=eq=Equals in key\nk\\:c:Colon in key\n"),
    "q_props_valueescapes.properties": _u("tab=Tab\\there\\nnew line\\\\slash\nlead=\\  leading spaces\n"),
    "q_props_evenbackslash.properties": _u("path=C:\\\\\nnext=Not a continuation\n"),
    "q_props_blank_indented.properties": _u("\n   \n   # indented comment\n  key = Indented key\nempty=\nbare\n"),
    "q_props_cont_hash.properties": _u("a=First \\\n# not a comment\nb=Second\n"),
    "q_props_crlf.properties": _u("a=Windows\r\nb=Line ends\r\n"),
    "q_props_utf8.properties": _u("greet=Grüße ☃ snowman\n"),
    "q_props_dupkeys.properties": _u("k=First\nk=Second\n"),
    "q_props_choice.properties": _u("files={0,number,integer} {1,choice,0#no files|1#one file|1<{1} files}\n"),
    "q_props_trailing.properties": _u("t=Trailing spaces   \nu=\\u00E9\\u00e9\n"),
})

ANDROID.update({
    "q_android_escaped_html.xml": _u('<?xml version="1.0" encoding="utf-8"?>\n<resources>\n'
                                     '    <string name="a">Hello &lt;b&gt;%1$s&lt;/b&gt;</string>\n'
                                     '    <string name="b">Real <b>bold</b> and <i>italic</i> and <u>u</u></string>\n'
                                     "</resources>\n"),
    "q_android_quoted.xml": _u('<?xml version="1.0" encoding="utf-8"?>\n<resources>\n'
                               '    <string name="q">"  spaced \'quoted\' "</string>\n'
                               '    <string name="d">Say \\"hi\\" \\u2026 …</string>\n'
                               '    <string name="nt" translatable="false">AppName</string>\n'
                               "</resources>\n"),
    "q_android_nonstrings.xml": _u('<?xml version="1.0" encoding="utf-8"?>\n<resources>\n'
                                   '    <!-- a comment -->\n    <dimen name="pad">8dp</dimen>\n'
                                   '    <color name="c">#FF0000</color>\n    <bool name="b">true</bool>\n'
                                   '    <integer-array name="ia"><item>1</item></integer-array>\n'
                                   '    <item type="id" name="some_id"/>\n    <string name="e"/>\n'
                                   '    <string name="ref">@string/other</string>\n'
                                   '    <string-array name="refs"><item>@string/e</item><item>Plain</item></string-array>\n'
                                   '    <string name="t">Text</string>\n</resources>\n'),
    "q_android_product.xml": _u('<?xml version="1.0" encoding="utf-8"?>\n<resources>\n'
                                '    <string name="p" product="tablet">On tablet</string>\n'
                                '    <string name="p" product="default">On phone</string>\n</resources>\n'),
    "q_android_locale.xml": _u('<?xml version="1.0" encoding="utf-8"?>\n'
                               '<resources xmlns:tools="http://schemas.android.com/tools" tools:locale="en">\n'
                               '    <string name="a">Locale declared</string>\n</resources>\n'),
    "q_android_crlf_bom.xml": b"\xef\xbb\xbf" + _u('<?xml version="1.0" encoding="utf-8"?>\r\n<resources>\r\n'
                                                   '    <string name="a">CRLF &#8230; text</string>\r\n</resources>\r\n'),
    "q_android_plural_xliff.xml": _u('<?xml version="1.0" encoding="utf-8"?>\n'
                                     '<resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">\n'
                                     '    <plurals name="n">\n        <item quantity="one"><xliff:g id="c">%d</xliff:g>'
                                     " item</item>\n        <item quantity=\"other\"><xliff:g id=\"c\">%d</xliff:g> items"
                                     "</item>\n    </plurals>\n</resources>\n"),
})

IOS.update({
    "q_ios_unquoted.strings": _u('unquotedKey = "Unquoted key";\n"a"="No spaces";\n"b" = "B"; /* trailing */\n'),
    "q_ios_formats.strings": _u('"f" = "%1$@ of %2$ld, 100%% done\\\\ \\r";\n"OK" = "OK";\n'),
    "q_ios_utf16be.strings": b"\xfe\xff" + '"be" = "Big endian";\n'.encode("utf-16-be"),
    "q_ios_multiline_comment.strings": _u('/*\n Multi\n line\n */\n"m" = "Multi\nline value";\n'),
    "q_ios_single.stringsdict": _u(
        '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n'
        "  <key>%d items</key>\n  <dict>\n"
        "    <key>NSStringLocalizedFormatKey</key>\n    <string>You have %#@items@</string>\n"
        "    <key>items</key>\n    <dict>\n"
        "      <key>NSStringFormatSpecTypeKey</key>\n      <string>NSStringPluralRuleType</string>\n"
        "      <key>NSStringFormatValueTypeKey</key>\n      <string>d</string>\n"
        "      <key>zero</key>\n      <string>no items</string>\n"
        "      <key>one</key>\n      <string>one item of %#@kind@</string>\n"
        "      <key>other</key>\n      <string>%d items</string>\n    </dict>\n"
        "    <key>kind</key>\n    <dict>\n"
        "      <key>NSStringFormatSpecTypeKey</key>\n      <string>NSStringPluralRuleType</string>\n"
        "      <key>NSStringFormatValueTypeKey</key>\n      <string>@</string>\n"
        "      <key>other</key>\n      <string>%@</string>\n    </dict>\n"
        "  </dict>\n</dict>\n</plist>\n"),
})


# -- third round ------------------------------------------------------------------------------------------------

HTML.update({
    "q_html_forms.html": _u('<html><body><form><label for=a>Your name</label><select><option>First choice</option>'
                            '<option value="2" label="Second label">Second</option></select>'
                            "<button>Press me</button></form></body></html>\n"),
    "q_html_custom_ruby.html": _u("<html><body><my-widget>Custom element text</my-widget><p><ruby>漢<rt>kan</rt></ruby>"
                                  " reading</p><noscript><p>Enable scripts</p></noscript></body></html>\n"),
    "q_html_iso2022jp.html": ('<html><head><meta charset="iso-2022-jp"></head><body><p>\u65e5\u672c\u8a9e text</p>'
                              "</body></html>\n").encode("iso-2022-jp"),
    "q_html_content_language.html": _u('<html><head><meta http-equiv="content-language" content="en">'
                                       "<title>Title &amp; more</title></head><body>Bare body text"
                                       "<div>Div text <a href='#'><div>block in a</div></a></div></body></html>\n"),
    "q_html_meta_late.html": _u("<html><head><!--" + "x" * 1100 + '--><meta charset="utf-8"></head>'
                                "<body><p>Caf\u00e9 late meta</p></body></html>\n"),
    "q_html_attr_newline.html": _u('<html><body><p title="Two\nlines of title">Text</p><p>&nbsp;</p>'
                                   "<h1></h1></body></html>\ntrailing text after html\n"),
})

MARKDOWN.update({
    "q_md_nested_links.md": _u("[![Badge alt](https://img.example/b.svg)](https://example.com) and "
                               "*emphasis with [a link](x.html) inside*\nacross a line.\n"),
    "q_md_kbd_parens.md": _u("Press <kbd>Ctrl</kbd>+<kbd>C</kbd>.\n\n1) First\n2) Second\n\n#\n\n"
                             "| code | note |\n|---|---|\n| `x \\| y` | pipe in code |\n"),
    "q_md_bom_front.md": b"\xef\xbb\xbf" + _u("---\ntitle: With BOM\n---\nText after front matter.\n"),
    "q_md_only_front.md": _u("---\ntitle: Only front matter\n---\n"),
    "q_md_numbers.md": _u("2024. A year that starts a line.\n\n- 1. nested-looking\n\n\\# not a heading\n"),
})

XML.update({
    "q_xml_undefined_entity.xml": _u('<?xml version="1.0"?>\n<doc><p>No&nbsp;break</p></doc>\n'),
    "q_xml_default_ns.xml": _u('<?xml version="1.0"?>\n<doc xmlns="urn:example:doc" xml:lang="en">'
                               "<para>Default namespace text</para></doc>\n"),
    "q_xml_locnote.xml": _u('<?xml version="1.0"?>\n<doc xmlns:its="http://www.w3.org/2005/11/its" its:version="2.0">'
                            '<its:rules version="2.0"><its:withinTextRule selector="//em" withinText="yes"/>'
                            '</its:rules><p its:locNote="A note">Text <em>emph</em> end.</p></doc>\n'),
    "q_dita_ph_no.dita": _u('<?xml version="1.0" encoding="UTF-8"?>\n<concept id="p"><title>Phrases</title><conbody>'
                            '<p>Use <ph translate="no">ProductX</ph> with <term>terms</term>.</p>'
                            '<note type="tip">A tip.</note><ul><li>Item <b>one</b></li></ul></conbody></concept>\n'),
})

PO.update({
    "q_po_fuzzy_header.po": _u('# Translator comment\n#, fuzzy\nmsgid ""\nmsgstr ""\n"Project-Id-Version: x\\n"\n'
                               '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"'
                               '\n\n#, c-format\nmsgid "%d apple"\nmsgid_plural "%d apples"\nmsgstr[0] "%d Apfel"\n'
                               'msgstr[1] ""\n'),
    "q_po_empty_ctxt.po": _u('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                             'msgctxt ""\nmsgid "Empty context"\nmsgstr ""\n\nmsgid "Empty context"\nmsgstr ""\n'),
    "q_po_long_wrapped.po": _u('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                               'msgid ""\n"' + "A very long sentence that gettext wraps at seventy nine columns, " * 3
                               + '"\n"end."\nmsgstr ""\n'),
})

JSON.update({
    "q_json_key_escapes.json": _u('{"a\\"b": "Quote in key", "c\\u00e9": "Escaped key", "d": "Line\\u2028sep"}\n'),
    "q_json_nested_arrays.json": _u('{"grid": [["Top left", "Top right"], [["Deep"]], []], "e": {}}\n'),
    "q_json_number_top.json": _u("42\n"),
    "q_json_nan.json": _u('{"a": NaN, "b": "Text"}\n'),
    "q_json_trailing_comma.json": _u('{"a": "Text",}\n'),
})

YAML.update({
    "q_yaml_long_keys.yml": _u("en:\n  \"key with: colon\": Value one\n  key.with.dots: Value two\n"
                               "  ? |\n    block key\n  : Value three\n"),
    "q_yaml_indented_seq.yml": _u("en:\n  days:\n    - Monday\n    - Tuesday\n  months: [\"Jan\", 'Feb']\n"),
    "q_yaml_special_values.yml": _u("en:\n  colon: \"Time: now\"\n  hash: \"Not # a comment\"\n"
                                    "  star: \"*bold*\"\n  pct: \"100%\"\n"),
})

PROPERTIES.update({
    "q_props_eof_backslash.properties": _u("a=Value\nb=Ends with a backslash\\"),
    "q_props_key_unicode.properties": _u("caf\\u00e9=Key with escape\n=Empty key value\n"),
    "q_props_euro_latin1.properties": "price=5 \\u20ac and caf\u00e9\n".encode("latin-1"),
})

ANDROID.update({
    "q_android_mixed_cdata.xml": _u('<?xml version="1.0" encoding="utf-8"?>\n<resources>\n'
                                    '    <string name="m">Before <![CDATA[<i>italic</i>]]> after %1$s and 50%%</string>\n'
                                    '    <string name="s">  spaced   out  </string>\n'
                                    '    <string name="l">Line one\n        line two</string>\n</resources>\n'),
    "q_android_plurals_untranslatable.xml": _u('<?xml version="1.0" encoding="utf-8"?>\n<resources>\n'
                                               '    <plurals name="p" translatable="false">\n'
                                               '        <item quantity="other">%d units</item>\n    </plurals>\n'
                                               '    <string name="t">Translated</string>\n</resources>\n'),
})

IOS.update({
    "q_ios_key_specials.strings": _u('"a = b; c" = "Key with specials";\n"end\\"" = "Value ends with \\"";\n'
                                     '/**/\n"u" = "\\U00e9t\\U00e9";\n'),
    "q_ios_bom.strings": b"\xef\xbb\xbf" + _u('"k" = "UTF-8 with BOM";\n'),
    "q_ios_device.stringsdict": _u(
        '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n'
        "  <key>tap</key>\n  <dict>\n"
        "    <key>NSStringDeviceSpecificRuleType</key>\n    <dict>\n"
        "      <key>iphone</key>\n      <string>Tap here</string>\n"
        "      <key>mac</key>\n      <string>Click here</string>\n    </dict>\n  </dict>\n"
        "  <key>width</key>\n  <dict>\n"
        "    <key>NSStringVariableWidthRuleType</key>\n    <dict>\n"
        "      <key>1</key>\n      <string>Short</string>\n"
        "      <key>20</key>\n      <string>A much longer text</string>\n    </dict>\n  </dict>\n"
        "</dict>\n</plist>\n"),
})


# -- fourth round: what office tools and other extractors leave in files -------------------------------------

HTML.update({
    "q_html_msword.html": _u('<html xmlns:o="urn:schemas-microsoft-com:office:office"><head>'
                             '<meta http-equiv=Content-Type content="text/html; charset=utf-8"></head><body>'
                             "<p class=MsoListParagraph><![if !supportLists]><span>1.<span>&nbsp;&nbsp; </span></span>"
                             "<![endif]>Word list item<o:p></o:p></p><p class=MsoNormal><span style='font-size:12pt'>"
                             "It&#8217;s <st1:place>Paris</st1:place><o:p>&nbsp;</o:p></span></p></body></html>\n"),
    "q_html_xml_prolog.html": _u('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN">'
                                 "\n<HTML><HEAD><TITLE>Old page</TITLE></HEAD><BODY><P>Old &amp; proud"
                                 "<TABLE BORDER=1><TR><TD>Cell</TD></TR></TABLE></BODY></HTML>\n"),
    "q_html_dir_bdo.html": _u('<html dir="ltr"><body><p>Name: <bdo dir="rtl">abc</bdo> and <bdi>user</bdi>.</p>'
                              '<p>Wrap<wbr>point and <abbr title="HyperText Markup Language">HTML</abbr></p>'
                              "</body></html>\n"),
})

MARKDOWN.update({
    "q_md_brackets.md": _u("![a [nested] alt](x.png) and [link *with* `code`](<a b.html>) and ***both***.\n\n"
                           "| a | b |\n|---|---|\n| one<br/>two | $x$ |\n"),
    "q_md_math_html_entities.md": _u("$$\nE = mc^2\n$$\n\nText &mdash; with &#x2014; and &amp;.\n\n"
                                     "Heading with hash\n\\# sign\n"),
})

XML.update({
    "q_xml_its_external.xml": _u('<?xml version="1.0"?>\n<doc xmlns:its="http://www.w3.org/2005/11/its" '
                                 'xmlns:xlink="http://www.w3.org/1999/xlink" its:version="2.0">'
                                 '<its:rules version="2.0" xlink:type="simple" xlink:href="missing-rules.xml"/>'
                                 "<p>Text with external rules</p></doc>\n"),
    "q_xml_its_param.xml": _u('<?xml version="1.0"?>\n<doc xmlns:its="http://www.w3.org/2005/11/its" its:version="2.0">'
                              '<its:rules version="2.0"><its:param name="kind">code</its:param>'
                              '<its:translateRule selector="//*[@type=$kind]" translate="no"/>'
                              '<its:locNoteRule selector="//p" locNoteType="description"><its:locNote>Note</its:locNote>'
                              '</its:locNoteRule></its:rules><p>Translate me</p><p type="code">x = 1</p></doc>\n'),
})

PO.update({
    "q_po_domain.po": _u('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\ndomain "extra"\n\n'
                         'msgid "In a domain"\nmsgstr ""\n'),
    "q_po_range_flags.po": _u('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                              '#, c-format, range: 0..10\nmsgid "%d of 10"\nmsgstr ""\n\n'
                              '#: a.c:1 b.c:2\n#, fuzzy, c-format\n#| msgctxt "old"\n#| msgid "Was %s"\n'
                              'msgid "Is %s"\nmsgstr "Ist %s"\n'),
    "q_po_plural_no_header.po": _u('msgid "%d thing"\nmsgid_plural "%d things"\nmsgstr[0] ""\nmsgstr[1] ""\n'),
})

JSON.update({
    "q_json_ld.json": _u('{"@context": "https://schema.org", "@type": "Thing", "name": "A thing", "n": "42", '
                         '"crlf": "Line\\r\\nbreak", "mixed": [1, "two", true, null, {"x": "three"}]}\n'),
})

PROPERTIES.update({
    "q_props_mf_quotes.properties": _u("q='{0}' is literal, {1} is not\nspace\\u0020key=Escaped space key\n"
                                       "lonely=\\\n\n"),
})

ANDROID.update({
    "q_android_aosp.xml": _u('<?xml version="1.0" encoding="utf-8"?>\n<!--\n  Copyright (C) 2020 Someone\n-->\n'
                             '<resources xmlns:android="http://schemas.android.com/apk/res/android"\n'
                             '    xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">\n'
                             '    <!-- Description for translators -->\n'
                             '    <string name="a" msgid="12345" translation_description="hint">Battery at '
                             '<xliff:g id="level" example="50%">%1$d</xliff:g>%%</string>\n'
                             '    <string name="b">Don\'t stop</string>\n</resources>\n'),
})

IOS.update({
    "q_ios_infoplist.strings": _u('/* Privacy - Camera Usage Description */\nNSCameraUsageDescription = "We need the camera";\n'
                                  'CFBundleDisplayName = "My App";\n"%@ and %@" = "%1$@ and %2$@";\n'),
})


# -- fifth round: message syntaxes inside resource strings ------------------------------------------------------

JSON.update({
    "q_json_i18next_v4.json": _u('{"friend_male_one": "A boyfriend", "friend_male_other": "{{count}} boyfriends", '
                                 '"price": "Costs {{val, currency(EUR)}}", "raw": "Hi {{- htmlName}}", '
                                 '"nest": "$t(common:ok, {\\"count\\": {{count}} }) done", "zero_zero": "Nothing"}\n'),
    "q_json_icu_quotes.json": _u('{"q": "It\'\'s \'{literal}\' and {name}", '
                                 '"nested": "{g, select, female {{n, plural, one {her # file} other {her # files}}} '
                                 'other {{n, plural, one {their # file} other {their # files}}}}", '
                                 '"ord": "{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} place", '
                                 '"off": "{n, plural, offset:1 =0 {nobody} =1 {{host}} other {{host} and # others}}"}\n'),
})

YAML.update({
    "q_yaml_rails_full.yml": _u("en:\n  activerecord:\n    errors:\n      messages:\n"
                                "        too_short: \"is too short (minimum is %{count} characters)\"\n"
                                "  date:\n    formats:\n      default: \"%Y-%m-%d\"\n    abbr_day_names:\n"
                                "    - Sun\n    - Mon\n    order:\n    - :year\n    - :month\n"
                                "  number:\n    currency:\n      format:\n        unit: \"$\"\n        precision: 2\n"),
})

PROPERTIES.update({
    "q_props_icu4j.properties": _u("files={count, plural, one {# file} other {# files}}\n"
                                   "when=At {1,time} on {1,date}, there was {2} on planet {0,number,integer}.\n"),
})

HTML.update({
    "q_html_frames_templates.html": _u('<html><frameset><frame src="a.html" title="Left frame"><noframes>'
                                       "<p>No frames here</p></noframes></frameset><script type=\"text/template\">"
                                       "<p>Hi {{name}}</p></script></html>\n"),
    "q_html_attr_quotes.html": _u("<html><body><p><a href=x title='It\"s quoted'>One</a> <img alt='Single &amp; "
                                  "\"double\"' src=y> <span title=\"&lt;b&gt; tag\">Two</span> <input disabled "
                                  'placeholder="Type here"></p><table><tr><td><br/></td><td>Cell</td></tr></table>'
                                  '<object><param name="movie" value="m.swf"></object><style>p{}</style></body></html>\n'),
    "q_html_og_meta.html": _u('<html><head><meta property="og:title" content="Open graph title">'
                              '<meta name="viewport" content="width=device-width"><meta name="twitter:description" '
                              'content="Card text"></head><body><p>Body</p></body></html>\n'),
})

MARKDOWN.update({
    "q_md_site_generators.md": _u("{% highlight ruby %}\ndef hello\n  puts 'hi'\nend\n{% endhighlight %}\n\n"
                                  "{{< note >}}\nA Hugo shortcode note.\n{{< /note >}}\n\n"
                                  "<details>\n<summary>Click to expand</summary>\n\nHidden *text* here.\n\n</details>\n\n"
                                  "Text with a {{< ref \"other.md\" >}} link and {: .class} attributes.\n"),
})
