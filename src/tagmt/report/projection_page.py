"""The projection page of ``tagmt project --ref --html``: the exact share, the error classes (overall and per
tag name) and every miss as source / expected / got with the differing tags highlighted.

The classes are :mod:`tagmt.projection.assess`'s (``assess_segment``); the segments come from
``ProjectionRun.compared`` — (id, tagged source, output, reference) of each assessed segment.

``by_tags`` (``tagmt translate --ref --html``, :mod:`tagmt.translation.assessment`): segments whose output
has another text than the reference (a real translation), so that no tag can be placed against it. They
are not in the exact share; the page counts their tags apart (the per-tag report of
:class:`tagmt.metrics.placement.TagReport`: present, dropped, inserted, out of order) and lists them
among the rows as class ``text differs``, each tag marked as :func:`tagmt.report.chips.compare` marks it.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from pathlib import Path
from typing import Any, Sequence

from tagmt.markup import TaggedSegment, tokenize
from tagmt.metrics.placement import TagReport, pair_tags, segment_tag_figures
from tagmt.projection.assess import ERRORS, Assessment, assess_segment
from tagmt.report import chips
from tagmt.report.html import escape, page, stacked_bars, table

CLASS_COLOURS = {
    "text differs": "#7f7f7f", "tags differ": "#d62728", "nesting": "#8c564b", "point": "#e377c2",
    "words": "#ff7f0e", "punctuation": "#bcbd22", "whitespace": "#17becf",
}


def _parse(text: str) -> TaggedSegment:
    """Every well-written tag is markup, as the assessment reads projected and reference segments."""
    return TaggedSegment(text, tokenize(text, orphans=True))


def _positions(segment: TaggedSegment) -> dict[int, tuple[str, int]]:
    """Token index → (tag as written, offset in the plain text)."""
    found, offset = {}, 0
    for index, token in enumerate(segment.tokens):
        if not token.is_markup:
            offset += len(token.text)
            continue
        found[index] = (token.text, offset)
    return found


def _unmatched(mine: dict[int, tuple[str, int]], other: dict[int, tuple[str, int]]) -> dict[int, tuple[str, None]]:
    """A ``x`` mark on each of ``mine`` beyond the tags written alike at the same offset in ``other`` (a
    multiset: one dropped tag marks that tag, not every later one of its name)."""
    available = Counter(other.values())
    marks: dict[int, tuple[str, None]] = {}
    for index, key in mine.items():
        if available[key]:
            available[key] -= 1
        else:
            marks[index] = ("x", None)
    return marks


def differing(expected: TaggedSegment, got: TaggedSegment, wrong: set[str]) -> tuple[list[Any], list[Any]]:
    """Both segments drawn, each tag marked ``x`` that the other side lacks or has at another offset;
    where no tag differs by place (a nesting or order error), every tag of the ``wrong`` names."""
    want, have = _positions(expected), _positions(got)
    got_marks, exp_marks = _unmatched(have, want), _unmatched(want, have)
    if not got_marks and not exp_marks:
        got_marks = {i: ("x", None) for i in have if got.tokens[i].name in wrong}
        exp_marks = {i: ("x", None) for i in want if expected.tokens[i].name in wrong}
    return chips.draw(expected, exp_marks), chips.draw(got, got_marks)


def miss_data(compared: Sequence[tuple[str, str, str, str]]) -> tuple[Assessment, list[dict[str, Any]]]:
    """The assessment of ``compared`` and every miss as the page's script renders it."""
    assessment = Assessment()
    misses = []
    for number, (segment_id, source, output, reference) in enumerate(compared, start=1):
        result = assess_segment(output, reference)
        assessment.segments.append(result)
        if result.exact:
            continue
        wrong = {t.name for t in result.tags if t.error != "exact"}
        expected, got = differing(_parse(reference), _parse(output), wrong)
        misses.append({"n": number, "id": segment_id, "c": result.error, "t": sorted(wrong),
                       "s": chips.draw(_parse(source)), "x": expected, "g": got})
    return assessment, misses


