"""Order-consistent links for repeated words: the k-th occurrence of a word with the k-th of its
translation, unless the neighbouring words' links say the order is reversed.

A word written twice in the source whose translation is also written twice (`run allocation cycles
in the Run Allocations app` → `배부 주기 실행은 배부 실행 앱`; `Move Up`, `Move Down` → `위로 이동,
아래로 이동`) gives the aligner two equally good targets for each copy: it often links a copy to the
wrong one, so that the links cross (the second `run` to the first `실행`), or both copies to the same
one, and the tag of the second copy lands on the first. Here, for a source form (`Word.text`, case
folded) written k ≥ 2 times and a target form written exactly k times, the links between the copies
of the two forms are re-paired in order — each source copy keeps as many links to the target form as
it had (at most one: a copy linked to two copies is left alone), now to the copy of the same rank —
unless the links of the words around the source copies (the words right before and after, not
themselves copies of the form) land nearer the targets of the pairing found than of the ordered one:
a verb-final language or a reordered clause writes the copies in the other order, and their neighbours'
links show it. On a tie the order wins (issue 35: with no evidence, the k-th source occurrence is the
k-th target copy; before, the aligner's pairing stayed). A link between a word and a punctuation mark
is no evidence (the aligner pairs a leftover `the` with a leftover `、`). Two copies that the translation
writes the other way round while the aligner linked them in order (`Your own CDS views … the Custom CDS
Views app` → `カスタム CDS ビューアプリ … 独自の CDS ビュー`) are left in order: a version that reversed
them on the neighbours' word (setting aside neighbours that are copies themselves) broke more than it
mended (SAP ja dev: 2 fixed, 3 broken — a verb-final target puts the verb, a subject's neighbour, next to
the last copy). `anchors.anchor_identical` pairs words written identically on both sides in the same way
(k-th with k-th), without the check. `linking.batch_links` applies it where both sides are aligned on their
words, not on Chinese pairs: there a Han character is a word, and a character written twice mostly
belongs to two different words (measured: SAP en-zf -0.4 / -0.2 points at seeds 1 / 11 when applied).
"""

from __future__ import annotations

from tagmt.projection.align import Links
from tagmt.projection.anchors import occurrences
from tagmt.projection.wordseg import Word


def _form(word: Word) -> str | None:
    """The form whose copies are paired (case folded); punctuation is left to the aligner (a comma
    is written wherever the sentence needs one)."""
    return None if word.kind == "punct" else word.text.casefold()


def order_repeats(src: list[Word], trg: list[Word], links: Links) -> Links:
    """`links` with the links between repeated source and target forms re-paired in order, where
    the neighbours' links do not say the order is reversed (see the module docstring)."""
    in_src = {f: where for f, where in occurrences(src, _form).items() if len(where) >= 2}
    if not in_src:
        return links
    in_trg = {f: where for f, where in occurrences(trg, _form).items() if len(where) >= 2}
    if not in_trg:
        return links
    rank_trg = {j: (f, r) for f, where in in_trg.items() for r, j in enumerate(where)}
    targets_of: dict[int, list[int]] = {}  # source word → its targets, once for the pair
    for i, j in links:
        targets_of.setdefault(i, []).append(j)
    result = set(links)
    for where in in_src.values():
        copies = set(where)
        by_form: dict[str, dict[int, list[int]]] = {}  # target form → source rank → target ranks
        for a, i in enumerate(where):
            for j in targets_of.get(i, ()):
                if j in rank_trg:
                    form, r = rank_trg[j]
                    by_form.setdefault(form, {}).setdefault(a, []).append(r)
        for form, found in by_form.items():
            targets = in_trg[form]
            if len(targets) != len(where) or any(len(rs) > 1 for rs in found.values()):
                continue
            pairing = {a: rs[0] for a, rs in found.items()}
            if all(a == b for a, b in pairing.items()):
                continue
            near = {a: _neighbour_targets(where[a], targets_of, copies, src, trg) for a in pairing}
            found_fit = sum(_fit(targets[b], near[a]) for a, b in pairing.items())
            ordered_fit = sum(_fit(targets[a], near[a]) for a in pairing)
            if ordered_fit < found_fit:
                continue  # the neighbours follow the pairing found better than the order: it stays
            result -= {(where[a], targets[b]) for a, b in pairing.items()}
            result |= {(where[a], targets[a]) for a in pairing}
    return result


def _neighbour_targets(i: int, targets_of: dict[int, list[int]], copies: set[int], src: list[Word],
                       trg: list[Word]) -> list[int]:
    """The targets of the source words right before and after word `i` (not other copies of its form: their
    links are what is being decided), without a link between a word and a punctuation mark (the aligner pairs
    a leftover `the` with a leftover `、`; a mark's copy, `>>`, counts)."""
    return [t for s in (i - 1, i + 1) if s not in copies and 0 <= s < len(src)
            for t in targets_of.get(s, ()) if t < len(trg) and (src[s].kind == "punct") == (trg[t].kind == "punct")]


NEAR = 2
"""How far (in target words) a neighbour's translation may be from a copy's and still stand by it:
next to it, or with one word between (a particle, an article)."""


def _fit(j: int, near: list[int]) -> int:
    """How many of the neighbours' targets stand by target word `j`."""
    return sum(1 for t in near if abs(j - t) <= NEAR)
