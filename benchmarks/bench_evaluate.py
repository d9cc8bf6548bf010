"""How long `tagmt evaluate` takes for all ten figures, next to the plain sacrebleu calls for four of
them (raw and lex BLEU and chrF), on 4 synthetic systems × the 12 directions of the dev split.

    python benchmarks/bench_evaluate.py --data ../shared/sap-dev --split dev [--quick]

``--quick``: the first two directions only (the bundled sample where the dev split is absent).
The last line is ``ratio tagmt/sacrebleu CPU: X``.

The systems are made from the data: the reference with its tags removed, the reference with its tags
moved to other places, a copy of the (tagged) source, and the reference with some characters dropped
and some close tags lost. The plain calls get their lex strings ready-made (untimed); tagmt's time
includes parsing the markup. Times are CPU seconds of this (single-threaded) process, so that other
work on the machine does not skew the ratio. Target: ratio ≤ 1.0.
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from sacrebleu.metrics import BLEU, CHRF

from tagmt.data.dataset import open_dataset
from tagmt.data.directions import all_directions
from tagmt.data.views import parallel_segments
from tagmt.evaluation import PAPER_METRICS, score_systems
from tagmt.markup import strip, tokenize
from tagmt.metrics.segment import bleu_tokenizer


def moved_tags(segment: str, rng: random.Random) -> str:
    """The markup tokens, in their order, re-inserted at random places of the text."""
    tokens = tokenize(segment)
    markup = [t.text for t in tokens if t.is_markup]
    if not markup:
        return segment
    text = strip(tokens)
    cuts = sorted(rng.randint(0, len(text)) for _ in markup)
    pieces, last = [], 0
    for cut, tag in zip(cuts, markup):
        pieces += [text[last:cut], tag]
        last = cut
    return "".join(pieces) + text[last:]


def damaged(segment: str, rng: random.Random) -> str:
    """Drop about 15 % of the text characters and a fifth of the close tags."""
    out = []
    for token in tokenize(segment):
        if token.kind == "text":
            out.append("".join(c for c in token.text if rng.random() > 0.15))
        elif not (token.kind == "end" and rng.random() < 0.2):
            out.append(token.text)
    return "".join(out)


def systems_for(sources: list[str], references: list[str], seed: int) -> dict[str, list[str]]:
    rng = random.Random(seed)
    return {
        "stripped": [strip(r) for r in references],
        "moved-tags": [moved_tags(r, rng) for r in references],
        "source-copy": list(sources),
        "damaged": [damaged(r, rng) for r in references],
    }


def plain_sacrebleu(references: list[str], systems: dict[str, list[str]], trg: str, lex: dict) -> float:
    """Four plain calls per system, as one would write them; returns CPU seconds."""
    tokenizer = bleu_tokenizer(trg)
    start = time.process_time()
    for name, hyps in systems.items():
        BLEU(tokenize=tokenizer).corpus_score(hyps, [references])
        BLEU(tokenize=tokenizer).corpus_score(lex[name], [lex["ref"]])
        CHRF().corpus_score(hyps, [references])
        CHRF().corpus_score(lex[name], [lex["ref"]])
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", default="../shared/sap-dev", help="data set folder")
    parser.add_argument("--split", default="dev")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="two directions only (a smoke run)")
    args = parser.parse_args()
    if args.quick and not (Path(args.data) / "software_documentation").is_dir():
        args.data = None  # the bundled sample

    dataset = open_dataset(args.data)
    for tokenizer in ("ja-mecab", "ko-mecab", "zh", "13a"):
        BLEU(tokenize=tokenizer)  # imports and dictionary loading stay out of both timings
    print(f"{'direction':<10}{'segments':>9}{'sacrebleu cpu s':>16}{'tagmt cpu s':>12}{'ratio':>7}")
    total_plain = total_tagmt = 0.0
    directions = all_directions()[:2] if args.quick else all_directions()
    for direction in directions:
        segments = parallel_segments(dataset, args.split, direction)
        references = [s.target for s in segments]
        systems = systems_for([s.source for s in segments], references, args.seed)
        names = [tokenize(r) for r in references]
        names = [frozenset(t.name for t in tokens if t.is_markup) for tokens in names]
        lex = {name: [strip(h, n) for h, n in zip(hyps, names)] for name, hyps in systems.items()}
        lex["ref"] = [strip(r) for r in references]

        plain = plain_sacrebleu(references, systems, direction.trg, lex)
        start = time.process_time()
        score_systems(references, systems, direction.trg, direction.name, metrics=PAPER_METRICS)
        tagmt = time.process_time() - start

        total_plain += plain
        total_tagmt += tagmt
        print(f"{direction.name:<10}{len(references):>9}{plain:>16.2f}{tagmt:>12.2f}{tagmt / plain:>7.2f}")
    print(f"{'all':<10}{'':>9}{total_plain:>16.2f}{total_tagmt:>12.2f}{total_tagmt / total_plain:>7.2f}")
    print("sacrebleu: raw+lex BLEU and chrF (4 figures) per system; tagmt: all 10 figures per system")
    print(f"ratio tagmt/sacrebleu CPU: {total_tagmt / total_plain:.2f}")


if __name__ == "__main__":
    main()
