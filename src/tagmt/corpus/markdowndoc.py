"""Markdown documents (``markdown`` format: CommonMark with GFM tables and strikethrough, read by
markdown-it-py).

Read: each paragraph, heading, list item's paragraph, blockquote paragraph and table cell is a segment.
Inline: emphasis, strong, strikethrough and links are ``<g>`` codes (a link's ``[`` opens it and
``](url "title")`` closes it: the URL is part of the code, never seen by the MT); an image ``![alt](src)`` is
a ``<g>`` code around its alt text (the alt is translated, the source is not); code spans, inline HTML,
autolinks ``<https://…>``, bare ``http(s)://`` URLs, template tags (``{% … %}``, ``{{ … }}``) and hard line
breaks are ``<x/>`` codes kept as written.
Text reaches the MT with its backslash escapes and entities read. An HTML block's text is read as an HTML
page's (``corpus.htmlpage``: its markup untouched, its text segments). Untouched: fenced and indented code
blocks, front matter (YAML between ``---`` or TOML between ``+++`` lines at the start: keys and values), display math
(a paragraph that is one ``$$`` … ``$$``), Liquid's ``{% highlight %}``/``{% raw %}``/``{% comment %}`` blocks, link reference
definitions, thematic breaks, and anything markdown-it-py gives that this reader cannot place exactly in the
file (left as it is rather than guessed).

Written: each target spliced into the original text (``corpus.docwrite``); Markdown's special characters in
a written text backslash-escaped, a line break inside a segment continued with the block's own prefix
(``> `` in a quote, the item's indent in a list). Markdown has no place for the language: none declared.
UTF-8 (a byte-order mark kept).
"""

from __future__ import annotations

import bisect
import html
import re
from functools import partial
from pathlib import Path

from tagmt.corpus import docwrite
from tagmt.corpus.docwrite import Place, Skeleton
from tagmt.corpus.formats import InputFormat, register
from tagmt.corpus.model import PAIR, STANDALONE, Corpus, InlineCode, Segment
from tagmt.corpus.placeholders import compile_finder
from tagmt.safeio import decode_utf8
from tagmt.xmltext import escape

_FRONT_MATTER = re.compile(
    r"\A(?:---[ \t]*\r?\n.*?\n(?:---|\.\.\.)|\+\+\+[ \t]*\r?\n.*?\n\+\+\+)[ \t]*(?:\r?\n|\Z)", re.S)
#: kept as codes: template tags of static site generators (Liquid/Jekyll, Hugo shortcodes, Jinja), footnote
#: references (``[^1]``), heading ids and attribute lists (``{#id}``, ``{: .class}``), admonition fences (``:::note``)
_TEMPLATE = r"\{%.*?%\}|\{\{.*?\}\}|\[\^[^\]\s]+\]:?|\{[#:][^}\n]*\}|:::[\w-]*"
_ENTITY = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z][A-Za-z0-9]{0,31});")
#: Jekyll/Liquid blocks that hold code or notes, not text: ``{% highlight %}``, ``{% raw %}``, ``{% comment %}``
_LIQUID_CODE = re.compile(r"\{%-?\s*(highlight|raw|comment)\b.*?\{%-?\s*end\1\s*-?%\}", re.S)
#: a paragraph of display math (GitHub, GitLab, MkDocs: ``$$`` … ``$$``)
_MATH_BLOCK = re.compile(r"\s*\$\$(?:(?!\$\$).)*\$\$\s*", re.S)
#: a footnote definition starting a line: a line break before it is kept as it is, never made a space
_FOOTNOTE_DEFINITION = re.compile(r"\[\^[^\]\s]+\]:")
_URL = re.compile(r"https?://[^\s<>()\[\]]*[^\s<>()\[\].,;:!?'\"*_~]")
_SPECIAL = re.compile(r"([\\`*_\[\]<~])")
_LINE_START = re.compile(r"(\n[ \t]*)([#>+\-=]|\d+[.)])")
_ASCII_PUNCTUATION = set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
_SPLIT_CELLS = re.compile(r"(?<!\\)\|")
_ALNUM = re.compile(r"[^\W_]")  # a letter or digit
_TASK = re.compile(r"\[[ xX]\][ \t]+|\[![A-Za-z]+\][ \t]*")  # a GFM task marker, a GFM alert (> [!NOTE])


class _Unplaced(Exception):
    """markdown-it gave something this reader cannot place exactly in the file: the block stays untouched."""


