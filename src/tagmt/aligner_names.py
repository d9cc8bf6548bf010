"""The light half of the aligner registry: the aligners' names, where each class lives, and how
--aligner-model and --device reach the awesome one.

Apart from `tagmt.projection.align` so that argument parsers can name the choices without importing the
projection stack (200 ms); `aligner_class` imports a class when it is asked for. Each class describes itself
(`name`, `option_specs`, `needs`, `learns_from_corpus`; see `tagmt.projection.align`), and `get_aligner`
builds what these names say. A new aligner is a class with those attributes and one line in `ALIGNER_TABLE`.
"""

from __future__ import annotations

import importlib

from tagmt.errors import TagmtError

#: every aligner's name → its class, as "module:Class" (imported when asked: `aligner_class`)
ALIGNER_TABLE = {
    "eflomal": "tagmt.projection.align:EflomalAligner",
    "awesome": "tagmt.projection.align:AwesomeAligner",
    "attention": "tagmt.projection.attention:AttentionAligner",  # the translating model's own (translate dp)
}

#: the aligners themselves (`aligner_class` builds each)
ALIGNERS = tuple(ALIGNER_TABLE)

#: what --aligner takes on the command line: each aligner, and the two combined (union of their links)
ALIGNER_CHOICES = (*ALIGNERS, "eflomal+awesome")

#: The aligner of ``translate`` and ``project`` unless told: eflomal needs no model weights.
DEFAULT_ALIGNER = "eflomal"

#: The aligner of the paper's grid (``tagmt reproduce``): its DP cells used awesome-align; only cells with the
#: same aligner are compared with them.
PAPER_ALIGNER = "awesome"


def aligner_class(name: str) -> type:
    """The class of the aligner ``name`` (one of `ALIGNERS`, not a ``+`` combination), imported now."""
    if name not in ALIGNER_TABLE:
        raise TagmtError(f"unknown aligner {name!r}; choose one of {', '.join(ALIGNERS)} or several joined by '+'")
    module, _, cls = ALIGNER_TABLE[name].partition(":")
    return getattr(importlib.import_module(module), cls)


def uses_awesome(name: str) -> bool:
    """Whether the aligner named ``name`` (possibly a ``+`` combination) runs the awesome encoder."""
    return "awesome" in name.split("+")


def awesome_options(name: str, model: str | None = None, device: str | None = None) -> dict[str, str]:
    """--aligner-model and --device as options of the awesome part of ``name``: ``model``/``device``
    alone, ``awesome.model``/``awesome.device`` in a combination (eflomal has a ``model`` option too)."""
    if not uses_awesome(name):
        return {}
    prefix = "awesome." if "+" in name else ""
    given = {"model": model, "device": device}
    return {prefix + key: value for key, value in given.items() if value}
