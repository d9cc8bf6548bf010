"""XATER on long documents: time, peak memory, and agreement with sacrebleu's exact TER.

Long references are real translated DITA documents of the SAP development split (the ``dita`` view of
the Japanese, Korean and Chinese targets) concatenated under one root until they reach the size asked
for. Two hypotheses per size: ``perturbed`` (the reference with dropped and moved inline tags, changed
text runs and swapped blocks, seeded) and ``source`` (the untranslated English DITA of the same
documents). Exact TER (sacrebleu's ``translation_edit_rate`` on the same tokens) runs in a child
process that is stopped at ``--exact-cap`` seconds. A second table compares fast and exact XATER on
single documents.

    python benchmarks/bench_xater.py                       # sizes 1k 2k 5k 10k 20k, exact capped at 120 s
    python benchmarks/bench_xater.py --sizes 1000 --exact-cap 600 --documents 100
    python benchmarks/bench_xater.py --quick               # 1,000 tokens, 4 single documents

The last line is the ratio of exact TER's seconds over fast XATER's on the sweep.
"""

from __future__ import annotations

import argparse
import copy
import multiprocessing as mp
import random
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from lxml import etree

from tagmt.data.dataset import open_dataset
from tagmt.data.views import write_dita
from tagmt.metrics.fast_ter import translation_edit_rate
from tagmt.metrics.xater import parse_xml, xml_tokens

REPO = Path(__file__).resolve().parent.parent
BLOCKS = {"p", "li", "section", "step", "note", "row", "entry", "stentry", "fig", "dlentry"}


def xater_of(edits: int, length: int) -> float:
    return 100.0 - 100.0 * min(max(edits / length, 0.0), 1.0)


# --- documents -----------------------------------------------------------------------------------------

def load_documents(data: Path, workdir: Path) -> list[tuple[etree._Element, etree._Element]]:
    """(target, English source) DITA roots per document, for the en-ja, en-ko and en-zh directions."""
    dataset = open_dataset(data)
    pairs = []
    for direction in ("en-ja", "en-ko", "en-zh"):
        targets = write_dita(dataset, "dev", direction, "target", workdir / direction / "trg")
        sources = write_dita(dataset, "dev", direction, "source", workdir / direction / "src")
        for trg, src in zip(targets, sources):
            pairs.append((parse_xml(trg.read_bytes()), parse_xml(src.read_bytes())))
    return pairs


def concatenate(pairs, size: int) -> tuple[etree._Element, etree._Element]:
    """Reference and source collections of whole documents with at least ``size`` reference tokens."""
    ref, src = etree.Element("collection"), etree.Element("collection")
    tokens = 2
    for trg_doc, src_doc in pairs:
        if tokens >= size:
            break
        ref.append(copy.deepcopy(trg_doc))
        src.append(copy.deepcopy(src_doc))
        tokens += len(xml_tokens(trg_doc))
    return ref, src


def _add_text(parent: etree._Element, before: etree._Element | None, text: str | None) -> None:
    if not text:
        return
    if before is not None:
        before.tail = (before.tail or "") + text
    else:
        parent.text = (parent.text or "") + text


def unwrap(element: etree._Element) -> None:
    """Remove the tags of ``element``, keeping its text and children in place."""
    parent, prev = element.getparent(), element.getprevious()
    _add_text(parent, prev, element.text)
    index = parent.index(element)
    children = list(element)
    for k, child in enumerate(children):
        parent.insert(index + k, child)
    _add_text(parent, children[-1] if children else prev, element.tail)
    parent.remove(element)


def is_inline(element: etree._Element) -> bool:
    parent = element.getparent()
    if parent is None or not isinstance(element.tag, str):
        return False
    texts = [parent.text] + [child.tail for child in parent]
    return any(t and t.strip() for t in texts)


def perturb(root: etree._Element, seed: int) -> etree._Element:
    """Dropped inline tags (8%), inline elements moved to the end of their parent (4%), changed text
    runs (10%), blocks swapped with a sibling (2%)."""
    rng = random.Random(seed)
    root = copy.deepcopy(root)
    elements = [e for e in root.iter(etree.Element) if e is not root]
    for element in elements:
        if not is_inline(element):
            continue
        roll = rng.random()
        if roll < 0.08:
            unwrap(element)
        elif roll < 0.12:
            parent, tail = element.getparent(), element.tail
            _add_text(parent, element.getprevious(), tail)
            element.tail = None
            parent.remove(element)
            parent.append(element)
    for element in root.iter(etree.Element):
        if element.text and element.text.strip() and rng.random() < 0.10:
            element.text = element.text.strip()[::-1]
    for element in [e for e in root.iter(etree.Element) if e.tag in BLOCKS]:
        parent = element.getparent()
        if parent is None or len(parent) < 2 or rng.random() >= 0.02:
            continue
        i, j = sorted((parent.index(element), rng.randrange(len(parent))))
        if i == j:
            continue
        first, second = parent[i], parent[j]
        first.tail, second.tail = second.tail, first.tail  # the text between blocks stays in place
        parent.insert(j, first)  # lxml moves an element that is inserted again
        parent.insert(i, second)
    return root


# --- measuring -----------------------------------------------------------------------------------------

