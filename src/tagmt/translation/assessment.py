"""``tagmt translate --ref``: the tags of a translation run's output against a tagged reference.

What is measured, and how (the choice that keeps every number honest):

* A tagged segment (tags in the output or the reference, as :func:`tagmt.projection.assess.assess` counts)
  whose output has **the reference's text** (``assess.same_text``: ``--model reference``, or ``copy``
  within one language) is assessed exactly as ``tagmt project --ref`` assesses a projection: exact or
  its error class (nesting, point, words, punctuation, whitespace, tags differ). Only these segments
  make the exact share (``tagged_segments``/``exact_segments`` of the report, the page's headline).
* A tagged segment whose output has **another text** (any real MT) cannot be placed against the
  reference character by character: it is *not* in the exact share (it would be a miss that says
  nothing about the tags), and its tags are compared by name only — :class:`tagmt.metrics.placement.
  TagReport`'s per-tag report: reference and output tags, dropped, inserted, out of order (moved across
  other tags, to another depth or parent), attributes changed — under ``text_differs`` in the report and on the page.
* Segments without any tag are counted, not assessed.
* One text written two ways (``R&D`` and ``R&amp;D``: every tagmt line file reads both as ``R&D``) is the
  same text: such a segment is compared with its text between the tags made canonical on both sides
  (``xmltext.normalize``), and counted in ``notes``.

The same rule applies to ``--approach dt`` (the output's tags, as the model wrote them). Where the
reference comes from: ``--pair`` runs and ``--input`` line files and TMX take any file the corpus layer
reads, segment for segment (:func:`tagmt.corpus.read_references`: a line file's lines, a TMX's target
side, an XLIFF's targets; a segment without one is left out, with a note), ``--pair`` runs also ``data``
(the data set's own tagged targets, in the output's order); ``--input`` XLIFF takes the same XLIFF with tagged targets, matched by segment key
(:func:`tagmt.corpus.matching.keyed_targets`) — only the segments this run was allowed to write are
assessed (the targets it kept are someone's work, not its output; counted in ``notes``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from tagmt.corpus import read_references
from tagmt.errors import TagmtError
from tagmt.projection.assess import Assessment, assess, has_tags, same_text
from tagmt.translation.options import InputFile

#: ``--ref data``: with ``--pair``, the data set's own tagged targets.
DATA_REFERENCE = "data"

Compared = tuple[str, str, str, str]  # (segment id, tagged source, output, reference)


@dataclass
class RunAssessment:
    """A run's output against its reference (see the module docstring)."""

    approach: str
    segments: int
    #: what the ids are: "line" (line numbers from 1) or "unit" (XLIFF segment ids), as ``assess.Miss``
    id_kind: str = "line"
    #: tagged segments with the reference's text: assessed for exact placement
    compared: list[Compared] = field(default_factory=list)
    #: tagged segments with another text: their tags compared by name only
    by_tags: list[Compared] = field(default_factory=list)
    assessment: Assessment = field(default_factory=Assessment)
    notes: list[str] = field(default_factory=list)

    @property
    def untagged(self) -> int:
        return self.segments - len(self.compared) - len(self.by_tags)

    def tag_report(self) -> list[dict[str, Any]]:
        """The per-tag report of the ``by_tags`` segments (one row per element name)."""
        from tagmt.metrics.placement import TagReport
        from tagmt.metrics.segment import SegmentPair

        report = TagReport()
        for _, _, output, reference in self.by_tags:
            report.add(SegmentPair.parse(output, [reference]))
        return report.rows()

    def as_dict(self) -> dict[str, Any]:
        """The report of ``--report``: ``tagmt project --ref``'s keys over the segments of the reference's
        text (``exact_percent`` null when there are none), then how every segment was assessed."""
        data: dict[str, Any] = self.assessment.as_dict()
        if not self.assessment.tagged:
            data["exact_percent"] = None
        rows = self.tag_report()
        columns = ("reference", "hypothesis", "dropped", "inserted", "misplaced", "attributes_changed")
        totals = {column: sum(int(row[column]) for row in rows) for column in columns}
        data["approach"] = self.approach
        data["assessed"] = {
            "segments": self.segments,
            "same_text": len(self.compared),
            "text_differs": len(self.by_tags),
            "untagged": self.untagged,
            "rule": "exact placement where the output's text equals the reference's; elsewhere tags by name",
        }
        data["text_differs"] = {
            "segments": len(self.by_tags),
            "tags": {("output" if k == "hypothesis" else k): v for k, v in totals.items()},
            "by_tag": {str(row["tag"]): {("output" if k == "hypothesis" else k): row[k] for k in columns}
                       for row in rows},
            "list": [self._located(*segment) for segment in self.by_tags],
        }
        data["notes"] = list(self.notes)
        return data

    def _located(self, segment_id: str, source: str, output: str, reference: str) -> dict[str, Any]:
        """One segment of another text as the report lists it (the keys of ``assess.Miss``, with its tag counts)."""
        from tagmt.metrics.segment import SegmentPair
        from tagmt.metrics.placement import segment_tag_figures

        figures = segment_tag_figures(SegmentPair.parse(output, [reference]))
        return {"id": segment_id, "id_kind": self.id_kind, "source": source, "expected": reference, "got": output,
                "tags": {("output" if k == "hypothesis" else k): v for k, v in figures.items()}}

    def lines(self) -> list[str]:
        """What stderr says: how the segments were assessed, then the figures of each kind."""
        out = list(self.notes)
        out.append(f"assessed the {self.approach} output's tags against the reference: {len(self.compared)} tagged "
                   f"segments have the reference's text (exact placement, as tagmt project --ref), "
                   f"{len(self.by_tags)} have another text (tags compared by name only, not in the exact share), "
                   f"{self.untagged} have no tags")
        if self.compared:
            out.extend(self.assessment.report().splitlines())
        else:
            out.append("exact: no tagged segment has the reference's text, so no placement is assessed "
                       "(--model reference measures the projection alone)")
        if self.by_tags:
            rows = self.tag_report()
            total = {k: sum(int(r[k]) for r in rows) for k in ("reference", "dropped", "inserted", "misplaced")}
            out.append(f"another text: {total['reference'] - total['dropped']} of {total['reference']} reference "
                       f"tags present, {total['dropped']} dropped, {total['inserted']} inserted, "
                       f"{total['misplaced']} out of order")
        return out

    def write_page(self, path: str | Path, about: Sequence[str] = ()) -> Path:
        """The projection page (:mod:`tagmt.report.projection_page`) of this assessment."""
        from tagmt.report.projection_page import write_projection_page

        return write_projection_page(path, self.compared, about=about, by_tags=self.by_tags, notes=self.notes,
                                     title=f"tagmt translate --approach {self.approach}: tags against the reference")


