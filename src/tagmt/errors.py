"""User-facing errors: one line, exit status 2, no traceback (the CLI catches them)."""

from __future__ import annotations


class TagmtError(Exception):
    """A problem with the user's input or environment, explained in one line."""

    exit_code = 2


class MissingExtraError(TagmtError):
    """An optional dependency is needed for what was asked; the message names the extra to install."""

    def __init__(self, package: str, extra: str, purpose: str = "") -> None:
        what = f" for {purpose}" if purpose else ""
        super().__init__(
            f"{package} is needed{what} but is not installed: pip install \"tagmt[{extra}]\""
        )
        self.package = package
        self.extra = extra


def require(module: str, extra: str, purpose: str = ""):
    """Import an optional module or raise MissingExtraError naming the extra that provides it."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise MissingExtraError(module.split(".")[0], extra, purpose) from exc


def did_you_mean(word: str, choices, *, cutoff: float = 0.6) -> str:
    """`` (did you mean X?)`` for the closest of ``choices`` (difflib's ratio at least ``cutoff``), else ``""``:
    for messages about a misspelled option, metric or command."""
    import difflib

    close = difflib.get_close_matches(word, [str(choice) for choice in choices], n=1, cutoff=cutoff)
    return f" (did you mean {close[0]}?)" if close else ""
