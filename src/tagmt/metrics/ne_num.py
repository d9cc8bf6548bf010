"""NE&NUM precision and recall (Hashimoto et al., 2019): are the numbers and the named entities (listed
English terms) of the reference carried into the translation?

Items are found in the text of each segment (markup removed); an item of the hypothesis is correct
when the reference has it too, occurrences matched one to one. Precision = correct hypothesis items /
hypothesis items, recall = correct reference items / reference items, both over the corpus, 0–100,
None when there is no item at all.

``compat="tagmt"`` (the default) corrects what makes the original miss or invent items:

* text is the lex view of tagmt's markup model (tags with attributes and self-closing tags are
  markup, not text; the original removes only literal ``<t>`` / ``</t>`` of its tag list, so the digits
  of ``<xref href="note-2345">`` counted as numbers), and every character reference is unescaped;
* NFKC normalisation first, so full-width digits and letters (``２０１９``, common in ja/zh/ko
  targets) are found, and the same number written in either width matches;
* separators at either end of a number or term are not part of it (``2019.`` at the end of an English
  sentence matches ``2019`` before ``年``).

``compat="original"`` is the original's ``num_tech_eval`` on its own text view
(:mod:`tagmt.metrics.hashimoto`). Without ``terms`` only numbers are counted, in both modes.
"""

from __future__ import annotations

import hashlib
import html
import json
import unicodedata
from pathlib import Path
from typing import Any, Collection, Sequence

from tagmt.errors import TagmtError
from tagmt.metrics import hashimoto
from tagmt.metrics.base import MetricResult
from tagmt.metrics.segment import MarkupMetric, check_lengths

_EDGE = ".,'/:"


def load_terms(terms: str | Path | Collection[str] | None) -> frozenset[str] | None:
    """A term list: a JSON list file (the original's ``english_terms.json``), a one-per-line text file,
    or the terms themselves."""
    if terms is None:
        return None
    if isinstance(terms, (str, Path)):
        path = Path(terms)
        try:
            text = path.read_text(encoding="utf-8-sig")
        except OSError as exc:
            raise TagmtError(f"cannot read the NE&NUM term list {path}: {exc.strerror or exc}") from None
        if path.suffix == ".json":
            try:
                data = json.loads(text)
            except json.JSONDecodeError as exc:
                raise TagmtError(f"{path}:{exc.lineno}: not JSON ({exc.msg}); give a JSON list of terms") from None
            if not isinstance(data, list) or not all(isinstance(t, str) for t in data):
                raise TagmtError(f"{path}: expected a JSON list of strings")
            return frozenset(data)
        return frozenset(line.strip() for line in text.splitlines() if line.strip())
    return frozenset(terms)


def corrected_items(text: str, terms: Collection[str] | None) -> list[str]:
    """Numbers and listed terms of a lex-view text, after NFKC, without separators at their ends."""
    text = unicodedata.normalize("NFKC", html.unescape(text))
    found = [n.strip(_EDGE) for n in hashimoto.NUMBER.findall(text)]
    if terms:
        normalized = {unicodedata.normalize("NFKC", t) for t in terms}
        for word in hashimoto.ENGLISH.findall(text):
            stripped = word.strip(_EDGE)
            if word in normalized:
                found.append(word)
            elif stripped in normalized:
                found.append(stripped)
    return found


class NeNum(MarkupMetric):
    """NE&NUM precision or recall over a corpus of tagged segments (one reference)."""

    compat_modes = ("tagmt", "original")

    def __init__(self, side: str, terms: str | Path | Collection[str] | None = None, **options: Any) -> None:
        super().__init__(**options)
        self.side = side
        self.name = f"ne-num-{side}"
        self.terms = load_terms(terms)

    def counts(self, hypotheses: Sequence[str], references: Sequence[Sequence[str]]) -> dict[str, int]:
        """Items and correct items on both sides, summed over the corpus (shared by the two metrics)."""
        check_lengths(hypotheses, references)
        if len(references) != 1:
            raise TagmtError(f"{self.name} takes exactly one reference, got {len(references)}")
        key = ("ne-num", self.compat, tuple(hypotheses), tuple(references[0]), self.terms, self.vocabulary)
        return self.context.memo(key, lambda: self._count(hypotheses, references))

    def _count(self, hypotheses: Sequence[str], references: Sequence[Sequence[str]]) -> dict[str, int]:
        totals = {"hyp_items": 0, "hyp_correct": 0, "ref_items": 0, "ref_correct": 0}
        per_segment = []
        if self.compat == "original":
            corpus = hashimoto.OriginalCorpus(hypotheses, references[0], self.vocabulary)
            pairs = [
                (hashimoto.ne_num_items("".join(s.hyp_fragments), self.terms),
                 hashimoto.ne_num_items("".join(s.ref_fragments), self.terms))
                for s in corpus.segments
            ]
        else:
            hyps, refs = self._parse(hypotheses, references)
            pairs = [
                (corrected_items(h.lex, self.terms), corrected_items(r.lex, self.terms))
                for h, (r,) in zip(hyps, refs)
            ]
        for hyp_items, ref_items in pairs:
            correct = hashimoto.matched_items(hyp_items, ref_items)
            totals["hyp_items"] += len(hyp_items)
            totals["ref_items"] += len(ref_items)
            totals["hyp_correct"] += correct
            totals["ref_correct"] += correct
            per_segment.append((len(hyp_items), len(ref_items), correct))
        return {**totals, "segments": per_segment}  # type: ignore[dict-item]

    def corpus_score(self, hypotheses: Sequence[str], references: Sequence[Sequence[str]]) -> MetricResult:
        counts = self.counts(hypotheses, references)
        index = 0 if self.side == "precision" else 1
        items, correct = (
            (counts["hyp_items"], counts["hyp_correct"]) if self.side == "precision"
            else (counts["ref_items"], counts["ref_correct"])
        )
        segment_scores = [100.0 * c / s[index] if s[index] else None for *s, c in counts["segments"]]
        return MetricResult(
            name=self.name,
            score=100.0 * correct / items if items else None,  # type: ignore[arg-type]
            signature=self.signature(),
            segment_scores=segment_scores,  # type: ignore[arg-type]
            details={"items": items, "correct": correct},
        )

    def signature_fields(self) -> dict[str, str]:
        if self.terms:
            digest = hashlib.sha256("\n".join(sorted(self.terms)).encode("utf-8")).hexdigest()[:12]
            terms = f"{len(self.terms)}:{digest}"
        else:
            terms = "none"
        view = "literal-tags" if self.compat == "original" else "lex+nfkc"
        return {"nrefs": "1", "items": "numbers+terms", "terms": terms, "view": view}


_OPTIONS = ("terms", "trg_lang", "tokenize", "vocabulary", "context", "compat")


def ne_num_precision(**options: Any) -> NeNum:
    return NeNum("precision", **options)


def ne_num_recall(**options: Any) -> NeNum:
    return NeNum("recall", **options)


ne_num_precision.accepted_options = _OPTIONS  # type: ignore[attr-defined]
ne_num_recall.accepted_options = _OPTIONS  # type: ignore[attr-defined]
