"""Stand-ins for ``&``, ``<`` and ``>``: one Unicode noncharacter each (U+FDD0–U+FDD2, reserved by the
standard for a program's internal use; word splitting reads them as punctuation, as it reads the characters
they stand for). Projection works on text with stand-ins so that no tag lands inside an entity reference and
an inserted tag is never confused with a ``<`` of the text; ``tagmt.translation.escaping`` turns them back.

A leaf: the projection layer (``projection.model``, learning) and the translation layer both import it.
"""

from __future__ import annotations

import re

STAND_INS = {"&": "\ufdd0", "<": "\ufdd1", ">": "\ufdd2"}
_BACK = {stand_in: entity for stand_in, entity in zip(STAND_INS.values(), ("&amp;", "&lt;", "&gt;"))}
#: the characters that have a stand-in
SPECIAL = re.compile("[&<>]")
_STAND_IN = re.compile("[\ufdd0-\ufdd2]")


def stand_in(natural: str) -> str:
    """Natural text with ``&``, ``<`` and ``>`` as their stand-ins."""
    return SPECIAL.sub(lambda m: STAND_INS[m.group()], natural)


def escape_stand_ins(projected: str) -> str:
    """A projected string (real tags, text with stand-ins) with the stand-ins as entity references."""
    return _STAND_IN.sub(lambda m: _BACK[m.group()], projected)
