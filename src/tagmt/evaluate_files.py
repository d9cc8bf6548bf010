"""``tagmt evaluate``'s library side: read the reference and hypotheses (line files, XLIFF matched by id,
a data set direction, whole documents) and score them; the command only parses and prints.

:func:`score_segment_files` and :func:`score_document_files` return one JSON-ready dict per system
(:meth:`tagmt.evaluation.SystemScores.as_dict`); :mod:`tagmt.report.scores` renders them. The command's
scoring options travel as one ``EvaluationOptions``.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

from tagmt.metrics.document import DOCUMENT_METRICS, score_documents


@dataclass
class ReferenceSpec:
    """Where the reference comes from: ``ref`` (one file; several only for document metrics) with
    ``trg_lang``, or a data set direction (``data``, ``split``, ``pair``, ``zf``); ``src`` the sources of a
    line-file ``ref``."""

    ref: Sequence[str] | None = None
    trg_lang: str | None = None
    data: str | None = None
    split: str | None = None
    pair: str | None = None
    zf: bool = False
    src: str | None = None
    #: XLIFF: how segments are matched (``id``, ``position``) and whether segments a hypothesis has no
    #: target for are left out for every system (else scored as empty); see tagmt.corpus.matching
    match: str = "id"
    skip_missing: bool = False
    #: placeholders as tags in every segment read (``corpus.placeholders.placeholder_marker``)
    placeholders: Sequence[str] | str | None = None
    placeholder_regexes: Sequence[str] = ()
    #: ITS rules files every HTML/XML document reference and hypothesis is read with (``--its-rules``)
    its_rules: Sequence[str] = ()


@dataclass(frozen=True)
class EvaluationOptions:
    """How ``tagmt evaluate`` (and ``tagmt.evaluate``) scores segments, as its options say: the BLEU
    ``tokenize`` override, ``compat``, the NE&NUM ``ne_terms`` file, the ``per_segment`` TSV, the
    significance tests (``paired_bs``, ``paired_ar``, ``confidence``; ``samples``, ``seed``), the COMET
    ``comet_model``, the progress bar (``progress``: None on a terminal only) and the ``html`` page."""

    tokenize: str | None = None
    compat: str = "tagmt"
    ne_terms: str | None = None
    per_segment: str | None = None
    paired_bs: bool = False
    paired_ar: bool = False
    samples: int | None = None
    seed: int = 12345
    comet_model: str | None = None
    progress: bool | None = None
    confidence: bool = False
    html: str | None = None


def metric_names(names: Sequence[str]) -> list[str]:
    """The metrics to run for ``names``: a figure another metric reports (``markup-match-tagged``,
    ``tag-offset``) runs that metric; each metric once, in order."""
    from tagmt.evaluation import FIGURE_METRICS

    return list(dict.fromkeys(FIGURE_METRICS.get(name, name) for name in names))


def unique(values: Sequence[str], option: str) -> list[str]:
    from tagmt.errors import TagmtError

    seen: list[str] = []
    for value in values:
        if value in seen:
            raise TagmtError(f"{option} {value} is given twice")
        seen.append(value)
    return seen


def distinct_files(paths: Sequence[str], option: str) -> list[str]:
    """The paths, each file once: the same file under two names (``same.ja ./same.ja``) is refused, and
    standard input (``-``) may be given once."""
    import os

    from tagmt.errors import TagmtError

    seen: dict[tuple[int, int] | str, str] = {}
    for path in unique(paths, option):
        key: tuple[int, int] | str
        if path == "-":
            key = "-"
        else:
            try:
                stat = os.stat(path)
                key = (stat.st_dev, stat.st_ino)
            except OSError:
                key = os.path.abspath(path)  # missing: reported when read
        if key in seen:
            raise TagmtError(f"{option} {path} and {seen[key]} are the same file; give each file once")
        seen[key] = path
    return list(paths)


def score_segment_files(
    metrics: list[str], hyps: list[str], spec: ReferenceSpec, options: EvaluationOptions = EvaluationOptions(),
) -> list[dict[str, Any]]:
    """Score the hypothesis files with the segment metrics against ``spec``'s reference; ``options.html``:
    also write the evaluation page (:mod:`tagmt.report`) there."""
    metrics = metric_names(metrics)
    from tagmt.evaluation import check_output_path

    _check_segment_options(metrics, len(hyps), options)
    if options.per_segment:
        check_output_path(options.per_segment, "--per-segment")
    if options.html:
        from tagmt.report import check_page

        check_page(options.html, None, inputs=[*hyps, *(spec.ref or []), spec.src, options.per_segment])
    reference = segment_reference(spec, hyps)
    hypotheses = {path: reference.hypothesis(path) for path in hyps}
    from tagmt.corpus.placeholders import placeholder_marker

    mark = placeholder_marker(spec.placeholders, spec.placeholder_regexes)
    if mark is not None:  # the same placeholder is the same tag in the reference and every hypothesis
        lines = reference.lines
        reference.lines = lambda: map(mark, lines())
        hypotheses = {path: map(mark, found) for path, found in hypotheses.items()}
    return score_references(reference, hypotheses, metrics, options)


def _check_segment_options(metrics: Sequence[str], systems: int, options: EvaluationOptions) -> None:
    from tagmt.errors import TagmtError, did_you_mean
    from tagmt.evaluation import FIGURE_METRICS, SEGMENT_METRICS, TERM_METRICS

    ne_terms, paired_bs, paired_ar = options.ne_terms, options.paired_bs, options.paired_ar
    samples, confidence = options.samples, options.confidence
    unknown = [m for m in metrics if m not in SEGMENT_METRICS]
    if unknown:
        names = SEGMENT_METRICS + tuple(FIGURE_METRICS) + DOCUMENT_METRICS
        raise TagmtError(
            f"unknown metric {unknown[0]!r}{did_you_mean(unknown[0], names)}; choose from: {', '.join(names)}"
        )
    if samples is not None and samples < 1:
        raise TagmtError("--samples must be a positive number")
    if samples is not None and not (paired_bs or paired_ar or confidence):
        raise TagmtError("--samples is for --paired-bs, --paired-ar or --confidence")
    if confidence and (paired_bs or paired_ar):
        raise TagmtError("--confidence gives each system its own interval; --paired-bs/--paired-ar already give "
                         "every system's: use one of them")
    if (paired_bs or paired_ar) and systems < 2:
        raise TagmtError("--paired-bs/--paired-ar compare systems with the first --hyp (the baseline): "
                         "give at least two --hyp files")
    if ne_terms and not any(m in TERM_METRICS for m in metrics):
        raise TagmtError("--ne-terms is for ne-num-precision/ne-num-recall: add them with --metric")


def score_references(
    reference: "Reference", hypotheses: Mapping[str, Any], metrics: Sequence[str],
    options: EvaluationOptions = EvaluationOptions(progress=False),
) -> list[dict[str, Any]]:
    """Score the hypothesis streams (``{name: segments}``) against ``reference`` with the segment metrics
    (default: ``DEFAULT_METRICS``); one JSON-ready dict per system. The command and ``tagmt.evaluate``
    both come here."""
    from tagmt.errors import TagmtError
    from tagmt.evaluation import DEFAULT_METRICS, PerSegmentWriter, ScoreOptions, score_systems

    per_segment, html, paired_bs, paired_ar = options.per_segment, options.html, options.paired_bs, options.paired_ar
    metrics = metric_names(metrics)
    _check_segment_options(metrics, len(hypotheses), options)
    metrics = list(metrics) or list(DEFAULT_METRICS)
    say_compat(metrics, options.compat)
    per_metric = {}
    if "comet" in metrics:
        if reference.sources is None:
            raise TagmtError("comet needs the source segments: give --src FILE (or use --data/--pair)")
        per_metric["comet"] = {"model": options.comet_model}
    writer = PerSegmentWriter(per_segment, ids=reference.ids) if per_segment else None
    if html:
        from tagmt.report import SegmentCollector, check_page

        check_page(html, reference.count)
        writer = SegmentCollector(writer, ids=reference.ids)
    bar = _progress(options.progress, reference.count)
    scoring = ScoreOptions(
        tokenize=options.tokenize, compat=options.compat, terms=options.ne_terms, metric_options=per_metric,
        significance="bs" if paired_bs else "ar" if paired_ar else "ci" if options.confidence else None,
        samples=options.samples, seed=options.seed,
        on_chunk=(lambda done: bar.update(done - bar.n)) if bar is not None else None,
        reference_name=reference.name,
    )
    try:
        systems = score_systems(reference.lines(), hypotheses, reference.trg_lang, reference.pair, metrics=metrics,
                                sources=reference.sources, per_segment=writer, options=scoring)
    finally:
        if bar is not None:
            bar.close()
    out = [system.as_dict() for system in systems]
    for system in out:
        if system["hyp"] in reference.missing:
            system["missing_targets"] = reference.missing[system["hyp"]]
    if html:
        from tagmt.report import write_evaluation_page
        from tagmt.report.scores import DATA_DECIMALS, rounded

        # The page shows the figures as --format json prints them (rounded the same way).
        write_evaluation_page(html, rounded(out, DATA_DECIMALS), writer,
                              about=[f"reference {reference.name}" if reference.pair is None else ""],
                              escaped=reference.pair is None)  # files' text is escaped, a data set view's not
    return out


def say_compat(metrics: Sequence[str], compat: str) -> None:
    """Under ``--compat original``, say on stderr which metrics ran as their originals and which have
    none and ran as tagmt (each signature says it too)."""
    from tagmt.metrics.registry import compat_for

    if compat == "tagmt":
        return
    original = [m for m in metrics if compat_for(m, compat) != "tagmt"]
    default = [m for m in metrics if m not in original]
    parts = []
    if original:
        parts.append(f"{', '.join(original)} as their published implementations")
    if default:
        parts.append(f"{', '.join(default)} as tagmt (no published implementation to reproduce)")
    print(f"tagmt: --compat {compat}: {'; '.join(parts)}", file=sys.stderr)


def _progress(enabled: bool | None, total: int | None):
    from tagmt.progress import progress_bar

    return progress_bar(total=total, desc="evaluate", unit="seg", enabled=enabled)


class Reference:
    """Where the reference (and source) segments come from, read lazily; ``matched`` holds the hypotheses'
    targets already matched by id when the reference is an XLIFF file (``ids``: its segment ids)."""

    def __init__(self, trg_lang: str, pair: str | None, count: int | None, lines, sources=None,
                 name: str = "the reference", matched: dict[str, list[str]] | None = None,
                 ids: list[str] | None = None) -> None:
        self.trg_lang, self.pair, self.count, self.lines, self.sources = trg_lang, pair, count, lines, sources
        self.name, self.matched, self.ids = name, matched, ids
        #: XLIFF: per hypothesis file, how many of the reference's targets it lacked (scored as empty or skipped)
        self.missing: dict[str, int] = {}
        #: a reference with units left out (TMX units without the target language): the hypotheses' line
        #: count and the lines scored, in order (None: every line)
        self.positions: tuple[int, list[int]] | None = None

    def hypothesis(self, path: str):
        """The segments of the hypothesis ``path``, in the reference's order."""
        if self.matched is not None:
            return iter(self.matched[path])
        if self.positions is not None:
            total, kept = self.positions
            wanted = set(kept)
            return (line for k, line in enumerate(_hypothesis_lines(path, total)) if k in wanted)
        return _hypothesis_lines(path, self.count)


