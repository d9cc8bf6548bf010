"""Word segmentation: oracle tag projection on the EUR-Lex dev sets, and segmenter speed.

Oracle projection (Hanneman & Dinu 2020's EUR-Lex and glossary dev sets, en→de/fr/hu): the tagged
English line is detagged, the tagged reference line is stripped of its tags (that is the
"translation"), all pairs of a file are aligned at once with eflomal, and the tags are projected
back through `project_batch`. A line counts as exact when the output equals the tagged reference
character for character; only lines with tags in the source count. `--segmenter NAME` segments
every language of the run (English and the target) with that segmenter instead of the default, so
the old regex (`latin`) can be set against today's default (`uax29`) on the same data.

Speed (--speed): segments per CPU second of `words_with_offsets` for each segmenter on the plain
text of the same lines, and of each language's default segmenter on the sentences of every script in
`tagmt.testing.scripts` (each written five times over, about the length of a EUR-Lex line).

Usage:  python benchmarks/bench_segmentation.py [--data ../shared/eurlex-dev] [--langs de,fr,hu]
        [--sets eurlex,glossary] [--segmenter latin] [--seed 1] [--speed] [--show N] [--quick]

``--quick`` is ``--speed`` on the glossary set, English and German only. The last line is a ratio: with
``--speed``, the default segmenter's (uax29) segments per second over the old regex's (latin), on all the
lines; else the share of tagged lines placed exactly.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from tagmt.markup import strip
from tagmt.projection import detag, project_batch, wordseg
from tagmt.projection.align import get_aligner
from tagmt.testing.scripts import WITH_SPACES, WITHOUT_SPACES

DEFAULT_DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "eurlex-dev"


def read_lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").split("\n")[:-1]


def oracle_exact(data: Path, name: str, lang: str, seed: int, show: int) -> tuple[int, int]:
    """(exact, tagged) lines of the oracle projection en→`lang` on `dev-<name>.*`."""
    sources = read_lines(data / f"dev-{name}.en")
    references = read_lines(data / f"dev-{name}.{lang}")
    if len(sources) != len(references):
        raise SystemExit(f"dev-{name}.en and dev-{name}.{lang} differ in length")
    detagged = [detag(s) for s in sources]
    outputs = project_batch(
        detagged, [strip(r) for r in references], "en", lang, get_aligner("eflomal", seed=seed)
    )
    tagged = [k for k, d in enumerate(detagged) if d.tags]
    exact = [k for k in tagged if outputs[k] == references[k]]
    for k in [k for k in tagged if outputs[k] != references[k]][:show]:
        print(f"  src: {sources[k]}\n  out: {outputs[k]}\n  ref: {references[k]}")
    return len(exact), len(tagged)


def speed(texts: list[str], lang: str, segmenter: str | None) -> float:
    """Segments per CPU second of `words_with_offsets` (after one warm-up call; CPU time, so that
    other work on the machine does not count)."""
    wordseg.words_with_offsets(texts[0], lang, segmenter=segmenter)
    t0 = time.process_time()
    for text in texts:
        wordseg.words_with_offsets(text, lang, segmenter=segmenter)
    return len(texts) / (time.process_time() - t0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--langs", default="de,fr,hu")
    parser.add_argument("--sets", default="eurlex,glossary")
    parser.add_argument("--segmenter", default=None, help="e.g. latin (the old regex) or uax29")
    parser.add_argument("--seed", type=int, default=1, help="eflomal's seed")
    parser.add_argument("--speed", action="store_true", help="time the segmenters, no projection")
    parser.add_argument("--show", type=int, default=0, help="print this many misses a file")
    parser.add_argument("--quick", action="store_true", help="--speed on the glossary, en and de (a smoke run)")
    args = parser.parse_args(argv)
    if args.quick:
        args.speed, args.sets, args.langs = True, "glossary", "de"
    if not (args.data / "dev-eurlex.en").is_file():
        print(f"no EUR-Lex dev sets at {args.data}", file=sys.stderr)
        return 2
    langs = args.langs.split(",")
    if args.speed:
        return _speed(args.data, ["en", *langs], args.sets.split(","))
    if args.segmenter:
        for lang in ["en", *langs]:
            wordseg.DEFAULT_SEGMENTER[lang] = args.segmenter
    print(f"segmenter={args.segmenter or 'default'} eflomal seed={args.seed}")
    print(f"{'file':<18}{'tagged':>7}{'exact':>7}{'exact %':>9}")
    total = [0, 0]
    for name in args.sets.split(","):
        for lang in langs:
            exact, tagged = oracle_exact(args.data, name, lang, args.seed, args.show)
            total[0] += exact
            total[1] += tagged
            print(f"{name + '.' + lang:<18}{tagged:>7}{exact:>7}{100 * exact / tagged:>9.1f}")
    print(f"{'all':<18}{total[1]:>7}{total[0]:>7}{100 * total[0] / total[1]:>9.1f}")
    print(f"ratio exact/tagged lines: {total[0] / total[1]:.3f}")
    return 0


def _speed(data: Path, langs: list[str], sets: list[str]) -> int:
    names = [n for n in wordseg.SEGMENTERS if n not in ("mecab-ja", "mecab-ko")]
    print(f"{'lang':<6}{'lines':>7}" + "".join(f"{n:>10}" for n in names) + "   (segments/s)")
    seconds = {n: 0.0 for n in names}
    for lang in langs:
        texts = [detag(t).plain for s in sets for t in read_lines(data / f"dev-{s}.{lang}")]
        rates = [speed(texts, lang, n) for n in names]
        for n, rate in zip(names, rates):
            seconds[n] += len(texts) / rate
        print(f"{lang:<6}{len(texts):>7}" + "".join(f"{r:>10.0f}" for r in rates))
    print("\nthe default segmenter on hand-made sentences (segments/s)")
    for lang, (text, _) in {**WITHOUT_SPACES, **WITH_SPACES}.items():
        name = wordseg.DEFAULT_SEGMENTER.get(lang, wordseg.GENERAL_SEGMENTER)
        rate = speed([" ".join([text] * 5)] * 400, lang, None)
        print(f"{lang:<6}{name:<10}{rate:>10.0f}")
    if "uax29" in seconds and "latin" in seconds:
        print(f"ratio uax29/latin segments per second: {seconds['latin'] / seconds['uax29']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
