"""Progress bars for long work, one rule everywhere: tqdm on stderr, shown when asked for, or — when the
caller leaves it open (``enabled=None``) — when stderr is a terminal, so pipes and CI logs stay clean."""

from __future__ import annotations

import sys
from typing import Any


def progress_bar(*, total: int | None, desc: str, unit: str, initial: int = 0, enabled: bool | None = None,
                 **options: Any):
    """A tqdm bar on stderr; ``options`` go to tqdm (e.g. ``unit_scale``)."""
    from tqdm import tqdm

    show = sys.stderr.isatty() if enabled is None else enabled
    return tqdm(total=total, initial=initial, desc=desc, unit=unit, file=sys.stderr, disable=not show,
                dynamic_ncols=True, **options)
