"""Score several systems against one tagged reference with the segment metrics, streaming.

The inputs are read segment by segment; each segment's reference is parsed and tokenized once for all
systems and metrics (:class:`tagmt.metrics.segment.ParseCache`, dropped after the segment), and only
running sums of each metric's sufficient statistics are kept — so memory does not grow with the number
of segments. Per-segment statistics are kept (as compact numpy arrays, not objects) only when a
significance test asks for them; per-segment scores go straight to the TSV writer.

Output keys are the registry's metric names (``xml-bleu``, ``markup-match-tagged``) everywhere: the
``scores``/``signatures`` dicts, CSV headers, tables, and ``figures`` (scale and direction of each).

``compat="original"`` runs each metric that has a published implementation as that implementation
computes it (the others as tagmt; every signature says which). Some originals need the whole corpus
before one segment can be scored (Hashimoto et al.'s tag list is the names found in all the files):
when one of those is asked for, the inputs are held in memory, so memory is not flat in that run.

Line files are read by one reader, :func:`iter_segments`, lazily and through :mod:`tagmt.safeio`'s
checks (regular files only, the size limit, UTF-8 with an optional byte order mark).
"""

from __future__ import annotations

import io
import tempfile
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import Any, BinaryIO, Callable, Collection, Iterable, Iterator, Mapping, Sequence

from tagmt import csvsafe
from tagmt.errors import TagmtError
from tagmt.markup import TaggedSegment
from tagmt.metrics.base import Figure
from tagmt.metrics.placement import TagReport
from tagmt.metrics.registry import compat_for, get_metric
from tagmt.metrics.segment import ParseCache, SegmentMetric, SegmentPair
from tagmt.safeio import MAX_LINE_FILE_BYTES, decode_utf8, open_within_limit

#: The metrics of the paper's tables (Buschbeck, Dabre et al. 2022), in the order they are reported.
PAPER_METRICS = (
    "raw-bleu",
    "lex-bleu",
    "tag-bleu",
    "raw-chrf",
    "lex-chrf",
    "tag-chrf",
    "xml-bleu",
    "markup-match",
    "structure-accuracy",
)
#: What ``tagmt evaluate`` computes when no --metric is given: the paper's nine, XML-chrF/XML-Match, and
#: tag placement (markup match and XML-Match read 100 for a system whose tags are all there but misplaced).
DEFAULT_METRICS = PAPER_METRICS + ("xml-chrf", "xml-match", "tag-placement")
#: Every segment metric.
SEGMENT_METRICS = DEFAULT_METRICS + (
    "tag-preservation",
    "attribute-preservation",
    "placeholder-preservation",
    "raw-chrf++",
    "lex-chrf++",
    "raw-ter",
    "lex-ter",
    "ne-num-precision",
    "ne-num-recall",
    "comet",
)
#: Figures that another metric reports besides its own (a column of the table): ``--metric NAME`` with one of
#: them runs that metric.
FIGURE_METRICS = {
    "markup-match-tagged": "markup-match",
    **{figure: "tag-placement" for figure in ("tag-offset", "tag-inconsistent", "tag-inconsistent-hypothesis",
                                               "tag-inconsistent-count", "tag-inconsistent-text",
                                               "tags-in-inconsistent")},
    **{figure: "tag-preservation" for figure in ("tags-both", "tags-lost", "tags-added", "tags-none")},
}
#: The segment metrics that take the NE&NUM term list (``terms``).
TERM_METRICS = ("ne-num-precision", "ne-num-recall")
#: What :mod:`tagmt.safeio` calls a line file in its messages.
LINE_FILE = "line file"
#: Segments read and scored together (COMET scores a batch at a time; everything else per segment).
CHUNK = 256


@dataclass
class SystemScores:
    """One hypothesis stream's figures, keyed by metric name (``raw-bleu``, ``markup-match-tagged``)."""

    hyp: str
    pair: str | None
    segments: int
    scores: dict[str, float | None]
    signatures: dict[str, str]
    figures: dict[str, Figure] = field(default_factory=dict)
    tags: list[dict[str, Any]] = field(default_factory=list)
    #: per figure: {"score", "p_value", "mean", "ci"} when a significance test was run
    significance: dict[str, dict[str, float | None]] = field(default_factory=dict)
    #: per figure that is None: why it is undefined (n/a), e.g. tag-bleu on a corpus without markup
    reasons: dict[str, str] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "hyp": self.hyp,
            "pair": self.pair,
            "segments": self.segments,
            "scores": dict(self.scores),
            "signatures": dict(self.signatures),
            "figures": {key: figure.as_dict() for key, figure in self.figures.items()},
            "tags": list(self.tags),
        }
        if self.significance:
            out["significance"] = {key: dict(value) for key, value in self.significance.items()}
        if self.reasons:
            out["details"] = {key: {"status": "n/a", "reason": reason} for key, reason in self.reasons.items()}
        return out


