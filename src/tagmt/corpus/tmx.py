"""TMX 1.4 (translation-memory exports) — read only: one segment per ``<tu>``, its source from the ``<tuv>``
of the source language and its reference from the ``<tuv>`` of the target language, so that tagged
parallel examples can come from any CAT tool.

Languages: ``src_lang`` defaults to the header's ``srclang``; ``trg_lang`` to the only other language when
every unit has two. A ``<tuv>`` matches a language by its primary subtag (``de`` matches ``de-DE``).
Inline codes ``bpt ept it ph hi ut`` (and ``sub`` inside them) become placeholder tags; ``bpt``/``ept`` pair
by their ``i`` attribute. Segment ids are the ``tuid`` (else the unit's position, from 1). A unit without
the source language is skipped, and the number skipped is part of the error if none is left.
"""

from __future__ import annotations

from pathlib import Path

from lxml import etree

from tagmt.corpus.inline import InlineReader, Role
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


def _primary(lang: str | None) -> str:
    return (lang or "").replace("_", "-").split("-")[0].lower()


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
        others = {_primary(tuv.get(_LANG) or tuv.get("lang")) for tu in units for tuv in tu.iter("tuv")} - {_primary(src)}
        if len(others) != 1:
            raise TagmtError(
                f"{path}: the TMX file holds {len(others)} target languages ({', '.join(sorted(others)) or 'none'}); "
                "choose one with --trg-lang"
            )
        trg_lang = others.pop()
    reader = InlineReader(doc.index, classify)
    segments: list[Segment] = []
    skipped = 0
    for n, tu in enumerate(units, start=1):
        sides = {_primary(tuv.get(_LANG) or tuv.get("lang")): tuv.find("seg") for tuv in tu.iter("tuv")}
        source, target = sides.get(_primary(src)), sides.get(_primary(trg_lang))
        if source is None:
            skipped += 1
            continue
        tagged, codes = reader.read(source)
        reference = reader.read(target)[0] if target is not None else None
        segments.append(Segment(tu.get("tuid") or str(n), tagged, reference, codes))
    if not segments:
        raise TagmtError(f"{path}: no translation unit has a {src} side ({skipped} units skipped)")
    return Corpus("tmx", segments, path, _primary(src), _primary(trg_lang), True, doc, None)
