"""The page shell shared by every report page: escaping, the embedded JSON, the inline assets, SVG charts.

A page is one self-contained HTML file: its styles, scripts and figures are inline and it names no
resource of its own outside itself (a Content-Security-Policy meta tag forbids any fetch, so a page
mailed around opens offline and cannot phone home). Links the caller adds (``cells/<key>/cell.json``
of a reproduction) are plain relative ``<a href>`` the reader may follow; they load nothing by themselves.

Everything that comes from the data goes through :func:`escape` (text and attribute values) or
:func:`json_script` (the data the page's script renders with ``textContent``/``createElement`` only).
"""

from __future__ import annotations

import json
import re
from importlib import resources
from typing import Any, Iterable, Sequence

#: Forbids every fetch: only the page's own inline styles and scripts run, images only as data: URLs.
CSP = ("default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:; "
       "base-uri 'none'; form-action 'none'")

# Characters that must never reach the page raw: NUL and the C0/C1 controls but tab, LF and CR (HTML
# forbids them; browsers turn NUL into U+FFFD anyway — we do it first so the page is valid).
_CONTROLS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def clean(text: str) -> str:
    """``text`` without the control characters HTML forbids (each becomes U+FFFD, visible)."""
    return _CONTROLS.sub("\ufffd", text)


def escape(value: Any) -> str:
    """Text or an attribute value (always double-quoted by our templates) as HTML: ``& < > " '``
    escaped, forbidden controls made visible."""
    text = clean(str(value))
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#x27;"))


def json_text(data: Any) -> str:
    """``data`` as JSON safe inside ``<script type="application/json">``: ``<``, ``>`` and ``&`` as
    ``\\u`` escapes (so neither ``</script>`` nor ``<!--`` can end or bend the block), U+2028/2029
    escaped too (valid JSON, but line terminators to older JavaScript)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return (text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
            .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


def json_script(element_id: str, data: Any) -> str:
    """The data block a page's script reads with ``JSON.parse(textContent)``."""
    return f'<script type="application/json" id="{escape(element_id)}">{json_text(data)}</script>'


def asset(name: str) -> str:
    """One of the inline assets (``report.css``, ``common.js``, …) shipped with the package."""
    return resources.files("tagmt.report").joinpath("assets", name).read_text(encoding="utf-8")


def page(title: str, body: Iterable[str], *, scripts: Sequence[str] = (), data: Any = None) -> str:
    """The whole document: ``body`` parts (already HTML), ``data`` as the ``report-data`` JSON block,
    then the inline ``scripts`` (asset names; ``common.js`` first when any)."""
    parts = [
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n",
        f'<meta http-equiv="Content-Security-Policy" content="{escape(CSP)}">\n',
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n',
        '<meta name="generator" content="tagmt">\n',
        f"<title>{escape(title)}</title>\n<style>\n{asset('report.css')}</style>\n</head>\n<body>\n",
        f"<h1>{escape(title)}</h1>\n",
        *body,
    ]
    if data is not None:
        parts.append("\n" + json_script("report-data", data) + "\n")
    names = (["common.js"] if scripts else []) + [s for s in scripts if s != "common.js"]
    for name in names:
        parts.append(f"<script>\n{asset(name)}</script>\n")
    parts.append("</body>\n</html>\n")
    return "".join(parts)


def table(header: Sequence[str], rows: Iterable[Sequence[str]], *, cls: str = "", caption: str = "") -> str:
    """A table from header labels (text) and rows of cells that are already HTML (``<td>…</td>``)."""
    out = [f'<table class="{escape(cls)}">' if cls else "<table>"]
    if caption:
        out.append(f"<caption>{escape(caption)}</caption>")
    out.append("<thead><tr>" + "".join(f"<th>{escape(h)}</th>" for h in header) + "</tr></thead><tbody>")
    out.extend("<tr>" + "".join(row) + "</tr>" for row in rows)
    out.append("</tbody></table>\n")
    return "".join(out)


def number(value: float | None, decimals: int = 2) -> str:
    return "n/a" if value is None else f"{value:.{decimals}f}"


#: Colours of the tag error kinds, shared by the charts and the chips (report.css uses the same).
KIND_COLOURS = {
    "dropped": "#d62728",
    "inserted": "#1f77b4",
    "misplaced": "#ff7f0e",
    "attributes_changed": "#9467bd",
}


def stacked_bars(rows: Sequence[tuple[str, str, Sequence[float]]], series: Sequence[tuple[str, str]], *,
                 title: str, width: int = 900) -> str:
    """A horizontal stacked bar chart as inline SVG: ``rows`` are (group label, bar label, one value per
    series), ``series`` (name, colour). Groups (a tag name) hold one bar per system. Labels are escaped."""
    bar, gap, label_width = 14, 6, 330
    shown = [k for k in range(len(series)) if any(values[k] for _, _, values in rows)] or list(range(len(series)))
    lines, x = [[]], label_width
    for k in shown:  # the legend: only the series present, wrapped to the width
        step = 16 + 7 * len(series[k][0]) + 16
        if x + step > width and lines[-1]:
            lines.append([])
            x = label_width
        lines[-1].append((k, x))
        x += step
    legend = 20 * len(lines) + 4
    total = max((sum(values) for _, _, values in rows), default=0) or 1
    plot = width - label_width - 60
    height = legend + len(rows) * (bar + 2) + gap * len({g for g, _, _ in rows}) + 20
    out = [f'<svg class="chart" xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" role="img" aria-label="{escape(title)}">',
           f"<title>{escape(title)}</title>"]
    for number, line in enumerate(lines):
        for k, x in line:
            name, colour = series[k]
            y = 4 + 20 * number
            out.append(f'<rect x="{x}" y="{y}" width="12" height="12" fill="{escape(colour)}"/>'
                       f'<text x="{x + 16}" y="{y + 10}" class="legend">{escape(name)}</text>')
    y, previous = legend, None
    for group, label, values in rows:
        if group != previous:
            y += gap
            out.append(f'<text x="4" y="{y + bar - 3}" class="group">{escape(_shorten(group, 22))}</text>')
            previous = group
        out.append(f'<text x="{label_width - 6}" y="{y + bar - 3}" text-anchor="end" class="bar-label">'
                   f"{escape(_shorten(label, 20))}</text>")
        x = float(label_width)
        for (name, colour), value in zip(series, values):
            if value:
                w = plot * value / total
                out.append(f'<rect x="{x:.1f}" y="{y}" width="{w:.1f}" height="{bar}" fill="{escape(colour)}">'
                           f"<title>{escape(f'{group} · {label} · {name}: {value:g}')}</title></rect>")
                x += w
        out.append(f'<text x="{x + 4:.1f}" y="{y + bar - 3}" class="value">{sum(values):g}</text>')
        y += bar + 2
    out.append("</svg>")
    return "".join(out)


def _shorten(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
