"""A projection model's files read as data, not code (issue 33): each file is checked against what
`tagmt learn` writes before anything uses it, in time and memory bounded by its size, and a crafted or
damaged one is refused in one `TagmtError` line naming the model, the file and the problem.

- JSON files (`read_json`): a regular file of at most `JSON_LIMITS[name]` bytes (read through `safeio`),
  nested at most `MAX_DEPTH` levels (measured before `json` parses it, so no RecursionError), no `NaN`/
  `Infinity` and no number `json` cannot hold; then a typed reader per file (`manifest_fields`,
  `conventions_rows`, `string_lists`, `string_list`, `ranker_fields`) checks every value's type and
  range (counts at most `MAX_COUNT`, ranker weights finite, one per feature, scales positive).
- `priors.sqlite` (`connect_priors`): opened read-only through a percent-escaped `file:` URI (a folder
  named `C#model`, `a?b` or `50%` loads and no stray file is made), `PRAGMA trusted_schema=OFF` and
  `query_only`; a file that is not a rollback-journal SQLite 3 database (its 100-byte header) is refused
  before SQLite opens it, and its schema must be exactly the three tables and two indexes tagmt writes
  (`check_schema`: names, types `table`/`index`, columns and declared types; a view, trigger or extra
  table is refused before any query runs, so a recursive view cannot hang a call); rows are type-checked
  as they are read (`lex_row`, `fert_row`, `jump_row`).
"""

from __future__ import annotations

import json
import math
import re
import sqlite3
from pathlib import Path
from urllib.parse import quote

from tagmt.errors import TagmtError

MIB = 1 << 20
MAX_DEPTH = 16
"""JSON nesting a model file may have (tagmt writes at most 4 levels)."""
JSON_LIMITS = {"manifest.json": 4 * MIB, "ranker.json": 1 * MIB}
"""Bytes a model JSON file may have; the others (conventions, terms, vocabulary, lexicon) `DATA_LIMIT`
(or `$TAGMT_MAX_FILE_MB`): memory, json's objects take several times the file."""
DATA_LIMIT = 128 * MIB
MAX_COUNT = 10**12
"""Largest count (pairs, observations, bytes of a file listed) a model may state."""
MAX_PREFIX = 1000
"""Largest eflomal word prefix a manifest may state (tagmt's default is 4)."""
MAX_JUMPS = 100_000
"""Rows of the priors' jump table read at most (eflomal's jumps are bounded by sentence length)."""

PRIORS_SCHEMA = {
    "lex": (("src", "TEXT"), ("trg", "TEXT"), ("alpha", "REAL")),
    "fert": (("side", "TEXT"), ("word", "TEXT"), ("fert", "INTEGER"), ("alpha", "REAL")),
    "jump": (("side", "TEXT"), ("jump", "INTEGER"), ("alpha", "REAL")),
}
"""The tables of `priors.sqlite` and their columns, as `model._store_priors` creates them."""
PRIORS_INDEXES = {"lex_src": ("lex", ("src",)), "fert_word": ("fert", ("side", "word"))}

_STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)', re.S)
"""A JSON string, or an unterminated one to the end of the text (time: every match succeeds where its loop
stops, so the text is scanned once; `json` then refuses the unterminated string)."""
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_PAIRS = re.compile(r"\[\]|\{\}")


class ModelFileError(TagmtError):
    """A model file that is not what tagmt writes (the message names the model and the file)."""


def corrupt(model: Path, name: str, problem: str) -> ModelFileError:
    """The one-line refusal (a line break in `problem`, from a crafted name SQLite quotes, becomes a space)."""
    problem = " ".join(problem.split())[:300]
    return ModelFileError(f"{model}: corrupt projection model ({name}: {problem}); learn the model again")


def json_limit(name: str) -> int:
    """The bytes the model file `name` may have (`$TAGMT_MAX_FILE_MB` overrides, as for every input)."""
    from tagmt.safeio import size_limit

    return size_limit(JSON_LIMITS.get(name, DATA_LIMIT))


def read_json(model: Path, name: str):
    """The JSON value of the model file `name`, after the size, nesting and number checks (module
    docstring)."""
    from tagmt.safeio import read_regular_file

    limit = JSON_LIMITS.get(name, DATA_LIMIT)  # (read_regular_file applies $TAGMT_MAX_FILE_MB to it)
    data = read_regular_file(model / name, what=f"projection model file {name}", limit=limit)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise corrupt(model, name, f"not UTF-8 at byte {exc.start}") from None
    depth = nesting_depth(text)
    if depth > MAX_DEPTH:
        raise corrupt(model, name, f"nested deeper than {MAX_DEPTH} levels")
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except ValueError as exc:  # JSONDecodeError, a number json cannot hold, NaN/Infinity
        raise corrupt(model, name, str(exc).splitlines()[0][:200]) from None


