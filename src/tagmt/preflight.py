"""Checks before a run: everything ``translate``, ``project``, ``reproduce`` and ``demo`` need — the
optional packages, the model and aligner weights, the languages of the model — looked at before any work
starts, and everything missing named at once, one line each (``PreflightError``; exit status 2).

Nothing is loaded here: a checkpoint is found by its ``config.json`` and weight files (``hub.find_checkpoint``),
a package by its import spec.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Iterable, Sequence

from tagmt.aligner_names import ALIGNER_CHOICES, ALIGNERS, aligner_class
from tagmt.engines import engine_class
from tagmt.engines.hf import ALIAS_FAMILIES, ALIASES, regional_refusal
from tagmt.errors import TagmtError
from tagmt.languages import FAMILIES, LIST_COMMAND, model_code


class PreflightError(TagmtError):
    """Everything a run lacks, one problem per line."""

    def __init__(self, problems: Sequence[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = list(problems)


def module_available(name: str) -> bool:
    """Whether ``import name`` would find the package (without importing it)."""
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):  # a parent that fails to import, or sys.modules[name] is None
        return False


def _missing_extra(modules: Iterable[str], extra: str, purpose: str) -> list[str]:
    missing = [m for m in modules if not module_available(m)]
    if not missing:
        return []
    verb = "is" if len(missing) == 1 else "are"
    return [f"{', '.join(missing)} {verb} needed for {purpose} but not installed: pip install \"tagmt[{extra}]\""]


def model_problems(model: str, languages: Sequence[tuple[str, str]] = (), option: str = "--model") -> list[str]:
    """What keeps ``model`` from running: packages, weights, and languages it has no code for
    (``languages`` as (ISO code, the option that gave it))."""
    needs = engine_class(model).needs  # (a chat model behind a server: only its client can be checked here)
    problems = _missing_extra(needs.modules, needs.extra or "", f"model {model}")
    if problems or not needs.weights:
        return problems
    from tagmt.hub import find_checkpoint

    source = ALIASES.get(model, model)
    config, problem = find_checkpoint(source, alias=model, option=option)
    if problem is not None:
        problems.append(str(problem))
    family = model_family(model, config)
    if family is not None:
        display = FAMILIES[family][0]
        for lang, given_by in languages:
            if model_code(lang, family) is None:
                problems.append(
                    f"model {model} ({display}) cannot translate {lang!r}"
                    + (" (Traditional Chinese: the model has no language code for it)" if lang == "zf" else "")
                    + f", given by {given_by}; `{LIST_COMMAND} --model {model}` lists its languages"
                )
        codes = [lang for lang, _ in languages]
        if len(codes) == 2 and codes[0] == codes[1]:
            problems.append(regional_refusal(model, display, codes[0]))
    return problems


def model_family(model: str, config: Path | None = None) -> str | None:
    """The model family (``m2m_100``, ``mbart``) from the alias or the checkpoint's config.json (``config``,
    else ``model/config.json`` for a local folder); None when unknown."""
    if model in ALIAS_FAMILIES:
        return ALIAS_FAMILIES[model]
    if config is None:
        config = Path(model).expanduser() / "config.json"
    try:
        family = json.loads(config.read_text(encoding="utf-8")).get("model_type")
    except (OSError, ValueError, AttributeError):
        return None
    return family if family in FAMILIES else None


def aligner_problems(aligner: str, aligner_model: str | None = None, languages: Iterable[str] = (), *,
                     option: str = "--aligner-model") -> list[str]:
    """What keeps detag-and-project from running with ``aligner`` on ``languages``; ``option``: the command's
    option that gives the aligner's weights ("": it has none, the messages advise the cache alone)."""
    problems: list[str] = []
    for part in aligner.split("+"):
        problems += _part_problems(part, aligner, aligner_model, option)
    if "ja" in set(languages):
        extra = _missing_extra(["jaconv"], "align", "Japanese tag projection (loanword anchors)")
        problems += [p for p in extra if p not in problems]
    return problems


def _part_problems(part: str, aligner: str, aligner_model: str | None, option: str) -> list[str]:
    if part not in ALIGNERS:
        raise TagmtError(f"unknown aligner {aligner!r}; choose one of {', '.join(ALIGNER_CHOICES)}")
    cls = aligner_class(part)
    problems = _missing_extra(cls.needs.modules, cls.needs.extra or "", f"the {part} aligner")
    if cls.needs.weights and not problems:  # the encoder's checkpoint, given or the option's default
        from tagmt.hub import find_checkpoint

        default = next(spec.default for spec in cls.option_specs if spec.name == cls.weights_option)
        _, problem = find_checkpoint(aligner_model or default, option=option)
        if problem is not None:
            problems.append(str(problem))
    return problems


def run_problems(*, models: Sequence[str] = (), approach: str | Sequence[str] = "dt", aligner: str | None = None,
                 aligner_model: str | None = None, src_lang: str | None = None, trg_lang: str | None = None,
                 languages_from: str | None = None, repair: str | None = None) -> list[str]:
    """Everything missing for translating ``src_lang`` → ``trg_lang`` with ``models`` (given by --model) by
    ``approach`` (one or several), duplicates removed in order. ``languages_from`` names the option that gave
    the languages when it is not ``--src-lang``/``--trg-lang`` (e.g. ``--pair``); DT with a ``repair`` needs
    the aligner too. (A command whose models come by another option asks `model_problems` itself.)"""
    approaches = [approach] if isinstance(approach, str) else list(approach)
    languages = [(lang, languages_from or opt)
                 for lang, opt in ((src_lang, "--src-lang"), (trg_lang, "--trg-lang")) if lang]
    problems: list[str] = []
    for model in models:
        problems += model_problems(model, languages)
    if ("dp" in approaches or repair) and aligner:
        problems += aligner_problems(aligner, aligner_model, [lang for lang, _ in languages])
    return list(dict.fromkeys(problems))


def check(problems: Sequence[str]) -> None:
    """Raise one PreflightError naming every problem, if there is any."""
    if problems:
        raise PreflightError(problems)