def segment_reference(spec: ReferenceSpec, hyps: Sequence[str]) -> Reference:
    """The reference lines, target language and direction name from --data/--pair or --ref."""
    from tagmt.corpus.detect import looks_like_xliff, looks_like_xml
    from tagmt.errors import TagmtError
    from tagmt.evaluation import iter_segments
    from tagmt.languages import normalize

    if spec.ref:
        if spec.pair or spec.data or spec.split:
            raise TagmtError("give either --ref (with --trg-lang) or --data/--split/--pair, not both")
        if len(spec.ref) != 1:
            raise TagmtError("segment metrics take one --ref file (several only for document metrics)")
        path = spec.ref[0]
        if path == "-":
            raise TagmtError("--ref cannot be standard input; give the reference file")
        head = _head(path)
        document = _is_document(path, head)
        if looks_like_xliff(head) or (document and _documents(hyps)):
            return xliff_reference(path, hyps, spec)
        if looks_like_xml(head) or document:
            return corpus_reference(path, spec, hyps)
        if not spec.trg_lang:
            raise TagmtError("--ref needs --trg-lang (e.g. --trg-lang ja) to choose the BLEU tokenizer")
        count = _line_count(path)
        if count == 0:
            raise TagmtError(f"{path}: the reference is empty")
        sources = None
        if spec.src:
            if _line_count(spec.src) != count:
                raise TagmtError(f"--src {spec.src} has {_line_count(spec.src)} lines but the reference has "
                                 f"{count}; give one line per segment in both")
            sources = iter_segments(spec.src)
        trg_lang = normalize(spec.trg_lang, "--trg-lang")  # ja-JP → ja: the tokenizer of ja
        return Reference(trg_lang, None, count, lambda: iter_segments(path), sources, name=path)
    if not spec.pair:
        raise TagmtError("say what to score against: --pair SRC-TRG (with --data DIR) or --ref FILE --trg-lang LANG")
    from tagmt.data.dataset import open_dataset
    from tagmt.data.directions import parse_direction
    from tagmt.data.views import parallel_segments

    direction = parse_direction(spec.pair, include_zf=spec.zf)
    if spec.trg_lang and normalize(spec.trg_lang, "--trg-lang") != direction.trg:
        raise TagmtError(f"--trg-lang {spec.trg_lang} contradicts --pair {direction.name}")
    if spec.src:
        raise TagmtError("--src is for --ref; with --data/--pair the sources come from the data set")
    segments = parallel_segments(open_dataset(spec.data), spec.split, direction, view="tagged")
    targets = [segment.target for segment in segments]
    return Reference(direction.trg, direction.name, len(targets), lambda: iter(targets),
                      [segment.source for segment in segments])


