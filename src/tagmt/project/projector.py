"""Detag-and-project: strip the tags of a source segment, then put them into its translation.

The steps of `project_batch`, one module each:

1. `detag.py` — `detag` turns a tagged segment into its plain text and a tree of `SourceTag`s with
   character spans in that text.
2. `wordseg.py` — sources and translations are split into words with character offsets (source
   words are cut at every tag boundary); `align.py` links the words of all pairs at once, through
   `alignunits.py` (Chinese is aligned both as characters and as dictionary words, links joined).
3. `anchors.py` — links the aligner tends to miss in a small corpus are added: identical words,
   words a bilingual dictionary pairs (`lexicon.py`: FreeDict, CC-CEDICT, the user's own; `risks` ↔
   `Risiken`, each the other's only dictionary partner in the pair), cognates (`cognates.py`:
   `Configuration` ↔ `Konfiguration`, `Server` ↔ `сервер`, one clear best
   partner each), English words and their katakana/Hangul loanwords, and a glossary of the batch itself (a second
   pass adds the tag texts that got one translation in most of their first-pass projections).
4. `inside_outside.py` — every tag is placed on the target words by the inside–outside rule of
   Zenkel et al. (2021): the span that maximizes the tag's links landing inside it plus the other
   links landing outside, with edge rules (compounds, particles, brackets, verb groups), nesting,
   non-overlapping siblings, point tags and fallbacks, so that no tag is ever dropped.
   `units.py` then keeps what the translation marks as one unit whole: a tag takes the one
   verbatim occurrence of its whole source text, and no edge splits a token copied from the source
   or crosses a bracket or quotation group unless the source tag does.
5. `render.py` — the placed tags are written into the translation at character offsets; the
   translation is never altered (stripping the output gives it back exactly).

The dictionary anchors (`lexicon`, the installed FreeDict dictionaries and CC-CEDICT; 2-fold CV, exact %, seed
1, without → with): glossary en-de 89.5 → 96.2, en-fr 93.4 → 94.8, en-hu 90.2 → 94.4 (seed 11: 90.2 → 96.2,
94.8 → 96.2, 89.5 → 94.1); with `--extra-examples eurlex` 90.9 → 96.9, 94.4 → 95.1, 92.3 → 95.1; EUR-Lex
de/fr/hu 97.4/98.4/97.1 unchanged; SAP ja 90.6 → 90.8, zh 91.0 → 91.2, zf 95.0 → 95.0 (ko: no dictionary,
88.7; seed 11: ja 89.7 → 89.7, zh 90.8 → 91.4). The figures below are from before them (bench_projection.py `--lexicon none`).

Measured with oracle translations (the plain reference; default eflomal; benchmarks/bench_projection.py
--modes none,cv, exact tagged segments, without examples / 2-fold cross-validated with half the set as
examples; every part above in place): SAP dev en-ja 88.5 / 90.6 %, en-ko 87.5 / 88.7 %, en-zh 90.2 / 91.0 %,
en-zf 90.0 / 95.0 %; EUR-Lex dev en-de 97.3 / 97.4 %, en-fr 98.5 / 98.4 %, en-hu 97.0 / 97.1 %; glossary dev
en-de 89.2 / 89.5 %, en-fr 92.7 / 93.4 %, en-hu 87.4 / 90.2 % (with the whole EUR-Lex dev set among every
fold's examples, `--extra-examples eurlex`: 90.9 / 94.4 / 92.3 %). What each part added (CV, seed 1): the
placement rules of `inside_outside.py`/`units.py` for imperfect links SAP ja 88.9 → 90.6, ko 87.4 → 88.7,
zh 90.4 → 90.8, zf 93.5 → 94.1 (EUR-Lex and glossary unchanged); Chinese aligned on characters and on ICU
words (`alignunits.py`) zh → 91.0, zf → 95.0; the cognate anchors (`cognates.py`) glossary de/fr/hu
88.8/92.7/89.9 → 89.5/93.4/90.2 (seed 11: 89.5/94.4/89.2 → 90.2/94.8/89.5; SAP and EUR-Lex unchanged: their
Latin words are written as in English, where the identical-word anchors link them). Through a projection
model (benchmarks/bench_small_files.py, 10-line files / one file with the model / on the fly): de 90.9 /
92.0 / 91.3, fr 95.1 / 94.8 / 94.8, hu 91.6 / 91.6 / 93.4 %. The seed-to-seed spread of one row is ±0.6
(ja 90.6 / 89.7, glossary fr 93.4 / 94.8 at seeds 1 / 11). Most of the rest are word-alignment errors: compounds
(`<b>グループ化</b>基準`), one-to-many phrases that the reference brackets otherwise than the source
(`<b>Go</b>` → `実行` in `実行をクリックします`), single tagged words linked to a neighbour in the small
glossary sets.

What tagged examples prove reaches a projection through the term table (`example_terms`: each example
tag's text and its reference text become glossary anchors, for the batch and for the examples' own
links) and the edge conventions. Feeding the same supervision to eflomal as well was measured (2-fold CV,
seed 1, exact %, against SAP ja/ko/zh 88.9/87.4/90.4, EUR-Lex de/fr/hu 97.4/98.4/97.1, glossary
88.8/92.7/89.9) and not kept: each example's tag-span pairs as extra sentence pairs, 87.4/86.4/90.8,
97.4/98.4/97.0, 87.8/93.4/88.8 (part of it is the shorter schedule eflomal gives more sentences: with
the schedule of the real pairs, ja 88.1); with the pieces between same-order tags too, worse (ja 87.2,
zh 88.9: in verb-final targets those pieces are not translations of each other); the span pairs as
eflomal lexical priors (one pseudo-count per target word, no sentences added), 88.3/87.9/91.4,
97.1/98.5/96.8, 87.8/94.1/88.8 (a wash on average, -1 point on two sets); dropping the example links
that cross their tags, identical (their tagged terms are anchored by the term table already). The
changes are within the sampler's seed-to-seed spread (ja 88.9 / 89.3, ko 87.4 / 87.0, zh 90.4 / 89.8
with seeds 1 / 11). Through a projection model (the span pairs among `tagmt learn`'s sentences): SAP en-ja,
1,000 segments, 89.1 % against 89.5 % (bench_projection.py --speed); glossary with EUR-Lex (benchmarks/
bench_small_files.py) 10-line files de/fr/hu 90.9/94.4/89.9 against 90.2/93.7/89.5, one file with the
model 90.6/93.4/92.0 against 90.6/93.7/92.7.

`detag`, `Detagged`, `SourceTag` and the `anchor_*` functions are re-exported here for callers.
"""

