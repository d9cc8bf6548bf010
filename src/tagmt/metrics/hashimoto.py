"""Hashimoto et al. (2019)'s own evaluation (``scripts/evaluate.py`` + ``calc_bleu.sh`` of
salesforce/localization-xml-mt), rebuilt step for step for ``compat="original"``.

What the original does with one (reference, hypothesis) pair, both ``strip()``-ed:

* structure: the hypothesis parses as ``<ROOT>…</ROOT>`` with lxml's default strict parser;
* match: it parses and its element tree has the reference's tags and child counts, recursively
  (comments and processing instructions are children too);
* fragments: every literal ``<t>`` and ``</t>`` of a tag-name list is replaced by a separator (tags
  with attributes and self-closing tags stay in the text), ``&amp; &lt; &gt;`` are unescaped, and the
  string is split at the separators. The list is the script's own: the 22 DITA names of their data
  (``ORIGINAL_TAGS``); any other element (``<emphasis>``, ``<sap-technical-name>``…) stays in the text
  as words, ``&lt; emphasis &gt;`` after tokenization. ``vocabulary`` replaces the list;
* the fragments are written one per line to two files; a fragment holding a line break becomes several
  lines, and multi-bleu pairs the files line by line (``line_pairs``), so from there on the hypothesis
  lines meet later reference lines, as they do in the script;
* BLEU: Moses ``tokenizer.perl -l LANG`` (escaping on, no ``-a``) for every target except ja/zh — sacremoses
  plus the rule sacremoses leaves out on purpose (sacremoses issues #21/#97): since mosesdecoder PR #204
  (2018, before their paper) the script splits a period off the last word of a line unconditionally
  (``Rep.`` → ``Rep .``, ``en.pdf.`` → ``en.pdf .``) — then ``multi-bleu.perl`` (corpus BLEU, no smoothing,
  printed with two decimals). For ja/zh they ran
  KyTea with its jp-0.4.2/msr-0.4.0 models after the WAT scripts; the KyTea library is on PyPI but
  its models are not, so tagmt uses sacrebleu's tokenizer for those targets and says so in the
  signature (``tok:ja-mecab(not-kytea)``).
* NE&NUM: numbers and listed English terms found by two regular expressions in the joined fragments,
  occurrences matched one to one; precision and recall over the corpus.

Where the script crashes (an unparsable reference, ``multi-bleu`` dividing by an empty hypothesis
side, NE&NUM with no numbers or terms at all), tagmt gives a result and says so: the reference never
matches, BLEU is 0, NE&NUM precision/recall is None.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Collection, Sequence

from lxml import etree

from tagmt import safexml
from tagmt.errors import require

#: The character sequences multi-bleu.perl splits on (Perl's ``split`` on bytes: ASCII whitespace).
_PERL_SPACE = re.compile(r"[ \t\n\r\f\x0b]+")
_SEPARATOR = "\x00"
NUMBER = re.compile(r"[0-9.,'/:]*[0-9]+[0-9.,'/:]*")
ENGLISH = re.compile(r"[.,'/:a-zA-Z$]*[A-Z]+[.,'/:a-zA-Z$]*")
#: The tag names ``evaluate.py`` splits fragments at (its literal list, in its order).
ORIGINAL_TAGS = (
    "ph", "xref", "uicontrol", "b", "codeph", "parmname", "i", "title", "menucascade", "varname", "userinput",
    "filepath", "term", "systemoutput", "cite", "li", "ul", "p", "note", "indexterm", "u", "fn",
)
#: A line's last token that still ends with one period after sacremoses (not a run of dots).
_FINAL_PERIOD = re.compile(r"^(\S*[^.\s])\.$")


def _parser() -> etree.XMLParser:
    # Their parser is lxml's default; tagmt's safe one (``safexml``: no network, DTD or entities) gives the
    # same result for a segment without a DOCTYPE, and segments cannot carry one inside <ROOT>.
    return safexml.parser()


def parse_segment(text: str) -> etree._Element | None:
    """``<ROOT>text</ROOT>`` parsed strictly, or None when it is not well-formed."""
    try:
        return etree.fromstring(f"<ROOT>{text}</ROOT>".encode("utf-8"), _parser())
    except etree.XMLSyntaxError:
        return None


def trees_match(hyp: etree._Element, ref: etree._Element) -> bool:
    """Same tag and same number of children, recursively (the original ``matchXML``)."""
    if hyp.tag != ref.tag:
        return False
    hyp_children, ref_children = list(hyp), list(ref)
    return len(hyp_children) == len(ref_children) and all(
        trees_match(h, r) for h, r in zip(hyp_children, ref_children)
    )


def _de_escape(text: str) -> str:
    return text.replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")


def fragments(text: str, names: Collection[str]) -> list[str]:
    """The segment split at every literal ``<t>`` / ``</t>`` of ``names``, unescaped."""
    for name in sorted(names):
        text = text.replace(f"<{name}>", _SEPARATOR).replace(f"</{name}>", _SEPARATOR)
    return _de_escape(text).split(_SEPARATOR)


@lru_cache(maxsize=8)
def _moses(lang: str):
    sacremoses = require("sacremoses", "compat", "Moses tokenization for compat=original")
    return sacremoses.MosesTokenizer(lang=lang)


class Tokenizer:
    """The tokenization ``calc_bleu.sh`` applies before multi-bleu, for one target language."""

    def __init__(self, lang: str) -> None:
        from tagmt.languages import tokenizer_language

        self.lang = tokenizer_language(lang)  # ja-JP → ja, zf/zh-TW → zh
        self._cache: dict[str, str] = {}
        if self.lang in ("ja", "zh"):
            from tagmt.metrics.segment import Sacre, bleu_tokenizer

            self.name = f"{bleu_tokenizer(self.lang)}(not-kytea)"
            sacre = Sacre("bleu", bleu_tokenizer(self.lang))  # MeCab's long-run guard included
            self._tokenize = lambda line: sacre.prepare(line, None)
        else:
            self.name = f"moses-{self.lang}"
            moses = _moses(self.lang)
            self._tokenize = lambda line: _split_final_period(moses.tokenize(line, return_str=True, escape=True))

    def __call__(self, line: str) -> str:
        out = self._cache.get(line)
        if out is None:
            out = self._cache[line] = self._tokenize(line) if line.strip() else ""
        return out


def _split_final_period(text: str) -> str:
    """tokenizer.perl's last-word rule (PR #204), which sacremoses does not apply: a period ending the
    line's last word is split off, whatever the word."""
    head, _, last = text.rpartition(" ")
    match = _FINAL_PERIOD.match(last)
    if match is None:
        return text
    return f"{head} {match.group(1)} ." if head else f"{match.group(1)} ."


