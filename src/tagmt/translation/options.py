"""The options of a translation run, as small frozen objects that the three entry points
(``translate_corpus``, ``translate_direction``, ``translate_file``) take instead of keyword lists:

* ``EngineOptions`` / ``DecodingOptions`` (``tagmt.engines.options``): what ``load_engine`` loads and how
  it decodes;
* ``AlignerSpec``: the aligner of DP and ``--repair project``, parsed once from ``--aligner``,
  ``--aligner-model`` and ``--device``;
* ``FileOptions``: how a document is read and written back (format, languages, overwrite, in place);
* ``RunOptions``: the resumable segment cache and the progress (the bar, and a callback after each batch).

Light: importable by the CLI without the translation stack.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from tagmt.aligner_names import DEFAULT_ALIGNER, awesome_options
from tagmt.engines.options import DecodingOptions, EngineOptions

__all__ = ["APPROACHES", "AlignerSpec", "DecodingOptions", "EngineOptions", "FileOptions", "RunOptions"]

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
class FileOptions:
    """How a document is read and written back: its ``format`` (None: from its content), the languages
    (None: the file's own), ``overwrite`` (XLIFF: also targets that hold someone's work, unless locked)
    and ``in_place`` (the output may be the input itself, replaced atomically)."""

    format: str | None = None
    src_lang: str | None = None
    trg_lang: str | None = None
    overwrite: bool = False
    in_place: bool = False


@dataclass(frozen=True)
class RunOptions:
    """How a run keeps its work: finished segments are cached under ``cache_dir`` (None:
    ``tagmt.paths.cache_dir()/runs``) so a stopped run resumes, unless ``use_cache`` is False; ``progress``
    shows a progress bar on stderr; ``on_batch`` is called after each batch is cached with (segments done,
    segments in the run), and may raise to stop the run (``runs.BatchCallback``)."""

    cache_dir: str | Path | None = None
    use_cache: bool = True
    progress: bool = True
    on_batch: Callable[[int, int], None] | None = None
