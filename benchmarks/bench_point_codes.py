"""Standalone codes (points: `<x/>`, `<bx/>`/`<ex/>` halves, any element with no text) of the dev part, by the
position the source writes them in, with how often the projection puts each where the reference has it, and how
fragile that placement is across eflomal seeds.

Reads the projections `bench_projection.py --part dev --modes cv --outputs DIR` wrote (one DIR a seed:
`--option seed=N`); nothing is projected here. For every point of every tagged dev pair (matched with the
reference's by how it is written and its occurrence, as `assess.py` does), its source position type:

  line-start    nothing but whitespace before it (`<x/>Article 1`)
  numbering     after a numbering token that opens the line (`(11)<x/>The …`, `1.<x/>`, `(a)<x/>`)
  line-end      nothing but whitespace (or other tags) after it (`… the Council.<x/>`)
  number|       glued to the end of a run holding a digit (`Article 5<x/>`, `2013<x/>,`, `p. 1<x/>.`)
  |number       glued to the start of such a run after a space (`<x/>2019`)
  word|space    glued to a word's end, a space after it (`Regulation<x/> applies`)
  word|punct    glued to a word's end, a mark after it (`document<x/>.`, `States<x/>,`)
  punct|        glued after a mark (`.<x/>`, `):<x/>`)
  |word         after a space, glued to a word (`the <x/>Member`)
  spaced        whitespace on both sides
  tag           at another tag's edge (beside a sibling or inside a parent's edge)
  other         the rest
and the code's kind (`x`, `bx`, `ex`, other names). Printed: per type (and kind), how many, how many the first
DIR's projection places exactly (the reference's offset), and how many change offset across the DIRs (fragile).

Synthetic points (`--synthetic end` or `start`, with `--aligner`/`--option` as in bench_projection.py and `--outputs
DIR`): the dev part has few points inside sentences (EUR-Lex: ~8 footnote markers a language), so every innermost
`<g id="N">…</g>` of a dev pair (source and reference alike) becomes a point `<x id="N"/>` at its end (`end`: a
footnote marker after the phrase the reference's tag covers) or start (`start`), and the pairs are projected (2-fold
CV, as `--modes cv`); the table is then of those points. A proxy, not a measure of real codes: a tag's edge in the
reference is where a code closing that phrase goes.

`--shapes`: the finer shape before|after each point (`shape`: a capitalized or lower-case word, a number, a closing
bracket, a quote, an abbreviation's stop, a sentence's stop, a comma, whitespace, the text's edge | whitespace, a
comma, a stop, a mark, a word, the edge), with the exact count in every DIR (one a seed). `--synthetic close`: in
every pair whose source and reference each hold exactly one bracketed group (else one quoted group) inside a
sentence, a point `<x id="900"/>` right after its closing mark on both sides — the shape `(OJ L 347, …)<x/> and`,
`"de minimis"<x/> aid` the dev part lacks (t35pts4; docs/projection-history.md).

Measured (main 9205a1c, seed 1; fragile: seeds 1, 11, 21): EUR-Lex de/fr/hu 211 points a language, exact 209/211/209 —
line-start bx 125, numbering 25, punct| 15 (list dashes), line-start ex 13, tag 9, |word 9, word|punct 5, line-end
4, other 2, word|space 1, number| 1, spaced 1; fragile 4/0/0 (de: 3 list dashes, 1 `2015-2017<x/>,`); SAP 19 a
language (18/19/19/19 exact), glossary none. docs/projection-history.md (t35pts2) has the figures after `point-anchors`.

Usage:
  python benchmarks/bench_point_codes.py --quick     # hand-made en-de pairs projected: a check that the machinery runs
  python benchmarks/bench_point_codes.py --synthetic end|start|close --outputs DIR [--option seed=11] [--sets eurlex]
  python benchmarks/bench_point_codes.py DIR [DIR ...] [--sets eurlex,glossary,sap] [--shapes] [--show TYPE [--fragile]]
      [--sap ../shared/sap-dev] [--eurlex ../shared/eurlex-dev]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import unicodedata
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_projection import SETS, SHARED, _option, part_pairs  # noqa: E402

from tagmt.projection.conventions import keyed_tags  # noqa: E402
from tagmt.projection.detag import detag  # noqa: E402

_NUMBERING = re.compile(r"^\s*[(\[]?(?:\d+|[a-zA-Z]|[ivxlcdm]+)(?:\.\d+)*[.)\]]?\.?$")


def _word(char: str) -> bool:
    return bool(char) and unicodedata.category(char)[0] in "LNM"


_ABBREVIATION = re.compile(r"(?:^|\s|\()(?:[A-Za-z]{1,4}\.){1,3}$")
"""A short word or initials ending with a stop (`etc.`, `No.`, `e.g.`, `p.`): an abbreviation's stop, not a
sentence's (a heuristic of the census only)."""


