"""PNG figures of the data set statistics: inline elements per segment, segment lengths, textual elements.

matplotlib is optional (the ``plots`` extra) and imported only here, with the non-interactive Agg
canvas so that figures render on machines without a display.
"""

from __future__ import annotations

import io
from collections import Counter
from pathlib import Path

from tagmt.atomic import write_atomic
from tagmt.data.stats import DataStats
from tagmt.errors import require

FIGURES = ("inline_elements_per_segment.png", "segment_length.png", "textual_elements.png")


def _figure(width: float = 6.4, height: float = 4.0):
    require("matplotlib", "plots", "figures")
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), dpi=120, layout="constrained")
    FigureCanvasAgg(fig)
    return fig


def _save(fig, path: Path) -> None:
    """Render the PNG in memory, then write it atomically (a kill never leaves half a figure)."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    write_atomic(path, [buffer.getvalue()])


def _integer_bars(ax, values: list[int], color: str) -> None:
    """One bar per observed integer value (a histogram whose bins are the integers themselves)."""
    counts = Counter(values)
    xs = sorted(counts)
    ax.bar(xs, [counts[x] for x in xs], width=0.8, color=color)


def plot_inline_per_segment(stats: DataStats, path: Path) -> Path:
    fig = _figure()
    ax = fig.add_subplot()
    _integer_bars(ax, stats.inline_per_segment, "tab:blue")
    ax.set_yscale("log")
    ax.set_title(f"Inline elements per segment ({stats.direction} source, {stats.segments:,} segments)")
    ax.set_xlabel("inline elements in the segment")
    ax.set_ylabel("segments (log scale)")
    _save(fig, path)
    return path


def plot_segment_length(stats: DataStats, path: Path) -> Path:
    fig = _figure()
    ax = fig.add_subplot()
    lengths = stats.words_per_segment
    ax.hist(lengths, bins=range(0, max(lengths, default=0) + 2), color="tab:green")
    ax.set_title(f"Source segment length ({stats.direction} source, {stats.source_words:,} words)")
    ax.set_xlabel("words in the segment")
    ax.set_ylabel("segments")
    _save(fig, path)
    return path


def plot_textual_elements(stats: DataStats, path: Path) -> Path:
    fig = _figure()
    ax = fig.add_subplot()
    items = sorted(stats.textual_elements.items(), key=lambda kv: -kv[1])
    names = [name for name, _ in items]
    counts = [count for _, count in items]
    bars = ax.bar(names, counts, color="tab:orange")
    ax.bar_label(bars, labels=[f"{c:,}" for c in counts])
    ax.set_title(f"Textual element types ({stats.direction} source)")
    ax.set_xlabel("textual element (context type)")
    ax.set_ylabel("segments")
    ax.margins(y=0.12)
    _save(fig, path)
    return path


def write_plots(stats: DataStats, out_dir: str | Path) -> list[Path]:
    """Write the three figures into ``out_dir`` and return their paths."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    drawers = (plot_inline_per_segment, plot_segment_length, plot_textual_elements)
    return [draw(stats, out / name) for draw, name in zip(drawers, FIGURES)]
