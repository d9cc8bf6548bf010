"""The two blow-ups of issue 21 stay gone: placing the codes of one segment is at most quadratic in
their number (it was cubic: `_best_split` scanned every taken span for every split of every
point), and eflomal's iterations are counted on the work of the input, not only on its sentence
count (one 200-word pair got 2,500 iterations, now ~590). Asserted on counts (function calls, iterations),
never on the wall clock; benchmarks/bench_projection_scaling.py prints the timings."""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

from tagmt.markup import strip, tokenize
from tagmt.projection.detag import detag
from tagmt.projection.align import EflomalAligner, TYPICAL_CELLS, work_cells
from tagmt.projection.inside_outside import place_tags
from tagmt.projection.projector import project_tags
from tagmt.projection.wordseg import words_with_offsets
from tagmt.testing.coded import coded_segment


def function_calls(function, *args) -> int:
    """Python function calls (generator steps included) that `function(*args)` makes: a count that
    does not depend on the machine's speed."""
    calls = 0

    def count(frame, event, arg):
        nonlocal calls
        calls += event == "call"

    sys.setprofile(count)
    try:
        function(*args)
    finally:
        sys.setprofile(None)
    return calls


def placement_calls(n: int) -> int:
    """Python function calls (generator steps included) that placing `n` codes makes."""
    detagged, translation, src, trg, links = coded_segment(n)
    return function_calls(place_tags, detagged, src, trg, links, len(translation))


def test_placement_is_at_most_quadratic_in_the_codes():
    counts = [placement_calls(n) for n in (200, 400, 800)]
    for small, large in zip(counts, counts[1:]):
        assert large / small < 5, counts  # doubling the codes: ×4 when quadratic, ×8 when cubic
    assert counts[-1] < 2 * 800**2, counts


def projection_calls(n: int) -> int:
    """Function calls of projecting `n` span codes onto a translation full of bracket groups and
    verbatim tokens (`(a.b1 [wort1])`): the target-unit rules stay quadratic too."""
    source = " ".join(f'<g id="{k}">{"a.b" if k % 2 else "word"}{k}</g>' for k in range(n))
    detagged = detag(source)
    translation = " ".join(f"(a.b{k} [wort{k}])" for k in range(n))
    src = words_with_offsets(detagged.plain, "en", detagged.cuts())
    trg = words_with_offsets(translation, "de")
    links = {(i, i + 1) for i in range(min(len(src), len(trg) - 1))}
    return function_calls(project_tags, detagged, translation, src, trg, links)


def test_target_units_are_at_most_quadratic_in_the_codes():
    counts = [projection_calls(n) for n in (100, 200, 400)]
    for small, large in zip(counts, counts[1:]):
        assert large / small < 5, counts


def test_a_1600_code_segment_is_projected_whole():
    detagged, translation, src, trg, links = coded_segment(1600)
    out = project_tags(detagged, translation, src, trg, links)
    assert strip(tokenize(out)) == translation
    assert sum(t.is_markup for t in tokenize(out)) == sum(
        t.is_markup for t in tokenize(" ".join(
            f'word{k} <x id="{k}"/>' if k % 2 else f'<g id="{k}">word{k}</g>' for k in range(1600)
        ))
    )


def test_eflomal_iterations_follow_the_work():
    aligner = EflomalAligner()
    # typical sentences: eflomal's own schedule, 2500 / sqrt(n) at half the iterations
    assert aligner._iterations(100, 100 * 20 * 20) == (62, 62, 250)
    assert aligner._iterations(1000, 1000 * 30 * 30)[2] == round(2500 / 1000**0.5)
    # one pair of 200 words counts as the typical pairs its cells make
    one = aligner._iterations(1, 200 * 200)
    assert one[2] == round(2500 / math.ceil(200 * 200 / TYPICAL_CELLS) ** 0.5) < 2500 / 4
    assert aligner._iterations(1, 10 * 10)[2] == 2500  # a short pair is cheap anyway
    assert work_cells([["a"] * 3, ["b"] * 1024], [["c"] * 4, ["d"] * 2]) == 12


def test_a_one_pair_eflomal_call_runs_few_iterations(monkeypatch):
    seen: list[list[str]] = []

    def fake_run(args, cwd, **kwargs):  # record eflomal's arguments, write empty links
        seen.append(args)
        for name in ("fwd", "rev"):
            (Path(cwd) / name).write_text("\n")
        return subprocess.CompletedProcess(args, 0, "", "")

    monkeypatch.setattr("tagmt.projection.align.subprocess.run", fake_run)
    words = [f"w{k}" for k in range(200)]
    EflomalAligner(runs=1).align([words], [words])
    (args,) = seen
    iterations = [int(args[args.index(flag) + 1]) for flag in ("-1", "-2", "-3")]
    assert sum(iterations) < 3750 / 4, iterations  # was 625 + 625 + 2500