def shape(plain: str, x: int, edges: set[int]) -> str:
    """The finer source shape of a point at `x` (`--shapes`): what is right before it and right after it.
    Before: `edge` (nothing but whitespace), `tag` (another tag's edge), `space`, `Word` / `word` (a capitalized or
    lower-case word's end; its phrase a name's or not), `number`, `close)` (a closing bracket), `quote`, `abbr.` (an
    abbreviation's stop), `stop` (a sentence's), `comma`, `mark`. After: `edge`, `space`, `comma`, `stop`,
    `mark`, `word`."""
    if x in edges:
        return "tag"
    before, after = plain[:x], plain[x:]
    if not before.strip():
        left = "edge"
    elif before[-1].isspace():
        left = "space"
    else:
        c = before[-1]
        a = x
        while a > 0 and not plain[a - 1].isspace():
            a -= 1
        token = plain[a:x]
        category = unicodedata.category(c)
        if c.isdigit():
            left = "number"
        elif _word(c):
            left = "Word" if token.lstrip("(\"'“‘«„")[:1].isupper() else "word"
        elif category in ("Pe", "Pf") or c in ")]\"'»”’」』）":
            left = "close)" if category == "Pe" or c in ")]）" else "quote"
        elif c == ".":
            left = "abbr." if _ABBREVIATION.search(before) else "stop"
        elif c in ",;":
            left = "comma"
        else:
            left = "mark"
    if not after.strip():
        right = "edge"
    elif after[0].isspace():
        right = "space"
    elif after[0] in ",;，；、":
        right = "comma"
    elif after[0] in ".!?:。！？：":
        right = "stop"
    elif _word(after[0]):
        right = "word"
    else:
        right = "mark"
    return f"{left}|{right}"


def position_type(plain: str, x: int, edges: set[int]) -> str:
    """The source position type of a point at `x` (module docstring); `edges`: the other tags' edges."""
    before, after = plain[:x], plain[x:]
    if not before.strip():
        return "line-start"
    if not after.strip():
        return "line-end"
    if x in edges:
        return "tag"
    a = x
    while a > 0 and not plain[a - 1].isspace():
        a -= 1
    left = plain[a:x]
    if left and not plain[:a].strip() and _NUMBERING.match(left):
        return "numbering"
    if left and any(c.isdigit() for c in left):
        return "number|"
    b = x
    while b < len(plain) and not plain[b].isspace():
        b += 1
    right = plain[x:b]
    if not left and right and any(c.isdigit() for c in right):
        return "|number"
    prev, nxt = plain[x - 1], plain[x] if x < len(plain) else ""
    if _word(prev):
        return "word|space" if nxt.isspace() else "word|punct" if nxt and not _word(nxt) else "other"
    if not prev.isspace():
        return "punct|"
    if nxt.isspace():
        return "spaced"
    return "|word" if _word(nxt) else "other"


_INNER_G = re.compile(r'<g id="(\d+)">([^<]*)</g>')


def synthetic(text: str, where: str) -> str:
    """`text` with every innermost `<g id="N">…</g>` written as its content and a point `<x id="N"/>` at its end
    (`where` "end") or start ("start")."""
    if where == "end":
        return _INNER_G.sub(lambda m: f'{m.group(2)}<x id="{m.group(1)}"/>', text)
    return _INNER_G.sub(lambda m: f'<x id="{m.group(1)}"/>{m.group(2)}', text)


_POINT = '<x id="900"/>'


def after_group(source: str, target: str) -> tuple[str, str] | None:
    """`--synthetic close`: a point written right after the closing mark of the one bracketed group (else the one
    quoted group) that both sides hold exactly one of, inside a sentence (words after it), where no tag touches
    the mark (`(OJ L 347, 20.12.2013, p. 320)<x/> and`, `„de minimis“<x/>-Beihilfen`); None when there is none.
    The reference's group is the only one it writes: the point after it is where the source's would go."""
    from tagmt.projection.units import groups_of

    for family in ("paren", "quote"):
        ends = []
        for text in (source, target):
            plain = detag(text).plain
            groups = [(a, b) for a, b in groups_of(plain) if (plain[a] in "([（") == (family == "paren")]
            if len(groups) != 1 or not any(_word(c) for c in plain[groups[0][1] + 1:]) or groups[0][0] == 0:
                break
            ends.append(_raw_offset(text, groups[0][1] + 1))
        if len(ends) == 2 and None not in ends:
            return source[:ends[0]] + _POINT + source[ends[0]:], target[:ends[1]] + _POINT + target[ends[1]:]
    return None


