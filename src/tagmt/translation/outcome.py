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
    translating, the DT tag check (None for DP), the engine as it ran (for run records), and the segments
    left untranslated because the engine kept failing on them (``--on-engine-failure skip``: index → reason;
    their outputs are ``""``)."""

    outputs: list[str]
    report: RunReport = field(default_factory=RunReport)
    tags: TagCheck | None = None
    engine: Engine | None = None
    skipped: dict[int, str] = field(default_factory=dict)


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

    def where(self, index: int) -> str:
        """Where segment ``index`` of the corpus is, for people: its id in an XLIFF file, its line in the
        line file written."""
        segment = self.corpus.segments[index]
        if self.corpus.writes_targets:
            return f"{self.corpus.path}: segment {segment.id}" if self.corpus.path else f"segment {segment.id}"
        line = f"{self.output}:{index + 1}"
        return line if segment.id == str(index + 1) else f"{line} (segment {segment.id})"

    def skipped_records(self) -> list[dict[str, str]]:
        """The skipped segments as the run record lists them: where, id and why."""
        return [{"where": self.where(k), "id": self.corpus.segments[k].id, "reason": why}
                for k, why in sorted(self.skipped.items())]

    def skipped_lines(self) -> list[str]:
        """Lines for stderr on the segments left untranslated (none when nothing was skipped)."""
        if not self.skipped:
            return []
        what = "no target written" if self.corpus.writes_targets else "an empty line"
        return ([f"the engine kept failing on {len(self.skipped)} segment(s), left untranslated ({what}); "
                 "run the same command again to retry them:"]
                + [f"  {r['where']}: {r['reason']}" for r in self.skipped_records()])

    def summary(self) -> str | None:
        """One line on the targets kept, or None when every segment was written."""
        if not self.kept:
            return None
        reasons = ", ".join(f"{n} {why}" for why, n in sorted(self.kept.items(), key=lambda item: (-item[1], item[0])))
        return (f"kept {sum(self.kept.values())} existing targets as they were ({reasons}); "
                "--overwrite replaces those that are not locked")
