"""Placeholders put back into human translations that lost them (issue 32): exact restoration per language.

Each pair is an English UI string with placeholders (printf, python, brace, mustache) and its translation.
The placeholders are taken out of the translation (just their characters; the variant ``collapsed`` also
turns the double space one leaves into one space and drops a leading or trailing space it leaves), the user's
path runs on the whole file — ``tagmt project --source en.txt --translation T --src-lang en --trg-lang L
--placeholders auto`` (eflomal on the file's own pairs) — and each output is compared with the translation as
it was: exact when the output, its text unescaped, equals it. ``text kept`` checks that the output is the
translation given with the source's placeholders put in, each once, and nothing else changed.

Inputs: the hand-made pairs (``tests/data/placeholder_pairs/{dev,aside,domains}.tsv``: en, de, ja per line;
``domains``: command-line tools, web apps, mobile; ``ja_more.tsv``: en, ja only) by default; ``--mo`` reads this machine's gettext catalogues (``/usr/share/locale/{de,ja}/LC_MESSAGES/*.mo``): every entry whose msgid has placeholders
and whose msgstr has the same ones (as a multiset), one line each, duplicates dropped; ``--langs`` names
others (``ko``, ``zh_TW``: the same problem in other unspaced text). ``--split dev|held`` keeps half of the
catalogues, by file: ``dev`` the .mo files whose basename's ``zlib.crc32`` is even, ``held`` those whose is odd
(deterministic; a string in files of both halves counts in each). The held half is for measuring only: run it
before a change and after it, never read its misses.

Usage: ``python benchmarks/bench_placeholder_restore.py [--part dev|aside|domains|ja_more|all|dev,domains] [--mo]
[--split dev|held] [--langs L,L] [--misses] [--quick]`` (``--quick``: the first 30 dev pairs, placeholders removed only). The ``unspaced`` variant is run for
Japanese only (German without spaces is no German).
Figures: docs/placeholders.md.
"""

from __future__ import annotations

import argparse
import glob
import os
import subprocess
import sys
import tempfile
import zlib
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
#: the tagmt that runs (``TAGMT_BENCH_SRC``: another checkout's ``src``, to compare before and after)
SRC = Path(os.environ.get("TAGMT_BENCH_SRC", ROOT / "src"))

from tagmt.corpus.placeholders import find  # noqa: E402
from tagmt.xmltext import escape, unescape  # noqa: E402

DATA = ROOT / "tests" / "data" / "placeholder_pairs"
LANGS = ("de", "ja")


def read_tsv(part: str) -> dict[str, list[tuple[str, str]]]:
    parts = ("dev", "aside") if part == "all" else part.split(",")
    out: dict[str, list[tuple[str, str]]] = {lang: [] for lang in LANGS}
    for name in parts:
        for line in (DATA / f"{name}.tsv").read_text(encoding="utf-8").splitlines():
            if line.startswith("#") or not line.strip():
                continue
            fields = line.split("\t")  # en, de, ja; or en, ja (``ja_more``: Japanese only)
            en, ja = fields[0], fields[-1]
            if len(fields) == 3:
                out["de"].append((en, fields[1]))
            out["ja"].append((en, ja))
    return out


def placeholders(text: str) -> Counter:
    return Counter(text[a:b] for a, b in find(text, ["auto"]))


def in_split(path: str, split: str | None) -> bool:
    """Whether the catalogue ``path`` is in ``split``: ``dev`` when its basename's crc32 is even, ``held``
    when odd, every file when ``split`` is None."""
    if split is None:
        return True
    odd = zlib.crc32(os.path.basename(path).encode("utf-8")) % 2 == 1
    return odd if split == "held" else not odd


def read_mo(lang: str, split: str | None = None) -> list[tuple[str, str]]:
    """The entries of this machine's catalogues for ``lang`` (those of ``split``, see :func:`in_split`) with
    the same placeholders on both sides."""
    import polib

    pairs: dict[str, str] = {}
    for path in sorted(glob.glob(f"/usr/share/locale/{lang}/LC_MESSAGES/*.mo")):
        if not in_split(path, split):
            continue
        try:
            catalogue = polib.mofile(path)
        except Exception:  # noqa: BLE001 - a catalogue polib cannot read is left out
            continue
        for entry in catalogue:
            source, target = entry.msgid, entry.msgstr
            if not source or not target or entry.msgid_plural or "\n" in source or "\n" in target:
                continue
            wanted = placeholders(source)
            if wanted and placeholders(target) == wanted:
                pairs.setdefault(source, target)
    return sorted(pairs.items())


