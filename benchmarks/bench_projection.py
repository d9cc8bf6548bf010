"""Tag projection quality with oracle translations, on every language we have, with and without
examples.

The "translation" of each tagged source is its tag-stripped reference (what the `reference`
engine gives in DP); the projection puts the source's tags into it, and `tagmt.projection.assess`
compares the result with the tagged reference: exact segments and the error classes of the rest
(whitespace, punctuation, words, point, nesting, tags differ) overall and per tag name, and the
CPU seconds per 1,000 segments (this process and its eflomal runs; the wall clock depends on how
busy the machine is).

Data sets: `sap` — the SAP dev split (XLIFF tree), en-ja/ko/zh/zf; `eurlex` and `glossary` — the
EUR-Lex and glossary dev sets of Hanneman & Dinu (2020), tagged line files, en-de/fr/hu.

Modes:
  none  no examples: the whole set is projected at once (the aligner learns from it alone)
  copy  the translation is the source's own plain text (`tagmt translate --approach dp --model
        copy`): the projection must give the source's own tagging back
  cv    2-fold cross-validation: the set is split in two halves (by document for SAP, alternate
        lines for line files); each half is projected with the other half as tagged examples, and
        the two halves' outcomes are pooled. No constant is tuned on the half being measured.

Lockbox (`--part`, issue 35): a third of each set is set aside before any miss is looked at — SAP every third
document (whole documents), a line file its last third (one block). `--part dev`, the default, measures the
other two thirds (cv folds, `--extra-examples` and everything else within them); `--part lockbox` is measured
once, at the end of a round of rules: `cv` then projects the lockbox with the whole dev part as examples (the
held-out test's setting), `none` without examples; `--part all` the whole sets (the figures before issue 35,
and the identity check of a refactor, `projection_outputs.sh`). The other sets' examples never come from their
lockbox unless `--part all`.

`--example-docs K` (cv): of the other half, only its first K documents (a line file: lines) are tagged examples; the
rest is given as plain parallel text (`align_corpus`), so the aligner reads the same text and only what the rules
learn from the examples shrinks — how a document fares whose domain has few examples (`oracle_assessment`'s
`tagged_groups`). Measured (SAP dev, exact %), main 9205a1c: K=0 ja 92.9, ko 94.6; K=3 ja 94.4, ko 94.6; all (no
`--example-docs`) ja 94.6, ko 95.8; after t35ko4's rules: K=0 ja 93.5, ko 95.8; all ja 94.9, ko 96.3.

`--extra-examples SET[,SET]` adds the whole dev set SET of the same direction to the examples of every
projection of the *other* sets (each fold of cv, the one run of none), never to SET's own rows; the mode
is then printed as e.g. `cv+eurlex`. Which held-out figure of issue 21 each row stands for:
  sap cv                                  SAP test, the dev split as examples (ja, ko, zh)
  eurlex cv  with --extra-examples glossary   EUR-Lex test, the dev sets as examples (de, fr, hu)
  glossary cv with --extra-examples eurlex    glossary test, the dev sets as examples (de, fr, hu): each
                                          fold sees the other glossary half and all 1,888 EUR-Lex dev pairs
  glossary cv alone, sap/eurlex cv alone  an unseen domain with half of it as examples
  none                                    a file projected with no examples at all
Measured (main 4893d3d, default eflomal, exact %): glossary cv de 88.8, fr 92.7, hu 89.9; glossary cv
with --extra-examples eurlex de 90.6, fr 94.1, hu 92.0; eurlex cv de 97.4, fr 98.4, hu 97.1; eurlex cv with
--extra-examples glossary de 97.4, fr 98.5, hu 97.1.

The span ranker (`tagmt.projection.rerank`) is on unless `--no-rerank`; the columns `moved right wrong` count
the spans it moved and, of those, the ones moved onto the reference's span and off it (the pipeline's span
was the reference's); a move between two wrong spans counts in neither.

Speed (`--speed`): the cost of a projection call with and without a projection model (`tagmt learn`), side by
side in one run, each measurement in a fresh process (its own CPU seconds — the process and its eflomal runs
— wall seconds, segments per CPU second and peak resident MB). From one set and direction (`--speed-set`,
default sap en-ja): N segments (`--speed-segments`, default 1,000) and the next N pairs as tagged examples;
rows: the N segments with the N examples on the fly (today's path, `project_batch(examples=...)`), the same
with a model learned from the examples, and a 10-segment file both ways; the model's one-off learning cost;
and the ratio on-the-fly / model. Start-up (imports) is not counted; loading the model is. Measured on SAP
en-ja (CPU s, exact %): 1,000 segments on the fly 10.8 s, 90.7 %; with the model 8.4 s, 88.7 %; 10 segments
on the fly 7.2 s, with the model 0.17 s (42x); learning the model once 17.9 s; peak 80–131 MB. A model
learned from 1,000,000 plain lines (EUR-Lex sentences recombined; 451 s CPU, peak 634 MB — eflomal's binary
holds the corpus; tagmt streams it at ~50 MB) projects a 10-line file in 0.11 s CPU.

Paragraphs (`--paragraphs K[:WRAP]`): structured documents keep whole paragraphs in one segment (an
XLIFF trans-unit without segmentation, a help page's `<p>` or list), several sentences long and often with
block tags around sentences or list items. This joins K (any K >= 2) consecutive pairs of a group (a SAP
document; K consecutive lines of a line file) into one pair — sources with a space, targets with a space
or, for Japanese and Chinese, nothing — and wraps them on both sides as WRAP says:
  3:p        each sentence in <p>…</p>
  3:ul/li    the paragraph in <ul>…</ul>, each sentence in <li>…</li> (OUTER/INNER)
  3:ul/li>p  as 3:ul/li, each sentence in <li><p>…</p></li> (A>B nests B in A, on either side of /)
  3:/li>p    each sentence in <li><p>…</p></li>, no outer tag;  3:note/  the paragraph in <note>…</note>
`--no-stops` also drops each joined sentence's final full stop (`.` `。` `．` `｡`, before any closing tags)
on both sides: list items that are noun phrases without a stop, whose boundaries only the tags mark.
Each row then prints two figures measured in one run: `exact %` of the joined paragraphs, and `alone %`,
the share of the same paragraphs whose every sentence is exact when the sentences are projected one by one
(the same setting as the rows without `--paragraphs`): a paragraph should be as good as its sentences.

`--sentences` keeps only the pairs that are sentences on both sides before anything is joined (and before
the folds are cut), so that a paragraph row measures projection rather than the file: both plain sides
end with a sentence's final mark (`. ? ! … : ;` or a full-width `。？！．：；`, closing quotes and
brackets after it allowed) and hold at least `SENTENCE_WORDS` = 3 words (tokens of the language's word
segmenter with a letter in them; numbers and marks do not count). A line file sorted per language (the
EUR-Lex dev files: country names, number-table cells, headings) joins runs of short lines whose two sides
do not translate each other (`Brazil` ↔ `Bosnien und Herzegowina (Sarajewo)`): alone each is exact (one
tag covers the line), joined no projection can know where one ends. The same rule on both sides and every
set, no constant fitted to one of them; the row then prints `kept N/M`, the pairs it kept. It keeps (pairs,
of them tagged) EUR-Lex de/fr/hu 614/622/612 of 1,888 (456/463/452 of 1,710 tagged: the rest are the sorted
lists' names, numbers and headings), the glossary 260/262/262 of 286 (all tagged), SAP ja/ko/zh/zf
1,381/1,365/1,392/1,330 of 2,011 (449/442/450/430 of 522 tagged: the rest are UI labels and titles).
Measured (`--modes cv --paragraphs 3 --sentences`, seed 1, exact %, alone in brackets, main eb76b0c →
with the split, point and whitespace rules of paragraphs.py that came with it): EUR-Lex de 81.1 → 81.6
(82.2), fr 87.4 → 90.0 (90.5), hu 75.5 → 79.3 (81.0), SAP ja 87.4 → 87.4 (86.5); `3:p` de 82.4 → 82.9 (83.9),
fr 86.5 → 90.4 (91.3), hu 78.4 → 79.9 (82.8), ja 91.3 → 91.3 (91.0). Without `--sentences` the EUR-Lex rows sat 7 points
below `alone` (`3` de 86.9 (94.3)): the sorted lists' lines were most of what joining lost; with it the
sentence lines alone are harder (82.2 exact alone) and a paragraph loses 0.6–3 points against them.

Usage:
  python benchmarks/bench_projection.py [--paragraphs K[:WRAP] [--no-stops]] [--sets sap,eurlex,glossary] [--modes none,cv]
      [--sap ../shared/sap-dev] [--eurlex ../shared/eurlex-dev] [--aligner eflomal]
      [--option symmetrize=union] [--extra-examples eurlex] [--show N] [--by-tag] [--json FILE] [--no-rerank]
  python benchmarks/bench_projection.py --speed [--speed-set sap:en-ja] [--speed-segments 1000]
  python benchmarks/bench_projection.py --quick
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from tagmt.data.dataset import open_dataset
from tagmt.data.views import parallel_segments
from tagmt.linecodec import decode_line
from tagmt.projection import detag
from tagmt.projection.config import ProjectionConfig
from tagmt.projection.align import get_aligner
from tagmt.projection.lexicon import resolve_lexicon
from tagmt.projection.wordseg import words_with_offsets
from tagmt.projection.assess import ERRORS, Assessment, _plain, assess_segment, oracle_assessment

SHARED = Path(__file__).resolve().parent.parent.parent / "shared"
SETS = {
    "sap": ("en-ja", "en-ko", "en-zh", "en-zf"),
    "eurlex": ("en-de", "en-fr", "en-hu"),
    "glossary": ("en-de", "en-fr", "en-hu"),
}


@dataclass(frozen=True)
class Pair:
    source: str
    target: str
    group: int  # cross-validation folds never split a group (a document)


def load_pairs(name: str, direction: str, sap: Path, eurlex: Path) -> list[Pair]:
    src, trg = direction.split("-")
    if name == "sample":  # the bundled sample (--quick): 12 tagged lines
        folder = Path(__file__).resolve().parent.parent / "data" / "sample" / "files"
        lines = [[decode_line(line) for line in (folder / f"guide.{lang}").read_text("utf-8").split("\n")[:-1]]
                 for lang in (src, trg)]
        return [Pair(s, t, k) for k, (s, t) in enumerate(zip(*lines))]
    if name == "sap":
        found = parallel_segments(open_dataset(sap), "dev", direction)
        return [Pair(p.source, p.target, p.doc_id) for p in found]
    lines = []
    for lang in (src, trg):
        text = (eurlex / f"dev-{name}.{lang}").read_text(encoding="utf-8")
        lines.append([decode_line(line) for line in text.split("\n")[:-1]])
    return [Pair(s, t, k) for k, (s, t) in enumerate(zip(*lines))]


_IDS = re.compile(r'\b(id|rid)="(\d+)"')


def paragraph_groups(pairs: list[Pair], size: int, by_line: bool) -> list[list[int]]:
    """Runs of at most `size` consecutive indexes of `pairs` within one group (`by_line`: the groups
    are ignored, K consecutive lines)."""
    runs: list[list[int]] = []
    for k, pair in enumerate(pairs):
        if runs and len(runs[-1]) < size and (by_line or pairs[runs[-1][-1]].group == pair.group):
            runs[-1].append(k)
        else:
            runs.append([k])
    return runs


@dataclass(frozen=True)
class Wrap:
    """How `--paragraphs` wraps a joined paragraph: `outer` tags around the whole paragraph, `inner`
    tags around each sentence (outermost first), and `stops`: False drops each sentence's final full stop."""
    outer: tuple[str, ...] = ()
    inner: tuple[str, ...] = ()
    stops: bool = True