class PerSegmentWriter:
    """The per-segment TSV: one row per system and segment with every figure's segment score ("n/a"
    where there is none) and the source, reference and hypothesis text (line breaks inside a segment
    written as ``&#10;`` as in line files), grouped by system. Rows go to one temporary file per system
    as they come; the target is replaced atomically at the end. ``ids`` (the segment ids of an XLIFF
    reference, one per line) adds an ``id`` column after ``line``."""

    def __init__(self, path: str | Path, ids: Sequence[str] | None = None) -> None:
        self.path = Path(path)
        self.ids = ids
        self._files: dict[str, Any] = {}
        self._header: list[str] | None = None

    def write(self, hyp: str, line: int, figures: Mapping[str, float | None], texts: tuple[str | None, str, str]) -> None:
        from tagmt.linecodec import encode_line

        if self._header is None:
            self._header = ["hyp", "line", *(["id"] if self.ids is not None else []), *figures,
                            "source", "reference", "hypothesis"]
        handle = self._files.get(hyp)
        if handle is None:
            handle = self._files[hyp] = tempfile.TemporaryFile("w+", encoding="utf-8", newline="")
        values = ["n/a" if value is None else f"{value:.4f}" for value in figures.values()]
        text = ["" if t is None else encode_line(t) for t in texts]
        where = [line] if self.ids is None else [line, self.ids[line - 1]]
        csvsafe.writer(handle, delimiter="\t").writerow([hyp, *where, *values, *text])

    def _chunks(self) -> Iterator[str]:
        out = io.StringIO()
        csvsafe.writer(out, delimiter="\t").writerow(self._header or ["hyp", "line"])
        yield out.getvalue()
        for handle in self._files.values():
            handle.seek(0)
            yield from iter(lambda: handle.read(1 << 16), "")

    def close(self) -> Path:
        from tagmt.atomic import write_atomic

        try:
            return write_atomic(self.path, self._chunks())
        finally:
            for handle in self._files.values():
                handle.close()


def check_output_path(path: str | Path, option: str) -> None:
    """Refuse an output path that cannot be written before any work is done (a folder, a file where a folder
    is needed, a read-only folder). Missing folders are fine: the writer creates them (``atomic.write_atomic``,
    as for ``translate -o``)."""
    import os

    target = Path(path)
    if target.is_dir():
        raise TagmtError(f"{option} {path} is a folder; give a file name, e.g. {target / 'segments.tsv'}")
    parent = target.parent if str(target.parent) else Path(".")
    existing = parent
    while not existing.exists() and existing != existing.parent:  # the nearest folder that exists
        existing = existing.parent
    if not existing.is_dir():
        raise TagmtError(f"{option} {path}: {existing} is a file, not a folder")
    if not os.access(existing, os.W_OK):
        raise TagmtError(f"{option} {path}: the folder {existing} is not writable")


def build_metrics(metrics: Sequence[str], trg_lang: str | None, tokenize: str | None = None, *,
                  compat: str = "tagmt", terms: str | Path | Collection[str] | None = None,
                  metric_options: Mapping[str, Mapping[str, Any]] | None = None) -> list[SegmentMetric]:
    """The named segment metrics, configured once for the target language.

    ``compat`` goes to the metrics that implement it (:func:`tagmt.metrics.registry.compat_for`; the
    others run as ``tagmt``), ``terms`` to the NE&NUM metrics, ``metric_options[name]`` to that metric.
    """
    unknown = [name for name in metrics if name not in SEGMENT_METRICS]
    if unknown:
        raise TagmtError(f"{unknown[0]!r} is not a segment metric; choose from: {', '.join(SEGMENT_METRICS)}")
    if not trg_lang:
        raise TagmtError("the target language is missing: give trg_lang (e.g. 'ja') to choose the tokenizers")
    scorers = []
    for name in metrics:
        options: dict[str, Any] = {"trg_lang": trg_lang, "tokenize": tokenize, "compat": compat_for(name, compat)}
        if name in TERM_METRICS and terms is not None:
            options["terms"] = terms
        options.update((metric_options or {}).get(name, {}))
        scorers.append(get_metric(name, **options))
    return scorers