from __future__ import annotations

from typing import Sequence

from tagmt.errors import TagmtError
from tagmt.project.align import Aligner, Links
from tagmt.project.alignunits import align_words, unit_rule
from tagmt.project.anchors import (
    anchor_cognates,
    anchor_glossary,
    anchor_identical,
    anchor_lexicon,
    anchor_loanwords,
    batch_glossary,
    consistent_terms,
)
from tagmt.project.detag import Detagged, SourceTag, detag
from tagmt.project.inside_outside import place_tags
from tagmt.project.lexicon import Lexicon, unit_texts
from tagmt.project.model import ProjectionModel
from tagmt.project.conventions import Conventions, Example, default_decision, keyed_tags, learn_conventions
from tagmt.project.edges import Decide, EdgeContext, Span, adjust_edges, to_spans, units_of
from tagmt.project.render import render_spans
from tagmt.project.units import respect_units, verbatim_spans
from tagmt.project.wordseg import Word, katakana_vocabulary, words_with_offsets
from tagmt.project.wordstore import LinkStore, WordStore

__all__ = [
    "Detagged",
    "SourceTag",
    "anchor_cognates",
    "anchor_glossary",
    "anchor_identical",
    "anchor_loanwords",
    "detag",
    "learn_examples",
    "project_batch",
    "project_tags",
]


def project_tags(
    detagged: Detagged,
    translation: str,
    src: list[Word],
    trg: list[Word],
    links: Links,
    decide: Decide = default_decision,
) -> str:
    """The translation with the tags of `detagged` inserted, given words and their links, with
    tag edges as `decide` says (the neutral default unless given learned `Conventions.decide`)."""
    return render_spans(translation, _spans(detagged, translation, src, trg, links, decide))[0]


def _spans(
    detagged: Detagged,
    translation: str,
    src: list[Word],
    trg: list[Word],
    links: Links,
    decide: Decide | None,
) -> list[Span]:
    """The tags of `detagged` placed on the translation, in characters, with their edges moved as
    `decide` says (None: as placed on the words)."""
    if not detagged.tags:
        return []
    if translation == detagged.plain:  # an untranslated segment: its tags stay where they are
        return [_as_span(tag, order) for order, tag in _top_level_orders(detagged)]
    placed = place_tags(detagged, src, trg, links, len(translation))
    spans = verbatim_spans(to_spans(placed, detagged.plain, translation, trg), detagged.plain,
                           translation, trg)
    if decide is None:
        return spans
    spans = adjust_edges(spans, detagged.plain, translation, trg, decide)
    return respect_units(spans, detagged.plain, translation, (src, trg, links))


def _top_level_orders(detagged: Detagged) -> list[tuple[int, SourceTag]]:
    orders = {id(tag): k for k, tag in enumerate(detagged.walk())}
    return [(orders[id(tag)], tag) for tag in detagged.tags]


