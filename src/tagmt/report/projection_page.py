"""The projection page of ``tagmt project --ref --html``: the exact share, the error classes (overall and per
tag name) and every miss as source / expected / got with the differing tags highlighted.

The classes are :mod:`tagmt.project.assess`'s (``assess_segment``); the segments come from
``ProjectionRun.compared`` — (id, tagged source, output, reference) of each assessed segment.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from pathlib import Path
from typing import Any, Sequence

from tagmt.markup import TaggedSegment, tokenize
from tagmt.project.assess import ERRORS, Assessment, assess_segment
from tagmt.report import chips
from tagmt.report.html import escape, page, stacked_bars, table

CLASS_COLOURS = {
    "text differs": "#7f7f7f", "tags differ": "#d62728", "nesting": "#8c564b", "point": "#e377c2",
    "words": "#ff7f0e", "punctuation": "#bcbd22", "whitespace": "#17becf",
}


def _parse(text: str) -> TaggedSegment:
    """Every well-written tag is markup, as the assessment reads projected and reference segments."""
    return TaggedSegment(text, tokenize(text, orphans=True))


def _positions(segment: TaggedSegment) -> dict[int, tuple[str, int, int]]:
    """Token index → (tag as written, its rank among tags written alike, offset in the plain text)."""
    seen: Counter[str] = Counter()
    found, offset = {}, 0
    for index, token in enumerate(segment.tokens):
        if not token.is_markup:
            offset += len(token.text)
            continue
        found[index] = (token.text, seen[token.text], offset)
        seen[token.text] += 1
    return found


def differing(expected: TaggedSegment, got: TaggedSegment, wrong: set[str]) -> tuple[list[Any], list[Any]]:
    """Both segments drawn, each tag marked ``x`` that the other side lacks or has at another offset;
    where no tag differs by place (a nesting or order error), every tag of the ``wrong`` names."""
    want, have = _positions(expected), _positions(got)
    want_keys, have_keys = set(want.values()), set(have.values())
    got_marks = {i: ("x", None) for i, key in have.items() if key not in want_keys}
    exp_marks = {i: ("x", None) for i, key in want.items() if key not in have_keys}
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


def _summary(assessment: Assessment) -> str:
    errors = assessment.errors()
    out = [f'<p class="headline" id="exact" data-exact="{assessment.exact}" data-tagged="{assessment.tagged}">'
           f"<strong>{assessment.exact} of {assessment.tagged}</strong> tagged segments placed exactly "
           f"(<strong>{100 * assessment.exact_share:.1f} %</strong>).</p>"]
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
                    about: Sequence[str] = ()) -> str:
    """The whole page for the assessed segments of a projection run."""
    assessment, misses = miss_data(compared)
    tags: dict[str, int] = defaultdict(int)
    for miss in misses:
        for name in miss["t"]:
            tags[name] += 1
    data = {"misses": misses, "classes": [e for e in ERRORS if assessment.errors()[e]], "tags": sorted(tags)}
    body = [f'<p class="meta" id="about">{escape(" · ".join(a for a in about if a))}</p>\n',
            '<h2 id="summary">Exact placement</h2>\n', _summary(assessment),
            f'<h2 id="misses">Misses ({len(misses)})</h2>\n']
    if misses:
        body.append(MISS_CONTROLS)
    else:
        body.append('<p class="empty">No misses: every tagged segment equals its reference.</p>')
    return page(title, body, scripts=["projection.js"] if misses else (), data=data if misses else None)


def write_projection_page(path: str | Path, compared: Sequence[tuple[str, str, str, str]], **options: Any) -> Path:
    """Write :func:`projection_page` to ``path`` atomically."""
    from tagmt.atomic import write_atomic

    return write_atomic(path, [projection_page(compared, **options)])
