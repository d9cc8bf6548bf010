"""The review page of ``tagmt translate --html`` and ``tagmt project --html`` without ``--ref``: what was
written, segment by segment — the source and its target side by side, every inline code and placeholder a
numbered chip of one colour on both sides (a code paired with the same code of the other side: by its id,
a placeholder by its text), kept targets marked with why they were kept, and the segments whose codes or
placeholders differ between the two sides flagged (and counted at the top).

The page reads what was written back from the output (:func:`review_rows`: the output read in its own
format, its targets — or, for a monolingual document or a line file, its segments — against the input's
sources, segment for segment), so it shows the file as it is, not what a run meant to write. It is one
self-contained file rendered on the server: no script at all, the shell's Content-Security-Policy
(:mod:`tagmt.report.html`), every piece of the data escaped.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping, Sequence

from tagmt.atomic import write_atomic
from tagmt.corpus.model import PAIR, InlineCode, placeholder_id
from tagmt.markup import tokenize
from tagmt.report.html import escape, page
from tagmt.translation.options import InputFile
from tagmt.xmltext import unescape

#: Chip colours, one per code number (cycled); readable on white, told apart by number where they repeat.
PALETTE = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#bcbd22",
           "#7f7f7f")
_STYLE = """<style>
.chip{display:inline-block;border-radius:3px;padding:0 3px;margin:0 1px;color:#fff;font:11px/15px monospace}
.chip.ph{border-radius:8px}.chip.extra{outline:2px dashed #d62728;background:#444}
td.seg{white-space:pre-wrap;vertical-align:top}tr.differs td{background:#fdecea}tr.kept td{background:#f3f3f3}
.flag{font-weight:bold;color:#d62728}.keptnote{color:#555;font-style:italic}
</style>
"""


@dataclass
class ReviewRow:
    """One segment on the page: its ``id``, tagged ``source`` and ``target`` (text escaped; None: nothing
    written), the codes behind each side's tags, and why its target was kept (``kept``: None if written)."""

    id: str
    source: str
    target: str | None
    source_codes: Mapping[tuple[str, str], InlineCode] = field(default_factory=dict)
    target_codes: Mapping[tuple[str, str], InlineCode] = field(default_factory=dict)
    kept: str | None = None


def _key(token, codes: Mapping[tuple[str, str], InlineCode]) -> tuple[str, str] | None:
    """What pairs a tag with the other side's: a placeholder's text, else the tag's name and id."""
    if token.kind == "text":
        return None
    name = PAIR if token.kind == "end" and token.name == PAIR else token.name
    code_id = placeholder_id(token.text) if token.kind != "end" else None
    code = codes.get((token.name, code_id or ""))
    if code is not None and code.element == "ph" and not code.open.lstrip().startswith("<"):
        return ("placeholder", unescape(code.open))
    return (name + ("/" if token.kind == "end" else ""), code_id or "")


def _keys(tagged: str | None, codes: Mapping[tuple[str, str], InlineCode]) -> Counter:
    if tagged is None:
        return Counter()
    return Counter(key for token in tokenize(tagged, orphans=True) if (key := _key(token, codes)) is not None
                   and not key[0].endswith("/"))


def differs(row: ReviewRow) -> bool:
    """Whether the target has other codes or placeholders than the source (a multiset of each side's)."""
    return row.target is not None and _keys(row.source, row.source_codes) != _keys(row.target, row.target_codes)


def _chip(colour: str, label: str, title: str, cls: str = "") -> str:
    return (f'<span class="chip{cls}" style="background:{colour}" title="{escape(title)}">{escape(label)}</span>')


def _draw(tagged: str, codes: Mapping[tuple[str, str], InlineCode], numbers: dict, wanted: Counter | None) -> str:
    """``tagged`` as HTML: text as text, each tag a chip numbered as ``numbers`` pairs it (a pair's end takes
    its start's); a chip the other side lacks (``wanted``: the source's tags not yet drawn) is dashed."""
    out: list[str] = []
    opened: list[tuple[str, int, str]] = []
    for token in tokenize(tagged, orphans=True):
        if token.kind == "text":
            out.append(escape(unescape(token.text)))
            continue
        if token.kind == "end":
            colour, number, cls = opened.pop() if opened else ("#444", 0, " extra")
            out.append(_chip(colour, f"{number or '?'}⟩", token.text, cls))
            continue
        key = _key(token, codes)
        number = numbers.setdefault(key, len(numbers) + 1)
        colour = PALETTE[(number - 1) % len(PALETTE)]
        cls = " ph" if key is not None and key[0] == "placeholder" else ""
        if wanted is not None:
            if wanted[key] > 0:
                wanted[key] -= 1
            else:
                cls += " extra"
        code = codes.get((token.name, placeholder_id(token.text) or ""))
        title = code.open if code is not None else token.text
        if token.kind == "start":
            opened.append((colour, number, cls))
            out.append(_chip(colour, f"⟨{number}", title, cls))
        else:
            out.append(_chip(colour, key[1] if " ph" in cls and key else str(number), title, cls))
    return "".join(out)


def review_page(rows: Sequence[ReviewRow], *, about: Sequence[str] = (), title: str = "tagmt review") -> str:
    """The page's HTML."""
    flagged = sum(map(differs, rows))
    kept = sum(bool(row.kept) for row in rows)
    written = sum(row.target is not None and not row.kept for row in rows)
    body = [_STYLE, "<p>" + " · ".join(escape(line) for line in about) + "</p>\n" if about else "",
            f'<p id="summary" data-segments="{len(rows)}" data-written="{written}" data-kept="{kept}" '
            f'data-differ="{flagged}">{len(rows)} segments: {written} written, {kept} kept as they were, '
            f'<span class="flag">{flagged} with other codes or placeholders than their source</span></p>\n',
            '<table class="review"><thead><tr><th>segment</th><th>source</th><th>target</th><th></th></tr></thead>'
            "<tbody>"]
    for row in rows:
        numbers: dict = {}
        source = _draw(row.source, row.source_codes, numbers, None)
        wanted = _keys(row.source, row.source_codes)
        target = "" if row.target is None else _draw(row.target, row.target_codes, numbers, wanted)
        flag = differs(row)
        status = "codes differ" if flag else ("kept: " + row.kept) if row.kept else (
            "not written" if row.target is None else "")
        cls = "differs" if flag else "kept" if row.kept or row.target is None else "written"
        body.append(f'<tr class="{cls}"><td>{escape(row.id)}</td><td class="seg">{source}</td>'
                    f'<td class="seg">{target}</td><td><span class="{"flag" if flag else "keptnote"}">'
                    f"{escape(status)}</span></td></tr>")
    body.append("</tbody></table>\n")
    return page(title, body)


def write_review_page(path: str | Path, rows: Sequence[ReviewRow], *, about: Sequence[str] = ()) -> Path:
    """Write the review page of ``rows`` to ``path`` atomically."""
    return write_atomic(path, [review_page(rows, about=about).encode("utf-8")])


def review_rows(input: InputFile, output: str | Path, *, overwrite: bool = False,
                machine: bool = False) -> list[ReviewRow]:
    """The rows of a run that read ``input`` (its format, languages and placeholders) and wrote ``output``:
    the output read back in the input's format (a line file where that format writes none), segment k of it
    against segment k of the input; ``overwrite`` and ``machine`` as the run had them (which targets it kept:
    ``Segment.may_write``). An output with another number of segments is one line."""
    from tagmt.corpus import read_corpus
    from tagmt.errors import TagmtError

    input_file = input
    input, src_lang, trg_lang = input_file.path, input_file.src_lang, input_file.trg_lang
    marked = {"placeholders": input_file.placeholders, "placeholder_regexes": tuple(input_file.placeholder_regexes),
              "its_rules": tuple(input_file.its_rules)}
    source = read_corpus(input, input_file.format, src_lang=src_lang, trg_lang=trg_lang, **marked)
    from tagmt.corpus.notes import copies_read
    from tagmt.corpus.itsview import rules_for_copies

    marked["its_rules"] = rules_for_copies(input, marked["its_rules"])  # (--its-rules linked: the input's links)
    with copies_read():  # (the output's notes are the input's, said already)
        written = read_corpus(output, source.format if source.writes_targets else "lines", src_lang=src_lang,
                              trg_lang=trg_lang, **marked)
    if len(written.segments) != len(source.segments):
        raise TagmtError(f"{output} has {len(written.segments)} segments but {input} has {len(source.segments)}: "
                         "the review page pairs them segment for segment")
    bilingual = source.writes_targets and written.bilingual
    rows = []
    for mine, theirs in zip(source.segments, written.segments):
        target = theirs.reference if bilingual else theirs.source
        kept = mine.may_write(overwrite, machine) if bilingual else None
        rows.append(ReviewRow(mine.id, mine.source, target, mine.codes, theirs.codes, kept))
    return rows


def placeholder_differences(rows: Sequence[ReviewRow]) -> list[str]:
    """The ids of the rows whose written target holds other placeholders than their source (kept targets
    and segments not written are not the run's)."""
    def placeholders(tagged, codes):
        return Counter({k: n for k, n in _keys(tagged, codes).items() if k[0] == "placeholder"})

    return [row.id for row in rows if row.target is not None and not row.kept
            and placeholders(row.source, row.source_codes) != placeholders(row.target, row.target_codes)]


def say_placeholder_differences(rows: Sequence[ReviewRow], command: str) -> str | None:
    """One line naming where written targets hold other placeholders than their source (None: nowhere)."""
    found = placeholder_differences(rows)
    if not found:
        return None
    shown = ", ".join(found[:5]) + (", …" if len(found) > 5 else "")
    return (f"tagmt {command}: {len(found)} segment(s) hold other placeholders than their source (segment "
            f"{shown}): check them (--html PAGE shows each)")