def _as_span(tag: SourceTag, order: int) -> Span:
    """A source tag kept where it is (the child orders follow the source's walk)."""
    span = Span(tag, tag.start, tag.end, order, tag.start == tag.end and not tag.close)
    k = order + 1
    for child in tag.children:
        span.children.append(_as_span(child, k))
        k += sum(1 for _ in child.walk())
    return span


def project_batch(
    detagged: list[Detagged],
    translations: list[str],
    src_lang: str,
    trg_lang: str,
    aligner: Aligner,
    *,
    examples: Sequence[tuple[str | Detagged, str | Detagged]] = (),
    align_corpus: Sequence[tuple[str, str]] = (),
    model: ProjectionModel | None = None,
    lexicon: Lexicon | None = None,
) -> list[str]:
    """Project the tags of every source onto its translation, aligning all pairs at once.

    An aligner that learns from the corpus (eflomal) sees every pair, tagged or not, and the plain
    sides of the `examples` (tagged source and target pairs of the same domain, as tagged strings
    or already detagged) and of
    `align_corpus` (plain parallel text): more text gives better word links. A pretrained one
    (awesome) aligns only the pairs that have tags. The tagged examples are projected too, and
    what their references show — the conventions of tag edges (`conventions.py`) and the
    translations of tagged terms — is used for the segments themselves.

    `model` (`model.ProjectionModel`, `tagmt learn`): what was learned once from corpora and examples
    — eflomal's priors (the batch is aligned alone, with them), the edge conventions and the terms;
    `examples` given as well add to them.

    `lexicon` (`lexicon.Lexicon`): bilingual dictionaries whose entries anchor words (`anchor_lexicon`);
    a model's embedded entries are used too. None and no model entries: no dictionary anchors.
    """
    if len(detagged) != len(translations):
        raise TagmtError(
            f"cannot project {len(detagged)} sources onto {len(translations)} translations"
        )
    if model is not None:
        aligner = model.aligner_for(aligner)
    shown = [(_detagged(s), _detagged(t)) for s, t in examples]
    outputs, _, _ = _project(detagged, translations, src_lang, trg_lang, aligner, shown, align_corpus, model,
                             lexicon=lexicon)
    return outputs


def learn_examples(
    examples: Sequence[tuple[Detagged, Detagged]],
    src_lang: str,
    trg_lang: str,
    aligner: Aligner,
    *,
    vocabulary: frozenset[str] = frozenset(),
    lexicon: Lexicon | None = None,
) -> tuple[Conventions, dict[str, set[str]]]:
    """What tagged examples teach a projection, as `project_batch` learns it: the edge conventions of
    their projections onto their own references, and the term table (each tagged term's translations
    and each whole example segment's). `tagmt learn` keeps both in a projection model."""
    _, conventions, terms = _project([], [], src_lang, trg_lang, aligner, list(examples), (), None,
                                     vocabulary=vocabulary, lexicon=lexicon)
    return conventions, terms


def _project(
    detagged: list[Detagged],
    translations: list[str],
    src_lang: str,
    trg_lang: str,
    aligner: Aligner,
    shown: list[tuple[Detagged, Detagged]],
    align_corpus: Sequence[tuple[str, str]],
    model: ProjectionModel | None,
    *,
    vocabulary: frozenset[str] = frozenset(),
    lexicon: Lexicon | None = None,
) -> tuple[list[str], Conventions, dict[str, set[str]]]:
    """The projections of the batch, the conventions learned from `shown` (with the model's) and the
    example terms (`shown`'s whole segments and tagged terms, with the model's)."""
    n = len(detagged)
    sources = [*detagged, *(s for s, _ in shown)]
    texts = [*translations, *(t.plain for _, t in shown)]
    known = katakana_vocabulary([*texts, *(d.plain for d in sources)]) | vocabulary
    if model is not None:
        known |= model.vocabulary
    # (memory: every pair's words and links live until placement; `wordstore` keeps them compact and
    # gives each segment's `list[Word]` back as it is read)
    src = WordStore((d.plain, words_with_offsets(d.plain, src_lang, d.cuts(), vocabulary=known)) for d in sources)
    trg = WordStore((t, words_with_offsets(t, trg_lang, vocabulary=known)) for t in texts)
    table = batch_lexicon(lexicon, model, src, trg, src_lang, trg_lang)
    links = _links(aligner, sources, src, trg, src_lang, trg_lang, align_corpus, known, table)

    taught = batch_glossary(sources[n:], texts[n:])
    for term, found in example_terms(shown).items():
        taught.setdefault(term, set()).update(found)
    if model is not None:
        for term, found in model.terms.items():
            taught.setdefault(term, set()).update(found)
    glossary = batch_glossary(sources[:n], texts[:n])
    for term, found in taught.items():
        glossary.setdefault(term, set()).update(found)
    # each pass anchors a pair's links to the glossary as it reads the pair (memory: no pass holds
    # every pair's anchored links)
    first = [
        render_spans(t, _spans(d, t, s, w, anchor_glossary(d, t, s, w, link, glossary), default_decision))[1]
        if d.tags else {}
        for d, t, s, w, link in zip(sources[:n], texts, src, trg, links)
    ]
    for term, found in consistent_terms(detagged, translations, first).items():
        glossary.setdefault(term, found)
    del first  # (memory: the first pass's outputs are not needed any more)
    conventions = learn_conventions(
        Example(d, EdgeContext(t, units_of(t, w)), _spans(d, t, s, w, anchor_glossary(d, t, s, w, link, glossary),
                                                          None), ref)
        for d, t, s, w, link, (_, ref) in zip(
            sources[n:], texts[n:], src[n:], trg[n:], links[n:], shown
        )
        if d.tags
    )
    if model is not None:
        conventions.right.update(model.conventions.right)
        conventions.wrong.update(model.conventions.wrong)
    decide: Decide = conventions.decide if shown or model is not None else default_decision
    outputs = [
        project_tags(d, t, s, w, anchor_glossary(d, t, s, w, link, glossary), decide) if d.tags else t
        for d, t, s, w, link in zip(detagged, translations, src, trg, links)
    ]
    return outputs, conventions, taught