_NAME = re.compile(r"[A-Za-z][\w.-]*")


def parse_wrap(text: str, stops: bool = True) -> Wrap:
    """`--paragraphs`' wrap after `K:`: `TAG` (each sentence in <TAG>), `OUTER/INNER` (the paragraph in
    <OUTER>, each sentence in <INNER>), either side a nesting chain `A>B` (<A><B>…</B></A>) or empty:
    `p`, `ul/li`, `ul/li>p`, `/li>p`, `note/`. ValueError on anything else."""
    outer, slash, inner = text.partition("/")
    if not slash:
        outer, inner = "", outer
    chains = tuple(tuple(part.split(">")) if part else () for part in (outer, inner))
    if any(not _NAME.fullmatch(name) for chain in chains for name in chain):
        raise ValueError(f"bad wrap {text!r}: TAG, OUTER/INNER, with nesting A>B, e.g. p, ul/li, /li>p")
    return Wrap(chains[0], chains[1], stops)


# a sentence's final full stop (Latin, ideographic, full- and half-width), before any closing tags and spaces
_FINAL_STOP = re.compile(r"(?<![.。．｡…])[.。．｡](?=(?:\s|<[^<>]*>)*$)")


def drop_final_stop(text: str) -> str:
    """`text` without its sentence-final full stop (`.` `。` `．` `｡`; tags and spaces may follow it); an
    ellipsis or a text without a final stop is left as it is (`--no-stops`: list items without a stop)."""
    return _FINAL_STOP.sub("", text, count=1)


