"""The data set's statistics (the paper's Tables 1 and 2) for the English source side of one pair.

Counting rules, chosen so that the real development split reproduces the paper (see tests):
- a *segment* is one ``<mrk mtype="seg">`` of a translatable unit;
- an *inline element* is a DITA element masked by a real XLIFF code inside a segment — the start tag of
  a ``bpt``…``ept`` pair (or of an opening ``it``) and every ``ph`` — counted by its element name, also
  inside protected (locked) spans and nested codes. Comments masked by a ``ph`` are not elements, and
  literal text that merely looks like a tag (``<<SHIPPED_QUANTITY>>``) is text, not markup;
- *source words* are the ``plain`` view's tokens separated by ASCII spaces (a no-break space joins);
- *redundancy* is all (source, target) pairs of the ``plain`` view over the distinct ones.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable

from tagmt.data.dataset import Dataset
from tagmt.data.directions import Direction, parse_direction
from tagmt.data.views import parallel_segments
from tagmt.data.xliff import Content, IsolatedCode, PairedCode, Placeholder, Protected, SapSegment, load_document
from tagmt.errors import TagmtError

_ELEMENT = re.compile(r"<([A-Za-z_][\w.:-]*)")


@dataclass(frozen=True)
class SegmentRecord:
    """One source segment with its place in the document, as upstream's ``.meta`` file describes it."""

    doc_id: int
    mid: str
    unit: int  # ordinal of the unit among the document's units that have segments
    position: int  # ordinal of the segment inside its unit
    context: str
    source: SapSegment


@dataclass
class DataStats:
    """Table 1 and Table 2 figures, plus the per-segment values the figures are drawn from."""

    direction: str
    documents: int
    segments: int
    segments_with_inline: int
    source_words: int
    redundancy: float
    inline_elements: dict[str, int]
    textual_elements: dict[str, int]
    inline_per_segment: list[int] = field(default_factory=list, repr=False)
    words_per_segment: list[int] = field(default_factory=list, repr=False)

    def as_dict(self) -> dict:
        """The JSON shape of ``tagmt stats --format json``."""
        return {
            "documents": self.documents,
            "segments": self.segments,
            "segments_with_inline": self.segments_with_inline,
            "source_words": self.source_words,
            "redundancy": round(self.redundancy, 4),
            "inline_elements": self.inline_elements,
            "textual_elements": self.textual_elements,
        }


def segment_records(dataset: Dataset, split: str | None, pair: str) -> list[SegmentRecord]:
    """Every source segment of ``pair`` (``"enja"``) in document and segment order."""
    split = dataset.resolve_split(split)
    records = []
    for path in dataset.documents(split, pair):
        doc = load_document(path)
        unit_no = 0
        for unit in doc.units:
            if not unit.translate or not unit.source_segments:
                continue
            unit_no += 1
            for position, seg in enumerate(unit.source_segments, 1):
                records.append(SegmentRecord(doc.id, seg.mid, unit_no, position, unit.context or "unspecified", seg))
    return records


def meta_lines(dataset: Dataset, split: str | None, pair: str) -> list[str]:
    """Upstream's ``.meta`` rows: document id, mid, unit, segment in unit, textual element (tab separated)."""
    return [
        f"{r.doc_id}\t{r.mid}\t{r.unit}\t{r.position}\t{r.context}"
        for r in segment_records(dataset, split, pair)
    ]


def element_name(markup: str) -> str | None:
    """``<xref keyref="…"/>`` → ``xref``; None for comments, end tags and other non-element markup."""
    match = _ELEMENT.match(markup)
    return match.group(1) if match else None


def inline_elements(content: Iterable[Content]) -> list[str]:
    """The DITA element names of the inline codes in a segment, nested and protected ones included."""
    names: list[str] = []
    for item in content:
        if isinstance(item, str):
            continue
        if isinstance(item, PairedCode):
            markup = item.start
        elif isinstance(item, (Placeholder, IsolatedCode)):
            markup = item.markup
        else:
            markup = ""
        name = element_name(markup)
        if name:
            names.append(name)
        if isinstance(item, (PairedCode, Protected)):
            names.extend(inline_elements(item.children))
    return names


def count_words(text: str) -> int:
    """Tokens between ASCII spaces, the way the paper counted source words."""
    return sum(1 for token in text.split(" ") if token)


def default_direction(dataset: Dataset, split: str | None) -> str:
    """``en-ja`` when the split has it, else the first pair's direction."""
    pairs = dataset.pairs(dataset.resolve_split(split))
    return "en-ja" if "enja" in pairs else f"en-{pairs[0][2:]}"


def compute_stats(dataset: Dataset, split: str | None, direction: str | Direction | None = None) -> DataStats:
    """Statistics of the English source of ``direction`` (default ``en-ja``); its target gives redundancy."""
    split = dataset.resolve_split(split)
    d = parse_direction(direction or default_direction(dataset, split), include_zf=True)
    if d.src != "en":
        raise TagmtError(f"stats describe the English source side: use a direction from English, not {d.name}")
    pair = d.pair_of(d.trg)
    records = segment_records(dataset, split, pair)
    plain = parallel_segments(dataset, split, d, view="plain")
    if [(r.doc_id, r.mid) for r in records] != [(p.doc_id, p.mid) for p in plain]:  # pragma: no cover
        raise TagmtError(f"{dataset.root}: the plain view and the XLIFF segments of {pair} disagree")

    elements = Counter()
    inline_per_segment = []
    for record in records:
        names = inline_elements(record.source.content)
        elements.update(names)
        inline_per_segment.append(len(names))
    words_per_segment = [count_words(p.source) for p in plain]
    pairs = [(p.source, p.target) for p in plain]
    return DataStats(
        direction=d.name,
        documents=len(dataset.documents(split, pair)),
        segments=len(records),
        segments_with_inline=sum(1 for n in inline_per_segment if n),
        source_words=sum(words_per_segment),
        redundancy=len(pairs) / len(set(pairs)) if pairs else 0.0,
        inline_elements=dict(sorted(elements.items())),
        textual_elements=dict(sorted(Counter(r.context for r in records).items())),
        inline_per_segment=inline_per_segment,
        words_per_segment=words_per_segment,
    )


def to_markdown(stats: DataStats) -> str:
    """Tables 1 and 2 (and the textual element types) as Markdown."""
    lines = [
        f"## English source side ({stats.direction})",
        "",
        "| statistic | value |",
        "|---|---:|",
        f"| documents | {stats.documents:,} |",
        f"| parallel segments | {stats.segments:,} |",
        f"| segments containing inline elements | {stats.segments_with_inline:,} |",
        f"| source words | {stats.source_words:,} |",
        f"| segment redundancy | {stats.redundancy:.2f} |",
        "",
        "| inline element | count |",
        "|---|---:|",
        *(f"| {name} | {count:,} |" for name, count in stats.inline_elements.items()),
        "",
        "| textual element | segments |",
        "|---|---:|",
        *(f"| {name} | {count:,} |" for name, count in stats.textual_elements.items()),
    ]
    return "\n".join(lines) + "\n"
