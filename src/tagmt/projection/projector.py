"""Detag-and-project: strip the tags of a source segment, then put them into its translation.

A `Projector` (languages, aligner, model, dictionaries, `config.ProjectionConfig`) projects a batch
top to bottom (`Projector.project`):

1. words and sentence pairs of every pair, the batch's and the tagged examples' (`linking.Batch`:
   `wordseg.py`, source words cut at every tag boundary; `sentencepairs.py`);
2. the dictionary entries the batch needs (`linking.batch_lexicon`, `lexicon.py`) and the word links of
   all pairs at once with their anchors and confidences (`linking.batch_links`: `align.py`,
   `alignunits.py`, `anchors.py`, `repeats.py`, `confidence.py`);
3. the term tables (`terms.Terms`: the batch glossary, what the examples and the model teach);
4. a first pass over the tagged pairs, whose consistent tag translations join the glossary
   (`anchors.consistent_terms`);
5. the edge conventions learned from the examples' placed spans (`conventions.py`) and the span ranker
   learned from their projections (`rerank.py`), or the model's;
6. for each tagged pair: its links anchored to the glossary, a tag left with no link linked to its one dictionary,
   cognate or batch-linked partner (`loneterms.py`), a `context.PairContext`, the stages of the
   target language (`stages.Pipeline`: placing by `inside_outside.py`, then edges, units, lists, noun
   chains, the profile's extra stages, the paragraph pin), the ranker, and `render.py` (the translation is
   never altered: stripping the output gives it back exactly).

`project_batch`, `project_tags` and `learn_examples` are thin functions over it. What each part gained on
the benchmarks, and when, is in docs/projection-history.md. `detag`, `Detagged`, `SourceTag` and the
`anchor_*` functions are re-exported here for callers.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from tagmt.errors import TagmtError
from tagmt.projection.align import Aligner, Links
from tagmt.projection.anchors import (
    anchor_cognates,
    anchor_glossary,
    anchor_identical,
    anchor_loanwords,
    consistent_terms,
)
from tagmt.projection.config import DEFAULT, ProjectionConfig
from tagmt.projection.confidence import Weights, link_weights
from tagmt.projection.context import PairContext, Profiles
from tagmt.projection.conventions import (
    WHOLE_KEY, Conventions, Example, default_decision, has_interchangeable, learn_conventions, observe_order,
)
from tagmt.projection.detag import Detagged, SourceTag, detag
from tagmt.projection.edges import Decide, EdgeContext, Span, units_of
from tagmt.projection.lexicon import Lexicon
from tagmt.projection.linking import Batch, batch_lexicon, batch_links, short_lexicon
from tagmt.projection.loneterms import LoneEntries, batch_partners, link_lone_terms
from tagmt.projection.modelstore import ProjectionModel
from tagmt.projection.neighbours import PER_LINE, nearest
from tagmt.projection.render import render_spans
from tagmt.projection.rerank import Ranker, Segment, example_cases, learn_ranker
from tagmt.projection.stages import Pipeline
from tagmt.projection.terms import Terms, example_terms
from tagmt.projection.termphrases import Either, Terms as TermTable, keeps_whole, whole_cases
from tagmt.projection.wordseg import Word, katakana_vocabulary
from tagmt.projection.wordstore import LinkStore

__all__ = [
    "Detagged",
    "Projector",
    "SourceTag",
    "anchor_cognates",
    "anchor_glossary",
    "anchor_identical",
    "anchor_loanwords",
    "batch_lexicon",
    "detag",
    "example_terms",
    "learn_examples",
    "project_batch",
    "project_spans",
    "project_tags",
]


class Projector:
    """Projects the tags of batches of one language pair (`project`), or learns what tagged examples teach
    (`learn`, for `tagmt learn`).

    `model` (`model.ProjectionModel`, `tagmt learn`): what was learned once from corpora and examples —
    eflomal's priors (the batch is aligned alone, with them), the edge conventions, the terms, the span
    ranker and dictionary entries; examples given as well add to them. `lexicon` (`lexicon.Lexicon`):
    bilingual dictionaries whose entries anchor words (not the model's either when `lexicon.off`:
    `--lexicon none`; None and no model entries: no dictionary anchors). `vocabulary`: words the
    segmenters keep whole (a model's, when learning). `config`: the switches (`config.ProjectionConfig`).
    """

    def __init__(self, src_lang: str, trg_lang: str, aligner: Aligner, *, model: ProjectionModel | None = None,
                 lexicon: Lexicon | None = None, config: ProjectionConfig = DEFAULT,
                 vocabulary: frozenset[str] = frozenset()) -> None:
        self.src_lang, self.trg_lang = src_lang, trg_lang
        self.aligner = aligner if model is None else model.aligner_for(aligner)
        self.model, self.lexicon, self.config, self.vocabulary = model, lexicon, config, vocabulary
        self.profiles = Profiles.of(src_lang, trg_lang)
        self.pipeline = Pipeline.for_profile(self.profiles.trg)

    def project(self, detagged: list[Detagged], translations: list[str],
                examples: Sequence[tuple[str | Detagged, str | Detagged]] = (),
                align_corpus: Sequence[tuple[str, str]] = ()) -> list[str]:
        """The translations with the tags of their sources (see `project_batch`)."""
        if len(detagged) != len(translations):
            raise TagmtError(f"cannot project {len(detagged)} sources onto {len(translations)} translations")
        shown = [(_detagged(s), _detagged(t)) for s, t in examples]
        return self._run(detagged, translations, shown, align_corpus)[0]

    def learn(self, examples: Sequence[tuple[Detagged, Detagged]]
              ) -> tuple[Conventions, dict[str, set[str]], Ranker | None]:
        """What the tagged `examples` teach (see `learn_examples`)."""
        _, conventions, terms, ranker = self._run([], [], list(examples), ())
        return conventions, terms, ranker

    def context(self, batch: Batch, k: int, anchored: tuple[Links, Weights | None],
                decide: Decide = default_decision, source_order: bool = False, terms: TermTable | None = None
                ) -> PairContext:
        """Pair `k` of `batch` as the stages read it, with its (anchored) links and their weights, the edge
        decisions, whether interchangeable tags keep the source's order and the taught terms kept whole (all
        learned from the examples; `terms` None: none)."""
        return PairContext(batch.sources[k], batch.texts[k], batch.src[k], batch.trg[k], anchored[0], anchored[1],
                           decide, self.profiles, source_order=source_order, terms={} if terms is None else terms)

    def spans(self, ctx: PairContext) -> list[Span]:
        """The tags of `ctx` placed and moved by every stage of the target language."""
        return self.pipeline.spans(ctx)

    def placed_spans(self, ctx: PairContext) -> list[Span]:
        """The tags of `ctx` as placed on the words, before the rule stages (what conventions learn from)."""
        return self.pipeline.placed_spans(ctx)

    def _run(self, detagged: list[Detagged], translations: list[str], shown: list[tuple[Detagged, Detagged]],
             align_corpus: Sequence[tuple[str, str]]
             ) -> tuple[list[str], Conventions, dict[str, set[str]], Ranker | None]:
        """The projections of the batch, the conventions learned from `shown` (with the model's), the
        example terms (`shown`'s whole segments and tagged terms, with the model's) and, with the ranker
        on, the span ranker used (learned from `shown`, else the model's; None: none)."""
        model, n = self.model, len(detagged)
        sources = [*detagged, *(s for s, _ in shown)]
        texts = [*translations, *(t.plain for _, t in shown)]
        known = katakana_vocabulary([*texts, *(d.plain for d in sources)]) | self.vocabulary
        if model is not None:
            known |= model.vocabulary
        batch = Batch.of(sources, texts, (self.src_lang, self.trg_lang), known, self.config.sentence_pairs)
        progress = self.config.on_progress or _silent
        progress("aligning", 0, 0)
        parts: dict[str, set[str]] | None = {} if self.config.lone_terms and self.profiles.trg.closed_compounds \
            else None  # (a compound's first part, `küszöb` of `küszöbérték`: for `loneterms.py` alone)
        loose: dict[str, set[str]] | None = {} if self.config.lone_terms else None  # (one side polysemous: lone terms)
        table = batch_lexicon(self.lexicon, model, sources, batch.src, batch.trg, self.src_lang, self.trg_lang,
                              parts=parts, loose=loose)
        links = batch_links(self.aligner, batch, [*align_corpus, *self._along(detagged, known)], table)
        terms = Terms.of(batch, n, shown, model)
        lone = table
        if self.config.lone_terms and self.lexicon is not None and not self.lexicon.off:
            lone = {**table, **short_lexicon(self.lexicon, batch, self.profiles.src.function_words)}
            for word, found in (parts or {}).items():
                lone[word] = lone.get(word, set()) | found
            lone = LoneEntries(lone, loose)
        anchored = _Anchored(batch, links, terms.glossary, lone if self.config.lone_terms else None,
                             batch_partners((batch.src[k], batch.trg[k], links[k]) for k in range(len(sources))
                                            if sources[k].tags) if self.config.lone_terms else None)

        # first pass: the tag texts that got one translation in most of their projections join the glossary
        tagged = [k for k in range(n) if sources[k].tags]
        first: list[dict[int, tuple[int, int]]] = [_NOTHING] * n
        for done, k in enumerate(tagged, start=1):
            first[k] = render_spans(texts[k], self.spans(self.context(batch, k, anchored(k))))[1]
            progress("first pass", done, len(tagged))
        for term, found in consistent_terms(detagged, translations, first).items():
            terms.glossary.setdefault(term, found)
        del first  # (memory: the first pass's outputs are not needed any more)

        conventions = learn_conventions(self._example(batch, k, anchored, shown[k - n][1])
                                        for k in range(n, len(sources)) if sources[k].tags)
        for k in range(n, len(sources)):  # does the domain keep the source's order of interchangeable tags?
            if has_interchangeable(sources[k]):
                ctx = self.context(batch, k, anchored(k, {}))
                observe_order(conventions, sources[k], self.placed_spans(ctx), shown[k - n][1])
        if shown:  # do the examples keep taught terms whole? (`termphrases.py`; counted, so that a model keeps it)
            for counts, found in zip((conventions.right, conventions.wrong),
                                     whole_cases(shown, lambda k: terms.without_own(k)[1])):
                if found:
                    counts[WHOLE_KEY] += found
        if model is not None:
            conventions.right.update(model.conventions.right)
            conventions.wrong.update(model.conventions.wrong)
        decide: Decide = conventions.decide if shown or model is not None else default_decision
        order = decide is not default_decision and conventions.keeps_source_order()
        whole = keeps_whole(conventions.right[WHOLE_KEY], conventions.wrong[WHOLE_KEY])
        ranker = None
        if self.config.rerank and shown:
            ranker = self._learn_ranker(batch, shown, terms, anchored, decide, order, whole)
        if ranker is None and self.config.rerank and model is not None:
            ranker = model.ranker

        outputs = list(translations)
        for done, k in enumerate(tagged, start=1):
            ctx = self.context(batch, k, anchored(k), decide, order, Either(terms.taught, terms.elsewhere) if whole
                               else None)  # (the taught terms and the batch's whole segments: `termphrases.py`)
            spans = self.spans(ctx)
            if ranker is not None and ctx.translation != ctx.plain:
                ranker.rerank(Segment(ctx.detagged, ctx.translation, ctx.src, ctx.trg, ctx.links, terms.taught),
                              spans, self.config.on_rerank)
            outputs[k] = render_spans(ctx.translation, spans)[0]
            progress("placing tags", done, len(tagged))
        return outputs, conventions, terms.taught, ranker

    def _along(self, detagged: list[Detagged], known: frozenset[str]) -> list[tuple[str, str]]:
        """The model's stored examples nearest the batch's sources, aligned along (`neighbours.py`)."""
        if self.model is None or not self.model.examples or self.config.examples_along == 0:
            return []
        per_line = PER_LINE if self.config.examples_along is None else self.config.examples_along
        return nearest(self.model.examples, [d.plain for d in detagged if d.tags], self.src_lang, per_line,
                       vocabulary=known)

    def _example(self, batch: Batch, k: int, anchored: "_Anchored", reference: Detagged) -> Example:
        """Example pair `k` as placed, with no edge rule, and its reference (for `learn_conventions`)."""
        ctx = self.context(batch, k, anchored(k))  # (placed spans read no `decide`)
        return Example(ctx.detagged, EdgeContext(ctx.translation, units_of(ctx.translation, ctx.trg)),
                       self.placed_spans(ctx), reference)

    def _learn_ranker(self, batch: Batch, shown: list[tuple[Detagged, Detagged]], terms: Terms,
                      anchored: "_Anchored", decide: Decide, source_order: bool = False, whole: bool = False
                      ) -> Ranker | None:
        """The span ranker learned from the examples' own projections (`rerank.learn_ranker`). Each
        example is projected without the terms that it alone taught (`Terms.without_own`: the term table
        would anchor its tags to its own reference), as the batch's segments are projected without theirs.
        The examples are the pairs of `batch` after the batch's own; only the tagged ones are read (speed:
        an untagged pair only feeds the aligner and the batch glossary). `whole`: taught terms are kept whole
        (`termphrases.kept_whole`), each example's without its own."""
        n = len(batch.sources) - len(shown)
        cases = []
        for k, (_, ref) in enumerate(shown):
            d, t = batch.sources[n + k], batch.texts[n + k]
            if not d.tags or t == d.plain:
                continue
            loo_glossary, loo_taught = terms.without_own(k)
            ctx = self.context(batch, n + k, anchored(n + k, loo_glossary), decide, source_order,
                               Either(loo_taught, terms.elsewhere) if whole else None)
            spans = self.spans(ctx)
            cases.extend(example_cases(Segment(d, t, ctx.src, ctx.trg, ctx.links, loo_taught), spans, ref, k % 2))
        return learn_ranker(cases)


class _Anchored:
    """Pair `k`'s links anchored to a glossary as a pass reads the pair, and their weights
    (`confidence.py`). (memory: no pass holds every pair's anchored links; only tagged pairs are read.)"""

    def __init__(self, batch: Batch, links: LinkStore, glossary: dict[str, set[str]],
                 table: dict[str, set[str]] | None = None, seen: dict[str, set[str]] | None = None) -> None:
        self.batch, self.links, self.glossary = batch, links, glossary
        self.table, self.seen = table, seen  # (the dictionary entries and the batch's linked forms for
        # `loneterms.py`; None: that rule is off)
        self.weighted = links.has_weights()

    def __call__(self, k: int, glossary=None) -> tuple[Links, Weights | None]:
        b = self.batch
        final = anchor_glossary(b.sources[k], b.texts[k], b.src[k], b.trg[k], self.links[k],
                                self.glossary if glossary is None else glossary, b.pieces[k])
        if self.table is not None:  # a tag left with no link takes its one dictionary or cognate partner
            final = link_lone_terms(b.sources[k], b.src[k], b.trg[k], final, self.table, b.langs, self.seen,
                                    self.links.weighted(k) if self.weighted else None)
        return final, link_weights(final, self.links[k], self.links.weighted(k)) if self.weighted else None


_NOTHING: dict[int, tuple[int, int]] = {}
"""The first pass's placements of an untagged pair (read only)."""


def _detagged(example: str | Detagged) -> Detagged:
    return detag(example) if isinstance(example, str) else example


def _silent(phase: str, done: int, total: int) -> None:
    """No progress shown (`ProjectionConfig.on_progress` unset)."""


def project_batch(
    detagged: list[Detagged],
    translations: list[str],
    src_lang: str,
    trg_lang: str,
    aligner: Aligner,
    *,
    examples: Sequence[tuple[str | Detagged, str | Detagged]] = (),
    rerank: bool | None = None,
    **setup,
) -> list[str]:
    """Project the tags of every source onto its translation, aligning all pairs at once.

    An aligner that learns from the corpus (eflomal) sees every pair, tagged or not, and the plain
    sides of the `examples` (tagged source and target pairs of the same domain, as tagged strings
    or already detagged) and of `align_corpus` (plain parallel text): more text gives better word links.
    A pretrained one (awesome) aligns only the pairs that have tags. The tagged examples are projected
    too, and what their references show — the conventions of tag edges (`conventions.py`) and the
    translations of tagged terms — is used for the segments themselves.

    `setup`: `align_corpus`, and `Projector`'s keywords `model`, `lexicon`, `config`. `rerank` (None: the
    config's, on by default): each span tag's place is chosen among spans near the pipeline's by a ranker
    learned from the examples (`rerank.py`), or the model's when the examples teach none.
    """
    align_corpus = setup.pop("align_corpus", ())
    config = setup.pop("config", DEFAULT)
    if rerank is not None:
        config = replace(config, rerank=rerank)
    projector = Projector(src_lang, trg_lang, aligner, config=config, **setup)
    return projector.project(detagged, translations, examples, align_corpus)


def learn_examples(
    examples: Sequence[tuple[Detagged, Detagged]],
    src_lang: str,
    trg_lang: str,
    aligner: Aligner,
    *,
    vocabulary: frozenset[str] = frozenset(),
    lexicon: Lexicon | None = None,
    config: ProjectionConfig = DEFAULT,
) -> tuple[Conventions, dict[str, set[str]], Ranker | None]:
    """What tagged examples teach a projection, as `project_batch` learns it: the edge conventions of
    their projections onto their own references, the term table (each tagged term's translations
    and each whole example segment's) and the span ranker (`rerank.py`; None when they teach none).
    `tagmt learn` keeps them in a projection model."""
    projector = Projector(src_lang, trg_lang, aligner, lexicon=lexicon, config=config, vocabulary=vocabulary)
    return projector.learn(examples)


def project_tags(
    detagged: Detagged,
    translation: str,
    src: list[Word],
    trg: list[Word],
    links: Links,
    decide: Decide = default_decision,
    weights: Weights | None = None,
    profiles: Profiles | None = None,
) -> str:
    """The translation with the tags of `detagged` inserted, given words and their links, with
    tag edges as `decide` says (the neutral default unless given learned `Conventions.decide`);
    `weights`: the links' confidences, and weak links (`confidence.py`; None: every link counts 1);
    `profiles` (`context.Profiles.of(src_lang, trg_lang)`): the stages of the target language (None: every
    stage, each language rule deciding by the text)."""
    ctx = PairContext(detagged, translation, src, trg, links, weights, decide, profiles)
    return render_spans(translation, project_spans(ctx))[0]


def project_spans(ctx: PairContext) -> list[Span]:
    """The spans of `ctx`'s tags through the stages of its target language (`ctx.profiles`)."""
    return Pipeline.for_profile(None if ctx.profiles is None else ctx.profiles.trg).spans(ctx)
