"""``POST /v1/translate``: a whole file translated as ``tagmt translate --input FILE`` translates it (the same
``translation.files.translate_file``: XLIFF back as XLIFF with targets filled and human targets kept unless
``overwrite``, TMX and line files as one segment per line), answered as the written file.

The file comes as multipart/form-data (a ``file`` part, the options as fields) or as the raw body with the
options in the query string (``filename`` names it: its extension helps the format's detection). Options:
``approach`` (dt, dp; default dt), ``model`` (one of the server's ``--model`` engines, by default the offline
ones; default the first), ``src_lang``, ``trg_lang``, ``format``, ``overwrite``, ``aligner``, ``beam``,
``batch_size``, ``repair``, ``placeholders`` (kinds, comma list, as ``--placeholders``), ``placeholder_regex``
(a project's own expression; repeatable); ``its_rules``: ITS rules files as multipart parts of that name (repeatable), as
``tagmt translate --its-rules`` takes them — applied where the document links a file of their name (they sit
beside it), else before its own rules; a document's links are never followed. The upload lives in a private temporary folder for the request only; engines stay
loaded between requests (``serve.warm``).
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path
from typing import Any, Mapping

from tagmt.errors import TagmtError
from tagmt.serve.problems import ServeError
from tagmt.serve.warm import Warm

TRANSLATE_FIELDS = ("approach", "model", "src_lang", "trg_lang", "format", "overwrite", "aligner", "beam",
                    "batch_size", "repair", "placeholders", "placeholder_regex", "its_rules", "filename", "file")


def _formats() -> tuple[str, ...]:
    """``auto`` and every file format ``translate --format`` takes (the corpus registry's names)."""
    from tagmt.corpus.formats import file_formats

    return ("auto", *file_formats())


def _placeholders(options: Mapping[str, Any]) -> dict[str, Any]:
    """``placeholders`` and ``placeholder_regex`` as ``InputFile`` takes them, checked as the CLI checks them."""
    from tagmt.corpus.placeholders import compile_finder, parse_kinds

    kinds, regexes = options.get("placeholders"), options.get("placeholder_regex") or ()
    regexes = (regexes,) if isinstance(regexes, str) else tuple(regexes)
    try:
        parsed = parse_kinds(kinds or None)
        compile_finder(parsed or (), regexes)
    except TagmtError as exc:
        raise ServeError(400, str(exc)) from None
    return {"placeholders": parsed, "placeholder_regexes": regexes}


def _name(filename: str | None) -> str:
    """A safe local name keeping the upload's extension (``manual.de.xlf``), else ``input``."""
    base = Path((filename or "").replace("\\", "/")).name
    base = re.sub(r"[^A-Za-z0-9._-]", "_", base).lstrip(".")[:100]
    return base or "input"


def _flag(value: Any, name: str) -> bool:
    if isinstance(value, bool):
        return value
    if str(value).lower() in ("1", "true", "yes", "on"):
        return True
    if str(value).lower() in ("", "0", "false", "no", "off"):
        return False
    raise ServeError(400, f"{name!r} must be true or false, not {value!r}")


def _int(value: Any, name: str, default: int) -> int:
    if value is None or value == "":
        return default
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise ServeError(400, f"{name!r} must be a whole number, not {value!r}") from None
    if not 1 <= number <= 256:
        raise ServeError(400, f"{name!r} must be from 1 to 256, not {number}")
    return number


def translate_upload(warm: Warm, data: bytes, filename: str | None, options: Mapping[str, Any]
                     ) -> tuple[bytes, str, dict[str, str]]:
    """The translated file (bytes), its download name and the answer's ``X-Tagmt-*`` headers."""
    from tagmt.translation.files import translate_file
    from tagmt.translation.options import AlignerSpec, EngineOptions, InputFile, OutputFile, RunOptions

    unknown = sorted(set(options) - set(TRANSLATE_FIELDS))
    if unknown:
        raise ServeError(400, f"unknown option {unknown[0]!r}; /v1/translate takes {', '.join(TRANSLATE_FIELDS[:-1])}")
    if not data:
        raise ServeError(400, "the file is empty: send the document to translate as the body (or a 'file' part)")
    approach = options.get("approach") or "dt"
    if approach not in ("dt", "dp"):
        raise ServeError(400, f"'approach' is dt (direct translation) or dp (detag-and-project), not {approach!r}")
    allowed = warm.settings.models
    model = options.get("model") or allowed[0]
    if model not in allowed:
        raise ServeError(400, f"model {model!r} is not served here; this server's models: {', '.join(allowed)} "
                              "(tagmt serve --model NAME adds one)")
    format = options.get("format") or "auto"
    if format not in _formats():
        raise ServeError(400, f"'format' is one of {', '.join(_formats())}, not {format!r}")
    reading = _placeholders(options)
    repair = options.get("repair") or None
    if repair not in (None, "project"):
        raise ServeError(400, f"'repair' is project, not {repair!r}")
    aligner_name = options.get("aligner") or warm.settings.aligner
    engine_settings = dict(beam=_int(options.get("beam"), "beam", 4),
                           batch_size=_int(options.get("batch_size"), "batch_size", 16))
    engine: Any = EngineOptions.of(model, device=warm.settings.device, **engine_settings)
    lock = None
    if model != "reference":  # (the reference engine is made of each file's own targets)
        engine, lock = warm.engine((model, approach, tuple(sorted(engine_settings.items()))),
                                   lambda: _load(engine, approach))
    rules = options.get("its_rules") or []
    if not isinstance(rules, list):
        raise ServeError(400, "'its_rules' are ITS rules files: send each as a multipart part named its_rules (a "
                              "file with its name), not as a field or in the query string")
    src, trg = options.get("src_lang") or None, options.get("trg_lang") or None
    overwrite = _flag(options.get("overwrite", False), "overwrite")
    with tempfile.TemporaryDirectory(prefix="tagmt-serve-") as folder:
        name = _name(filename)
        path, output = Path(folder) / "in" / name, Path(folder) / "out" / name
        path.parent.mkdir()
        output.parent.mkdir()
        path.write_bytes(data)
        its_rules = []
        for k, (rules_name, rules_data) in enumerate(rules):  # (each in a folder of its own: names may repeat)
            its_rules.append(Path(folder) / f"rules{k}" / _name(rules_name))
            its_rules[-1].parent.mkdir()
            its_rules[-1].write_bytes(rules_data)
        aligner = warm.aligner(aligner_name) if approach == "dp" or repair else AlignerSpec(aligner_name)
        run = dict(approach=approach, engine=engine, aligner=aligner, run=RunOptions(use_cache=False, progress=False),
                   repair=repair)
        try:
            if lock is not None and not getattr(engine, "offline", False):
                with lock:
                    done = translate_file(InputFile(path, None if format == "auto" else format, src, trg,
                                                    its_rules=its_rules, **reading),
                                          OutputFile(output, overwrite=overwrite, record=False), **run)
            else:
                done = translate_file(InputFile(path, None if format == "auto" else format, src, trg,
                                                its_rules=its_rules, **reading),
                                      OutputFile(output, overwrite=overwrite, record=False), **run)
        except ServeError:
            raise
        except TagmtError as exc:  # named by the upload's name, not the private folder's
            raise TagmtError(str(exc).replace(str(path), name).replace(folder, "")) from None
        except Exception as exc:  # anything else the run raised: a reason, not a traceback
            raise ServeError(502, f"the translation with {model} failed: {type(exc).__name__}: "
                                  f"{' '.join(str(exc).split())[:300]}") from exc
        written = Path(done.output).read_bytes()
        same_kind = done.corpus.writes_targets  # (the document itself back: XLIFF, HTML, PO…; TMX and lines as .txt)
    stem = name.rsplit(".", 1)[0] if "." in name else name
    suffix = "." + name.rsplit(".", 1)[1] if same_kind and "." in name else ".txt"
    headers = {"X-Tagmt-Written": str(done.written), "X-Tagmt-Segments": str(len(done.corpus.segments)),
               "X-Tagmt-Kept": ",".join(f"{why}={n}" for why, n in sorted(done.kept.items()))}
    return written, f"{stem}.{done.direction.trg}{suffix}", headers


def _load(options, approach: str):
    from tagmt.engines import load_engine

    try:
        engine = load_engine(options, approach=approach)
    except Exception as exc:  # a missing model, package or server: the service cannot give this engine
        raise ServeError(503, f"the engine {options.model} cannot be loaded: "
                              f"{' '.join(str(exc).split())[:300] or type(exc).__name__}") from exc
    return _guarded(engine, options.model)


def _guarded(engine, model: str):
    """``engine`` whose failures while translating (its own exception, or a TagmtError it raises: a server that
    does not answer, a partial batch) are 502 naming the engine, apart from the input's problems (400)."""
    inner = engine.translate

    def translate(texts, src_lang, trg_lang):
        try:
            return inner(texts, src_lang, trg_lang)
        except Exception as exc:
            reason = " ".join(str(exc).split())[:300] or type(exc).__name__
            raise ServeError(502, f"the engine {model} failed: {reason}") from exc

    engine.translate = translate
    return engine
