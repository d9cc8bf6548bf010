"""HTML/XHTML pages as corpora: the segments and codes of hand-made pages, copy round trips byte for byte,
a pseudo-translation that html5lib reads with the same elements, malformed pages grouped as a browser does,
encodings kept, bad bytes refused in one line."""

from __future__ import annotations

import re
from pathlib import Path

import html5lib
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tagmt.corpus import read_corpus
from tagmt.errors import TagmtError
from tagmt.xmltext import escape, unescape

PAGE = """<!DOCTYPE html>
<html>
<head><meta charset="utf-8"><title>My &amp; page</title>
<meta name="description" content="A test page">
<style>p { color: red }</style></head>
<body>
<h1>Hello <em>world</em>!</h1>
<p>Click <a href="x.html" title="Go home">here</a> to <b>upload</b> a file.<br>
Second line with <code>rm -rf</code> inside.
<p>Unclosed para <img src="a.png" alt="A cat"> end
<ul><li>one<li>two <span translate="no">Brand</span></ul>
<div class="notranslate">Do not touch <b translate="yes">but this</b></div>
<pre>pre text</pre>
<input type="submit" value="Send"> <input type="text" value="typed">
<script>var x = "<p>no</p>";</script>
<textarea>user text</textarea>
</body></html>
"""


def pseudo(tagged: str) -> str:
    """Every piece of text in a tagged string bracketed and upper-cased (tags kept)."""
    parts = re.split(r"(<[^>]+>)", tagged)
    return "".join(p if p.startswith("<") else escape(unescape(p).upper().replace("E", "É")) for p in parts)


def page(tmp_path: Path, text: str | bytes, name: str = "page.html") -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    return path


def copied(path: Path, out: Path) -> bytes:
    corpus = read_corpus(path)
    corpus.write(out, [segment.source for segment in corpus.segments])
    return out.read_bytes()


def test_segments_and_codes_of_a_page(tmp_path: Path) -> None:
    corpus = read_corpus(page(tmp_path, PAGE))
    assert corpus.format == "html"
    sources = [segment.source for segment in corpus.segments]
    assert sources == [
        "My &amp; page", "A test page", 'Hello <g id="1">world</g>!',
        'Click <g id="1">here</g> to <g id="2">upload</g> a file.<x id="3"/> Second line with <x id="4"/> inside.',
        "Go home", 'Unclosed para <x id="1"/> end', "A cat", "one", 'two <x id="1"/>', "but this", "Send",
    ]
    codes = corpus.segments[3].codes
    assert codes[("g", "1")].open == '<a href="x.html" title="Go home">' and codes[("g", "1")].close == "</a>"
    assert codes[("x", "4")].open == "<code>rm -rf</code>"
    assert corpus.segments[8].codes[("x", "1")].open == '<span translate="no">Brand</span>'
    owners = [place.owner for place in corpus.native.places]
    assert owners[4] == 3 and owners[6] == 5 and owners[3] is None


def test_copy_round_trip_is_byte_identical_and_lang_declared(tmp_path: Path) -> None:
    path = page(tmp_path, PAGE)
    assert copied(path, tmp_path / "out.html") == path.read_bytes()
    corpus = read_corpus(path)
    corpus.write(tmp_path / "de.html", [s.source for s in corpus.segments], trg_lang="de")
    assert (tmp_path / "de.html").read_text() == PAGE.replace("<html>", '<html lang="de">')
    with_lang = page(tmp_path, PAGE.replace("<html>", '<html lang="en" xml:lang="en">'), "l.html")
    corpus = read_corpus(with_lang)
    corpus.write(tmp_path / "l2.html", [None] * len(corpus), trg_lang="fr")
    assert '<html lang="fr" xml:lang="fr">' in (tmp_path / "l2.html").read_text()
    unquoted = page(tmp_path, "<html lang=en><p>Hi there</p></html>", "u.html")
    corpus = read_corpus(unquoted)
    written = corpus.write(tmp_path / "u2.html", [None], trg_lang="de").read_text()
    assert written == '<html lang="de"><p>Hi there</p></html>'
    meta = page(tmp_path, '<meta http-equiv="Content-Language" content="en"><p>Hi there</p>', "m.html")
    written = read_corpus(meta).write(tmp_path / "m2.html", [None], trg_lang="ja").read_text()
    assert written == '<meta http-equiv="Content-Language" content="ja"><p>Hi there</p>'


