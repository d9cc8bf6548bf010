"""``--its-rules FILE``: ITS 2.0 rules files the user points at, standing in for the rules a document links
(hand-made files with known answers): where they apply (ITS 2.0 §5.5: at the linking ``its:rules``, before its
own rules; with no link, before the document's rules), a translateRule and a withinTextRule from the file in XML,
a translateRule in HTML, precedence against inline rules and local markup, the refusal of a file that is not
rules, the notes, and a ``translate --model copy`` round trip byte for byte."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.cli import main
from tagmt.corpus import read_corpus
from tagmt.errors import TagmtError

ITS_NS = "http://www.w3.org/2005/11/its"
NS = f'xmlns:its="{ITS_NS}" xmlns:xlink="http://www.w3.org/1999/xlink"'
XHTML = "http://www.w3.org/1999/xhtml"


def rules_file(folder: Path, rules: str, name: str = "rules.xml", extra: str = "") -> Path:
    path = folder / name
    path.write_text(f'<?xml version="1.0"?>\n<its:rules xmlns:its="{ITS_NS}" version="2.0" {extra}>\n{rules}\n'
                    "</its:rules>\n", encoding="utf-8")
    return path


def sources(path: Path, *its_rules: Path) -> list[str]:
    return [segment.source for segment in read_corpus(path, its_rules=its_rules).segments]


def xml_doc(folder: Path, head: str, body: str, name: str = "doc.xml") -> Path:
    path = folder / name
    path.write_text(f'<?xml version="1.0"?>\n<doc {NS}>\n{head}\n{body}\n</doc>\n', encoding="utf-8")
    return path


LINK = '<its:rules version="2.0" xlink:type="simple" xlink:href="rules.xml"/>'


def test_xml_translate_and_within_text_rules_from_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                                           ) -> None:
    rules = rules_file(tmp_path, '<its:translateRule selector="//code" translate="no"/>'
                                 '<its:withinTextRule selector="//em" withinText="yes"/>')
    doc = xml_doc(tmp_path, LINK, "<p>Run <em>this</em> now.</p><code>ls -l</code>")
    assert sources(doc) == ["Run", "this", "now.", "ls -l"]  # the link alone: nothing loaded
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"tagmt: note: {doc}:3: linked ITS rules (rules.xml) not loaded: tagmt reads no file a document "
                   "points at; pass --its-rules PATH (or --its-rules linked) to apply them"]
    assert sources(doc, rules) == ['Run <g id="1">this</g> now.']
    assert capsys.readouterr().err == ""


def test_xml_linked_rules_go_before_the_linking_elements_own_and_after_earlier_rules(tmp_path: Path) -> None:
    rules = rules_file(tmp_path, '<its:translateRule selector="//p" translate="no"/>')
    head = ('<its:rules version="2.0"><its:translateRule selector="//p[@k=\'1\']" translate="yes"/></its:rules>'
            '<its:rules version="2.0" xlink:href="rules.xml">'
            '<its:translateRule selector="//p[@k=\'2\']" translate="yes"/></its:rules>')
    body = '<p k="1">One</p><p k="2">Two</p><p>Three</p><p its:translate="yes">Four</p>'
    # the file's rule (at the link) beats the earlier element's, the linking element's own beats the file's,
    # local markup beats them all
    assert sources(xml_doc(tmp_path, head, body), rules) == ["Two", "Four"]


def test_xml_without_a_link_the_file_goes_before_the_documents_rules(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    rules = rules_file(tmp_path, '<its:translateRule selector="//p" translate="no"/>'
                                 '<its:translateRule selector="//note" translate="no"/>', name="project-rules.xml")
    head = '<its:rules version="2.0"><its:translateRule selector="//p[@k]" translate="yes"/></its:rules>'
    doc = xml_doc(tmp_path, head, '<p k="1">One</p><p>Two</p><note>Three</note>')
    assert sources(doc, rules) == ["One"]
    assert capsys.readouterr().err == ""


def test_xml_a_file_of_another_name_stands_in_for_the_one_link(tmp_path: Path) -> None:
    rules = rules_file(tmp_path, '<its:translateRule selector="//p[@k]" translate="no"/>', name="copy.xml")
    head = ('<its:rules version="2.0" xlink:href="rules.xml"/><its:rules version="2.0">'
            '<its:translateRule selector="//p[@k=\'2\']" translate="yes"/></its:rules>')
    assert sources(xml_doc(tmp_path, head, '<p k="1">One</p><p k="2">Two</p>'), rules) == ["Two"]


def test_xml_the_linking_elements_params_reach_the_linked_rules(tmp_path: Path) -> None:
    rules = rules_file(tmp_path, '<its:param name="kind">x</its:param>'
                                 '<its:translateRule selector="//p[@kind=$kind]" translate="no"/>')
    head = '<its:rules version="2.0" xlink:href="rules.xml"><its:param name="kind">secret</its:param></its:rules>'
    assert sources(xml_doc(tmp_path, head, '<p kind="x">One</p><p kind="secret">Two</p>'), rules) == ["One"]


def test_links_inside_the_rules_file_are_not_followed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "more.xml").write_text(f'<its:rules xmlns:its="{ITS_NS}" version="2.0"><its:translateRule '
                                       'selector="//p" translate="no"/></its:rules>', encoding="utf-8")
    rules = rules_file(tmp_path, '<its:translateRule selector="//q" translate="no"/>',
                       extra='xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="more.xml"')
    doc = xml_doc(tmp_path, LINK, "<p>Text <q>quoted</q></p>")
    assert sources(doc, rules) == ["Text"]  # (more.xml's //p rule not applied; q not translated)
    err = capsys.readouterr().err
    assert f"{rules}:2: ITS rules it links (more.xml) not loaded" in err and "pass --its-rules PATH" in err


@pytest.mark.parametrize("content, said", [
    ("<doc><p>Not rules</p></doc>", "not an ITS rules file"),
    ("<its:rules xmlns:its='urn:other'/>", "not an ITS rules file"),
    ("<its:rules", "rules.xml:1"),
    ('<!DOCTYPE r [<!ENTITY e "x">]><r/>', "rules.xml"),
])
def test_a_file_that_is_not_rules_is_refused_in_one_line(tmp_path: Path, content: str, said: str) -> None:
    (tmp_path / "rules.xml").write_text(content, encoding="utf-8")
    doc = xml_doc(tmp_path, LINK, "<p>Text</p>")
    with pytest.raises(TagmtError) as error:
        sources(doc, tmp_path / "rules.xml")
    message = str(error.value)
    assert "\n" not in message and str(tmp_path / "rules.xml") in message and said in message


def test_a_missing_rules_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(TagmtError, match="nowhere.xml"):
        sources(xml_doc(tmp_path, "", "<p>Text</p>"), tmp_path / "nowhere.xml")


# -- HTML ------------------------------------------------------------------------------------------------------

def html_page(folder: Path, head: str, body: str) -> Path:
    path = folder / "page.html"
    path.write_text(f'<!DOCTYPE html>\n<html>\n<head><title>T</title>\n{head}\n</head>\n<body>{body}</body>\n</html>\n',
                    encoding="utf-8")
    return path


def test_html_translate_rule_from_the_file_at_the_link(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules = rules_file(tmp_path, '<its:translateRule selector="//h:span[@class=\'brand\']" translate="no"/>'
                                 '<its:translateRule selector="//h:img/@alt" translate="no"/>',
                       extra=f'xmlns:h="{XHTML}"')
    script = (f'<script type="application/its+xml"><its:rules xmlns:its="{ITS_NS}" xmlns:h="{XHTML}" '
              'version="2.0"><its:translateRule selector="//h:span[@id=\'on\']" translate="yes"/></its:rules></script>')
    body = ('<p>Buy <span class="brand">Acme</span> now.</p><p><img src="a.png" alt="Decor"> Caption</p>'
            '<p><span class="brand" id="on">Shown</span> text</p><p class="brand"><span class="brand" '
            'translate="yes">Local</span> wins</p>')
    page = html_page(tmp_path, '<link rel="its-rules" href="rules.xml">' + script, body)
    without = sources(page)
    assert "Decor" in without and any("Acme" in s for s in without)
    assert capsys.readouterr().err.strip() == (
        f"tagmt: note: {page}:4: linked ITS rules (rules.xml) not loaded: tagmt reads no file a document points at; "
        "pass --its-rules PATH (or --its-rules linked) to apply them")
    got = sources(page, rules)
    assert got == ["T", 'Buy <x id="1"/> now.', '<x id="1"/> Caption', '<g id="1">Shown</g> text',
                   '<g id="1">Local</g> wins']
    assert capsys.readouterr().err == ""


def test_html_script_rules_before_the_link_are_overridden_by_the_file(tmp_path: Path) -> None:
    rules = rules_file(tmp_path, '<its:translateRule selector="//h:p" translate="no"/>', extra=f'xmlns:h="{XHTML}"')
    script = (f'<script type="application/its+xml"><its:rules xmlns:its="{ITS_NS}" xmlns:h="{XHTML}" '
              'version="2.0"><its:translateRule selector="//h:p[@id=\'a\']" translate="yes"/></its:rules></script>')
    page = html_page(tmp_path, script + '<link rel="its-rules" href="rules.xml">', '<p id="a">A</p><p>B</p>')
    assert sources(page, rules) == ["T"]


def test_html_without_a_link_the_file_goes_before_the_pages_rules(tmp_path: Path) -> None:
    rules = rules_file(tmp_path, '<its:translateRule selector="//h:p" translate="no"/>', extra=f'xmlns:h="{XHTML}"')
    script = (f'<script type="application/its+xml"><its:rules xmlns:its="{ITS_NS}" xmlns:h="{XHTML}" '
              'version="2.0"><its:translateRule selector="//h:p[@id=\'a\']" translate="yes"/></its:rules></script>')
    assert sources(html_page(tmp_path, script, '<p id="a">A</p><p>B</p>'), rules) == ["T", "A"]
    assert sources(html_page(tmp_path, "", '<p id="a">A</p><p>B</p>'), rules) == ["T"]


# -- the command line ------------------------------------------------------------------------------------------

def test_translate_copy_round_trip_is_byte_identical(tmp_path: Path) -> None:
    rules = rules_file(tmp_path, '<its:translateRule selector="//code" translate="no"/>'
                                 '<its:withinTextRule selector="//em" withinText="yes"/>')
    doc = xml_doc(tmp_path, LINK, "<p>Run <em>this</em> &amp; that.</p><code>ls &lt; x</code>")
    page = html_page(tmp_path, '<link rel="its-rules" href="rules.xml">', "<p>A &amp; <code>b</code></p>")
    for path in (doc, page):
        out = tmp_path / f"out-{path.name}"
        assert main(["translate", "--input", str(path), "--model", "copy", "--its-rules", str(rules),
                     "-o", str(out)]) == 0
        assert out.read_bytes() == path.read_bytes()


def test_views_lists_what_the_rules_leave(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules = rules_file(tmp_path, '<its:translateRule selector="//code" translate="no"/>')
    doc = xml_doc(tmp_path, LINK, "<p>Text</p><code>ls</code>")
    out = tmp_path / "plain.txt"
    assert main(["views", "--input", str(doc), "--view", "plain", "--side", "source", "--its-rules", str(rules),
                 "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == "Text\n"


def test_its_rules_on_a_format_without_its_is_refused(tmp_path: Path) -> None:
    rules = rules_file(tmp_path, '<its:translateRule selector="//p" translate="no"/>')
    data = tmp_path / "app.json"
    data.write_text('{"a": "Hello"}', encoding="utf-8")
    with pytest.raises(TagmtError, match="--its-rules is for HTML pages and ITS-marked XML"):
        read_corpus(data, its_rules=[rules])


@pytest.mark.parametrize("command", ["translate", "project", "views", "evaluate", "extract", "learn"])
def test_every_command_that_reads_documents_takes_its_rules(command: str) -> None:
    from tagmt.cli import build_parser

    parser = build_parser()
    subparsers = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    options = {o for action in subparsers.choices[command]._actions for o in action.option_strings}
    assert "--its-rules" in options


def test_extract_carries_the_rules_and_merge_gives_the_file_back(tmp_path: Path) -> None:
    rules = rules_file(tmp_path, '<its:translateRule selector="//code" translate="no"/>')
    doc = xml_doc(tmp_path, LINK, "<p>Text</p><code>ls</code>")
    xlf, out = tmp_path / "doc.xlf", tmp_path / "back.xml"
    assert main(["extract", str(doc), "-o", str(xlf), "--src-lang", "en", "--its-rules", str(rules)]) == 0
    assert xlf.read_text(encoding="utf-8").count("<unit ") == 1  # the code element is no unit
    rules.unlink()  # merge reads nothing outside the XLIFF
    assert main(["merge", str(xlf), "-o", str(out)]) == 0
    assert out.read_bytes() == doc.read_bytes()


def test_project_takes_mt_lines_for_what_the_rules_leave(tmp_path: Path) -> None:
    rules = rules_file(tmp_path, '<its:translateRule selector="//code" translate="no"/>')
    doc = xml_doc(tmp_path, LINK, "<p>Text</p><code>ls</code>")
    mt, out = tmp_path / "mt.txt", tmp_path / "out.xml"
    mt.write_text("Texte\n", encoding="utf-8")
    assert main(["project", "--input", str(doc), "--translation", str(mt), "--its-rules", str(rules),
                 "--src-lang", "en", "--trg-lang", "fr", "-o", str(out)]) == 0
    written = out.read_text(encoding="utf-8")
    assert "<p>Texte</p>" in written and "<code>ls</code>" in written


def test_evaluate_scores_only_what_the_rules_leave(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules = rules_file(tmp_path, '<its:translateRule selector="//code" translate="no"/>')
    ref = xml_doc(tmp_path, LINK, "<p>Guten Tag</p><code>ls</code>", name="ref.xml")
    hyp = xml_doc(tmp_path, LINK, "<p>Guten Tag</p><code>rm -rf</code>", name="hyp.xml")
    tables = []
    for extra in ([], ["--its-rules", str(rules)]):
        assert main(["evaluate", "--ref", str(ref), "--hyp", str(hyp), "--metric", "raw-chrf", "--trg-lang", "de",
                     *extra]) == 0
        tables.append(capsys.readouterr().out)
    counts = [dict(line.split(None, 1) for line in table.splitlines()[1:3]) for table in tables]
    assert counts[0]["segments"].strip() == "2" and float(counts[0]["raw-chrf"]) < 100
    assert counts[1]["segments"].strip() == "1" and float(counts[1]["raw-chrf"]) == 100


def test_the_api_reads_with_rules_files(tmp_path: Path) -> None:
    import tagmt

    rules = rules_file(tmp_path, '<its:translateRule selector="//code" translate="no"/>')
    doc = xml_doc(tmp_path, LINK, "<p>Text</p><code>ls</code>")
    assert [s.source for s in tagmt.read(doc, its_rules=[rules]).segments] == ["Text"]


def test_html_within_text_rule_from_the_file_and_from_a_script(tmp_path: Path) -> None:
    rules = rules_file(tmp_path, '<its:withinTextRule selector="//h:div[@class=\'chip\']" withinText="yes"/>'
                                 '<its:withinTextRule selector="//h:span[@class=\'aside\']" withinText="no"/>'
                                 '<its:withinTextRule selector="//h:em" withinText="nested"/>',
                       extra=f'xmlns:h="{XHTML}"')
    script = (f'<script type="application/its+xml"><its:rules xmlns:its="{ITS_NS}" xmlns:h="{XHTML}" '
              'version="2.0"><its:withinTextRule selector="//h:div[@id=\'own\']" withinText="no"/></its:rules>'
              '</script>')
    body = ('<div>Press <div class="chip">Save</div> now.</div><p>One <span class="aside">aside</span> two.</p>'
            '<p>Note<em>foot</em> here.</p><div>Then <div class="chip" id="own">Own</div> end.</div>')
    page = html_page(tmp_path, '<link rel="its-rules" href="rules.xml">' + script, body)
    assert sources(page, rules) == ["T", 'Press <g id="1">Save</g> now.', "One", "aside", "two.",
                                    'Note<x id="1"/> here.', "foot", "Then", "Own", "end."]


def test_html_rules_a_script_links_take_the_file_before_the_scripts_own(tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    rules = rules_file(tmp_path, '<its:translateRule selector="//h:p" translate="no"/>', extra=f'xmlns:h="{XHTML}"')
    script = (f'<script type="application/its+xml"><its:rules xmlns:its="{ITS_NS}" xmlns:h="{XHTML}" '
              'xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="rules.xml" version="2.0">'
              '<its:translateRule selector="//h:p[@id=\'a\']" translate="yes"/></its:rules></script>')
    page = html_page(tmp_path, script, '<p id="a">A</p><p>B</p>')
    assert sources(page) == ["T", "A", "B"]
    assert "linked ITS rules (rules.xml) not loaded" in capsys.readouterr().err
    assert sources(page, rules) == ["T", "A"]

_NAMES = ("p", "b", "code", "note")


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(_NAMES), st.sampled_from(("translate", "withinText")), st.booleans()),
                max_size=6),
       st.lists(st.sampled_from(_NAMES), min_size=1, max_size=8))
def test_any_rules_file_keeps_a_copy_byte_identical(tmp_path_factory: pytest.TempPathFactory,
                                                    rules: list[tuple[str, str, bool]], body: list[str]) -> None:
    folder = tmp_path_factory.mktemp("prop")
    written = "".join(f'<its:translateRule selector="//{name}" translate="{"yes" if on else "no"}"/>'
                      if kind == "translate" else
                      f'<its:withinTextRule selector="//{name}" withinText="{"yes" if on else "no"}"/>'
                      for name, kind, on in rules)
    rules_path = rules_file(folder, written)
    text = "".join(f"<{name}>Word {k} &amp; <{_NAMES[(k + 1) % 4]}>inner {k}</{_NAMES[(k + 1) % 4]}> end</{name}>"
                   for k, name in enumerate(body))
    doc = xml_doc(folder, LINK, f"<p>{text}</p>")
    corpus = read_corpus(doc, its_rules=[rules_path])
    out = folder / "out.xml"
    corpus.write(out, [segment.source for segment in corpus.segments])
    assert out.read_bytes() == doc.read_bytes()


def test_translate_with_a_reference_counts_what_the_rules_leave(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    rules = rules_file(tmp_path, '<its:translateRule selector="//code" translate="no"/>')
    doc = xml_doc(tmp_path, LINK, "<p>Text <b>bold</b></p><code>ls</code>")
    ref, out = tmp_path / "ref.txt", tmp_path / "out.xml"
    ref.write_text("Text\nbold\n", encoding="utf-8")
    assert main(["translate", "--input", str(doc), "--model", "copy", "--its-rules", str(rules), "--ref", str(ref),
                 "-o", str(out)]) == 0
    assert out.read_bytes() == doc.read_bytes() and "tagmt translate:" in capsys.readouterr().err


def test_a_given_file_another_given_file_links_goes_before_it(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    more = rules_file(tmp_path, '<its:translateRule selector="//p" translate="no"/>'
                                '<its:translateRule selector="//note" translate="no"/>', name="more.xml")
    rules = rules_file(tmp_path, '<its:translateRule selector="//p[@k]" translate="yes"/>',
                       extra='xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="sub/more.xml"')
    doc = xml_doc(tmp_path, LINK, '<p k="1">One</p><p>Two</p><note>Three</note>')
    for order in ((rules, more), (more, rules)):  # (the order given does not matter: the links say it)
        assert sources(doc, *order) == ["One"]
    assert capsys.readouterr().err == ""


def test_rules_files_linking_each_other_are_each_applied_once(tmp_path: Path) -> None:
    link = 'xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="{}"'
    a = rules_file(tmp_path, '<its:translateRule selector="//p" translate="no"/>', name="a.xml",
                   extra=link.format("b.xml"))
    b = rules_file(tmp_path, '<its:translateRule selector="//p[@k]" translate="yes"/>', name="b.xml",
                   extra=link.format("a.xml"))
    from tagmt.corpus import itslinks

    first, at_link = itslinks.place(itslinks.load([a, b]), [])
    assert [f.path.name for f in first] == ["b.xml", "a.xml"] and at_link == []
    assert sources(xml_doc(tmp_path, "", '<p k="1">One</p><p>Two</p>'), a, b) == []


def test_its_rules_with_line_files_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules = rules_file(tmp_path, '<its:translateRule selector="//p" translate="no"/>')
    src, mt = tmp_path / "src.txt", tmp_path / "mt.txt"
    src.write_text("<b>Hello</b>\n", encoding="utf-8")
    mt.write_text("Hallo\n", encoding="utf-8")
    assert main(["project", "--source", str(src), "--translation", str(mt), "--its-rules", str(rules),
                 "--src-lang", "en", "--trg-lang", "de", "-o", str(tmp_path / "out.txt")]) != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--its-rules is for HTML pages" in err[0] and "not line files" in err[0]
    assert not (tmp_path / "out.txt").exists()
