"""Self-contained HTML report pages: an evaluation (``tagmt evaluate --html``), a projection
(``tagmt project --ref --html``) and a reproduction grid (``tagmt reproduce``: ``OUT/report.html``, each
cell's ``cells/<key>/report.html``).

Each page is one file with its styles, scripts and SVG figures inline, loading nothing (see
:mod:`tagmt.report.html`); the commands only call the ``write_*`` functions below. The names are
imported on first use, so importing one page does not load the others' dependencies.
"""

from __future__ import annotations

import importlib
from typing import Any

_WHERE = {
    "SegmentCollector": "evaluation_page",
    "check_page": "evaluation_page",
    "evaluation_page": "evaluation_page",
    "write_evaluation_page": "evaluation_page",
    "projection_page": "projection_page",
    "write_projection_page": "projection_page",
    "grid_page": "grid_page",
    "write_grid_page": "grid_page",
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(importlib.import_module(f"tagmt.report.{_WHERE[name]}"), name)
    raise AttributeError(f"module 'tagmt.report' has no attribute {name!r}")
