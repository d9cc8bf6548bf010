"""Where tagmt finds its own files: the bundled sample, the XSLT stylesheets, the experiment configs.

These live at the top of the source tree (``data/``, ``xslt/``, ``experiments/``), which is where an
editable install (``pip install -e .``) and a source checkout keep them.
"""

from __future__ import annotations

import os
from pathlib import Path

from tagmt.errors import TagmtError

PACKAGE_DIR = Path(__file__).resolve().parent
REPO_ROOT = PACKAGE_DIR.parent.parent


def _resource(env: str, relative: str) -> Path:
    override = os.environ.get(env)
    path = Path(override) if override else REPO_ROOT / relative
    if not path.exists():
        raise TagmtError(
            f"cannot find {relative!r} (looked in {path}); install tagmt from a source checkout "
            f"with `pip install -e .` or set {env}"
        )
    return path


def sample_data_dir() -> Path:
    """The bundled offline sample data set (``data/sample``)."""
    return _resource("TAGMT_SAMPLE", "data/sample")


def xslt_dir() -> Path:
    """The folder of the view stylesheets (``xslt/``)."""
    return _resource("TAGMT_XSLT", "xslt")


def experiments_dir() -> Path:
    """The folder with the paper's grid and published numbers (``experiments/``)."""
    return _resource("TAGMT_EXPERIMENTS", "experiments")


def cache_dir() -> Path:
    """Where resumable runs keep finished work (``$TAGMT_CACHE`` or ``~/.cache/tagmt``)."""
    base = os.environ.get("TAGMT_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "tagmt"
    )
    return Path(base)
