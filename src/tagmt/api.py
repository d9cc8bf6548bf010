"""The public Python API (docs/api.md), in the style of sacrebleu: flat names over the functions the
commands call, so that a notebook and the command line give the same numbers.

``tagmt/__init__.py`` imports this module lazily (module ``__getattr__``), so ``import tagmt`` and
``tagmt --help`` stay fast. Text conventions:

- a *tagged* string is a segment with inline tags whose text is XML-escaped, as XLIFF, TMX and tagged line
  files write it (``Save &amp; <g id="1">close</g>``); sources, references, hypotheses and the outputs of
  :func:`project` and :func:`translate` are tagged strings;
- a *translation* given to :func:`project` is natural text, as an MT system writes it (``Sichern &
  schließen``): tagmt escapes it itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from tagmt.errors import TagmtError

__all__ = ["Metric", "Results", "Score", "evaluate", "metric", "project", "read", "translate"]


@dataclass(frozen=True)
class Score:
    """One metric's score: ``score`` (None where nothing could be scored: n/a) and the ``signature`` that
    says how it was computed; ``segment_scores`` for a corpus where the metric gives them."""

    name: str
    score: float | None
    signature: str
    segment_scores: list[float | None] | None = None
    details: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        shown = "n/a" if self.score is None else f"{self.score:.2f}"
        return f"{self.name} = {shown} ({self.signature})"


class Metric:
    """A configured metric (from :func:`metric`): ``corpus_score(hypotheses, [references])`` and
    ``sentence_score(hypothesis, [reference])``, as sacrebleu's metrics."""

    def __init__(self, name: str, implementation: Any) -> None:
        self.name = name
        self.implementation = implementation

    @property
    def signature(self) -> str:
        return self.implementation.signature()

    def corpus_score(self, hypotheses: Sequence[str], references: Sequence[Sequence[str]]) -> Score:
        """Score a corpus: ``references`` is a list of reference streams, each as long as ``hypotheses``."""
        hypotheses, references = _streams(hypotheses, references)
        result = self.implementation.corpus_score(hypotheses, references)
        return Score(self.name, result.score, result.signature, result.segment_scores, dict(result.details))

    def sentence_score(self, hypothesis: str, references: Sequence[str]) -> Score:
        """Score one segment against its references (a list of strings, one per reference)."""
        if isinstance(references, str):
            raise TagmtError("sentence_score takes a list of references: sentence_score(hyp, [ref])")
        if not isinstance(hypothesis, str):
            raise TagmtError("sentence_score takes one hypothesis string; for a corpus use corpus_score")
        references = _segments(references, "the references")
        result = self.implementation.corpus_score([hypothesis], [[reference] for reference in references])
        return Score(self.name, result.score, result.signature, None, dict(result.details))

    def __repr__(self) -> str:
        return f"tagmt.metric({self.name!r})  # {self.signature}"


def _streams(hypotheses: Any, references: Any) -> tuple[list[str], list[list[str]]]:
    if isinstance(hypotheses, str):
        raise TagmtError("corpus_score takes a list of hypotheses; for one segment use sentence_score")
    if isinstance(references, str) or (references and isinstance(references[0], str)):
        raise TagmtError("corpus_score takes a list of reference streams: corpus_score(hyps, [refs])")
    hypotheses = _segments(hypotheses, "the hypotheses")
    if isinstance(references, Mapping):
        raise TagmtError("corpus_score takes a list of reference streams: corpus_score(hyps, [refs])")
    streams = [_segments(stream, f"reference stream {k}") for k, stream in enumerate(references)]
    for k, stream in enumerate(streams):
        if len(stream) != len(hypotheses):
            raise TagmtError(f"reference stream {k} has {len(stream)} segments but there are {len(hypotheses)} "
                             "hypotheses; give one reference per hypothesis in each stream")
    return hypotheses, streams


