"""Translation directions over the 4-way parallel data: every ordered pair of {en, ja, ko, zh}.

The English source is the same in every ``en<xx>`` pair, so ``ja-ko`` takes the Japanese target of
``enja`` as its source and the Korean target of ``enko`` as its reference. Traditional Chinese (``zf``)
is an opt-in fifth language (20 directions instead of 12).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import permutations

from tagmt.errors import TagmtError

LANGUAGES = ("en", "ja", "ko", "zh")
ZF = "zf"


def languages(include_zf: bool = False) -> tuple[str, ...]:
    return LANGUAGES + (ZF,) if include_zf else LANGUAGES


@dataclass(frozen=True, order=True)
class Direction:
    """A translation direction, e.g. ``Direction("ja", "ko")`` named ``ja-ko``.

    ``src``/``trg`` are tagmt's language codes (:mod:`tagmt.languages`); ``src_tag``/``trg_tag`` the
    BCP 47 tags the user gave when they say more than the code (``pt-BR``, ``en-AU``): engines get the
    tags (:attr:`engine_languages`), so an LLM is asked for Brazilian Portuguese and ``en-US`` →
    ``en-AU`` is a regional adaptation (same code on both sides, :attr:`regional`)."""

    src: str
    trg: str
    src_tag: str | None = field(default=None, compare=False)
    trg_tag: str | None = field(default=None, compare=False)

    @property
    def name(self) -> str:
        """``en-de``; a regional adaptation by its tags (``en-US-en-AU``)."""
        if self.regional and (self.src_tag or self.trg_tag):
            return "-".join(self.engine_languages)
        return f"{self.src}-{self.trg}"

    @property
    def key(self) -> str:
        """The name, plus the tags engines are told where given (run caches: an LLM asked for pt-BR and
        one asked for pt-PT give different outputs)."""
        if not (self.src_tag or self.trg_tag):
            return self.name
        return f"{self.name}[{'>'.join(self.engine_languages)}]"

    @property
    def regional(self) -> bool:
        """Source and target are one language in two regional variants (``en-US`` → ``en-AU``)."""
        return self.src == self.trg

    @property
    def engine_languages(self) -> tuple[str, str]:
        """What an engine is told: the tags where given, else the codes."""
        return self.src_tag or self.src, self.trg_tag or self.trg

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