def fast(hyp_root, ref_root) -> tuple[float, float, float, int, int]:
    """XATER (tokenization included): score, seconds, peak traced MB, hyp and ref token counts.

    Timed without tracing; the peak of Python and numpy allocations comes from a second, traced run.
    """
    start = time.perf_counter()
    hyp, ref = xml_tokens(hyp_root), xml_tokens(ref_root)
    edits, length = translation_edit_rate(hyp, ref)
    seconds = time.perf_counter() - start
    tracemalloc.start()
    translation_edit_rate(xml_tokens(hyp_root), xml_tokens(ref_root))
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    return xater_of(edits, length), seconds, peak, len(hyp), len(ref)


def _exact_child(hyp, ref, queue) -> None:
    from sacrebleu.metrics.lib_ter import translation_edit_rate as exact_ter

    start = time.perf_counter()
    edits, length = exact_ter(hyp, ref)
    queue.put((xater_of(edits, length), time.perf_counter() - start))


def exact(hyp: list[str], ref: list[str], cap: float) -> tuple[float, float] | None:
    """sacrebleu's XATER and its seconds, or None when it does not finish within ``cap`` seconds."""
    ctx = mp.get_context("fork")
    queue = ctx.Queue()
    child = ctx.Process(target=_exact_child, args=(hyp, ref, queue))
    child.start()
    child.join(cap)
    if child.is_alive():
        child.terminate()
        child.join()
        return None
    return queue.get()


def _exact_pair(args):
    hyp, ref = args
    from sacrebleu.metrics.lib_ter import translation_edit_rate as exact_ter

    return xater_of(*exact_ter(hyp, ref))


def sweep(pairs, sizes: list[int], cap: float) -> list[tuple[float, float]]:
    print(f"## Size sweep (exact capped at {cap:.0f} s)\n")
    print("| ref tokens | hypothesis | hyp tokens | fast s | peak MB | fast XATER | exact s | exact XATER | diff |")
    print("|---:|---|---:|---:|---:|---:|---:|---:|---:|")
    timed = []
    for size in sizes:
        ref_root, src_root = concatenate(pairs, size)
        for kind, hyp_root in (("perturbed", perturb(ref_root, seed=size)), ("source", src_root)):
            score, seconds, peak, n_hyp, n_ref = fast(hyp_root, ref_root)
            result = exact(xml_tokens(hyp_root), xml_tokens(ref_root), cap)
            if result is None:
                tail = f"> {cap:.0f} | n/a | n/a"
            else:
                tail = f"{result[1]:.1f} | {result[0]:.3f} | {abs(result[0] - score):.3f}"
                timed.append((seconds, result[1]))
            print(f"| {n_ref} | {kind} | {n_hyp} | {seconds:.2f} | {peak:.1f} | {score:.3f} | {tail} |", flush=True)
    return timed


def agreement(pairs, count: int, workers: int) -> None:
    rng = random.Random(0)
    chosen = rng.sample(pairs, min(count, len(pairs)))
    jobs, fast_scores = [], []
    for k, (trg, src) in enumerate(chosen):
        ref = xml_tokens(trg)
        for hyp_root in (perturb(trg, seed=k), src):
            hyp = xml_tokens(hyp_root)
            jobs.append((hyp, ref))
            fast_scores.append(xater_of(*translation_edit_rate(hyp, ref)))
    with mp.get_context("fork").Pool(workers) as pool:
        exact_scores = pool.map(_exact_pair, jobs, chunksize=1)
    diffs = [abs(a - b) for a, b in zip(fast_scores, exact_scores)]
    sizes = [len(ref) for _, ref in jobs]
    print(f"\n## Single documents ({len(chosen)} documents x 2 hypotheses, {min(sizes)}-{max(sizes)} ref tokens)\n")
    print(f"identical scores: {sum(d == 0 for d in diffs)}/{len(diffs)}; max |fast - exact| = {max(diffs):.6f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=REPO.parent / "shared" / "sap-dev")
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 2000, 5000, 10000, 20000])
    parser.add_argument("--exact-cap", type=float, default=120.0, help="seconds allowed to sacrebleu per pair")
    parser.add_argument("--documents", type=int, default=40, help="single documents compared with exact TER")
    parser.add_argument("--workers", type=int, default=max(1, mp.cpu_count() - 1))
    parser.add_argument("--quick", action="store_true", help="1,000 tokens, 4 single documents (a smoke run)")
    args = parser.parse_args(argv)
    if args.quick:
        args.sizes, args.documents, args.exact_cap = [1000], 4, 60.0
    if not (args.data / "software_documentation" / "dev_data").is_dir():
        print(f"bench_xater: the SAP development split is not at {args.data} (use --data)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        pairs = load_documents(args.data, Path(tmp))
    timed = sweep(pairs, args.sizes, args.exact_cap)
    if args.documents:
        agreement(pairs, args.documents, args.workers)
    if timed:
        fast_total, exact_total = sum(f for f, _ in timed), sum(e for _, e in timed)
        print(f"\nratio exact/fast seconds (sweep rows where exact finished): {exact_total / fast_total:.1f}")
    else:
        print(f"\nratio exact/fast seconds: exact TER finished no row within {args.exact_cap:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