def _raw_offset(text: str, x: int) -> int | None:
    """The offset in the marked-up `text` of plain offset `x`, when no tag is written there."""
    plain, raw = 0, 0
    while raw < len(text):
        if text[raw] == "<":
            if plain == x:
                return None
            raw = text.index(">", raw) + 1
            continue
        if plain == x:
            return None if raw > 0 and text[raw - 1] == ">" else raw
        if text[raw] == "&":
            raw = text.index(";", raw)
        plain, raw = plain + 1, raw + 1
    return None


def _synthetic_pairs(pairs, where: str):
    """The pairs with their innermost `g` elements made points (`synthetic`), where both sides make the same."""
    out = []
    for pair in pairs:
        if where == "close":
            made = after_group(pair.source, pair.target)
            out.append(pair if made is None else type(pair)(made[0], made[1], pair.group))
            continue
        source, target = synthetic(pair.source, where), synthetic(pair.target, where)
        same = sorted(re.findall(r'<x id="\d+"/>', source)) == sorted(re.findall(r'<x id="\d+"/>', target))
        out.append(type(pair)(source, target, pair.group) if same else pair)
    return out


def _project(pairs, name: str, direction: str, args) -> list[str]:
    """`pairs` projected as `bench_projection.py --modes cv` does (2-fold CV by group, its lexicon)."""
    from tagmt.projection.align import get_aligner
    from tagmt.projection.assess import oracle_assessment
    from tagmt.projection.lexicon import resolve_lexicon

    src, trg = direction.split("-")
    aligner = get_aligner(args.aligner, **dict(_option(o) for o in args.option))
    result, outputs = oracle_assessment([(p.source, p.target) for p in pairs], src, trg, aligner,
                                        cross_validate=True, groups=[p.group for p in pairs],
                                        lexicon=resolve_lexicon(["auto"], src, trg))
    print(f"{name} {direction} synthetic {args.synthetic}: exact {100 * result.exact_share:.1f} "
          f"of {result.tagged}", flush=True)
    return outputs


def _kind(tag) -> str:
    m = re.match(r"<\s*([\w:-]+)", tag.open)
    return m.group(1) if m else "?"


def points(source: str, output: str, reference: str, shapes: bool = False):
    """(type, kind, source offset, output offset, reference offset) for each point of `source`; the output's
    or reference's offset is None when it has no such tag."""
    src, out, ref = detag(source), detag(output), detag(reference)
    if out.plain != ref.plain:
        return
    want, got = keyed_tags(ref.walk()), keyed_tags(out.walk())
    tags = list(src.walk())
    for key, tag in keyed_tags(tags).items():
        if tag.start != tag.end:
            continue
        edges = {e for other in tags if other is not tag for e in (other.start, other.end)}
        kind = (shape if shapes else position_type)(src.plain, tag.start, edges)
        w, g = want.get(key), got.get(key)
        yield kind, _kind(tag), tag.start, None if g is None else g.start, None if w is None else w.start


QUICK_PAIRS = [
    ('<bx id="1"/>The Commission adopted the report.', '<bx id="1"/>Die Kommission nahm den Bericht an.'),
    ('(11)<x id="1"/>The Council agreed.', '(11)<x id="1"/>Der Rat stimmte zu.'),
    ('The report was published.<x id="1"/>', 'Der Bericht wurde veröffentlicht.<x id="1"/>'),
    ('The recommendations<x id="1"/> of the Council apply.', 'Die Empfehlungen<x id="1"/> des Rates gelten.'),
    ('See Article 5<x id="1"/>.', 'Siehe Artikel 5<x id="1"/>.'),
    ('-<x id="1"/>EUR 100 for the fund', '-<x id="1"/>100 EUR für den Fonds'),
    ('The Member States<x id="1"/>, the Council and the Commission agreed.',
     'Die Mitgliedstaaten<x id="1"/>, der Rat und die Kommission stimmten zu.'),
    ('The fund was closed in 2019.<ex id="1"/>', 'Der Fonds wurde 2019 geschlossen.<ex id="1"/>'),
]
"""Hand-made en-de pairs with a point of each common position type (`--quick`)."""


