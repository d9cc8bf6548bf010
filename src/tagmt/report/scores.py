"""Scores as a reader sees them: the terminal table, JSON and CSV of ``tagmt evaluate``, and the per-tag
report. Input: one dict per system in the shape of :meth:`tagmt.evaluation.SystemScores.as_dict` (document
metrics give the same keys plus ``details``)."""

from __future__ import annotations

import io
import json
from typing import Any, Sequence

from tagmt import csvsafe


#: Decimals of the table and ``--score-only`` (sacrebleu's ``-w``), and of JSON and CSV figures.
TABLE_DECIMALS = 2
DATA_DECIMALS = 4


#: Figures the table, CSV and ``-b`` leave out unless asked for by name (the JSON has them): Lilt's
#: inconsistency counts segments whose text differs from the reference's, so a system whose every tag is
#: intact shows a high figure there — not a tag error rate.
DEFAULT_HIDDEN = ("tag-inconsistent", "tag-inconsistent-hypothesis", "tag-inconsistent-count",
                  "tag-inconsistent-text", "tags-in-inconsistent")
#: What an inconsistency figure means, said below a table that shows one.
INCONSISTENCY_NOTE = ("tag-inconsistent: % of segments whose text or tag count differs from the reference's "
                      "(Lilt's definition; a reworded segment counts even when its tags are intact), "
                      "tags-in-inconsistent: the reference tags in those segments")


def render(systems: Sequence[dict[str, Any]], fmt: str, *, tag_report: bool = False, width: int | None = None,
           score_only: bool = False, columns: int | None = None, shown: Sequence[str] | None = None) -> str:
    """Systems (``{"hyp", "scores", "signatures", …}``) as a table, JSON or CSV. ``width``: decimals (default 2
    in the table, 4 in JSON and CSV); ``score_only``: one line per system, its figures separated by a tab;
    ``columns``: the terminal's width (default: this terminal's, else 80) — a table wider than that shows
    the metrics as rows and the systems as columns. ``shown``: the figures asked for, in order — the
    table, CSV and ``score_only`` show those alone (None: every figure but ``DEFAULT_HIDDEN``); JSON has
    every figure the metrics gave."""
    if score_only:
        decimals = TABLE_DECIMALS if width is None else width
        keys = shown_keys(systems, shown)
        return "".join("\t".join(_number(s["scores"].get(k), decimals) for k in keys) + "\n" for s in systems)
    if fmt == "json":
        document = json_document(systems, tag_report=tag_report, decimals=DATA_DECIMALS if width is None else width)
        return json.dumps(document, ensure_ascii=False, indent=2) + "\n"
    if fmt == "csv" and tag_report:
        return _tag_report_csv(systems)
    keys = shown_keys(systems, shown)
    meta = [k for k in ("pair", "segments") if any(s.get(k) is not None for s in systems)]
    tested = any(s.get("significance") for s in systems)
    if fmt == "csv":
        decimals = DATA_DECIMALS if width is None else width
        out = io.StringIO()
        writer = csvsafe.writer(out)
        extra = [f"{key} {part}" for key in keys for part in ("p_value", "ci")] if tested else []
        writer.writerow(["hyp"] + meta + keys + extra + [f"{key} signature" for key in keys])
        for s in systems:
            row = [s["hyp"]] + [s.get(k) for k in meta] + [_csv_value(s["scores"].get(k), decimals) for k in keys]
            if tested:
                for key in keys:
                    test = s.get("significance", {}).get(key, {})
                    row += [_csv_value(test.get("p_value"), decimals), _csv_value(test.get("ci"), decimals)]
            row += [s.get("signatures", {}).get(key, "") for key in keys]
            writer.writerow(row)
        return out.getvalue()
    text = _table(systems, meta, keys, TABLE_DECIMALS if width is None else width, columns)
    if tag_report:
        text += "\n" + _tag_report_table(systems)
    return text


