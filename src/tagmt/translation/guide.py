"""What a projection may learn from besides the pairs it projects: tagged examples of the same domain and
plain parallel text for the aligner (``tagmt project``/``tagmt translate`` ``--examples``,
``--examples-data``/``--examples-split``, ``--align-corpus``).

Examples are read through the corpus readers, so any tagged parallel data serves: two tagged line files
(source, target), an XLIFF 1.2/2.x file with targets, a TMX file, or a split of the SAP data set tree. They
are kept as detagged pairs in the run's own text form — references read as characters, ``&``, ``<`` and
``>`` as the stand-ins of ``translate.escaping`` — so that the projection sees them exactly as it sees the
segments it projects (``project_translations`` does the same to those).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from tagmt.corpus import Corpus, read_corpus
from tagmt.corpus.lines import check_same_length, read_segments
from tagmt.errors import TagmtError
from tagmt.projection import Detagged, detag
from tagmt.projection.model import ProjectionModel, load_model
from tagmt.translation.escaping import natural_detagged


@dataclass(frozen=True)
class Guide:
    """Tagged ``examples`` (detagged source and reference, natural text) and plain ``align_corpus`` pairs."""

    examples: tuple[tuple[Detagged, Detagged], ...] = ()
    align_corpus: tuple[tuple[str, str], ...] = ()
    model: ProjectionModel | None = None  # learned once (tagmt learn, --projection-model)
    lexicon: tuple[str, ...] | None = None  # --lexicon as given (None: the installed dictionaries of the pair)

    def __bool__(self) -> bool:
        return bool(self.examples or self.align_corpus or self.model or self.lexicon)

    def describe(self) -> str:
        """One line for a run's report."""
        tagged = sum(bool(s.tags) for s, _ in self.examples)
        said = (f"{len(self.examples)} example pairs ({tagged} tagged) and {len(self.align_corpus)} "
                "extra parallel lines for the aligner")
        said = f"{self.model.describe()}, {said}" if self.model is not None else said
        return f"{said}; dictionaries {', '.join(self.lexicon)}" if self.lexicon else said


def read_examples(paths: Sequence[str | Path], *, src_lang: str | None = None, trg_lang: str | None = None,
                  **placeholders) -> Corpus:
    """Tagged parallel examples as a corpus whose segments have references: two tagged line files (source,
    target, line k with line k) or one XLIFF/TMX file with targets (TMX: the sides ``src_lang``/``trg_lang``).
    ``placeholders``: ``read_corpus``'s ``placeholders``/``placeholder_regexes`` (placeholders as codes)."""
    if len(paths) == 2:
        corpus = read_corpus(paths[0], "lines", references=paths[1], **placeholders)
    elif len(paths) == 1:
        corpus = read_corpus(paths[0], src_lang=src_lang, trg_lang=trg_lang, **placeholders)
        if corpus.format == "lines":
            raise TagmtError(f"{paths[0]}: --examples with one file takes an XLIFF or TMX file with targets; "
                             "for line files give two: --examples SOURCE TARGET")
    else:
        raise TagmtError(f"--examples takes one XLIFF/TMX file or two line files (SOURCE TARGET), not {len(paths)}")
    if not any(s.reference for s in corpus.segments):
        raise TagmtError(f"{paths[0]}: the examples have no targets; examples are translated pairs")
    return corpus


def example_detagged(corpus: Corpus) -> list[tuple[Detagged, Detagged]]:
    """The example pairs of a corpus detagged in natural text (escaped corpora: ``& < >`` as stand-ins)."""
    pairs = []
    for k, (source, target) in enumerate(example_pairs(corpus), start=1):
        try:
            src, trg = detag(source), detag(target)
        except TagmtError as exc:  # tags nested past detag.MAX_DEPTH
            raise TagmtError(f"{corpus.path or '--examples'}: example {k}: {exc}") from None
        if corpus.escaped:
            src, trg = natural_detagged(src), natural_detagged(trg)
        pairs.append((src, trg))
    return pairs


def read_projection_model(path: str | Path, src_lang: str, trg_lang: str) -> ProjectionModel:
    """``--projection-model``: a model made by ``tagmt learn`` for this language pair."""
    return load_model(path, src_lang, trg_lang)


