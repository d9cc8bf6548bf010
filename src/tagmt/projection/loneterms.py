"""Lone tagged terms: a tag whose words the aligner left without any link is linked to its dictionary or cognate
partner in the translation, when the pair holds exactly one (issue 35, glossary sets).

In a small corpus (a glossary file of a hundred lines, a ten-line file) eflomal leaves a rare word with no link at
all, and placing then puts its tag between its neighbours' links, on a word or a comma that translates something
else: `arising from <g>population</g> ageing` → `sichergestellt wurde<g>,</g>` for `Alterung der <g>Bevölkerung</g>`,
`strategy <g>largely</g> builds` → `auf <g>größeren</g>` for `<g>weitgehend</g> auf`. The anchors made before (the
dictionary's in `lexicon.lexicon_pairs`, the cognates' in `cognates.py`) need each word to be the other's only
partner, both ways, over the whole pair: `Bevölkerung` is also the partner of `demographic` (`Bevölkerungs-`), so
it is nobody's. For a tagged word with no link the alternative is a guess; here one-way evidence is enough:

* the tag is a span tag without tags inside it, and none of its source words has a link (a word with any link
  keeps it: the aligner saw something);
* its candidates are the target words that the dictionary pairs with one of its words (the batch's entries,
  `Lexicon.lookup`, and for its words one letter shorter than the inflection rule's stem, `law`, `tax`, its
  `short` lookup, `linking.short_lexicon`; up to inflection where the target writes spaces,
  `lexicon.inflected`; the units of several characters or words where it does not, `lexicon.unit_texts`), or
  that are spelled almost as one of them (`cognates.similar`, at the cognate anchors' threshold, without asking
  that the tagged word be the target word's best partner too), or that are written as the target form the
  aligner links the same source form to most often in the batch's other pairs (`batch_partners`, in at least
  `MIN_SEEN` pairs: the term's consistent translation across the document, `rights` → `jogok`);
* for a tag with no link at all, also the pairs the dictionary's fan limit dropped for ONE polysemous word
  (`LoneEntries`, `Lexicon.lookup(loose=…)`: `confirms` → `megerősíti`, whose entry lists 33 English verbs);
* the candidates are one run of adjacent words (a word written twice, or two partners apart, say nothing: no
  link is made);
* no candidate is already linked to another source word that is its own dictionary partner, cognate or the
  same word written alike (the target word translates that word).

The tag's words are then linked to every candidate and the candidates' other links dropped (as every anchor
does). A tag whose words the aligner did link is treated alike when every one of those links is uncertain (below
unanimity of the eflomal runs: `weights` given and under 1) and none lands on a partner of the tag's words, while the
partners — the dictionary's and the cognates', not `batch_partners`, which are the aligner's links again — are one
run, not taken (issue 35, t35dehu2: the term's own evidence before a guess of the aligner's,
`threshold` → `%-<g>ában</g>` or `<g>0,25</g>` by seed, for `<g>küszöbérték</g>`). Where the target writes compounds as
one word (`Profile.closed_compounds`), a word that begins with the dictionary's translation is its partner too, and
the tag takes the whole compound (`lexicon.compound_part`; no dev reference cuts a word, `docs/projection-history.md`). Only tagged words are looked at: the rule runs where a wrong guess would land a tag, in time linear in the
tag's words times the pair's. Nothing is learned and no language is assumed: the dictionaries and the spelling say
it, in any script the cognates fold (Latin, Cyrillic, Greek; Han, kana and Hangul by the dictionary alone).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Iterable, Mapping, Sequence

from tagmt.projection.align import Links
from tagmt.projection.cognates import similar
from tagmt.projection.detag import Detagged
from tagmt.projection.lexicon import compound_part, inflected, spaced, units_of_words
from tagmt.projection.profiles import profile_for
from tagmt.projection.wordseg import Word, words_within


MIN_SEEN = 2
"""`batch_partners`: a word form linked to a target form in fewer of the batch's pairs says nothing."""


def batch_partners(pairs: Iterable[tuple[list[Word], list[Word], Links]]) -> dict[str, set[str]]:
    """Source form → the target forms the aligner links it to most often over the batch's pairs (lowercase, words
    with letters, at least `MIN_SEEN` pairs; a tie keeps every form tied): what a lone tagged word became where the
    aligner did link it (`rights` → `jogok` in two other sentences). Memory linear in the batch's links."""
    counts: dict[str, Counter[str]] = {}
    for src, trg, links in pairs:
        seen = {(src[i].text.lower(), trg[j].text.lower()) for i, j in links
                if _lettered(src[i].text) and _lettered(trg[j].text)}
        for a, b in seen:
            counts.setdefault(a, Counter())[b] += 1
    found: dict[str, set[str]] = {}
    for a, counter in counts.items():
        top = max(counter.values())
        if top >= MIN_SEEN:
            found[a] = {b for b, c in counter.items() if c == top}
    return found


