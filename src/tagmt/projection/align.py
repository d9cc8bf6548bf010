"""Word aligners for detag-and-project: `eflomal` (statistical) and `awesome` (multilingual BERT).

Both take sentences already split into words (see `wordseg.py`) and return, per sentence pair, the
set of links `(source word index, target word index)`.

eflomal — the `eflomal` package (v2): its Python API writes the texts, and its bundled binary does
the Bayesian HMM+fertility sampling in both directions; the two directions are symmetrized here
(grow-diag-final-and by default, which projected tags better than intersection and union on the
SAP dev split, see benchmarks/bench_projection.py). The binary seeds its sampler from
/dev/urandom and has no seed option, so results would differ from run to run. To make a run
reproducible, this module runs a private copy of the binary in which the 12-byte path
`/dev/urandom` is replaced by the relative path `eflomal.seed`, a file of 8 seed bytes written in
the binary's working folder, with one OpenMP thread (the samplers draw their seeds in thread
order). Nothing is installed or changed in the package itself. If the binary cannot be patched (a
build without that path), the unpatched binary runs, with a one-line warning on stderr that
alignments will then differ from run to run. Defaults: three seeded runs whose majority links are
kept, and half of eflomal's own iteration schedule — on the SAP dev split (reference DP) half the
iterations project as well as the full schedule (en-ja 88.7 / 87.9 / 88.7 % exact with seeds
1 / 11 / 21, against 88.1 / 87.9 / 88.3 %) in half the time.
The defaults were measured again against the alternatives after the placement rules of issue 21
(benchmarks/bench_align_settings.py: 2-fold CV, oracle translations, seeds 1 and 11, every setting
on the same seeded runs; exact % SAP ja/ko/zh/zf, EUR-Lex and glossary de/fr/hu). Default (3 runs,
vote on the symmetrized links, grow-diag-final-and), seed 1: 90.6/88.7/91.0/95.0, 97.4/98.4/97.1,
88.8/92.7/89.9; seed 11: 89.7/87.4/90.8/95.0, 97.4/98.4/97.0, 89.5/94.4/89.2. None of the others
is kept: none gains on average at both seeds, and each loses more than 0.3 on some row (mean
change over the rows at seed 1 / 11, worst row): 5 runs -0.13 / -0.10, ja -0.9, glossary fr -1.0
(1.7x the eflomal CPU); 7 runs (EUR-Lex, glossary) +0.05 / -0.40, glossary fr -1.4 (2.4x); the
full iteration schedule (SAP ja, ko, seed 1) ja -2.9, ko -1.0 (1.9x); the vote on each direction
before symmetrizing, 3 runs +0.01 / +0.01, ko -0.6, 5 runs -0.26 / +0.03, ko -1.2;
grow-diag-final -0.59 / -0.23, SAP ko -2.5 (glossary up to +1.0); grow-diag -0.36 / -0.18,
glossary de -1.4. One setting's seed-to-seed differences reach 1.7 points on a row (the default
on glossary fr: 92.7 / 94.4), more than any setting's gain.
`EflomalAligner.align_scored` gives the runs' agreement as well: every link some run's symmetrized
links hold, with the share of the runs that hold it (`vote_shares`; `align`'s links are those above
one half). Placement weighs links by it (`confidence.py`).

awesome — the extraction of awesome-align (Dou & Neubig 2021) on any BERT-like encoder: hidden
states of layer 8, the similarity matrix of source and target subwords, a softmax over each of its
directions, links kept where both probabilities exceed the threshold (1e-3), subword links mapped to
their words. The `awesome-align` package (0.1.7, the latest) was inspected and is NOT used: it ships
its own copy of transformers 2.x internals (own BertModel, tokenizer, `file_utils`), resolves model
names to long-dead S3 URLs, reads no safetensors and knows no `local_files_only`; it does not load a
model saved by transformers 5. The method is a few lines on `AutoModel`/`AutoTokenizer`.
"""

from __future__ import annotations

import atexit
import math
import os
import shutil
import subprocess
import sys
import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
import tempfile
from pathlib import Path
from typing import Any, Protocol, Sequence

