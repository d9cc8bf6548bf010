"""The evaluation page of ``tagmt evaluate --html``: the systems table, the per-tag report as a chart, and
every segment side by side with its tags drawn as chips and each tag error marked.

Scoring stays streaming; :class:`SegmentCollector` stands where the per-segment TSV writer stands
(``score_systems(per_segment=…)``), keeps each segment's texts and per-segment scores for the page
(memory linear in the segments; the page refuses more than :data:`MAX_SEGMENTS`) and passes every row on
to the TSV writer when there is one. The segments go into the page as JSON; its script renders 50 rows at
a time, so 10,000 segments stay responsive.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping, Sequence

from tagmt.errors import TagmtError
from tagmt.markup import TaggedSegment
from tagmt.report import chips
from tagmt.report.html import KIND_COLOURS, escape, number, page, stacked_bars, table

#: Segments one page holds at most: past this a browser struggles to even parse the data.
MAX_SEGMENTS = 200_000
#: The per-segment score shown first, when computed (the first of these, else the first metric).
PREFERRED_METRICS = ("xml-chrf", "raw-chrf", "xml-bleu", "lex-chrf", "tag-placement")
#: Tag names the chart shows (the most troubled first); the table below it has them all.
CHART_TAGS = 15


def check_page(path: str | Path, segments: int | None, option: str = "--html",
               inputs: Sequence[str | Path | None] = ()) -> None:
    """Refuse before any work an output that cannot be written, that is one of the run's ``inputs`` (or
    other outputs), or a corpus too large for one page."""
    import os

    from tagmt.evaluation import check_output_path

    check_output_path(path, option)
    for other in inputs:
        if other is None or str(other) == "-":
            continue
        same = os.path.abspath(path) == os.path.abspath(other)
        if same or (os.path.exists(path) and os.path.exists(other) and os.path.samefile(path, other)):
            raise TagmtError(f"{option} {path} would overwrite {other}, a file this run reads or writes; "
                             "give the page another name")
    if segments is not None and segments > MAX_SEGMENTS:
        raise TagmtError(f"{option}: {segments} segments are more than one page can show ({MAX_SEGMENTS}); "
                         "evaluate a sample of them for the page, or use --per-segment FILE (TSV)")


class SegmentCollector:
    """A ``per_segment`` writer for :func:`tagmt.evaluation.score_systems` that keeps what the page
    shows and hands every row on to ``inner`` (the TSV writer of ``--per-segment``) when given."""

    def __init__(self, inner: Any = None, ids: Sequence[str] | None = None) -> None:
        self.inner, self.ids = inner, ids
        self.systems: list[str] = []
        self.metrics: list[str] = []
        self.sources: list[str | None] = []
        self.references: list[str] = []
        self.hypotheses: dict[str, list[str]] = {}
        self.scores: dict[str, list[list[float | None]]] = {}

    def write(self, hyp: str, line: int, figures: Mapping[str, float | None],
              texts: tuple[str | None, str, str]) -> None:
        if self.inner is not None:
            self.inner.write(hyp, line, figures, texts)
        if hyp not in self.hypotheses:
            self.systems.append(hyp)
            self.hypotheses[hyp], self.scores[hyp] = [], []
            if not self.metrics:
                self.metrics = list(figures)
        if len(self.references) < line:
            if len(self.references) >= MAX_SEGMENTS:
                raise TagmtError(f"--html: more than {MAX_SEGMENTS} segments for one page")
            source, reference, _ = texts
            self.sources.append(source)
            self.references.append(reference)
        self.hypotheses[hyp].append(texts[2])
        self.scores[hyp].append([figures.get(m) for m in self.metrics])

    def close(self) -> Path | None:
        return self.inner.close() if self.inner is not None else None


def segment_data(collector: SegmentCollector, escaped: bool = False) -> dict[str, Any]:
    """What the page's script renders: every segment's parts, errors and scores (see :mod:`chips`);
    ``escaped``: the segments' text is XML-escaped (files), shown as the characters it stands for."""
    systems = collector.systems
    has_source = any(s is not None for s in collector.sources)
    keep = [k for k, m in enumerate(collector.metrics)
            if any(row[k] is not None for s in systems for row in collector.scores[s])]
    segments, names = [], set()
    for index, reference in enumerate(collector.references):
        ref = TaggedSegment.parse(reference)
        seen = chips.names(ref)
        hyps, errors = [], []
        for s, system in enumerate(systems):
            hyp = TaggedSegment.parse(collector.hypotheses[system][index], ref.names)
            parts, ghosts, found = chips.compare(ref, hyp, escaped=escaped)
            hyps.append([parts, ghosts])
            errors.extend([s, name, kind] for name, kind in sorted(found))
            seen |= chips.names(hyp)
        seen.discard("#comment")
        names |= seen
        item: dict[str, Any] = {
            "n": index + 1,
            "r": chips.draw(ref, escaped=escaped),
            "h": hyps,
            "e": errors,
            "t": sorted(seen),
            "c": [[_round(collector.scores[system][index][k]) for k in keep] for system in systems],
        }
        if has_source:
            source = collector.sources[index]
            item["s"] = chips.draw(TaggedSegment.parse(source), escaped=escaped) if source is not None else None
        if collector.ids is not None:
            item["id"] = collector.ids[index]
        segments.append(item)
    metrics = [collector.metrics[k] for k in keep]
    default = next((m for m in PREFERRED_METRICS if m in metrics), metrics[0] if metrics else "")
    return {"systems": systems, "metrics": metrics, "default_metric": default, "has_source": has_source,
            "tags": sorted(names), "segments": segments}


