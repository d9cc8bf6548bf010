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

``--its-rules linked`` (the word ``linked``, ``LINKED``) is the user's consent to the document's own links
(``expand``): each href a document makes is read when it names a local file in the document's folder or below
(a relative path: no URL, no absolute path, no ``..`` leaving the folder, no symbolic link out of it); a link
of a linked rules file is not followed (one level); anything else is refused in one line naming the link.
Notes are said once per message (``corpus.notes.say``): a document read several times notes each link once.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Collection, Sequence
from urllib.parse import unquote, urlsplit

from lxml import etree

from tagmt.corpus.notes import say
from tagmt.errors import TagmtError
from tagmt.safeio import MIB, read_regular_file, size_limit
from tagmt.safexml import parse_bytes

ITS_NS = "http://www.w3.org/2005/11/its"
XLINK_NS = "http://www.w3.org/1999/xlink"
MAX_RULES_BYTES = 16 * MIB  # a rules file is a few rules: a larger one is surely not one
LINKED = "linked"  # --its-rules linked: follow the document's own links (see the module docstring)


@dataclass(frozen=True)
class RulesFile:
    """A rules file given with ``--its-rules``: its path, its ``its:rules`` elements in document order and the
    hrefs those link (never opened)."""

    path: Path
    rules: tuple[etree._Element, ...]
    links: tuple[str, ...] = ()


def expand(given: Sequence[str | Path], document: Path, hrefs: Sequence[str]) -> tuple[list[Path], set[Path]]:
    """``given`` with ``linked`` replaced by the local files the document's ``hrefs`` name (see the module
    docstring; each refused in one line when it is not a file in the document's folder or below), and those
    files (which may not link further)."""
    paths = [Path(p) for p in given if str(p) != LINKED]
    if len(paths) == len(given):
        return paths, set()
    folder = Path(document).resolve().parent
    followed: set[Path] = set()
    for href in hrefs:
        if not href.strip():
            continue
        where = f"{document}: linked ITS rules ({href})"
        parts = urlsplit(href.strip())
        relative = unquote(parts.path).replace("\\", "/")
        if not relative and not parts.scheme and not parts.netloc:
            continue  # (a fragment alone: this very document)
        if parts.scheme or parts.netloc or relative.startswith("/") or ":" in relative.split("/", 1)[0]:
            raise TagmtError(f"{where}: --its-rules linked follows links to local files beside the document only, "
                             "not URLs or absolute paths; download the file and pass --its-rules PATH")
        target = (folder / relative).resolve()
        if not target.is_relative_to(folder):  # (a ".." or a symbolic link leading out of it)
            raise TagmtError(f"{where}: --its-rules linked reads files in the document's folder ({folder}) or "
                             "below only; pass --its-rules PATH to apply that file")
        followed.add(target)
        if target not in paths:
            paths.append(target)
    return paths, followed


def load(paths: Sequence[str | Path], linked: Collection[Path] = ()) -> list[RulesFile]:
    """The rules files ``paths`` (refused in one line: a missing, oversized, malformed or non-rules file;
    ``linked``: those that came from ``--its-rules linked``, refused when they link further)."""
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
        if path in linked and any(found[-1].links):
            element = next(e for e, href in zip(rules, found[-1].links) if href)
            raise TagmtError(f"{path}:{element.sourceline}: the linked ITS rules file links rules itself "
                             f"({element.get(f'{{{XLINK_NS}}}href')}); --its-rules linked follows one level of "
                             "links: pass each file with --its-rules PATH")
    names = {rules_file.path.name for rules_file in found}
    for rules_file in found:
        for element, href in zip(rules_file.rules, rules_file.links):
            if href and _name(href) not in names:
                say(f"{rules_file.path}:{element.sourceline}: ITS rules it links ({href}) not loaded: "
                    "tagmt does not follow links of a rules file; pass --its-rules PATH to apply them too")
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
            "pass --its-rules PATH (or --its-rules linked) to apply them")