def _detagged(example: str | Detagged) -> Detagged:
    return detag(example) if isinstance(example, str) else example


def _links(
    aligner: Aligner,
    sources: list[Detagged],
    src: WordStore,
    trg: WordStore,
    src_lang: str,
    trg_lang: str,
    align_corpus: Sequence[tuple[str, str]],
    known: frozenset[str],
    table: dict[str, set[str]] | None = None,
) -> LinkStore:
    """Word links of every pair, with the anchors; extra plain text is aligned along when the
    aligner learns from the corpus. The aligner reads the word texts as it goes (`TokenLists`)."""
    learns = getattr(aligner, "learns_from_corpus", True)
    chosen = [k for k, d in enumerate(sources) if learns or d.tags]
    if not chosen:
        return LinkStore(set() for _ in sources)
    extra = list(align_corpus) if learns else []
    if learns and (unit_rule(src_lang), unit_rule(trg_lang)) != ("words", "words"):
        # a side aligned on coarser units too (Chinese: `alignunits.py`): both views, read from the stores
        found = align_words(
            aligner, src.pick(chosen), trg.pick(chosen), src_lang, trg_lang,
            [sources[k].cuts() for k in chosen],
            [(words_with_offsets(s, src_lang, vocabulary=known), words_with_offsets(t, trg_lang, vocabulary=known))
             for s, t in extra],
        )
    else:
        found = list(aligner.align(
            src.tokens(chosen, [[w.text for w in words_with_offsets(s, src_lang, vocabulary=known)] for s, _ in extra]),
            trg.tokens(chosen, [[w.text for w in words_with_offsets(t, trg_lang, vocabulary=known)] for _, t in extra]),
        ))
    links = LinkStore()
    where = dict(zip(chosen, range(len(found))))
    for k in range(len(sources)):
        if k not in where:
            links.append(set())
            continue
        s, w = src[k], trg[k]
        link = anchor_loanwords(s, src_lang, w, trg_lang, found[where[k]])
        if table:
            link = anchor_lexicon(s, src_lang, w, trg_lang, link, table)
        link = anchor_cognates(s, w, link)
        links.append(anchor_identical(s, w, link))
        if isinstance(found, list):
            found[where[k]] = set()  # (memory: each pair's links are held once, in the store)
    return links


def batch_lexicon(lexicon: Lexicon | None, model: ProjectionModel | None, src: WordStore, trg: WordStore,
                  src_lang: str, trg_lang: str) -> dict[str, set[str]]:
    """The dictionary entries whose two sides occur in the batch (`Lexicon.lookup` over every segment's
    units), from `lexicon` and the model's embedded entries."""
    entries = getattr(model, "lexicon", None) or {}
    if not lexicon and not entries:
        return {}
    if lexicon is None:
        lexicon = Lexicon(src_lang, trg_lang)
    if entries:
        lexicon = Lexicon(lexicon.src_lang, lexicon.trg_lang, lexicon.files, {**entries, **lexicon.entries},
                          lexicon.names)
    src_vocab: set[str] = set()
    trg_vocab: set[str] = set()
    for words in src:
        src_vocab |= unit_texts(words, src_lang)
    for words in trg:
        trg_vocab |= unit_texts(words, trg_lang)
    return lexicon.lookup(src_vocab, trg_vocab)


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
