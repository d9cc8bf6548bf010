"""What the stages of one pair's projection read, made once per pair by the projector (`PairContext`).

A pair is a detagged source, its translation, both sides' words (`wordseg.Word`: text, character
offsets, kind), the word links with their weights (`confidence.py`), the edge conventions' `decide`
and the two languages' profiles (`profiles.profile_for`). The rest is derived from them on first read
and kept for the other stages: word offsets, kinds as `WordKind`, each target word's linked source
words (`nounchains.link_owners`), the translation's dictionary pieces (`units.dictionary_pieces`), its
bracket and quotation groups (`units.groups_of`) and the paragraph of a pair of several sentences
(`paragraphs.paragraph_of`). A context belongs to one projection of the pair: placing tags and pinning
them read the same paragraph.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property
from typing import Mapping, NamedTuple

from tagmt.projection.align import Links
from tagmt.projection.confidence import Weights
from tagmt.projection.conventions import default_decision
from tagmt.projection.detag import Detagged
from tagmt.projection.edges import Decide, EdgeContext, Unit, units_of
from tagmt.projection.nounchains import link_owners
from tagmt.projection.paragraphs import Paragraph, paragraph_of
from tagmt.projection.profiles import Profile, profile_for
from tagmt.projection.units import dictionary_pieces, groups_of
from tagmt.projection.wordseg import Word


class WordKind(str, Enum):
    """A word's coarse kind as the segmenters decide it (`wordseg.Word.kind`, whose docstring says what
    each means); the values are the strings `Word.kind` holds."""

    CONTENT = "content"
    PARTICLE = "particle"
    POSTPOSITION = "postposition"
    PUNCT = "punct"
    VERB = "verb"
    AUXILIARY = "auxiliary"
    ENDING = "ending"
    OTHER = "other"


class Profiles(NamedTuple):
    """The source and target languages' profiles."""

    src: Profile
    trg: Profile

    @classmethod
    def of(cls, src_lang: str, trg_lang: str) -> "Profiles":
        return cls(profile_for(src_lang), profile_for(trg_lang))


@dataclass
class PairContext:
    """One tagged pair as the pipeline's stages read it."""

    detagged: Detagged
    translation: str
    src: list[Word]
    trg: list[Word]
    links: Links
    weights: Weights | None = None
    """The links' confidences and weak links (`confidence.link_weights`; None: every link counts 1)."""
    decide: Decide = default_decision
    """Where the edge conventions move a span's edges (`conventions.Conventions.decide` when learned)."""
    profiles: Profiles | None = None
    """None: the languages are not known (`project_tags` without them); every stage runs and the
    language rules decide by the text, as they do anyway."""
    source_order: bool = False
    """The examples keep the source's order of interchangeable tags where the words reorder
    (`conventions.Conventions.keeps_source_order`): the `source-order` stage renumbers them."""
    terms: Mapping[str, set[str]] = field(default_factory=dict)
    """What the examples teach a tagged term becomes (term → translations), where they keep taught terms whole
    (`termphrases.keeps_whole`, learned, kept in a model): the `taught-terms` stage takes them whole; empty: it does nothing."""

    @property
    def plain(self) -> str:
        """The source's text without its tags."""
        return self.detagged.plain

    @property
    def aligned(self) -> tuple[list[Word], list[Word], Links]:
        """Source words, target words, links: the `aligned` argument of the unit and list rules."""
        return self.src, self.trg, self.links

    @cached_property
    def src_starts(self) -> list[int]:
        return [w.start for w in self.src]

    @cached_property
    def trg_starts(self) -> list[int]:
        return [w.start for w in self.trg]

    @cached_property
    def src_kinds(self) -> list[WordKind]:
        return [WordKind(w.kind) for w in self.src]

    @cached_property
    def trg_kinds(self) -> list[WordKind]:
        return [WordKind(w.kind) for w in self.trg]

    @cached_property
    def owners(self) -> dict[int, list[tuple[int, float]]]:
        """Each target word's linked source words with their confidences (`nounchains.link_owners`)."""
        return link_owners(self.links, self.weights, len(self.src), len(self.trg))

    @cached_property
    def pieces(self) -> list[tuple[int, int]]:
        """The translation's dictionary words as character spans (`units.dictionary_pieces`)."""
        return dictionary_pieces(self.translation)

    @cached_property
    def groups(self) -> list[tuple[int, int]]:
        """The translation's bracket and quotation groups (`units.groups_of`)."""
        return groups_of(self.translation)

    @cached_property
    def paragraph(self) -> Paragraph | None:
        """The pair's `paragraphs.Paragraph` when its source has two or more units, else None."""
        return paragraph_of(self.detagged, self.translation, self.src, self.trg, self.links, self.weights, ctx=self)

    @property
    def trg_profile(self) -> Profile | None:
        """The target language's profile (None: the languages are not known)."""
        return None if self.profiles is None else self.profiles.trg

    @cached_property
    def units(self) -> list[Unit]:
        """The translation cut into the units an edge moves over (`edges.units_of`)."""
        return units_of(self.translation, self.trg)

    @cached_property
    def edge_context(self) -> EdgeContext:
        """What the edge conventions' decisions read besides a unit (`edges.EdgeContext`)."""
        return EdgeContext(self.translation, self.units)

    @cached_property
    def source_groups(self) -> list[tuple[int, int]]:
        """The source's bracket and quotation groups (`units.groups_of` of `plain`)."""
        return groups_of(self.plain)

    @property
    def family(self) -> str | None:
        """The target profile's family (`profiles.Profile.family`: japanese, korean, chinese, spaced,
        unspaced); None when the languages are not known: the rules then guess from the script."""
        return None if self.trg_profile is None else self.trg_profile.family
