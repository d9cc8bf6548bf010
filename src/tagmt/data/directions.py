"""Translation directions over the 4-way parallel data: every ordered pair of {en, ja, ko, zh}.

The English source is the same in every ``en<xx>`` pair, so ``ja-ko`` takes the Japanese target of
``enja`` as its source and the Korean target of ``enko`` as its reference. Traditional Chinese (``zf``)
is an opt-in fifth language (20 directions instead of 12).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations

from tagmt.errors import TagmtError

LANGUAGES = ("en", "ja", "ko", "zh")
ZF = "zf"


def languages(include_zf: bool = False) -> tuple[str, ...]:
    return LANGUAGES + (ZF,) if include_zf else LANGUAGES


@dataclass(frozen=True, order=True)
class Direction:
    """A translation direction, e.g. ``Direction("ja", "ko")`` named ``ja-ko``."""

    src: str
    trg: str

    @property
    def name(self) -> str:
        return f"{self.src}-{self.trg}"

    def __str__(self) -> str:
        return self.name

    def pair_of(self, lang: str) -> str:
        """The ``en<xx>`` pair that holds ``lang`` (English comes from the pair of the other side)."""
        if lang not in (self.src, self.trg):
            raise ValueError(f"{lang!r} is not a language of {self.name}")
        if lang == "en":
            other = self.trg if self.src == "en" else self.src
            return f"en{other}"
        return f"en{lang}"

    @staticmethod
    def xliff_side(lang: str) -> str:
        """Where ``lang`` lives inside its pair's XLIFF: English is the source, the rest the target."""
        return "source" if lang == "en" else "target"


def all_directions(include_zf: bool = False) -> list[Direction]:
    """The 12 ordered pairs of {en, ja, ko, zh} (20 with ``zf``)."""
    return [Direction(a, b) for a, b in permutations(languages(include_zf), 2)]


def parse_direction(name: str | Direction, include_zf: bool = False) -> Direction:
    """``"ja-ko"`` → ``Direction("ja", "ko")``; a one-line TagmtError for anything else."""
    if isinstance(name, Direction):
        name = name.name
    parts = name.strip().lower().replace("_", "-").split("-")
    known = languages(include_zf)
    if len(parts) == 2 and parts[0] != parts[1] and set(parts) <= set(known):
        return Direction(parts[0], parts[1])
    if len(parts) == 2 and ZF in parts and not include_zf and set(parts) <= set(languages(True)):
        raise TagmtError(
            f"direction {name!r} uses zf (Traditional Chinese), which is opt-in: pass --zf (include_zf=True)"
        )
    choices = ", ".join(d.name for d in all_directions(include_zf))
    raise TagmtError(f"unknown direction {name!r}: use one of {choices}")