def _enclose(text: str, chain: tuple[str, ...]) -> str:
    return "".join(f"<{name}>" for name in chain) + text + "".join(f"</{name}>" for name in reversed(chain))


def join_paragraphs(pairs: list[Pair], trg: str, size: int, wrap: Wrap | str = Wrap(), runs=None) -> list[Pair]:
    """`pairs` joined into paragraphs of `size` (see the docstring), wrapped as `wrap` says (a `Wrap`, or a
    tag name wrapping each sentence)."""
    wrap = Wrap(inner=(wrap,) if wrap else ()) if isinstance(wrap, str) else wrap
    by_line = len({p.group for p in pairs}) == len(pairs)
    runs = paragraph_groups(pairs, size, by_line) if runs is None else runs
    glue = "" if trg in ("ja", "zh", "zf") else " "

    def one(text: str, shift: int) -> str:
        text = _IDS.sub(lambda m: f'{m.group(1)}="{int(m.group(2)) + shift}"', text) if shift else text
        return _enclose(text if wrap.stops else drop_final_stop(text), wrap.inner)

    joined = []
    for n, run in enumerate(runs):
        shifts = [0]  # ids stay unique in a paragraph, as in a real document: each sentence's go on from the last
        for k in run[:-1]:
            shifts.append(shifts[-1] + max((int(m.group(2)) for m in _IDS.finditer(pairs[k].source)), default=0))
        joined.append(Pair(_enclose(" ".join(one(pairs[k].source, d) for k, d in zip(run, shifts)), wrap.outer),
                           _enclose(glue.join(one(pairs[k].target, d) for k, d in zip(run, shifts)), wrap.outer),
                           pairs[run[0]].group if not by_line else n))
    return joined