def test_pseudo_translation_keeps_the_structure(tmp_path: Path) -> None:
    corpus = read_corpus(page(tmp_path, PAGE))
    out = corpus.write(tmp_path / "p.html", [pseudo(s.source) for s in corpus.segments], trg_lang="de")
    text = out.read_text()
    assert 'title="GO HOMÉ"' in text and 'alt="A CAT"' in text and 'value="SÉND"' in text
    assert "<code>rm -rf</code>" in text and 'var x = "<p>no</p>"' in text and "<pre>pre text</pre>" in text
    assert "Do not touch" in text and "<textarea>user text</textarea>" in text and 'value="typed"' in text
    assert _elements(text) == _elements(PAGE)


def test_attribute_written_inside_a_kept_or_written_paragraph(tmp_path: Path) -> None:
    path = page(tmp_path, '<p>See <a title="Home &amp; away" href="/">this</a> now</p>')
    corpus = read_corpus(path)
    assert [s.source for s in corpus.segments] == ['See <g id="1">this</g> now', "Home &amp; away"]
    only_attribute = corpus.write(tmp_path / "a.html", [None, 'Heim &amp; "weg"']).read_text()
    assert only_attribute == '<p>See <a title="Heim &amp; &quot;weg&quot;" href="/">this</a> now</p>'
    both = corpus.write(tmp_path / "b.html", ['Sieh <g id="1">dies</g> an', "Heim"]).read_text()
    assert both == '<p>Sieh <a title="Heim" href="/">dies</a> an</p>'
    dropped = corpus.write(tmp_path / "c.html", ["Sieh an &lt;b&gt;", None]).read_text()
    assert dropped == "<p>Sieh an &lt;b&gt;</p>"


def test_malformed_pages_are_grouped_as_a_browser_does(tmp_path: Path) -> None:
    text = "<body><p>One <b>bold<p>Two</i> words</b> end<li>Item <em>x</td>y</body></p></html>\n<p"
    corpus = read_corpus(page(tmp_path, text))
    sources = [s.source for s in corpus.segments]
    assert sources[0] == 'One <x id="1"/>bold'
    assert sources[1].startswith("Two")
    assert any(s.startswith("Item") for s in sources)
    assert copied(tmp_path / "page.html", tmp_path / "o.html") == text.encode()


def test_encodings_kept(tmp_path: Path) -> None:
    latin = '<html><head><meta charset="iso-8859-1"></head><body><p>Caf\xe9 cr\xe8me</p></body></html>'
    path = page(tmp_path, latin.encode("latin-1"), "latin.html")
    corpus = read_corpus(path)
    assert corpus.segments[0].source == "Café crème"
    corpus.write(tmp_path / "l.html", ["Kaffee ☕ crème"])
    expected = latin.replace("Caf\xe9 cr\xe8me", "Kaffee &#9749; cr\xe8me").encode("latin-1")
    assert (tmp_path / "l.html").read_bytes() == expected
    bom = page(tmp_path, b"\xef\xbb\xbf<!doctype html><p>Hi there</p>", "bom.htm")
    assert copied(bom, tmp_path / "b.htm") == bom.read_bytes()
    utf16 = page(tmp_path, "\ufeff<p>Hi there</p>".encode("utf-16-le"), "u16.html")
    assert read_corpus(utf16).segments[0].source == "Hi there"
    assert copied(utf16, tmp_path / "u.html") == utf16.read_bytes()


def test_bad_bytes_and_unknown_encodings_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(TagmtError, match=r"bad\.html:2: not UTF-8"):
        read_corpus(page(tmp_path, b'<meta charset="utf-8"><p>fine</p>\n<p>caf\xe9</p>', "bad.html"))
    legacy = page(tmp_path, b"<p>fine</p>\n<p>caf\xe9 \x80</p>", "legacy.html")  # undeclared: as browsers
    assert [s.source for s in read_corpus(legacy).segments] == ["fine", "café €"]
    assert "read as windows-1252" in capsys.readouterr().err
    assert copied(legacy, tmp_path / "l.html") == legacy.read_bytes()
    with pytest.raises(TagmtError, match=r"enc\.html:1: unknown character encoding 'klingon'"):
        read_corpus(page(tmp_path, b'<meta charset="klingon"><p>x</p>', "enc.html"))


def test_detection_by_content_and_xhtml(tmp_path: Path) -> None:
    assert read_corpus(page(tmp_path, "<!DOCTYPE html>\n<p>Hello</p>", "x.txt")).format == "html"
    xhtml = ('<?xml version="1.0" encoding="utf-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en">'
             "<body><p>Hello<br/>you &amp; me</p></body></html>")
    path = page(tmp_path, xhtml, "page.xml")
    corpus = read_corpus(path)
    assert [s.source for s in corpus.segments] == ['Hello<x id="1"/>you &amp; me']
    assert copied(path, tmp_path / "o.xml") == xhtml.encode()


