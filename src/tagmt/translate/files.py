"""``translate_file``: translate any XLIFF, TMX or tagged line file and write it back in its own format
(XLIFF in, XLIFF out with targets filled; line file or TMX in, line file out)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from tagmt.corpus import Corpus, read_corpus
from tagmt.corpus.lines import write_lines
from tagmt.data.directions import Direction
from tagmt.engines import LLMOptions
from tagmt.engines.hf import NUM_BEAMS
from tagmt.engines.offline import OFFLINE_ENGINES
from tagmt.errors import TagmtError
from tagmt.languages import Language, parse
from tagmt.outputs import refuse_overwriting_inputs
from tagmt.preflight import check, run_problems
from tagmt.translate.hygiene import RunReport
from tagmt.translate.guide import Guide
from tagmt.aligner_names import awesome_options
from tagmt.translate.pipelines import DEFAULT_ALIGNER, record_run, translate_corpus
from tagmt.translate.runs import prepare_cache_dir

DEFAULT_MODEL = "m2m100"


@dataclass
class FileRun:
    """What ``translate_file`` did: the output, the corpus read, the languages and the run's counts."""

    output: Path
    corpus: Corpus
    direction: Direction
    report: RunReport


def resolve_direction(corpus: Corpus, src_lang: str | None, trg_lang: str | None) -> Direction:
    """The run's direction: from the options, else from the file; both must name the same language where
    both say (a region the option gives wins). One language in two regional variants (``en-US`` →
    ``en-AU``, ``pt-PT`` → ``pt-BR``) is a regional adaptation, kept with its tags; one tag twice is refused."""
    where = corpus.path
    chosen: list[Language] = []
    for given, in_file, option, attribute in (
        (src_lang, corpus.src_lang, "--src-lang", "source language"),
        (trg_lang, corpus.trg_lang, "--trg-lang", "target language"),
    ):
        mine = parse(given, option) if given else None
        theirs = parse(in_file, f"{where}: the {attribute}") if in_file else None
        if mine and theirs and mine.code != theirs.code:
            raise TagmtError(f"{option} {given} contradicts the {attribute} {in_file} of {where}")
        chosen.append(_given(mine or theirs, attribute, option, corpus))
    src, trg = chosen
    if src.code == trg.code and src.tag.lower() == trg.tag.lower():
        raise TagmtError(f"source and target language are both {src.tag}; translation needs two languages "
                         f"(a regional adaptation names two variants, e.g. {src.code}-US → {src.code}-AU)")
    return Direction(src.code, trg.code, src_tag=_extra_tag(src), trg_tag=_extra_tag(trg))


def _given(language: Language | None, attribute: str, option: str, corpus: Corpus) -> Language:
    if language is None:
        source = "a line file carries none" if corpus.format == "lines" else f"{corpus.path} names none"
        raise TagmtError(f"no {attribute}: {source}; pass {option} (an ISO code such as de)")
    return language


def _extra_tag(language: Language) -> str | None:
    """The tag when it says more than the code (``pt-BR``, ``zh-TW``), else None (``de``, ``zf``)."""
    return language.tag if language.tag.lower() != language.code else None


def resolve_languages(corpus: Corpus, src_lang: str | None, trg_lang: str | None) -> tuple[str, str]:
    """The codes of the run's direction (:func:`resolve_direction`)."""
    direction = resolve_direction(corpus, src_lang, trg_lang)
    return direction.src, direction.trg


def translate_file(
    input: str | Path,
    output: str | Path,
    *,
    approach: str,
    model: str = DEFAULT_MODEL,
    format: str | None = None,
    src_lang: str | None = None,
    trg_lang: str | None = None,
    aligner: str = DEFAULT_ALIGNER,
    aligner_model: str | None = None,
    beam: int = NUM_BEAMS,
    batch_size: int = 16,
    device: str = "auto",
    progress: bool = True,
    cache_dir: str | Path | None = None,
    use_cache: bool = True,
    fp16: bool = False,
    llm: LLMOptions | None = None,
    repair: str | None = None,
    command: Sequence[str] | None = None,
    engine: str = "hf",
    compute_type: str | None = None,
    max_tokens: int | None = None,
    guide: Guide | None = None,
    in_place: bool = False,
) -> FileRun:
    """Read ``input`` (format from its content unless ``format``), check everything the run needs
    (packages, weights, the model's languages: all problems at once), translate every segment and write
    ``output`` atomically — XLIFF with targets filled and their state set, else one segment per line — with
    its run record beside it (``<output>.run.json``; ``command``: the command line, when there is one).
    ``llm``, ``repair``, ``engine``, ``compute_type``, ``max_tokens`` and ``guide`` (what the projection
    learns from) as in ``translate_corpus``. ``output`` may be ``input`` itself (a link to it, a hard link)
    only with ``in_place``: it is then replaced atomically."""
    refuse_overwriting_inputs([("output", str(output))], [("input", str(input))], in_place=("output", "input"),
                              allow_in_place=in_place, in_place_flag="in_place=True")
    corpus = read_corpus(input, format, src_lang=src_lang, trg_lang=trg_lang)
    if in_place and corpus.format == "tmx":
        raise TagmtError(f"{input} is a TMX file, and a translation of it is written as a line file: replacing "
                         "it in place would lose the TMX; give -o")
    if not corpus.segments:
        raise TagmtError(f"{input}: no segment to translate (every unit is empty or translate=\"no\")")
    direction = resolve_direction(corpus, src_lang, trg_lang)
    src, trg = direction.src, direction.trg
    if use_cache and model not in OFFLINE_ENGINES:
        prepare_cache_dir(cache_dir)  # a bad cache folder is named before what the run needs
    check(run_problems(models=[model], approach=approach, aligner=aligner, aligner_model=aligner_model,
                       src_lang=src, trg_lang=trg, repair=repair))
    options: dict[str, Any] = awesome_options(aligner, aligner_model)
    done = translate_corpus(
        corpus, direction, approach, model, aligner=aligner, batch_size=batch_size, device=device,
        progress=progress, cache_dir=cache_dir, use_cache=use_cache, fp16=fp16, beam=beam,
        aligner_options=options, llm=llm, repair=repair, engine=engine, compute_type=compute_type,
        max_tokens=max_tokens, guide=guide,
    )
    if corpus.writer is None or corpus.format == "lines":
        path = write_lines(output, done.outputs)
    else:
        path = corpus.write(output, done.outputs, trg_lang=trg_lang or None)
    record_run(path, done, corpus, direction, approach, aligner=aligner, repair=repair, command=command)
    return FileRun(path, corpus, direction, done.report)