def tag_rows(by_tags: Sequence[tuple[str, str, str, str]], first: int = 1,
             report: TagReport | None = None) -> list[dict[str, Any]]:
    """Each segment of another text as a row of the page: its tags compared by name (no placement).
    Each segment's tags are paired once (:func:`tagmt.metrics.placement.pair_tags`): for its chips, its
    counts and, given a ``report``, the page's per-tag table."""
    from tagmt.metrics.segment import SegmentPair

    rows = []
    for number, (segment_id, source, output, reference) in enumerate(by_tags, start=first):
        pair = SegmentPair.parse(output, [reference])
        pairing = (pair_tags(pair.reference, pair.hypothesis)
                   if pair.reference.has_markup or pair.hypothesis.has_markup else None)
        drawn, ghosts, errors = chips.compare(pair.reference, pair.hypothesis, pairing)
        figures = segment_tag_figures(pair, pairing)
        if report is not None:
            report.add(pair, pairing)
        rows.append({"n": number, "id": segment_id, "c": "text differs", "t": sorted({n for n, _ in errors}),
                     "s": chips.draw(_parse(source)), "x": chips.draw(pair.reference), "g": drawn + ghosts,
                     "f": (f"tags: {figures['present']} of {figures['reference']} present, {figures['dropped']} "
                           f"dropped, {figures['inserted']} inserted, {figures['misplaced']} out of order")})
    return rows


def _by_tags_summary(by_tags: Sequence[tuple[str, str, str, str]], report: TagReport) -> str:
    """The summary of the segments of another text, from their per-tag ``report`` (:func:`tag_rows` fills it)."""
    rows = report.rows()
    totals = {k: sum(int(r[k]) for r in rows) for k in ("reference", "hypothesis", "dropped", "inserted",
                                                         "misplaced", "attributes_changed")}
    out = [f'<h2 id="text-differs">Another text than the reference ({len(by_tags)})</h2>\n',
           f'<p class="note" id="by-tags" data-segments="{len(by_tags)}" data-reference-tags="{totals["reference"]}" '
           f'data-dropped="{totals["dropped"]}" data-inserted="{totals["inserted"]}">These {len(by_tags)} tagged '
           "segments have another text than their reference, so no tag can be placed against it: they are "
           "<strong>not</strong> in the exact share above. Their tags are compared by name only: "
           f'{totals["reference"] - totals["dropped"]} of {totals["reference"]} reference tags present, '
           f'{totals["dropped"]} dropped, {totals["inserted"]} inserted, {totals["misplaced"]} out of order '
           "(moved across other tags, to another depth or parent).</p>"]
    body = [[f'<td class="tagname">{escape(r["tag"])}</td>',
             *(f'<td class="num">{r[k]}</td>' for k in ("reference", "hypothesis", "dropped", "inserted",
                                                         "misplaced", "attributes_changed"))] for r in rows]
    if body:
        out.append(table(["tag", "reference", "output", "dropped", "inserted", "out of order",
                          "attributes changed"], body, cls="by-tags"))
    return "".join(out)


