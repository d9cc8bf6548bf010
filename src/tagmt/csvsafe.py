"""CSV and TSV cells that a spreadsheet cannot run as formulas (OWASP's "CSV injection" rule).

Every CSV/TSV tagmt writes — ``evaluate --format csv`` (scores and ``--tag-report``), ``evaluate
--per-segment`` TSV, the tables of ``reproduce`` (``tables.to_csv``) — goes through :func:`writer`. A text
cell starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return (a spreadsheet's formula or DDE
start) gets a leading ``'``, which spreadsheets show as text and do not display. Kept as they are:

- numbers tagmt writes as numbers (``int``/``float`` values);
- text cells that are a plain decimal number (``-1.25``, ``+0.40``, ``-3``; tagmt's signed deltas): a
  spreadsheet reads them as that number, never as a formula;
- every cell in *raw* mode (``--csv-raw``: for machine readers that want the data byte for byte).

The raw switch is a context variable set once by the command (:func:`set_raw`), so the writers deep in
the library need no extra parameter; the library default is neutralised cells.
"""

from __future__ import annotations

import contextvars
import csv
import re
from typing import Any, Iterable, TextIO

#: What a cell may not start with unless prefixed (OWASP: = + - @, tab, carriage return).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
PREFIX = "'"
_PLAIN_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)")

_RAW: contextvars.ContextVar[bool] = contextvars.ContextVar("tagmt_csv_raw", default=False)


def set_raw(raw: bool) -> None:
    """Write cells as they are (``True``: ``--csv-raw``) or neutralised (``False``, the default)."""
    _RAW.set(bool(raw))


def is_raw() -> bool:
    return _RAW.get()


def safe_cell(value: Any) -> Any:
    """``value`` as a cell no spreadsheet runs: a text starting like a formula gets a leading ``'``."""
    if not isinstance(value, str) or not value or value[0] not in FORMULA_STARTS:
        return value
    if _PLAIN_NUMBER.fullmatch(value):
        return value
    return PREFIX + value


def safe_row(row: Iterable[Any]) -> list[Any]:
    return [safe_cell(value) for value in row]


class _SafeWriter:
    def __init__(self, inner: Any, raw: bool) -> None:
        self._inner = inner
        self._raw = raw

    def writerow(self, row: Iterable[Any]) -> Any:
        return self._inner.writerow(list(row) if self._raw else safe_row(row))

    def writerows(self, rows: Iterable[Iterable[Any]]) -> None:
        for row in rows:
            self.writerow(row)


def writer(handle: TextIO, *, delimiter: str = ",", raw: bool | None = None) -> _SafeWriter:
    """A ``csv.writer`` (``\\n`` line ends) whose rows are neutralised unless ``raw`` (default: the
    command's ``--csv-raw``, :func:`set_raw`)."""
    return _SafeWriter(csv.writer(handle, delimiter=delimiter, lineterminator="\n"), is_raw() if raw is None else raw)


__all__ = ["FORMULA_STARTS", "PREFIX", "is_raw", "safe_cell", "safe_row", "set_raw", "writer"]