@dataclass
class BleuStats:
    """multi-bleu.perl's running sums: hypothesis and closest reference length, n-gram matches and totals."""

    hyp_len: int = 0
    ref_len: int = 0
    correct: tuple[int, int, int, int] = (0, 0, 0, 0)
    total: tuple[int, int, int, int] = (0, 0, 0, 0)

    def __add__(self, other: "BleuStats") -> "BleuStats":
        return BleuStats(
            self.hyp_len + other.hyp_len,
            self.ref_len + other.ref_len,
            tuple(a + b for a, b in zip(self.correct, other.correct)),  # type: ignore[arg-type]
            tuple(a + b for a, b in zip(self.total, other.total)),  # type: ignore[arg-type]
        )


def _ngrams(words: Sequence[str], n: int) -> Counter:
    return Counter(tuple(words[i:i + n]) for i in range(len(words) - n + 1))


def line_stats(hyp: str, ref: str | None) -> BleuStats:
    """One line of multi-bleu.perl (one reference): lengths and clipped n-gram counts, n = 1..4. A missing
    reference line (None) counts as the script counts it: reference length 9999, no matches."""
    hyp_words = [w for w in _PERL_SPACE.split(hyp) if w]
    if ref is None:
        total = [max(len(hyp_words) - n + 1, 0) for n in range(1, 5)]
        return BleuStats(len(hyp_words), 9999, (0, 0, 0, 0), tuple(total))  # type: ignore[arg-type]
    ref_words = [w for w in _PERL_SPACE.split(ref) if w]
    correct, total = [], []
    for n in range(1, 5):
        h, r = _ngrams(hyp_words, n), _ngrams(ref_words, n)
        total.append(sum(h.values()))
        correct.append(sum(min(count, r[gram]) for gram, count in h.items()))
    return BleuStats(len(hyp_words), len(ref_words), tuple(correct), tuple(total))  # type: ignore[arg-type]