def assess_run(outputs: Sequence[str], references: Sequence[str], sources: Sequence[str],
               ids: Sequence[str] | None = None, *, approach: str = "dp", id_kind: str = "line",
               notes: Sequence[str] = ()) -> RunAssessment:
    """Assess tagged ``outputs`` against tagged ``references`` (see the module docstring); ``ids`` (default:
    line numbers from 1) locate each segment, as ``id_kind`` says ("line" or "unit")."""
    if not len(outputs) == len(references) == len(sources):
        raise TagmtError(f"cannot assess {len(outputs)} outputs against {len(references)} references "
                         f"({len(sources)} sources)")
    ids = [str(n) for n in range(1, len(outputs) + 1)] if ids is None else list(ids)
    run = RunAssessment(approach, len(outputs), id_kind, notes=list(notes))
    reread = 0
    for segment_id, source, output, reference in zip(ids, sources, outputs, references):
        if not has_tags(output, reference):
            continue
        if not same_text(output, reference) and ("&" in output or "&" in reference):
            canonical = _canonical(output), _canonical(reference)
            if same_text(*canonical):  # R&D against R&amp;D: one text, written two ways
                output, reference = canonical
                reread += 1
        (run.compared if same_text(output, reference) else run.by_tags).append(
            (segment_id, source, output, reference))
    if reread:
        run.notes.append(f"{reread} segments have the reference's text once their XML references are read (& and "
                         "&amp; alike, as every tagmt line file reads them): compared with & < > escaped on both sides")
    run.assessment = assess([c[2] for c in run.compared], [c[3] for c in run.compared],
                            sources=[c[1] for c in run.compared], ids=[c[0] for c in run.compared], id_kind=id_kind)
    return run


