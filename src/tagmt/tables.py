"""The paper's tables as data, and their Markdown, LaTeX and CSV renderings.

A :class:`Table` is rows of numbers under a hierarchy of column labels (e.g. metric → direction → ours/paper/Δ),
so one renderer per format serves Tables 1–5 and their side-by-side comparisons with the published numbers.
Builders take the plain dicts of ``results.json`` so tables can be redrawn from a results file alone.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Mapping, Sequence

from tagmt import csvsafe
from tagmt.aligner_names import PAPER_ALIGNER
from tagmt.atomic import write_atomic

Value = int | float | None


@dataclass(frozen=True)
class Column:
    """One column: its labels from the outermost group to the leaf; ``signed`` columns show a ``+``."""

    labels: tuple[str, ...]
    signed: bool = False


@dataclass
class Table:
    """A table ready to render: ``rows`` are (row label, one value per column)."""

    name: str
    title: str
    row_header: str
    columns: list[Column]
    rows: list[tuple[str, list[Value]]]
    decimals: int = 1
    notes: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        depths = {len(column.labels) for column in self.columns}
        if len(depths) > 1:
            raise ValueError(f"table {self.name}: columns have different label depths {sorted(depths)}")
        for label, values in self.rows:
            if len(values) != len(self.columns):
                raise ValueError(f"table {self.name}: row {label!r} has {len(values)} values for {len(self.columns)} columns")

    @property
    def depth(self) -> int:
        return len(self.columns[0].labels) if self.columns else 1


@dataclass(frozen=True)
class ScoreTableSpec:
    """One of the paper's score tables: column groups of (label, our metric key, the paper's metric key)."""

    name: str
    number: int
    description: str
    groups: tuple[tuple[str, str, str], ...]
    comparison_note: str = ""

    @property
    def title(self) -> str:
        return f"Table {self.number}: {self.description}"


SCORE_TABLES: tuple[ScoreTableSpec, ...] = (
    ScoreTableSpec(
        "table3_bleu",
        3,
        "BLEU on the tagged text (raw), the text alone (lex) and the markup alone (tag).",
        (("raw", "raw-bleu", "raw-bleu"), ("lex", "lex-bleu", "lex-bleu"), ("tag", "tag-bleu", "tag-bleu")),
    ),
    ScoreTableSpec(
        "table4_chrf",
        4,
        "chrF on the tagged text (raw), the text alone (lex) and the markup alone (tag).",
        (("raw", "raw-chrf", "raw-chrf"), ("lex", "lex-chrf", "lex-chrf"), ("tag", "tag-chrf", "tag-chrf")),
    ),
    ScoreTableSpec(
        "table5_xml",
        5,
        "the metrics of Hashimoto et al. (2019): XML-BLEU, BLEU on tag-stripped text, markup matching %.",
        (("XML-BLEU", "xml-bleu", "xml-bleu"), ("BLEU", "lex-bleu", "hashimoto-bleu"), ("match %", "markup-match", "markup-match")),
        comparison_note=(
            "The paper's Table 5 BLEU used Hashimoto et al.'s own tokenization; ours is lex BLEU with sacrebleu's "
            "tokenizers, so that difference is not the systems' alone."
        ),
    ),
)

COMPARISON_LABELS = ("ours", "paper", "Δ")


def _system_order(cells: Iterable[Mapping]) -> list[str]:
    return list(dict.fromkeys(cell["system"] for cell in cells))


def _direction_order(cells: Iterable[Mapping]) -> list[str]:
    return list(dict.fromkeys(cell["direction"] for cell in cells))


def _score(cells: Sequence[Mapping], system: str, direction: str, metric: str) -> Value:
    for cell in cells:
        if cell["system"] == system and cell["direction"] == direction:
            return cell["scores"].get(metric)
    return None


def score_table(spec: ScoreTableSpec, cells: Sequence[Mapping], split: str) -> Table:
    """The paper's layout: rows model × approach, column groups metric × direction."""
    systems, directions = _system_order(cells), _direction_order(cells)
    columns = [Column((label, direction)) for label, _, _ in spec.groups for direction in directions]
    rows = [
        (system, [_score(cells, system, direction, metric) for _, metric, _ in spec.groups for direction in directions])
        for system in systems
    ]
    return Table(spec.name, f"{spec.title} Split: {split}.", "system", columns, rows)