def _line_count(path: str) -> int:
    from tagmt.evaluation import count_lines

    return count_lines(path)


_HEAD_BYTES = 1 << 16  # what tagmt.corpus.detect.looks_like_xliff looks at


def _head(path: str) -> bytes:
    """The first bytes of ``path``, read through the one safe line-file opener (a FIFO, a folder or a
    file over the size limit is one line here)."""
    from tagmt.evaluation import open_line_file

    handle, _ = open_line_file(path)
    with handle:
        return handle.read(_HEAD_BYTES)


def _is_document(path: str, head: bytes) -> bool:
    """Whether ``path`` is a document a translation is written into, recognised as a text format (PO, JSON,
    YAML, properties, .strings, Markdown, HTML): its segments are matched by id, as XLIFF's are."""
    from tagmt.corpus.detect import sniffed_format
    from tagmt.corpus.formats import file_formats

    name = sniffed_format(Path(path), head)
    return name is not None and file_formats()[name].writes_targets


def _documents(hyps: Sequence[str]) -> bool:
    """Whether every hypothesis is a document (matched by key with a document reference), not a line file
    (then the reference document's segments, in the order `tagmt views` writes them, meet its lines)."""
    from tagmt.corpus.detect import looks_like_xml

    def document(path: str) -> bool:
        head = _head(path)  # (read once per file)
        return looks_like_xml(head) or _is_document(path, head)

    return bool(hyps) and all(h != "-" and document(h) for h in hyps)