def _canonical(tagged: str) -> str:
    """``tagged`` with the text between its tags made canonical (``xmltext.normalize``: references read,
    then ``& < >`` escaped), its tags as written."""
    from tagmt.xmltext import normalize
    from tagmt.markup import tokenize

    return "".join(t.text if t.is_markup else normalize(t.text) for t in tokenize(tagged, orphans=True))


def _in_order_run(outputs: Sequence[str], references: Sequence[str | None], sources: Sequence[str], ref: str | Path,
                  approach: str) -> RunAssessment:
    """``assess_run`` of segments matched by position (ids: line numbers); those without a reference (a TMX
    unit without the target language, an XLIFF unit without a target) are left out and said."""
    kept = [n for n, reference in enumerate(references) if reference is not None]
    notes = []
    if len(kept) < len(references):
        first = next(n for n, reference in enumerate(references) if reference is None) + 1
        notes.append(f"{len(references) - len(kept)} segments have no reference in --ref {ref} and are not "
                     f"assessed (first: segment {first})")
    if not kept:
        raise TagmtError(f"--ref {ref}: no segment has a reference there to assess against")
    return assess_run([outputs[n] for n in kept], [references[n] or "" for n in kept], [sources[n] for n in kept],
                      [str(n + 1) for n in kept], approach=approach, notes=notes)


def check_reference(ref: str | Path, *, input: str | Path | InputFile | None = None, format: str | None = None,
                    src_lang: str | None = None, trg_lang: str | None = None, dataset: Any = None,
                    split: str | None = None, direction: Any = None) -> None:
    """Refuse, before any translation, a reference that cannot be assessed against: unreadable, of the
    wrong kind, or with another number of segments than the run (``input``, else the data set's split)."""
    from tagmt.corpus import read_corpus

    if input is None:
        if str(ref) == DATA_REFERENCE:
            return
        from tagmt.corpus import sap

        count = len(sap.read(dataset, split, direction).segments)
        read_references(ref, src_lang=direction.src, trg_lang=direction.trg, count=count,
                        of=f"the split ({direction})")
        return
    if str(ref) == DATA_REFERENCE and not Path(ref).exists():
        raise TagmtError("--ref data takes the data set's tagged targets of a --pair run; with --input give a file")
    source = InputFile.of(input)  # (an InputFile: its placeholders and ITS rules files too)
    corpus = read_corpus(source.path, format, src_lang=src_lang, trg_lang=trg_lang, **source.reading())
    if corpus.format in ("xliff12", "xliff2"):
        theirs = read_corpus(ref)
        if theirs.format not in ("xliff12", "xliff2"):
            raise TagmtError(f"{ref}: with an XLIFF --input, --ref takes the same XLIFF with tagged targets, not a "
                             f"{theirs.format} file")
        return
    read_references(ref, src_lang=src_lang, trg_lang=trg_lang, count=len(corpus.segments), of=f"--input {input}",
                    placeholders=source.placeholders, placeholder_regexes=tuple(source.placeholder_regexes))


def assess_pair_run(output: str | Path, ref: str | Path, *, dataset: Any, split: str | None, direction: Any,
                    approach: str) -> RunAssessment:
    """A ``--pair`` run's line file ``output`` against ``ref``: a tagged line file, or ``data`` (the data
    set's tagged targets, in the order of the output)."""
    from tagmt.corpus import sap
    from tagmt.corpus.lines import read_segments

    corpus = sap.read(dataset, split, direction)
    outputs = read_segments(output)
    if len(outputs) != len(corpus.segments):
        raise TagmtError(f"{output} has {len(outputs)} lines for {len(corpus.segments)} segments")
    if str(ref) == DATA_REFERENCE:
        references = [s.reference or "" for s in corpus.segments]
        return assess_run(outputs, references, corpus.sources, approach=approach)  # ids: the output's line numbers
    references = read_references(ref, count=len(outputs), of=f"the split ({direction})", src_lang=direction.src,
                             trg_lang=direction.trg)
    return _in_order_run(outputs, references, corpus.sources, ref, approach)


