"""What a translation run gives back: ``Translation`` (``translate_corpus``) and ``FileRun``
(``translate_file``, ``translate_direction``: a ``Translation`` written to a file). Below both
``pipelines`` and ``files``, which re-export them."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from tagmt.corpus import Corpus
from tagmt.data.directions import Direction
from tagmt.engines import Engine
from tagmt.translation.hygiene import RunReport
from tagmt.translation.repair import TagCheck

__all__ = ["FileRun", "Translation"]


@dataclass
class Translation:
    """The outputs of a run (one tagged string per segment, in order), what it changed besides
    translating, the DT tag check (None for DP), and the engine as it ran (for run records)."""

    outputs: list[str]
    report: RunReport = field(default_factory=RunReport)
    tags: TagCheck | None = None
    engine: Engine | None = None


@dataclass(kw_only=True)
class FileRun(Translation):
    """What ``translate_file`` (and ``translate_direction``) did: a ``Translation`` (outputs, counts, tag
    check, engine) written to ``output``, with the corpus read, the languages and what was kept."""

    output: Path
    corpus: Corpus
    direction: Direction
    #: targets left as they were, by reason (XLIFF: kept human work, locked, empty source)
    kept: dict[str, int] = field(default_factory=dict)
    #: segments translated and written
    written: int = 0
    #: every direction translated (several when the document's <file>s name different pairs)
    directions: list[Direction] = field(default_factory=list)

    def summary(self) -> str | None:
        """One line on the targets kept, or None when every segment was written."""
        if not self.kept:
            return None
        reasons = ", ".join(f"{n} {why}" for why, n in sorted(self.kept.items(), key=lambda item: (-item[1], item[0])))
        return (f"kept {sum(self.kept.values())} existing targets as they were ({reasons}); "
                "--overwrite replaces those that are not locked")
