"""Assess a projection against a tagged reference: exact segments and why the others miss.

A projected segment is *exact* when it equals the tagged reference character for character. For the
others, every tag is matched with the reference tag written the same way (the k-th `<b>` with the
k-th `<b>`) and its span in the plain text compared; a tag's error is the first that applies:

  nesting      the tag has another parent than in the reference (re-nested), or all spans agree
               but the tags are written in another order
  point        a tag that is a point in the reference or the output sits elsewhere (by more than
               whitespace or punctuation)
  words        the span covers other words than the reference span
  punctuation  the spans differ only by punctuation, brackets, quotes or symbols (and whitespace)
               at their edges: `<b>[Name]</b>` against `[<b>Name</b>]`
  whitespace   the spans differ only by whitespace at their edges: `<g> 1 000</g>` against
               ` <g>1 000</g>`

A segment that is not exact takes the most severe error of its tags, in the order above, after two
that concern the whole segment: `text differs` (the output's plain text is not the reference's: a
projection onto another translation cannot be scored span by span) and `tags differ` (the reference
has other tags than the output: no projection of the source's tags could match it).
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from typing import Sequence

from tagmt.errors import TagmtError
from tagmt.markup import tokenize
from tagmt.metrics.pairing import pair_in_order
from tagmt.plaintext import plain_text
from tagmt.projection.detag import SourceTag, detag

SEGMENT_ERRORS = ("text differs", "tags differ")
TAG_ERRORS = ("nesting", "point", "words", "punctuation", "whitespace")
ERRORS = SEGMENT_ERRORS + TAG_ERRORS
"""Error classes, most severe first."""


@dataclass(frozen=True)
class TagOutcome:
    """One tag of a projected segment: its element name and its error (`exact` when right)."""

    name: str
    error: str


@dataclass(frozen=True)
class SegmentAssessment:
    """A projected segment against its reference: `error` is `exact` or the segment's class."""

    error: str
    tags: tuple[TagOutcome, ...] = ()

    @property
    def exact(self) -> bool:
        return self.error == "exact"


def _plain(tagged: str) -> str:
    """The text without its tags: every well-written tag of a projected or reference segment is markup
    (as in projection's own detag), paired or not."""
    return plain_text(tagged, escaped=False)  # compared with another tagged string's, both as written


def _name(markup: str) -> str:
    tokens = tokenize(markup, orphans=True)
    return tokens[0].name if tokens and tokens[0].is_markup else markup


def _paired(
    want: list[tuple[SourceTag, SourceTag | None]], got: list[tuple[SourceTag, SourceTag | None]]
) -> tuple[dict[int, SourceTag], list[SourceTag]]:
    """Each output tag's reference partner (by `id` of the output tag) and the reference tags left
    without one. Paired by sequence alignment (`metrics.pairing.pair_in_order`), as the per-tag
    report does: first on how a tag is written and its span, then on how it is written alone, then
    tags moved across others — so one dropped or extra tag leaves the pairing of the others alone
    (pairing the k-th `<b>` with the k-th made every later `<b>` an error)."""
    def written(item: tuple[SourceTag, SourceTag | None]) -> tuple[str, str]:
        return (item[0].open, item[0].close)

    def placed(item: tuple[SourceTag, SourceTag | None]) -> tuple:
        return (*written(item), item[0].start, item[0].end)

    pairing = pair_in_order(want, got, (placed, written), (written,))
    partner = {id(got[j][0]): want[i][0] for i, j in pairing.in_order + pairing.moved}
    return partner, [want[i][0] for i in pairing.left_a]


def _with_parents(roots: Sequence[SourceTag]) -> list[tuple[SourceTag, SourceTag | None]]:
    found: list[tuple[SourceTag, SourceTag | None]] = []

    def walk(tag: SourceTag, parent: SourceTag | None) -> None:
        found.append((tag, parent))
        for child in tag.children:
            walk(child, tag)

    for root in roots:
        walk(root, None)
    return found


def _is_punct(char: str) -> bool:
    return unicodedata.category(char)[0] in "PS"


def _edge_error(text: str, got: SourceTag, want: SourceTag) -> str:
    """How a tag's span `got` differs from the reference span `want` over the same `text`."""
    if (got.start, got.end) == (want.start, want.end):
        return "exact"
    differs = text[min(got.start, want.start) : max(got.start, want.start)]
    differs += text[min(got.end, want.end) : max(got.end, want.end)]
    if all(c.isspace() for c in differs):
        return "whitespace"
    if all(c.isspace() or _is_punct(c) for c in differs):
        return "punctuation"
    return "point" if got.start == got.end or want.start == want.end else "words"


def _same_text(got_plain: str, want_plain: str, output: str, reference: str) -> bool:
    return got_plain == want_plain and _plain(output) == _plain(reference)


