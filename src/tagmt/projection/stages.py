"""The stages of one pair's projection: placing the tags on the words, then rules that move their edges.

Every stage has one interface (`Stage`: a `name`, `run(ctx, spans) -> spans` over a `context.PairContext`),
and one small class per stage calls its rule module with the context's fields. `STAGES` is the name →
class table (the registry pattern of sacrebleu's metrics and CTranslate2's models: each class says its
name and what it does). A pipeline (`Pipeline.for_profile`) runs, after placing the tags, `COMMON` (every
language), then the target profile's `extra_stages` (`profiles.Profile`), then `LAST`. Each stage class's docstring
says what its rule does, with an example; docs/architecture.md ("Projection stages in pipeline order") reads them
all top to bottom.

Placing (`place`: `inside_outside.place_tags` on the context's paragraph, `edges.to_spans`,
`units.verbatim_spans`) is the explicit first step. `Pipeline.placed_spans` gives the tags as placed,
with no edge rule (only the stages that belong to placing, `placing = True`: the paragraph pin): what
learning the edge conventions compares with the references (`conventions.learn_conventions`).
"""

from __future__ import annotations

from typing import ClassVar, Protocol, Sequence

from tagmt.projection.caseendings import after_case_endings
from tagmt.projection.chinesegrammar import keep_phrases
from tagmt.projection.clauseheads import clause_heads
from tagmt.projection.closemarks import after_closing_marks
from tagmt.projection.closedeojeols import open_phrases
from tagmt.projection.conventions import interchangeable
from tagmt.projection.copycuts import cut_copies
from tagmt.projection.context import PairContext
from tagmt.projection.detag import Detagged, SourceTag
from tagmt.projection.edges import Span, adjust_edges, to_spans
from tagmt.projection.edgewords import keep_outside
from tagmt.projection.enumerations import respect_lists
from tagmt.projection.eojeols import whole_eojeols
from tagmt.projection.footnotes import follow_phrases
from tagmt.projection.phrasepoints import close_phrases
from tagmt.projection.hyphenheads import keep_heads_outside
from tagmt.projection.innerglosses import take_inner_glosses
from tagmt.projection.inside_outside import place_tags
from tagmt.projection.labelcopies import label_copies
from tagmt.projection.labelphrases import label_phrases
from tagmt.projection.labels import quoted_labels, quoted_labels_kept
from tagmt.projection.labelwords import take_label_words
from tagmt.projection.locutions import whole_locutions
from tagmt.projection.nounchains import complete_chains
from tagmt.projection.nounheads import end_at_nouns
from tagmt.projection.nounprefixes import noun_prefixes
from tagmt.projection.outsidewords import drop_outside_words
from tagmt.projection.governedwords import governed_words
from tagmt.projection.pointanchors import anchor_points
from tagmt.projection.postpositionmarks import before_postpositions, postpositions_outside
from tagmt.projection.seams import keep_seams
from tagmt.projection.sharedheads import shared_heads
from tagmt.projection.profiles import Profile
from tagmt.projection.standalone import place_standalone
from tagmt.projection.spacedmarks import take_spaced_marks
from tagmt.projection.termphrases import whole_terms
from tagmt.projection.units import respect_units, verbatim_spans


class Stage(Protocol):
    """One step after placing: the spans of `ctx`'s tags in, the spans out (moved in place or anew)."""

    name: ClassVar[str]
    placing: ClassVar[bool]
    """Part of placing the tags (runs for `Pipeline.placed_spans` too), not an edge rule."""

    def run(self, ctx: PairContext, spans: list[Span]) -> list[Span]: ...


class QuotedLabels:
    """A span inside a quotation or bracket group of the translation that quotes its label takes the group's whole
    text (`labels.py`: `„<ui>Bericht drucken</ui>“` for `<ui>Print Report</ui>`); before the edge conventions,
    which then decide whether the marks go inside."""

    name = "quoted-labels"
    placing = False

    def run(self, ctx: PairContext, spans: list[Span]) -> list[Span]:
        return quoted_labels(spans, ctx)


