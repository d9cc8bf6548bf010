"""What tagmt promises about metric sizes on hostile input (issue 15, item 4), for span-f1 and md-tags.

* span-f1 on two documents of 6,000 spans each, all with the same tag and text (every pair a
  candidate), in text, exact and overlap mode: under 1 GB of memory and 20 s of CPU time each; the
  result is the same as on a small input (matching is linear in the spans).
* span-f1 overlap mode with more than ``MAX_OVERLAP_PAIRS`` near-identical pairs: refused in one line
  naming the limit, not gigabytes later.
* md-tags on two ~770 KB Markdown documents dense with markup: scored in under 20 s of CPU time when
  they are alike (the exact distance in a band), refused in one line naming ``MAX_CELLS`` when they
  differ so much that the exact distance would be quadratic.

Each input is generated here; each run is a separate Python process, so its peak memory is its own.
Times are CPU seconds of that process (the machine may be shared), checked against the promise.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

SRC = str(Path(__file__).resolve().parents[2] / "src")

pytestmark = pytest.mark.slow


def _run(code: str) -> dict:
    """Run ``code`` in a fresh interpreter; it prints a JSON dict; add CPU seconds and peak RSS (MB)."""
    wrapper = textwrap.dedent(
        """
        import json, resource, sys, time
        start = time.process_time()
        result = {}
        try:
        %s
        except Exception as exc:
            result["error"] = f"{type(exc).__name__}: {exc}"
        result["cpu"] = time.process_time() - start
        result["rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(json.dumps(result))
        """
    ) % textwrap.indent(textwrap.dedent(code), "    ")
    env = dict(os.environ, PYTHONPATH=SRC + os.pathsep + os.environ.get("PYTHONPATH", ""))
    out = subprocess.run([sys.executable, "-c", wrapper], capture_output=True, text=True, env=env, timeout=600)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("mode", ["text", "exact", "overlap"])
def test_span_f1_on_6000_spans_per_document_is_linear(mode):
    result = _run(
        f"""
        from tagmt.metrics.span_f1 import SpanF1
        gold = "<doc>" + "".join("<b>x</b> " for _ in range(6000)) + "</doc>"
        pred = "<doc>" + "".join("<b>x</b> " for _ in range(5999)) + "<i>x</i></doc>"
        score = SpanF1(match_mode={mode!r}).corpus_score([pred], [[gold]])
        result["f1"] = score.score
        result["per_tag"] = score.details["per_tag"]["b"]
        """
    )
    assert "error" not in result, result
    # 6,001 gold spans (doc + 6,000 b), 6,001 predicted (doc + 5,999 b + 1 i): 5,999 b match, and doc
    # too except in exact mode (the i's text makes the predicted doc one character shorter)
    assert result["per_tag"]["tp"] == 5999 and result["per_tag"]["fn"] == 1
    assert result["f1"] == pytest.approx((5999 if mode == "exact" else 6000) / 6001)
    assert result["rss_mb"] < 1024 and result["cpu"] < 20, result


def test_span_f1_overlap_refuses_a_quadratic_number_of_pairs_in_one_line():
    result = _run(
        """
        from tagmt.metrics import span_f1
        span_f1.MAX_OVERLAP_PAIRS = 1_000_000
        # 2,000 nested-looking but distinct spans that all overlap each other with IoU >= 0.5
        gold = [span_f1.Span("b", 0, 1000 + k, "") for k in range(2000)]
        pred = [span_f1.Span("b", 1, 1001 + k, "") for k in range(2000)]
        span_f1.match_spans(gold, pred, "overlap", 0.5)
        """
    )
    assert "MAX_OVERLAP_PAIRS" in result.get("error", "") and "\n" not in result["error"]
    assert result["cpu"] < 20


def _dense_markdown(seed: int, size: int) -> str:
    import random

    rng = random.Random(seed)
    blocks = []
    while sum(map(len, blocks)) < size:
        i = len(blocks)
        blocks.append(rng.choice([
            f"# Heading {i}\n\n",
            f"- item **bold {i}** and *it* `code`\n- two [l](u{i})\n\n",
            f"| a | b |\n|---|---|\n| {i} | [l](http://x/{i}) |\n\n",
            f"> quote _{i}_ <b>x</b>\n\n",
            f"1. one\n2. **two** ![i](p{i}.png)\n\n",
        ]))
    return "".join(blocks)


def test_md_tags_on_770_kb_documents_is_fast_or_refused_in_one_line(tmp_path):
    reference = _dense_markdown(1, 770_000)
    (tmp_path / "ref.md").write_text(reference)
    (tmp_path / "alike.md").write_text(
        reference.replace("**bold 1", "bold 1", 3).replace("# Heading 5", "## Heading 5", 3))
    (tmp_path / "other.md").write_text(_dense_markdown(2, 770_000))
    result = _run(
        f"""
        from pathlib import Path
        from tagmt.metrics import get_metric
        folder = Path({str(tmp_path)!r})
        ref, alike, other = ((folder / name).read_text() for name in ("ref.md", "alike.md", "other.md"))
        metric = get_metric("md-tags")
        result["score"] = metric.corpus_score([alike], [[ref]]).score
        result["cpu_alike"] = time.process_time() - start
        metric.corpus_score([other], [[ref]])  # the reference's tags are reused, only `other` is rendered
        """
    )
    assert 0.99 < result["score"] < 1.0
    assert result["cpu_alike"] < 20, result  # two documents rendered and compared
    error = result.get("error", "")
    assert error.startswith("TagmtError: md-tags:") and "MAX_CELLS" in error and "\n" not in error
    assert result["cpu"] - result["cpu_alike"] < 20, result
