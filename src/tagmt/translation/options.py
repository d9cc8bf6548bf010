"""The options of a translation run, as small frozen objects that the three entry points
(``translate_corpus``, ``translate_direction``, ``translate_file``) take instead of keyword lists:

* ``EngineOptions`` / ``DecodingOptions`` (``tagmt.engines.options``): what ``load_engine`` loads and how
  it decodes;
* ``AlignerSpec``: the aligner of DP and ``--repair project``, parsed once from ``--aligner``,
  ``--aligner-model`` and ``--device``;
* ``RunOptions``: the resumable segment cache and the progress bar.

Light: importable by the CLI without the translation stack.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from tagmt.aligner_names import DEFAULT_ALIGNER, awesome_options
from tagmt.engines.options import DecodingOptions, EngineOptions

__all__ = ["APPROACHES", "AlignerSpec", "DecodingOptions", "EngineOptions", "RunOptions"]

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
class RunOptions:
    """How a run keeps its work: finished segments are cached under ``cache_dir`` (None:
    ``tagmt.paths.cache_dir()/runs``) so a stopped run resumes, unless ``use_cache`` is False; ``progress``
    shows a progress bar on stderr."""

    cache_dir: str | Path | None = None
    use_cache: bool = True
    progress: bool = True
