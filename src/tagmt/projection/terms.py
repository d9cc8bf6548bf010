"""The term tables of a projection: what the batch itself and the tagged examples show a term becomes.

`Terms.of` builds them as the projector reads them: the batch glossary (`anchors.batch_glossary`: whole
segments of the batch and their translations, and a paragraph's matched sentence pairs), the terms the
examples teach (`example_terms`: each example tag's text and its reference text; the examples' whole
segments; a model's terms) and, per example, what it alone teaches (`own`), which the span ranker's
projections of that example leave out (`TermsWithout`). A second pass adds to the glossary the tag texts
that got one translation in most of their first-pass projections (`anchors.consistent_terms`, in
`projector.py`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Sequence

from tagmt.projection.anchors import batch_glossary
from tagmt.projection.conventions import keyed_tags
from tagmt.projection.detag import Detagged
from tagmt.projection.linking import Batch
from tagmt.projection.modelstore import ProjectionModel
from tagmt.projection.sentencepairs import piece_texts


@dataclass
class Terms:
    """A projection's term tables (term → its translations)."""

    glossary: dict[str, set[str]]
    """What the glossary anchors read: the batch's, the examples' and the model's terms."""
    taught: dict[str, set[str]]
    """What the examples and the model teach (the span ranker's `taught` feature)."""
    own: list[dict[str, set[str]]]
    """What each example alone teaches (`example_terms` of it)."""
    elsewhere: dict[str, set[str]]
    """The terms taught otherwise than by an example's tags: the examples' whole segments, the model's
    terms and the batch glossary."""
    _count: dict[tuple[str, str], int] | None = field(default=None, repr=False)

    @classmethod
    def of(cls, batch: Batch, n: int, shown: Sequence[tuple[Detagged, Detagged]],
           model: ProjectionModel | None) -> "Terms":
        """The tables of `batch`, whose first `n` pairs are the batch's and the rest the examples `shown`."""
        sources, texts = batch.sources, batch.texts
        own = [example_terms([pair]) for pair in shown]  # what each example alone teaches
        taught = batch_glossary(sources[n:], texts[n:])  # (not their sentence pairs: the ranker would learn from
        # a whole example sentence found in the term table, which a batch sentence never is)
        if model is not None:
            for term, found in model.terms.items():
                taught.setdefault(term, set()).update(found)
        sentences = [piece_texts(sources[k].plain, batch.src[k], texts[k], batch.trg[k], batch.pieces[k])
                     if len(batch.pieces[k]) > 1 else () for k in range(n)]
        glossary = batch_glossary(sources[:n], texts[:n], sentences)
        del sentences
        elsewhere = {term: set(found) for term, found in taught.items()}  # (not from example terms)
        for term, found in glossary.items():
            elsewhere.setdefault(term, set()).update(found)
        for terms in own:
            for term, found in terms.items():
                taught.setdefault(term, set()).update(found)
        for term, found in taught.items():
            glossary.setdefault(term, set()).update(found)
        return cls(glossary, taught, own, elsewhere)

    def without_own(self, k: int) -> tuple["TermsWithout", "TermsWithout"]:
        """The glossary and the taught terms without what example `k` alone taught (no other example, nor
        the batch or the model): that example's projection for the span ranker, made as the batch's
        segments are projected, without their own terms."""
        count = self._counts()
        alone = {term: {y for y in found if count[(term, y)] == 1 and y not in self.elsewhere.get(term, ())}
                 for term, found in self.own[k].items()}
        return TermsWithout(self.glossary, alone), TermsWithout(self.taught, alone)

    def _counts(self) -> dict[tuple[str, str], int]:
        """How many examples teach each (term, translation), counted once."""
        if self._count is None:
            self._count = {}
            for terms in self.own:
                for term, found in terms.items():
                    for y in found:
                        self._count[(term, y)] = self._count.get((term, y), 0) + 1
        return self._count


def example_terms(examples: Sequence[tuple[Detagged, Detagged]]) -> dict[str, set[str]]:
    """What the tagged examples show a tagged term becomes: the text of each source tag and the
    text of the same tag (written alike, k-th of its kind) in the reference."""
    terms: dict[str, set[str]] = {}
    for source, reference in examples:
        truth = keyed_tags(reference.walk())
        for key, tag in keyed_tags(source.walk()).items():
            want = truth.get(key)
            if want is None or tag.start == tag.end or want.start == want.end:
                continue
            term = source.plain[tag.start : tag.end].strip()
            found = reference.plain[want.start : want.end].strip()
            if term and found and term != source.plain.strip():
                terms.setdefault(term, set()).add(found)
    return terms


class TermsWithout(Mapping):
    """A term table without some of its translations (`removed`: term → translations), read-only,
    without copying the table."""

    def __init__(self, table: dict[str, set[str]], removed: dict[str, set[str]]) -> None:
        self.table, self.removed = table, {t: r for t, r in removed.items() if r}

    def __getitem__(self, term: str) -> set[str]:
        found = self.table[term]
        if term in self.removed:
            found = found - self.removed[term]
            if not found:
                raise KeyError(term)
        return found

    def __contains__(self, term: object) -> bool:
        try:
            self[term]  # type: ignore[index]
        except KeyError:
            return False
        return True

    def __iter__(self):
        return (term for term in self.table if term in self)

    def __len__(self) -> int:
        return sum(1 for _ in self)


