"""Scores as a reader sees them: the terminal table, JSON and CSV of ``tagmt evaluate``, and the per-tag
report. Input: one dict per system in the shape of :meth:`tagmt.evaluation.SystemScores.as_dict` (document
metrics give the same keys plus ``details``)."""

from __future__ import annotations

import csv
import io
import json
from typing import Any, Sequence


def render(systems: Sequence[dict[str, Any]], fmt: str, *, tag_report: bool = False) -> str:
    """Systems (``{"hyp", "scores", "signatures", …}``) as a table, JSON or CSV."""
    if fmt == "json":
        return json.dumps(json_document(systems, tag_report=tag_report), ensure_ascii=False, indent=2) + "\n"
    if fmt == "csv" and tag_report:
        return _tag_report_csv(systems)
    keys = _score_keys(systems)
    meta = [k for k in ("pair", "segments") if any(s.get(k) is not None for s in systems)]
    tested = any(s.get("significance") for s in systems)
    if fmt == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        extra = [f"{key} {part}" for key in keys for part in ("p_value", "ci")] if tested else []
        writer.writerow(["hyp"] + meta + keys + extra)
        for s in systems:
            row = [s["hyp"]] + [s.get(k) for k in meta] + [_csv_value(s["scores"].get(k)) for k in keys]
            if tested:
                for key in keys:
                    test = s.get("significance", {}).get(key, {})
                    row += [_csv_value(test.get("p_value")), _csv_value(test.get("ci"))]
            writer.writerow(row)
        return out.getvalue()
    text = _table(systems, meta, keys)
    if tag_report:
        text += "\n" + _tag_report_table(systems)
    return text


def json_document(systems: Sequence[dict[str, Any]], *, tag_report: bool = False) -> dict[str, Any]:
    """``{"systems": […]}``: what ``--format json`` prints and ``tagmt.evaluate(…).to_dict()`` returns
    (``tags`` only with the tag report)."""
    shown = [s if tag_report or "tags" not in s else {k: v for k, v in s.items() if k != "tags"} for s in systems]
    return {"systems": [dict(s) for s in shown]}


def _score_keys(systems: Sequence[dict[str, Any]]) -> list[str]:
    keys: list[str] = []
    for system in systems:
        keys.extend(k for k in system.get("scores", {}) if k not in keys)
    return keys


def _csv_value(value: Any) -> Any:
    return "" if value is None else value


def _table(systems: Sequence[dict[str, Any]], meta: list[str], keys: list[str]) -> str:
    header = ["hyp"] + meta + keys
    rows = [
        [str(s["hyp"])] + [str(s.get(k, "")) for k in meta]
        + [_cell(s["scores"].get(k), s.get("significance", {}).get(k)) for k in keys]
        for s in systems
    ]
    widths = [max(len(row[i]) for row in [header] + rows) for i in range(len(header))]
    lines = []
    for row in [header] + rows:
        cells = [row[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(row[1:], widths[1:])]
        lines.append("  ".join(cells).rstrip())
    if any(s.get("significance") for s in systems):
        lines.append("")
        lines.append(f"cells: score (bootstrap mean ± 95% CI, p-value against the baseline {systems[0]['hyp']})")
    statuses = [  # a document metric that could not score (validity "not validated") says why
        f"{s['hyp']}: {key} {detail.get('status', 'no score')} ({detail['reason']})"
        for s in systems for key, detail in s.get("details", {}).items()
        if isinstance(detail, dict) and detail.get("reason") and s["scores"].get(key) is None
    ]
    if statuses:
        lines.append("")
        lines.extend(statuses)
    signatures: dict[str, str] = {}
    figures: dict[str, dict[str, Any]] = {}
    for system in systems:
        for key, signature in system.get("signatures", {}).items():
            signatures.setdefault(key, signature)
        for key, figure in system.get("figures", {}).items():
            figures.setdefault(key, figure)
    if signatures:
        lines.append("")
        width = max(len(k) for k in signatures)
        for key, signature in signatures.items():
            lines.append(f"{key.ljust(width)}  {_direction(figures.get(key))}{signature}")
    return "\n".join(lines) + "\n"


def _direction(figure: dict[str, Any] | None) -> str:
    """A note before the signature when a figure is not "0-100, higher is better"."""
    if not figure:
        return ""
    notes = []
    if figure.get("scale", "0-100") != "0-100":
        notes.append(f"scale {figure['scale']}")
    if figure.get("higher_is_better") is False:
        notes.append("lower is better")
    return f"({', '.join(notes)}) " if notes else ""


def _cell(value: Any, test: dict[str, Any] | None = None) -> str:
    if value is None:
        return "n/a"
    text = f"{value:.2f}" if isinstance(value, (int, float)) else str(value)
    if test:
        text += f" ({test['mean']:.2f} ± {test['ci']:.2f}"
        text += f", p = {test['p_value']:.4f})" if test.get("p_value") is not None else ")"
    return text


def _tag_rows(systems: Sequence[dict[str, Any]]) -> list[list[Any]]:
    from tagmt.metrics.placement import TAG_REPORT_COLUMNS

    return [[s["hyp"], row["tag"], *(row[c] for c in TAG_REPORT_COLUMNS)] for s in systems for row in s.get("tags", [])]


def _tag_report_csv(systems: Sequence[dict[str, Any]]) -> str:
    from tagmt.metrics.placement import TAG_REPORT_COLUMNS

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["hyp", "tag", *TAG_REPORT_COLUMNS])
    writer.writerows(_tag_rows(systems))
    return out.getvalue()


def _tag_report_table(systems: Sequence[dict[str, Any]]) -> str:
    from tagmt.metrics.placement import TAG_REPORT_COLUMNS

    header = ["hyp", "tag", *TAG_REPORT_COLUMNS]
    rows = [[str(c) for c in row] for row in _tag_rows(systems)]
    if not rows:
        return "per-tag report: no markup on either side\n"
    widths = [max(len(r[i]) for r in [header] + rows) for i in range(len(header))]
    lines = ["per-tag report (tags: <b> and </b> count as two)"]
    for row in [header] + rows:
        lines.append("  ".join([row[0].ljust(widths[0]), row[1].ljust(widths[1])]
                               + [c.rjust(w) for c, w in zip(row[2:], widths[2:])]).rstrip())
    return "\n".join(lines) + "\n"
