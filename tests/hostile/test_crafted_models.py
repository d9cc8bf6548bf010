"""Issue 33, items 2 and 3: a projection model is data, not code. `tagmt learn -o` never deletes what the
user put in a model folder and a learn that fails between its renames leaves the old model in place; a
crafted model (SQLite views, triggers and tables of its own, deep or mistyped JSON, absurd numbers, NaN
ranker weights) is refused in one line, in bounded time; a model folder named with `#`, `?` or `%` loads
and leaves no stray file."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
import time
from pathlib import Path

import pytest
from hostile import one_line_error

from tagmt.corpus.lines import write_lines
from tagmt.errors import TagmtError
from tagmt.projection.model import learn_model, load_model
from tagmt.projection.modelfiles import MAX_DEPTH, nesting_depth
from tagmt.projection.rerank import FEATURES
from tagmt.translation.guide import example_detagged, read_examples

pytest.importorskip("eflomal")

PAIRS = [("Enter the <b>Name</b> here.", "Введите здесь «<b>Имя</b>»."),
         ("Choose the <b>Price</b> field.", "Выберите поле «<b>Цена</b>»."),
         ("The <b>Status</b> is required.", "Поле «<b>Статус</b>» обязательно."),
         ("Enter the <b>Region</b> here.", "Введите здесь «<b>Регион</b>»."),
         ("Choose the <b>Owner</b> field.", "Выберите поле «<b>Владелец</b>».")]


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("crafted")
    src = write_lines(tmp / "ex.en", [s for s, _ in PAIRS])
    trg = write_lines(tmp / "ex.ru", [t for _, t in PAIRS])
    model = tmp / "en-ru.model"
    learn_model(model, src_lang="en", trg_lang="ru", examples=_examples(src, trg), progress=False)
    return {"src": src, "trg": trg, "model": model}


def _examples(src, trg):
    return example_detagged(read_examples([src, trg]))


def _copy(files, folder: Path) -> Path:
    folder.parent.mkdir(parents=True, exist_ok=True)
    shutil.copytree(files["model"], folder)
    return folder


def _rewrite(model: Path, name: str, data: bytes | str, listed: bool = True) -> None:
    """Replace a model file and update the manifest's size and hash for it, as a crafter would."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    (model / name).write_bytes(raw)
    if listed:
        manifest = json.loads((model / "manifest.json").read_text("utf-8"))
        manifest["files"][name] = {"bytes": len(raw), "sha256": hashlib.sha256(raw).hexdigest()}
        (model / "manifest.json").write_text(json.dumps(manifest), "utf-8")


def _refused(model: Path, *match: str) -> str:
    started = time.monotonic()
    with pytest.raises(TagmtError) as caught:
        load_model(model, "en", "ru")
    message = str(caught.value)
    assert time.monotonic() - started < 10, "refusal took too long"
    assert "\n" not in message and str(model) in message, message
    for m in match:
        assert m in message, message
    return message


# --- learn -o ------------------------------------------------------------------------------------------


def test_learn_keeps_a_users_file_in_the_model_folder(files, tmp_path, capsys):
    model = _copy(files, tmp_path / "m")
    (model / "notes.txt").write_text("my notes")
    (model / "runs").mkdir()
    (model / "runs" / "eval.json").write_text("{}")
    before = (model / "manifest.json").read_bytes()
    err = one_line_error(["learn", "--src-lang", "en", "--trg-lang", "ru", "--examples", str(files["src"]),
                          str(files["trg"]), "-o", str(model), "--no-progress"], capsys)
    assert "notes.txt" in err and "1 more" in err and "move it out" in err
    assert (model / "notes.txt").read_text() == "my notes" and (model / "runs" / "eval.json").exists()
    assert (model / "manifest.json").read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m"]


def test_learn_replaces_a_model_holding_only_its_own_files(files, tmp_path):
    model = _copy(files, tmp_path / "m")
    learn_model(model, src_lang="en", trg_lang="ru", examples=_examples(files["src"], files["trg"])[:4],
                progress=False)
    assert load_model(model, "en", "ru").manifest["pairs"] == 4
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m"]