@dataclass(frozen=True)
class ScoreOptions:
    """How ``score_systems`` scores, beyond which metrics: ``tokenize`` overrides the BLEU tokenizer chosen by
    the target language (tag BLEU always uses ``none``); ``compat`` is ``"tagmt"`` or ``"original"`` (for the
    metrics that have an original; see :func:`build_metrics`); ``terms`` the NE&NUM term list (a file or the
    terms); ``metric_options[name]`` goes to that metric. ``significance`` is ``"bs"`` (paired bootstrap)
    or ``"ar"`` (approximate randomization): the first system is the baseline of the others; ``"ci"``: each
    system's own bootstrap 95 % confidence interval, no test (``tagmt evaluate --confidence``), with
    ``samples`` and ``seed``. ``on_chunk(segments_done)`` is called after every chunk (progress);
    ``reference_name`` is how messages name the reference (its file)."""

    tokenize: str | None = None
    compat: str = "tagmt"
    terms: str | Path | Collection[str] | None = None
    metric_options: Mapping[str, Mapping[str, Any]] | None = None
    significance: str | None = None
    samples: int | None = None
    seed: int | None = None
    on_chunk: Callable[[int], None] | None = None
    reference_name: str = "the reference"


def score_systems(
    references: Iterable[str],
    hypotheses: Mapping[str, Iterable[str]],
    trg_lang: str,
    pair: str | None = None,
    *,
    metrics: Sequence[str] = DEFAULT_METRICS,
    sources: Iterable[str] | None = None,
    per_segment: PerSegmentWriter | None = None,
    options: ScoreOptions = ScoreOptions(),
) -> list[SystemScores]:
    """Score each hypothesis stream (``hypotheses[name]``) against ``references``, in one pass.

    Streams may be lists or any iterables (files are read lazily); all must have the same number of
    segments. ``sources`` are needed by COMET only. ``per_segment``: each segment's scores are written
    there. ``options``: the tokenizer, compat, terms, per-metric options, significance test and progress
    (``ScoreOptions``).
    """
    significance, samples, seed = options.significance, options.samples, options.seed
    if significance not in (None, "bs", "ar", "ci"):
        raise TagmtError(f"significance test {significance!r} is unknown; use 'bs', 'ar' or 'ci'")
    scorers = build_metrics(metrics, trg_lang, options.tokenize, compat=options.compat, terms=options.terms,
                            metric_options=options.metric_options)
    names = list(hypotheses)
    if not names:
        raise TagmtError("no hypothesis given")
    if any(scorer.corpus_level for scorer in scorers):  # an original that needs the whole corpus
        references = list(references)
        hypotheses = {name: list(hypotheses[name]) for name in names}
        sources = list(sources) if sources is not None else None
    sized = [references, *hypotheses.values()]
    if all(hasattr(stream, "__len__") for stream in sized):
        for name in names:
            if len(hypotheses[name]) != len(references):  # type: ignore[arg-type]
                raise TagmtError(
                    f"the hypothesis {name} has {len(hypotheses[name])} lines but the reference has "  # type: ignore[arg-type]
                    f"{len(references)}; give one line per segment in both"  # type: ignore[arg-type]
                )
    keep = significance is not None
    run = _Run(scorers, names, keep, options.reference_name)
    run.corpus_statistics(references, hypotheses)  # type: ignore[arg-type]
    source_iter = iter(sources) if sources is not None else None
    hyp_iters = [iter(hypotheses[name]) for name in names]
    for chunk in _chunks(iter(references), hyp_iters, source_iter, names):
        run.score_chunk(chunk, per_segment)
        if options.on_chunk is not None:
            options.on_chunk(run.count)
    if per_segment is not None:
        per_segment.close()
    systems = run.results(pair)
    if significance == "ci" or (significance is not None and len(systems) > 1):
        run.test(systems, significance, samples, seed)
    return systems


@dataclass
class _Chunk:
    start: int  # 0-based index of the first segment
    references: list[str]
    hypotheses: list[list[str]]  # per system
    sources: list[str] | None


def _chunks(references: Iterator[str], hyps: list[Iterator[str]], sources: Iterator[str] | None,
            names: list[str]) -> Iterator[_Chunk]:
    """Blocks of CHUNK aligned segments; a stream that ends early or late is an error naming it."""
    start = 0
    while True:
        refs = list(islice(references, CHUNK))
        columns = [list(islice(it, len(refs))) for it in hyps]
        srcs = list(islice(sources, len(refs))) if sources is not None else None
        for name, column in zip(names, columns):
            if len(column) < len(refs):
                raise TagmtError(
                    f"{name} has {start + len(column)} lines but the reference has more; "
                    "give one line per segment in both"
                )
        if srcs is not None and len(srcs) < len(refs):
            raise TagmtError(f"the source has {start + len(srcs)} lines but the reference has more")
        if len(refs) < CHUNK:  # the reference has ended: so must every other stream
            for name, it in zip(names, hyps):
                if next(it, None) is not None:
                    raise TagmtError(
                        f"{name} has more lines than the reference ({start + len(refs)}); "
                        "give one line per segment in both"
                    )
            if refs:
                yield _Chunk(start, refs, columns, srcs)
            return
        yield _Chunk(start, refs, columns, srcs)
        start += len(refs)


