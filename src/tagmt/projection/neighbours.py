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

t35small4: three choices, each measured at eflomal seeds 1 and 11 and none taken (their defaults give the pairs
t35small3's code gave): the forms inside a line's tags weigh more (`TAGGED`), the lines take their best rows in turns
(`SPREAD`: a long file spreads the budget over all its lines as a 10-line file does), a row with the same source
forms as one taken is passed over (`DEDUP`).
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


TAGGED = 1.0
"""How much more a form inside a line's tags weighs than one outside (the tagged words' links place the tags:
a stored pair that holds them gives eflomal their company). 1 (kept): every form the same. Measured and not taken
(t35small4, SAP ko 60 files, exact % 10-line files / one file, seed 1 | 11): 2 gave 88.6 / 93.6 | 90.0 / 92.9
against 91.4 / 94.3 | 90.0 / 94.3."""
SPREAD = False
"""Take the lines' best rows in turns (each line's best, then each line's second, …) rather than line after line:
the budget (`cap`, `cells`) is shared over every line of a long call instead of spent on its first lines, so a
line is aligned along the same rows in one file as in a 10-line file where the budget allows. Off (kept: line
after line): SAP ko 90.7 / 95.0 | 89.3 / 92.9 (t35small4, as for `TAGGED`)."""
DEDUP = False
"""A row with the same source forms as one taken is not taken (a near-copy gives eflomal no new company). Off
(kept): SAP ko 91.4 / 93.6 | 90.0 / 93.6 (t35small4, as for `TAGGED`: the files the same, one file -0.7)."""


def _tagged_forms(line, src_lang: str, vocabulary: frozenset[str]) -> tuple[str, set[str]]:
    """A line's plain text and the lowercased forms of its words inside a tag with text (none for a str)."""
    if isinstance(line, str):
        return line, set()
    spans = [(t.start, t.end) for t in line.walk() if t.start < t.end]
    inside = {w.text.lower() for w in words_with_offsets(line.plain, src_lang, line.cuts(), vocabulary=vocabulary)
              if any(a <= w.start and w.end <= b for a, b in spans)}
    return line.plain, inside


def nearest(rows: Sequence[Sequence], lines: Sequence, src_lang: str, per_line: int = PER_LINE,
            cap: int = CAP, vocabulary: frozenset[str] = frozenset(), cells: int = CELLS) -> list[tuple[str, str]]:
    """The stored pairs (`rows` as `stored_examples` makes them) to align along the source `lines` (plain
    strings, or `Detagged` sources, whose forms inside a tag weigh `TAGGED` times more): each line's rows
    ranked by score (the summed inverse document frequency of the forms they share; ties: the earlier row),
    taken in turns over the lines (`SPREAD`), at most `per_line` a line, while they fit in what is left of
    `cells` (a row costs its forms squared), until `cap`; a row sharing no scoring form, or (`DEDUP`) with the
    same forms as a row taken, is never taken. The pairs come line by line, each line's best first.
    Deterministic: the same rows and lines give the same pairs in the same order."""
    if not rows or per_line <= 0 or cap <= 0:
        return []
    postings: dict[str, list[int]] = {}
    for k, row in enumerate(rows):
        for form in row[2]:
            postings.setdefault(form, []).append(k)
    total = len(rows)
    weight = {form: math.log(total / len(ks)) for form, ks in postings.items() if 2 * len(ks) <= total}
    ranked: list[list[int]] = []
    for line in lines:
        plain, inside = _tagged_forms(line, src_lang, vocabulary)
        scores: Counter[int] = Counter()
        for form in source_forms(plain, src_lang, vocabulary=vocabulary):
            w = weight.get(form)
            if w:
                w *= TAGGED if form in inside else 1.0
                for k in postings[form]:
                    scores[k] += w
        ranked.append(sorted(scores, key=lambda k: (-scores[k], k)))
    taken: dict[int, tuple[int, int]] = {}  # row → (line, its rank there)
    seen: set[frozenset[str]] = set()
    place = [0] * len(ranked)
    turns = [range(len(ranked))] * per_line if SPREAD else [[j] * per_line for j in range(len(ranked))]
    for turn, order in enumerate(turns):
        for j in order:
            if len(taken) >= cap:
                break
            while place[j] < len(ranked[j]):
                k = ranked[j][place[j]]
                place[j] += 1
                forms = frozenset(rows[k][2])
                cost = max(1, len(rows[k][2])) ** 2
                if k in taken or (DEDUP and forms in seen) or cost > cells:
                    continue
                taken[k] = (j, turn)
                seen.add(forms)
                cells -= cost
                break
    return [(rows[k][0], rows[k][1]) for k in sorted(taken, key=taken.__getitem__)]
