"""Checks before a grid runs: everything its cells need, named at once."""

from __future__ import annotations


def check_grid(grid) -> None:
    """Everything the grid's cells need (packages, model and aligner weights, languages), checked before the
    first cell runs; all that is missing is named at once."""
    from tagmt.preflight import aligner_problems, check, model_problems

    languages = sorted({lang for d in grid.directions for lang in (d.src, d.trg)})
    problems: list[str] = []
    for model in dict.fromkeys(s.model for s in grid.systems):
        problems += model_problems(model, [(lang, "--pairs") for lang in languages], option="--models")
    for aligner in dict.fromkeys(s.aligner for s in grid.systems if s.approach == "dp" and s.aligner):
        problems += aligner_problems(aligner, None, languages, option="")  # reproduce takes no --aligner-model
    check(list(dict.fromkeys(problems)))
