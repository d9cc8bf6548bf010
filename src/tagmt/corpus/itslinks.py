"""ITS 2.0 rules files the user points at (``--its-rules FILE``, repeatable), standing in for the rules a
document links (``<its:rules xlink:href>`` in XML, ``<link rel="its-rules" href>`` in HTML), which tagmt never
loads by itself: an untrusted document makes tagmt read no local file.

A rules file is read through ``tagmt.safeio`` (a regular file, at most ``MAX_RULES_BYTES``) and
``tagmt.safexml`` (no DTD, no entities); it must be an ``its:rules`` document or hold one, else it is refused
in one line naming it. Its own links are not followed (a note says so).

Where each file's rules go (``place``): at a link whose href ends in the file's name (the href is only
compared, never opened), as ITS 2.0 §5.5 says for linked rules: as if written at the top of the linking
``its:rules`` element, before that element's own rules (HTML: at the ``link``, in document order with the
``script`` rules). A file whose name no link has goes to the first link that no file matched by name (a copy
of the linked file under another name), else before all of the document's own rules.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Sequence

from lxml import etree

from tagmt.errors import TagmtError
from tagmt.safeio import MIB, read_regular_file, size_limit
from tagmt.safexml import parse_bytes

ITS_NS = "http://www.w3.org/2005/11/its"
XLINK_NS = "http://www.w3.org/1999/xlink"
MAX_RULES_BYTES = 16 * MIB  # a rules file is a few rules: a larger one is surely not one


@dataclass(frozen=True)
class RulesFile:
    """A rules file given with ``--its-rules``: its path and its ``its:rules`` elements in document order."""

    path: Path
    rules: tuple[etree._Element, ...]


def load(paths: Sequence[str | Path]) -> list[RulesFile]:
    """The rules files ``paths`` (refused in one line: a missing, oversized, malformed or non-rules file)."""
    found = []
    for given in paths:
        path = Path(given)
        data = read_regular_file(path, what="ITS rules file", limit=size_limit(MAX_RULES_BYTES))
        root = parse_bytes(data, path, "ITS rules file").getroot()
        rules = tuple(root.iter(f"{{{ITS_NS}}}rules"))
        if not rules:
            raise TagmtError(f"{path}: not an ITS rules file (no <its:rules> element in the namespace {ITS_NS}); "
                             "--its-rules takes a file of ITS 2.0 global rules")
        for element in rules:
            href = element.get(f"{{{XLINK_NS}}}href")
            if href:
                print(f"tagmt: note: {path}:{element.sourceline}: ITS rules it links ({href}) not loaded: tagmt "
                      "does not follow links of a rules file; pass --its-rules PATH to apply them too",
                      file=sys.stderr)
        found.append(RulesFile(path, rules))
    return found


def place(files: Sequence[RulesFile], hrefs: Sequence[str]) -> tuple[list[RulesFile], list[list[RulesFile]]]:
    """The files applied before all of the document's rules, and those applied at each link (``hrefs``:
    the documents's links in document order); see the module docstring."""
    at_link: list[list[RulesFile]] = [[] for _ in hrefs]
    names = [PurePosixPath(href.strip().split("#", 1)[0].split("?", 1)[0]).name for href in hrefs]
    rest = []
    for rules_file in files:
        matched = [k for k, name in enumerate(names) if name and name == rules_file.path.name]
        for k in matched:
            at_link[k].append(rules_file)
        if not matched:
            rest.append(rules_file)
    free = next((k for k, given in enumerate(at_link) if not given), None)
    if free is not None:
        at_link[free] = rest
        return [], at_link
    return rest, at_link


def link_note(where: str, href: str) -> str:
    """The note for a linked rules file not applied (``where``: ``file:line``)."""
    return (f"{where}: linked ITS rules ({href}) not loaded: tagmt reads no file a document points at; "
            "pass --its-rules PATH to apply them")
