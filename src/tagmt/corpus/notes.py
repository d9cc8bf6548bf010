"""Notes of the readers on stderr (``tagmt: note: …``), each said once per run: a document read several times
(the run, its reference check, its review page) notes each thing once, and while a copy of a document already
read is read (its translation, a hypothesis of it: ``copies_read``) nothing is said again under its other name.
"""

from __future__ import annotations

import sys
from contextlib import contextmanager
from typing import Iterator

_SAID: dict[str, None] = {}  # notes already said (insertion order: the oldest forgotten first)
_MUTED: list[bool] = []  # (non-empty while copies of a document are read)


def say(note: str) -> None:
    """``tagmt: note: NOTE`` on stderr, unless said already (the last 1,024 notes are remembered) or while
    `copies_read`."""
    if note in _SAID or _MUTED:
        return
    _SAID[note] = None
    if len(_SAID) > 1024:
        del _SAID[next(iter(_SAID))]
    print(f"tagmt: note: {note}", file=sys.stderr)


@contextmanager
def copies_read() -> Iterator[None]:
    """While copies of a document already read are read, their notes (the document's) are not said."""
    _MUTED.append(True)
    try:
        yield
    finally:
        _MUTED.pop()