def metric(name: str, **options: Any) -> Metric:
    """A metric by its ``tagmt evaluate --metric`` name, configured once (``trg_lang="ja"``,
    ``compat="original"``, ``tokenize=…``; an option the metric does not take is an error naming those
    it does)."""
    from tagmt.metrics.registry import get_metric

    return Metric(name, get_metric(name, **options))


class Results:
    """What :func:`evaluate` gives: ``systems`` (one dict per system, as the CLI's JSON has them);
    ``to_dict()`` is exactly ``tagmt evaluate --format json``; ``results["name"].scores["xml-bleu"]``."""

    def __init__(self, systems: Sequence[Mapping[str, Any]], tag_report: bool = False,
                 shown: Sequence[str] | None = None) -> None:
        self.systems = [dict(system) for system in systems]
        self.tag_report = tag_report
        self.shown = list(shown) if shown else None  # the figures asked for: the table's columns

    def to_dict(self) -> dict[str, Any]:
        from tagmt.report.scores import json_document

        return json_document(self.systems, tag_report=self.tag_report)

    def table(self) -> str:
        """The CLI's terminal table."""
        from tagmt.report.scores import render

        return render(self.systems, "table", tag_report=self.tag_report, shown=self.shown)

    def __getitem__(self, name: str) -> "_System":
        for system in self.systems:
            if system["hyp"] == name:
                return _System(system)
        raise KeyError(f"no system {name!r}; the systems are {', '.join(s['hyp'] for s in self.systems)}")

    def __iter__(self):
        return (_System(system) for system in self.systems)

    def __len__(self) -> int:
        return len(self.systems)

    def __repr__(self) -> str:
        return self.table()