def _check_text(text: str, where: str, index: int) -> None:
    """A NUL byte stops MeCab reading the line (BLEU 0 while chrF is high): refuse it, saying where."""
    if "\x00" in text:
        raise TagmtError(
            f"{where}:{index + 1}: the line contains a NUL byte, which the tokenizers cannot score "
            "correctly; remove NUL bytes first (e.g. `tr -d '\\000' < FILE`)"
        )


class _Run:
    """Running sums (and, for significance, per-segment rows) of every system × metric."""

    def __init__(self, scorers: list[SegmentMetric], names: list[str], keep: bool, reference_name: str) -> None:
        self.scorers, self.names, self.keep, self.reference_name = scorers, names, keep, reference_name
        self.sums: list[list[list[float] | None]] = [[None] * len(scorers) for _ in names]
        self.rows: list[list[list[list[float]]]] = [[[] for _ in scorers] for _ in names]
        self.reports = [TagReport() for _ in names]
        self.count = 0
        #: (system, metric) -> every segment's statistics, for the corpus-level metrics
        self.precomputed: dict[tuple[int, int], list[list[float]]] = {}

    def corpus_statistics(self, references: Sequence[str], hypotheses: Mapping[str, Sequence[str]]) -> None:
        """Statistics of the metrics that need the whole corpus (inputs already held as lists)."""
        levels = [k for k, scorer in enumerate(self.scorers) if scorer.corpus_level]
        if not levels:
            return
        for index, text in enumerate(references):
            _check_text(text, self.reference_name, index)
        for s, name in enumerate(self.names):
            for index, text in enumerate(hypotheses[name]):
                _check_text(text, name, index)
            shared: dict[Any, Any] = {}  # one parse of this system's corpus for all its original metrics
            for k in levels:
                self.precomputed[(s, k)] = self.scorers[k].corpus_statistics(hypotheses[name], references, shared)

    def score_chunk(self, chunk: _Chunk, writer: PerSegmentWriter | None) -> None:
        batch = [s for s in self.scorers if getattr(s, "batched", False)]
        batched: dict[tuple[int, int], list[list[float]]] = {}
        for k, scorer in enumerate(self.scorers):
            if scorer in batch:
                for s, column in enumerate(chunk.hypotheses):
                    batched[(s, k)] = scorer.batch_statistics(chunk.sources, column, chunk.references)
        for i, ref_text in enumerate(chunk.references):
            index = chunk.start + i
            _check_text(ref_text, self.reference_name, index)
            ref = TaggedSegment.parse(ref_text)
            cache = ParseCache()
            for s, name in enumerate(self.names):
                hyp_text = chunk.hypotheses[s][i]
                _check_text(hyp_text, name, index)
                segment = SegmentPair.from_references(hyp_text, (ref,))
                figures: dict[str, float | None] = {}
                for k, scorer in enumerate(self.scorers):
                    if (s, k) in batched:
                        stats = batched[(s, k)][i]
                    elif (s, k) in self.precomputed:
                        stats = self.precomputed[(s, k)][index]
                    else:
                        stats = scorer.segment_statistics(segment, cache)
                    total = self.sums[s][k]
                    self.sums[s][k] = list(stats) if total is None else [a + b for a, b in zip(total, stats)]
                    if self.keep:
                        self.rows[s][k].append(stats)
                    if writer is not None:
                        figures[scorer.name] = scorer.sentence(stats)
                self.reports[s].add(segment)
                if writer is not None:
                    source = chunk.sources[i] if chunk.sources is not None else None
                    writer.write(name, index + 1, figures, (source, ref_text, hyp_text))
        self.count += len(chunk.references)
        for scorer in self.scorers:
            sacre = getattr(scorer, "sacre", None)
            if sacre is not None:
                sacre.forget()

    def results(self, pair: str | None) -> list[SystemScores]:
        systems = []
        for s, name in enumerate(self.names):
            system = SystemScores(hyp=name, pair=pair, segments=self.count, scores={}, signatures={})
            for k, scorer in enumerate(self.scorers):
                total = self.sums[s][k]
                figures = scorer.figures_from(total) if total is not None else {key: None for key in scorer.figures}
                scorer.nrefs = 1
                signature = scorer.signature()
                for key, value in figures.items():
                    system.scores[key] = value
                    system.signatures[key] = signature
                    system.figures[key] = scorer.describe()[key]
                    if value is None:
                        system.reasons[key] = scorer.undefined_reason(key, total)
            system.tags = self.reports[s].rows()
            systems.append(system)
        return systems

    def test(self, systems: list[SystemScores], kind: str, samples: int | None, seed: int | None) -> None:
        import numpy as np

        from tagmt import significance as sig

        options: dict[str, Any] = {}
        if seed is not None:
            options["seed"] = seed
        for k, scorer in enumerate(self.scorers):
            def figures(stats, scorer=scorer):
                return scorer.figures_from(list(stats))

            arrays = [np.asarray(self.rows[s][k], dtype=np.float64) for s in range(len(self.names))]
            if not len(arrays[0]):
                continue
            if kind == "ci":  # every system's own bootstrap interval, no test
                for s, array in enumerate(arrays):
                    interval = sig.baseline_interval(array, figures, samples=samples or sig.BOOTSTRAP_SAMPLES,
                                                     **options)
                    for key, result in interval.items():
                        systems[s].significance[key] = result.as_dict()
                continue
            baseline = sig.baseline_interval(arrays[0], figures, **options)
            for key, result in baseline.items():
                systems[0].significance[key] = result.as_dict()
            for s in range(1, len(arrays)):
                if kind == "bs":
                    tested = sig.paired_bootstrap(arrays[0], arrays[s], figures,
                                                  samples=samples or sig.BOOTSTRAP_SAMPLES, **options)
                else:
                    tested = sig.approximate_randomization(arrays[0], arrays[s], figures,
                                                           samples=samples or sig.AR_SAMPLES, **options)
                for key, result in tested.items():
                    systems[s].significance[key] = result.as_dict()