def test_placeholders_when_asked(tmp_path: Path) -> None:
    from tagmt.corpus.htmlpage import read

    path = page(tmp_path, "<p>Delete %1$s now?</p>")
    corpus = read(path, path.read_bytes(), placeholders=("printf",))
    assert corpus.segments[0].source == 'Delete <x id="1"/> now?'
    assert corpus.segments[0].codes[("x", "1")].open == "%1$s"


def _elements(text: str) -> list[str]:
    tree = html5lib.parse(text, namespaceHTMLElements=False)
    return [element.tag for element in tree.iter() if isinstance(element.tag, str)]


WORDS = st.sampled_from(["cat", "Dog", "a & b", "x < y", "&amp;", "&eacute;t&eacute;", " ", "\n", "42", "é"])
INLINE = st.sampled_from(["b", "em", "a", "span", "code"])


@st.composite
def inline_content(draw: st.DrawFn, depth: int = 0) -> str:
    parts = []
    for _ in range(draw(st.integers(0, 4))):
        choice = draw(st.integers(0, 5 if depth < 2 else 1))
        if choice <= 1:
            parts.append(draw(WORDS))
        elif choice == 2:
            parts.append("<br>")
        elif choice == 3:
            parts.append(f'<img src="i.png" alt="{draw(st.sampled_from(["", "pic", "a &amp; b"]))}">')
        else:
            name = draw(INLINE)
            attrs = ' title="Tip"' if draw(st.booleans()) else ""
            parts.append(f"<{name}{attrs}>{draw(inline_content(depth + 1))}</{name}>")
    return "".join(parts)


@st.composite
def documents(draw: st.DrawFn) -> str:
    blocks = []
    for _ in range(draw(st.integers(1, 5))):
        name = draw(st.sampled_from(["p", "h2", "li", "td", "div", "pre"]))
        close = f"</{name}>" if draw(st.booleans()) or name == "pre" else ""
        blocks.append(f"<{name}>{draw(inline_content())}{close}\n")
    return "<!DOCTYPE html>\n<html><body>\n" + "".join(blocks) + "</body></html>\n"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(documents())
def test_random_pages_round_trip(tmp_path: Path, text: str) -> None:
    path = page(tmp_path, text)
    assert copied(path, tmp_path / "copy.html") == text.encode()
    corpus = read_corpus(path)
    out = corpus.write(tmp_path / "pseudo.html", [pseudo(s.source) for s in corpus.segments])
    written = out.read_text()
    assert _elements(written) == _elements(text)
    assert all(any(c.isalnum() for c in unescape(re.sub(r"<[^>]+>", "", s.source))) for s in corpus.segments)


def test_its_rules_in_a_page(capsys: pytest.CaptureFixture[str]) -> None:
    # global rules in <script type="application/its+xml">: a rule over an element and over attributes; the
    # element's own translate wins; rules linked with <link rel="its-rules"> are not loaded
    path = Path(__file__).parent / "files" / "its-rules-page.html"
    corpus = read_corpus(path)
    assert [s.source for s in corpus.segments] == [
        "ITS page", 'Translate me <x id="1"/> please.', "Local wins", "Home", "Label text"]
    assert "linked ITS rules (rules.xml) not loaded" in capsys.readouterr().err


SOUP_PIECES = list("<>/=\"' !-?[]&;#abpliu\n") + [
    "<p>", "</p>", "<b>", "</b>", "<li>", "<br>", "<!--", "-->", "&amp;", "<script>", "</script>", "<a title='",
    " translate=no", "<code>", "<div>", "</div>"]
TAG_SOUP = st.lists(st.sampled_from(SOUP_PIECES), max_size=40).map("".join)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(TAG_SOUP)
def test_tag_soup_never_fails_and_copies_exactly(tmp_path: Path, soup: str) -> None:
    path = page(tmp_path, "<!DOCTYPE html>" + soup)
    assert copied(path, tmp_path / "soup.html") == path.read_bytes()
    corpus = read_corpus(path)
    corpus.write(tmp_path / "soup.p.html", [pseudo(s.source) for s in corpus.segments])


def test_thousands_of_unclosed_tags_stay_linear(tmp_path: Path) -> None:
    import time

    text = "<body>" + "<font>x <p>para " * 20000 + "</b>" * 20000 + "</body>"
    start = time.perf_counter()
    corpus = read_corpus(page(tmp_path, text))
    assert time.perf_counter() - start < 20 and len(corpus.segments) == 20001
    assert copied(tmp_path / "page.html", tmp_path / "o.html") == text.encode()


def test_a_paragraph_of_unpaired_inline_tags_stays_linear(tmp_path: Path) -> None:
    text = "<p>" + "<b>x " * 20000 + "</i>y " * 20000 + "</p>"
    corpus = read_corpus(page(tmp_path, text))
    assert len(corpus.segments) == 1 and corpus.segments[0].source.count("<x ") == 40000 - 1
