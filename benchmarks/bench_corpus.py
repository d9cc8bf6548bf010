"""Bring-your-own-data figures through the real commands, on the EUR-Lex and glossary dev sets
(../shared/eurlex-dev, Hanneman & Dinu 2020; tagged line files en/de/fr/hu with <g>/<x/>/<bx/>/<ex/>).

1. `tagmt project` on line files, the oracle way: the tagged English source and the plain reference (the
   tagged reference's tags stripped, its text unescaped, as an MT system writes it) → the tagged
   translation, compared with the tagged reference: exact % of the lines whose reference has tags, the
   misses sorted into the error classes of `tagmt.projection.assess`, and seconds per 1,000 segments.
2. `tagmt project --xliff` on XLIFF 1.2 and 2.0 files made from EUR-Lex dev (the English lines as
   sources with their codes, the plain references as targets without codes, a note and a name on every
   unit): exact % of tagged units, and whether everything but the targets came back byte for byte
   (units, ids, names, notes, sources).
3. `tagmt translate --input … --approach dp --model copy`: the round trip that must give the source's own
   tagging back, for line files and both XLIFF versions.

Usage:  python benchmarks/bench_corpus.py [--data ../shared/eurlex-dev] [--sets eurlex,glossary]
        [--languages de,fr,hu] [--skip-xliff] [--skip-copy] [--show N] [--quick]

``--quick``: the glossary set into German only (an XLIFF 1.2 file made from it too; no copy round trip). The last line is the ratio
of `project --xliff`'s CPU per segment to `project`'s on line files for the same lines (XLIFF 1.2).
"""

from __future__ import annotations

import argparse
import re
import resource
import sys
import tempfile
import time
from collections import Counter
from contextlib import redirect_stderr
from io import StringIO
from pathlib import Path

from tagmt.cli import main
from tagmt.corpus import read_corpus
from tagmt.corpus.lines import read_segments, write_lines
from tagmt.xmltext import escape_attribute, unescape
from tagmt.markup import strip, tokenize
from tagmt.projection.assess import assess_segment

DEFAULT_DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "eurlex-dev"
_TAG = re.compile(r"<(/?)(g|x|bx|ex)\b([^>]*?)(/?)>")


def has_tags(segment: str) -> bool:
    return any(token.is_markup for token in tokenize(segment, orphans=True))


def cpu_seconds() -> float:
    """CPU time of this process and its finished children (eflomal runs as a child)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


LAST_CPU = [0.0]


def run(argv: list[str]) -> tuple[float, str]:
    """Run a tagmt command in this process; its wall seconds and stderr (a failure stops the benchmark);
    its CPU seconds go to LAST_CPU[0] (the machine may be shared: CPU time is the steadier figure)."""
    err = StringIO()
    started, cpu = time.perf_counter(), cpu_seconds()
    with redirect_stderr(err):
        status = main(argv)
    if status != 0:
        sys.exit(f"tagmt {' '.join(argv)} failed: {err.getvalue()}")
    LAST_CPU[0] = cpu_seconds() - cpu
    return time.perf_counter() - started, err.getvalue()


def score(sources: list[str], outputs: list[str], references: list[str]) -> tuple[int, int, Counter]:
    """Exact tagged lines, tagged lines, and the causes of the misses."""
    causes: Counter = Counter()
    exact = tagged = 0
    for source, output, reference in zip(sources, outputs, references):
        if not has_tags(reference):
            continue
        tagged += 1
        if output == reference:
            exact += 1
        else:
            causes[assess_segment(output, reference).error] += 1
    return exact, tagged, causes


# --------------------------------------------------------------------------- XLIFF made from line files

def xliff12(sources: list[str], targets: list[str], src: str, trg: str) -> str:
    """An XLIFF 1.2 file: the EUR-Lex codes are XLIFF 1.2's own elements, so a line is a source as it is."""
    units = [
        f'   <trans-unit id="u{n}" resname="line-{n}">\n    <source>{s}</source>\n'
        f"    <target>{t}</target>\n    <note>line {n} of the dev set</note>\n   </trans-unit>"
        for n, (s, t) in enumerate(zip(sources, targets), start=1)
    ]
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">\n'
        f' <file original="dev" datatype="plaintext" source-language="{src}" target-language="{trg}">\n  <body>\n'
        + "\n".join(units) + "\n  </body>\n </file>\n</xliff>\n"
    )