class LoneEntries(dict):
    """The dictionary entries lone terms read, and `unlinked`: the entries of a source word with few translations
    whose partner has many (`Lexicon.lookup(loose=...)`: `confirm` → `megerősít`, which lists 33 English verbs),
    read only for a tag with no link at all (against a link of the aligner's they are too weak: `principles` →
    `alap` of `alapján` over `elvek`)."""

    def __init__(self, entries: Mapping[str, set[str]], unlinked: Mapping[str, set[str]] | None = None) -> None:
        super().__init__(entries)
        self.unlinked: Mapping[str, set[str]] = self  # (these entries with the unlinked ones: merged once, time)
        if unlinked:
            self.unlinked = {w: self.get(w, set()) | unlinked.get(w, set()) for w in {*self, *unlinked}}


def link_lone_terms(
    detagged: Detagged, src: list[Word], trg: list[Word], links: Links, table: Mapping[str, set[str]],
    langs: tuple[str, str], seen: Mapping[str, set[str]] | None = None,
    weights: Mapping[tuple[int, int], float] | None = None,
) -> Links:
    """`links` with every lone tag's words linked to its one run of partner words (see the module docstring);
    `table`: the batch's dictionary entries (source unit → target units, lowercase); `langs`: (source, target);
    `seen`: the target forms each source form is linked to elsewhere in the batch (`batch_partners`), partners too;
    `weights`: the aligner's link confidences (`confidence.voted`; a link not in it counts 1; None: a linked tag's
    links are kept)."""
    if not detagged.tags or not trg:
        return links
    linked_src = {i for i, _ in links}
    starts = [w.start for w in src]
    result: Links | None = None
    for tag in detagged.walk():
        if tag.children or tag.start == tag.end:
            continue
        inside = [i for i in words_within(src, starts, tag.start, tag.end) if _lettered(src[i].text)]
        if not inside:
            continue
        current_links = links if result is None else result
        guessed = any(i in linked_src for i in inside)
        if guessed and not _uncertain(inside, current_links, weights):
            continue
        entries = table if guessed else getattr(table, "unlinked", table)
        run = _partner_run(inside, src, trg, entries, langs, None if guessed else seen)  # (the batch's links are the
        # aligner's word again: against its own link, only the dictionary and the spelling count)
        if run is None or _taken(run, inside, src, trg, current_links, table, langs):
            continue
        if guessed and any(j in run for i, j in current_links if i in inside):
            continue  # (a link already lands on a partner: the aligner agrees with the evidence)
        current = set(current_links)
        current = {(i, j) for i, j in current if j not in run and i not in inside}
        current |= {(i, j) for i in inside for j in run}
        result = current
        linked_src |= set(inside)
    return links if result is None else result


def _uncertain(inside: Sequence[int], links: Links, weights: Mapping[tuple[int, int], float] | None) -> bool:
    """Whether every link of the tag's words is below the eflomal runs' unanimity (an anchor's counts 1)."""
    if weights is None:
        return False
    return all(weights.get((i, j), 1.0) < 1.0 for i, j in links if i in inside)


def _lettered(text: str) -> bool:
    return any(c.isalpha() for c in text)


def partners(i: int, src: list[Word], trg: list[Word], table: Mapping[str, set[str]],
             langs: tuple[str, str]) -> set[int]:
    """The target words that the dictionary or the spelling pairs with source word `i` (see the module
    docstring): dictionary partners up to inflection (spaced target) or as whole units (unspaced target),
    and cognates."""
    src_lang, trg_lang = langs
    found: set[int] = set()
    entries = table.get(src[i].text.lower(), ())
    if entries:
        if spaced(trg_lang):
            compounds = _closed_compounds(trg_lang)
            for j, w in enumerate(trg):
                text = w.text.lower()
                if text.isalpha() and any(text == e or (e.isalpha() and inflected(e, text))
                                          or (compounds and compound_part(e, (text,))) for e in entries):
                    found.add(j)
        else:
            for text, where in units_of_words(trg, trg_lang):
                if text in entries:
                    found.update(where)
    found.update(j for j in similar(src[i], trg))
    return found


def _partner_run(inside: Sequence[int], src: list[Word], trg: list[Word], table: Mapping[str, set[str]],
                 langs: tuple[str, str], seen: Mapping[str, set[str]] | None) -> list[int] | None:
    """The candidates of the tag's words when they are one run of adjacent target words with letters."""
    found: set[int] = set()
    for i in inside:
        found |= partners(i, src, trg, table, langs)
        forms = seen.get(src[i].text.lower(), ()) if seen else ()
        found.update(j for j, w in enumerate(trg) if forms and w.text.lower() in forms)
    if not found:
        return None
    run = sorted(found)
    if run[-1] - run[0] + 1 != len(run) or not all(_lettered(trg[j].text) for j in run):
        return None
    return run


def _taken(run: Sequence[int], inside: Sequence[int], src: list[Word], trg: list[Word], links: Links,
           table: Mapping[str, set[str]], langs: tuple[str, str]) -> bool:
    """Whether a candidate is linked to another source word that it is the partner (or the copy) of."""
    wanted = set(run)
    others = {i for i, j in links if j in wanted and i not in inside}
    for i in others:
        mine = partners(i, src, trg, table, langs)
        if mine & wanted or any(src[i].text.lower() == trg[j].text.lower() for j in run):
            return True
    return False


@lru_cache(maxsize=16)
def _closed_compounds(lang: str) -> bool:
    return profile_for(lang).closed_compounds
