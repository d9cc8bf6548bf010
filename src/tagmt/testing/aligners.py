"""A deterministic word aligner for tests of the projection's plumbing: known links, no sampling."""

from __future__ import annotations

from tagmt.registry import Needs


class SameWordAligner:
    """Links words written alike, case aside, and records how many pairs each call aligns
    (`batches`): a known answer where eflomal's links would depend on its sampler."""

    name = "same"
    option_specs = ()
    needs = Needs()
    learns_from_corpus = True

    def __init__(self) -> None:
        self.batches: list[int] = []

    def align(self, src_words, trg_words):
        self.batches.append(len(src_words))
        return [
            {(i, j) for i, s in enumerate(src) for j, t in enumerate(trg) if s.lower() == t.lower()}
            for src, trg in zip(src_words, trg_words)
        ]