@pytest.mark.parametrize("failing_call", [1, 2])
def test_learn_failing_between_its_renames_leaves_the_old_model(files, tmp_path, monkeypatch, failing_call):
    model = _copy(files, tmp_path / "m")
    before = {p.name: p.read_bytes() for p in model.iterdir()}
    real, calls = os.replace, []

    def flaky(a, b, **kw):
        calls.append((a, b))
        if len(calls) == failing_call:
            raise OSError(28, "No space left on device")
        return real(a, b, **kw)

    monkeypatch.setattr(os, "replace", flaky)
    with pytest.raises(TagmtError, match="old model is unchanged|it is unchanged") as caught:
        learn_model(model, src_lang="en", trg_lang="ru", examples=_examples(files["src"], files["trg"])[:4],
                    progress=False)
    monkeypatch.undo()
    assert "\n" not in str(caught.value)
    assert {p.name: p.read_bytes() for p in model.iterdir()} == before
    assert load_model(model, "en", "ru").manifest["pairs"] == 5
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m"]  # no temporary left beside it


# --- priors.sqlite -------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["C#model", "a?b", "50%", "x%20y", "sp ace", "модель&=;"])
def test_a_model_folder_named_with_uri_characters_loads_and_makes_no_stray_file(files, tmp_path, name):
    parent = tmp_path / "p"
    model = _copy(files, parent / name)
    loaded = load_model(model, "en", "ru")
    lex = loaded.priors_of({"name", "ente"}, {"имя", "введ"})[0]
    assert ("name", "имя") in {(a, b) for a, b, _ in lex}
    assert [p.name for p in parent.iterdir()] == [name]
    assert sorted(p.name for p in model.iterdir()) == sorted(p.name for p in files["model"].iterdir())


def _crafted_priors(model: Path, script: str, *, keep: bool = True) -> None:
    """The model's priors with `script` run on them (or on an empty database)."""
    db_path = model / "new.sqlite"
    if keep:
        shutil.copy(model / "priors.sqlite", db_path)
    db = sqlite3.connect(db_path)
    db.executescript(script)
    db.commit()
    db.close()
    data = db_path.read_bytes()
    db_path.unlink()
    _rewrite(model, "priors.sqlite", data)


RECURSIVE_VIEW = """
CREATE TABLE lex (src TEXT NOT NULL, trg TEXT NOT NULL, alpha REAL NOT NULL);
CREATE TABLE fert (side TEXT NOT NULL, word TEXT NOT NULL, fert INTEGER NOT NULL, alpha REAL NOT NULL);
CREATE INDEX lex_src ON lex (src); CREATE INDEX fert_word ON fert (side, word);
CREATE VIEW jump AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n)
    SELECT 'f' AS side, i AS jump, 1.0 AS alpha FROM n;
"""


@pytest.mark.parametrize("script, keep, problem", [
    (RECURSIVE_VIEW, False, "view 'jump'"),
    ("CREATE TABLE extra (x); INSERT INTO extra VALUES (1);", True, "table 'extra'"),
    ("CREATE TRIGGER t AFTER INSERT ON lex BEGIN DELETE FROM jump; END;", True, "trigger 't'"),
    ("CREATE VIEW v AS SELECT * FROM lex;", True, "view 'v'"),
    ("DROP INDEX lex_src;", True, "lacks the lex_src"),
    ("DROP TABLE jump; CREATE TABLE jump (side TEXT, jump TEXT, alpha REAL);", True, "columns"),
    ("DROP TABLE jump; CREATE TABLE jump (side TEXT, jump INTEGER, alpha REAL, extra BLOB);", True, "columns"),
    ("PRAGMA journal_mode=WAL;", True, "rollback-journal"),
    ("DELETE FROM jump; INSERT INTO jump VALUES ('x', 1, 1.0);", True, "jump row"),
    ("UPDATE lex SET alpha = 'text';", True, "lex row"),
])
def test_a_crafted_priors_database_is_refused_in_one_line(files, tmp_path, script, keep, problem):
    model = _copy(files, tmp_path / "m")
    _crafted_priors(model, script, keep=keep)
    before = sorted(p.name for p in model.iterdir())
    if problem in ("jump row", "lex row"):  # rows are checked as a call reads them
        loaded = load_model(model, "en", "ru")
        with pytest.raises(TagmtError, match=problem):
            loaded.priors_of({"name", "ente", "enter"}, {"имя", "введ"})
    else:
        _refused(model, "priors.sqlite", problem)
    assert sorted(p.name for p in model.iterdir()) == before  # no -wal, -shm or -journal made


def test_a_priors_file_that_is_no_database_is_refused(files, tmp_path):
    model = _copy(files, tmp_path / "m")
    _rewrite(model, "priors.sqlite", b"SQLite format 2\0" + b"\0" * 200)
    _refused(model, "priors.sqlite", "not an SQLite 3 database")