class LabelQuotesKept:
    """A span the list rule grew past the whole group that quotes its label is cut back to the group
    (`labels.quoted_labels_kept`: `<ui>以及 [到期日]</ui>` → `以及 <ui>[到期日]</ui>`)."""

    name = "label-quotes-kept"
    placing = False

    def run(self, ctx: PairContext, spans: list[Span]) -> list[Span]:
        return quoted_labels_kept(spans, ctx)


class EdgeConventions:
    """Span edges moved over the units beside them as the edge conventions decide (`ctx.decide`)."""

    name = "edges"
    placing = False

    def run(self, ctx: PairContext, spans: list[Span]) -> list[Span]:
        return adjust_edges(spans, ctx.plain, ctx.translation, ctx.trg, ctx.decide, ctx=ctx)


class AdjacentSeams:
    """Two tags that touch in the source touch in the translation: the space between their words goes to the one the
    edge conventions let hold it (`seams.py`: `<g1>1,5 Millionen</g1><g2> Migranten` where the examples never end a
    tag with a space between words); after the paragraph pin, which puts the source's whitespace back."""

    name = "adjacent-seams"
    placing = False

    def run(self, ctx: PairContext, spans: list[Span]) -> list[Span]:
        return keep_seams(spans, ctx)


class TargetUnits:
    """No edge splits a verbatim token or dictionary word, nor crosses a bracket or quotation group,
    unless the source tag does; a tag that fills a source group fills the target's (`units.py`)."""

    name = "units"
    placing = False

    def run(self, ctx: PairContext, spans: list[Span]) -> list[Span]:
        return respect_units(spans, ctx)


class InnerGlosses:
    """A bracketed group the source writes beside a tag (`the <g>separate account</g> (B)`) that the translation writes
    between the words of the tag's translation is inside the span (`az <g>elkülönített (B-) számlára</g>`;
    `innerglosses.py`)."""

    name = "inner-glosses"
    placing = False

    def run(self, ctx: PairContext, spans: list[Span]) -> list[Span]:
        return take_inner_glosses(spans, ctx)


class CopiedCuts:
    """An edge inside a source token is put at the same offset of the token's copy in the translation
    (`H<g>2</g>O` → `H<g>2</g>O-Pilotprojekt`; `copycuts.py`)."""

    name = "copied-cuts"
    placing = False

    def run(self, ctx: PairContext, spans: list[Span]) -> list[Span]:
        return cut_copies(spans, ctx)


class StandaloneCodes:
    """A point glued to a number the translation copies (`2.1.1.<x/>`) goes to the same side of the copy; a point
    with a space beside it fills a hole the translation left after wide punctuation (`、 `) or stays before a
    bracketed gloss (`see <xref/> (…)`; `standalone.py`)."""

    name = "standalone-codes"
    placing = False

    def run(self, ctx: PairContext, spans: list[Span]) -> list[Span]:
        return place_standalone(spans, ctx)


class FootnoteMarks:
    """A point written against the end of a word (a footnote marker: `the Regulation<x/> applies`) goes right after
    the last word of the translation of the noun phrase that word ends, wherever the translation's word order puts
    it (`die Verordnung<x/> gilt`, `einen einheitlichen Begleitschein<x/> verwenden`; `footnotes.py`)."""

    name = "footnote-marks"
    placing = False

    def run(self, ctx: PairContext, spans: list[Span]) -> list[Span]:
        return follow_phrases(spans, ctx)


class PhrasePoints:
    """A point written against the end of a word goes right after the consistent target block of the phrase that
    word ends (`phrasepoints.py`: `az 1303/2013/EU rendelet<x/>`, `les autorités compétentes<x/>`)."""

    name = "phrase-points"
    placing = False

    def run(self, ctx: PairContext, spans: list[Span]) -> list[Span]:
        return close_phrases(spans, ctx)


class PostpositionMarks:
    """A footnote marker the links put after a postposition (a word of the target profile's `postpositions`) goes
    before it, at the end of the phrase it annotates (`a 2015–2017 közötti időszak<x/> vonatkozásában`,
    `sopimuksen<x/> mukaan`; `postpositionmarks.py`)."""

    name = "postposition-marks"
    placing = False

    def run(self, ctx: PairContext, spans: list[Span]) -> list[Span]:
        return before_postpositions(spans, ctx)