def multi_bleu(stats: BleuStats) -> float:
    """multi-bleu.perl's score as printed (two decimals); 0 where the script prints 0 or dies."""
    if stats.ref_len == 0 or stats.hyp_len == 0:
        return 0.0  # the script prints "BLEU = 0" (no reference words) or divides by zero
    logs = []
    for correct, total in zip(stats.correct, stats.total):
        precision = correct / total if total else 0.0
        logs.append(math.log(precision) if precision else -9999999999.0)
    penalty = 1.0 if stats.hyp_len >= stats.ref_len else math.exp(1 - stats.ref_len / stats.hyp_len)
    return float(f"{100 * penalty * math.exp(sum(logs) / 4):.2f}")  # printf "%.2f", as the script reads it


def ne_num_items(text: str, terms: Collection[str] | None) -> list[str]:
    """The numbers, then the listed English terms, found by the original regular expressions."""
    found = NUMBER.findall(text)
    if terms:
        found += [word for word in ENGLISH.findall(text) if word in terms]
    return found


def matched_items(hyp: Sequence[str], ref: Sequence[str]) -> int:
    """Occurrences matched one to one (the original numbers repeated items ``x__1``, ``x__2``, …)."""
    return sum((Counter(hyp) & Counter(ref)).values())


@dataclass
class OriginalSegment:
    """What the original computes for one pair."""

    well_formed: bool
    match: bool
    reference_is_xml: bool
    hyp_fragments: list[str]
    ref_fragments: list[str]


class OriginalCorpus:
    """The original's view of a corpus: per-pair structure, match and fragments under one tag list."""

    def __init__(self, hypotheses: Sequence[str], references: Sequence[str],
                 vocabulary: Collection[str] | None = None) -> None:
        hyps = [h.strip() for h in hypotheses]
        refs = [r.strip() for r in references]
        hyp_trees = [parse_segment(h) for h in hyps]
        ref_trees = [parse_segment(r) for r in refs]
        self.names = frozenset(vocabulary if vocabulary is not None else ORIGINAL_TAGS)
        self.segments = []
        for hyp, ref, hyp_tree, ref_tree in zip(hyps, refs, hyp_trees, ref_trees):
            match = hyp_tree is not None and ref_tree is not None and trees_match(hyp_tree, ref_tree)
            hyp_fragments, ref_fragments = fragments(hyp, self.names), fragments(ref, self.names)
            if match and len(hyp_fragments) != len(ref_fragments):
                match = False  # the script's assertion fails here (same tree, different literal tags)
            self.segments.append(
                OriginalSegment(hyp_tree is not None, match, ref_tree is not None, hyp_fragments, ref_fragments)
            )

    def bleu_pairs(self, segment: OriginalSegment) -> list[tuple[str, str]]:
        """The (hypothesis, reference) fragments the segment writes to ``trans_struct.txt``/``gold_struct.txt``."""
        hyps = segment.hyp_fragments if segment.match else [""] * len(segment.ref_fragments)
        return list(zip(hyps, segment.ref_fragments))

    def line_pairs(self) -> list[tuple[int, str, str | None]]:
        """What multi-bleu reads: (segment index, hypothesis line, reference line or None) for every line of
        ``trans_struct.txt``. Fragments are written one per line, so a fragment with a line break takes
        several; the script pairs line i of one file with line i of the other, wherever they came from
        (None: the reference file has no line i)."""
        hyp_lines: list[tuple[int, str]] = []
        ref_lines: list[str] = []
        for index, segment in enumerate(self.segments):
            for hyp, ref in self.bleu_pairs(segment):
                hyp_lines.extend((index, line) for line in hyp.split("\n"))
                ref_lines.extend(ref.split("\n"))
        return [(index, line, ref_lines[i] if i < len(ref_lines) else None)
                for i, (index, line) in enumerate(hyp_lines)]
