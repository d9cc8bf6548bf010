"""The aligners the commands offer, and how --aligner-model and --device reach the awesome one.

Apart from `tagmt.projection.align` so that argument parsers can name the choices without importing the
projection stack (200 ms); `get_aligner` builds what these names say.
"""

from __future__ import annotations


#: the aligners themselves (``tagmt.projection.align.ALIGNER_CLASSES`` builds each)
ALIGNERS = ("eflomal", "awesome")

#: what --aligner takes on the command line: each aligner, and the two combined (union of their links)
ALIGNER_CHOICES = (*ALIGNERS, "eflomal+awesome")

#: The aligner of ``translate`` and ``project`` unless told: eflomal needs no model weights.
DEFAULT_ALIGNER = "eflomal"

#: The aligner of the paper's grid (``tagmt reproduce``): its DP cells used awesome-align; only cells with the
#: same aligner are compared with them.
PAPER_ALIGNER = "awesome"


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
