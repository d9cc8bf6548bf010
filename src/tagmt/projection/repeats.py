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
Two additions (issue 35, t35ko4): an English source's plural and singular are one form (`Periods to Show … the
desired time period` → `표시할 기간에서 원하는 기간을`: the aligner crossed them); and `complete_repeats`, after the
re-pairing, links a content copy the aligner left without a link to the target form its other copies are linked
to, to the copy of its rank where that copy has no link at all (`To Be Billed tab … To Be Postponed tab` → `청구
예정 탭 … 연기 예정 탭`, the second `탭` unlinked: then `예정` is no longer taken for the head's translation).
SAP dev: en-ko 95.8 → 96.3, en-ja 94.6 → 94.9 (3 outputs changed, all onto their reference).
And (issue 35, t35ko5) copies linked to their own rank's target copy and spilled over others (`Project with Revenue
profile projects` → `収益ありプロジェクト プロファイル プロジェクト`, `projects` linked to both): a copy with no link
takes its rank's target copy, and a spilled link onto a copy its own source copy holds goes (`_spilled`).
"""

from __future__ import annotations

from tagmt.projection.align import Links
from tagmt.projection.anchors import occurrences
from tagmt.projection.profiles import Profile, profile_for
from tagmt.projection.wordseg import Word


def _form(word: Word) -> str | None:
    """The form whose copies are paired (case folded); punctuation is left to the aligner (a comma
    is written wherever the sentence needs one)."""
    return None if word.kind == "punct" else word.text.casefold()


def order_repeats(src: list[Word], trg: list[Word], links: Links, src_lang: str = "") -> Links:
    """`links` with the links between repeated source and target forms re-paired in order, where
    the neighbours' links do not say the order is reversed, and a content copy the aligner left without a
    link to the target form linked to the unlinked copy of its rank (see the module docstring). `src_lang`:
    the source's language (`en`: its plurals fold to the singular, `Periods` … `period`)."""
    profile = profile_for(src_lang) if src_lang else None
    folding = profile is not None and profile.code in PLURAL_S
    in_src = {f: where for f, where in occurrences(src, lambda w: _source_form(w, folding)).items()
              if len(where) >= 2}
    if not in_src:
        return links
    in_trg = {f: where for f, where in occurrences(trg, _form).items() if len(where) >= 2}
    if not in_trg:
        return links
    rank_trg = {j: (f, r) for f, where in in_trg.items() for r, j in enumerate(where)}
    result = set(links)
    for _ in range(len(in_src) + 1):  # a re-pairing changes its neighbours' evidence: again until it holds
        again = _ordered(result, in_src, in_trg, rank_trg, src, trg)
        if again == result:
            break
        result = again
    return result


def _ordered(links: Links, in_src: dict[str, list[int]], in_trg: dict[str, list[int]],
             rank_trg: dict[int, tuple[str, int]], src: list[Word], trg: list[Word]) -> Links:
    """One pass of `order_repeats` over every repeated source form, on the neighbours' links of `links`."""
    targets_of = _targets_of(links)
    result = set(links)
    for where in in_src.values():
        copies = set(where)
        for form, found in _ranks_by_form(where, targets_of, rank_trg).items():
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


def complete_repeats(src: list[Word], trg: list[Word], links: Links, src_lang: str = "") -> Links:
    """`links` with the copies of a repeated source form that the aligner left without a link to the target form
    their other copies are linked to linked to the copy of their rank (`_filled`; after `order_repeats`): `To Be
    Billed tab … To Be Postponed tab` → `청구 예정 탭 … 연기 예정 탭` with the second `tab` unlinked gets its `탭`."""
    profile = profile_for(src_lang) if src_lang else None
    folding = profile is not None and profile.code in PLURAL_S
    in_src = {f: where for f, where in occurrences(src, lambda w: _source_form(w, folding)).items()
              if len(where) >= 2}
    in_trg = {f: where for f, where in occurrences(trg, _form).items() if len(where) >= 2} if in_src else {}
    if not in_trg:
        return links
    rank_trg = {j: (f, r) for f, where in in_trg.items() for r, j in enumerate(where)}
    targets_of = _targets_of(links)
    added: set[tuple[int, int]] = set()
    dropped: set[tuple[int, int]] = set()
    for where in in_src.values():
        for form, found in _ranks_by_form(where, targets_of, rank_trg).items():
            targets = in_trg[form]
            if len(targets) != len(where):
                continue
            if all(len(rs) == 1 for rs in found.values()):
                added |= _filled(where, targets, {a: rs[0] for a, rs in found.items()}, links, src, trg, profile)
            else:
                spill, spilled = _spilled(where, targets, found, (targets_of, profile), src, trg)
                if spill or spilled:  # then the copies left with no link at all, as after an ordered pairing
                    pairing = {a: a for a in found} | {where.index(i): where.index(i) for i, _ in spill}
                    spill |= _filled(where, targets, pairing, (links - spilled) | spill, src, trg, profile)
                added |= spill
                dropped |= spilled
    return (links - dropped) | added if added or dropped else links


PLURAL_S = frozenset({"en"})
"""Source languages whose plural is the singular and a final `s` (`Periods` … `period`): their copies of one noun
are one form here (a noun a label writes in the plural, the sentence in the singular, or the other way round)."""


def _targets_of(links: Links) -> dict[int, list[int]]:
    """Each source word's targets, in the links' order (once for the pair)."""
    targets_of: dict[int, list[int]] = {}
    for i, j in links:
        targets_of.setdefault(i, []).append(j)
    return targets_of


def _ranks_by_form(where: list[int], targets_of: dict[int, list[int]],
                   rank_trg: dict[int, tuple[str, int]]) -> dict[str, dict[int, list[int]]]:
    """For the copies `where` of one repeated source form: target form → the rank of each copy → the ranks of
    that form's target copies it is linked to."""
    by_form: dict[str, dict[int, list[int]]] = {}
    for a, i in enumerate(where):
        for j in targets_of.get(i, ()):
            if j in rank_trg:
                form, r = rank_trg[j]
                by_form.setdefault(form, {}).setdefault(a, []).append(r)
    return by_form


def _source_form(word: Word, folding: bool) -> str | None:
    """`_form`, a plural folded to its singular where the language writes it with a final `s` (`folding`): not
    after `s`, `u` or `i` (`process`, `status`, `analysis`), not a word of three letters or fewer (`is`, `has`)."""
    form = _form(word)
    if folding and form is not None and len(form) > 3 and form.endswith("s") and form[-2] not in "siu'" \
            and form.isalpha():
        return form[:-1]
    return form


def _filled(where: list[int], targets: list[int], pairing: dict[int, int], links: Links, src: list[Word],
            trg: list[Word], profile: Profile | None) -> Links:
    """For a source form and a target form written as often (`where`, `targets`), paired in order (`pairing`:
    source rank → target rank, those linked), the links of the copies the aligner left without one: copy `a`
    to target copy `a`, where that copy has no link at all and both are content words (no function word of
    the source's profile: the aligner's many-to-one spill of `the` is no evidence). At least one copy must be
    linked to the form (what says the two forms translate each other)."""
    if not pairing or any(a != b for a, b in pairing.items()):
        return set()
    taken = {j for _, j in links}
    function = profile.function_words if profile is not None else frozenset()
    return {(where[a], targets[a]) for a in range(len(where))
            if a not in pairing and targets[a] not in taken and trg[targets[a]].kind == "content"
            and src[where[a]].kind == "content" and src[where[a]].text.casefold() not in function}


def _spilled(where: list[int], targets: list[int], found: dict[int, list[int]],
             known: tuple[dict[int, list[int]], Profile | None], src: list[Word], trg: list[Word]
             ) -> tuple[Links, Links]:
    """Copies of a source form linked to their own rank's target copy and spilled over other copies too
    (`Project with Revenue profile projects` → `収益ありプロジェクト プロファイル プロジェクト`, `projects` linked to
    both `プロジェクト`, `Project` to nothing or to the first): the links that give each other copy with no link at
    all the target copy of its rank (content words, no function word of the source's profile), and the spilled
    links onto a copy its own source copy now holds, which go (`complete_repeats`). Where a linked copy is not
    linked to its own rank, the order is unclear: nothing."""
    targets_of, profile = known
    if any(a not in ranks for a, ranks in found.items()):
        return set(), set()
    function = profile.function_words if profile is not None else frozenset()
    spilled = {b for ranks in found.values() for b in ranks}
    added = {(where[b], targets[b]) for b in spilled
             if b not in found and not targets_of.get(where[b]) and src[where[b]].kind == "content"
             and src[where[b]].text.casefold() not in function and trg[targets[b]].kind == "content"}
    held = found.keys() | {b for b in spilled if (where[b], targets[b]) in added}
    dropped = {(where[a], targets[b]) for a, ranks in found.items() for b in ranks if b != a and b in held}
    return added, dropped


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