def unspaced(text: str) -> str:
    """``text`` without the spaces next to its placeholders (Japanese as many translators write it)."""
    spans = find(text, ["auto"])
    drop = {a - 1 for a, _ in spans if a > 0 and text[a - 1] == " "} | {b for _, b in spans if text[b:b + 1] == " "}
    return "".join(char for k, char in enumerate(text) if k not in drop)


def strip(text: str, collapse: bool) -> str:
    out, at = [], 0
    for a, b in find(text, ["auto"]):
        out.append(text[at:a])
        at = b
    out.append(text[at:])
    stripped = "".join(out)
    if collapse:
        while "  " in stripped:
            stripped = stripped.replace("  ", " ")
        stripped = stripped.strip(" ")
    return stripped


def text_kept(output: str, given: str, source: str) -> bool:
    """Whether ``output`` is ``given`` with the source's placeholders put in, each once, and nothing else
    changed (each taken out once by its text, longest first: an output like ``{}%u`` holds no new one)."""
    rest = output
    for placeholder in sorted(placeholders(source).elements(), key=len, reverse=True):
        if placeholder not in rest:
            return False
        rest = rest.replace(placeholder, "", 1)
    return rest == given


def run(pairs: list[tuple[str, str]], lang: str, variant: str, misses: bool) -> tuple[int, int, int]:
    """(exact, text kept, pairs) for ``pairs`` through ``tagmt project``: ``removed`` (just the placeholders'
    characters), ``collapsed`` (and the double space they leave; exact: the same but for spaces) or
    ``unspaced`` (the translation without spaces next to its placeholders first)."""
    collapse = variant == "collapsed"
    if variant == "unspaced":
        pairs = [(source, unspaced(target)) for source, target in pairs]
    with tempfile.TemporaryDirectory() as tmp:
        src, trg, out = Path(tmp, "en.txt"), Path(tmp, f"{lang}.txt"), Path(tmp, f"out.{lang}")
        src.write_text("".join(escape(s) + "\n" for s, _ in pairs), encoding="utf-8")
        stripped = [strip(t, collapse) for _, t in pairs]
        trg.write_text("".join(escape(t) + "\n" for t in stripped), encoding="utf-8")
        env = dict(os.environ, PYTHONPATH=str(SRC))
        done = subprocess.run([sys.executable, "-m", "tagmt", "project", "--source", str(src),
                               "--translation", str(trg),
                        "--src-lang", "en", "--trg-lang", lang, "--placeholders", "auto", "-o", str(out)],
                       check=False, env=env, capture_output=True)
        if done.returncode:
            raise SystemExit(f"tagmt project failed: {done.stderr.decode()[-2000:]}")
        outputs = [unescape(line) for line in out.read_text(encoding="utf-8").split("\n")[:len(pairs)]]
    exact = kept = 0
    for (source, target), given, output in zip(pairs, stripped, outputs):
        kept += text_kept(output, given, source)
        if collapse:
            output, target = output.replace(" ", ""), target.replace(" ", "")
        exact += output == target
        if misses and output != target:
            print(f"  {lang} miss: {source!r}\n    want {target!r}\n    got  {output!r}")
    return exact, kept, len(pairs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--part", default="dev", help="dev, aside, domains, all (dev and aside) or a comma list")
    parser.add_argument("--mo", action="store_true", help="this machine's gettext catalogues instead")
    parser.add_argument("--langs", default=",".join(LANGS))
    parser.add_argument("--split", choices=("dev", "held"), help="with --mo: the catalogues of one half, by file")
    parser.add_argument("--misses", action="store_true", help="print every pair not restored exactly")
    parser.add_argument("--quick", action="store_true", help="the first 30 dev pairs, placeholders removed only")
    args = parser.parse_args()
    langs = args.langs.split(",")
    if args.split and not args.mo:
        parser.error("--split needs --mo")
    if args.split and args.misses and args.split == "held":
        parser.error("--misses is not shown for the held half (measure it, do not read it)")
    data = {lang: read_mo(lang, args.split) for lang in langs} if args.mo else read_tsv(args.part)
    if args.quick:
        data = {lang: pairs[:30] for lang, pairs in data.items()}
    heading = f"mo catalogues{f' ({args.split} half)' if args.split else ''}" if args.mo else args.part
    print(f"{heading}: exact restoration (text kept)")
    for lang in langs:
        variants = ("removed",) if args.quick else ("removed", "collapsed", *(("unspaced",) if lang != "de" else ()))
        for label in variants:
            exact, kept, total = run(data[lang], lang, label, args.misses)
            print(f"{lang} {label:9} {exact}/{total} = {100 * exact / max(total, 1):.1f} %"
                  f"  (text kept {kept}/{total})", flush=True)
            print(f"ratio exact/pairs {lang} {label}: {exact / max(total, 1):.3f}")


if __name__ == "__main__":
    main()