SENTENCE_WORDS = 3
"""`--sentences`: the fewest words a side of a kept pair holds (`Close the file.`), below which a line is a
label, a heading or a table cell rather than a sentence."""
# a sentence's final mark, then any closing quotation marks and brackets
_SENTENCE_END = re.compile(r"[.?!…:;。？！．：；][\"'”’»›」』）)］\]】〕〉》]*$")


def is_sentence(text: str, lang: str) -> bool:
    """Whether the tagged `text` reads as a sentence (`--sentences`): its plain text ends with a sentence's
    final mark and holds at least `SENTENCE_WORDS` words with a letter (the language's word segmenter)."""
    plain = detag(text).plain.strip()
    if not _SENTENCE_END.search(plain):
        return False
    return sum(any(c.isalpha() for c in w.text) for w in words_with_offsets(plain, lang)) >= SENTENCE_WORDS


def sentence_pairs(pairs: list[Pair], src: str, trg: str) -> list[Pair]:
    """The `pairs` that are sentences on both sides (`is_sentence`), in order, with their groups."""
    return [p for p in pairs if is_sentence(p.source, src) and is_sentence(p.target, trg)]


def extra_sets(name: str, direction: str, extra: list[str]) -> list[str]:
    """The sets of `--extra-examples` that a row of `name` gets: those with this direction, not itself."""
    return [other for other in extra if other != name and direction in SETS.get(other, ())]


PARTS = ("dev", "lockbox", "all")