def escape_markdown(prefix: str, newline: str, cell: bool, text: str) -> str:
    """``text`` written into Markdown: special characters backslash-escaped, an ``&`` that would start an
    entity as ``&amp;``, a line that would start a block (``#``, ``>``, ``-``, ``1.``) escaped, each line break
    continued with ``prefix``; in a table cell ``|`` escaped and line breaks as spaces."""
    text = _SPECIAL.sub(r"\\\1", text)
    text = _ENTITY.sub(lambda m: "&amp;" + m.group()[1:], text)
    if cell:
        text = text.replace("|", "\\|").replace("\n", " ")
    text = _LINE_START.sub(_line_start, text)
    return text.replace("\n", newline + prefix)


def escape_block_start(text: str) -> str:
    """A written segment that would start a block (``# ``, ``> ``, ``- ``, ``1. ``) with its marker escaped."""
    match = _LINE_START.match("\n" + text)
    return text if match is None else _line_start(match)[1:] + text[match.end() - 1:]


def _line_start(match: re.Match[str]) -> str:
    lead, marker = match.group(1), match.group(2)
    return lead + (marker[:-1] + "\\" + marker[-1] if marker[0].isdigit() else "\\" + marker)


class _Lines:
    """Where each line of the text starts."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def line(self, n: int) -> tuple[int, str]:
        start = self.starts[n]
        end = self.starts[n + 1] - 1 if n + 1 < len(self.starts) else len(self.text)
        return start, self.text[start:end].rstrip("\r")


class _Reader:
    def __init__(self, text: str, finder: object) -> None:
        self.text = text
        self.lines = _Lines(text)
        self.finder = finder
        own = [finder.pattern] if finder is not None else []  # type: ignore[attr-defined]
        patterns = [_TEMPLATE, _URL.pattern] + own
        self.codes_in_text = re.compile("|".join(f"(?:{p})" for p in patterns))
        self.newline = "\r\n" if "\r\n" in text else "\n"
        #: where Liquid's code blocks lie (start, end): no segment starts inside one
        self.liquid_code = [m.span() for m in _LIQUID_CODE.finditer(text)] if "{%" in text else []
        self.segments: list[Segment] = []
        self.places: list[Place] = []
        self.spans: dict[int, dict] = {}

    # -- where the inline content of a block lies ---------------------------------------------------------
    def content_map(self, content: str, first_line: int) -> list[int]:
        """The offset in the file of each character of ``content`` (and of its end)."""
        offsets: list[int] = []
        for k, piece in enumerate(content.split("\n")):
            start, line = self.lines.line(first_line + k)
            at = len(line.rstrip()) - len(piece.rstrip()) if line.rstrip().endswith(piece.rstrip()) else -1
            if at < 0 or line[at:at + len(piece)] != piece:
                at = line.find(piece)
            if at < 0:
                raise _Unplaced
            offsets.extend(range(start + at, start + at + len(piece)))
            offsets.append(start + at + len(piece))  # the line break (or the end)
        return offsets

    def cell_maps(self, line_no: int) -> list[tuple[str, list[int]]]:
        """Each cell of a table row: its raw content and the offset of each character."""
        start, line = self.lines.line(line_no)
        stripped = line.strip()
        lead = line.find(stripped)
        inner_start = lead + (1 if stripped.startswith("|") else 0)
        inner_end = lead + len(stripped) - (1 if stripped.endswith("|") and not stripped.endswith("\\|") else 0)
        cells, at = [], inner_start
        for match in list(_SPLIT_CELLS.finditer(line, inner_start, inner_end)) + [None]:
            end = inner_end if match is None else match.start()
            raw = line[at:end]
            left = at + len(raw) - len(raw.lstrip())
            right = end - (len(raw) - len(raw.rstrip()))
            cells.append((line[left:right], [start + k for k in range(left, right + 1)]))
            at = end + 1 if match is not None else end
        return cells

    # -- one inline token -----------------------------------------------------------------------------------
    def inline(self, token: object, raw: str, offsets: list[int], escaper: object, item: bool = False) -> None:
        if _MATH_BLOCK.fullmatch(raw):  # (display math: a paragraph to CommonMark, no text to translate)
            return
        if self.liquid_code and offsets:  # (the last block starting at or before this text: inside it?)
            at = bisect.bisect_right(self.liquid_code, (offsets[0], len(self.text))) - 1
            if at >= 0 and offsets[0] < self.liquid_code[at][1]:
                return
        try:
            pieces = _pieces(token.children or [], raw)  # type: ignore[attr-defined]
        except _Unplaced:
            return
        task = _TASK.match(raw) if item else None
        if task and pieces and pieces[0][0] == "text" and pieces[0][2] >= task.end():  # GFM task: "[x] " outside
            first = pieces[0]  # (outside the segment: a translation that starts with "[" must not end the task)
            pieces[0:1] = [("text", task.end(), first[2], first[3][task.end():])]
            pieces = [p for p in pieces if p[1] < p[2]]
            if pieces and pieces[0][0] == "text" and not pieces[0][3].strip():  # the marker's own line
                pieces = pieces[1:]
        note = _FOOTNOTE_DEFINITION.match(raw)
        if note and pieces and pieces[0][0] == "text" and pieces[0][1] == 0 and pieces[0][2] > note.end():
            first = pieces[0]  # a footnote's label outside the segment: a translation must not push it off the line
            skip = note.end() + len(raw[note.end():first[2]]) - len(raw[note.end():first[2]].lstrip(" \t"))
            pieces[0] = ("text", skip, first[2], first[3][skip:])
        if pieces:
            self.add(pieces, offsets, escaper)

    def add(self, pieces: list[tuple], offsets: list[int], escaper: object) -> None:
        parts, codes, spans, stack = [], {}, {}, []
        next_id, words = 1, False
        for kind, start, end, value, *written in pieces:
            where = (offsets[start], offsets[end])
            if kind == "text":
                tagged, found, next_id = self.protect(value, next_id)
                codes.update(found)
                words = words or _ALNUM.search(re.sub(r"<x [^>]*/>", "", tagged)) is not None
                parts.append(tagged)
            elif kind == "open":
                code_id = str(next_id)
                next_id += 1
                stack.append((code_id, value, self.text[where[0]:where[1]]))
                spans[(PAIR, code_id)] = where
                parts.append(f'<g id="{code_id}">')
            elif kind == "close":
                code_id, name, opened = stack.pop()
                closing = written[0] if written and written[0] else self.text[where[0]:where[1]]
                codes[(PAIR, code_id)] = InlineCode(PAIR, code_id, name, opened, closing)
                parts.append("</g>")
            else:
                code_id = str(next_id)
                next_id += 1
                codes[(STANDALONE, code_id)] = InlineCode(STANDALONE, code_id, value, self.text[where[0]:where[1]])
                spans[(STANDALONE, code_id)] = where
                parts.append(f'<x id="{code_id}"/>')
        if not words or stack:
            return
        k = len(self.segments)
        self.segments.append(Segment(str(k + 1), "".join(parts), codes=codes))
        self.places.append(Place(offsets[pieces[0][1]], offsets[pieces[-1][2]], escaper,  # type: ignore[arg-type]
                                 finish=escape_block_start))
        self.spans[k] = spans

    def protect(self, text: str, next_id: int) -> tuple[str, dict, int]:
        """Plain text as tagged text: bare URLs (and placeholders, when asked) as ``<x/>`` codes."""
        out, codes, at = [], {}, 0
        for match in self.codes_in_text.finditer(text):
            code_id = str(next_id)
            next_id += 1
            out.append(escape(text[at:match.start()]))
            out.append(f'<x id="{code_id}"/>')
            codes[(STANDALONE, code_id)] = InlineCode(STANDALONE, code_id, "ph", match.group())
            at = match.end()
        out.append(escape(text[at:]))
        return "".join(out), codes, next_id


def _pieces(children: list, content: str) -> list[tuple]:
    """The pieces of an inline token's content: (kind, start, end, value) with kind ``text`` (value: the text
    as read), ``open``/``close`` (value: the code's name) or ``code`` (a standalone code)."""
    pieces: list[tuple] = []
    links: list[int] = []  # where each open link's "[" is
    pos = 0
    k = 0
    while k < len(children):
        child = children[k]
        kind = child.type
        if kind == "text":
            end = _walk(content, pos, child.content)
            pieces.append(("text", pos, end, child.content))
            pos = end
        elif kind in ("em_open", "strong_open", "s_open", "em_close", "strong_close", "s_close"):
            if not content.startswith(child.markup, pos):
                raise _Unplaced
            name = kind.rsplit("_", 1)[0]
            pieces.append(("open" if kind.endswith("open") else "close", pos, pos + len(child.markup), name))
            pos += len(child.markup)
        elif kind == "link_open" and child.markup == "autolink":
            end = content.find(">", pos) + 1
            if not content.startswith("<", pos) or end <= 0:
                raise _Unplaced
            pieces.append(("code", pos, end, "autolink"))
            pos = end
            while children[k].type != "link_close":
                k += 1
        elif kind == "link_open":
            if not content.startswith("[", pos):
                raise _Unplaced
            pieces.append(("open", pos, pos + 1, "link"))
            links.append(pos)
            pos += 1
        elif kind == "link_close":
            end = _destination_end(content, pos)
            label = content[links.pop() + 1:pos] if links else ""
            pieces.append(("close", pos, end, "link", _full_reference(content[pos:end], label)))
            pos = end
        elif kind == "image":
            if not content.startswith("![", pos):
                raise _Unplaced
            label_end = _label_end(content, pos + 1)
            pieces.append(("open", pos, pos + 2, "image"))
            pieces.append(("text", pos + 2, label_end, _unescaped(content[pos + 2:label_end])))
            end = _destination_end(content, label_end)
            label = content[pos + 2:label_end]
            pieces.append(("close", label_end, end, "image", _full_reference(content[label_end:end], label)))
            pos = end
        elif kind == "code_inline":
            fence = child.markup
            match = re.compile(rf"(?<!`){re.escape(fence)}(?!`)").search(content, pos + len(fence))
            if not content.startswith(fence, pos) or match is None:
                raise _Unplaced
            pieces.append(("code", pos, match.end(), "code"))
            pos = match.end()
        elif kind == "html_inline":
            if not content.startswith(child.content, pos):
                raise _Unplaced
            pieces.append(("code", pos, pos + len(child.content), "html"))
            pos += len(child.content)
        elif kind in ("softbreak", "hardbreak"):
            end = content.find("\n", pos)
            if end < 0 or content[pos:end].strip(" \\"):
                raise _Unplaced
            after = end + 1
            while after < len(content) and content[after] in " \t":  # the next line's indent (not text)
                after += 1
            fence = content.startswith(":::", content.rfind("\n", 0, pos) + 1) or content.startswith(":::", after)
            fence = fence or _FOOTNOTE_DEFINITION.match(content, after) is not None  # (the break keeps it defined)
            if kind == "softbreak" and not fence:  # a space, as Markdown shows it (lines kept when unchanged)
                pieces.append(("text", pos, after, " "))
            else:
                pieces.append(("code", pos, after, "br"))
            pos = after
        else:
            raise _Unplaced
        k += 1
    if content[pos:].strip():
        raise _Unplaced
    return [p for p in pieces if p[1] < p[2]]


def _full_reference(closing: str, label: str) -> str | None:
    """A shortcut (``[label]``) or collapsed (``[label][]``) reference link's close written as a full one
    (``][label]``), so that a translated link text still finds its definition; None for any other link."""
    return f"][{label}]" if closing in ("]", "][]") else None


def _walk(content: str, pos: int, text: str) -> int:
    """Where ``text`` (as markdown-it read it: escapes and entities resolved) ends in ``content`` from ``pos``."""
    i = 0
    while i < len(text):
        if pos >= len(content):
            raise _Unplaced
        char = content[pos]
        if char == "\\" and pos + 1 < len(content) and content[pos + 1] in _ASCII_PUNCTUATION \
                and content[pos + 1] == text[i]:
            pos, i = pos + 2, i + 1
        elif char == "&" and (match := _ENTITY.match(content, pos)) is not None \
                and text.startswith(value := html.unescape(match.group()), i) and match.group() != value:
            pos, i = match.end(), i + len(value)
        elif char == text[i]:
            pos, i = pos + 1, i + 1
        else:
            raise _Unplaced
    return pos


def _unescaped(raw: str) -> str:
    return html.unescape(re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", raw))


def _label_end(content: str, pos: int) -> int:
    """The offset of the ``]`` that closes the ``[`` at ``pos``."""
    depth, at = 0, pos
    while at < len(content):
        char = content[at]
        if char == "\\":
            at += 2
            continue
        if char == "`":
            close = content.find("`", at + 1)
            at = at + 1 if close < 0 else close + 1
            continue
        depth += char == "["
        depth -= char == "]"
        if depth == 0:
            return at
        at += 1
    raise _Unplaced


def _destination_end(content: str, pos: int) -> int:
    """The end of ``](url "title")``, ``][ref]`` or ``]`` starting at ``pos``."""
    if not content.startswith("]", pos):
        raise _Unplaced
    at = pos + 1
    if content.startswith("(", at):
        depth, quote = 0, None
        while at < len(content):
            char = content[at]
            if char == "\\":
                at += 2
                continue
            if quote:
                quote = None if char == quote else quote
            elif char in "\"'" and depth == 1:
                quote = char
            elif char == "(":
                depth += 1
            elif char == ")":
                depth -= 1
                if depth == 0:
                    return at + 1
            at += 1
        raise _Unplaced
    if content.startswith("[", at):
        close = content.find("]", at)
        if close < 0:
            raise _Unplaced
        return close + 1
    return at


def read(path: Path, data: bytes, stream: object = None, *, placeholders: tuple[str, ...] | None = None,
         placeholder_regexes: tuple[str, ...] = (), references: list[str | None] | None = None,
         references_name: object = None, **_: object) -> Corpus:
    """A Markdown document as a corpus (see the module docstring); ``placeholders``: none by default."""
    path = Path(path)
    from markdown_it import MarkdownIt  # (a dependency of tagmt; imported when a document is read)

    text = decode_utf8(data, path, what="Markdown document")
    if data.startswith(b"\xef\xbb\xbf"):
        text = "\ufeff" + text
    bom = " " if text.startswith("\ufeff") else ""  # (a space: the parser sees the same columns)
    parsed = bom + text[len(bom):]
    front = _FRONT_MATTER.match(text[len(bom):])
    if front is not None:  # front matter: blank lines for the parser (line numbers kept)
        parsed = bom + "\n" * front.group().count("\n") + text[len(bom) + front.end():]
    reader = _Reader(text, compile_finder(placeholders or (), tuple(placeholder_regexes)))
    tokens = MarkdownIt("commonmark").enable(["table", "strikethrough"]).parse(parsed)
    cells: dict[int, list] = {}
    for k, token in enumerate(tokens):
        if token.type == "html_block" and token.level == 0 and token.map:
            _html_block(reader, token.map)
        if token.type != "inline" or not token.map:
            continue
        opener = tokens[k - 1]
        try:
            if opener.type in ("th_open", "td_open"):
                row = cells.setdefault(token.map[0], reader.cell_maps(token.map[0]))
                raw, offsets = row.pop(0) if row else ("", [])
                raw_content = token.content
                if raw != raw_content and raw.replace("\\|", "|") != raw_content:
                    continue
                reader.inline(token, raw, offsets, partial(escape_markdown, "", reader.newline, True))
                continue
            offsets = reader.content_map(token.content, token.map[0])
        except _Unplaced:
            continue
        start, line = reader.lines.line(token.map[0])
        prefix = re.sub(r"[^>\s]", " ", line[:offsets[0] - start].lstrip("\ufeff")) if offsets else ""
        in_item = k >= 2 and tokens[k - 2].type in ("list_item_open", "blockquote_open")
        reader.inline(token, token.content, offsets, partial(escape_markdown, prefix, reader.newline, False), in_item)
    skeleton = Skeleton(text, "utf-8", reader.places, reader.spans)
    segments = docwrite.with_references(path, reader.segments, references, references_name)
    return Corpus("markdown", segments, path, escaped=True, native=skeleton, writer=docwrite.write)


def _html_block(reader: _Reader, lines: list[int]) -> None:
    """An HTML block's text segments (its markup untouched), read as an HTML page's."""
    from tagmt.corpus.htmlpage import build_tree, escape_attribute, escape_text, unescape_attribute
    from tagmt.corpus.markupruns import Grouper, Syntax
    from tagmt.corpus.markupscan import Token, tokens

    start = reader.lines.starts[lines[0]]
    end = reader.lines.starts[lines[1]] if lines[1] < len(reader.lines.starts) else len(reader.text)
    toks = [Token(t.kind, t.start + start, t.end + start, t.name)
            for t in tokens(reader.text[start:end], html=True)]
    tree = build_tree(reader.text, toks)
    syntax = Syntax(html.unescape, escape_text, escape_attribute, reader.finder, unescape_attribute)
    segments, places, spans = Grouper(reader.text, toks, tree, syntax).segments()
    base = len(reader.segments)
    for k, (segment, place) in enumerate(zip(segments, places)):
        reader.segments.append(Segment(str(base + k + 1), segment.source, codes=segment.codes))
        owner = None if place.owner is None else place.owner + base
        reader.places.append(Place(place.start, place.end, place.escape, owner, place.before, place.after))
        if k in spans:
            reader.spans[base + k] = spans[k]


def sniff(path: Path, _head: bytes) -> bool:
    """A ``.md``/``.markdown`` file (Markdown has no signature to recognise by content)."""
    return path.name.lower().endswith((".md", ".markdown", ".mdown", ".mkd", ".mkdn"))


FORMAT = register(InputFormat(
    "markdown", "Markdown document", order=12, read=read, write=docwrite.write,
    extensions=(".md", ".markdown"), bilingual=False, writes_targets=True, sniff=sniff,
))