def xliff_reference(path: str, hyps: Sequence[str], spec: ReferenceSpec) -> Reference:
    """An XLIFF reference — or a document's (a PO's msgstrs; a monolingual document's text, e.g. a human
    translation of a JSON file) —: its targets, and each hypothesis file's (of the same kind) matched by
    unit/segment id (``tagmt.corpus.matching``: ids missing on either side are refused by name, the
    reference's segments without a target are named on stderr). The files are parsed whole; placeholders stay
    text there (``--placeholders`` marks them alike in every file afterwards)."""
    from tagmt.corpus.matching import match_targets
    from tagmt.errors import TagmtError
    from tagmt.languages import normalize

    if "-" in hyps:
        raise TagmtError(f"{path} is matched by id, so every --hyp must be a file of its kind too; standard input "
                         "(-) is read as a line file only")
    if spec.src:
        raise TagmtError(f"--src is for a line-file --ref; {path} carries its sources")
    rules = {"its_rules": spec.its_rules} if spec.its_rules else {}
    matched = match_targets(path, hyps, match=spec.match, skip_missing=spec.skip_missing,
                            marked={"placeholders": "none", **rules})
    for note in matched.notes:
        print(f"tagmt evaluate: {note}", file=sys.stderr)
    lang = spec.trg_lang or matched.trg_lang
    if not lang:
        raise TagmtError(f"{path} names no target language; pass --trg-lang")
    references = matched.references
    reference = Reference(normalize(lang, "--trg-lang"), None, len(references), lambda: iter(references),
                          matched.sources, name=path, matched=matched.hypotheses, ids=matched.ids)
    reference.missing = matched.missing
    return reference