def test_a_crafted_model_is_one_line_on_the_command_line(files, tmp_path, capsys):
    model = _copy(files, tmp_path / "m")
    _crafted_priors(model, RECURSIVE_VIEW, keep=False)
    src = write_lines(tmp_path / "s.en", ["Enter the <b>Name</b> here."])
    mt = write_lines(tmp_path / "t.ru", ["Введите здесь «Имя»."])
    err = one_line_error(["project", "--source", str(src), "--translation", str(mt), "--src-lang", "en",
                          "--trg-lang", "ru", "--projection-model", str(model), "-o", str(tmp_path / "o.ru")],
                         capsys)
    assert "view 'jump'" in err and not (tmp_path / "o.ru").exists()


# --- JSON files ----------------------------------------------------------------------------------------


def _ranker(**changes) -> str:
    data = {"features": list(FEATURES), "weights": [0.5] * len(FEATURES), "scale": [1.0] * len(FEATURES),
            "margin": 0.5, "tags": 10, "inner": {"changes": 1, "right": 1, "wrong": 0}}
    data.update(changes)
    return json.dumps(data)


DEEP = "[" * 100_000 + "]" * 100_000
CASES = [
    ("conventions.json", DEEP, f"nested deeper than {MAX_DEPTH}"),
    ("terms.json", '{"a": ' * 50_000 + "1" + "}" * 50_000, "nested deeper"),
    ("manifest.json", DEEP, "nested deeper"),
    ("terms.json", '["a", "b"]', "not an object of string lists"),
    ("terms.json", '{"a": "b"}', "is not a list of strings"),
    ("terms.json", '{"a": [1]}', "is not a list of strings"),
    ("vocabulary.json", '{"a": 1}', "not a list of strings"),
    ("vocabulary.json", "[1, 2]", "not a list of strings"),
    ("conventions.json", '[[["a"], 1]]', "row 0"),
    ("conventions.json", '[["a", 1, 2]]', "row 0"),
    ("conventions.json", '[[["a"], 1e400, 2]]', "out of range"),
    ("conventions.json", '[[["a"], NaN, 2]]', "NaN"),
    ("conventions.json", '[[["a"], ' + "9" * 5000 + ", 2]]", "conventions.json"),
    ("conventions.json", '[[["a"], 100000000000000000000, 2]]', "row 0"),
    ("conventions.json", '[[["a"], -1, 2]]', "row 0"),
    ("ranker.json", _ranker(weights=[0.5] * (len(FEATURES) - 1)), f"weights has {len(FEATURES) - 1} values"),
    ("ranker.json", _ranker(weights=[0.5] * (len(FEATURES) - 1) + [float("nan")]), "NaN"),
    ("ranker.json", _ranker(weights=[0.5] * (len(FEATURES) - 1) + ["x"]), "weights holds"),
    ("ranker.json", _ranker(scale=[0.0] * len(FEATURES)), "scale holds"),
    ("ranker.json", _ranker(margin="x"), "margin"),
    ("ranker.json", _ranker(inner=[1]), "inner"),
    ("ranker.json", "[]", "not an object"),
    ("lexicon.json", '{"a": {"b": 1}}', "is not a list of strings"),
    ("conventions.json", b"\xff\xfe[]", "not UTF-8"),
]


@pytest.mark.parametrize("name, text, problem", CASES, ids=[f"{c[0]}-{k}" for k, c in enumerate(CASES)])
def test_a_crafted_json_file_is_refused_in_one_line(files, tmp_path, name, text, problem):
    model = _copy(files, tmp_path / "m")
    if name == "manifest.json":
        (model / name).write_text(text, "utf-8")
    else:
        _rewrite(model, name, text)
    _refused(model, name, problem)


@pytest.mark.parametrize("change, problem", [
    ({"files": ["priors.sqlite"]}, "files is not an object"),
    ({"files": {"priors.sqlite": 3}}, "does not list"),
    ({"eflomal": "x"}, "eflomal is not an object"),
    ({"eflomal": {"src_prefix": 10**30, "trg_prefix": 4}}, "eflomal.src_prefix"),
    ({"eflomal": {"src_prefix": 4.5, "trg_prefix": 4}}, "eflomal.src_prefix"),
    ({"pairs": 10**30}, "pairs is not a count"),
    ({"pairs": "many"}, "pairs is not a count"),
    ({"src_lang": ["en"]}, "src_lang"),
    ({"tokenization": "uax29"}, "tokenization is not an object"),
    ({"tokenization": {"src": "uax29", "trg": "uax29", "units": ["words"]}}, "tokenization.units"),
    ({"sources": {"a": 1}}, "sources is not a list"),
    ({"format_version": 1.0}, "format_version"),
    ({"format_version": 10**30}, "has format"),
])
def test_a_crafted_manifest_is_refused_in_one_line(files, tmp_path, change, problem):
    model = _copy(files, tmp_path / "m")
    manifest = json.loads((model / "manifest.json").read_text("utf-8"))
    manifest.update(change)
    (model / "manifest.json").write_text(json.dumps(manifest), "utf-8")
    _refused(model, problem)