def assess_file_run(input: str | Path | InputFile, output: str | Path, ref: str | Path, *, approach: str,
                    overwrite: bool = False, kept: dict[str, int] | None = None) -> RunAssessment:
    """An ``--input`` run's ``output`` against ``ref``: for XLIFF the same XLIFF with tagged targets matched
    by segment key (the segments the run was allowed to write), else a tagged line file, line for line.
    ``input``: a path or an ``InputFile`` (its format and languages, as the run read it); ``overwrite`` as
    the run had it.
    ``kept``: the run's kept targets by reason (``FileRun.kept``); when the writer refused some of its
    translations, the segments whose target did not change are left out (they may hold the old target)."""
    from tagmt.corpus import read_corpus
    from tagmt.corpus.lines import read_segments

    if str(ref) == DATA_REFERENCE and not Path(ref).exists():
        raise TagmtError("--ref data takes the data set's targets of a --pair run; with --input give a file")
    source = InputFile.of(input)
    src_lang, trg_lang = source.src_lang, source.trg_lang
    reading = source.reading()
    corpus = read_corpus(source.path, source.format, src_lang=src_lang, trg_lang=trg_lang, **reading)
    if corpus.format not in ("xliff12", "xliff2"):
        # a document (issue 32) is written translated: its segments, read back; else a line file
        outputs = (read_corpus(output, corpus.format, **reading).sources if corpus.writes_targets
                   else read_segments(output))
        references = read_references(ref, src_lang=src_lang, trg_lang=trg_lang, count=len(outputs), of=str(output),
                                     placeholders=source.placeholders,
                                     placeholder_regexes=tuple(source.placeholder_regexes))
        return _in_order_run(outputs, references, corpus.sources, ref, approach)
    return _assess_xliff(corpus, output, ref, approach, overwrite, kept)


def _assess_xliff(corpus: Any, output: str | Path, ref: str | Path, approach: str, overwrite: bool,
                  run_kept: dict[str, int] | None) -> RunAssessment:
    from tagmt.corpus import read_corpus
    from tagmt.corpus.matching import keyed_targets

    theirs = read_corpus(ref)
    if theirs.format not in ("xliff12", "xliff2"):
        raise TagmtError(f"{ref}: with an XLIFF --input, --ref takes the same XLIFF with tagged targets, not a "
                         f"{theirs.format} file")
    written = read_corpus(output)
    allowed, kept = corpus.plan(overwrite)
    ours = keyed_targets(corpus)
    out_targets = {key: target for key, _, target in keyed_targets(written)}
    ref_targets = {key: target for key, _, target in keyed_targets(theirs)}
    notes = []
    if kept:
        notes.append(f"{sum(kept.values())} targets the run kept as they were are not assessed (not its output)")
    refused = sum((run_kept or {}).values()) - sum(kept.values())  # the writer's (canDelete="no", …)
    ids, sources, outputs, references = [], [], [], []
    no_reference, unchanged = [], 0
    for k in allowed:
        key, printed, before = ours[k]
        got = out_targets.get(key)
        if got is None:
            continue
        if refused > 0 and got == before:
            unchanged += 1
            continue
        want = ref_targets.get(key)
        if want is None:
            no_reference.append(printed)
            continue
        ids.append(printed)
        sources.append(corpus.segments[k].source)
        outputs.append(got)
        references.append(want)
    if unchanged:
        notes.append(f"{unchanged} segments whose target did not change are not assessed: the file refused "
                     f"{refused} of the run's translations, so an unchanged target may be the old one")
    if no_reference:
        notes.append(f"{len(no_reference)} translated segments have no target in --ref {ref} and are not assessed "
                     f"(first: {no_reference[0]})")
    if not outputs:
        raise TagmtError(f"--ref {ref}: no segment this run translated has a target there to assess against")
    return assess_run(outputs, references, sources, ids, approach=approach, id_kind="unit", notes=notes)