def cv_groups(pairs: list[Pair], name: str, block: int) -> list[int]:
    """The cross-validation groups of `pairs`: a SAP pair's document; a line file's line, or with `block` > 1
    its run of `block` consecutive lines (`--cv-block`). The EUR-Lex file is sorted by its English line, so a
    line's neighbour is often its near-copy (`<g>70,2</g>` twice): with lines alternating between the halves,
    that copy is a tagged example of the other half, which a held-out line seldom has."""
    if name == "sap" or block <= 1:
        return [p.group for p in pairs]
    return [k // block for k in range(len(pairs))]


def split_lockbox(pairs: list[Pair], name: str) -> tuple[list[Pair], list[Pair]]:
    """A set's development part and its lockbox (issue 35: a third never inspected or tuned on, reported once
    at the end): SAP — every third document (whole documents, in the order of their ids); a line file — its
    last third, one contiguous block; the bundled sample has no lockbox."""
    if name == "sample":
        return pairs, []
    if name == "sap":
        order = {g: k for k, g in enumerate(sorted({p.group for p in pairs}))}
        shut = [order[p.group] % 3 == 2 for p in pairs]
    else:
        start = len(pairs) - len(pairs) // 3
        shut = [k >= start for k in range(len(pairs))]
    return [p for p, s in zip(pairs, shut) if not s], [p for p, s in zip(pairs, shut) if s]


def part_pairs(name: str, direction: str, args, part: str) -> list[Pair]:
    """The pairs of `name` in `part` (`dev`, `lockbox` or `all`)."""
    pairs = load_pairs(name, direction, args.sap, args.eurlex)
    if part == "all":
        return pairs
    dev, lockbox = split_lockbox(pairs, name)
    return dev if part == "dev" else lockbox


def run(
    name: str, direction: str, mode: str, args, aligner
) -> tuple[Assessment, float, float, int, list]:
    pairs = part_pairs(name, direction, args, args.part)
    src, trg = direction.split("-")
    # the other sets' examples never come from their lockbox, unless the whole sets are asked for
    shared = "all" if args.part == "all" else "dev"
    extra = [(p.source, p.target) for other in extra_sets(name, direction, args.extra_examples)
             for p in part_pairs(other, direction, args, shared)]
    if args.part == "lockbox" and mode == "cv":  # the held-out figure: the lockbox with the whole dev part as examples
        extra += [(p.source, p.target) for p in part_pairs(name, direction, args, "dev")]
    alone, alone_exact = None, None
    total = len(pairs)
    if args.sentences:
        pairs = sentence_pairs(pairs, src, trg)
    kept = (len(pairs), total) if args.sentences else None
    if args.paragraphs:
        size, wrap = args.paragraphs
        runs = paragraph_groups(pairs, size, len({p.group for p in pairs}) == len(pairs))
        joined = join_paragraphs(pairs, trg, size, wrap, runs)
        if mode != "copy" and not args.no_alone:
            alone, alone_exact = _alone_share(pairs, runs, joined, src, trg, mode, args, aligner, extra, name, direction)
        pairs = joined
    if mode == "copy":
        pairs = [Pair(p.source, p.source, p.group) for p in pairs]
        trg = src
        extra = []
    moves: list = []  # every span the ranker moves, for the moved/right/wrong columns
    config = ProjectionConfig(rerank=not args.no_rerank, on_rerank=lambda *move: moves.append(move))
    t0, cpu0 = time.perf_counter(), _cpu()
    result, outputs = oracle_assessment(
        [(p.source, p.target) for p in pairs], src, trg, aligner,
        cross_validate=mode == "cv" and args.part != "lockbox", groups=cv_groups(pairs, name, args.cv_block),
        examples=extra, lexicon=resolve_lexicon(args.lexicon.split(","), src, trg) if mode != "copy" else None, config=config,
        tagged_groups=args.example_docs,
    )
    seconds, cpu = time.perf_counter() - t0, _cpu() - cpu0
    result.reranked = _rerank_counts(pairs, moves)
    if args.outputs:
        _write_outputs(args, name, direction, mode, outputs)
    misses = [
        (p.source, output, p.target, None if alone_exact is None else alone_exact[k])
        for k, (p, output) in enumerate(zip(pairs, outputs))
        if output != p.target and detag(p.source).tags
    ]
    return result, seconds, cpu, len(pairs), misses, alone, kept


def _write_outputs(args, name: str, direction: str, mode: str, outputs: list[str]) -> None:
    """`--outputs DIR`: every projection of the run, one JSON string a line, in a file named after the row
    (set, direction, mode, the `--extra-examples`, `--paragraphs` and `--sentences` settings), so that two
    runs of different code compare with `diff -r` (a refactor's identity check)."""
    parts = [name, direction, mode, *extra_sets(name, direction, args.extra_examples)]
    if args.part != "all":
        parts.append(args.part)
    if args.paragraphs:
        size, wrap = args.paragraphs
        parts.append(f"p{size}-{'>'.join(wrap.outer)}-{'>'.join(wrap.inner)}{'' if wrap.stops else '-nostops'}")
    if args.sentences:
        parts.append("sentences")
    if args.no_rerank:
        parts.append("norerank")
    args.outputs.mkdir(parents=True, exist_ok=True)
    (args.outputs / (".".join(parts).replace("/", "_") + ".jsonl")).write_text(
        "".join(json.dumps(output, ensure_ascii=False) + "\n" for output in outputs), encoding="utf-8")


def _alone_share(pairs, runs, joined, src, trg, mode, args, aligner, extra, name, direction) -> tuple[float, list[bool]]:
    """`--paragraphs`: the share of the tagged paragraphs `joined` whose every sentence is exact when the
    sentences are projected one by one, in the same folds (each sentence in its paragraph's group), and
    for each paragraph whether its every sentence was exact alone."""
    group_of = {k: joined[n].group for n, run in enumerate(runs) for k in run}
    wrapped = join_paragraphs(pairs, trg, 1, args.paragraphs[1], [[k] for k in range(len(pairs))])
    _, outputs = oracle_assessment(
        [(p.source, p.target) for p in wrapped], src, trg, aligner,
        cross_validate=mode == "cv" and args.part != "lockbox", groups=[group_of[k] for k in range(len(pairs))], examples=extra,
        lexicon=resolve_lexicon(args.lexicon.split(","), src, trg), config=ProjectionConfig(rerank=not args.no_rerank),
    )
    if args.outputs:
        _write_outputs(args, name, direction, f"{mode}-alone", outputs)
    exact = [all(outputs[k] == wrapped[k].target for k in run) for run in runs]
    tagged = [n for n, paragraph in enumerate(joined) if detag(paragraph.source).tags]
    return 100 * sum(exact[n] for n in tagged) / max(len(tagged), 1), exact


def _paragraphs_record(paragraphs) -> dict | None:
    if not paragraphs:
        return None
    size, wrap = paragraphs
    return {"size": size, "outer": list(wrap.outer), "inner": list(wrap.inner), "stops": wrap.stops}


def _rerank_counts(pairs: list[Pair], trace: list) -> tuple[int, int, int]:
    """The spans the ranker moved (`ProjectionConfig.on_rerank`'s moves): how many, how many onto the reference's span, how
    many off it (the pipeline's span was the reference's)."""
    from tagmt.projection.conventions import keyed_tags

    references = {(detag(p.source).plain, _plain(p.target)): p.target for p in pairs}
    right = wrong = 0
    for detagged, text, tag, old, new in trace:
        reference = references.get((detagged.plain, text))
        if reference is None:
            continue
        key = next(k for k, t in keyed_tags(detagged.walk()).items() if t is tag)
        want = keyed_tags(detag(reference).walk()).get(key)
        if want is not None:
            right += new == (want.start, want.end)
            wrong += old == (want.start, want.end)
    return len(trace), right, wrong


def _cpu() -> float:
    """CPU seconds of this process and its finished children (the eflomal runs): unlike the wall
    clock, not inflated when the machine is shared."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", default="sap,eurlex,glossary")
    parser.add_argument("--directions", default="", help="only these, e.g. en-ja,en-de")
    parser.add_argument("--modes", default="none,cv")
    parser.add_argument("--sap", type=Path, default=SHARED / "sap-dev")
    parser.add_argument("--eurlex", type=Path, default=SHARED / "eurlex-dev")
    parser.add_argument("--aligner", default="eflomal")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="an aligner option, e.g. symmetrize=union (repeatable)")
    parser.add_argument("--part", choices=PARTS, default="dev",
                        help="dev (default): the two thirds rules are developed on; lockbox: the third set aside "
                             "(SAP: every third document; line files: the last third), measured once at the end — "
                             "cv then projects it with the whole dev part as examples; all: the whole sets")
    parser.add_argument("--extra-examples", default="", metavar="SET[,SET]",
                        help="add the whole dev set SET (same direction) to the examples of the other sets' "
                             "runs, e.g. eurlex for the glossary rows (see the docstring)")
    parser.add_argument("--lexicon", default="auto", metavar="auto|none|PATH[,PATH]",
                        help="bilingual dictionaries for the anchors (auto: the installed FreeDict/CEDICT ones)")
    parser.add_argument("--example-docs", type=int, default=None, metavar="K",
                        help="cv: only the first K documents (line-file lines) of the other half are tagged examples, "
                             "the rest plain text for the aligner (how the rules fare with few examples)")
    parser.add_argument("--show", type=int, default=0, help="print this many misses a run")
    parser.add_argument("--show-error", default="", metavar="CLASS",
                        help="show only misses of this class (the full name: " + ", ".join(ERRORS) + ")")
    parser.add_argument("--show-lost", action="store_true",
                        help="with --paragraphs: show only the paragraph misses whose sentences were all exact "
                             "when projected alone (what joining them lost)")
    parser.add_argument("--by-tag", action="store_true", help="print the outcome per tag name")
    parser.add_argument("--json", type=Path, help="write every run's assessment here")
    parser.add_argument("--outputs", type=Path, metavar="DIR",
                        help="write every run's projections into DIR, a file a row (compare two runs with diff -r)")
    parser.add_argument("--no-rerank", action="store_true",
                        help="project without the span ranker (rerank.py), to compare")
    parser.add_argument("--paragraphs", default="", metavar="K[:WRAP]",
                        help="join K (>= 2) consecutive sentences into one paragraph segment and compare with the "
                             "sentences projected alone (see the docstring). WRAP: TAG wraps each sentence in "
                             "<TAG>…</TAG> (3:p); OUTER/INNER wraps the paragraph in <OUTER> and each sentence in "
                             "<INNER> (3:ul/li); A>B nests (3:/li>p: each sentence in <li><p>…</p></li>)")
    parser.add_argument("--no-stops", action="store_true",
                        help="with --paragraphs: drop each joined sentence's final full stop (. 。 ． ｡) on both "
                             "sides, as in list items that are noun phrases")
    parser.add_argument("--cv-block", type=int, default=1, metavar="N",
                        help="cross-validate a line file in runs of N consecutive lines, not line by line (a "
                             "sorted file's near-copies then stay in one half; see cv_groups)")
    parser.add_argument("--sentences", action="store_true",
                        help="keep only the pairs that are sentences on both sides (a final . ? ! … : ; and at "
                             f"least {SENTENCE_WORDS} words), so that --paragraphs joins real sentences, not a "
                             "sorted file's labels and table cells (see the docstring)")
    parser.add_argument("--no-alone", action="store_true",
                        help="with --paragraphs: skip the sentences projected alone (half the time; for a change "
                             "that leaves one-sentence segments as they were, `alone` is the earlier run's)")
    parser.add_argument("--speed", action="store_true", help="measure the speed with and without a model")
    parser.add_argument("--speed-set", default="sap:en-ja", help="SET:DIRECTION for --speed")
    parser.add_argument("--speed-segments", type=int, default=1000)
    parser.add_argument("--speed-one", nargs=3, metavar=("WHAT", "SEGMENTS", "MODEL"), help=argparse.SUPPRESS)
    parser.add_argument("--quick", action="store_true",
                        help="--speed on the bundled sample (6 segments, 6 examples): checks the machinery")
    args = parser.parse_args(argv)
    args.extra_examples = [name for name in args.extra_examples.split(",") if name]
    unknown = [name for name in args.extra_examples if name not in SETS]
    if unknown:
        parser.error(f"--extra-examples: unknown set {unknown[0]!r}; choose from {', '.join(SETS)}")
    size, _, block = args.paragraphs.partition(":")
    if args.paragraphs and (not size.isdigit() or int(size) < 2):
        parser.error("--paragraphs: K[:WRAP] with K >= 2, e.g. 3, 3:p, 6:ul/li, 3:/li>p")
    if args.show_error and args.show_error not in ERRORS:  # (the table header abbreviates: `white`)
        parser.error(f"--show-error: unknown class {args.show_error!r}; choose from {', '.join(ERRORS)}")
    if args.no_stops and not args.paragraphs:
        parser.error("--no-stops: only with --paragraphs")
    try:
        args.paragraphs = (int(size), parse_wrap(block, not args.no_stops)) if args.paragraphs else None
    except ValueError as error:
        parser.error(f"--paragraphs: {error}")
    if args.quick:
        args.speed, args.speed_set, args.speed_segments = True, "sample:en-de", 6
    if args.speed_one:
        return _speed_one(args)
    if args.speed:
        return _speed(args)
    options = dict(_option(o) for o in args.option)
    aligner = get_aligner(args.aligner, **options)
    only = set(filter(None, args.directions.split(",")))
    print(f"aligner={args.aligner} {options}")
    head = f"{'set':<9}{'dir':<7}{'mode':<5}{'tagged':>7}{'exact %':>9}{'cpu/1k':>7}  "
    print(head + "  ".join(f"{e[:5]:>5}" for e in ERRORS) + "  moved right wrong")
    records = []
    for name in args.sets.split(","):
        for direction in SETS[name]:
            if only and direction not in only:
                continue
            for mode in args.modes.split(","):
                result, seconds, cpu, n, misses, alone, kept = run(name, direction, mode, args, aligner)
                errors = result.errors()
                per_k = 1000 * cpu / n
                label = "+".join([mode, *extra_sets(name, direction, args.extra_examples)])
                print(f"{name:<9}{direction:<7}{label:<5}{result.tagged:>7}"
                      f"{100 * result.exact_share:>9.1f}{per_k:>7.1f}  "
                      + "  ".join(f"{errors[e]:>5}" for e in ERRORS)
                      + "  {:>5} {:>5} {:>5}".format(*result.reranked)
                      + ("" if alone is None else f"  alone {alone:.1f}")
                      + ("" if kept is None else f"  kept {kept[0]}/{kept[1]}"), flush=True)
                if args.by_tag:
                    print("\n".join("    " + line for line in result.report().split("\n")[2:]))
                shown = 0
                for source, output, reference, was_exact in misses:
                    why = assess_segment(output, reference).error
                    if shown >= args.show or (args.show_error and why != args.show_error) or (
                            args.show_lost and not was_exact):
                        continue
                    shown += 1
                    mark = ", exact alone" if was_exact else ""
                    print(f"  [{why}{mark}] {source}\n    out: {output}\n    ref: {reference}")
                records.append({"set": name, "direction": direction, "mode": mode,
                                "extra_examples": extra_sets(name, direction, args.extra_examples),
                                "segments": n, "wall_seconds": round(seconds, 1),
                                "cpu_seconds": round(cpu, 1), "cpu_seconds_per_1000": round(per_k, 1),
                                "reranked": dict(zip(("moved", "right", "wrong"), result.reranked)),
                                "paragraphs": _paragraphs_record(args.paragraphs), "alone_exact_share": alone,
                                "sentences_kept": None if kept is None else dict(zip(("kept", "of"), kept)),
                                **result.as_dict()})
    if args.json:
        args.json.write_text(json.dumps(records, indent=1, ensure_ascii=False) + "\n")
    return 0


def _speed_pairs(args) -> tuple[str, str, list[Pair], list[Pair]]:
    name, direction = args.speed_set.split(":")
    pairs = load_pairs(name, direction, args.sap, args.eurlex)
    n = min(args.speed_segments, len(pairs) // 2)
    src, trg = direction.split("-")
    return src, trg, pairs[:n], pairs[n : 2 * n]


def _usage() -> tuple[float, float]:
    """CPU seconds of this process and its finished children, and the peak resident MB of either."""
    import resource

    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime
    return cpu, max(me.ru_maxrss, kids.ru_maxrss) / 1024


def _speed_one(args) -> int:
    """One measurement in this (fresh) process: prints a JSON line."""
    from tagmt.projection import project_batch
    from tagmt.projection.assess import _plain, assess
    from tagmt.projection.model import learn_model, load_model

    what, count, model_path = args.speed_one
    src, trg, measured, shown = _speed_pairs(args)
    measured = measured[: int(count)]
    detag("<b>warm</b> up")  # imports done before the clock starts
    aligner = get_aligner("eflomal")
    cpu0, _ = _usage()
    wall = time.perf_counter()
    if what == "learn":
        learn_model(model_path, src_lang=src, trg_lang=trg, progress=False,
                    examples=[(detag(p.source), detag(p.target)) for p in shown])
        exact = None
    else:
        model = load_model(model_path, src, trg) if what == "model" else None
        examples = [(p.source, p.target) for p in shown] if what == "fly" else []
        out = project_batch([detag(p.source) for p in measured], [_plain(p.target) for p in measured], src, trg,
                            aligner, examples=examples, model=model)
        exact = assess(out, [p.target for p in measured]).exact_share
    wall = time.perf_counter() - wall
    cpu, peak = _usage()
    print(json.dumps({"cpu": cpu - cpu0, "wall": wall, "peak_mb": peak, "exact": exact}))
    return 0


def _speed(args) -> int:
    import subprocess
    import tempfile

    src, trg, measured, shown = _speed_pairs(args)
    n = len(measured)
    print(f"speed: {args.speed_set}, {n} segments, {len(shown)} tagged examples (CPU: the process and its eflomal runs)")

    def one(what: str, count: int, model: str) -> dict:
        command = [sys.executable, __file__, "--sap", str(args.sap), "--eurlex", str(args.eurlex),
                   "--speed-set", args.speed_set, "--speed-segments", str(args.speed_segments),
                   "--speed-one", what, str(count), model]
        done = subprocess.run(command, capture_output=True, text=True, check=True)
        return json.loads(done.stdout.strip().splitlines()[-1])

    with tempfile.TemporaryDirectory(prefix="bench-speed-") as tmp:
        model = str(Path(tmp) / "model")
        learned = one("learn", n, model)
        print(f"  learn a model from {len(shown)} examples (once): {learned['cpu']:.1f} s CPU, "
              f"{learned['wall']:.1f} s wall, peak {learned['peak_mb']:.0f} MB")
        print(f"  {'segments':>8} {'path':<28}{'cpu s':>8}{'wall s':>8}{'seg/cpu s':>11}{'peak MB':>9}{'exact %':>9}")
        records = {"learn": learned}
        for count in sorted({n, min(10, n)}, reverse=True):
            rows = {}
            for what, label in (("fly", f"on the fly, {len(shown)} examples"), ("model", "with the model")):
                r = rows[what] = one(what, count, model)
                print(f"  {count:>8} {label:<28}{r['cpu']:>8.2f}{r['wall']:>8.2f}{count / max(r['cpu'], 1e-9):>11.1f}"
                      f"{r['peak_mb']:>9.0f}{100 * r['exact']:>9.1f}", flush=True)
            ratio = rows["fly"]["cpu"] / max(rows["model"]["cpu"], 1e-9)
            print(f"ratio on the fly / model CPU, {count} segments: {ratio:.1f}")
            records[str(count)] = rows
    if args.json:
        args.json.write_text(json.dumps(records, indent=1) + "\n")
    return 0


def _option(text: str) -> tuple[str, object]:
    key, _, value = text.partition("=")
    for kind in (int, float):
        try:
            return key, kind(value)
        except ValueError:
            pass
    return key, value


if __name__ == "__main__":
    sys.exit(main())