class OutsideWords:
    """A word at a span's edge that translates a source word outside the tag leaves the span when its links into
    the tag only double what the span's other words translate (`the <ui>Save</ui> button` → `<ui>저장</ui> 버튼`,
    not `<ui>저장 버튼</ui>`; `outsidewords.py`)."""

    name = "outside-words"
    placing = False

    def run(self, ctx: PairContext, spans: list[Span]) -> list[Span]:
        return drop_outside_words(spans, ctx)


class SpacedMarks:
    """A tag that encloses a colon (`; ! ?`) in the source takes the translation's mark with the space the language
    writes before it (`<b>Note:</b>` → `<b>Remarque :</b>`; `spacedmarks.py`)."""

    name = "spaced-marks"
    placing = False

    def run(self, ctx: PairContext, spans: list[Span]) -> list[Span]:
        return take_spaced_marks(spans, ctx)


class PostpositionEdges:
    """A postposition at a span's end that translates nothing of its tag leaves the span, where the profile lists the
    language's postpositions (`fenntartható <g>jövő</g> érdekében` for `for a sustainable <g>future</g>`;
    `postpositionmarks.postpositions_outside`)."""

    name = "postposition-edges"
    placing = False

    def run(self, ctx: PairContext, spans: list[Span]) -> list[Span]:
        return postpositions_outside(spans, ctx)


class CaseEndings:
    """A point the links put between a copied word and the case ending the translation writes after a mark (`az
    EU<x/>-ban`, `EU<x/>:ssa`) follows the whole word form (`az EU-ban<x/>`; `caseendings.py`)."""

    name = "case-endings"
    placing = False

    def run(self, ctx: PairContext, spans: list[Span]) -> list[Span]:
        return after_case_endings(spans, ctx)


class ClosingMarks:
    """A point glued after a closing bracket or quote goes after the translation's group that holds its group's
    images; one after an abbreviation's stop, after the abbreviation's translation (`closemarks.py`: `„De-minimis“<x/>`,
    `stb.<x/>`)."""

    name = "closing-marks"
    placing = False

    def run(self, ctx: PairContext, spans: list[Span]) -> list[Span]:
        return after_closing_marks(spans, ctx)


class PointAnchors:
    """A point at an edge of its parent's text stays at that edge; one against a bracket or quotation mark stays
    against the translation's corresponding mark (`pointanchors.py`: `text.<ex/>`, `“Title”<x/>`)."""

    name = "point-anchors"
    placing = False

    def run(self, ctx: PairContext, spans: list[Span]) -> list[Span]:
        return anchor_points(spans, ctx)


class Lists:
    """Coordinated sibling tags take the translation's list items in order; a span takes in no list
    separator its source tag lacks (`enumerations.py`)."""

    name = "lists"
    placing = False

    def run(self, ctx: PairContext, spans: list[Span]) -> list[Span]:
        return respect_lists(spans, ctx)


class LabelCopies:
    """In Korean and Japanese, a label's span on the copy of its words the translation writes as a predicate's stem
    (`편집|하려면`, `編集|します`) goes to the copy written as a noun (`<ui>편집</ui>을`) where the source writes the
    tag's word again (`labelcopies.py`: `Choose <ui>Edit</ui> to edit the item`)."""

    name = "label-copies"
    placing = False

    def run(self, ctx: PairContext, spans: list[Span]) -> list[Span]:
        return label_copies(spans, ctx)


class NounChains:
    """A span that cuts a Korean or Japanese noun chain takes the chain's free nouns (`nounchains.py`)."""

    name = "noun-chains"
    placing = False

    def run(self, ctx: PairContext, spans: list[Span]) -> list[Span]:
        return complete_chains(spans, ctx)


class LabelPhrases:
    """In a head-final language, a label's span takes the words its phrase joins with an internal particle
    (`<ui>정상으로 표시</ui>`, `<ui>正常としてマーク</ui>` for `Marked as Correct`) and leaves the case particle and
    predicate after the phrase out (`<ui>勘定に自動転記済</ui>に設定`; `labelphrases.py`)."""

    name = "label-phrases"
    placing = False

    def run(self, ctx: PairContext, spans: list[Span]) -> list[Span]:
        return label_phrases(spans, ctx)