class _System:
    """One system of :class:`Results`: ``name``, ``scores``, ``signatures`` and the rest of its JSON."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.data = data

    def __getattr__(self, key: str) -> Any:
        try:
            return self.data["hyp" if key == "name" else key]
        except KeyError:
            raise AttributeError(key) from None


def evaluate(
    references: Sequence[str],
    hypotheses: Mapping[str, Sequence[str]],
    *,
    trg_lang: str,
    metrics: str | Sequence[str] | None = None,
    paired_bs: bool = False,
    paired_ar: bool = False,
    sources: Sequence[str] | None = None,
    tokenize: str | None = None,
    compat: str = "tagmt",
    ne_terms: str | None = None,
    samples: int | None = None,
    seed: int = 12345,
    comet_model: str | None = None,
    tag_report: bool = False,
) -> Results:
    """Score systems (``{name: hypotheses}``) against one reference with the segment metrics (default: the
    paper's nine and xml-chrf, xml-match, tag-placement; one name as a string), as ``tagmt evaluate`` does — the same code path, so
    ``to_dict()`` equals the command's JSON. ``paired_bs``/``paired_ar``: significance against the first
    system (the baseline)."""
    from tagmt.evaluate_files import EvaluationOptions, Reference, score_references, unique

    if isinstance(references, str):
        raise TagmtError("evaluate takes the references as a list of segments (one string per segment)")
    if not isinstance(hypotheses, Mapping):
        raise TagmtError("evaluate takes the systems as a dict {name: list of segments}")
    if paired_bs and paired_ar:
        raise TagmtError("paired_bs and paired_ar are two tests of the same difference; choose one (as "
                         "tagmt evaluate takes --paired-bs or --paired-ar)")
    if isinstance(metrics, str):
        metrics = [metrics]  # one metric by its name
    references = _segments(references, "the references")
    systems = {name: _segments(segments, f"the hypotheses of {name!r}") for name, segments in hypotheses.items()}
    for name, segments in systems.items():
        if len(segments) != len(references):
            raise TagmtError(f"the hypothesis {name} has {len(segments)} segments but the reference has "
                             f"{len(references)}; give one segment per reference segment")
    if sources is not None:
        sources = _segments(sources, "the sources")
    if sources is not None and len(sources) != len(references):
        raise TagmtError(f"sources has {len(sources)} segments but the reference has {len(references)}")
    reference = Reference(trg_lang, None, len(references), lambda: iter(references),
                          list(sources) if sources is not None else None)
    options = EvaluationOptions(tokenize=tokenize, compat=compat, ne_terms=ne_terms, paired_bs=paired_bs,
                                paired_ar=paired_ar, samples=samples, seed=seed, comet_model=comet_model,
                                progress=False)
    asked = unique(list(metrics or []), "metrics")
    scored = score_references(reference, {name: iter(segments) for name, segments in systems.items()}, asked, options)
    return Results(scored, tag_report=tag_report, shown=asked)


def _segments(segments: Any, what: str) -> list[str]:
    """A list of segments, each a string: a string or a mapping where a list is expected is refused (it
    would be scored character by character, or key by key)."""
    if isinstance(segments, (str, bytes, Mapping)) or not isinstance(segments, Iterable):
        raise TagmtError(f"{what} must be a list of segments (one string per segment), not a "
                         f"{type(segments).__name__}")
    out = list(segments)
    wrong = next((k for k, segment in enumerate(out) if not isinstance(segment, str)), None)
    if wrong is not None:
        raise TagmtError(f"segment {wrong} of {what} is a {type(out[wrong]).__name__}, not a string; give one "
                         "string per segment")
    return out


def project(
    sources: str | Sequence[str],
    translations: str | Sequence[str],
    *,
    src_lang: str,
    trg_lang: str,
    aligner: str = "eflomal",
    projection_model: Any = None,
    examples: Any = None,
    align_corpus: Sequence[tuple[str, str]] | None = None,
    device: str = "auto",
    lexicon: str | Path | Sequence[str | Path] | None = None,
    alignment: str | Sequence[str] | None = None,
    tokens: tuple[str | Sequence[str], str | Sequence[str]] | None = None,
    placeholders: str | Sequence[str] | None = None,
    placeholder_regexes: Sequence[str] = (),
) -> str | list[str]:
    """Put the tags of tagged ``sources`` into their ``translations`` (natural text, as an MT system writes
    it; no tags): a list for lists, a string for one string. The outputs are tagged strings, text
    XML-escaped, carrying exactly their sources' tags, well formed whenever the source is.

    ``examples``: tagged translations of the domain the projection learns from — ``(source, target)``
    pairs of tagged strings, or files as ``tagmt project --examples`` takes them (one XLIFF/TMX path, or two
    line-file paths). ``align_corpus``: plain ``(source, target)`` pairs for the aligner.
    ``projection_model``: a model learned by ``tagmt learn`` (None: the rules alone). ``lexicon``: bilingual
    dictionaries as ``tagmt project --lexicon`` takes them (a path or several, ``"cedict"``, ``"auto"``,
    ``"none"``; None: the installed ones of the language pair). ``alignment`` with ``tokens``: word links you
    already have, placed without running an aligner — per segment one Pharaoh line (``"0-0 1-2"``) and
    ``tokens = (source tokens, target tokens)``, each one whitespace-tokenized line per segment (strings for one
    segment), the texts as the aligner saw them, tags left out (``tagmt.projection.given``; no ``examples``
    then). ``placeholders`` (``"auto"``, ``["printf", "brace"]``…) and ``placeholder_regexes``: the sources'
    placeholders are codes that the output carries exactly, as ``tagmt project --placeholders`` does. Raw
    ``<``/``>`` in a source's text stay raw in its output."""
    from tagmt.languages import normalize
    from tagmt.preflight import aligner_problems, check
    from tagmt.translation.hygiene import RunReport
    from tagmt.translation.guide import Guide
    from tagmt.translation.pipelines import ProjectionSetup, load_aligner
    from tagmt.translation.tagged import project_tagged
    from tagmt.translation.projection import _has_source_tags

    one = isinstance(sources, str)
    if one != isinstance(translations, str):
        raise TagmtError("project takes one source and one translation (two strings) or two lists")
    source_list = [sources] if one else list(sources)  # type: ignore[list-item]
    translation_list = [translations] if one else list(translations)  # type: ignore[list-item]
    if len(source_list) != len(translation_list):
        raise TagmtError(f"{len(source_list)} sources but {len(translation_list)} translations; give one "
                         "translation per source")
    tagged = [k for k, (t, s) in enumerate(zip(translation_list, source_list)) if _has_source_tags(t, s)]
    if tagged:
        raise TagmtError(f"translation {tagged[0]} already contains tags of its source ({len(tagged)} do); "
                         "project takes the plain MT output")
    src, trg = normalize(src_lang, "src_lang"), normalize(trg_lang, "trg_lang")
    model = _projection_model(projection_model, src, trg)
    if alignment is not None or tokens is not None:
        loaded = _given_links(alignment, tokens, one, len(source_list), examples or align_corpus)
    else:
        check(aligner_problems(aligner, None, [src, trg]))
        loaded = load_aligner(aligner, device)
    report = RunReport()
    guide = _guide(examples, align_corpus, src, trg)
    if lexicon is not None:
        from tagmt.translation.guide import with_lexicon

        given = [str(lexicon)] if isinstance(lexicon, (str, Path)) else [str(x) for x in lexicon]
        guide = with_lexicon(guide, given, src, trg)
    if model is not None:  # the learned model goes with what the projection learns from
        guide = replace(guide or Guide(), model=model)
    setup = ProjectionSetup(src, trg, loaded, escaped=True, guide=guide, remove_tags=False)
    outputs = project_tagged(source_list, translation_list, setup, report, placeholders=placeholders,
                             regexes=placeholder_regexes)  # = tagmt project --source's path
    return outputs[0] if one else outputs


def _given_links(alignment: Any, tokens: Any, one: bool, count: int, guided: Any) -> Any:
    """``project``'s ``alignment``/``tokens`` as a `projection.given.GivenAligner`, checked."""
    from tagmt.projection.given import GivenAligner

    if alignment is None or tokens is None or len(tokens) != 2:
        raise TagmtError("project takes alignment and tokens=(source tokens, target tokens) together, or neither")
    if guided:
        raise TagmtError("given links (alignment, tokens) are the segments' own: project takes no examples or "
                         "align_corpus with them")
    lines = [[x] if isinstance(x, str) else list(x) for x in (alignment, *tokens)]
    if one != all(isinstance(x, str) for x in (alignment, *tokens)) or any(len(x) != count for x in lines):
        raise TagmtError(f"alignment and tokens need one line each per segment ({count}): strings for one source, "
                         "lists for a list")
    return GivenAligner(*lines, names=("alignment", "the source tokens", "the target tokens"))


def _projection_model(model: Any, src_lang: str | None = None, trg_lang: str | None = None) -> Any:
    """``projection_model`` as project_batch takes it: a model folder made by ``tagmt learn`` (loaded and
    checked for the language pair) or a loaded ``tagmt.projection.ProjectionModel``."""
    if model is None:
        return None
    from tagmt.projection import ProjectionModel, load_model

    if isinstance(model, (str, Path)):
        return load_model(model, src_lang, trg_lang)
    if not isinstance(model, ProjectionModel):
        raise TagmtError(f"projection_model takes a projection model folder made by tagmt learn (or one loaded "
                         f"with tagmt.projection.load_model), not {type(model).__name__}")
    if src_lang is not None and trg_lang is not None and (model.src_lang, model.trg_lang) != (src_lang, trg_lang):
        raise TagmtError(f"{model.path}: the projection model is for {model.src_lang}-{model.trg_lang}, "
                         f"not {src_lang}-{trg_lang}")
    return model


def _guide(examples: Any, align_corpus: Sequence[tuple[str, str]] | None, src: str, trg: str):
    from tagmt.corpus import Corpus, Segment
    from tagmt.translation.guide import make_guide, read_examples

    corpora = []
    if isinstance(examples, (str, Path)):
        corpora.append(read_examples([examples], src_lang=src, trg_lang=trg))
    elif examples:
        examples = list(examples)
        if all(isinstance(e, (str, Path)) for e in examples):
            corpora.append(read_examples(examples, src_lang=src, trg_lang=trg))
        else:
            segments = [Segment(str(k), s, t) for k, (s, t) in enumerate(examples)]
            corpora.append(Corpus("segments", segments, escaped=True))
    return make_guide(corpora, tuple(tuple(pair) for pair in align_corpus or ()))  # type: ignore[misc]


def read(path: str | Path, format: str | None = None, *, src_lang: str | None = None,
         trg_lang: str | None = None, placeholders: Sequence[str] | str | None = None,
         placeholder_regexes: Sequence[str] = (), its_rules: Sequence[str | Path] = ()):
    """Read an XLIFF 1.2/2.x, TMX or tagged line file as a corpus: ``corpus.segments`` (each with ``id``,
    ``source``, ``target``: tagged strings, ``target`` None where there is none), ``corpus.src_lang``,
    ``corpus.trg_lang``, and ``corpus.write(path, targets)``, which splices one tagged target per segment
    (None: leave it) into the original bytes (XLIFF) or writes one per line, atomically: each target's text
    escaped, a tag that is not the segment's written as text; ``corpus.written`` counts the targets written,
    ``corpus.kept`` the others by reason, and a target given but not written is warned about
    (``TargetsKeptWarning``). ``placeholders`` (``"auto"``, ``["printf", "brace"]``, ``"none"``; None: the
    format's own) and ``placeholder_regexes`` make placeholders inline codes ``<x id="N"/>``, written back as
    they were. ``its_rules``: ITS rules files standing in for those an HTML page or XML document links
    (``tagmt --its-rules``)."""
    from tagmt.corpus import read_corpus

    corpus = read_corpus(path, format, src_lang=src_lang, trg_lang=trg_lang, placeholders=placeholders,
                         placeholder_regexes=placeholder_regexes, its_rules=its_rules)
    corpus.warn_kept = True
    return corpus


def translate(
    input: str | Path | Sequence[str],
    output: str | Path | None = None,
    *,
    approach: str = "dt",
    model: Any = None,
    src_lang: str | None = None,
    trg_lang: str | None = None,
    aligner: Any = "eflomal",
    progress: bool = False,
    **options: Any,
):
    """Translate a file (``input`` a path, ``output`` the file to write: XLIFF back as XLIFF with targets
    filled, else one segment per line; returns the run, ``.output`` its path) or a list of tagged segments
    (returns their tagged translations, in order). ``approach``: ``dt`` (tagged in, tagged out) or ``dp``
    (detag, translate, project the tags back). ``model``: as ``tagmt translate --model`` (``m2m100``,
    ``mbart50``, a checkpoint folder, ``copy``, ``openai:NAME`` …; default ``m2m100``), or an
    ``EngineOptions``. Engine options
    as keywords (``beam``, ``batch_size``, ``device``, ``engine``, ``compute_type``, ``fp16``,
    ``max_tokens``, ``llm``), ``aligner_model``, ``cache_dir``/``use_cache``, ``on_engine_failure``
    (``"stop"``, the default, or ``"skip"``: a segment the engine keeps failing on is left untranslated —
    a file run lists it in ``.skipped``, a list run gives ``""`` for it and warns), and the rest as
    ``tagmt.translation.files.translate_file`` takes them (``repair``, ``guide``, ``overwrite`` …); or the
    objects themselves: ``engine=EngineOptions(…)``, ``aligner=AlignerSpec(…)``, ``run=RunOptions(…)``
    (``tagmt.translation.options``)."""
    engine, aligner_, run, rest = _run_objects(model, aligner, progress, options)
    if isinstance(input, (str, Path)):
        from tagmt.translation.files import translate_file
        from tagmt.translation.options import InputFile, OutputFile

        if output is None:
            raise TagmtError("translate(path) needs output=: the file to write (XLIFF in, XLIFF out)")
        # the file keywords as the objects translate_file takes; any other keyword goes on (and an unknown fails there)
        source = InputFile(input, rest.pop("format", None), src_lang, trg_lang, rest.pop("references", None))
        target = OutputFile(output, **{k: rest.pop(k) for k in ("overwrite", "in_place", "command") if k in rest})
        return translate_file(source, target, approach=approach, engine=engine, aligner=aligner_, run=run, **rest)
    if output is not None:
        raise TagmtError("translate(list of segments) returns the translations; output= is for files")
    return _translate_segments(list(input), approach=approach, engine=engine, aligner=aligner_, run=run,
                               src_lang=src_lang, trg_lang=trg_lang, **rest)


def _run_objects(model: Any, aligner: Any, progress: bool, options: dict[str, Any]):
    """The keyword form of ``translate`` as the objects the library takes: ``EngineOptions`` (from
    ``model`` and the engine's keywords, or ``engine=`` given as one), ``AlignerSpec``, ``RunOptions``, and
    the keywords left for ``translate_file``."""
    from dataclasses import fields

    from tagmt.translation.options import AlignerSpec, DecodingOptions, EngineOptions, RunOptions

    options = dict(options)
    names = {f.name for cls in (EngineOptions, DecodingOptions) for f in fields(cls)} - {"model"}
    settings = {k: options.pop(k) for k in list(options) if k in names and not isinstance(options[k], EngineOptions)}
    given = options.pop("engine", None) if isinstance(options.get("engine"), EngineOptions) else None
    if given is not None and model is not None:
        raise TagmtError("give the model in engine=EngineOptions(…), or as model=, not both")
    if isinstance(model, EngineOptions) or given is not None:
        if settings:
            raise TagmtError(f"give {', '.join(sorted(settings))} in the EngineOptions, not beside them")
        engine = given if given is not None else model
    else:
        engine = EngineOptions.of(model if model is not None else "m2m100", **settings)
    aligner_model = options.pop("aligner_model", None)
    aligner_options = options.pop("aligner_options", None) or {}
    if isinstance(aligner, str):
        aligner = AlignerSpec(aligner, aligner_model, engine.device, aligner_options)
    elif aligner_model or aligner_options:
        raise TagmtError("aligner_model and aligner_options go with an aligner name, not an AlignerSpec")
    run = options.pop("run", None)
    if run is None:
        run = RunOptions(options.pop("cache_dir", None), options.pop("use_cache", True), progress,
                         on_engine_failure=options.pop("on_engine_failure", "stop"))
    elif "on_engine_failure" in options:
        raise TagmtError("give on_engine_failure in the RunOptions, not beside them")
    return engine, aligner, run, options


def _translate_segments(segments: list[str], *, approach: str, engine, aligner, run, src_lang: str | None,
                        trg_lang: str | None, **options: Any) -> list[str]:
    from tagmt.corpus import Corpus, Segment
    from tagmt.data.directions import Direction
    from tagmt.languages import normalize
    from tagmt.translation.pipelines import translate_corpus

    if not (src_lang and trg_lang):
        raise TagmtError("translate(list of segments) needs src_lang= and trg_lang=")
    if any(not isinstance(s, str) for s in segments):
        raise TagmtError("translate takes a path or a list of tagged segments (strings)")
    src, trg = normalize(src_lang, "src_lang"), normalize(trg_lang, "trg_lang")
    references = options.pop("references", None)
    if references is not None and len(references) != len(segments):
        raise TagmtError(f"{len(references)} references for {len(segments)} segments")
    corpus = Corpus("segments", [Segment(str(k), s, references[k] if references else None)
                                 for k, s in enumerate(segments)], escaped=True)
    done = translate_corpus(corpus, Direction(src, trg), approach, engine, aligner=aligner, run=run, **options)
    if done.skipped:
        import warnings

        first = min(done.skipped)
        warnings.warn(f"the engine kept failing on {len(done.skipped)} segment(s), left untranslated (\"\"): "
                      f"{', '.join(map(str, sorted(done.skipped)))} (segment {first}: {done.skipped[first]})",
                      EngineFailureWarning, stacklevel=3)
    return done.outputs


class EngineFailureWarning(UserWarning):
    """``translate(…, on_engine_failure="skip")`` on a list left segments untranslated (``""``)."""
