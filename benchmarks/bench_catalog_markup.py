"""Tag projection on this machine's gettext catalogues: UI strings with inline markup, in seven languages
(issue 35's independent check of the unseen help domain, from data nobody tuned a rule on).

The catalogues (``LOCALE_DIR/LANG/LC_MESSAGES/*.mo``, read with polib) hold human translations of UI strings
written with inline markup — Pango's and HTML's ``<b>``, ``<i>``, ``<a href="…">``, ``<span …>``, ``<small>``,
``<big>``, ``<tt>``, ``<u>``, ``<sub>``/``<sup>``, ``<br/>`` (gtk30, avahi, software-properties,
system-config-printer…) — beside thousands of strings without any. For each language:

* a pair is a catalogue entry (the singular of a plural entry), each msgid+msgstr once over the language's
  catalogues, in the order of the files' names and their entries;
* its msgid holds inline markup when it has tags of ``INLINE_NAMES`` that are well formed (each start tag
  closed by its end tag, properly nested; self-closing tags and ``VOID_NAMES`` standalone); a msgid whose
  such tags are not well formed (``--plugin <p>``, ``<s> <i>`` as argument names) is text;
* a pair whose msgid holds markup is *used* when its msgstr holds the same tags, well formed (the same
  multiset of tags as written), else it is *unusable* (counted, not projected);
* both sides become tagged strings as a tagged line file writes them (bench_projection's input): tags as
  written, text with its complete character references decoded (``&amp;`` ``&#8230;`` ``&nbsp;``) and then
  ``& < >`` XML-escaped; the pairs without markup, as plain text written the same way, are the extra parallel
  text the aligner learns from (``project_batch``'s ``align_corpus``; ``--no-align-corpus``: the used pairs
  alone, as bench_projection aligns its sets).

The task per pair, as bench_projection's: the source's tags projected onto the msgstr with its tags removed
(an oracle translation), eflomal, the installed dictionaries (``--lexicon auto``), and in-domain examples by
2-fold cross-validation over the used pairs (``oracle_assessment(cross_validate=True)``: each half projected
with the other half as tagged examples; ``--mode none``: no examples). Exact = the projection equals the tagged
msgstr character for character (``tagmt.projection.assess``). The figure is given for all used pairs and for
the non-trivial ones: two tags or more, or one tag that does not wrap the whole text on either side (the
``<b>Settings</b>`` labels are the trivial rest).

HELD OUT: no rule is tuned on this check. The seven languages (``DEFAULT_LANGUAGES``) are run once at the end of
a round and their figures reported; the pairs and projections are never printed (``--outputs DIR`` writes them
for the coordinator). Develop on other languages (es, it, pt_BR, sv, pl), with ``--show N``.

Usage:
  python benchmarks/bench_catalog_markup.py [--locale-dir /usr/share/locale] [--languages ja zh_CN de fr ru fi nl]
      [--domains gtk30 avahi ...] [--mode cv|none] [--no-align-corpus] [--lexicon auto] [--outputs DIR]
      [--json FILE] [--show N]
  python benchmarks/bench_catalog_markup.py --quick   # a hand-made catalogue written to a temporary folder
"""

from __future__ import annotations

import argparse
import html
import json
import re
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench_projection, beside this script
from bench_projection import Pair, _cpu  # noqa: E402

from tagmt.atomic import write_atomic  # noqa: E402
from tagmt.languages import normalize  # noqa: E402
from tagmt.projection import detag  # noqa: E402
from tagmt.projection.align import get_aligner  # noqa: E402
from tagmt.projection.assess import assess, oracle_assessment  # noqa: E402
from tagmt.projection.config import ProjectionConfig  # noqa: E402
from tagmt.projection.lexicon import resolve_lexicon  # noqa: E402
from tagmt.xmltext import escape  # noqa: E402

DEFAULT_LOCALE_DIR = Path("/usr/share/locale")
DEFAULT_LANGUAGES = ("ja", "zh_CN", "de", "fr", "ru", "fi", "nl")
"""Issue 35's unseen help domain's languages: held out, run once, figures only."""
DEBUG_LANGUAGES = ("es", "it", "pt_BR", "sv", "pl")
"""Languages to develop and debug the loader on (their pairs may be printed)."""

