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


class PhaseBar:
    """A progress feed ``(phase, done, total)`` shown as one bar per phase (the phase's name as its title), on
    stderr when it is a terminal (``enabled=None``); a phase with no total is shown as its name alone. Use as a
    context manager: the last bar is closed on exit."""

    def __init__(self, title: str, *, unit: str = "segment", enabled: bool | None = None) -> None:
        self.title, self.unit, self.enabled = title, unit, enabled
        self.phase: str | None = None
        self.bar: Any = None

    def __call__(self, phase: str, done: int, total: int) -> None:
        if phase != self.phase:
            self.close()
            self.phase = phase
            self.bar = progress_bar(total=total or None, desc=f"{self.title}: {phase}", unit=self.unit,
                                    enabled=self.enabled)
        if total and self.bar is not None:
            self.bar.update(done - self.bar.n)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None

    def __enter__(self) -> "PhaseBar":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