def example_pairs(corpus: Corpus) -> list[tuple[str, str]]:
    """The (tagged source, tagged target) pairs of an examples corpus that have both sides."""
    return [(s.source, s.reference) for s in corpus.segments
            if s.reference is not None and s.source.strip() and s.reference.strip()]


def read_sap_examples(data: str | Path, split: str | None, direction: str) -> Corpus:
    """The tagged pairs of one direction of a split of the SAP data set tree (e.g. the dev split)."""
    from tagmt.corpus import sap

    return sap.read(data, split, direction)


def read_align_corpus(source: str | Path, target: str | Path) -> tuple[tuple[str, str], ...]:
    """Plain parallel text for the aligner: two line files of natural text, line k with line k."""
    sources, targets = read_segments(source), read_segments(target)
    check_same_length(source, len(sources), target, len(targets))
    return tuple((s, t) for s, t in zip(sources, targets) if s.strip() and t.strip())


def make_guide(examples: Sequence[Corpus] = (), align_corpus: Sequence[tuple[str, str]] = (),
               model: ProjectionModel | None = None) -> Guide:
    """A guide from examples corpora (escaped ones read as natural text), plain parallel pairs and a
    projection model."""
    pairs = [pair for corpus in examples for pair in example_detagged(corpus)]
    return Guide(tuple(pairs), tuple(align_corpus), model)


def read_corpus_pairs(paths: Sequence[str | Path], *, src_lang: str | None = None, trg_lang: str | None = None):
    """Plain parallel text to learn a projection model from (``tagmt learn --corpus``): two line files of natural
    text, streamed (``project.model.line_pairs``), or one TMX/XLIFF file with targets (its text, tags stripped)."""
    from tagmt.projection.model import corpus_pairs, line_pairs

    if len(paths) == 2:
        return line_pairs(*paths)
    corpus = read_corpus(paths[0], src_lang=src_lang, trg_lang=trg_lang)
    if corpus.format == "lines":
        raise TagmtError(f"{paths[0]}: --corpus with one file takes a TMX or XLIFF file with targets; "
                         "for line files give two: --corpus SOURCE TARGET")
    pairs = [(s.plain, t.plain) for s, t in example_detagged(corpus)]
    if not pairs:
        raise TagmtError(f"{paths[0]}: no segment has a target; a corpus is translated pairs")
    return corpus_pairs(pairs, Path(paths[0]).name)


def read_guide(examples: Sequence[str] | None, examples_data: str | None, examples_split: str | None,
               align_corpus: Sequence[str] | None, src_lang: str, trg_lang: str, *,
               projection_model: str | Path | None = None, lexicon: Sequence[str] | None = None):
    """The projection's guide from ``--examples`` files, a SAP data set's ``--examples-data`` (and
    ``--examples-split``), an ``--align-corpus`` pair of plain line files, a ``--projection-model`` (None
    for each not given) and ``--lexicon`` (kept as given, checked here, read by the projection:
    ``project.lexicon.resolve_lexicon``)."""
    from tagmt.languages import normalize

    if examples_split and not examples_data:
        raise TagmtError("--examples-split goes with --examples-data")
    corpora = []
    if examples:
        corpora.append(read_examples(examples, src_lang=src_lang, trg_lang=trg_lang))
    if examples_data:
        direction = f"{normalize(src_lang, '--src-lang')}-{normalize(trg_lang, '--trg-lang')}"  # zh-TW → zf
        corpora.append(read_sap_examples(examples_data, examples_split, direction))
    extra = read_align_corpus(*align_corpus) if align_corpus else ()
    model = read_projection_model(projection_model, src_lang, trg_lang) if projection_model else None
    guide = make_guide(corpora, extra, model)
    return with_lexicon(guide, lexicon, src_lang, trg_lang) if lexicon else guide


def with_lexicon(guide: Guide, lexicon: Sequence[str], src_lang: str, trg_lang: str) -> Guide:
    """``guide`` with the ``--lexicon`` values given, checked before any work (``lexicon.check_lexicon_option``)."""
    from dataclasses import replace

    from tagmt.projection.lexicon import check_lexicon_option

    check_lexicon_option(lexicon, src_lang, trg_lang)
    return replace(guide, lexicon=tuple(lexicon))