def to_xliff2_codes(line: str) -> str:
    """EUR-Lex codes as XLIFF 2.0's: g → pc, x → ph, bx/ex → isolated sc/ec."""

    def one(match: re.Match) -> str:
        close, name, attributes, empty = match.groups()
        if close:
            return "</pc>"
        if name == "g":
            return f"<pc{attributes}>"
        if name == "x":
            return f"<ph{attributes}/>"
        return f'<{"sc" if name == "bx" else "ec"}{attributes} isolated="yes"/>'

    return _TAG.sub(one, line)


def xliff2(sources: list[str], targets: list[str], src: str, trg: str) -> str:
    units = [
        f'  <unit id="u{n}" name="line-{n}">\n   <notes><note>line {n} of the dev set</note></notes>\n'
        f"   <segment id=\"s1\">\n    <source>{to_xliff2_codes(s)}</source>\n    <target>{to_xliff2_codes(t)}</target>\n"
        "   </segment>\n  </unit>"
        for n, (s, t) in enumerate(zip(sources, targets), start=1)
    ]
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" '
        f'srcLang="{escape_attribute(src)}" trgLang="{escape_attribute(trg)}">\n <file id="f1">\n'
        + "\n".join(units) + "\n </file>\n</xliff>\n"
    )


def outside_targets(text: str) -> str:
    """The document with every <target>…</target> (and the states a written target sets) removed: what
    must come back byte for byte."""
    text = re.sub(r"<target\b[^>]*>.*?</target>|<target\b[^>]*/>", "", text, flags=re.DOTALL)
    return re.sub(r' (?:state|subState)="[^"]*"', "", text)


def xliff_projection(folder: Path, name: str, sources: list[str], references: list[str], src: str, trg: str,
                     version: str) -> tuple[int, int, bool, float]:
    """`tagmt project --xliff` on a file whose targets are the plain references; exact tagged units."""
    make = xliff12 if version == "1.2" else xliff2
    plain = [strip(tokenize(r, orphans=True)) for r in references]  # the text stays escaped, as XLIFF writes it
    given = folder / f"{name}.{version}.xlf"
    given.write_text(make(sources, plain, src, trg), encoding="utf-8")
    gold = folder / f"{name}.{version}.gold.xlf"
    gold.write_text(make(sources, references, src, trg), encoding="utf-8")
    out = folder / f"{name}.{version}.projected.xlf"
    # the targets have no state: they count as someone's work, so the MT-output simulation overwrites them
    seconds, _ = run(["project", "--xliff", str(given), "--overwrite", "-o", str(out)])
    expected = [s.reference for s in read_corpus(gold).segments]
    got = [s.reference for s in read_corpus(out).segments]
    exact = sum(e == g for e, g in zip(expected, got) if has_tags(e))
    tagged = sum(has_tags(e) for e in expected)
    intact = outside_targets(out.read_text("utf-8")) == outside_targets(given.read_text("utf-8"))
    return exact, tagged, intact, seconds


def copy_round_trip(folder: Path, path: Path, src: str, trg: str) -> tuple[int, int, list[tuple[str, str]]]:
    out = folder / (path.name + ".copy-dp")
    args = ["translate", "--input", str(path), "--approach", "dp", "--model", "copy", "--no-cache", "-o", str(out)]
    if path.suffix == ".xlf":
        args.insert(-2, "--overwrite")  # its targets are references: replace them
    if path.suffix != ".xlf":
        args += ["--src-lang", src, "--trg-lang", trg]
    run(args)
    if path.suffix == ".xlf":
        corpus = read_corpus(out)
        sources, outputs = [s.source for s in corpus.segments], [s.reference or "" for s in corpus.segments]
    else:
        sources, outputs = read_segments(path), read_segments(out)
    pairs = [(s, o) for s, o in zip(sources, outputs) if has_tags(s)]
    return sum(s == o for s, o in pairs), len(pairs), [(s, o) for s, o in pairs if s != o]


