"""What `--aligner attention` costs next to eflomal, and what it places, on oracle translations.

For each tagged source and its tagged reference, the translation is the reference's plain text (an oracle
translation: the placement can then be scored against the reference's tags). Two projections of the same
pairs, through `translation.pipelines.project_translations` as DP runs it:

* ``attention`` — the model's cross-attention over that translation (`Seq2SeqEngine.attention`, read back
  through the decoder: the same weights as while translating), argmax per target piece, placed through
  `GivenAligner`; the model loaded once before the clock starts.
* ``eflomal`` — tagmt's default aligner (3 seeded runs) on the same pairs.

Printed per aligner: seconds per segment (wall, the whole projection: links and placement), the share of
tagged segments placed exactly as the reference places them (`projection.assess`), and the pairs whose
pieces did not spell their text (no links). What this measures and what it does not: with a real model
(``--model DIR``: an M2M-100 or mBART-50 checkpoint folder) the exact share is the attention links' tag
placement quality; with the tiny model tagmt's tests build (the default; it has seen four sentences in
en/ja/ko/zh and cannot translate) it is NOT a quality figure — only the code path and the time per segment
mean something, and agreement with eflomal would mean nothing either, so none is printed. The tiny model's
time is also far below a real model's (a forward pass of a 418M model costs ~0.1–0.3 s a segment on a CPU).

    python benchmarks/bench_attention_links.py [--model DIR] [--engine hf|ct2] [--set glossary|eurlex]
        [--target de] [--limit N] [--quick]

``--quick``: the tiny model's own en→ja lines, 20 pairs (a check that the machinery runs).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
os.environ.setdefault("TAGMT_DEFAULT_LEXICON", "none")  # the same anchors for both aligners: none

from tagmt.markup import tokenize  # noqa: E402
from tagmt.plaintext import plain_text  # noqa: E402
from tagmt.projection import detag  # noqa: E402
from tagmt.projection.assess import assess  # noqa: E402
from tagmt.projection.attention import AttentionAligner  # noqa: E402
from tagmt.translation.hygiene import RunReport  # noqa: E402
from tagmt.translation.pipelines import ProjectionSetup, project_translations  # noqa: E402


def pairs(args) -> tuple[list[str], list[str], str, str]:
    """Tagged sources and references, and the languages."""
    if args.quick:
        from tagmt.testing.tiny_seq2seq import PARALLEL

        sources = [p["en"] for p in PARALLEL] * 5
        return sources, [p["ja"] for p in PARALLEL] * 5, "en", "ja"
    folder = Path(args.eurlex)
    if not (folder / f"dev-{args.set}.en").is_file():
        raise SystemExit(f"bench_attention_links: no dev-{args.set}.en in {folder}: give --eurlex FOLDER")
    src = (folder / f"dev-{args.set}.en").read_text(encoding="utf-8").splitlines()
    ref = (folder / f"dev-{args.set}.{args.target}").read_text(encoding="utf-8").splitlines()
    keep = [k for k, line in enumerate(src) if any(t.is_markup for t in tokenize(line, orphans=True))][: args.limit]
    return [src[k] for k in keep], [ref[k] for k in keep], "en", args.target


def engine_for(args, folder: Path):
    from tagmt.engines import load_engine

    model = args.model
    if model is None:
        from tagmt.testing.tiny_seq2seq import build_tiny_m2m100

        model = str(build_tiny_m2m100(folder / "tiny-m2m100"))
    os.environ.setdefault("TAGMT_CACHE", str(folder / "cache"))
    return load_engine(model, engine=args.engine, device="cpu", batch_size=16)


def run(aligner_name: str, engine, sources, references, src_lang, trg_lang) -> tuple[float, float, int]:
    """Seconds per segment, exact %, pairs without links."""
    detagged = [detag(s) for s in sources]
    naturals = [plain_text(s, escaped=True) for s in sources]
    translations = [plain_text(r, escaped=True) for r in references]
    started = time.perf_counter()
    if aligner_name == "attention":
        attention = AttentionAligner()
        aligner = attention.given(engine, naturals, translations, src_lang, trg_lang)
    else:
        from tagmt.projection.align import EflomalAligner

        attention, aligner = None, EflomalAligner()
    read = detagged  # (project_translations lets a given aligner read the sources itself: `reading`)
    setup = ProjectionSetup(src_lang, trg_lang, aligner, escaped=True, remove_tags=False)
    outputs = project_translations(read, translations, setup, report=RunReport())
    seconds = (time.perf_counter() - started) / len(sources)
    assessment = assess(outputs, references, sources=sources)
    exact = 100 * assessment.exact / max(1, assessment.tagged)
    return seconds, exact, attention.unmatched if attention else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", help="an M2M-100 / mBART-50 checkpoint folder (default: the tests' tiny M2M-100)")
    parser.add_argument("--engine", choices=("hf", "ct2"), default="hf")
    parser.add_argument("--eurlex", default=os.environ.get("TAGMT_EURLEX_DEV", str(ROOT.parent / "shared" / "eurlex-dev")),
                        help="the folder of dev-glossary.* / dev-eurlex.* line files")
    parser.add_argument("--set", choices=("glossary", "eurlex"), default="glossary")
    parser.add_argument("--target", default="de", help="target language of the line files (de, fr, hu)")
    parser.add_argument("--limit", type=int, default=100, help="tagged segments at most")
    parser.add_argument("--quick", action="store_true", help="the tiny model's own lines: a check that it runs")
    args = parser.parse_args(argv)
    import torch

    torch.set_num_threads(1)
    sources, references, src_lang, trg_lang = pairs(args)
    with tempfile.TemporaryDirectory(prefix="tagmt-bench-attention-") as folder:
        engine = engine_for(args, Path(folder))
        model = args.model or "the tiny test M2M-100 (times only: its placements mean nothing)"
        print(f"{len(sources)} tagged pairs {src_lang}-{trg_lang}, oracle translations; model {model}, "
              f"engine {args.engine}")
        print(f"{'aligner':10} {'s/segment':>10} {'exact %':>8} {'no links':>8}")
        found = {}
        for name in ("attention", "eflomal"):
            found[name] = run(name, engine, sources, references, src_lang, trg_lang)
            seconds, exact, unmatched = found[name]
            print(f"{name:10} {seconds:10.4f} {exact:8.1f} {unmatched:8d}")
    print(f"ratio attention/eflomal seconds per segment: {found['attention'][0] / found['eflomal'][0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