def same_text(output: str, reference: str) -> bool:
    """Whether ``output`` and ``reference`` have the same text without their tags: the segments whose tags
    :func:`assess_segment` can place span by span (the others are ``text differs``)."""
    return output == reference or _same_text(detag(output).plain, detag(reference).plain, output, reference)


def has_tags(output: str, reference: str) -> bool:
    """Whether :func:`assess` counts the segment: it has tags in the output or the reference."""
    return any(t.is_markup for t in tokenize(output, orphans=True)) or any(
        t.is_markup for t in tokenize(reference, orphans=True))


def assess_segment(output: str, reference: str) -> SegmentAssessment:
    """Compare one projected segment with its tagged reference (see the module docstring)."""
    if output == reference:
        names = [t.name for t in tokenize(output, orphans=True) if t.kind in ("start", "empty")]
        return SegmentAssessment("exact", tuple(TagOutcome(n, "exact") for n in names))
    got_tree, want_tree = detag(output), detag(reference)
    got = _with_parents(got_tree.tags)
    want = _with_parents(want_tree.tags)
    if not _same_text(got_tree.plain, want_tree.plain, output, reference):
        return SegmentAssessment(
            "text differs", tuple(TagOutcome(_name(tag.open), "text differs") for tag, _ in got)
        )
    partner, missing = _paired(want, got)
    ref_parent = {id(tag): parent for tag, parent in want}
    outcomes: list[TagOutcome] = []
    for tag, parent in got:
        ref_tag = partner.get(id(tag))
        if ref_tag is None:
            outcomes.append(TagOutcome(_name(tag.open), "tags differ"))
            continue
        wanted_parent = ref_parent[id(ref_tag)]
        if parent is None or wanted_parent is None:
            same_parent = parent is None and wanted_parent is None
        else:
            same_parent = partner.get(id(parent)) is wanted_parent
        error = _edge_error(got_tree.plain, tag, ref_tag) if same_parent else "nesting"
        outcomes.append(TagOutcome(_name(tag.open), error))
    outcomes.extend(TagOutcome(_name(tag.open), "tags differ") for tag in missing)
    errors = {o.error for o in outcomes}
    worst = next((e for e in ERRORS if e in errors), "nesting")  # all spans right: order differs
    return SegmentAssessment(worst, tuple(outcomes))


@dataclass(frozen=True)
class Miss:
    """A segment not placed exactly, located: `id` is its line number (`id_kind` "line", from 1), its
    unit id ("unit") or its position in the assessed list ("segment", from 1); `source` the tagged
    source (empty when not given), `expected` the tagged reference, `got` the projected output,
    `error` the segment's class and `tags` each tag's outcome."""

    id: str
    id_kind: str
    source: str
    expected: str
    got: str
    error: str
    tags: tuple[TagOutcome, ...] = ()

    def as_dict(self) -> dict:
        return {"id": self.id, "id_kind": self.id_kind, "source": self.source, "expected": self.expected,
                "got": self.got, "error": self.error,
                "tag_errors": [{"name": t.name, "error": t.error} for t in self.tags if t.error != "exact"]}


@dataclass
class Assessment:
    """Projection quality over a set of segments: exact share, segment error classes, and the
    outcome of every tag by element name. Only segments with tags (in the output or the
    reference) are counted; `misses` locates each segment that is not exact."""

    segments: list[SegmentAssessment] = field(default_factory=list)
    misses: list[Miss] = field(default_factory=list)

    @property
    def tagged(self) -> int:
        return len(self.segments)

    @property
    def exact(self) -> int:
        return sum(s.exact for s in self.segments)

    @property
    def exact_share(self) -> float:
        return self.exact / self.tagged if self.tagged else 1.0

    def errors(self) -> Counter:
        """Segments by error class (exact ones left out)."""
        return Counter(s.error for s in self.segments if not s.exact)

    def by_tag(self) -> dict[str, Counter]:
        """Per element name, its tags by outcome (`exact` or an error class)."""
        table: dict[str, Counter] = {}
        for segment in self.segments:
            for tag in segment.tags:
                table.setdefault(tag.name, Counter())[tag.error] += 1
        return table

    def as_dict(self) -> dict:
        return {
            "tagged_segments": self.tagged,
            "exact_segments": self.exact,
            "exact_percent": round(100 * self.exact_share, 2),
            "errors": {e: self.errors()[e] for e in ERRORS if self.errors()[e]},
            "by_tag": {
                name: {"tags": sum(c.values()), "exact": c["exact"],
                       "errors": {e: c[e] for e in ERRORS if c[e]}}
                for name, c in sorted(self.by_tag().items())
            },
            "misses": [miss.as_dict() for miss in self.misses],
        }

    def report(self) -> str:
        """A few lines for a terminal: the exact share, the error classes, the tag names."""
        errors = self.errors()
        lines = [
            f"exact: {self.exact}/{self.tagged} tagged segments ({100 * self.exact_share:.1f} %)",
            "errors: " + (", ".join(f"{e} {errors[e]}" for e in ERRORS if errors[e]) or "none"),
        ]
        for name, counts in sorted(self.by_tag().items(), key=lambda x: -sum(x[1].values())):
            total = sum(counts.values())
            detail = ", ".join(f"{e} {counts[e]}" for e in ERRORS if counts[e])
            lines.append(
                f"  {name}: {counts['exact']}/{total} exact" + (f" ({detail})" if detail else "")
            )
        return "\n".join(lines)


