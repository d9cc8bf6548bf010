"""What a registered class says about itself: the options it takes and what it needs before it runs.

The aligner (`tagmt.aligner_names`), engine (`tagmt.engines`) and input-format (`tagmt.corpus.formats`)
registries are name → class tables, as sacrebleu's metrics and CTranslate2's converters are; each class
describes itself with these records, and the command line's choices, `tagmt.preflight`'s checks and the error
for an unknown name read them instead of branching on names. A leaf module: it imports nothing of tagmt.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields
from typing import Any


@dataclass(frozen=True)
class Option:
    """One option a registered class takes: its keyword, type (as written), default and a one-line help."""

    name: str
    type: str
    default: Any
    help: str


@dataclass(frozen=True)
class Needs:
    """What a registered class needs before it runs: the import names (``modules``) that the pip extra
    ``extra`` installs, and whether it reads model weights (``weights``: a checkpoint preflight looks for)."""

    extra: str | None = None
    modules: tuple[str, ...] = ()
    weights: bool = False


def option(default: Any, help: str) -> Any:
    """A field of a frozen options dataclass with its help (read back by `described`)."""
    return field(default=default, metadata={"help": help})


def described(options_class: type) -> tuple[Option, ...]:
    """The `Option` records of an options dataclass's fields (each declared with `option`)."""
    return tuple(Option(f.name, str(f.type), None if f.default is MISSING else f.default, f.metadata.get("help", ""))
                 for f in fields(options_class))