def _summary(assessment: Assessment) -> str:
    errors = assessment.errors()
    share = (f"(<strong>{100 * assessment.exact_share:.1f} %</strong>)" if assessment.tagged
             else "(no share: none assessed)")
    out = [f'<p class="headline" id="exact" data-exact="{assessment.exact}" data-tagged="{assessment.tagged}">'
           f"<strong>{assessment.exact} of {assessment.tagged}</strong> tagged segments placed exactly "
           f"{share}.</p>"]
    if errors:
        rows = [(e, "", [errors[e] if e == f else 0 for f in ERRORS]) for e in ERRORS if errors[e]]
        series = [(e, CLASS_COLOURS[e]) for e in ERRORS]
        out.append(stacked_bars(rows, series, title="Segments by error class", width=800))
        body = [[f"<td>{escape(e)}</td>", f'<td class="num" data-class="{escape(e)}">{errors[e]}</td>']
                for e in ERRORS if errors[e]]
        out.append(table(["error class", "segments"], body, cls="classes"))
    by_tag = assessment.by_tag()
    body = []
    for name, counts in sorted(by_tag.items(), key=lambda x: (-sum(x[1].values()), x[0])):
        detail = ", ".join(f"{e} {counts[e]}" for e in ERRORS if counts[e])
        body.append([f'<td class="tagname">{escape(name)}</td>', f'<td class="num">{counts["exact"]}</td>',
                     f'<td class="num">{sum(counts.values())}</td>', f"<td>{escape(detail)}</td>"])
    if body:
        out.append("<h2 id=\"by-tag\">Per tag name</h2>")
        out.append(table(["tag", "exact", "tags", "errors"], body, cls="by-tag"))
    return "".join(out)


MISS_CONTROLS = """\
<div class="controls" id="miss-controls">
<label>class <select id="f-class"><option value="">any</option></select></label>
<label>tag <select id="f-tag"><option value="">any</option></select></label>
<label>search <input id="f-q" type="search" placeholder="text in any column"></label>
</div>
<p class="legend-chips note">Tags are chips coloured by element name; <span class="badge k-differs">differs</span>
marks a tag the other side lacks or has at another place. The filters also read the address:
<code>?class=words&amp;tag=uicontrol&amp;q=…</code>.</p>
<div class="pager"><button id="prev" type="button">← previous</button><span id="miss-status"></span>
<button id="next" type="button">next →</button></div>
<table id="segments"><thead><tr><th class="line">#</th><th class="cls">class</th><th>source</th>
<th>expected</th><th>got</th></tr></thead><tbody id="miss-rows"></tbody></table>
<noscript><p>The misses need JavaScript; the tables above do not.</p></noscript>
"""


def projection_page(compared: Sequence[tuple[str, str, str, str]], *, title: str = "tagmt projection",
                    about: Sequence[str] = (), by_tags: Sequence[tuple[str, str, str, str]] = (),
                    notes: Sequence[str] = ()) -> str:
    """The whole page for the assessed segments of a projection run; ``by_tags``: segments of another text
    than their reference, counted apart (see the module docstring); ``notes``: what was not assessed."""
    assessment, misses = miss_data(compared)
    report = TagReport()
    misses += tag_rows(by_tags, first=len(compared) + 1, report=report)
    tags: dict[str, int] = defaultdict(int)
    for miss in misses:
        for name in miss["t"]:
            tags[name] += 1
    classes = [e for e in ERRORS if assessment.errors()[e] or (e == "text differs" and by_tags)]
    data = {"misses": misses, "classes": classes, "tags": sorted(tags)}
    body = [f'<p class="meta" id="about">{escape(" · ".join(a for a in about if a))}</p>\n']
    body += [f'<p class="note run-note">{escape(note)}</p>\n' for note in notes]
    body += ['<h2 id="summary">Exact placement</h2>\n', _summary(assessment)]
    if by_tags:
        body.append(_by_tags_summary(by_tags, report))
    heading = f"Misses ({len(misses) - len(by_tags)})"
    if by_tags:
        heading += f" and segments of another text ({len(by_tags)})"
    body.append(f'<h2 id="misses">{heading}</h2>\n')
    if misses:
        body.append(MISS_CONTROLS)
    else:
        body.append('<p class="empty">No misses: every tagged segment equals its reference.</p>')
    return page(title, body, scripts=["projection.js"] if misses else (), data=data if misses else None)


def write_projection_page(path: str | Path, compared: Sequence[tuple[str, str, str, str]], **options: Any) -> Path:
    """Write :func:`projection_page` to ``path`` atomically."""
    from tagmt.atomic import write_atomic

    return write_atomic(path, [projection_page(compared, **options)])
