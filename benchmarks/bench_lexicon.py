"""How many dictionary anchors each set gets and how reliable they are (`project/lexicon.py`), without an aligner.

The installed dictionaries of each pair (`lexicon.default_lexicon`: FreeDict in /usr/share/dictd, CC-CEDICT
for Chinese) are looked up for the whole set's words, and each tagged pair's anchors (`lexicon_pairs`,
those beyond identical words) are checked against the tagged reference as benchmarks/bench_cognates.py
checks cognates: an anchor agrees when its two words lie inside the same tags; only anchors with a tag
around either word are counted. The identical-word anchors (`anchor_identical`) are the yardstick. Also
printed: the CPU seconds the lookup of the whole set took (dictionary reading, once a set).

Usage:
  python benchmarks/bench_lexicon.py [--sets sap,eurlex,glossary] [--directions en-ja,en-de] [--show N]
  python benchmarks/bench_lexicon.py --quick   # the bundled sample (en-de) with a five-entry TSV lexicon made
                                               # here: checks the machinery, not the figures
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from bench_cognates import _inside, _pct  # noqa: E402  (same folder)
from bench_projection import SETS, load_pairs  # noqa: E402

from tagmt.projection import detag
from tagmt.projection.anchors import anchor_identical
from tagmt.projection.conventions import keyed_tags
from tagmt.projection.lexicon import default_lexicon, lexicon_pairs, read_lexicon, unit_texts
from tagmt.projection.wordseg import words_with_offsets

SHARED = Path(__file__).resolve().parent.parent.parent / "shared"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sets", default="sap,eurlex,glossary")
    parser.add_argument("--directions", default="")
    parser.add_argument("--show", type=int, default=0, help="print this many disagreeing anchors a set")
    parser.add_argument("--quick", action="store_true", help="the bundled sample with a tiny lexicon made here")
    args = parser.parse_args(argv)
    if args.quick:
        with tempfile.TemporaryDirectory() as tmp:
            mine = Path(tmp) / "quick.tsv"
            mine.write_text("settings\tEinstellungen\nuser\tBenutzer\npage\tSeite\nfield\tFeld\nname\tName\n",
                            encoding="utf-8")
            agree, same = _run({"sample": ("en-de",)}, set(), args.show, lambda s, t: read_lexicon([str(mine)], s, t))
        print(f"ratio dictionary / identical-word anchor agreement (sample en-de, quick): "
              f"{agree / same if same else 0:.2f}")
        return 0
    only = set(filter(None, args.directions.split(",")))
    _run({name: SETS[name] for name in args.sets.split(",")}, only, args.show, default_lexicon)
    return 0


def _run(sets, only: set[str], show: int, lexicon_of) -> tuple[float, float]:
    """The table's rows; the last row's agreement shares (dictionary anchors, identical words)."""
    agree_share = same_share = 0.0
    print(f"{'set':<9}{'dir':<7}{'pairs':>6}{'anchors':>8}{'a pair':>7}  {'agree (checked)':<18}"
          f"{'identical agree':<18}{'lookup cpu s':>13}  dictionaries")
    for name, directions in sets.items():
        for direction in directions:
            if only and direction not in only:
                continue
            src_lang, trg_lang = direction.split("-")
            lexicon = lexicon_of(src_lang, trg_lang)
            rows = []
            for pair in load_pairs(name, direction, SHARED / "sap-dev", SHARED / "eurlex-dev"):
                s, r = detag(pair.source), detag(pair.target)
                sw, rw = words_with_offsets(s.plain, src_lang), words_with_offsets(r.plain, trg_lang)
                st, rt = keyed_tags(s.walk()), keyed_tags(r.walk())
                rows.append((sw, rw, [_inside(st, w) for w in sw], [_inside(rt, w) for w in rw], bool(s.tags)))
            started = time.process_time()
            src_vocab = set().union(*(unit_texts(sw, src_lang) for sw, *_ in rows))
            trg_vocab = set().union(*(unit_texts(rw, trg_lang) for _, rw, *_ in rows))
            table = lexicon.lookup(src_vocab, trg_vocab) if lexicon else {}
            seconds = time.process_time() - started
            anchors = checked = agree = same_c = same_a = shown = 0
            for sw, rw, sin, rin, tagged in rows:
                found = {(i, j) for i, j in lexicon_pairs(sw, rw, table, src_lang, trg_lang)
                         if sw[i].text != rw[j].text}
                anchors += len(found)
                if not tagged:
                    continue
                for i, j in found:
                    if sin[i] or rin[j]:
                        checked += 1
                        agree += sin[i] == rin[j]
                        if sin[i] != rin[j] and shown < show:
                            shown += 1
                            print(f"    {sw[i].text} -> {rw[j].text}: "
                                  f"{' '.join(w.text for w in sw)} ||| {''.join(w.text + ' ' for w in rw)}")
                for i, j in anchor_identical(sw, rw, set()):
                    if sin[i] or rin[j]:
                        same_c += 1
                        same_a += sin[i] == rin[j]
            print(f"{name:<9}{direction:<7}{len(rows):>6}{anchors:>8}{anchors / max(1, len(rows)):>7.2f}  "
                  f"{_pct(checked, agree):<18}{_pct(same_c, same_a):<18}{seconds:>13.2f}  {lexicon.describe()}",
                  flush=True)
            agree_share = agree / checked if checked else 0.0
            same_share = same_a / same_c if same_c else 0.0
    return agree_share, same_share


if __name__ == "__main__":
    sys.exit(main())