def corpus_reference(path: str, spec: ReferenceSpec, hyps: Sequence[str] = ()) -> Reference:
    """A reference in another corpus format than a line file or XLIFF (TMX: the ``--trg-lang`` side of its
    units, else its only other language; :func:`tagmt.corpus.read_references`'s reading), matched with line-file
    hypotheses segment for segment. Units without a reference are left out for every system and said; an XML
    document that is no corpus is refused with the document metrics' hint."""
    from tagmt.corpus import read_corpus, references_of
    from tagmt.corpus.detect import FORMAT_NAMES, NotACorpus
    from tagmt.errors import TagmtError
    from tagmt.languages import normalize

    try:
        corpus = read_corpus(path, trg_lang=spec.trg_lang, its_rules=spec.its_rules)
    except NotACorpus:
        raise TagmtError(
            f"{path} is an XML document but not XLIFF or TMX; segment metrics read one segment per line, XLIFF "
            "or TMX files: give a line file (e.g. from `tagmt views`), or score whole documents with a "
            "document metric (--metric xater, validity, tree-sim, …)"
        ) from None
    if corpus.writes_targets and _documents(hyps):  # XML documents (DITA, strings.xml…): matched by id
        return xliff_reference(path, hyps, spec)
    kind = FORMAT_NAMES[corpus.format]
    if spec.src:
        raise TagmtError(f"--src is for a line-file --ref; the {kind} file {path} carries its sources")
    references = references_of(corpus)
    kept = [k for k, reference in enumerate(references) if reference is not None]
    if not kept:
        raise TagmtError(f"--ref {path}: no unit of the {kind} file has a {corpus.trg_lang} side to score against")
    if len(kept) < len(references):
        first = next(k for k, reference in enumerate(references) if reference is None)
        print(f"tagmt evaluate: {len(references) - len(kept)} of the {len(references)} segments of {path} have no "
              f"reference and are not scored for any system (first: segment {first + 1}, id "
              f"{corpus.segments[first].id})", file=sys.stderr)
    texts = [references[k] or "" for k in kept]
    reference = Reference(normalize(spec.trg_lang or corpus.trg_lang or "", "--trg-lang"), None, len(kept),
                          lambda: iter(texts), [corpus.segments[k].source for k in kept], name=path,
                          ids=[corpus.segments[k].id for k in kept])
    reference.positions = (len(references), kept) if len(kept) < len(references) else None
    return reference


def _hypothesis_lines(path: str, expected: int | None):
    """A hypothesis stream: the file read lazily (its line count checked first), or standard input."""
    from tagmt.corpus.detect import looks_like_xliff
    from tagmt.errors import TagmtError
    from tagmt.evaluation import iter_segments, stream_lines

    if path == "-":
        return stream_lines(sys.stdin.buffer, "<stdin>")
    if looks_like_xliff(_head(path)):
        raise TagmtError(f"the hypothesis {path} is an XLIFF file but the reference is a line file: give the "
                         "reference XLIFF as --ref to match targets by unit/segment id")
    count = _line_count(path)
    if expected is not None and count != expected:
        raise TagmtError(
            f"the hypothesis {path} has {count} lines but the reference has {expected}; "
            "give one line per segment in both"
        )
    return iter_segments(path)


def score_document_files(metrics: list[str], hyps: list[str], spec: ReferenceSpec, *, compat: str = "tagmt",
                         per_segment: str | None = None, paired: bool = False,
                         options: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """Score each hypothesis file as one document; ``options`` are the document metrics' (``words``, ``dtd``,
    ``xsd``, ``rng``, ``catalog``, ``match_mode``, ``iou``, ``embedding_model``)."""
    from tagmt.errors import TagmtError

    if spec.pair or spec.data:
        raise TagmtError("document metrics score whole files: give --ref FILE(s) and --hyp FILE(s), not --pair")
    if per_segment:
        raise TagmtError("--per-segment is for segment metrics; document metrics give one score per file")
    if paired:
        raise TagmtError("--paired-bs/--paired-ar/--confidence are for segment metrics (one score per segment to resample)")
    if "-" in hyps:
        raise TagmtError("document metrics read whole files: give --hyp FILE, not standard input")
    say_compat(metrics, compat)
    return score_documents(metrics, list(spec.ref or []), hyps, {"compat": compat, **(options or {})})
