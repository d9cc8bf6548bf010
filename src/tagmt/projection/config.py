"""The switches of a projection, in one record passed explicitly (no module flags).

`ProjectionConfig` is given to `projector.Projector` (and through `project_batch(config=...)`,
`assess.oracle_assessment(config=...)`); the default is the projection tagmt ships. The benchmarks build
one to compare (`--no-rerank`) or to count what the span ranker moved (`on_rerank`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    from tagmt.projection.detag import Detagged, SourceTag

Progress = Callable[[str, int, int], None]
"""`on_progress(phase, done, total)`: where a batch's projection is (a progress bar's feed)."""

RerankMove = Callable[["Detagged", str, "SourceTag", tuple[int, int], tuple[int, int]], None]
"""`on_rerank(detagged, translation, tag, (old start, old end), (new start, new end))`."""


@dataclass(frozen=True)
class ProjectionConfig:
    """How a batch is projected."""

    rerank: bool = True
    """Learn a span ranker from the examples (or use the model's) and let it move spans (`rerank.py`)."""
    sentence_pairs: bool = True
    """Cut a paragraph pair into its matched sentence pairs for the aligner and the anchors
    (`sentencepairs.py`; False: every pair is one piece, for measurements)."""
    lone_terms: bool = True
    """Link a tag whose words have no link to its one dictionary or cognate partner (`loneterms.py`; False:
    for measurements)."""
    examples_along: int | None = None
    """With a projection model that stores its examples (format 3): how many of them are aligned along each line
    of the batch (`neighbours.nearest`; None: `neighbours.PER_LINE`, 0: none, the model's priors alone)."""
    on_rerank: RerankMove | None = None
    """Called for every span the ranker moves (the benchmarks' moved/right/wrong counts)."""
    on_progress: Progress | None = None
    """Called as the batch goes: ``("aligning", 0, 0)`` before the word links, then ``(phase, done, total)`` for
    each tagged pair of the two passes (``tagmt project``'s progress bar on a terminal)."""


DEFAULT = ProjectionConfig()
"""The projection tagmt ships."""