def open_line_file(path: str | Path) -> tuple[BinaryIO, int]:
    """A line file opened for binary reading through :mod:`tagmt.safeio` (a regular file, within the
    size limit: anything else is one line; a compressed or binary file is named as such), and the limit a
    streaming read checks again."""
    from tagmt.filekinds import refuse_binary

    handle, limit = open_within_limit(path, what=LINE_FILE, limit=MAX_LINE_FILE_BYTES)
    head = handle.read(512)
    handle.seek(0)
    try:
        refuse_binary(head, path, LINE_FILE)
    except TagmtError:
        handle.close()
        raise
    return handle, limit


def count_lines(path: str | Path) -> int:
    """How many segments a line file holds (read in blocks: linear time, constant memory)."""
    lines, last = 0, b"\n"
    handle, _ = open_line_file(path)
    with handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            lines += block.count(b"\n")
            last = block[-1:]
    return lines + (last != b"\n")


def iter_segments(path: str | Path) -> Iterator[str]:
    """One segment per line of a UTF-8 file, read lazily; empty lines are segments too (``\\r\\n`` is
    accepted, a byte-order mark skipped), and line breaks written as ``&#10;``-style references are
    decoded (:mod:`tagmt.linecodec`). The file is opened at once (so a missing file, a FIFO, a folder
    or an over-large file is one line before any work); a line that is not UTF-8 is refused with its
    number, column and byte."""
    handle, limit = open_line_file(path)
    return _lines(handle, str(path), limit)


def _lines(handle: Any, name: str, limit: int) -> Iterator[str]:
    from tagmt.filekinds import refuse_binary
    from tagmt.linecodec import decode_line
    from tagmt.safeio import bounded_lines

    with handle:
        # the limit checked as the bytes come, a piece at a time (the file grew after it was opened, or
        # standard input is that long, with or without a newline)
        for number, raw in enumerate(bounded_lines(handle, name, what=LINE_FILE, limit=limit), 1):
            if number == 1:  # (standard input: a compressed or binary stream named as such, not as "not UTF-8")
                refuse_binary(raw[:512], name, LINE_FILE)
            if raw.endswith(b"\n"):
                raw = raw[:-1]
            if raw.endswith(b"\r"):
                raw = raw[:-1]
            text = decode_utf8(raw, name, what=LINE_FILE, first_line=number)
            yield decode_line(text) if "&#" in text else text


def stream_lines(data: BinaryIO, name: str) -> Iterator[str]:
    """Segments from an open binary stream (``--hyp -``: standard input), under the same checks and
    size limit as a line file."""
    from tagmt.safeio import size_limit

    return _lines(data, name, size_limit(MAX_LINE_FILE_BYTES))
