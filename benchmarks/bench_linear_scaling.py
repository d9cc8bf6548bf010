"""How two projection steps grow with the segment: the seams of points in a long unspaced translation
(`edges._seam`; a 32,000-character Chinese translation with two point tags took 5.3 s when every
position walked back to the start of its run) and the re-pairing of repeated words
(`repeats.order_repeats`; 8,000 words took 2.3 s, ×4 per doubling).

Prints the CPU seconds of `project_tags` on 8,000…32,000 unspaced characters with two points placed at
its end, and of `order_repeats` on 2,000…8,000 words whose every form is repeated and every pairing
crosses, each with the ratio to the size before (×2 per doubling is linear, ×4 quadratic).

Usage: python benchmarks/bench_linear_scaling.py [--quick]
"""

from __future__ import annotations

import argparse
import sys
import time

from tagmt.projection.detag import detag
from tagmt.projection.projector import project_tags
from tagmt.projection.repeats import order_repeats
from tagmt.projection.wordseg import Word, words_with_offsets


def _cpu() -> float:
    return time.process_time()


def seam_seconds(n: int) -> float:
    detagged = detag('Economic parity<x id="1"/>July and some words<x id="2"/>here')
    src = words_with_offsets(detagged.plain, "en", detagged.cuts())
    text = "".join(chr(0x4E00 + (k * 7919) % 20902) for k in range(n))  # no space, no mark, no repeat
    trg = [Word(c, k, k + 1, "content") for k, c in enumerate(text)]
    links = {(0, 0), (1, n - 1), (2, 1), (3, 2), (4, 3), (5, n - 1), (6, 4)}
    start = _cpu()
    project_tags(detagged, text, src, trg, links)
    return _cpu() - start


def repeats_seconds(words: int) -> float:
    m = words // 4  # `x w0 x w1 … x w(m-1)` twice, linked across the halves, the `x`s in reverse
    def sentence(prefix: str) -> list[Word]:
        texts = [t for _ in range(2) for k in range(m) for t in ("x", f"{prefix}{k}")]
        return [Word(t, 10 * p, 10 * p + len(t), "content") for p, t in enumerate(texts)]

    half = 2 * m
    links = {(i, (i + half) % (2 * half)) for i in range(1, 2 * half, 2)}
    xs = list(range(0, 2 * half, 2))
    links |= set(zip(xs, reversed(xs)))
    src, trg = sentence("w"), sentence("v")
    start = _cpu()
    order_repeats(src, trg, links)
    return _cpu() - start


def _grow(name: str, sizes: list[int], measure) -> float:
    print(f"{name:>10}{'cpu s':>9}{'ratio':>7}")
    before, ratio = None, 0.0
    for n in sizes:
        seconds = measure(n)
        if before:
            ratio = seconds / max(before, 1e-9)
        print(f"{n:>10}{seconds:>9.3f}{f'{ratio:>7.1f}' if before else ''}", flush=True)
        before = seconds
    return ratio


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a quarter of the sizes (a smoke run)")
    args = parser.parse_args(argv)
    scale = 4 if args.quick else 1
    seams = _grow("chars", [n // scale for n in (8000, 16000, 32000)], seam_seconds)
    repeats = _grow("words", [n // scale for n in (2000, 4000, 8000)], repeats_seconds)
    print(f"ratio seam time per doubling of the translation (2 linear, 4 quadratic): {seams:.1f}")
    print(f"ratio re-pairing time per doubling of the words (2 linear, 4 quadratic): {repeats:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