class EdgeWords:
    """A function word at a span's edge linked to nothing of its source tag leaves the span where the examples'
    references keep that word outside (`Klicken Sie auf <ui>Drucken</ui>`, `<ui>保存</ui>を`; `edgewords.py`)."""

    name = "edge-words"
    placing = False

    def run(self, ctx: PairContext, spans: list[Span]) -> list[Span]:
        return keep_outside(spans, ctx)


class TaughtTerms:
    """A span tag whose source term the examples translate as a multi-word unit takes the whole unit where it
    overlaps the span (`les <g>parties prenantes</g>`, not `les parties <g>prenantes</g>`), or sheds the words
    beside it that translate nothing of the tag (`termphrases.py`; `PairContext.terms`, learned)."""

    name = "taught-terms"
    placing = False

    def run(self, ctx: PairContext, spans: list[Span]) -> list[Span]:
        return whole_terms(spans, ctx)


class ChinesePhrases:
    """No edge cuts a Chinese circumposition; an aspect adverb goes with its verb (`chinesegrammar.py`)."""

    name = "chinese-phrases"
    placing = False

    def run(self, ctx: PairContext, spans: list[Span]) -> list[Span]:
        return keep_phrases(spans, ctx)


class LabelWords:
    """A span whose source tag holds unlinked content words takes as many unlinked words beside it as run up to a
    phrase boundary, in a spaced language (`labelwords.py`: `auf <ui>Bericht drucken</ui>`)."""

    name = "label-words"
    placing = False

    def run(self, ctx: PairContext, spans: list[Span]) -> list[Span]:
        return take_label_words(spans, ctx)


class HyphenHeads:
    """A span that ends on the head of a label's hyphen compound (`Tallenna-painiketta`, `Datei-Menü`) that translates
    nothing of its tag ends before the hyphen, where the profile says the language writes such compounds
    (`hyphenheads.py`)."""

    name = "hyphen-heads"
    placing = False

    def run(self, ctx: PairContext, spans: list[Span]) -> list[Span]:
        return keep_heads_outside(spans, ctx)


class WholeEojeols:
    """No edge splits the lexical part of a Korean eojeol: an edge between two of its lexical morphemes moves out to
    its grammatical ones (`<ui>메시지 미리보기</ui>에서는`, not `<ui>메시지 미리</ui>보기에서는`; `eojeols.py`)."""

    name = "whole-eojeols"
    placing = False

    def run(self, ctx: PairContext, spans: list[Span]) -> list[Span]:
        return whole_eojeols(spans, ctx)


class ClosedEojeols:
    """No Korean span opens with an eojeol that closes a phrase of its own — a topic, subject or object particle or a
    connective ending — that the vote does not tie to the tag (`이를 <ui>매핑된 … 내역</ui>`; `closedeojeols.py`)."""

    name = "closed-eojeols"
    placing = False

    def run(self, ctx: PairContext, spans: list[Span]) -> list[Span]:
        return open_phrases(spans, ctx)


class NounPrefixes:
    """No Japanese span starts between a noun prefix and its noun (IPADIC 接頭詞): the prefix goes in
    (`<emphasis>未請求債権</emphasis>`, not `未<emphasis>請求債権</emphasis>`), unless it is linked only to source words
    outside the tag (`nounprefixes.py`)."""

    name = "noun-prefixes"
    placing = False

    def run(self, ctx: PairContext, spans: list[Span]) -> list[Span]:
        return noun_prefixes(spans, ctx)


class ClauseHeads:
    """A Japanese or Korean label's span that leaves a word of the label untranslated ends at that word's noun after
    the short relative clause between (`<ui>十分な能力があるスロット</ui>`, not `<ui>十分な能力</ui>があるスロット`, the head
    linked only weakly; `clauseheads.py`)."""

    name = "clause-heads"
    placing = False

    def run(self, ctx: PairContext, spans: list[Span]) -> list[Span]:
        return clause_heads(spans, ctx)


class NounHeads:
    """In a language that capitalizes its nouns and writes their modifiers before them (German), the span of a
    one-word term ends at its noun: a lower-case word after it that translates nothing of the tag the noun does not
    leaves (`<g>Gruppen</g> dabei`, `<g>Unternehmergeist</g> zu`; `nounheads.py`)."""

    name = "noun-heads"
    placing = False

    def run(self, ctx: PairContext, spans: list[Span]) -> list[Span]:
        return end_at_nouns(spans, ctx)


