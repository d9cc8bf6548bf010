"""Shared heads: a coordination's head written once in the source and after each conjunct in the
translation stays out of the conjuncts' tags.

A coordination of tagged terms shares one head noun in the source — `both <b>classic</b> and
<b>enhanced</b> modes`, `the <b>Manage Cash Concentration</b> and <b>Schedule Jobs …</b> apps` — and
the translation writes that head after each conjunct (`<b>従来</b>モードと<b>拡張</b>モード`,
`<b>기본</b> 모드와 <b>확장</b> 모드`, `<b>현금 집중 관리</b> 앱과 <b>…</b> 앱`). The aligner links the head
to one copy only; the other copy is left unlinked, or linked to the conjunct's own word (`classic` →
`従来`, `モード`), and the conjunct's span takes it in (`<b>従来モード</b>`, `<b>현금 집중 관리 앱</b>`).

The principle, in every language (the source's structure and the links, no word list): the *head* of a
tag is the first word after a run of sibling tags that follow it, each after at most `SEPARATOR` words
(`and`, `, and`, `or`): a tag followed by no other tag has none. A target word of the form (`Word.text`,
two characters or more: one character repeats by chance) of a target word linked to the head is a copy
of the head's translation, when the head is not the tag's own word (nor holds it or is held by it):

* a *copy link* is a link from a word of the tag to such a copy, when the tag's word keeps a link to a
  word that is not one (it still has its own translation: `従来`); `inside_outside._best_span` counts it
  as a link from outside the tag, and `nounchains.complete_chains` takes no noun over it;
* an unlinked copy is no free noun of the tag's chain (`nounchains`; `inside_outside._echoes_outside`
  already keeps unlinked echoes of an outside word's translation out of a span's growth).
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Iterable

from tagmt.project.align import Links
from tagmt.project.detag import SourceTag
from tagmt.project.wordseg import Word

SEPARATOR = 2
"""The most words between two conjuncts of a coordination (`and`, `, and`, `, or`)."""

HOPS = 32
"""The most conjuncts followed to a head (a list of terms longer than that shares none we look for)."""


def kin(a: str, b: str) -> bool:
    """Whether two lowercased words are one word or one holds the other (`calculate`, `recalculate`):
    a derived word shares its stem's translation."""
    return a == b or (min(len(a), len(b)) >= 3 and (a in b or b in a))


class Copies:
    """One pair's source tags as word ranges and the links by source word (made once a pair, linear in
    them); `of(inside)` and `echoes(inside)` read a tag's head and its links only."""

    def __init__(self, src: list[Word], trg: list[Word], links: Links, tags: Iterable[SourceTag] = ()) -> None:
        self.src, self.trg = src, trg
        self.by_src: dict[int, list[int]] = {}
        for i, j in links:
            if i < len(src) and j < len(trg):
                self.by_src.setdefault(i, []).append(j)
        # first source word of a span tag → the end (exclusive) of the longest span tag beginning there
        self.ends: dict[int, int] = {}
        starts = [w.start for w in src]
        if all(a <= b for a, b in zip(starts, starts[1:])):
            for tag in tags:
                if tag.start < tag.end:
                    a, b = bisect_left(starts, tag.start), bisect_left(starts, tag.end)
                    if a < b:
                        self.ends[a] = max(self.ends.get(a, b), b)

    def head(self, inside: set[int] | list[int]) -> int | None:
        """The source word a coordination of tags beginning with this tag's words shares, or None."""
        if not inside:
            return None
        k, passed = max(inside) + 1, 0
        for _ in range(HOPS):
            nxt = next((x for x in range(k, min(k + SEPARATOR, len(self.src) - 1) + 1) if x in self.ends), None)
            if nxt is None or any(self.src[x].kind == "punct" and self.src[x].text not in ",、" for x in range(k, nxt)):
                break
            k, passed = self.ends[nxt], passed + 1
        if not passed or k >= len(self.src) or self.src[k].kind == "punct":
            return None
        own = [self.src[i].text.lower() for i in inside]
        word = self.src[k].text.lower()
        return None if any(kin(word, mine) for mine in own) else k

    def echoes(self, inside: set[int] | list[int]) -> frozenset[str]:
        """The target forms (two characters or more) of the words linked to the tag's head."""
        o = self.head(inside)
        if o is None:
            return frozenset()
        return frozenset(t for t in (self.trg[j].text for j in self.by_src.get(o, ())) if len(t) >= 2)

    def of(self, inside: set[int] | list[int]) -> set[tuple[int, int]]:
        """The copy links of a tag whose source words are `inside` (module docstring)."""
        o = self.head(inside)
        forms = self.echoes(inside) if o is not None else frozenset()
        if not forms:
            return set()
        theirs = set(self.by_src.get(o, ()))
        found: set[tuple[int, int]] = set()
        for i in inside:
            targets = self.by_src.get(i, ())
            copies = {j for j in targets if j not in theirs and self.trg[j].text in forms}
            if copies and len(copies) < len(targets):  # the word keeps a translation of its own
                found.update((i, j) for j in copies)
        return found