def nesting_depth(text: str) -> int:
    """How deep the brackets of a JSON text nest, at most `MAX_DEPTH + 1` (more: deeper, or unbalanced).
    Strings are dropped, then each pass of `_PAIRS` removes the innermost empty pairs: a pass a level,
    each linear in C (time: no Python loop over the characters)."""
    brackets = _NOT_BRACKETS.sub("", _STRINGS.sub("", text))
    for depth in range(MAX_DEPTH + 1):
        if not brackets:
            return depth
        brackets = _PAIRS.sub("", brackets)
    return MAX_DEPTH + 1 if brackets else MAX_DEPTH


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number tagmt writes")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"number {text[:40]} out of range")
    return value


# --- typed readers -------------------------------------------------------------------------------------


def need(ok: bool, model: Path, name: str, problem: str) -> None:
    if not ok:
        raise corrupt(model, name, problem)


def is_count(value) -> bool:
    return type(value) is int and 0 <= value <= MAX_COUNT


def manifest_fields(model: Path, manifest: dict, name: str = "manifest.json") -> None:
    """The fields of a manifest (already known to be a tagmt manifest of a readable version) have the types
    and ranges tagmt writes; the `files` table is checked by the caller."""
    for key in ("src_lang", "trg_lang"):
        need(isinstance(manifest.get(key), str) and re.fullmatch(r"[A-Za-z0-9_-]{1,32}", manifest[key]) is not None,
             model, name, f"{key} is not a language code")
    need(is_count(manifest.get("pairs", 0)), model, name, "pairs is not a count")
    need(isinstance(manifest.get("sources", []), list), model, name, "sources is not a list")
    eflomal = manifest.get("eflomal")
    need(isinstance(eflomal, dict), model, name, "eflomal is not an object")
    for key in ("src_prefix", "trg_prefix"):
        need(type(eflomal.get(key)) is int and 0 <= eflomal[key] <= MAX_PREFIX, model, name,
             f"eflomal.{key} is not a word length")
    tokenization = manifest.get("tokenization")
    need(isinstance(tokenization, dict), model, name, "tokenization is not an object")
    units = tokenization.get("units", {})
    need(units is None or isinstance(units, dict), model, name, "tokenization.units is not an object")
    need(isinstance(manifest.get("files"), dict), model, name, "files is not an object")
    ranker = manifest.get("ranker", {})
    need(isinstance(ranker, dict), model, name, "ranker is not an object")


def file_table(model: Path, files: dict, names: set[str], name: str = "manifest.json"
               ) -> dict[str, tuple[int, str]]:
    """(bytes, sha256) of each of `names` as the manifest's `files` lists them."""
    table = {}
    for file in sorted(names):
        entry = files.get(file)
        need(isinstance(entry, dict) and is_count(entry.get("bytes")) and isinstance(entry.get("sha256"), str)
             and re.fullmatch(r"[0-9a-f]{64}", entry["sha256"]) is not None, model, name,
             f"files.{file} is not {{bytes, sha256}}")
        table[file] = (entry["bytes"], entry["sha256"])
    return table


def conventions_rows(model: Path, rows, name: str = "conventions.json") -> list[tuple[tuple, int, int]]:
    """[[key…], right, wrong] rows: a key of 1 to 8 strings, two counts."""
    need(isinstance(rows, list), model, name, "not a list of [key, right, wrong] rows")
    out = []
    for k, row in enumerate(rows):
        need(isinstance(row, list) and len(row) == 3 and isinstance(row[0], list) and 0 < len(row[0]) <= 8
             and all(isinstance(x, str) for x in row[0]) and is_count(row[1]) and is_count(row[2]),
             model, name, f"row {k} is not [[key strings], right, wrong]")
        out.append((tuple(row[0]), row[1], row[2]))
    return out


def string_list(model: Path, items, name: str) -> list[str]:
    need(isinstance(items, list) and all(isinstance(x, str) for x in items), model, name,
         "not a list of strings")
    return items


def string_lists(model: Path, table, name: str) -> dict[str, list[str]]:
    """{string: [strings]} (terms, lexicon entries)."""
    need(isinstance(table, dict), model, name, "not an object of string lists")
    for key, found in table.items():
        need(isinstance(found, list) and all(isinstance(x, str) for x in found), model, name,
             f"the entry {key[:40]!r} is not a list of strings")
    return table


def example_rows(model: Path, rows, name: str = "examples.json") -> list[list]:
    """[[source, target, [forms]]…] (`neighbours.stored_examples`): two strings and a list of strings a row."""
    need(isinstance(rows, list), model, name, "not a list")
    for k, row in enumerate(rows):
        need(isinstance(row, list) and len(row) == 3 and isinstance(row[0], str) and isinstance(row[1], str)
             and isinstance(row[2], list) and all(isinstance(x, str) for x in row[2]), model, name,
             f"row {k + 1} is not [source, target, [word forms]]")
    return rows


