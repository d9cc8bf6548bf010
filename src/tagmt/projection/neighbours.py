"""The stored examples a call with a projection model aligns along (issue 35, t35small3).

A call with a model alone aligns its few pairs with the model's priors; the same pairs aligned together with the
examples' plain sides link better (SAP ko, 30 files of 10 segments as one file: 88.7 against 94.3 % exact, t35small2):
eflomal samples a call's words in the company of the sentences that hold them, which priors summed over the whole
corpus stand for only in part. Aligning all the examples along costs seconds a call; so a model (format 3) keeps
its tagged examples' plain pairs with their source word forms (`examples.json`, `stored_examples`), and a call
aligns along only those that share the most rare source words with its own lines (`nearest`: for each line, the
`per_line` best by the summed inverse document frequency of the word forms they share; at most `cap` pairs in
all). A form held by more than half of the stored examples scores nothing (time: its postings are the longest and
its weight the smallest). Plain Python counting, not a retrieval library: a few thousand short pairs, scored once
a call.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Sequence

from tagmt.projection.wordseg import words_with_offsets

MAX_STORED = 20_000
"""Example pairs a model keeps for `nearest` (the first ones; memory and the time of a call's scoring)."""
PER_LINE = 3
"""Stored pairs aligned along for each line of a call (`ProjectionConfig.examples_along` overrides)."""
CAP = 60
"""Stored pairs aligned along a call at most, whatever its length."""
CELLS = 3_000
"""The work the pairs aligned along may add, in squared source words summed over them (time: eflomal's sampler
visits every source × target word cell of a pair each iteration, so one 80-word EUR-Lex sentence costs what ~40
8-word UI strings cost); a pair over what is left is passed over. SAP ja fold 0, seed 11: 3,000 and 6,000 gave the
same 10-line files (96.2 %), 0.85 against 1.00 CPU s for the largest file (in process)."""


def source_forms(text: str, lang: str, cuts=(), vocabulary: frozenset[str] = frozenset()) -> list[str]:
    """The distinct lowercased word forms of a source text that hold a letter or digit, in order."""
    forms = dict.fromkeys(w.text.lower() for w in words_with_offsets(text, lang, cuts, vocabulary=vocabulary)
                          if any(c.isalnum() for c in w.text))
    return list(forms)


def stored_examples(examples, src_lang: str, vocabulary: frozenset[str] = frozenset()) -> list[list]:
    """The rows a model keeps (`examples.json`): [source plain, target plain, [source forms]] of the first
    `MAX_STORED` examples (detagged pairs) whose two sides hold text."""
    rows = []
    for s, t in examples:
        if len(rows) >= MAX_STORED:
            break
        if s.plain.strip() and t.plain.strip():
            rows.append([s.plain, t.plain, source_forms(s.plain, src_lang, s.cuts(), vocabulary)])
    return rows


def nearest(rows: Sequence[Sequence], lines: Sequence[str], src_lang: str, per_line: int = PER_LINE,
            cap: int = CAP, vocabulary: frozenset[str] = frozenset(), cells: int = CELLS) -> list[tuple[str, str]]:
    """The stored pairs (`rows` as `stored_examples` makes them) to align along the source `lines` (plain):
    for each line in turn, its `per_line` best-scoring rows not taken yet (score: the summed inverse document
    frequency of the forms they share; ties: the earlier row) that fit in what is left of `cells` (a row costs
    its forms squared), until `cap`; a row sharing no scoring form is never taken. Deterministic: the same rows
    and lines give the same pairs in the same order."""
    if not rows or per_line <= 0 or cap <= 0:
        return []
    postings: dict[str, list[int]] = {}
    for k, row in enumerate(rows):
        for form in row[2]:
            postings.setdefault(form, []).append(k)
    total = len(rows)
    weight = {form: math.log(total / len(ks)) for form, ks in postings.items() if 2 * len(ks) <= total}
    taken: dict[int, None] = {}
    for line in lines:
        scores: Counter[int] = Counter()
        for form in source_forms(line, src_lang, vocabulary=vocabulary):
            w = weight.get(form)
            if w:
                for k in postings[form]:
                    scores[k] += w
        added = 0
        for k in sorted((k for k in scores if k not in taken), key=lambda k: (-scores[k], k)):
            if added >= per_line or len(taken) >= cap:
                break
            cost = max(1, len(rows[k][2])) ** 2
            if cost <= cells:
                taken[k] = None
                cells -= cost
                added += 1
        if len(taken) >= cap:
            break
    return [(rows[k][0], rows[k][1]) for k in taken]