def assess(
    outputs: Sequence[str],
    references: Sequence[str],
    *,
    sources: Sequence[str] | None = None,
    ids: Sequence[str] | None = None,
    id_kind: str = "segment",
) -> Assessment:
    """Assess projected `outputs` against tagged `references`, segment by segment; each segment that
    is not exact becomes a `Miss` with its id (`ids`, else its position from 1, as `id_kind`
    says) and its tagged source (`sources`)."""
    if len(outputs) != len(references):
        raise TagmtError(
            f"cannot assess {len(outputs)} projected segments against {len(references)} references"
        )
    for name, given in (("sources", sources), ("ids", ids)):
        if given is not None and len(given) != len(outputs):
            raise TagmtError(f"cannot assess {len(outputs)} projected segments with {len(given)} {name}")
    result = Assessment()
    for k, (output, reference) in enumerate(zip(outputs, references)):
        if has_tags(output, reference):
            found = assess_segment(output, reference)
            result.segments.append(found)
            if not found.exact:
                result.misses.append(Miss(
                    str(ids[k]) if ids is not None else str(k + 1), id_kind,
                    sources[k] if sources is not None else "", reference, output, found.error, found.tags,
                ))
    return result


def oracle_assessment(
    pairs: Sequence[tuple[str, str]],
    src_lang: str,
    trg_lang: str,
    aligner,
    *,
    cross_validate: bool = False,
    groups: Sequence[int] | None = None,
    examples: Sequence[tuple[str, str]] = (),
    tagged_groups: int | None = None,
    **projection,
) -> tuple[Assessment, list[str]]:
    """How well the tags of tagged parallel `pairs` are projected onto their own references: each
    tagged source is projected onto its tag-stripped reference (an oracle translation) and the
    result assessed against the tagged reference.

    With `cross_validate`, the pairs are split in two halves — whole `groups` (documents) at a
    time, alternately in ascending group order; each pair its own group when None — and each half
    is projected with the other half as tagged examples: the figure a user can expect when giving
    `--examples` from the same domain. `examples` (tagged pairs from elsewhere, never measured) are
    given to every projection as well, after the other half's. `tagged_groups` (cross-validation only; None:
    all): only the first that many groups of the other half are tagged examples, the rest of it is given as
    plain parallel text (`align_corpus`: the aligner reads the same text, the rules learn from fewer
    examples) — what a document whose domain has few examples gets. `projection`: `project_batch`'s keywords
    (`lexicon`: bilingual dictionaries; `config`: the switches, `config.ProjectionConfig`). Returns the
    assessment and the projected segments."""
    from tagmt.projection.projector import project_batch  # the projection is what is measured

    groups = list(range(len(pairs))) if groups is None else list(groups)
    if len(groups) != len(pairs):
        raise TagmtError(f"{len(groups)} groups for {len(pairs)} pairs")
    if cross_validate:
        ordered = sorted(set(groups))
        first = set(ordered[0::2])
        halves = [[k for k, g in enumerate(groups) if g in first],
                  [k for k, g in enumerate(groups) if g not in first]]
        runs = [(halves[0], halves[1]), (halves[1], halves[0])]
    else:
        runs = [(list(range(len(pairs))), [])]
    outputs: dict[int, str] = {}
    for measured, shown in runs:
        plain: list[int] = []
        if cross_validate and tagged_groups is not None:
            kept = set(sorted({groups[k] for k in shown})[:max(tagged_groups, 0)])
            shown, plain = [k for k in shown if groups[k] in kept], [k for k in shown if groups[k] not in kept]
        setup = dict(projection)
        if plain:
            setup["align_corpus"] = [*setup.get("align_corpus", ()), *((_plain(pairs[k][0]), _plain(pairs[k][1]))
                                                                      for k in plain)]
        found = project_batch(
            [detag(pairs[k][0]) for k in measured],
            [_plain(pairs[k][1]) for k in measured],
            src_lang,
            trg_lang,
            aligner,
            examples=[*(pairs[k] for k in shown), *examples],
            **setup,
        )
        outputs.update(zip(measured, found))
    projected = [outputs[k] for k in range(len(pairs))]
    tagged = [k for k, (source, _) in enumerate(pairs) if detag(source).tags]
    result = assess([projected[k] for k in tagged], [pairs[k][1] for k in tagged])
    return result, projected
