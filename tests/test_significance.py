"""Paired significance tests: sacrebleu's numbers where the definitions agree, p < 0.05 for a clearly
worse system, p ≥ 0.05 for a copy of the baseline, and the same figures in table, JSON and CSV."""

from __future__ import annotations

import csv
import io
import json
import random

import numpy as np
import pytest
from sacrebleu.metrics import BLEU
from sacrebleu.significance import PairedTest

from tagmt.cli import main
from tagmt.evaluation import ScoreOptions, score_systems
from tagmt.significance import approximate_randomization, paired_bootstrap

WORDS = "the a file save open close window tab value list mode edit dialog name field data".split()


def corpus(seed: int, size: int = 120) -> list[str]:
    rng = random.Random(seed)
    lines = []
    for i in range(size):
        words = [rng.choice(WORDS) for _ in range(rng.randint(6, 14))]
        if i % 3 == 0:
            words[1] = f"<uicontrol>{words[1]}</uicontrol>"
        lines.append(" ".join(words) + " .")
    return lines


REFS = corpus(1)
GOOD = [line.replace(" the ", " a ", 1) for line in REFS]  # one word changed here and there
WORSE = [" ".join(line.split()[::2]) for line in REFS]  # half the words gone, tags broken


def test_bootstrap_equals_sacrebleus_paired_bs_on_bleu():
    metric = BLEU(references=[REFS])
    _, scores = PairedTest([("base", GOOD), ("sys", WORSE)], {"BLEU": metric}, references=None,
                           test_type="bs", n_samples=1000)()
    theirs = scores["BLEU"][1]
    stats = [np.array(BLEU()._extract_corpus_statistics(h, [REFS]), dtype=np.float64) for h in (GOOD, WORSE)]
    ours = paired_bootstrap(stats[0], stats[1], lambda s: {"bleu": BLEU()._compute_score_from_stats(list(s)).score},
                            samples=1000, seed=12345)["bleu"]
    assert ours.score == pytest.approx(theirs.score)
    assert ours.mean == pytest.approx(theirs.mean) and ours.ci == pytest.approx(theirs.ci)
    assert ours.p_value == pytest.approx(theirs.p_value)


def test_worse_system_is_significant_and_a_copy_is_not():
    baseline, copy, worse = list(GOOD), list(GOOD), WORSE
    systems = score_systems(REFS, {"base": baseline, "copy": copy, "worse": worse}, "en",
                            options=ScoreOptions(significance="bs"))
    base, same, bad = systems
    for key in ("raw-bleu", "lex-bleu", "raw-chrf", "xml-bleu", "markup-match", "xml-chrf"):
        assert base.significance[key]["p_value"] is None  # the baseline is the reference point
        assert same.significance[key]["p_value"] >= 0.05, key
        assert bad.significance[key]["p_value"] < 0.05, key
        assert bad.significance[key]["ci"] > 0 and bad.significance[key]["mean"] == pytest.approx(
            bad.scores[key], abs=3 * bad.significance[key]["ci"] + 1e-9
        )


def test_approximate_randomization():
    systems = score_systems(REFS, {"base": GOOD, "copy": list(GOOD), "worse": WORSE}, "en",
                            metrics=["lex-bleu", "markup-match"], options=ScoreOptions(significance="ar", samples=2000))
    assert systems[1].significance["lex-bleu"]["p_value"] == 1.0
    assert systems[2].significance["lex-bleu"]["p_value"] < 0.05
    assert systems[2].significance["markup-match"]["p_value"] < 0.05


def test_tests_are_seeded():
    stats = np.array([[1.0, 1.0], [0.0, 1.0], [1.0, 1.0], [0.0, 1.0]] * 10)
    other = np.array([[0.0, 1.0]] * 40)
    def figures(s):
        return {"m": 100 * s[0] / s[1]}
    first = paired_bootstrap(stats, other, figures, samples=200, seed=7)
    assert first == paired_bootstrap(stats, other, figures, samples=200, seed=7)
    assert approximate_randomization(stats, other, figures, samples=300, seed=3) == approximate_randomization(
        stats, other, figures, samples=300, seed=3
    )


def test_p_values_and_intervals_in_every_format(capsys, tmp_path):
    ref, base, copy, worse = (tmp_path / name for name in ("ref.en", "base.en", "copy.en", "worse.en"))
    for path, lines in ((ref, REFS), (base, GOOD), (copy, GOOD), (worse, WORSE)):
        path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    argv = ["evaluate", "--ref", str(ref), "--trg-lang", "en", "--hyp", str(base), str(copy), str(worse),
            "--metric", "lex-bleu", "markup-match", "--paired-bs", "--samples", "300"]
    assert main(argv + ["--format", "json"]) == 0
    systems = json.loads(capsys.readouterr().out)["systems"]
    assert systems[0]["significance"]["lex-bleu"]["p_value"] is None
    assert systems[1]["significance"]["lex-bleu"]["p_value"] >= 0.05
    assert systems[2]["significance"]["lex-bleu"]["p_value"] < 0.05
    assert main(argv + ["--format", "csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert float(rows[2]["lex-bleu p_value"]) < 0.05 and float(rows[2]["lex-bleu ci"]) > 0
    assert rows[0]["lex-bleu p_value"] == "n/a"  # the baseline has no p-value against itself
    assert main(argv) == 0
    table = capsys.readouterr().out
    assert "p = " in table and "±" in table and "baseline" in table
    assert main(argv[:-2] + ["--samples", "0"]) == 2
    assert "--samples must be" in capsys.readouterr().err
    alone = ["evaluate", "--ref", str(ref), "--trg-lang", "en", "--hyp", str(base), "--paired-ar"]
    assert main(alone) == 2
    assert "give at least two --hyp files" in capsys.readouterr().err