def ranker_fields(model: Path, data, features: tuple[str, ...], name: str = "ranker.json") -> dict:
    """A span ranker as `rerank.Ranker.as_json` writes it: weights and scales finite, one per feature
    (scales positive: features are divided by them), margin finite, `tags` a count, `inner` counts. The
    feature names themselves are `Ranker.from_json`'s to compare (another tagmt's: learn again)."""
    need(isinstance(data, dict), model, name, "not an object")
    need(isinstance(data.get("features"), list) and all(isinstance(x, str) for x in data["features"]),
         model, name, "features is not a list of names")
    if list(data["features"]) != list(features):
        return data  # Ranker.from_json says it was learned on other features
    for key, positive in (("weights", False), ("scale", True)):
        values = data.get(key)
        need(isinstance(values, list) and len(values) == len(features), model, name,
             f"{key} has {len(values) if isinstance(values, list) else 'no'} values, not {len(features)}")
        need(all(type(v) in (int, float) and math.isfinite(v) and (v > 0 or not positive) for v in values),
             model, name, f"{key} holds a value that is not a {'positive ' if positive else ''}finite number")
    need(type(data.get("margin")) in (int, float) and math.isfinite(data["margin"]), model, name,
         "margin is not a finite number")
    need(is_count(data.get("tags", 0)), model, name, "tags is not a count")
    inner = data.get("inner", {})
    need(isinstance(inner, dict) and all(is_count(v) for v in inner.values()), model, name,
         "inner is not an object of counts")
    return data


# --- priors.sqlite -------------------------------------------------------------------------------------

_SQLITE_MAGIC = b"SQLite format 3\0"


def priors_uri(path: Path) -> str:
    """The read-only `file:` URI of a database file, every character SQLite's URI syntax gives a meaning
    (`#`, `?`, `%`, …) percent-escaped."""
    return "file:" + quote(str(path.resolve()), safe="/") + "?mode=ro"


def connect_priors(model: Path, path: Path) -> sqlite3.Connection:
    """`path` opened read-only, with untrusted-schema settings, after its header and schema are checked."""
    name = path.name
    try:
        with open(path, "rb") as f:
            header = f.read(100)
    except OSError as exc:
        raise corrupt(model, name, exc.strerror or str(exc)) from None
    need(len(header) == 100 and header.startswith(_SQLITE_MAGIC), model, name, "not an SQLite 3 database")
    # bytes 18/19: file format write/read versions, 1 = rollback journal; 2 = WAL, which tagmt never
    # writes and which a read-only connection would need -wal/-shm files beside the model for
    need(header[18] == 1 and header[19] == 1, model, name, "not a rollback-journal database as tagmt writes")
    db = sqlite3.connect(priors_uri(path), uri=True)
    try:
        db.execute("PRAGMA trusted_schema=OFF")
        db.execute("PRAGMA query_only=ON")
        check_schema(model, db, name)
    except sqlite3.Error as exc:
        db.close()
        raise corrupt(model, name, str(exc)) from None
    except BaseException:
        db.close()
        raise
    return db


def check_schema(model: Path, db: sqlite3.Connection, name: str) -> None:
    """The schema is exactly `PRIORS_SCHEMA` and `PRIORS_INDEXES` (module docstring); reads `sqlite_master`
    and the table pragmas only, never a table or a view."""
    objects = db.execute("SELECT type, name, tbl_name FROM sqlite_master LIMIT 100").fetchall()
    seen = {}
    for kind, obj, table in objects:
        if kind == "table" and obj in PRIORS_SCHEMA:
            seen[obj] = kind
        elif kind == "index" and obj in PRIORS_INDEXES and PRIORS_INDEXES[obj][0] == table:
            seen[obj] = kind
        else:
            raise corrupt(model, name, f"holds the {kind} {str(obj)[:60]!r}, which tagmt does not write")
    missing = [n for n in (*PRIORS_SCHEMA, *PRIORS_INDEXES) if n not in seen]
    need(not missing, model, name, f"lacks the {', '.join(missing)} table or index")
    for table, columns in PRIORS_SCHEMA.items():
        found = tuple((row[1], str(row[2]).upper()) for row in db.execute(f"PRAGMA table_xinfo({table})"))
        need(found == columns, model, name, f"the table {table} has the columns {found}, not {columns}")
    for index, (table, columns) in PRIORS_INDEXES.items():
        found = tuple(row[2] for row in db.execute(f"PRAGMA index_info({index})"))
        need(found == columns, model, name, f"the index {index} is not on {table} {columns}")


def lex_row(model: Path, row) -> tuple[str, str, float]:
    src, trg, alpha = row
    need(isinstance(src, str) and isinstance(trg, str) and _prior(alpha), model, "priors.sqlite",
         "a lex row is not (text, text, number)")
    return row


def fert_row(model: Path, row) -> tuple[str, int, float]:
    word, fert, alpha = row
    need(isinstance(word, str) and type(fert) is int and 0 <= fert <= MAX_PREFIX and _prior(alpha), model,
         "priors.sqlite", "a fert row is not (text, fertility, number)")
    return row


def jump_row(model: Path, row) -> tuple[str, int, float]:
    side, jump, alpha = row
    need(side in ("f", "r") and type(jump) is int and abs(jump) <= MAX_JUMPS and _prior(alpha), model,
         "priors.sqlite", "a jump row is not ('f' or 'r', jump, number)")
    return row


def _prior(alpha) -> bool:
    return type(alpha) is float and math.isfinite(alpha) and alpha >= 0