from tagmt.aligner_names import ALIGNERS, aligner_class
from tagmt.errors import TagmtError, require
from tagmt.hub import load_pretrained
from tagmt.registry import Needs, Option, described, option
from tagmt.projection.attention import AttentionAligner
from tagmt.projection.links import Links  # (its home is the leaf `links`; the projection modules import it from here)
from tagmt.projection.wordstore import LinkStore


class Aligner(Protocol):
    """Aligns word-split sentence pairs; all pairs of a run at once (eflomal learns from them)."""

    name: str

    def align(self, src_words: Sequence[Sequence[str]], trg_words: Sequence[Sequence[str]]) -> list[Links]:
        """One set of (source index, target index) links per sentence pair. The inputs are read-only
        sequences (the projection batch passes lazy ones, `alignunits.align_words`, built as they are read): an
        aligner iterates, indexes or takes `len`, never mutates them."""
        ...


# --------------------------------------------------------------------------- symmetrization

_NEIGHBOURS = ((-1, 0), (0, -1), (1, 0), (0, 1), (-1, -1), (-1, 1), (1, -1), (1, 1))


def _grow_diag(forward: Links, reverse: Links, final: str | None) -> Links:
    """Koehn's grow-diag family: the intersection grown by union links next to a link (the 8
    neighbours) that give a word its first link; then, with `final`, the union links left over
    (forward's first, then reverse's) whose source AND target words (`final="and"`) or source OR
    target word (`final="or"`) are still unaligned."""
    union = forward | reverse
    links = forward & reverse
    src_done = {i for i, _ in links}
    trg_done = {j for _, j in links}
    grew = True
    while grew:
        grew = False
        for i, j in sorted(links):
            for di, dj in _NEIGHBOURS:
                cand = (i + di, j + dj)
                if cand in union and cand not in links and (
                    cand[0] not in src_done or cand[1] not in trg_done
                ):
                    links.add(cand)
                    src_done.add(cand[0])
                    trg_done.add(cand[1])
                    grew = True
    if final is None:
        return links
    for direction in (forward, reverse):
        for i, j in sorted(direction):
            free_i, free_j = i not in src_done, j not in trg_done
            if (free_i and free_j) if final == "and" else (free_i or free_j):
                links.add((i, j))
                src_done.add(i)
                trg_done.add(j)
    return links


def grow_diag_final_and(forward: Links, reverse: Links) -> Links:
    """Koehn's grow-diag-final-and: the intersection grown by neighbouring union links, then
    union links between words that are both still unaligned."""
    return _grow_diag(forward, reverse, "and")


def grow_diag_final(forward: Links, reverse: Links) -> Links:
    """Koehn's grow-diag-final: as grow-diag-final-and, but the last step also adds a union link
    when only one of its two words is still unaligned."""
    return _grow_diag(forward, reverse, "or")


def grow_diag(forward: Links, reverse: Links) -> Links:
    """Koehn's grow-diag: the intersection grown by neighbouring union links, no final step."""
    return _grow_diag(forward, reverse, None)


SYMMETRIZERS = {
    "grow-diag-final-and": grow_diag_final_and,
    "grow-diag-final": grow_diag_final,
    "grow-diag": grow_diag,
    "intersection": lambda f, r: f & r,
    "union": lambda f, r: f | r,
}


# --------------------------------------------------------------------------- eflomal

_URANDOM = b"/dev/urandom\0"
_SEED_FILE = b"eflomal.seed\0"


def _eflomal_binary() -> Path:
    """The binary that the installed eflomal package runs."""
    eflomal = require("eflomal", "align", "the eflomal aligner")
    original = Path(eflomal.__file__).parent / "bin" / "eflomal"
    if not original.is_file():
        raise TagmtError(f"the eflomal package has no binary at {original}; reinstall eflomal")
    return original


_SEEDED: dict[Path, Path] = {}
_SEEDED_LOCK = threading.Lock()


