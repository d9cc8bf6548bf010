"""YAML resource files (Rails-style i18n and any mapping/sequence of strings): every non-empty string
scalar is a segment, its id the path of keys (``en.menu.items[1]``); keys, numbers, booleans, nulls and
scalars with another tag are not, nor a plain ``yes``/``no``/``on``/``off`` (booleans to YAML 1.1
readers: Rails, PyYAML) or ``:name`` (a Ruby symbol to Psych). An alias is the node it names: one segment, at its
anchor. A file of several ``---`` documents: each is read (the ids of the n-th document's strings start with ``---n``).

Read with ruamel.yaml (its composer gives each scalar's position and style); placeholders, unless
``placeholders`` is given: Rails' ``%{name}``, strftime's ``%Y``/``%-d``, brace, and markup tags (``<b>``,
``<br/>``) as codes. UTF-8, or UTF-16/UTF-32 as YAML 1.2 allows (mark or zero bytes: ``tagmt.corpus.widetext``), written back as read. A syntax
error, a duplicate key in one mapping or bytes that are not that encoding are one line naming file:line.

Written by splicing (``tagmt.corpus.splice``): a written scalar keeps its style where it can — plain stays
plain unless the new text would read differently (then double-quoted), single- and double-quoted escape as
their style wants, ``|`` and ``>`` block scalars keep their header and indentation (folded text writes a line
break as an empty line); anchors, tags, comments, key order and every scalar not written stay byte for byte.
Rails' root key (a lone top-level key that is a language code, ``en:``) becomes the target language.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from tagmt.corpus import splice
from tagmt.corpus.formats import InputFormat, register
from tagmt.corpus.jsonres import path_id
from tagmt.corpus.model import Corpus, Segment
from tagmt.corpus.widetext import decode_wide
from tagmt.errors import TagmtError
from tagmt.safeio import decode_utf8

RAILS = r"%\{[\w.-]+\}"
#: strftime's directives (a Rails locale's ``date.formats``/``time.formats``: ``%Y``, ``%-d``, ``%B``, ``%:z``)
STRFTIME = r"%[-_0^#]?:?[aAbBcCdDeFgGhHIjklLmMnNpPrRsStTuUvVwWxXyYzZ%]"
_LANGUAGE = re.compile(r"[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*")
_PROPERTIES = re.compile(r"(?:[&!][^\s]*\s+)*")
_UNSAFE_START = set("-?:,[]{}#&*!|>'\"%@` \t")
_RUBY_SYMBOL = re.compile(r":[A-Za-z_]\w*[?!]?")  # (a plain ``:year``: a Symbol to Psych, Rails' ``date.order``)
_YAML11_BOOLEAN = re.compile(r"yes|Yes|YES|no|No|NO|on|On|ON|off|Off|OFF")  # (Psych and PyYAML: not y/n)
_SPECIAL = re.compile(
    r"(?:~|null|Null|NULL|true|True|TRUE|false|False|FALSE|yes|Yes|YES|no|No|NO|on|On|ON|off|Off|OFF|y|Y|n|N"
    r"|[-+]?(?:\d[\d_]*(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|0x[0-9a-fA-F]+|0o[0-7]+|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)"
    r"|\d{4}-\d\d-\d\d.*)"
)


def double_quoted(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def plain(text: str) -> str:
    """``text`` as a plain scalar when it reads back as the same string, else double-quoted."""
    if (not text or text[0] in _UNSAFE_START or text[-1] in " \t:" or "\n" in text or ": " in text
            or " #" in text or any(c in text for c in ",[]{}\t\r") or _SPECIAL.fullmatch(text)
            or any(ord(c) < 32 or 0x7f <= ord(c) < 0xa0 or c in "\ufeff\u2028\u2029" for c in text)):
        return double_quoted(text)
    return text


def single_quoted(text: str) -> str:
    if "\n" in text or any(ord(c) < 32 for c in text):
        return double_quoted(text)
    return "'" + text.replace("'", "''") + "'"


def block(header: str, indent: str, trailing: str, folded: bool):
    def write(text: str) -> str:
        lines = text.split("\n")
        if not folded:
            return header + "\n" + "\n".join((indent + line) if line else "" for line in lines) + trailing
        # folded: a break between two lines of text folds to a space, so each break the text holds after a line of
        # text is one empty line more; the empty lines before the first line of text are breaks as written
        out: list[str] = []
        seen_text = False
        for line in lines:
            if line and seen_text:
                out.append("")
            out.append(indent + line if line else "")
            seen_text = seen_text or bool(line)
        return header + "\n" + "\n".join(out) + trailing
    return write


def read(path: Path, data: bytes, stream: object = None, *, placeholders=None, placeholder_regexes=(),
         src_lang: str | None = None, trg_lang: str | None = None, **_: object) -> Corpus:
    """A YAML resource file as a corpus (see the module docstring)."""
    # (imported here: ruamel.yaml takes a while to import, and only YAML files need it)
    from ruamel.yaml import YAML
    from ruamel.yaml.error import MarkedYAMLError, YAMLError
    from ruamel.yaml.nodes import MappingNode, ScalarNode, SequenceNode

    wide = decode_wide(data, path, "YAML file")  # (UTF-16/32: YAML 1.2 §5.2's encodings, written back as read)
    if wide is not None:
        text, encoding, bom = wide
    else:
        bom, encoding = b"\xef\xbb\xbf" if data.startswith(b"\xef\xbb\xbf") else b"", "utf-8"
        text = decode_utf8(data[len(bom):], path, what="YAML file")
    try:
        roots = list(YAML().compose_all(text))  # (a file of several ``---`` documents: each read)
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = f":{mark.line + 1}" if mark is not None else ""
        raise TagmtError(f"{path}{line}: not YAML: {exc.problem or exc.context}; fix the file") from None
    except YAMLError as exc:
        raise TagmtError(f"{path}: not YAML: {str(exc).splitlines()[0]}; fix the file") from None
    root = roots[0] if roots else None
    kinds = ("brace",) if placeholders is None else tuple(placeholders)
    regexes = ((RAILS, STRFTIME, splice.MARKUP) if placeholders is None else ()) + tuple(placeholder_regexes)
    skeleton = splice.Skeleton(text, encoding, bom, splice.Piece(splice.same, wrap=plain))
    segments: list[Segment] = []
    seen: set[int] = set()
    file_lang = None
    if isinstance(root, MappingNode) and len(root.value) == 1 and _LANGUAGE.fullmatch(str(root.value[0][0].value)):
        key = root.value[0][0]
        file_lang = key.value
        skeleton.declarations.append((key.start_mark.index, key.end_mark.index, lambda lang: lang))

    def visit(node, where: tuple) -> None:
        if id(node) in seen:
            return
        seen.add(id(node))
        if isinstance(node, MappingNode):
            keys: dict[str, int] = {}
            for key, value in node.value:
                name = str(key.value)
                if name in keys and name != "<<":
                    raise TagmtError(f"{path}:{key.start_mark.line + 1}: the key {name!r} appears twice in one "
                                     f"mapping (also at line {keys[name]}); keep one")
                keys[name] = key.start_mark.line + 1
                visit(value, (*where, name))
        elif isinstance(node, SequenceNode):
            for n, value in enumerate(node.value):
                visit(value, (*where, n))
        elif isinstance(node, ScalarNode) and node.tag.endswith(":str") and node.value.strip():
            if (node.style is None and text[node.start_mark.index] != "!"
                    and (_YAML11_BOOLEAN.fullmatch(node.value) or _RUBY_SYMBOL.fullmatch(node.value))):
                return  # (a boolean to YAML 1.1 readers — Ruby's Psych, so Rails; PyYAML — or a Ruby symbol)
            scalar(node, where)

    def scalar(node, where: tuple) -> None:
        start, end = node.start_mark.index, node.end_mark.index
        start = _PROPERTIES.match(text, start).end()  # type: ignore[union-attr]  # past &anchor and !tag
        style = node.style
        value = node.value.replace("\a", "")
        if style in ("|", ">"):
            header_end = text.index("\n", start)
            content = text[header_end + 1:end]
            stripped = content.rstrip("\n ")
            first = re.search(r"^([ ]*)[^ \n]", content, re.M)  # (the first line with text: leading empty lines)
            indent = first.group(1) if first else re.match(r"[ ]*", content).group(0)  # type: ignore[union-attr]
            wrap = block(text[start:header_end], indent, content[len(stripped):], style == ">")
            value = value.rstrip("\n")
        else:
            wrap = {'"': double_quoted, "'": single_quoted}.get(style, plain)
        source, codes = splice.tagged(value, kinds, regexes)
        skeleton.add(start, end, splice.Piece(splice.same, wrap=wrap))
        segments.append(Segment(path_id(where), source, None, codes))

    for n, node in enumerate(roots):  # (ids of a second document's strings start with "---2")
        if node is not None:
            visit(node, () if n == 0 else (f"---{n + 1}",))
    return Corpus("yaml", segments, path, src_lang or file_lang, trg_lang, escaped=True, native=skeleton,
                  writer=splice.write)


FORMAT = register(InputFormat(
    "yaml", "YAML resource file", order=26, read=read, write=splice.write, extensions=(".yml", ".yaml"),
    bilingual=False, writes_targets=True, sniff=lambda path, head: path.name.lower().endswith((".yml", ".yaml")),
))