INLINE_NAMES = frozenset(
    "a abbr b big br cite code del em i img ins kbd mark q s small span strike strong sub sup tt u var"
    " p div ul ol li".split())
"""Markup of Pango and HTML inside a UI string (inline elements, and the paragraphs and lists some strings
hold); other names in angle brackets (``<file>``, ``<Control>``) are text."""
VOID_NAMES = frozenset({"br", "img", "wbr"})
"""Standalone even when written without a slash (``<br>``)."""

_TAG = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9]*)((?:\s[^<>]*?)?)(/?)>")
_REFERENCE = re.compile(r"&(?:#[0-9]+|#[xX][0-9A-Fa-f]+|[A-Za-z][A-Za-z0-9]*);")


def _decoded(text: str) -> str:
    """``text`` with its complete character references as characters (``html.unescape`` of each one alone:
    run over the whole text it would also read ``&para`` in ``?a=1&param=2`` as ``¶``), XML-escaped again."""
    return escape(_REFERENCE.sub(lambda m: html.unescape(m.group()), text))


def tagged_markup(text: str) -> tuple[str, tuple[str, ...]] | None:
    """``text`` (a msgid or msgstr) as a tagged string and its inline tags as written, in order; ``(text, ())``
    when it holds none; None when its inline tags are not well formed (unclosed, unopened, crossed)."""
    out: list[str] = []
    tags: list[str] = []
    stack: list[str] = []
    at = 0
    for match in _TAG.finditer(text):
        closing, name, _, slash = match.groups()
        name = name.lower()
        if name not in INLINE_NAMES:
            continue
        if closing:
            if slash or not stack or stack[-1] != name:
                return None
            stack.pop()
        elif not slash and name not in VOID_NAMES:
            stack.append(name)
        out.append(_decoded(text[at:match.start()]))
        out.append(match.group())
        tags.append(match.group())
        at = match.end()
    if stack:
        return None
    out.append(_decoded(text[at:]))
    return "".join(out), tuple(tags)


@dataclass
class CatalogPairs:
    """One language's pairs: `used` (tagged pairs with the same tags on both sides), `unusable` (why each
    msgid with markup was left out: `target tags differ`, `target malformed`), `plain` (the pairs without
    markup, tagged strings without tags: the aligner's extra text) and `not_markup` (msgids read as text
    because their tags are not well formed; among `plain`)."""

    used: list[Pair] = field(default_factory=list)
    unusable: Counter = field(default_factory=Counter)
    plain: list[tuple[str, str]] = field(default_factory=list)
    not_markup: int = 0


def catalog_files(locale_dir: Path, language: str, domains: list[str] | None = None) -> list[Path]:
    """The language's ``.mo`` catalogues, by name (`domains`: only those, given without ``.mo``)."""
    found = sorted((locale_dir / language / "LC_MESSAGES").glob("*.mo"))
    return [p for p in found if domains is None or p.stem in domains]


def _entries(paths: list[Path]):
    """(msgid, msgstr) of every translated entry (a plural's singular), file by file, in file order."""
    import polib

    for path in paths:
        for entry in polib.mofile(str(path)):
            source = entry.msgid
            target = entry.msgstr_plural.get(0, "") if entry.msgid_plural else entry.msgstr
            if source and target:
                yield source, target


def read_pairs(paths: list[Path]) -> CatalogPairs:
    """The pairs of the catalogues `paths` (see the module docstring), each msgid+msgstr once."""
    result = CatalogPairs()
    seen: set[tuple[str, str]] = set()
    for source, target in _entries(paths):
        if (source, target) in seen:
            continue
        seen.add((source, target))
        read = tagged_markup(source)
        if read is None or not read[1]:
            result.not_markup += read is None
            result.plain.append((_decoded(source), _decoded(target)))
            continue
        tagged, tags = read
        other = tagged_markup(target)
        if other is None:
            result.unusable["target malformed"] += 1
        elif Counter(other[1]) != Counter(tags):
            result.unusable["target tags differ"] += 1
        else:
            result.used.append(Pair(tagged, other[0], len(result.used)))
    return result


