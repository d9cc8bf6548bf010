"""The SAP data set tree as a corpus: one direction of one split, read through the ``tagged`` view
(``tagmt.data.views``), so the segments are exactly the lines of upstream's tagged files.

The tagged view writes DITA inline markup as tags and text as it is (not XML-escaped: ``<<SHIPPED_QUANTITY>>``
is text there), so the corpus is not ``escaped``. Segment ids are ``document:mid``. There is no writer:
translations of the SAP data are line files in the order of the tagged view.
"""

from __future__ import annotations

from pathlib import Path

from tagmt.corpus.formats import InputFormat, register
from tagmt.corpus.model import Corpus, Segment
from tagmt.data.dataset import Dataset, open_dataset
from tagmt.data.directions import Direction, parse_direction
from tagmt.data.views import parallel_segments


def read(dataset: Dataset | str | Path | None, split: str | None, direction: Direction | str) -> Corpus:
    """The tagged segments of ``direction`` (sources and references) of a split of the data set."""
    if not isinstance(dataset, Dataset):
        dataset = open_dataset(dataset)
    direction = parse_direction(direction, include_zf=True)
    split = dataset.resolve_split(split)
    segments = [
        Segment(f"{s.doc_id}:{s.mid}", s.source, s.target)
        for s in parallel_segments(dataset, split, direction, view="tagged")
    ]
    return Corpus("sap", segments, Path(dataset.root), direction.src, direction.trg, escaped=False)


#: Not a file: read from the data set tree by `read` (dataset, split, direction), never by ``read_corpus``.
FORMAT = register(InputFormat("sap", "SAP data set", order=5, read=read, file=False))
