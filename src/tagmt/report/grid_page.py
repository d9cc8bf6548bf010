"""The reproduction page ``OUT/report.html`` of ``tagmt reproduce``: Tables 3–5 with the paper's published
numbers beside ours, each of our scores linking to its cell (the cell's evaluation page
``cells/<key>/report.html`` where it has one, else its record ``cells/<key>/cell.json``).

Built from the plain dicts of ``results.json`` (``results["cells"]``) and
:func:`tagmt.reproduce.results.load_paper_results` (the systems through :func:`tagmt.tables.paper_systems`),
so it can be redrawn from a results file alone.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping, Sequence

from tagmt.report.html import escape, page, table

#: A cell's evaluation page, inside its folder.
CELL_PAGE = "report.html"


def _order(values: Sequence[str]) -> list[str]:
    return list(dict.fromkeys(values))


def _link(cell: Mapping[str, Any], out: Path | None) -> str:
    """The relative address of a cell's page (when it exists under ``out``) or of its record."""
    key = str(cell.get("key", ""))
    if out is not None and (out / "cells" / key / CELL_PAGE).is_file():
        return f"cells/{key}/{CELL_PAGE}"
    return f"cells/{key}/cell.json"


def _safe_relative(address: str) -> bool:
    """A relative path inside the output folder: no scheme, no absolute path, no ``..``."""
    parts = address.split("/")
    return ":" not in parts[0] and not address.startswith("/") and ".." not in parts and "\\" not in address


def score_table_html(spec: Any, cells: Sequence[Mapping[str, Any]], paper: Mapping[tuple, float],
                     systems_of_paper: Mapping[tuple[str, str], str], out: Path | None) -> str:
    """One of Tables 3–5: rows are systems, columns metric × direction; each cell ours (a link to the
    cell), the paper's number and the difference where the paper has that cell."""
    systems = _order([c["system"] for c in cells])
    directions = _order([c["direction"] for c in cells])
    by_key = {(c["system"], c["direction"]): c for c in cells}
    head = ('<thead><tr><th rowspan="2">system</th>'
            + "".join(f'<th colspan="{len(directions)}">{escape(label)}</th>' for label, _, _ in spec.groups)
            + "</tr><tr>" + "".join(f"<th>{escape(d)}</th>" for _ in spec.groups for d in directions)
            + "</tr></thead>")
    rows = []
    for system in systems:
        row = [f'<th scope="row">{escape(system)}</th>']
        for label, metric, paper_metric in spec.groups:
            for direction in directions:
                cell = by_key.get((system, direction))
                if cell is None:
                    row.append('<td class="num empty">—</td>')
                    continue
                value = cell.get("scores", {}).get(metric)
                shown = "n/a" if value is None else f"{value:.1f}"
                address = _link(cell, out)
                ours = (f'<a href="{escape(address)}">{escape(shown)}</a>' if cell.get("key") and _safe_relative(address)
                        else escape(shown))
                published = None
                if systems_of_paper.get((cell.get("model"), cell.get("approach"))) == (cell.get("aligner") or ""):
                    published = paper.get((cell.get("model"), cell.get("approach"), direction, paper_metric))
                extra = ""
                if published is not None:
                    delta = "" if value is None else f" ({round(value, 1) - published:+.1f})"
                    extra = f'<span class="sig paper" data-paper="{published!r}">paper {published:.1f}{delta}</span>'
                row.append(f'<td class="num" data-metric="{escape(metric)}" data-direction="{escape(direction)}" '
                           f'data-value="{escape("" if value is None else repr(float(value)))}">{ours}{extra}</td>')
        rows.append(row)
    note = f'<p class="note">{escape(spec.comparison_note)}</p>' if spec.comparison_note else ""
    body = "".join("<tr>" + "".join(row) + "</tr>" for row in rows)
    return (f'<h2 id="{escape(spec.name)}">{escape(spec.title)}</h2>'
            f'<div class="wide"><table class="grid-table">{head}<tbody>{body}</tbody></table></div>' + note)


def grid_page(results: Mapping[str, Any], paper: Mapping[tuple, float] | None = None, *,
              out: str | Path | None = None, title: str = "tagmt reproduction") -> str:
    """The whole page for a ``results.json`` dict; ``out`` is the folder the page is written to (to
    find which cells have an evaluation page)."""
    from tagmt.tables import SCORE_TABLES, paper_systems

    folder = Path(out) if out is not None else None
    cells = results.get("cells", [])
    paper = paper or {}
    about = [f"split {results.get('data', {}).get('split', '?')}", f"{len(cells)} cells",
             f"created {results.get('created', '?')}"]
    body = [f'<p class="meta" id="about">{escape(" · ".join(about))}</p>\n']
    if results.get("command"):
        body.append(f'<p class="meta">command: <code>{escape(results["command"])}</code></p>\n')
    body.append('<p class="note">Each of our scores links to its cell (its evaluation page, or its record); '
                "under it, the paper's published number and the difference ours − paper, where the paper "
                "has that system and direction (the paper's numbers are on its test split).</p>\n")
    systems_of_paper = paper_systems(paper) if paper else {}
    for spec in SCORE_TABLES:
        body.append(score_table_html(spec, cells, paper, systems_of_paper, folder))
    rows = []
    for cell in cells:
        address = _link(cell, folder)
        link = (f'<a href="{escape(address)}">{escape(address)}</a>' if cell.get("key") and _safe_relative(address)
                else escape(address))
        seconds = cell.get("seconds", {})
        rows.append([f"<td>{escape(cell.get('system', ''))}</td>", f"<td>{escape(cell.get('direction', ''))}</td>",
                     f'<td class="num">{escape(cell.get("segments", ""))}</td>',
                     f'<td class="num">{escape(seconds.get("translate", ""))}</td>', f"<td>{link}</td>"])
    body.append('<h2 id="cells">Cells</h2>')
    body.append(table(["system", "direction", "segments", "translate (s)", "page or record"], rows, cls="cells"))
    return page(title, body)


def write_grid_page(out: str | Path, results: Mapping[str, Any], paper: Mapping[tuple, float] | None = None) -> Path:
    """Write :func:`grid_page` to ``OUT/report.html`` atomically."""
    from tagmt.atomic import write_atomic

    return write_atomic(Path(out) / "report.html", [grid_page(results, paper, out=out)])
