"""A small TMX 1.4 file written by tests: one `<tu>` a unit, a source `<tuv>` and, when given, a target one."""

from __future__ import annotations

from pathlib import Path
from typing import Iterable


def write_tmx(path: Path, units: Iterable[tuple[str, str | None]], langs: tuple[str, str] = ("en", "de"),
              tuid: str = "{n}") -> Path:
    """`units`: (source, target) segments as TMX markup (inline codes escaped as TMX writes them); a target of
    None leaves the unit without that language. `tuid` is formatted with the unit's number from 1."""
    src, trg = langs
    body = "".join(f'<tu tuid="{tuid.format(n=n)}"><tuv xml:lang="{src}"><seg>{source}</seg></tuv>'
                   + (f'<tuv xml:lang="{trg}"><seg>{target}</seg></tuv>' if target is not None else "") + "</tu>"
                   for n, (source, target) in enumerate(units, start=1))
    path.write_text(f'<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4"><header srclang="{src}" '
                    'segtype="sentence" o-tmf="x" adminlang="en" datatype="plaintext" creationtool="x" '
                    f'creationtoolversion="1"/><body>{body}</body></tmx>\n', encoding="utf-8")
    return path
