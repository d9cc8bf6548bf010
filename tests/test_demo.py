"""The offline demo, run as users run it: no network, no weights, tables on the terminal."""

from __future__ import annotations

import json
import os
import subprocess
import sys


def test_demo_runs_all_twelve_directions_offline(tmp_path):
    out = tmp_path / "demo"
    env = dict(os.environ, HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1", TAGMT_CACHE=str(tmp_path / "cache"))
    result = subprocess.run(
        [sys.executable, "-m", "tagmt", "demo", "--out", str(out)], capture_output=True, text=True, env=env
    )
    assert result.returncode == 0, result.stderr
    text = result.stdout
    assert "NOT the paper's models" in text
    assert "tagmt data download --dest ~/sap-data  &&  tagmt reproduce --data ~/sap-data --out results" in text
    # the closing line names the run's best output, the page (issue 33)
    assert text.rstrip().splitlines()[-1] == f"Everything above on one page: open {out / 'report.html'} in a browser"
    for title in ("Table 3: BLEU", "Table 4: chrF", "Table 5: the metrics of Hashimoto"):
        assert title in text
    rows = [line for line in text.splitlines() if line.startswith("| ") and "-" in line.split("|")[1]]
    assert len(rows) == 3 * 12  # one row per direction in each of the three tables
    assert "24 cells computed, 0 reused" in text
    # the "my XLIFF file" and "my line files" workflows on data/sample/files
    commands = {}
    for workflow, sample in (("my XLIFF file (XLIFF 1.2)", "guide.xliff12.xlf"),
                             ("my XLIFF file (XLIFF 2.0)", "guide.xliff2.xlf"), ("my line files", "guide.en")):
        (line,) = [line for line in text.splitlines() if line.strip().startswith(workflow)]
        command = line.strip()[len(workflow):].strip().split(": ")[0]
        assert command.startswith("tagmt ") and sample in command and " -o " in command
        if "XLIFF" in workflow:  # the sample's targets are its references: the demo replaces them
            assert " --overwrite" in command
        commands[workflow] = command
    # the commands run as printed, from where the demo leaves you (issue 23)
    import shlex

    rerun = subprocess.run([sys.executable, "-m", *shlex.split(commands["my line files"])], capture_output=True,
                           text=True, env=env)
    assert rerun.returncode == 0, rerun.stderr
    assert "of 9 tagged segments exactly as the reference" in text and "of 12 tagged segments" in text
    assert sorted(p.name for p in (out / "files").iterdir()) == [
        "guide.plain.de", "guide.projected.de", "guide.xliff12.reference-dp.xlf", "guide.xliff12.reference-dp.xlf.run.json",
        "guide.xliff2.reference-dp.xlf", "guide.xliff2.reference-dp.xlf.run.json"]

    results = json.loads((out / "results.json").read_text(encoding="utf-8"))
    assert len(results["cells"]) == 24
    assert {c["system"] for c in results["cells"]} == {"copy DT", "reference DP+eflomal"}
    # Tag projection alone keeps the reference text: lex BLEU is 100 in every direction.
    assert all(c["scores"]["lex-bleu"] > 99.999 for c in results["cells"] if c["approach"] == "dp")
    assert sorted(p.name for p in (out / "figures").glob("*.png")) == [
        "inline_elements_per_segment.png", "segment_length.png", "textual_elements.png"
    ]

    again = subprocess.run(
        [sys.executable, "-m", "tagmt", "reproduce", "--quick", "--out", str(out), "--no-figures"],
        capture_output=True, text=True, env=env,
    )
    assert again.returncode == 0, again.stderr
    assert "0 cells computed, 24 reused" in again.stdout