def quick() -> int:
    """`QUICK_PAIRS` projected with eflomal (no examples) and tallied by position type: the machinery, not a figure."""
    from tagmt.projection.align import get_aligner
    from tagmt.projection.assess import oracle_assessment

    _, outputs = oracle_assessment(QUICK_PAIRS, "en", "de", get_aligner("eflomal"))
    found = [p for (source, reference), output in zip(QUICK_PAIRS, outputs) for p in points(source, output, reference)]
    kinds = sorted({p[0] for p in found})
    print(f"quick: {len(found)} points of {len(kinds)} position types ({', '.join(kinds)})")
    exact = sum(p[3] == p[4] for p in found)
    print(f"ratio exact/points (hand-made en-de, no examples): {exact / max(len(found), 1):.3f}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dirs", nargs="*", type=Path)
    parser.add_argument("--synthetic", choices=("end", "start", "close"), help="project the dev pairs' tags made points")
    parser.add_argument("--outputs", type=Path, help="with --synthetic: write the projections here")
    parser.add_argument("--aligner", default="eflomal")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--sets", default="eurlex,glossary,sap")
    parser.add_argument("--sap", type=Path, default=SHARED / "sap-dev")
    parser.add_argument("--eurlex", type=Path, default=SHARED / "eurlex-dev")
    parser.add_argument("--directions", default="")
    parser.add_argument("--show", default="", metavar="TYPE", help="print the misses (or fragile ones) of TYPE")
    parser.add_argument("--fragile", action="store_true", help="with --show: the fragile points, not the misses")
    parser.add_argument("--quick", action="store_true", help="hand-made en-de pairs (run_quick.py's check)")
    parser.add_argument("--shapes", action="store_true", help="tally by the finer shape before|after (`shape`)")
    args = parser.parse_args(argv)
    if args.quick:
        return quick()
    only = set(filter(None, args.directions.split(",")))
    for name in args.sets.split(","):
        for direction in SETS[name]:
            if only and direction not in only:
                continue
            pairs = part_pairs(name, direction, args, "dev")
            row = f"{name}.{direction}.cv.dev{'.synthetic-' + args.synthetic if args.synthetic else ''}.jsonl"
            if args.synthetic:
                pairs = _synthetic_pairs(pairs, args.synthetic)
                if args.outputs:
                    outputs = _project(pairs, name, direction, args)
                    args.outputs.mkdir(parents=True, exist_ok=True)
                    (args.outputs / row).write_text("".join(json.dumps(o, ensure_ascii=False) + "\n"
                                                            for o in outputs), encoding="utf-8")
            files = [d / row for d in ([args.outputs] if args.outputs else []) + args.dirs]
            if not files or not all(f.exists() for f in files):
                continue
            runs = [[json.loads(line) for line in f.read_text("utf-8").splitlines()] for f in files]
            table: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0] + [0] * (len(runs) - 1))
            for k, pair in enumerate(pairs):
                found = [list(points(pair.source, run[k], pair.target, args.shapes)) for run in runs]
                for n, point in enumerate(found[0]):
                    kind, code, x, placed, want = point
                    row = table[(kind, code)]
                    row[0] += 1
                    row[1] += placed == want
                    for r, f in enumerate(found[1:]):
                        row[3 + r] += len(f) > n and f[n][3] == want
                    fragile = any(len(f) > n and f[n][3] != placed for f in found[1:])
                    row[2] += fragile
                    if args.show == kind and ((placed != want) if not args.fragile else fragile):
                        print(f"  [{kind} {code}] {pair.source}\n    out: {runs[0][k]}\n    ref: {pair.target}")
            total = [sum(v[i] for v in table.values()) for i in range(3)]
            others = [sum(v[i] for v in table.values()) for i in range(3, 3 + len(runs) - 1)]
            print(f"{name} {direction}: {total[0]} points, exact {total[1]}, fragile {total[2]}"
                  + "".join(f", exact in DIR {r + 2} {e}" for r, e in enumerate(others)))
            for (kind, code), (n, right, fragile, *rest) in sorted(table.items(), key=lambda kv: -kv[1][0]):
                print(f"  {kind:<12} {code:<6}{n:>5}{100 * right / n:>7.1f}%  fragile {fragile}"
                      + "".join(f"  exact {e}" for e in rest))
    return 0


if __name__ == "__main__":
    sys.exit(main())