def _seeded_binary(original: Path | None = None) -> Path:
    """A copy of eflomal's binary that reads its seed from `eflomal.seed` in its working folder, or,
    when the binary cannot be patched (another build), the binary itself — alignments are then
    not reproducible from run to run, which a one-line warning on stderr says.

    The copy is written once per process, before any run starts: writing an executable while
    another thread forks can make its exec fail with "Text file busy" (ETXTBSY)."""
    original = original or _eflomal_binary()
    with _SEEDED_LOCK:
        if original in _SEEDED:
            return _SEEDED[original]
        code = original.read_bytes()
        if code.count(_URANDOM) != 1:
            print(
                f"tagmt: warning: cannot seed {original} (expected one '/dev/urandom' in it); "
                "eflomal alignments will differ from run to run",
                file=sys.stderr,
            )
            binary = original
        else:
            folder = Path(tempfile.mkdtemp(prefix="tagmt-eflomal-bin-"))
            atexit.register(shutil.rmtree, folder, True)
            binary = folder / "eflomal"
            binary.write_bytes(code.replace(_URANDOM, _SEED_FILE))
            binary.chmod(0o755)
        _SEEDED[original] = binary
        return binary


def _write_indexed(path: Path, sentences: list[list[str]], prefix: int = 0) -> None:
    """eflomal's text format: a header `<sentences> <vocabulary size>`, then `<length> <ids…>`.
    Words are lowercased and cut to `prefix` characters (0: whole), as eflomal's own reader does;
    sentences of 1024 words or more are left empty, as eflomal requires."""
    vocabulary: dict[str, int] = {}
    lines = []
    for words in sentences:
        ids = [vocabulary.setdefault(_form(w, prefix), len(vocabulary)) for w in words]
        lines.append(" ".join(map(str, [len(ids), *ids])) if len(ids) < 0x400 else "0")
    path.write_text(f"{len(sentences)} {len(vocabulary)}\n" + "\n".join(lines) + "\n")


def work_cells(src_words: list[list[str]], trg_words: list[list[str]]) -> int:
    """The (source word × target word) cells eflomal's sampler visits per iteration; a sentence
    of 1024 words or more is written empty (`_write_indexed`) and costs nothing."""
    return sum(
        len(s) * len(t) for s, t in zip(src_words, trg_words) if len(s) < 0x400 and len(t) < 0x400
    )


def _form(word: str, prefix: int) -> str:
    word = word.lower()
    return word[:prefix] if prefix else word


def _read_links(path: Path, n: int) -> Sequence[Links]:
    """Links in Moses `i-j` form; eflomal writes both directions as (source, target). Kept compact
    (`wordstore.LinkStore`, 8 bytes a link; `out[k]` a new set): a run's two directions of every pair
    live until the runs are voted on, and as sets they were ~14x the XLIFF file being projected
    (benchmarks/bench_xliff.py, project-eflomal)."""
    out = LinkStore()
    with path.open(encoding="ascii") as rows:
        for k, row in zip(range(n), rows):
            out.append({(int(a), int(b)) for a, _, b in (pair.partition("-") for pair in row.split())})
    for _ in range(n - len(out)):
        out.append(set())
    return out


TYPICAL_CELLS = 48 * 48
"""The (source word × target word) cells of a long but ordinary sentence pair, for `_iterations`:
the dev sets' pairs average 200–1,200 cells (EUR-Lex, glossary, SAP), so their schedule stays
eflomal's own."""


@dataclass(frozen=True)
class EflomalOptions:
    """The options of `EflomalAligner` (the defaults are measured: see the module docstring)."""

    symmetrize: str = option("grow-diag-final-and", "how the two directions are joined (SYMMETRIZERS)")
    seed: int = option(1, "the seed of the first run (the others: seed + 1, ...)")
    model: int = option(3, "eflomal's model: 1 IBM1, 2 + HMM, 3 + fertility")
    n_samplers: int = option(3, "samplers per run (eflomal -n)")
    rel_iterations: float = option(0.5, "the share of eflomal's own iteration schedule")
    null_prior: float = option(0.2, "the prior of a NULL link (eflomal -N)")
    src_prefix: int = option(4, "source words cut to this many letters (0: whole)")
    trg_prefix: int = option(4, "target words cut to this many letters (0: whole)")
    runs: int = option(3, "seeded runs whose majority links are kept")
    binary: str | None = option(None, "an eflomal executable to run instead of the package's own")
    vote: str = option("symmetrized", "what the runs vote on (VOTES)")