def score_table_by_direction(spec: ScoreTableSpec, cells: Sequence[Mapping], split: str) -> Table:
    """The same numbers turned for a terminal: rows are directions, column groups system × metric."""
    systems, directions = _system_order(cells), _direction_order(cells)
    columns = [Column((system, label)) for system in systems for label, _, _ in spec.groups]
    rows = [
        (direction, [_score(cells, system, direction, metric) for system in systems for _, metric, _ in spec.groups])
        for direction in directions
    ]
    return Table(spec.name, f"{spec.title} Split: {split}.", "direction", columns, rows)


PaperKey = tuple[str, str, str, str]  # (model, approach, direction, metric)


def paper_systems(paper: Mapping[PaperKey, float]) -> dict[tuple[str, str], str]:
    """(model, approach) of the paper's systems → the aligner they used ("" for dt)."""
    return {(m, a): (PAPER_ALIGNER if a == "dp" else "") for m, a, _, _ in paper}


def comparison_table(
    spec: ScoreTableSpec,
    cells: Sequence[Mapping],
    paper: Mapping[PaperKey, float],
    paper_systems: Mapping[tuple[str, str], str],
) -> Table | None:
    """Ours | paper | Δ for every cell the run shares with the paper, or None when it shares none.

    ``paper_systems`` maps (model, approach) to the aligner the paper used for it ("" for dt): a cell is the
    paper's cell only with the same model, approach and aligner. Δ is taken from our score rounded as shown.
    """
    ours: dict[tuple[str, str], Mapping] = {}
    labels: dict[tuple[str, str], str] = {}
    for cell in cells:
        system = (cell["model"], cell["approach"])
        if paper_systems.get(system) == (cell.get("aligner") or ""):
            ours[(*system, cell["direction"])] = cell  # type: ignore[index]
            labels.setdefault(system, cell["system"])
    paper_directions = list(dict.fromkeys(key[2] for key in paper))
    directions = [d for d in paper_directions if any(key[2] == d for key in ours)]
    systems = [s for s in paper_systems if s in labels]
    if not directions or not systems:
        return None
    columns = [
        Column((label, direction, part), signed=part == "Δ")
        for label, _, _ in spec.groups
        for direction in directions
        for part in COMPARISON_LABELS
    ]
    rows = []
    for system in systems:
        values: list[Value] = []
        for _, metric, paper_metric in spec.groups:
            for direction in directions:
                cell = ours.get((*system, direction))  # type: ignore[arg-type]
                mine = cell["scores"].get(metric) if cell else None
                published = paper.get((*system, direction, paper_metric))  # type: ignore[arg-type]
                delta = None if mine is None or published is None else round(mine, 1) - published
                values += [mine, published, delta]
        rows.append((labels[system], values))
    notes = [spec.comparison_note] if spec.comparison_note else []
    title = f"Table {spec.number} next to the paper's: ours, the paper's, and the difference (ours − paper)."
    return Table(f"{spec.name}_vs_paper", title, "system", columns, rows, notes=notes)


def data_table(stats: Mapping, split: str) -> Table:
    """Table 1: the data set in numbers (English source side)."""
    rows: list[tuple[str, list[Value]]] = [
        ("documents", [stats["documents"]]),
        ("parallel segments", [stats["segments"]]),
        ("segments containing inline elements", [stats["segments_with_inline"]]),
        ("source words", [stats["source_words"]]),
        ("segment redundancy", [stats["redundancy"]]),
    ]
    return Table("table1_data", "Table 1: the data set (English source side).", "", [Column((split,))], rows, decimals=2)


def inline_table(stats: Mapping, split: str) -> Table:
    """Table 2: how often each inline element type occurs."""
    counts = stats["inline_elements"]
    rows: list[tuple[str, list[Value]]] = [(name, [counts[name]]) for name in sorted(counts)]
    return Table("table2_inline", "Table 2: inline element types (English source side).", "element", [Column((split,))], rows)


# --- rendering ---------------------------------------------------------------------------------------------


def _format(value: Value, decimals: int, signed: bool, empty: str, thousands: bool) -> str:
    if value is None:
        return empty
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}" if thousands else str(value)
    return f"{value:+.{decimals}f}" if signed else f"{value:.{decimals}f}"