def _round(value: float | None) -> float | None:
    import math

    return None if value is None or not math.isfinite(value) else round(value, 2)


def _best(systems: Sequence[Mapping[str, Any]], key: str) -> set[int]:
    values = [(i, s["scores"].get(key)) for i, s in enumerate(systems)]
    values = [(i, v) for i, v in values if isinstance(v, (int, float))]
    if len(systems) < 2 or len(values) < 2:
        return set()
    figure = next((s.get("figures", {}).get(key) for s in systems if s.get("figures", {}).get(key)), {}) or {}
    pick = max if figure.get("higher_is_better", True) else min
    target = pick(v for _, v in values)
    return {i for i, v in values if v == target}


def systems_table(systems: Sequence[Mapping[str, Any]]) -> str:
    """Every metric of every system; each cell's title is the metric's signature, the best is marked,
    and a significance test's mean ± 95 % CI and p-value are under the score."""
    keys: list[str] = []
    for system in systems:
        keys.extend(k for k in system.get("scores", {}) if k not in keys)
    best = {key: _best(systems, key) for key in keys}
    rows = []
    for i, system in enumerate(systems):
        cells = [f'<th class="system" scope="row">{escape(system["hyp"])}</th>']
        for key in keys:
            value = system["scores"].get(key)
            signature = system.get("signatures", {}).get(key, "")
            classes = "num best" if i in best[key] else "num"
            raw = "" if value is None else repr(float(value))
            text = escape(number(value) if isinstance(value, (int, float)) or value is None else value)
            test = system.get("significance", {}).get(key)
            if test:
                text += _significance(test, baseline=i == 0)
            cells.append(f'<td class="{classes}" data-metric="{escape(key)}" data-value="{escape(raw)}" '
                         f'title="{escape(signature)}">{text}</td>')
        rows.append(cells)
    header = ["system", *keys]
    out = [table(header, rows, cls="systems")]
    tested = any(s.get("significance") for s in systems)
    notes = ["★ best per metric (lowest where lower is better)." if len(systems) > 1 else "",
             (f"Under each score: bootstrap mean ± 95 % confidence interval, and the p-value against the "
              f"baseline {escape(systems[0]['hyp'])} (bold red: p &lt; 0.05).") if tested else "",
             "Hover a score for its signature."]
    out.append('<p class="note">' + " ".join(n for n in notes if n) + "</p>")
    out.append(_signatures(systems, keys))
    return "".join(out)


def _significance(test: Mapping[str, Any], *, baseline: bool) -> str:
    parts = []
    if test.get("mean") is not None and test.get("ci") is not None:
        parts.append(f"{test['mean']:.2f} ± {test['ci']:.2f}")
    p_value = test.get("p_value")
    if p_value is not None and not baseline:
        cls = "sig significant" if p_value < 0.05 else "sig"
        return (f'<span class="sig">{escape(" ".join(parts))}</span>'
                f'<span class="{cls}" data-p="{p_value!r}">p = {p_value:.4f}</span>')
    return f'<span class="sig">{escape(" ".join(parts))}</span>' if parts else ""


def _signatures(systems: Sequence[Mapping[str, Any]], keys: Sequence[str]) -> str:
    rows = []
    for key in keys:
        signature = next((s["signatures"][key] for s in systems if s.get("signatures", {}).get(key)), "")
        figure = next((s["figures"][key] for s in systems if s.get("figures", {}).get(key)), {}) or {}
        direction = "higher is better" if figure.get("higher_is_better", True) else "lower is better"
        scale = figure.get("scale", "0-100")
        rows.append([f"<td>{escape(key)}</td>", f"<td>{escape(scale)}, {direction}</td>",
                     f"<td>{escape(figure.get('description', ''))}</td>",
                     f'<td class="sigtext">{escape(signature)}</td>'])
    return ("<details><summary>Signatures and scales of the metrics</summary>"
            + table(["metric", "scale", "what it measures", "signature"], rows, cls="signatures") + "</details>")


