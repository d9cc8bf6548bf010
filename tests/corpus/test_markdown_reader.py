"""Markdown documents as corpora: segments and codes of a hand-made document, copy round trips byte for
byte, a pseudo-translation that markdown-it reads with the same structure, code and front matter untouched."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from tagmt.corpus import read_corpus
from tagmt.errors import TagmtError
from tagmt.xmltext import escape, unescape

DOC = """---
title: Hello
tags: [a, b]
---

# Title *x* #

> quoted *para*
> next line  
> third\\
> end

- item one
  continued
- [link](http://a.b "T") and ![alt *t*](i.png) `code` <b>html</b> a \\* b &amp; c https://example.com/x.

1. first
2. second ~~old~~

| A | B \\| c |
|---|---|
| x `a` | **y** |

<div>
<p>Html <b>block</b> here</p>
</div>

    indented code

```python
fenced = "not text"
```

Setext
======
"""


def pseudo(tagged: str) -> str:
    parts = re.split(r"(<[^>]+>)", tagged)
    return "".join(p if p.startswith("<") else escape("[" + unescape(p).upper() + "]") if p.strip() else p
                   for p in parts)


def doc(tmp_path: Path, text: str | bytes, name: str = "doc.md") -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    return path


def structure(text: str) -> list[str]:
    """The block and inline token types markdown-it reads (text left out)."""
    out = []
    for token in MarkdownIt("commonmark").enable(["table", "strikethrough"]).parse(text):
        out.append(token.type)
        out.extend(child.type for child in token.children or [] if child.type not in ("text", "softbreak"))
    return out


def test_segments_and_codes(tmp_path: Path) -> None:
    corpus = read_corpus(doc(tmp_path, DOC))
    assert corpus.format == "markdown"
    sources = [s.source for s in corpus.segments]
    assert sources == [
        'Title <g id="1">x</g>',
        'quoted <g id="1">para</g> next line<x id="2"/>third<x id="3"/>end',
        "item one continued",
        '<g id="1">link</g> and <g id="2">alt *t*</g> <x id="3"/> <x id="4"/>html<x id="5"/> a * b &amp; c '
        '<x id="6"/>.',
        "first", 'second <g id="1">old</g>', "A", "B | c", 'x <x id="1"/>', '<g id="1">y</g>',
        'Html <g id="1">block</g> here', "Setext",
    ]
    link = corpus.segments[3].codes
    assert (link[("g", "1")].open, link[("g", "1")].close) == ("[", '](http://a.b "T")')
    assert (link[("g", "2")].open, link[("g", "2")].close) == ("![", "](i.png)")
    assert link[("x", "3")].open == "`code`" and link[("x", "6")].open == "https://example.com/x"
    assert corpus.segments[1].codes[("x", "2")].open == "  \n> "
    assert all("fenced" not in s and "indented" not in s and "Hello" not in s for s in sources)


def test_copy_round_trip_is_byte_identical(tmp_path: Path) -> None:
    path = doc(tmp_path, DOC)
    corpus = read_corpus(path)
    out = corpus.write(tmp_path / "out.md", [s.source for s in corpus.segments], trg_lang="de")
    assert out.read_bytes() == path.read_bytes()
    crlf = doc(tmp_path, "\ufeffPara one\r\nstill *one*\r\n\r\n- two\r\n", "crlf.md")
    corpus = read_corpus(crlf)
    assert [s.source for s in corpus.segments] == ['Para one still <g id="1">one</g>', "two"]
    out = corpus.write(tmp_path / "crlf.out.md", [s.source for s in corpus.segments])
    assert out.read_bytes() == crlf.read_bytes()
    corpus.write(tmp_path / "crlf.up.md", ['Absatz\neins <g id="1">x</g>', None])
    assert (tmp_path / "crlf.up.md").read_bytes() == "\ufeffAbsatz\r\neins *x*\r\n\r\n- two\r\n".encode()


def test_pseudo_translation_keeps_the_structure(tmp_path: Path) -> None:
    path = doc(tmp_path, DOC)
    corpus = read_corpus(path)
    out = corpus.write(tmp_path / "p.md", [pseudo(s.source) for s in corpus.segments]).read_text()
    assert structure(out) == structure(DOC)
    assert "(http://a.b \"T\")" in out and "`code`" in out and 'fenced = "not text"' in out
    assert out.startswith("---\ntitle: Hello\n") and "\\[ NEXT LINE\\]  \n> \\[THIRD\\]" in out


def test_written_text_is_escaped(tmp_path: Path) -> None:
    corpus = read_corpus(doc(tmp_path, "> Quote here\n\n| a |\n|---|\n| b |\n"))
    out = corpus.write(tmp_path / "o.md", ["1. *not* a list\n# nor a heading &amp; &amp;copy;", "x|y", None])
    text = out.read_text()
    assert text.startswith("> 1\\. \\*not\\* a list\n> \\# nor a heading & &amp;copy;\n")
    assert "| x\\|y |" in text
    assert structure(text) == structure("> Quote here\n\n| a |\n|---|\n| b |\n")


def test_not_utf8_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(TagmtError, match=r"bad\.md:2: not UTF-8"):
        read_corpus(doc(tmp_path, b"# ok\ncaf\xe9\n", "bad.md"))


WORD = st.sampled_from(["word", "Two", "a_b", "x * y", "&amp;", "1.5", "ünï", "[x]", "\\*"])


@st.composite
def inline(draw: st.DrawFn) -> str:
    parts = []
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.integers(0, 5))
        word = draw(WORD)
        parts.append([word, f"*{word}*", f"**{word}**", f"[{word}](http://x.y/{len(parts)})", "`c|d`",
                      f"![{word}](p.png)"][kind])
    return " ".join(parts)


@st.composite
def documents(draw: st.DrawFn) -> str:
    blocks = []
    for _ in range(draw(st.integers(1, 5))):
        kind = draw(st.integers(0, 5))
        text = draw(inline())
        blocks.append([f"{text}\n{draw(inline())}", f"## {text}", f"- {text}\n- {draw(inline())}",
                       f"> {text}\n> {draw(inline())}", f"| h |\n|---|\n| {text} |", f"```\n{text}\n```"][kind])
    return "\n\n".join(blocks) + "\n"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(documents())
def test_random_documents_round_trip(tmp_path: Path, text: str) -> None:
    path = doc(tmp_path, text)
    corpus = read_corpus(path)
    out = corpus.write(tmp_path / "c.md", [s.source for s in corpus.segments])
    assert out.read_bytes() == text.encode()
    written = corpus.write(tmp_path / "p.md", [pseudo(s.source) for s in corpus.segments]).read_text()
    assert structure(written) == structure(text)


def test_toml_front_matter_bom_and_template_tags(tmp_path: Path) -> None:
    text = "\ufeff+++\ntitle = \"Hello\"\n+++\n\nSee {% include note.md %} and {{ site.name }} today.\n"
    path = doc(tmp_path, text)
    corpus = read_corpus(path)
    assert [s.source for s in corpus.segments] == ['See <x id="1"/> and <x id="2"/> today.']
    out = corpus.write(tmp_path / "o.md", ['Sieh <x id="1"/> und <x id="2"/> heute.']).read_text(encoding="utf-8")
    assert out == text.replace("See", "Sieh").replace(" and ", " und ").replace("today", "heute")


def test_reference_links_keep_their_definition(tmp_path: Path) -> None:
    text = "See the [Code of Conduct][] and [guide] or [full][g] and ![Logo][].\n\n[code of conduct]: /coc\n" \
           "[guide]: /g\n[g]: /g\n[logo]: /l.png\n"
    corpus = read_corpus(doc(tmp_path, text))
    assert corpus.segments[0].source == ('See the <g id="1">Code of Conduct</g> and <g id="2">guide</g> or '
                                         '<g id="3">full</g> and <g id="4">Logo</g>.')
    out = corpus.write(tmp_path / "o.md", [pseudo(s.source) for s in corpus.segments]).read_text()
    assert out.startswith("\\[SEE THE \\][\\[CODE OF CONDUCT\\]][Code of Conduct]\\[ AND \\][\\[GUIDE\\]][guide]")
    assert structure(out) == structure(text)


def test_task_list_markers_stay_outside_the_segment(tmp_path: Path) -> None:
    text = "- [ ] Write the *docs*\n- [x] Ship it\n\n[ ] not an item\n"
    corpus = read_corpus(doc(tmp_path, text))
    assert [s.source for s in corpus.segments] == [
        'Write the <g id="1">docs</g>', "Ship it", "[ ] not an item"]  # (the marker outside the segment)
    out = corpus.write(tmp_path / "o.md", [pseudo(s.source) for s in corpus.segments]).read_text()
    assert out.startswith("- [ ] \\[WRITE THE \\]*\\[DOCS\\]*\n- [x] \\[SHIP IT\\]\n")


def test_markdown_extensions_are_codes(tmp_path: Path) -> None:
    text = ("> [!NOTE]\n> Read this.[^1]\n\n## Setup {#setup}\n\n:::tip Fast\nUse it.\n:::\n\n"
            "[^1]: The footnote.\n")
    corpus = read_corpus(doc(tmp_path, text))
    assert [s.source for s in corpus.segments] == [
        'Read this.<x id="1"/>', 'Setup <x id="1"/>',
        '<x id="1"/> Fast<x id="2"/>Use it.<x id="3"/><x id="4"/>', 'The footnote.']  # (a footnote's label: outside)
    out = corpus.write(tmp_path / "o.md", [pseudo(s.source) for s in corpus.segments]).read_text()
    assert out.startswith("> [!NOTE]\n> \\[READ THIS.\\][^1]\n\n## \\[SETUP \\]{#setup}\n\n"
                          ":::tip\\[ FAST\\]\n\\[USE IT.\\]\n:::")
    assert structure(out) == structure(text)


def test_tilde_is_escaped_in_written_text(tmp_path: Path) -> None:
    corpus = read_corpus(doc(tmp_path, "Some text\n"))
    out = corpus.write(tmp_path / "o.md", ["~~not struck~~ 1~2"]).read_text()
    assert out == "\\~\\~not struck\\~\\~ 1\\~2\n" and structure(out) == structure("plain\n")


def test_a_line_after_a_break_may_start_with_blanks(tmp_path: Path) -> None:
    text = "One  \n   two\nthree\n    four\n"
    corpus = read_corpus(doc(tmp_path, text))
    assert [s.source for s in corpus.segments] == ['One<x id="1"/>two three four']
    assert corpus.write(tmp_path / "o.md", [s.source for s in corpus.segments]).read_text() == text