def test_a_files_entry_with_a_wrong_sha256_type_is_refused(files, tmp_path):
    model = _copy(files, tmp_path / "m")
    manifest = json.loads((model / "manifest.json").read_text("utf-8"))
    manifest["files"]["terms.json"]["sha256"] = 12
    (model / "manifest.json").write_text(json.dumps(manifest), "utf-8")
    _refused(model, "files.terms.json")


def test_a_valid_ranker_loads(files, tmp_path):
    model = _copy(files, tmp_path / "m")
    _rewrite(model, "ranker.json", _ranker())
    assert load_model(model, "en", "ru").ranker.margin == 0.5


def test_an_oversized_model_file_is_refused_before_it_is_read(files, tmp_path, monkeypatch):
    model = _copy(files, tmp_path / "m")
    _rewrite(model, "terms.json", '{"a": ["b"]}' + " " * (2 << 20))
    monkeypatch.setenv("TAGMT_MAX_FILE_MB", "1")
    _refused(model, "terms.json", "over the")


def test_nesting_depth_counts_brackets_outside_strings():
    assert nesting_depth('{"a": [1, {"b": "[[[["}]}') == 3
    assert nesting_depth('"x"') == 0 and nesting_depth("[[]") == MAX_DEPTH + 1
    assert nesting_depth("[" * 20 + "]" * 20) == MAX_DEPTH + 1
    assert nesting_depth(r'["\"]]]", 1]') == 1


def test_an_unterminated_string_full_of_escaped_quotes_is_scanned_once(files, tmp_path):
    text = '["' + '\\"' * 1_000_000  # a quadratic scan would rescan it from every quote
    started = time.monotonic()
    assert nesting_depth(text) == MAX_DEPTH + 1  # the "[" never closes
    assert time.monotonic() - started < 5
    model = _copy(files, tmp_path / "m")
    _rewrite(model, "terms.json", '{"a": ["' + '\\"' * 1_000_000)
    _refused(model, "terms.json")


def test_a_learn_killed_between_its_renames_is_named_where_the_old_model_went(files, tmp_path):
    model = _copy(files, tmp_path / "m")
    aside = tmp_path / ".m.old-abcd1234"
    aside.mkdir()
    model.rename(aside / "model")  # what a kill -9 between the two renames leaves
    with pytest.raises(TagmtError, match=r"no such projection model; a tagmt learn stopped .*\.m\.old-abcd1234/model"):
        load_model(model, "en", "ru")


def test_a_crafted_name_with_line_breaks_stays_one_line(files, tmp_path):
    model = _copy(files, tmp_path / "m")
    _crafted_priors(model, 'CREATE TABLE "evil\nname" (x);')
    assert "evil" in _refused(model, "priors.sqlite")  # (one line: _refused checks)
    model = _copy(files, tmp_path / "n")
    manifest = json.loads((model / "manifest.json").read_text("utf-8"))
    manifest["src_lang"] = "en\ntagmt: error: forged"
    (model / "manifest.json").write_text(json.dumps(manifest), "utf-8")
    _refused(model, "src_lang is not a language code")


def test_a_file_added_to_the_model_folder_while_learning_is_kept(files, tmp_path, monkeypatch):
    from tagmt.projection import model as model_module

    model = _copy(files, tmp_path / "m")
    before = (model / "manifest.json").read_bytes()
    learn_examples = model_module._learn_from_examples

    def meanwhile(*args, **kw):
        (model / "results.txt").write_text("written while the model was learned")
        return learn_examples(*args, **kw)

    monkeypatch.setattr(model_module, "_learn_from_examples", meanwhile)
    with pytest.raises(TagmtError, match="also holds 'results.txt'"):
        learn_model(model, src_lang="en", trg_lang="ru", examples=_examples(files["src"], files["trg"]),
                    progress=False)
    assert (model / "results.txt").exists() and (model / "manifest.json").read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m"]