def to_markdown(table: Table) -> str:
    """A padded pipe table under its title, notes below: readable as text and as rendered Markdown."""
    header = [table.row_header] + [" ".join(column.labels) for column in table.columns]
    body = [
        [label]
        + [_format(v, table.decimals, c.signed, "–", True) for v, c in zip(values, table.columns)]
        for label, values in table.rows
    ]
    widths = [max(3, *(len(row[i]) for row in [header, *body])) for i in range(len(header))]

    def line(cells: list[str]) -> str:
        padded = [cells[0].ljust(widths[0])] + [cell.rjust(w) for cell, w in zip(cells[1:], widths[1:])]
        return "| " + " | ".join(padded) + " |"

    rule = "|:" + "-" * (widths[0] + 1) + "|" + "|".join("-" * (w + 1) + ":" for w in widths[1:]) + "|"
    lines = [table.title, "", line(header), rule, *(line(row) for row in body)]
    if table.notes:
        lines += ["", *table.notes]
    return "\n".join(lines) + "\n"


_LATEX_ESCAPES = {
    "\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_",
    "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}",
    "Δ": r"$\Delta$", "−": "--", "–": "--",
}


def latex_escape(text: str) -> str:
    """Text safe inside a LaTeX table (special characters, Δ and dashes written as LaTeX)."""
    return "".join(_LATEX_ESCAPES.get(char, char) for char in text)


def _latex_groups(table: Table, level: int) -> list[tuple[str, int, int]]:
    """Runs of columns sharing labels up to ``level``: (label, first column, last column), 1-based."""
    groups: list[tuple[str, int, int]] = []
    for index, column in enumerate(table.columns, start=2):
        prefix = column.labels[: level + 1]
        if groups and table.columns[groups[-1][1] - 2].labels[: level + 1] == prefix:
            groups[-1] = (groups[-1][0], groups[-1][1], index)
        else:
            groups.append((prefix[-1], index, index))
    return groups


def to_latex(table: Table) -> str:
    """A booktabs table; the outer column levels become \\multicolumn groups with \\cmidrule under them."""
    caption = " ".join([table.title, *table.notes])
    lines = [
        r"\begin{table}[htbp]",
        r"\centering",
        rf"\caption{{{latex_escape(caption)}}}",
        rf"\label{{tab:{table.name}}}",
        r"\begin{tabular}{l" + "r" * len(table.columns) + "}",
        r"\toprule",
    ]
    for level in range(table.depth - 1):
        groups = _latex_groups(table, level)
        cells = [""] + [rf"\multicolumn{{{last - first + 1}}}{{c}}{{{latex_escape(label)}}}" for label, first, last in groups]
        lines.append(" & ".join(cells) + r" \\")
        lines.append(" ".join(rf"\cmidrule(lr){{{first}-{last}}}" for _, first, last in groups))
    leaves = [latex_escape(table.row_header)] + [latex_escape(column.labels[-1]) for column in table.columns]
    lines += [" & ".join(leaves) + r" \\", r"\midrule"]
    for label, values in table.rows:
        cells = [latex_escape(label)] + [_format(v, table.decimals, c.signed, "--", True) for v, c in zip(values, table.columns)]
        lines.append(" & ".join(cells) + r" \\")
    lines += [r"\bottomrule", r"\end{tabular}", r"\end{table}"]
    return "\n".join(lines) + "\n"


def to_csv(table: Table) -> str:
    """One header row (column labels joined by spaces), plain numbers with two decimals, empty when missing."""
    buffer = io.StringIO()
    writer = csvsafe.writer(buffer)
    writer.writerow([table.row_header] + [" ".join(column.labels) for column in table.columns])
    for label, values in table.rows:
        writer.writerow([label] + [_format(v, 2, c.signed, "", False) for v, c in zip(values, table.columns)])
    return buffer.getvalue()


def write_table(table: Table, out_dir: Path) -> list[Path]:
    """Write ``<name>.md``, ``.tex`` and ``.csv`` into ``out_dir``; returns the paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for suffix, render in ((".md", to_markdown), (".tex", to_latex), (".csv", to_csv)):
        written.append(write_atomic(out_dir / f"{table.name}{suffix}", [render(table)]))
    return written


def terminal_tables(results: dict) -> str:
    """Table 1, then Tables 3–5 turned for a terminal (one row per direction), as Markdown."""
    split = results["data"]["split"]
    tables = [data_table(results["statistics"], split)]
    tables += [score_table_by_direction(spec, results["cells"], split) for spec in SCORE_TABLES]
    return "\n".join(to_markdown(table) for table in tables)