class GovernedWords:
    """Between two adjacent tags, a preposition, article or conjunction at the first one's end goes to the second,
    whose words it governs (`governedwords.py`: `<g1>1,5 million </g1><g2>de migrants</g2>`)."""

    name = "governed-words"
    placing = False

    def run(self, ctx: PairContext, spans: list[Span]) -> list[Span]:
        return governed_words(spans, ctx)


class GovernedAfterPin:
    """`governed-words` again after the paragraph pin, for the languages that run it: two tags that tile a segment are
    blocks the pin puts back on the parts the links cut its sentence into, which undoes the hand-over at the cut
    (`<g1>1,5 million de </g1><g2>migrants…`); an edge the links cut is not firm, so the function word goes to the
    second block again (`<g1>1,5 million </g1><g2>de migrants…`). Only in a pair the pin acts on (`ctx.paragraph`)."""

    name = "governed-after-pin"
    placing = False

    def run(self, ctx: PairContext, spans: list[Span]) -> list[Span]:
        profile = ctx.trg_profile
        if ctx.paragraph is None or profile is None or "governed-words" not in profile.extra_stages:
            return spans
        return governed_words(spans, ctx)


class Locutions:
    """No tag edge cuts a multi-word expression the language uses as one word: a span on part of a listed locution whose
    words there are its tag's takes the rest (`locutions.py`: `<g>en grande partie</g>`, `<g>autour de</g>`)."""

    name = "locutions"
    placing = False

    def run(self, ctx: PairContext, spans: list[Span]) -> list[Span]:
        return whole_locutions(spans, ctx)


class SourceOrder:
    """Where the examples keep the source's order of interchangeable tags (`<g id="1">`, `<g id="2">`) although the
    words reorder (`PairContext.source_order`, learned: `conventions.keeps_source_order`), interchangeable leaf
    siblings take the source's tags in the order their spans come in the translation: the spans stay, the ids
    follow the source's order (`le <g1>rapport</g1> <g2>annuel</g2>` for `the <g1>annual</g1> <g2>report</g2>`)."""

    name = "source-order"
    placing = False

    def run(self, ctx: PairContext, spans: list[Span]) -> list[Span]:
        if ctx.source_order:
            _in_source_order(spans)
        return spans


def _in_source_order(nodes: list[Span]) -> None:
    groups: dict[tuple[str, str], list[Span]] = {}
    for node in nodes:
        if node.children:
            _in_source_order(node.children)
        elif not node.point and node.start < node.end:
            groups.setdefault(interchangeable(node.tag), []).append(node)
    for group in groups.values():
        if len(group) < 2 or len({node.tag.open for node in group}) < len(group):
            continue  # (tags written alike keep their order by themselves)
        tags = sorted(((node.order, node.tag) for node in group), key=lambda item: item[0])
        for node, (order, tag) in zip(sorted(group, key=lambda node: (node.start, node.end)), tags):
            node.order, node.tag = order, tag


class SharedHeads:
    """Coordinated labels that share a head the source writes once after them (`both <ui>classic</ui> and
    <ui>enhanced</ui> modes`) leave the translation's copies of that head outside (`<ui>従来</ui>モードと<ui>拡張</ui>モード`,
    not `<ui>従来モード</ui>`; `sharedheads.py`)."""

    name = "shared-heads"
    placing = False

    def run(self, ctx: PairContext, spans: list[Span]) -> list[Span]:
        return shared_heads(spans, ctx)


class ParagraphPin:
    """In a pair of several sentences, the block tags back on their sentences after the edge rules
    (`paragraphs.Paragraph.pin`); nothing in a one-sentence pair."""

    name = "paragraph-pin"
    placing = True

    def run(self, ctx: PairContext, spans: list[Span]) -> list[Span]:
        return spans if ctx.paragraph is None else ctx.paragraph.pin(spans)


