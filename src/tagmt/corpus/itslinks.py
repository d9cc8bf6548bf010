"""ITS 2.0 rules files the user points at (``--its-rules FILE``, repeatable), standing in for the rules a
document links (``<its:rules xlink:href>`` in XML, ``<link rel="its-rules" href>`` in HTML), which tagmt never
loads by itself: an untrusted document makes tagmt read no local file.

A rules file is read through ``tagmt.safeio`` (a regular file, at most ``MAX_RULES_BYTES``) and
``tagmt.safexml`` (no DTD, no entities); it must be an ``its:rules`` document or hold one, else it is refused
in one line naming it.

Where each file's rules go (``place``): at a link whose href ends in the file's name (the href is only
compared, never opened), as ITS 2.0 §5.5 says for linked rules: as if written at the top of the linking
``its:rules`` element, before that element's own rules (HTML: at the ``link``, in document order with the
``script`` rules). A file whose name no link has goes to the first link that no file matched by name (a copy
of the linked file under another name), else before all of the document's own rules. A given file that
another given file links (by name) goes right before that file's rules, as if linked from there; links of a
rules file to files not given are not followed (a note says so).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Sequence
from urllib.parse import unquote

from lxml import etree

from tagmt.errors import TagmtError
from tagmt.safeio import MIB, read_regular_file, size_limit
from tagmt.safexml import parse_bytes

ITS_NS = "http://www.w3.org/2005/11/its"
XLINK_NS = "http://www.w3.org/1999/xlink"
MAX_RULES_BYTES = 16 * MIB  # a rules file is a few rules: a larger one is surely not one


@dataclass(frozen=True)
class RulesFile:
    """A rules file given with ``--its-rules``: its path, its ``its:rules`` elements in document order and the
    hrefs those link (never opened)."""

    path: Path
    rules: tuple[etree._Element, ...]
    links: tuple[str, ...] = ()


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
        found.append(RulesFile(path, rules, tuple(element.get(f"{{{XLINK_NS}}}href") or "" for element in rules)))
    names = {rules_file.path.name for rules_file in found}
    for rules_file in found:
        for element, href in zip(rules_file.rules, rules_file.links):
            if href and _name(href) not in names:
                print(f"tagmt: note: {rules_file.path}:{element.sourceline}: ITS rules it links ({href}) not loaded: "
                      "tagmt does not follow links of a rules file; pass --its-rules PATH to apply them too",
                      file=sys.stderr)
    return found


def place(files: Sequence[RulesFile], hrefs: Sequence[str]) -> tuple[list[RulesFile], list[list[RulesFile]]]:
    """The files applied before all of the document's rules, and those applied at each link (``hrefs``:
    the documents's links in document order); see the module docstring. A file another given file links (by
    name) goes right before that file's rules, wherever that one goes."""
    inner = {_name(href) for rules_file in files for href in rules_file.links
             if href and _name(href) != rules_file.path.name}
    expanded: list[tuple[RulesFile, list[RulesFile]]] = []
    reached: set[Path] = set()
    for rules_file in [f for f in files if f.path.name not in inner] + list(files):  # (then a cycle's files)
        if rules_file.path not in reached:
            expanded.append((rules_file, _expanded(rules_file, files, set())))
            reached |= {f.path for f in expanded[-1][1]}
    at_link: list[list[RulesFile]] = [[] for _ in hrefs]
    names = [_name(href) for href in hrefs]
    rest = []
    for rules_file, chain in expanded:
        matched = [k for k, name in enumerate(names) if name and name == rules_file.path.name]
        for k in matched:
            at_link[k] += chain
        if not matched:
            rest += chain
    free = next((k for k, given in enumerate(at_link) if not given), None)
    if free is not None:
        at_link[free] = rest
        return [], at_link
    return rest, at_link


def _expanded(rules_file: RulesFile, files: Sequence[RulesFile], seen: set[Path]) -> list[RulesFile]:
    """``rules_file`` preceded by the given files its ``its:rules`` link (by name), theirs first; a file
    already on the way is not expanded again (a cycle of links)."""
    seen = seen | {rules_file.path}
    out: list[RulesFile] = []
    for href in rules_file.links:
        for linked in files:
            if href and linked.path.name == _name(href) and linked.path not in seen:
                out += _expanded(linked, files, seen)
    return out + [rules_file]


def _name(href: str) -> str:
    """The last path segment of ``href`` (no query, no fragment, %-escapes read)."""
    return PurePosixPath(unquote(href.strip().split("#", 1)[0].split("?", 1)[0]).replace("\\", "/")).name


def link_note(where: str, href: str) -> str:
    """The note for a linked rules file not applied (``where``: ``file:line``)."""
    return (f"{where}: linked ITS rules ({href}) not loaded: tagmt reads no file a document points at; "
            "pass --its-rules PATH to apply them")