class EflomalAligner:
    """eflomal in both directions, symmetrized; deterministic for a given seed. Options: an `EflomalOptions`,
    or its fields as keywords (``EflomalAligner(seed=7, runs=1)``); `binary` is an eflomal executable to run
    instead of the package's own."""

    name = "eflomal"
    option_specs = described(EflomalOptions)
    needs = Needs(extra="align", modules=("eflomal",))
    learns_from_corpus = True
    priors = None
    """eflomal priors for every run: an object whose `write_priors(path, src_words, trg_words,
    src_prefix, trg_prefix)` writes the binary's priors file for these sentences
    (`project.model.ProjectionModel.aligner_for` sets it)."""

    def __init__(self, options: EflomalOptions | None = None, /, **settings: Any) -> None:
        options = replace(options or EflomalOptions(), **settings)
        if options.symmetrize not in SYMMETRIZERS:
            raise TagmtError(
                f"unknown symmetrization {options.symmetrize!r}; choose one of {', '.join(SYMMETRIZERS)}"
            )
        if options.vote not in VOTES:
            raise TagmtError(f"unknown vote {options.vote!r}; choose one of {', '.join(VOTES)}")
        self.options = options
        self.vote = options.vote
        self.symmetrize = options.symmetrize
        self.seed = options.seed
        self.model = options.model
        self.n_samplers = options.n_samplers
        self.rel_iterations = options.rel_iterations
        self.null_prior = options.null_prior
        self.src_prefix = options.src_prefix
        self.trg_prefix = options.trg_prefix
        self.runs = options.runs
        self.binary = Path(options.binary) if options.binary else None

    def _iterations(self, n_sentences: int, cells: int = 0) -> tuple[int, int, int]:
        """eflomal's own schedule (more iterations for smaller corpora), counted on the work
        rather than on the sentences alone: a sampler iteration costs about one step per
        (source word, target word) cell of every pair, and the schedule was made for sentences
        of typical length, so the corpus counts as at least `cells / TYPICAL_CELLS` sentences.
        One pair of 200 words then gets the iterations of ~18 such pairs (~590, not 2,500);
        a corpus of typical sentences keeps eflomal's schedule."""
        effective = max(1, n_sentences, math.ceil(cells / TYPICAL_CELLS))
        iters = max(2, round(self.rel_iterations * 5000 / math.sqrt(effective)))
        quarter = max(1, iters // 4)
        return (max(2, quarter), quarter if self.model >= 2 else 0, iters if self.model >= 3 else 0)

    def align_both(
        self, src_words: list[list[str]], trg_words: list[list[str]], seed: int | None = None
    ) -> tuple[Sequence[Links], Sequence[Links]]:
        """The forward and the reverse links (both as (source, target) pairs), unsymmetrized."""
        if len(src_words) != len(trg_words):
            raise TagmtError(
                f"cannot align {len(src_words)} source sentences with {len(trg_words)} targets"
            )
        n = len(src_words)
        if n == 0:
            return [], []
        with tempfile.TemporaryDirectory(prefix="tagmt-eflomal-") as tmp:
            folder = Path(tmp)
            binary = _seeded_binary(self.binary)
            seed = self.seed if seed is None else seed
            (folder / "eflomal.seed").write_bytes(seed.to_bytes(8, "little", signed=False))
            _write_indexed(folder / "src", src_words, self.src_prefix)
            _write_indexed(folder / "trg", trg_words, self.trg_prefix)
            i1, i2, i3 = self._iterations(n, work_cells(src_words, trg_words))
            args = [str(binary), "-m", str(self.model), "-s", "src", "-t", "trg",
                    "-n", str(self.n_samplers), "-N", str(self.null_prior), "-q",
                    "-1", str(i1), "-f", "fwd", "-r", "rev"]
            if self.model >= 2:
                args += ["-2", str(i2)]
            if self.model >= 3:
                args += ["-3", str(i3)]
            if self.priors is not None:  # a projection model's priors (project/model.py)
                self.priors.write_priors(folder / "priors", src_words, trg_words, self.src_prefix,
                                         self.trg_prefix)
                args += ["-p", "priors"]
            env = {"OMP_NUM_THREADS": "1", "PATH": "/usr/bin:/bin"}
            done = subprocess.run(args, cwd=folder, env=env, capture_output=True, text=True)
            if done.returncode != 0:
                raise TagmtError(f"eflomal failed (exit {done.returncode}): {done.stderr.strip()}")
            forward = _read_links(folder / "fwd", n)
            reverse = _read_links(folder / "rev", n)
        return forward, reverse

    def align(self, src_words: list[list[str]], trg_words: list[list[str]]) -> list[Links]:
        """Symmetrized links; with `runs` > 1 (seeds `seed`, `seed + 1`, …, run in parallel), the
        links that most of the runs agree on, which evens out the sampler's luck: each run's
        symmetrized links are voted on (`vote="symmetrized"`), or each direction's links are voted
        on first and the two majorities symmetrized (`vote="directions"`)."""
        return vote_links(self._runs(src_words, trg_words), self.symmetrize, self.vote)

    def _runs(self, src_words, trg_words) -> list[tuple[list[Links], list[Links]]]:
        """The (forward, reverse) links of every seeded run."""
        _seeded_binary(self.binary)  # written before the runs' threads start (see its docstring)
        seeds = range(self.seed, self.seed + max(1, self.runs))
        if len(seeds) == 1:
            return [self.align_both(src_words, trg_words, self.seed)]
        with ThreadPoolExecutor(max_workers=min(len(seeds), os.cpu_count() or 1)) as pool:
            return list(pool.map(lambda seed: self.align_both(src_words, trg_words, seed), seeds))

    def align_scored(self, src_words: Sequence[Sequence[str]], trg_words: Sequence[Sequence[str]]) -> list[Scored]:
        """Per sentence pair, every link some run proposed with its confidence: the share of the runs
        whose symmetrized links hold it. The links of `align` are those of more than half the runs
        (`vote="directions"`: `align`'s links, each with confidence 1, and no others)."""
        runs = self._runs(src_words, trg_words)
        if self.vote == "directions" and len(runs) > 1:
            return [dict.fromkeys(links, 1.0) for links in vote_links(runs, self.symmetrize, self.vote)]
        return vote_shares(runs, self.symmetrize)


Scored = dict[tuple[int, int], float]
"""Links with their confidence in (0, 1] (`EflomalAligner.align_scored`)."""


def vote_shares(runs: Sequence[tuple[list[Links], list[Links]]], symmetrize: str = "grow-diag-final-and") -> list[Scored]:
    """Per sentence pair, each link that a run's symmetrized links hold, with the share of the runs
    that hold it: `vote_links` keeps those above one half."""
    join = SYMMETRIZERS[symmetrize]
    joined = [LinkStore(join(f, r) for f, r in zip(*run)) for run in runs]  # (memory: compact until voted)
    return [
        {link: n / len(runs) for link, n in Counter(link for links in per_run for link in links).items()}
        for per_run in zip(*joined)
    ]


VOTES = ("symmetrized", "directions")


def majority(per_run: Sequence[Links]) -> Links:
    """The links found by more than half of the runs."""
    votes = Counter(link for links in per_run for link in links)
    return {link for link, n in votes.items() if 2 * n > len(per_run)}


def vote_links(
    runs: Sequence[tuple[Sequence[Links], Sequence[Links]]], symmetrize: str = "grow-diag-final-and",
    vote: str = "symmetrized",
) -> list[Links]:
    """One set of links per sentence pair from several runs' (forward, reverse) links:
    `symmetrized` — each run's pair symmetrized, then the majority of the runs; `directions` — the
    majority of the forward links and of the reverse links, then those two symmetrized (the
    growing step then sees only links most runs found)."""
    join = SYMMETRIZERS[symmetrize]
    if len(runs) == 1:
        return [join(f, r) for f, r in zip(*runs[0])]
    if vote == "directions":
        forwards = [majority(per_run) for per_run in zip(*(f for f, _ in runs))]
        reverses = [majority(per_run) for per_run in zip(*(r for _, r in runs))]
        return [join(f, r) for f, r in zip(forwards, reverses)]
    joined = [LinkStore(join(f, r) for f, r in zip(*run)) for run in runs]  # (memory: compact until voted)
    return [majority(per_run) for per_run in zip(*joined)]


# --------------------------------------------------------------------------- awesome

DEFAULT_AWESOME_MODEL = "bert-base-multilingual-cased"


@dataclass(frozen=True)
class AwesomeOptions:
    """The options of `AwesomeAligner`."""

    model: str = option(DEFAULT_AWESOME_MODEL, "the encoder: a hub id or a folder (--aligner-model)")
    device: str = option("cpu", "cpu, cuda, cuda:N or auto (--device)")
    layer: int = option(8, "the layer whose hidden states are compared")
    threshold: float = option(1e-3, "a link needs both softmax probabilities above this")
    batch_size: int = option(32, "sentences encoded at once")


class AwesomeAligner:
    """awesome-align's softmax extraction on a BERT-like encoder loaded with `from_pretrained`. Options: an
    `AwesomeOptions`, or its fields as keywords."""

    name = "awesome"
    option_specs = described(AwesomeOptions)
    needs = Needs(extra="hf", modules=("torch", "transformers"), weights=True)
    #: the option that names the encoder's checkpoint (preflight looks for it)
    weights_option = "model"
    learns_from_corpus = False

    def __init__(self, options: AwesomeOptions | None = None, /, **settings: Any) -> None:
        options = replace(options or AwesomeOptions(), **settings)
        model, device, layer = options.model, options.device, options.layer
        threshold, batch_size = options.threshold, options.batch_size
        torch = require("torch", "hf", "the awesome aligner")
        transformers = require("transformers", "hf", "the awesome aligner")
        if device == "auto":
            device = "cuda" if torch.cuda.is_available() else "cpu"

        def load(path: str, local_files_only: bool):
            tokenizer = transformers.AutoTokenizer.from_pretrained(path, local_files_only=local_files_only)
            encoder = transformers.AutoModel.from_pretrained(path, local_files_only=local_files_only)
            return tokenizer, encoder

        self.tokenizer, self.model = load_pretrained(load, model, option="--aligner-model")
        n_layers = self.model.config.num_hidden_layers
        if not 0 <= layer <= n_layers:
            raise TagmtError(f"layer {layer} does not exist in {model!r} (it has {n_layers})")
        self.model.eval().to(device)
        self.device = device
        self.layer = layer
        self.threshold = threshold
        self.batch_size = batch_size
        self._torch = torch

    def _subwords(self, words: list[str]) -> tuple[list[int], list[int]]:
        """Subword ids of a sentence and, for each subword, the index of its word."""
        ids: list[int] = []
        owner: list[int] = []
        for k, word in enumerate(words):
            pieces = self.tokenizer.encode(word, add_special_tokens=False)
            ids.extend(pieces)
            owner.extend([k] * len(pieces))
        limit = self.tokenizer.model_max_length - 2 if self.tokenizer.model_max_length else 510
        return ids[: min(limit, 510)], owner[: min(limit, 510)]

    def _encode(self, batch: list[list[int]]):
        """Layer `self.layer` hidden states of each sentence, special tokens dropped."""
        torch = self._torch
        cls, sep = self.tokenizer.cls_token_id, self.tokenizer.sep_token_id
        pad = self.tokenizer.pad_token_id or 0
        rows = [[cls, *ids, sep] for ids in batch]
        width = max(len(r) for r in rows)
        input_ids = torch.tensor([r + [pad] * (width - len(r)) for r in rows], device=self.device)
        mask = torch.tensor(
            [[1] * len(r) + [0] * (width - len(r)) for r in rows], device=self.device
        )
        with torch.no_grad():
            out = self.model(input_ids=input_ids, attention_mask=mask, output_hidden_states=True)
        states = out.hidden_states[self.layer]
        return [states[k, 1 : 1 + len(ids)].float() for k, ids in enumerate(batch)]

    def align(self, src_words: list[list[str]], trg_words: list[list[str]]) -> list[Links]:
        if len(src_words) != len(trg_words):
            raise TagmtError(
                f"cannot align {len(src_words)} source sentences with {len(trg_words)} targets"
            )
        torch = self._torch
        src = [self._subwords(w) for w in src_words]
        trg = [self._subwords(w) for w in trg_words]
        result: list[Links] = []
        for lo in range(0, len(src), self.batch_size):
            s_part, t_part = src[lo : lo + self.batch_size], trg[lo : lo + self.batch_size]
            s_states = self._encode([ids or [self.tokenizer.unk_token_id] for ids, _ in s_part])
            t_states = self._encode([ids or [self.tokenizer.unk_token_id] for ids, _ in t_part])
            for (s_ids, s_own), (t_ids, t_own), hs, ht in zip(s_part, t_part, s_states, t_states):
                if not s_ids or not t_ids:
                    result.append(set())
                    continue
                sim = hs @ ht.T
                both = (torch.softmax(sim, dim=-1) > self.threshold) & (
                    torch.softmax(sim, dim=-2) > self.threshold
                )
                result.append({(s_own[i], t_own[j]) for i, j in both.nonzero().tolist()})
        return result


# --------------------------------------------------------------------------- registry

#: the aligners of this module by name; `get_aligner` finds every registered one through
#: ``tagmt.aligner_names.ALIGNER_TABLE`` (an aligner in another module may import this one)
ALIGNER_CLASSES = {cls.name: cls for cls in (EflomalAligner, AwesomeAligner, AttentionAligner)}


class CombinedAligner:
    """Two aligners' links joined per sentence pair: `union` (recall: a link either finds) or
    `intersection` (precision: links both find). `eflomal+awesome` combines the statistical
    aligner, which learns this corpus's terms, with the pretrained one, which knows words the
    corpus is too small to learn; each aligns the pairs it would align alone."""

    option_specs = (Option("combine", "str", "union", "how the parts' links are joined: union or intersection"),)

    def __init__(self, parts: Sequence[Aligner], combine: str = "union") -> None:
        if combine not in ("union", "intersection"):
            raise TagmtError(f"unknown combination {combine!r}; choose union or intersection")
        self.parts = list(parts)
        self.combine = combine
        self.name = "+".join(part.name for part in parts)
        self.learns_from_corpus = any(getattr(p, "learns_from_corpus", True) for p in parts)
        self.needs = [getattr(p, "needs", Needs()) for p in parts]  # (what each part needs)

    def align(self, src_words: list[list[str]], trg_words: list[list[str]]) -> list[Links]:
        found = [part.align(src_words, trg_words) for part in self.parts]
        join = set.union if self.combine == "union" else set.intersection
        return [join(*(set(links) for links in per_pair)) for per_pair in zip(*found)]


def get_aligner(name: str, **options) -> Aligner:
    """An aligner by name: `eflomal` (options: symmetrize, seed, …), `awesome` (model, device,
    layer, threshold), or several joined by `+` (`eflomal+awesome`; option `combine`: union or
    intersection; an option goes to the one part that takes it, or to the part it names:
    `awesome.model`, `eflomal.model`)."""
    parts = name.split("+")
    unknown = [part for part in parts if part not in ALIGNERS]
    if unknown or not name:
        raise TagmtError(f"unknown aligner {name!r}; choose one of {', '.join(ALIGNERS)} "
                         "or several joined by '+'")
    if len(parts) == 1:
        return aligner_class(name)(**options)
    combine = options.pop("combine", "union")
    classes = {part: aligner_class(part) for part in parts}
    taken = {part: {spec.name for spec in classes[part].option_specs} for part in parts}
    routed: dict[str, dict] = {part: {} for part in parts}
    for key, value in options.items():
        part, dot, option = key.rpartition(".")
        takers = [part] if dot else [p for p in parts if key in taken[p]]
        if dot and (part not in taken or option not in taken[part]):
            raise TagmtError(f"aligner {part!r} in {name!r} takes no option {option!r}")
        if not takers:
            raise TagmtError(f"no aligner in {name!r} takes the option {key!r}")
        if len(takers) > 1:
            raise TagmtError(
                f"option {key!r} is taken by {' and '.join(takers)}: write "
                + " or ".join(f"{p}.{key}" for p in takers)
            )
        routed[takers[0]][option if dot else key] = value
    built = [classes[part](**routed[part]) for part in parts]
    return CombinedAligner(built, combine)


def list_aligners() -> Sequence[str]:
    return tuple(ALIGNERS)