STAGES: dict[str, type[Stage]] = {
    stage.name: stage for stage in (QuotedLabels, EdgeConventions, TargetUnits, CopiedCuts, StandaloneCodes, Lists,
                                    LabelQuotesKept, NounChains, LabelPhrases, EdgeWords, TaughtTerms, ChinesePhrases,
                                    LabelWords, HyphenHeads, SourceOrder, ParagraphPin, FootnoteMarks,
                                    NounHeads, GovernedWords, WholeEojeols, PostpositionMarks, InnerGlosses,
                                    PostpositionEdges, CaseEndings, LabelCopies, AdjacentSeams, Locutions, PointAnchors,
                                    SpacedMarks, OutsideWords, PhrasePoints, NounPrefixes, ClauseHeads,
                                    ClosingMarks, SharedHeads, ClosedEojeols, GovernedAfterPin)
}
"""Every stage by its name."""
COMMON = ("quoted-labels", "taught-terms", "edges", "units", "inner-glosses", "copied-cuts", "standalone-codes",
          "footnote-marks", "phrase-points", "postposition-marks", "case-endings", "closing-marks", "point-anchors", "lists",
          "label-quotes-kept",
          "label-copies", "noun-chains", "label-phrases", "edge-words", "outside-words")
"""The rule stages every language runs, in order, before its profile's `extra_stages`."""
LAST = ("shared-heads", "source-order", "paragraph-pin", "governed-after-pin", "adjacent-seams")
"""The stages after the profile's."""


def stage_names(profile: Profile | None) -> tuple[str, ...]:
    """The stage names a target language runs; None (no language known): every stage, the language rules
    deciding by the text (what `project_tags` without a language did before profiles)."""
    extra = profile.extra_stages if profile is not None else tuple(
        name for name in STAGES if name not in COMMON and name not in LAST)
    return (*COMMON, *extra, *LAST)


class Pipeline:
    """Placing the tags of a pair, then its stages in order."""

    def __init__(self, stages: Sequence[Stage]) -> None:
        self.stages = tuple(stages)

    @classmethod
    def for_profile(cls, profile: Profile | None) -> "Pipeline":
        return cls([STAGES[name]() for name in stage_names(profile)])

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(stage.name for stage in self.stages)

    def spans(self, ctx: PairContext) -> list[Span]:
        """The tags of `ctx` placed on the translation, in characters, through every stage."""
        return self._run(ctx, self.stages)

    def placed_spans(self, ctx: PairContext) -> list[Span]:
        """The tags of `ctx` as placed on the words, with no edge rule (the placing stages only)."""
        return self._run(ctx, [stage for stage in self.stages if stage.placing])

    @staticmethod
    def _run(ctx: PairContext, stages: Sequence[Stage]) -> list[Span]:
        if not ctx.detagged.tags:
            return []
        if ctx.translation == ctx.plain:  # an untranslated segment: its tags stay where they are
            return kept(ctx.detagged)
        spans = place(ctx)
        for stage in stages:
            spans = stage.run(ctx, spans)
        return spans


def place(ctx: PairContext) -> list[Span]:
    """The tags placed on the target words by the inside–outside rule (`inside_outside.place_tags`, in the
    context's paragraph when it has several sentences), in characters, a tag with a verbatim copy of its
    source text in the translation on that copy (`units.verbatim_spans`)."""
    placed = place_tags(ctx.detagged, ctx.src, ctx.trg, ctx.links, len(ctx.translation), ctx.weights,
                        ctx.paragraph, ctx=ctx)
    return verbatim_spans(to_spans(placed, ctx.plain, ctx.translation, ctx.trg), ctx.plain, ctx.translation,
                          ctx.trg)


def kept(detagged: Detagged) -> list[Span]:
    """The source's tags where they are (an untranslated segment)."""
    orders = {id(tag): k for k, tag in enumerate(detagged.walk())}
    return [_as_span(tag, orders[id(tag)]) for tag in detagged.tags]


def _as_span(tag: SourceTag, order: int) -> Span:
    """A source tag kept where it is (the child orders follow the source's walk)."""
    span = Span(tag, tag.start, tag.end, order, tag.start == tag.end and not tag.close)
    k = order + 1
    for child in tag.children:
        span.children.append(_as_span(child, k))
        k += sum(1 for _ in child.walk())
    return span
