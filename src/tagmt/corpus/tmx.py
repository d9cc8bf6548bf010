"""TMX 1.4 (translation-memory exports) — read only: one segment per ``<tu>``, its source from the ``<tuv>``
of the source language and its reference from the ``<tuv>`` of the target language, so that tagged
parallel examples can come from any CAT tool.

Languages: ``src_lang`` defaults to the header's ``srclang``; ``trg_lang`` to the only other language when
every unit has two. A ``<tuv>`` matches a language by its whole tag first, else by the language it names
(:func:`tagmt.languages.normalize`: ``de`` matches ``de-DE``, ``zh-TW`` matches ``zh-Hant``), so a TMX of
two regional variants (``en-US`` and ``en-GB``) reads as a regional pair and ``zh-TW`` is never ``zh``.
Inline codes ``bpt ept it ph hi ut`` (and ``sub`` inside them) become placeholder tags; ``bpt``/``ept`` pair
by their ``i`` attribute. Segment ids are the ``tuid`` (else the unit's position, from 1). A unit without
the source language is skipped, and the number skipped is part of the error if none is left.
"""

from __future__ import annotations

from pathlib import Path

from lxml import etree

from tagmt.corpus.inline import InlineReader, Role
from tagmt.corpus.formats import InputFormat, register
from tagmt.corpus.model import Corpus, Segment
from tagmt.corpus.xmlfile import XmlFile
from tagmt.errors import TagmtError
from tagmt.safexml import local_name

_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def classify(element: etree._Element) -> Role:
    """The role of a TMX inline element."""
    name = local_name(element)
    if name in ("bpt", "ept"):
        key = element.get("i")
        return Role("open" if name == "bpt" else "close", key, pair_key=key)
    if name == "it":
        return Role("isolated-open" if element.get("pos") == "begin" else "isolated-close", element.get("x"))
    if name == "hi":
        return Role("content", element.get("x"), prefix="h")
    return Role("standalone", element.get("x"), prefix="c")  # ph, ut, anything else


def _tag(lang: str | None) -> str:
    return (lang or "").strip().replace("_", "-").lower()


def _code(lang: str | None) -> str:
    """The language a tag names (``zh-TW`` → ``zf``); a tag tagmt cannot read keeps its first subtag."""
    from tagmt.languages import normalize

    try:
        return normalize(lang or "")
    except TagmtError:
        return _tag(lang).split("-")[0]


def _is(lang: str | None, wanted: str) -> bool:
    """``lang`` (a ``<tuv>``'s) is the language ``wanted``: the same tag, or the same language when
    ``wanted`` names no variant (``de`` is ``de-DE``)."""
    return _tag(lang) == _tag(wanted) or ("-" not in _tag(wanted) and _code(lang) == _code(wanted))


def _side(tuvs: list, wanted: str, taken=None):
    """The ``<seg>`` of ``wanted`` in one unit: the same tag first, else the same language (never the
    ``<seg>`` already ``taken`` as the source: en-US and en-GB are two sides)."""
    for exact in (True, False):
        for lang, seg in tuvs:
            if seg is not None and seg is taken:
                continue
            if (_tag(lang) == _tag(wanted)) if exact else _code(lang) == _code(wanted):
                return seg
    return None


def read(path: Path, data: bytes, tree: etree._ElementTree | None = None, *, src_lang: str | None = None,
         trg_lang: str | None = None) -> Corpus:
    """The units of a TMX file as segments (source and reference)."""
    doc = XmlFile.parse(path, data, "TMX", tree)
    root = doc.root
    header = root.find("header")
    body = root.find("body")
    if body is None:
        raise TagmtError(f"{doc.line(root)}: no <body> in the TMX file")
    src = src_lang or (header.get("srclang") if header is not None else None)
    if not src or src == "*all*":
        raise TagmtError(f"{path}: the TMX header names no source language (srclang); pass --src-lang")
    units = list(body.iter("tu"))
    if trg_lang is None:
        langs = [tuv.get(_LANG) or tuv.get("lang") or "" for tu in units for tuv in tu.iter("tuv")]
        others = {_tag(lang): lang for lang in langs if not _is(lang, src)}  # as the file writes them
        if len(others) != 1:
            raise TagmtError(
                f"{path}: the TMX file holds {len(others)} target languages "
                f"({', '.join(sorted(others.values())) or 'none'}); choose one with --trg-lang"
            )
        (trg_lang,) = others.values()
    reader = InlineReader(doc.index, classify)
    segments: list[Segment] = []
    skipped = 0
    for n, tu in enumerate(units, start=1):
        tuvs = [(tuv.get(_LANG) or tuv.get("lang"), tuv.find("seg")) for tuv in tu.iter("tuv")]
        source = _side(tuvs, src)
        target = _side(tuvs, trg_lang, taken=source)
        if source is None:
            skipped += 1
            continue
        tagged, codes = reader.read(source)
        reference = reader.read(target)[0] if target is not None else None
        segments.append(Segment(tu.get("tuid") or str(n), tagged, reference, codes))
    if not segments:
        raise TagmtError(f"{path}: no translation unit has a {src} side ({skipped} units skipped)")
    return Corpus("tmx", segments, path, src, trg_lang, True, doc, None)


def _read_input(path: Path, data: bytes, stream, *, src_lang: str | None = None, trg_lang: str | None = None,
                placeholders=None, placeholder_regexes=(), **_) -> Corpus:
    from tagmt.corpus.placeholders import protect_corpus

    return protect_corpus(read(path, data, stream.tree(), src_lang=src_lang, trg_lang=trg_lang), placeholders,
                          placeholder_regexes)


FORMAT = register(InputFormat(
    "tmx", "TMX", order=3, read=_read_input, extensions=(".tmx",), xml=True,
    recognises=lambda name, ns, version: name == "tmx",
))