def rounded(value: Any, decimals: int) -> Any:
    """Floats rounded to ``decimals`` places, inside dicts and lists too (``100.00000000000004`` → 100.0);
    other values as they are."""
    if isinstance(value, float):
        return round(value, decimals) if value == value else value
    if isinstance(value, dict):
        return {key: rounded(item, decimals) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [rounded(item, decimals) for item in value]
    return value


def json_document(systems: Sequence[dict[str, Any]], *, tag_report: bool = False,
                  decimals: int = DATA_DECIMALS) -> dict[str, Any]:
    """``{"systems": […]}``: what ``--format json`` prints and ``tagmt.evaluate(…).to_dict()`` returns
    (``tags`` only with the tag report), figures rounded to ``decimals`` places."""
    shown = [s if tag_report or "tags" not in s else {k: v for k, v in s.items() if k != "tags"} for s in systems]
    return {"systems": [{key: rounded(value, decimals) if key in ("scores", "significance", "details") else value
                         for key, value in s.items()} for s in shown]}


def shown_keys(systems: Sequence[dict[str, Any]], shown: Sequence[str] | None = None) -> list[str]:
    """The figures a table shows: those of ``shown`` the systems have, in its order (None: every figure
    the systems have but ``DEFAULT_HIDDEN``, in their order)."""
    keys = _score_keys(systems)
    if shown is None:
        return [k for k in keys if k not in DEFAULT_HIDDEN]
    return [k for k in dict.fromkeys(shown) if k in keys]


def _score_keys(systems: Sequence[dict[str, Any]]) -> list[str]:
    keys: list[str] = []
    for system in systems:
        keys.extend(k for k in system.get("scores", {}) if k not in keys)
    return keys


def _number(value: Any, decimals: int) -> str:
    return "n/a" if value is None else f"{value:.{decimals}f}" if isinstance(value, (int, float)) else str(value)


def _csv_value(value: Any, decimals: int = DATA_DECIMALS) -> Any:
    return "n/a" if value is None else rounded(value, decimals)


def _terminal_columns() -> int:
    import shutil

    return shutil.get_terminal_size((80, 24)).columns


def _grid(rows: list[list[str]]) -> list[str]:
    """Rows of cells: the first column left-aligned, the others right-aligned, two spaces apart."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return ["  ".join([row[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(row[1:], widths[1:])]).rstrip()
            for row in rows]


def _table(systems: Sequence[dict[str, Any]], meta: list[str], keys: list[str], decimals: int = TABLE_DECIMALS,
           columns: int | None = None) -> str:
    header = ["hyp"] + meta + keys
    rows = [
        [str(s["hyp"])] + [str(s.get(k, "")) for k in meta]
        + [_cell(s["scores"].get(k), s.get("significance", {}).get(k), decimals) for k in keys]
        for s in systems
    ]
    lines = _grid([header] + rows)
    if max(len(line) for line in lines) > (columns or _terminal_columns()):  # metrics as rows
        lines = _grid([["metric"] + [row[0] for row in rows]]
                      + [[name] + [row[k] for row in rows] for k, name in enumerate(header) if k])
    tested = [s for s in systems if s.get("significance")]
    if tested:
        lines.append("")
        if any(test.get("p_value") is not None for s in tested for test in s["significance"].values()):
            lines.append(f"cells: score (bootstrap mean ± 95% CI, p-value against the baseline {systems[0]['hyp']})")
        else:
            lines.append("cells: score (bootstrap mean ± 95% CI)")
    statuses = [  # a document metric that could not score (validity "not validated") says why
        f"{s['hyp']}: {key} {detail.get('status', 'no score')} ({detail['reason']})"
        for s in systems for key, detail in s.get("details", {}).items()
        if isinstance(detail, dict) and detail.get("reason") and s["scores"].get(key) is None and key in keys
    ]
    if statuses:
        lines.append("")
        lines.extend(statuses)
    if any(key in DEFAULT_HIDDEN for key in keys):
        lines += ["", INCONSISTENCY_NOTE]
    signatures: dict[str, str] = {}
    figures: dict[str, dict[str, Any]] = {}
    for system in systems:
        for key, signature in system.get("signatures", {}).items():
            if key in keys:
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


def _cell(value: Any, test: dict[str, Any] | None = None, decimals: int = TABLE_DECIMALS) -> str:
    if value is None:
        return "n/a"
    text = _number(value, decimals)
    if test and test.get("mean") is not None:
        text += f" ({test['mean']:.{decimals}f} ± {test['ci']:.{decimals}f}"
        text += f", p = {test['p_value']:.4f})" if test.get("p_value") is not None else ")"
    return text


def _tag_rows(systems: Sequence[dict[str, Any]]) -> list[list[Any]]:
    from tagmt.metrics.placement import TAG_REPORT_COLUMNS

    return [[s["hyp"], row["tag"], *(row[c] for c in TAG_REPORT_COLUMNS)] for s in systems for row in s.get("tags", [])]


def _tag_report_csv(systems: Sequence[dict[str, Any]]) -> str:
    from tagmt.metrics.placement import TAG_REPORT_COLUMNS

    out = io.StringIO()
    writer = csvsafe.writer(out)
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