def trivial(pair: Pair) -> bool:
    """One paired tag that wraps the whole text (but blank space) on both sides: ``<b>Settings</b>``."""
    for text in (pair.source, pair.target):
        found = detag(text)
        tags = list(found.walk())
        if len(tags) != 1 or not tags[0].close:
            return False
        if found.plain[:tags[0].start].strip() or found.plain[tags[0].end:].strip():
            return False
    return True


@dataclass
class Outcome:
    """One language's figures."""

    language: str
    used: int
    unusable: int
    not_markup: int
    plain: int
    exact: int
    hard: int
    hard_exact: int
    cpu: float
    outputs: list[str]


def measure(language: str, pairs: CatalogPairs, aligner, *, mode: str = "cv", align_corpus: bool = True,
            lexicon: str = "auto") -> Outcome:
    """Project `pairs.used` onto their msgstrs without tags (see the module docstring)."""
    trg = normalize(language)
    cpu0 = _cpu()
    outputs: list[str] = []
    if pairs.used:
        _, outputs = oracle_assessment(
            [(p.source, p.target) for p in pairs.used], "en", trg, aligner, cross_validate=mode == "cv",
            align_corpus=pairs.plain if align_corpus else (), config=ProjectionConfig(),
            lexicon=resolve_lexicon(lexicon.split(","), "en", trg))
    exact = assess(outputs, [p.target for p in pairs.used]).exact
    hard = [k for k, p in enumerate(pairs.used) if not trivial(p)]
    hard_exact = assess([outputs[k] for k in hard], [pairs.used[k].target for k in hard]).exact
    return Outcome(language, len(pairs.used), sum(pairs.unusable.values()), pairs.not_markup, len(pairs.plain),
                   exact, len(hard), hard_exact, _cpu() - cpu0, outputs)


def _share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}" if whole else "-"


def _write_outputs(folder: Path, outcome: Outcome, pairs: CatalogPairs, mode: str) -> None:
    """`--outputs DIR`: a JSON object a line per used pair (source, reference, output, exact)."""
    folder.mkdir(parents=True, exist_ok=True)
    write_atomic(folder / f"{outcome.language}.{mode}.jsonl", (
        json.dumps({"source": p.source, "reference": p.target, "output": out, "exact": out == p.target},
                   ensure_ascii=False) + "\n" for p, out in zip(pairs.used, outcome.outputs)))


QUICK_PAIRS = (  # hand-made (es): the machinery's check, not a figure
    ("<b>Settings</b>", "<b>Configuración</b>"),
    ("<b>Description</b> (optional)", "<b>Descripción</b> (opcional)"),
    ("Browsing for services on <b>local network</b>:", "Examinando servicios en la <b>red local</b>:"),
    ('See the <a href="%s">license</a> for details.', 'Consulte la <a href="%s">licencia</a> para más detalles.'),
    ("<i>No printer selected</i>", "<i>Ninguna impresora seleccionada</i>"),
    ("Save <b>all</b> files &amp; quit", "Guardar <b>todos</b> los archivos y salir"),
    ("<b>Print</b> the <i>test page</i>", "<b>Imprimir</b> la <i>página de prueba</i>"),
    ("Open the <b>printer</b> settings", "Abrir la configuración de la <b>impresora</b>"),
    ("<b>Note</b>", "<b>Nota</b>"),
    ("Printer", "Impresora"), ("Settings", "Configuración"), ("Open", "Abrir"), ("local network", "red local"),
    ("test page", "página de prueba"), ("files", "archivos"), ("license", "licencia"), ("Note", "Nota"),
)


