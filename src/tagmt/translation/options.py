"""The options of a translation run, as small frozen objects that the three entry points
(``translate_corpus``, ``translate_direction``, ``translate_file``) take instead of keyword lists:

* ``EngineOptions`` / ``DecodingOptions`` (``tagmt.engines.options``): what ``load_engine`` loads and how
  it decodes;
* ``AlignerSpec``: the aligner of DP and ``--repair project``, parsed once from ``--aligner``,
  ``--aligner-model`` and ``--device``;
* ``InputFile`` / ``OutputFile``: a document to read (format, languages, references) and where a run
  writes (overwrite, in place, the run record); ``DataDirection``: a direction of a data set's split;
* ``RunOptions``: the resumable segment cache and the progress (the bar, and a callback after each batch).

Light: importable by the CLI without the translation stack.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence, Union

from tagmt.aligner_names import DEFAULT_ALIGNER, awesome_options
from tagmt.engines.options import DecodingOptions, EngineOptions

__all__ = ["APPROACHES", "AlignerSpec", "DataDirection", "DecodingOptions", "EngineOptions", "InputFile", "OutputFile",
           "RunOptions"]

#: dt (direct translation) and dp (detag-and-project)
APPROACHES = ("dt", "dp")


@dataclass(frozen=True)
class AlignerSpec:
    """An aligner by ``name`` (``eflomal``, ``awesome``, ``eflomal+awesome``), with the awesome encoder
    ``model`` (None: its default) on ``device``, and ``options`` for ``get_aligner`` (e.g.
    ``{"rel_iterations": 0.25}``), which win over what ``model``/``device`` say."""

    name: str = DEFAULT_ALIGNER
    model: str | None = None
    device: str = "auto"
    options: Mapping[str, Any] = field(default_factory=dict)

    def aligner_options(self) -> dict[str, Any]:
        """The keywords ``get_aligner`` takes for this spec."""
        return {**awesome_options(self.name, self.model, self.device), **self.options}

    def load(self):
        """The aligner (``tagmt.projection.align.get_aligner``)."""
        from tagmt.projection.align import get_aligner

        return get_aligner(self.name, **self.aligner_options())


@dataclass(frozen=True)
class InputFile:
    """A document to read: ``path``, its ``format`` (None: from its content), the languages (None: the
    file's own) and, for a line file, its ``references`` segment for segment (any format
    ``corpus.read_references`` reads; other formats carry theirs as targets)."""

    path: str | Path
    format: str | None = None
    src_lang: str | None = None
    trg_lang: str | None = None
    references: str | Path | None = None
    #: the kinds of placeholder that become codes and a project's own expressions (``corpus.read_corpus``)
    placeholders: Sequence[str] | str | None = None
    placeholder_regexes: Sequence[str] = ()
    #: ITS rules files standing in for those the document links (``corpus.read_corpus``'s ``its_rules``)
    its_rules: Sequence[str | Path] = ()

    @classmethod
    def of(cls, given: Union[str, Path, "InputFile"]) -> "InputFile":
        """``given`` as an ``InputFile``: a path is one with everything read from the file."""
        return given if isinstance(given, InputFile) else cls(given)

    def reading(self) -> dict[str, Any]:
        """How the file's segments are read besides format and languages (``corpus.read_corpus``'s placeholder
        kinds and expressions, ITS rules files): every reader of the same input — the run, its reference check,
        its assessment — reads the same segments."""
        return {"placeholders": self.placeholders, "placeholder_regexes": tuple(self.placeholder_regexes),
                "its_rules": tuple(self.its_rules)}


@dataclass(frozen=True)
class OutputFile:
    """Where a run writes: ``path``; ``overwrite`` (XLIFF: also targets that hold someone's work, unless
    locked); ``in_place`` (``path`` may be the input itself, replaced atomically); ``record``: write
    ``<path>.run.json`` beside it (None: as the entry point does by default — ``translate_file`` does,
    ``translate_direction`` does not); ``command``: the command line the record names."""

    path: str | Path
    overwrite: bool = False
    in_place: bool = False
    record: bool | None = None
    command: Sequence[str] | None = None

    @classmethod
    def of(cls, given: Union[str, Path, "OutputFile"]) -> "OutputFile":
        """``given`` as an ``OutputFile``: a path is one with the defaults."""
        return given if isinstance(given, OutputFile) else cls(given)


@dataclass(frozen=True)
class DataDirection:
    """A direction of a split of the SAP data set, what ``corpus.sap.read`` reads: ``dataset`` (a
    ``Dataset``, its folder, or None: the bundled sample), ``split`` (None: its only one) and ``direction``
    (a ``Direction`` or its name, ``en-ja``)."""

    dataset: Any
    split: str | None
    direction: Any


@dataclass(frozen=True)
class RunOptions:
    """How a run keeps its work: finished segments are cached under ``cache_dir`` (None:
    ``tagmt.paths.cache_dir()/runs``) so a stopped run resumes, unless ``use_cache`` is False; ``progress``
    shows a progress bar on stderr; ``on_batch`` is called after each batch is cached with (segments done,
    segments in the run), and may raise to stop the run (``runs.BatchCallback``). ``on_engine_failure``:
    ``stop`` (the run stops where the engine keeps failing; the same command resumes) or ``skip`` (a segment
    the engine keeps failing on by itself is left untranslated and listed: ``runs.translate_segments``)."""

    cache_dir: str | Path | None = None
    use_cache: bool = True
    progress: bool = True
    on_batch: Callable[[int, int], None] | None = None
    on_engine_failure: str = "stop"

    def __post_init__(self) -> None:
        if self.on_engine_failure not in ON_ENGINE_FAILURE:
            from tagmt.errors import TagmtError

            raise TagmtError(f"on_engine_failure takes {' or '.join(ON_ENGINE_FAILURE)}, not {self.on_engine_failure!r}")


#: What a run does when its engine keeps failing on a segment (``--on-engine-failure``).
ON_ENGINE_FAILURE = ("stop", "skip")
