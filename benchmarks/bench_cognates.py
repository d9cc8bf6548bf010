"""How reliable the cognate anchors are (`project/cognates.py`), per threshold and margin, without an aligner.

An anchor (source word, target word) is checked against the tagged reference: it agrees when both words
lie inside the same tags (keyed by how a tag is written and its occurrence) — the link a projection
needs. Only anchors with a tag around either word are counted (the others cannot be checked). The
identical-word anchors (`anchor_identical`) are measured the same way: a cognate threshold is chosen as
the lowest whose agreement on the even lines is at least theirs, then checked on the odd lines.

Usage:
  python benchmarks/bench_cognates.py [--sets eurlex,glossary,sap] [--langs de,fr,hu] [--quick]

The last line pools every set and half at the defaults: `ratio cognate/identical agreement: R` (agreement of
the cognate anchors over that of the identical-word anchors). --quick: the glossary en-de set alone.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bench_projection import load_pairs  # noqa: E402  (same folder)

from tagmt.projection import detag
from tagmt.projection.anchors import anchor_identical
from tagmt.projection.cognates import MARGIN, THRESHOLD, cognate_pairs
from tagmt.projection.conventions import keyed_tags
from tagmt.projection.wordseg import words_with_offsets

SHARED = Path(__file__).resolve().parent.parent.parent / "shared"
GRID = (0.65, 0.7, 0.75, 0.8, 0.85, 0.9)
MARGINS = (0.05, 0.1, 0.15)


def _inside(tags, word) -> frozenset:
    return frozenset(key for key, t in tags.items() if t.start <= word.start and word.end <= t.end and t.start < t.end)


def prepared(name: str, direction: str):
    """Per pair: source words, reference words, and the tag keys around each word."""
    src_lang, trg_lang = direction.split("-")
    out = []
    for pair in load_pairs(name, direction, SHARED / "sap-dev", SHARED / "eurlex-dev"):
        s, r = detag(pair.source), detag(pair.target)
        if not s.tags:
            continue
        sw, rw = words_with_offsets(s.plain, src_lang), words_with_offsets(r.plain, trg_lang)
        st, rt = keyed_tags(s.walk()), keyed_tags(r.walk())
        out.append((sw, rw, [_inside(st, w) for w in sw], [_inside(rt, w) for w in rw]))
    return out


def agreement(rows, pairs_of) -> tuple[int, int]:
    """(checked anchors, agreeing anchors)."""
    checked = agree = 0
    for sw, rw, sin, rin in rows:
        for i, j in pairs_of(sw, rw):
            if sin[i] or rin[j]:
                checked += 1
                agree += sin[i] == rin[j]
    return checked, agree


def _pct(c: int, a: int) -> str:
    return f"{100 * a / c:5.1f}% of {c:4d}" if c else "   -  of    0"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sets", default="eurlex,glossary")
    parser.add_argument("--langs", default="de,fr,hu")
    parser.add_argument("--quick", action="store_true", help="glossary en-de alone")
    args = parser.parse_args(argv)
    if args.quick:
        args.sets, args.langs = "glossary", "de"
    pooled = {"identical": [0, 0], "cognate": [0, 0]}
    for name in args.sets.split(","):
        for lang in args.langs.split(","):
            rows = prepared(name, f"en-{lang}")
            print(f"{name} en-{lang}: {len(rows)} tagged pairs")
            for half, part in (("even", rows[0::2]), ("odd", rows[1::2])):
                same = agreement(part, lambda s, t: anchor_identical(s, t, set()))
                default = agreement(part, lambda s, t: {(i, j) for i, j in cognate_pairs(s, t)
                                                        if s[i].text != t[j].text})
                for kind, (c, a) in (("identical", same), ("cognate", default)):
                    pooled[kind][0] += c
                    pooled[kind][1] += a
                print(f"  {half:4s} identical {_pct(*same)}")
                for m in MARGINS:
                    cells = []
                    for th in GRID:
                        # cognate anchors beyond identical words (those are anchored anyway)
                        c, a = agreement(part, lambda s, t: {(i, j) for i, j in cognate_pairs(s, t, th, m)
                                                             if s[i].text != t[j].text})
                        cells.append(f"{th:.2f}: {_pct(c, a)}")
                    print(f"  {half:4s} margin {m:.2f}  " + " | ".join(cells))
    share = {kind: a / c if c else 1.0 for kind, (c, a) in pooled.items()}
    print(f"defaults: THRESHOLD {THRESHOLD}, MARGIN {MARGIN}; agreement pooled: cognate "
          f"{_pct(*pooled['cognate'])}, identical {_pct(*pooled['identical'])}")
    print(f"ratio cognate/identical agreement: {share['cognate'] / share['identical']:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
