"""Check that a direct translation kept its source's tags, and repair those that did not by projection.

A DT output *matches* when it holds exactly the source's markup tokens — the same tags, written the
same way (an XLIFF code rewritten as ``<x id="2" />`` cannot be mapped back, so it does not count), as
many times each, in any order (translation may reorder) — and is well-formed whenever the source is.
``--repair project`` replaces a mismatched output by its own text with the tags stripped and the
source's tags projected onto it (``tagmt.project``), so every repaired line carries exactly the
source's tags. The aligner sees every (source, output) pair of the run, not only the mismatched ones:
statistical aligners such as eflomal learn from the whole batch.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Sequence

from tagmt.markup import is_well_formed, tokenize
from tagmt.plaintext import plain_text
from tagmt.projection import detag, project_batch
from tagmt.projection.align import Aligner

REPAIRS = ("project",)


def tags_match(source: str, output: str) -> bool:
    """True when ``output`` carries exactly the markup tokens of ``source`` (see the module docstring)."""
    # the source as projection reads it (every well-written tag, paired or not), the output with the
    # source's names (as metrics read a hypothesis with its reference's): an unpaired tag the source
    # has stays a tag in the output too, while an element the source lacks is markup whatever its name
    if "<" not in source and "<" not in output:  # (text alone on both sides: no markup to compare)
        return True
    src = tokenize(source, orphans=True)
    out = tokenize(output, {t.name for t in src if t.is_markup})
    same = Counter(t.text for t in src if t.is_markup) == Counter(t.text for t in out if t.is_markup)
    return same and (is_well_formed(out) or not is_well_formed(src))


@dataclass
class TagCheck:
    """Which DT outputs lost or changed their source's tags, and how many were repaired."""

    segments: int
    mismatched: list[int] = field(default_factory=list)
    repaired: int = 0

    def as_dict(self) -> dict[str, int]:
        return {"segments": self.segments, "tag_mismatches": len(self.mismatched), "repaired": self.repaired}


def check_tags(sources: Sequence[str], outputs: Sequence[str]) -> TagCheck:
    return TagCheck(len(sources), [i for i, (s, o) in enumerate(zip(sources, outputs)) if not tags_match(s, o)])


def repair_by_projection(sources: Sequence[str], outputs: Sequence[str], report: TagCheck, src_lang: str,
                         trg_lang: str, aligner: Aligner) -> list[str]:
    """``outputs`` with each mismatched one re-projected from its plain text; counts them in ``report``."""
    lines = list(outputs)
    if not report.mismatched:
        return lines
    projected = project_batch([detag(s) for s in sources], [plain_text(o, escaped=False) for o in outputs],
                              src_lang, trg_lang, aligner)
    for i in report.mismatched:
        lines[i] = projected[i]
    report.repaired = len(report.mismatched)
    return lines