def main_(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--sets", default="eurlex,glossary")
    parser.add_argument("--languages", default="de,fr,hu")
    parser.add_argument("--skip-xliff", action="store_true")
    parser.add_argument("--skip-copy", action="store_true")
    parser.add_argument("--show", type=int, default=0, help="print N misses of each run")
    parser.add_argument("--quick", action="store_true", help="glossary into German only (a smoke run)")
    args = parser.parse_args(argv)
    if args.quick:
        args.sets, args.languages, args.skip_copy = "glossary", "de", True
    xliff_set = "glossary" if args.quick else "eurlex"
    line_cpu: dict[tuple[str, str], float] = {}
    xliff_cpu: dict[str, float] = {}
    if not (args.data / "SOURCE.md").is_file():
        sys.exit(f"EUR-Lex dev sets not found in {args.data}")
    with tempfile.TemporaryDirectory(prefix="tagmt-bench-corpus-") as tmp:
        folder = Path(tmp)
        print("tagmt project (line files, oracle: plain reference as the translation, eflomal)")
        for name in args.sets.split(","):
            source_path = args.data / f"dev-{name}.en"
            sources = read_segments(source_path)
            for lang in args.languages.split(","):
                references = read_segments(args.data / f"dev-{name}.{lang}")
                plain = write_lines(folder / f"{name}.plain.{lang}", [unescape(strip(tokenize(r, orphans=True))) for r in references])
                out = folder / f"{name}.projected.{lang}"
                seconds, err = run(["project", "--source", str(source_path), "--translation", str(plain),
                                    "--src-lang", "en", "--trg-lang", lang, "-o", str(out)])
                outputs = read_segments(out)
                exact, tagged, causes = score(sources, outputs, references)
                per_1000, cpu_1000 = 1000 * seconds / len(sources), 1000 * LAST_CPU[0] / len(sources)
                line_cpu[(name, lang)] = cpu_1000
                print(f"  {name:8} en-{lang}: {exact}/{tagged} tagged lines exact = {100 * exact / tagged:.1f} %"
                      f"  ({per_1000:.1f} s wall, {cpu_1000:.1f} s CPU per 1,000 segments)  misses: "
                      + ", ".join(f"{c} {n}" for c, n in causes.most_common()))
                if args.show:
                    shown = [(s, o, r) for s, o, r in zip(sources, outputs, references) if has_tags(r) and o != r]
                    for s, o, r in shown[: args.show]:
                        print(f"      src {s}\n      out {o}\n      ref {r}\n")
        if not args.skip_xliff:
            print(f"tagmt project --xliff (files made from the {xliff_set} dev set; targets = plain references)")
            sources = read_segments(args.data / f"dev-{xliff_set}.en")
            for lang in args.languages.split(","):
                references = read_segments(args.data / f"dev-{xliff_set}.{lang}")
                for version in ("1.2",) if args.quick else ("1.2", "2.0"):
                    exact, tagged, intact, seconds = xliff_projection(folder, f"{xliff_set}-{lang}", sources,
                                                                      references, "en", lang, version)
                    if version == "1.2":
                        xliff_cpu[lang] = 1000 * LAST_CPU[0] / len(sources)
                    print(f"  XLIFF {version} en-{lang}: {exact}/{tagged} tagged units exact = {100 * exact / tagged:.1f} %,"
                          f" all but the targets byte for byte: {intact}  ({1000 * seconds / len(sources):.1f} s wall, "
                          f"{1000 * LAST_CPU[0] / len(sources):.1f} s CPU per 1,000)")
        if not args.skip_copy:
            print("tagmt translate --approach dp --model copy (the source's own tagging back)")
            for name in args.sets.split(","):
                source_path = args.data / f"dev-{name}.en"
                exact, tagged, misses = copy_round_trip(folder, source_path, "en", "de")
                whitespace = sum(re.sub(r"\s", "", s) == re.sub(r"\s", "", o) for s, o in misses)
                print(f"  {name:8} line file: {exact}/{tagged} tagged lines exact = {100 * exact / tagged:.1f} % "
                      f"(misses: {whitespace} whitespace only, {len(misses) - whitespace} other)")
                for s, o in misses[: args.show]:
                    print(f"      src {s}\n      out {o}\n")
            sources = read_segments(args.data / f"dev-{xliff_set}.en")
            for version in ("1.2", "2.0"):
                path = folder / f"copy.{version}.xlf"
                path.write_text((xliff12 if version == "1.2" else xliff2)(sources, [""] * len(sources), "en", "de"),
                                encoding="utf-8")
                exact, tagged, misses = copy_round_trip(folder, path, "en", "de")
                whitespace = sum(re.sub(r"\s", "", s) == re.sub(r"\s", "", o) for s, o in misses)
                print(f"  {xliff_set:8} XLIFF {version}: {exact}/{tagged} tagged units exact = {100 * exact / tagged:.1f} % "
                      f"(misses: {whitespace} whitespace only, {len(misses) - whitespace} other)")
    paired = [(lang, xliff_cpu[lang] / line_cpu[(xliff_set, lang)]) for lang in xliff_cpu
              if line_cpu.get((xliff_set, lang))]
    for lang, ratio in paired:
        print(f"ratio XLIFF 1.2/line-file CPU per segment ({xliff_set} en-{lang}): {ratio:.2f}")
    if not paired:
        print("ratio XLIFF/line-file: not measured (--skip-xliff, or the XLIFF set not among --sets)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main_())
