"""Documents through ``translate --model copy`` against translate-toolkit's converter round trip (issue 32,
item 8): time (asked: at most 1x translate-toolkit's), peak memory per byte of input (asked: at most 10x the
file) and linearity (the half size against the full size).

Per format, on the same generated file (``--sizes`` in MB, default 5 and 10):

* ``tagmt``: ``translate_file(..., approach="dt", engine="copy")`` — read, plan, translate, write the document;
* ``ttk``: translate-toolkit's round trip — JSON: ``json2po`` then ``po2json -t`` (a PO in between, as its
  users run it); PO: ``translate.storage.po`` parse and serialize; HTML: ``html2po`` then ``po2html -t``.

Each run is its own process: wall and CPU seconds of the run alone, and its peak resident memory
(``getrusage(RUSAGE_SELF).ru_maxrss``) above a baseline taken after the imports and a warm-up run on a tiny
file of the same kind. HTML needs tagmt's HTML reader (``tagmt.corpus.htmlpage``, issue 32 item 1); without it
the HTML row is skipped with a note. The generated files are self-written (``_json``, ``_po``, ``_html``).

Usage:  python benchmarks/bench_documents.py [--sizes 5,10] [--formats json,po,html] [--quick]
``--quick``: 0.1 and 0.2 MB, a check that the machinery runs (< 20 s), not the figures.
Prints one line per format, side and size, then ``ratio`` lines at the largest size.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
WORDS = ("file folder delete open save the a of to in is for your with this that project setting user "
         "account update version select item list view window menu change name new old system").split()


def _sentence(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n)).capitalize()


def _json(path: Path, size: int, rng: random.Random) -> None:
    """An i18next-style nested JSON file of about ``size`` bytes."""
    with open(path, "w", encoding="utf-8") as out:
        out.write("{\n")
        written, section = 0, 0
        while written < size:
            items = []
            for k in range(40):
                text = _sentence(rng, rng.randint(3, 14))
                if k % 3 == 0:
                    text += " {{count}} " + _sentence(rng, 2).lower()
                items.append(f'    "key_{k}": {json.dumps(text)}')
            chunk = ("" if section == 0 else ",\n") + f'  "section_{section}": {{\n' + ",\n".join(items) + "\n  }"
            out.write(chunk)
            written += len(chunk)
            section += 1
        out.write("\n}\n")


def _po(path: Path, size: int, rng: random.Random) -> None:
    """A gettext catalog of about ``size`` bytes: comments, c-format flags, contexts, half translated."""
    with open(path, "w", encoding="utf-8") as out:
        out.write('msgid ""\nmsgstr ""\n"Language: de\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
                  '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n')
        written, n = 0, 0
        while written < size:
            text = _sentence(rng, rng.randint(3, 14))
            flag = "#, c-format\n" if n % 4 == 0 else ""
            msgid = text + (" %s" if flag else "") + f" {n}"
            msgstr = "" if n % 2 else msgid.upper()
            ctxt = f'msgctxt "ctx{n % 7}"\n' if n % 5 == 0 else ""
            chunk = f"#: src/file{n % 50}.c:{n}\n{flag}{ctxt}msgid {json.dumps(msgid)}\nmsgstr {json.dumps(msgstr)}\n\n"
            out.write(chunk)
            written += len(chunk)
            n += 1


def _html(path: Path, size: int, rng: random.Random) -> None:
    """An HTML page of about ``size`` bytes: headings, paragraphs with inline markup, lists."""
    with open(path, "w", encoding="utf-8") as out:
        out.write('<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8"><title>Guide</title></head>\n<body>\n')
        written = 0
        while written < size:
            chunk = (f"<h2>{_sentence(rng, 4)}</h2>\n<p>{_sentence(rng, 8)} <b>{_sentence(rng, 2)}</b> "
                     f'{_sentence(rng, 6)} <a href="page.html">{_sentence(rng, 2)}</a>.</p>\n'
                     f"<ul><li>{_sentence(rng, 5)}</li><li>{_sentence(rng, 5)}</li></ul>\n")
            out.write(chunk)
            written += len(chunk)
        out.write("</body>\n</html>\n")


MAKERS = {"json": _json, "po": _po, "html": _html}


def _ttk(kind: str, source: str, output: str) -> None:
    def call(main, argv):
        try:
            main(argv)
        except SystemExit as exc:
            if exc.code not in (None, 0):
                raise
    middle = output + ".po"
    if kind == "json":
        from translate.convert import json2po, po2json
        call(json2po.main, ["--progress=none", source, middle])
        call(po2json.main, ["--progress=none", "-t", source, middle, output])
    elif kind == "html":
        from translate.convert import html2po, po2html
        call(html2po.main, ["--progress=none", source, middle])
        call(po2html.main, ["--progress=none", "-t", source, middle, output])
    else:
        from translate.storage import po
        with open(source, "rb") as handle:
            store = po.pofile(handle)
        with open(output, "wb") as handle:
            store.serialize(handle)


def _tagmt(kind: str, source: str, output: str) -> None:
    from tagmt.translation.files import translate_file
    from tagmt.translation.options import InputFile, OutputFile, RunOptions
    translate_file(InputFile(source, src_lang="en", trg_lang="de"), OutputFile(output, record=False),
                   approach="dt", engine="copy", run=RunOptions(use_cache=False, progress=False))


def child(side: str, kind: str, source: str, warm: str) -> None:
    """One measured run (in its own process): prints a JSON line."""
    import resource
    run = _tagmt if side == "tagmt" else _ttk
    run(kind, warm, warm + ".out." + Path(warm).suffix.lstrip("."))
    baseline = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    wall, cpu = time.perf_counter(), time.process_time()
    run(kind, source, source + ".out" + Path(source).suffix)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"seconds": wall, "cpu": cpu, "peak_mb": peak, "baseline_mb": baseline}))


def measure(side: str, kind: str, source: Path, warm: Path) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(HERE.parent / "src") + os.pathsep + env.get("PYTHONPATH", "")
    done = subprocess.run([sys.executable, __file__, "--child", side, kind, str(source), str(warm)],
                          capture_output=True, text=True, env=env, check=False)
    if done.returncode != 0:
        raise SystemExit(f"bench_documents: {side} {kind} failed: {done.stderr.strip().splitlines()[-1:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def _html_reader() -> bool:
    from tagmt.corpus.formats import input_formats
    return "html" in input_formats()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="5,10", help="file sizes in MB, comma-separated (default 5,10)")
    parser.add_argument("--formats", default="json,po,html")
    parser.add_argument("--quick", action="store_true", help="0.1 and 0.2 MB: a check that it runs")
    parser.add_argument("--child", nargs=4, metavar=("SIDE", "KIND", "SOURCE", "WARM"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(*args.child)
        return 0
    sizes = [0.1, 0.2] if args.quick else [float(s) for s in args.sizes.split(",")]
    sys.path.insert(0, str(HERE.parent / "src"))
    with tempfile.TemporaryDirectory(prefix="bench-documents-") as tmp:
        for kind in args.formats.split(","):
            if kind == "html" and not _html_reader():
                print("html: skipped — tagmt's HTML reader (tagmt.corpus.htmlpage) is not in this tree yet")
                continue
            suffix = {"json": ".json", "po": ".po", "html": ".html"}[kind]
            warm = Path(tmp) / f"warm{suffix}"
            MAKERS[kind](warm, 2000, random.Random(1))
            results = {}
            for size in sizes:
                source = Path(tmp) / f"{kind}-{size}{suffix}"
                MAKERS[kind](source, int(size * 1e6), random.Random(7))
                megabytes = source.stat().st_size / 1e6
                sides = ("tagmt", "ttk") if size == max(sizes) else ("tagmt",)
                for side in sides:
                    got = measure(side, kind, source, warm)
                    got["ratio"] = (got["peak_mb"] - got["baseline_mb"]) / megabytes
                    results[(side, size)] = got
                    print(f"{kind:5} {side:6} {megabytes:6.2f} MB: {got['seconds']:7.2f} s wall, {got['cpu']:7.2f} s cpu, "
                          f"peak {got['peak_mb']:7.1f} MB ({got['peak_mb'] - got['baseline_mb']:6.1f} over baseline, "
                          f"{got['ratio']:5.2f}x the file)", flush=True)
            big, small = max(sizes), min(sizes)
            tagmt, ttk = results[("tagmt", big)], results[("ttk", big)]
            print(f"ratio tagmt/translate-toolkit cpu {kind}: {tagmt['cpu'] / max(ttk['cpu'], 1e-9):.2f}")
            print(f"ratio tagmt peak/file {kind}: {tagmt['ratio']:.2f}")
            if len(sizes) > 1:
                grow = tagmt["cpu"] / max(results[("tagmt", small)]["cpu"], 1e-9)
                print(f"ratio tagmt cpu {big:g} MB / {small:g} MB {kind} (linear: {big / small:.1f}): {grow:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