def tag_report(systems: Sequence[Mapping[str, Any]]) -> str:
    """The per-tag report (``SystemScores.tags``, :class:`tagmt.metrics.placement.TagReport`) as a stacked
    bar chart per tag name and system, and as a table."""
    from tagmt.metrics.placement import TAG_REPORT_COLUMNS

    rows = [(s["hyp"], r) for s in systems for r in s.get("tags", [])]
    if not rows:
        return '<p class="empty" id="tag-report-empty">No markup on either side: no per-tag report.</p>'
    kinds = list(chips.KINDS)
    trouble: dict[str, int] = {}
    for _, r in rows:
        trouble[r["tag"]] = trouble.get(r["tag"], 0) + sum(r[k] for k in kinds)
    ordered = sorted(trouble, key=lambda name: (-trouble[name], name))
    shown = [name for name in ordered if trouble[name]][:CHART_TAGS]
    by_key = {(hyp, r["tag"]): r for hyp, r in rows}
    bars = [(name, s["hyp"], [by_key.get((s["hyp"], name), {}).get(k, 0) for k in kinds])
            for name in shown for s in systems]
    out = []
    if bars:
        series = [(k.replace("_", " "), KIND_COLOURS[k]) for k in kinds]
        out.append(stacked_bars(bars, series, title="Tag errors per tag name and system"))
        if len(ordered) > len(shown):
            out.append(f'<p class="note">The chart shows the {len(shown)} tag names with most errors; the table '
                       "has every name.</p>")
    else:
        out.append('<p class="note">No tag errors: every tag is where the reference has it.</p>')
    body = [[f"<td>{escape(hyp)}</td>", f'<td class="tagname">{escape(r["tag"])}</td>',
             *(f'<td class="num" data-column="{c}">{r[c]}</td>' for c in TAG_REPORT_COLUMNS)]
            for hyp, r in rows]
    out.append("<details><summary>Per-tag report as a table (tags: &lt;b&gt; and &lt;/b&gt; count as two)"
               "</summary>" + table(["system", "tag", *TAG_REPORT_COLUMNS], body, cls="tag-report") + "</details>")
    return "".join(out)


SEGMENT_CONTROLS = """\
<div class="controls" id="segment-controls">
<label>tag <select id="f-tag"><option value="">any</option></select></label>
<label>error <select id="f-kind"><option value="">any or none</option><option value="any">any error</option>
<option value="dropped">dropped</option><option value="inserted">inserted</option>
<option value="misplaced">misplaced</option><option value="attributes_changed">attributes changed</option></select></label>
<label>search <input id="f-q" type="search" placeholder="text in any column"></label>
<label>score <select id="f-metric"></select></label>
<label>sort <select id="f-sort"><option value="line">by line</option>
<option value="diff">by B − A, largest first</option><option value="-diff">by B − A, smallest first</option></select></label>
<label>A <select id="f-a"></select></label><label>B <select id="f-b"></select></label>
</div>
<p class="legend-chips note">Tags are chips coloured by element name. Marked in each hypothesis:
<span class="badge k-dropped">dropped</span> (a reference tag it lacks, struck through after the text),
<span class="badge k-inserted">inserted</span>, <span class="badge k-misplaced">misplaced +n</span> (n characters
of text later than in the reference; − earlier), <span class="badge k-attributes_changed">attributes</span>.
The filters also read the address: <code>?tag=uicontrol&amp;kind=dropped&amp;q=…</code>.</p>
<div class="pager"><button id="prev" type="button">← previous</button><span id="segment-status"></span>
<button id="next" type="button">next →</button></div>
<table id="segments"><thead><tr id="segments-head"></tr></thead><tbody id="segment-rows"></tbody></table>
<noscript><p>The segments need JavaScript; the tables above do not.</p></noscript>
"""


def evaluation_page(systems: Sequence[Mapping[str, Any]], collector: SegmentCollector | None, *,
                    title: str = "tagmt evaluation", about: Sequence[str] = (), escaped: bool = False) -> str:
    """The whole page for ``systems`` (``SystemScores.as_dict()``) and the collected segments (``escaped``:
    their text is XML-escaped, as files have it; the page shows the characters)."""
    first = systems[0] if systems else {}
    meta = [f"{len(systems)} systems", f"{first.get('segments', 0)} segments"]
    if first.get("pair"):
        meta.append(f"direction {first['pair']}")
    meta.extend(a for a in about if a)
    body = [f'<p class="meta" id="about">{escape(" · ".join(meta))}</p>\n',
            '<p class="meta"><a href="#systems">systems</a> · <a href="#tags">per-tag report</a>'
            + (' · <a href="#segments-heading">segments</a>' if collector is not None and collector.references
               else "") + "</p>\n",
            '<h2 id="systems">Systems</h2>\n', systems_table(systems),
            '<h2 id="tags">Per-tag report</h2>\n', tag_report(systems)]
    data = None
    if collector is not None and collector.references:
        body += ['<h2 id="segments-heading">Segments</h2>\n', SEGMENT_CONTROLS]
        data = segment_data(collector, escaped)
    return page(title, body, scripts=["evaluation.js"] if data is not None else (), data=data)


def write_evaluation_page(path: str | Path, systems: Sequence[Mapping[str, Any]],
                          collector: SegmentCollector | None, **options: Any) -> Path:
    """Write :func:`evaluation_page` to ``path`` atomically."""
    from tagmt.atomic import write_atomic

    return write_atomic(path, [evaluation_page(systems, collector, **options)])
