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
(:mod:`tagmt.metrics.hashimoto`: fragments split at the script's 22 tag names), computed for the corpus
at once with the other originals of the script. Without ``terms`` only numbers are counted, in both modes.

A segment's statistics are (hypothesis items, reference items, matched items), so both figures are
sums over segments: streamed, resampled by the significance tests and shown per segment.
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
from tagmt.metrics.base import Figure
from tagmt.metrics.segment import ParseCache, SegmentPair
from tagmt.metrics.xml_bleu import HashimotoMetric
from tagmt.safeio import MAX_DOCUMENT_BYTES, decode_utf8, read_regular_file

_EDGE = ".,'/:"


def load_terms(terms: str | Path | Collection[str] | None) -> frozenset[str] | None:
    """A term list: a JSON list file (the original's ``english_terms.json``), a one-per-line text file,
    or the terms themselves."""
    if terms is None:
        return None
    if isinstance(terms, (str, Path)):
        path = Path(terms)
        what = "NE&NUM term list"
        text = decode_utf8(read_regular_file(path, what=what, limit=MAX_DOCUMENT_BYTES), path, what=what)
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


class NeNum(HashimotoMetric):
    """NE&NUM precision or recall over a corpus of tagged segments (one reference).

    A segment's statistics are its hypothesis items, its reference items and the items matched one to
    one; precision and recall are two metrics over the same statistics.
    """

    side = ""
    tokenizes = False

    def __init__(self, terms: str | Path | Collection[str] | None = None, trg_lang: str | None = None,
                 tokenize: str | None = None, compat: str = "tagmt",
                 vocabulary: Collection[str] | None = None) -> None:
        self.name = f"ne-num-{self.side}"
        super().__init__(trg_lang, tokenize, compat, vocabulary)
        self.terms = load_terms(terms)
        self.figures = {self.name: Figure(description=f"NE&NUM {self.side}: numbers and listed terms "
                                          + ("of the hypothesis found in the reference" if self.side == "precision"
                                             else "of the reference found in the hypothesis"))}

    def segment_statistics(self, pair: SegmentPair, cache: ParseCache | None = None) -> list[float]:
        return _counts(corrected_items(pair.hypothesis.lex, self.terms),
                       corrected_items(pair.reference.lex, self.terms))

    def corpus_statistics(self, hypotheses: Sequence[str], references: Sequence[str],
                          shared: dict[Any, Any] | None = None) -> list[list[float]]:
        """The original's ``num_tech_eval`` items of each segment's joined fragments."""
        return [
            _counts(hashimoto.ne_num_items("".join(s.hyp_fragments), self.terms),
                    hashimoto.ne_num_items("".join(s.ref_fragments), self.terms))
            for s in self.original_corpus(hypotheses, references, shared).segments
        ]

    def figures_from(self, stats: Sequence[float]) -> dict[str, float | None]:
        hyp_items, ref_items, correct = stats[:3]
        items = hyp_items if self.side == "precision" else ref_items
        return {self.name: 100.0 * correct / items if items else None}

    def signature_fields(self) -> dict[str, str]:
        if self.terms:
            digest = hashlib.sha256("\n".join(sorted(self.terms)).encode("utf-8")).hexdigest()[:12]
            terms = f"{len(self.terms)}:{digest}"
        else:
            terms = "none"
        view = "literal-tags" if self.compat == "original" else "lex+nfkc"
        fields = {"nrefs": "1", "items": "numbers+terms", "terms": terms, "view": view}
        if self.compat == "original":
            fields["tags"] = self.original_fields()["tags"]
        return fields


def _counts(hyp_items: Sequence[str], ref_items: Sequence[str]) -> list[float]:
    return [float(len(hyp_items)), float(len(ref_items)), float(hashimoto.matched_items(hyp_items, ref_items))]


class NeNumPrecision(NeNum):
    """% of the hypothesis's numbers and listed terms that the reference has too."""

    side = "precision"


class NeNumRecall(NeNum):
    """% of the reference's numbers and listed terms that the hypothesis carries."""

    side = "recall"