def write_quick_catalogue(locale_dir: Path, language: str = "es") -> Path:
    """`--quick`: `QUICK_PAIRS` as ``LOCALE_DIR/LANGUAGE/LC_MESSAGES/quick.mo``."""
    import polib

    catalogue = polib.POFile()
    catalogue.metadata = {"Content-Type": "text/plain; charset=UTF-8", "Language": language}
    for source, target in QUICK_PAIRS:
        catalogue.append(polib.POEntry(msgid=source, msgstr=target))
    folder = locale_dir / language / "LC_MESSAGES"
    folder.mkdir(parents=True, exist_ok=True)
    catalogue.save_as_mofile(str(folder / "quick.mo"))
    return folder / "quick.mo"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--locale-dir", type=Path, default=DEFAULT_LOCALE_DIR)
    parser.add_argument("--languages", nargs="+", default=list(DEFAULT_LANGUAGES),
                        help="locale folder names (default: the seven held-out ones; debug on es it pt_BR sv pl)")
    parser.add_argument("--domains", nargs="+", help="only these catalogues (names without .mo)")
    parser.add_argument("--mode", choices=("cv", "none"), default="cv",
                        help="cv (default): 2-fold cross-validation, the other half as tagged examples; none: no examples")
    parser.add_argument("--no-align-corpus", action="store_true",
                        help="align the used pairs alone (default: with the pairs without markup as extra text)")
    parser.add_argument("--lexicon", default="auto", metavar="auto|none|PATH[,PATH]")
    parser.add_argument("--aligner", default="eflomal")
    parser.add_argument("--outputs", type=Path, metavar="DIR", help="write every projection into DIR/LANG.MODE.jsonl")
    parser.add_argument("--json", type=Path, help="write the figures here")
    parser.add_argument("--show", type=int, default=0,
                        help=f"print this many misses a language — only for {', '.join(DEBUG_LANGUAGES)} and others "
                             "not held out (refused for the seven)")
    parser.add_argument("--quick", action="store_true", help="a hand-made catalogue (es) in a temporary folder")
    args = parser.parse_args(argv)
    held = sorted(set(args.languages) & set(DEFAULT_LANGUAGES))
    if args.show and held:
        parser.error(f"--show: {', '.join(held)} are held out; their pairs are never printed")
    with tempfile.TemporaryDirectory(prefix="bench-catalog-") as tmp:
        if args.quick:
            args.locale_dir, args.languages, args.domains = Path(tmp), ["es"], None
            write_quick_catalogue(args.locale_dir)
        return _run(args)


def _run(args) -> int:
    aligner = get_aligner(args.aligner)
    print(f"catalogues: {args.locale_dir}, aligner={args.aligner}, mode={args.mode}, "
          f"extra text: {'none' if args.no_align_corpus else 'the pairs without markup'}")
    print(f"{'lang':<7}{'used':>6}{'unusable':>9}{'exact %':>9}{'hard':>6}{'exact %':>9}"
          f"{'not markup':>11}{'plain':>8}{'cpu s':>8}")
    records = []
    for language in args.languages:
        paths = catalog_files(args.locale_dir, language, args.domains)
        if not paths:
            print(f"{language:<7} no catalogue in {args.locale_dir / language / 'LC_MESSAGES'}")
            continue
        pairs = read_pairs(paths)
        t0 = time.perf_counter()
        found = measure(language, pairs, aligner, mode=args.mode, align_corpus=not args.no_align_corpus,
                        lexicon=args.lexicon)
        print(f"{language:<7}{found.used:>6}{found.unusable:>9}{_share(found.exact, found.used):>9}{found.hard:>6}"
              f"{_share(found.hard_exact, found.hard):>9}{found.not_markup:>11}{found.plain:>8}{found.cpu:>8.1f}",
              flush=True)
        if args.outputs:
            _write_outputs(args.outputs, found, pairs, args.mode)
        for pair, output in [(p, o) for p, o in zip(pairs.used, found.outputs) if o != p.target][:args.show]:
            print(f"  {pair.source}\n    out: {output}\n    ref: {pair.target}")
        records.append({"language": language, "mode": args.mode, "align_corpus": not args.no_align_corpus,
                        "used": found.used, "unusable": dict(pairs.unusable), "not_markup": found.not_markup,
                        "plain": found.plain, "exact": found.exact, "non_trivial": found.hard,
                        "non_trivial_exact": found.hard_exact, "cpu_seconds": round(found.cpu, 1),
                        "wall_seconds": round(time.perf_counter() - t0, 1)})
    used = sum(r["used"] for r in records)
    exact = sum(r["exact"] for r in records)
    print(f"ratio exact/used pairs, {len(records)} languages: {exact / max(used, 1):.3f}")
    if args.json:
        write_atomic(args.json, [json.dumps(records, indent=1, ensure_ascii=False) + "\n"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
