"""Learning a projection model (`learn_model`, `tagmt learn`): what tag projection learns from data, learned
once and reused by every projection of the language pair (`tagmt project`/`tagmt translate --approach dp`
`--projection-model MODEL`), so that the cost of a call no longer grows with the training text. The model on
disk and its loading are `modelstore.py`'s (`ProjectionModel`, `load_model`, re-exported here).

It holds what is learned from plain parallel corpora and tagged examples:

* **eflomal's priors** — the corpus (and the examples' plain sides) is word-split as projection splits
  it (`wordseg.py`, one line per view of `alignunits.py`: a Chinese pair as characters and as words;
  forms lowercased and cut as `align.EflomalAligner` cuts them), aligned by eflomal
  (the seeded binary of `align.py`; `runs` seeded runs, as a projection aligns, whose priors are
  averaged), and turned into lexical, HMM-jump and fertility priors by eflomal's own
  `calculate_priors`. A projection call aligns only its own pairs, with the priors of the words it uses
  written by eflomal's `to_eflomal_priors_file` and passed to the binary (`-p`) —
  eflomal's `--priors` machinery (`eflomal-makepriors` / `eflomal-align --priors`), on tagmt's
  tokenization. The priors are kept in SQLite (`priors.sqlite`, indexed by word form), so a call reads
  only the rows of its own vocabulary.
* **the tag-edge conventions** (`conventions.learn_conventions`): the examples are aligned with the
  priors and projected onto their own references, as a call would project them; with them the words the
  references keep outside tags, whether they keep the source's tag order, and whether they keep taught terms
  whole (`termphrases.whole_cases`): a call with the model alone decides as a call with the examples does.
* **the term table**: what each tagged example term became in its reference (`terms.example_terms`)
  and each whole example segment's translation (`anchors.batch_glossary`).
* **the span ranker** (`rerank.learn_ranker`), learned from the same projections of the examples.
* **dictionary entries** (with a lexicon): those whose words occur in the corpora and examples.
* **the examples' plain pairs** (format 3, `neighbours.stored_examples`): a call aligns the nearest along.

Plus the katakana words the corpus writes on its own (`wordseg.katakana_vocabulary`; Japanese only), so
calls segment Japanese as the model did.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import tempfile
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Iterator, Sequence

from tagmt.errors import TagmtError, require
from tagmt.projection.alignunits import unit_rule, view_sentences
from tagmt.projection.sentencepairs import sentence_pairs
from tagmt.projection.conventions import WHOLE_KEY, Conventions
from tagmt.projection.detag import Detagged
from tagmt.projection.modelstore import (
    sha256_of,
    CONVENTIONS,
    EXAMPLES,
    FORMAT,
    FORMAT_VERSION,
    LEXICON,
    MANIFEST,
    PRIORS,
    RANKER,
    TERMS,
    VOCABULARY,
    _HASHED,
    PairSource,
    ProjectionModel,
    Source,
    describe_file,
    load_model,
)
from tagmt.projection.neighbours import stored_examples
from tagmt.projection.rerank import Ranker
from tagmt.projection.termphrases import keeps_whole
from tagmt.projection.wordseg import base_language, default_segmenter_name, katakana_vocabulary, words_with_offsets

__all__ = [
    "CONVENTIONS", "EXAMPLES", "FORMAT", "FORMAT_VERSION", "LEXICON", "MANIFEST", "PRIORS", "RANKER", "TERMS", "VOCABULARY",
    "LearnedModel", "MAX_PAIR_CHARS", "MODEL_FILES", "PairSource", "ProjectionModel", "Source", "corpus_pairs",
    "describe_file", "learn_model", "line_pairs", "load_model",
]



@dataclass(frozen=True)
class LearnedModel:
    """What `learn_model` made: the folder, the pairs aligned, the tagged examples, the terms."""

    path: Path
    pairs: int
    examples: int
    terms: int
    edge_cases: int
    seconds: float
    skipped: int = 0
    """Corpus pairs and examples left out: a side over `MAX_PAIR_CHARS` characters."""


def learn_model(
    output: str | Path,
    *,
    src_lang: str,
    trg_lang: str,
    corpora: Sequence[PairSource] = (),
    examples: Sequence[tuple[Detagged, Detagged]] = (),
    sources: Sequence[Source] = (),
    aligner=None,
    progress: bool | None = None,
    lexicon=None,
) -> LearnedModel:
    """Learn a projection model from plain parallel `corpora` (natural text pairs, streamed) and tagged
    `examples` (detagged, as `translate.guide` keeps them); write it to the folder `output` atomically
    (an existing model there, holding only the files tagmt writes, is replaced; anything else is refused;
    a pair with a side over `MAX_PAIR_CHARS` characters is left out and counted). `sources` go into the manifest;
    `aligner` is the `EflomalAligner` whose settings the model is learned with (default: tagmt's).
    `lexicon` (`lexicon.Lexicon`): its entries whose words occur in the corpora and examples are kept in the
    model (`lexicon.json`), so that the model anchors them on a machine without the dictionaries."""
    import time

    from tagmt import __version__
    from tagmt.languages import normalize
    from tagmt.projection.align import EflomalAligner

    started = time.perf_counter()
    src, trg = normalize(src_lang, "--src-lang"), normalize(trg_lang, "--trg-lang")
    aligner = aligner or EflomalAligner()
    if not isinstance(aligner, EflomalAligner):
        raise TagmtError("a projection model is learned with the eflomal aligner")
    output = Path(output)
    _check_output(output)
    inside = [s.name for s in sources if s.path is not None and _within(s.path, output)]
    if inside:
        raise TagmtError(f"{output}: the model folder holds an input ({inside[0]}), which replacing the model "
                         "would delete; choose another -o")
    if not corpora and not examples:
        raise TagmtError("nothing to learn from: give a --corpus or --examples")
    given = len(examples)
    examples = [(s, t) for s, t in examples if not overlong(s.plain, t.plain)]  # (memory: MAX_PAIR_CHARS)
    output.parent.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix=f".{output.name}.tmp-", dir=output.parent))
    umask = os.umask(0)
    os.umask(umask)
    folder.chmod(0o777 & ~umask)  # mkdtemp's 0700 → a folder like any other the user makes
    try:
        with tempfile.TemporaryDirectory(prefix="tagmt-learn-") as work_dir:
            work = Path(work_dir)
            japanese = "ja" in (base_language(src), base_language(trg))
            vocabulary = _vocabulary(corpora, examples, progress) if japanese else frozenset()
            units = _UnitVocabulary(src, trg) if lexicon else None
            n, lines, skipped = _write_words(work, corpora, examples, (src, trg), aligner, vocabulary, progress,
                                             units)
            if n == 0:
                left = f" ({skipped} pairs left out, a side over {MAX_PAIR_CHARS:,} characters)" if skipped else ""
                raise TagmtError(f"nothing to learn from: the corpora and examples hold no text{left}")
            runs = max(1, aligner.runs)  # seeded runs, their priors averaged: as a projection's own alignments
            _prepare_files(work, aligner)
            from tagmt.projection.align import _seeded_binary

            _seeded_binary(aligner.binary)  # written before the runs' threads start (see its docstring)
            with _bar(runs, f"eflomal aligning {lines} sentence pairs", progress) as bar, \
                    ThreadPoolExecutor(max_workers=min(runs, os.cpu_count() or 1)) as pool:
                done = [pool.submit(_align_files, work, lines, aligner, aligner.seed + run, str(run))
                        for run in range(runs)]
                for future in done:
                    iterations = future.result()
                    bar.update()
            _store_priors(folder / PRIORS, work, lines, runs, progress)
        model = ProjectionModel(folder, {"src_lang": src, "trg_lang": trg, "eflomal": {
            "src_prefix": aligner.src_prefix, "trg_prefix": aligner.trg_prefix}}, Conventions(), {}, vocabulary)
        entries, capped = units.entries(lexicon) if units is not None else ({}, False)
        model.lexicon = entries
        conventions, terms, ranker = _learn_from_examples(examples, src, trg, aligner, model)
        if ranker is not None:
            _write_json(folder / RANKER, ranker.as_json())
        _write_json(folder / CONVENTIONS, [[list(key), conventions.right[key], conventions.wrong[key]]
                                           for key in sorted(set(conventions.right) | set(conventions.wrong))])
        _write_json(folder / TERMS, {term: sorted(found) for term, found in sorted(terms.items())})
        _write_json(folder / VOCABULARY, sorted(vocabulary))
        if entries:
            _write_json(folder / LEXICON, {w: sorted(found) for w, found in sorted(entries.items())})
        stored = stored_examples(examples, src, vocabulary)
        if stored:
            _write_json(folder / EXAMPLES, stored)
        manifest = {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "tagmt_version": __version__,
            "created": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "src_lang": src,
            "trg_lang": trg,
            "sources": [s.as_dict() for s in sources],
            "pairs": n,
            "examples": len(examples),
            "skipped": {"pairs": skipped + given - len(examples), "over_chars": MAX_PAIR_CHARS},
            "tokenization": {"src": default_segmenter_name(src), "trg": default_segmenter_name(trg),
                             "units": {"src": unit_rule(src), "trg": unit_rule(trg)},
                             "katakana_vocabulary": len(vocabulary)},
            "eflomal": {"src_prefix": aligner.src_prefix, "trg_prefix": aligner.trg_prefix, "model": aligner.model,
                        "seed": aligner.seed, "runs": runs, "null_prior": aligner.null_prior,
                        "samplers": aligner.n_samplers,
                        "iterations": list(iterations), "sentences": lines},
            **({"ranker": {"file": RANKER, "tags": ranker.tags, "margin": ranker.margin}} if ranker is not None
               else {}),
            "taught_terms": _taught_terms(conventions),
            "lexicon": {"dictionaries": list(lexicon.names) if lexicon else [], "entries": len(entries),
                        "pairs": sum(len(found) for found in entries.values()), "units_capped": capped},
            "files": {name: {"bytes": (folder / name).stat().st_size, "sha256": sha256_of(folder / name)}
                      for name in (PRIORS, *_HASHED, *([RANKER] if ranker is not None else []),
                                   *((LEXICON,) if entries else ()), *((EXAMPLES,) if stored else ()))},
        }
        _write_json(folder / MANIFEST, manifest)
        _replace(folder, output)
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    return LearnedModel(output, n, sum(bool(s.tags) for s, _ in examples), len(terms), len(conventions),
                        time.perf_counter() - started, skipped + given - len(examples))


def _taught_terms(conventions: Conventions) -> dict:
    """The manifest's `taught_terms`: whether the examples keep taught terms whole, and their cases for and
    against (`conventions.WHOLE_KEY`, kept in `conventions.json`, which a projection reads)."""
    whole, part = conventions.right[WHOLE_KEY], conventions.wrong[WHOLE_KEY]
    return {"kept_whole": keeps_whole(whole, part), "whole": whole, "part": part}


def _within(path: Path, folder: Path) -> bool:
    try:
        return path.resolve().is_relative_to(folder.resolve())
    except OSError:
        return False


MODEL_FILES = frozenset({MANIFEST, PRIORS, CONVENTIONS, TERMS, VOCABULARY, RANKER, LEXICON, EXAMPLES})
"""Every file `learn_model` writes into a model folder: the only ones a new model may replace."""


def _check_output(output: Path) -> None:
    """An output folder may be new, empty, or an older model holding only `MODEL_FILES`; anything else
    there is the user's and stays: refused in one line, before any work (the whole folder is replaced)."""
    from tagmt.projection.modelfiles import read_json

    if output.is_symlink() or (output.exists() and not output.is_dir()):
        raise TagmtError(f"{output}: exists and is not a projection model folder; choose another -o")
    if not output.is_dir():
        return
    if not any(output.iterdir()):
        return
    try:
        manifest = read_json(output, MANIFEST)
    except TagmtError:
        manifest = None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise TagmtError(f"{output}: a folder that is not a projection model is there; choose another -o")
    _refuse_foreign(output, output)


def _refuse_foreign(folder: Path, output: Path) -> None:
    """Refuse, in one line, a model folder holding anything but `MODEL_FILES` (regular files)."""
    foreign = sorted(entry.name for entry in folder.iterdir() if entry.name not in MODEL_FILES
                     or entry.is_symlink() or not entry.is_file())
    if foreign:
        raise TagmtError(f"{output}: the model folder also holds {foreign[0]!r}"
                         f"{f' and {len(foreign) - 1} more' if len(foreign) > 1 else ''}, which is not a file "
                         "tagmt learn writes and replacing the model would delete: move it out of the folder or "
                         "choose another -o")


def _replace(folder: Path, output: Path) -> None:
    """Rename the finished model into place; an older model there is moved aside first (into a hidden
    folder beside it), then removed. When the second rename fails, the old model is renamed back."""
    if not output.exists():
        try:
            os.replace(folder, output)
        except OSError as exc:
            raise TagmtError(f"{output}: cannot put the new model there ({exc.strerror or exc})") from exc
        return
    aside = Path(tempfile.mkdtemp(prefix=f".{output.name}.old-", dir=output.parent))
    try:
        os.replace(output, aside / "model")
    except OSError as exc:
        aside.rmdir()
        raise TagmtError(f"{output}: cannot replace the model ({exc.strerror or exc}); it is unchanged") from exc
    try:
        _refuse_foreign(aside / "model", output)  # a file added while the model was learned stays too
        os.replace(folder, output)
    except BaseException as exc:
        try:
            os.replace(aside / "model", output)
        except OSError as back:
            raise TagmtError(f"{output}: the new model could not be put in place ({exc}) nor the old one back "
                             f"({back.strerror or back}): the old model is in {aside / 'model'}") from exc
        aside.rmdir()
        if isinstance(exc, OSError):
            raise TagmtError(f"{output}: cannot put the new model in place ({exc.strerror or exc}); the old "
                             "model is unchanged") from exc
        raise
    shutil.rmtree(aside, ignore_errors=True)


def _write_json(path: Path, data) -> None:
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def _bar(total: int | None, desc: str, progress: bool | None):
    from tagmt.progress import progress_bar

    return progress_bar(total=total, desc=desc, unit="pairs", enabled=progress, unit_scale=True)


def _vocabulary(corpora: Sequence[PairSource], examples, progress) -> frozenset[str]:
    """The katakana words of every text (a first pass; Japanese only)."""
    found: set[str] = set()
    for source in corpora:
        with _bar(source.total, f"katakana words of {source.name}", progress) as bar:
            for s, t in source.open():
                if not overlong(s, t):
                    found |= katakana_vocabulary((s, t))
                bar.update()
    found |= katakana_vocabulary(text for s, t in examples for text in (s.plain, t.plain))
    return frozenset(found)


def _forms(units: list[str], prefix: int) -> str:
    """One sentence for eflomal's reader: the units' forms, inner whitespace removed (`1 000` is one word)."""
    from tagmt.projection.align import _form

    return " ".join("".join(_form(u, prefix).split()) or "_" for u in units)


class _LineWriter:
    """Writes pairs as the aligner sees them into eflomal's two sentence files (`fs`, `ft`), for the languages
    `langs` and the word forms of `aligner`."""

    def __init__(self, fs, ft, langs: tuple[str, str], aligner) -> None:
        self.fs, self.ft, self.langs, self.aligner = fs, ft, langs, aligner

    def pair(self, src_text: str, src_words, trg_text: str, trg_words, cuts=()) -> int:
        """A pair cut into its matched sentence pairs (`sentencepairs.sentence_pairs`, as a projection cuts
        its pairs), one line per piece and view (`alignunits.view_sentences`: words, and the units of a
        language whose units differ, as a projection aligns each view); the lines written."""
        (src, trg), aligner = self.langs, self.aligner
        written = 0
        for a, b, c, d in sentence_pairs(src_text, src_words, trg_text, trg_words):
            for s_units, t_units in view_sentences(src_words[a:b], trg_words[c:d], src, trg, cuts):
                self.fs.write(_forms(s_units, aligner.src_prefix) + "\n")
                self.ft.write(_forms(t_units, aligner.trg_prefix) + "\n")
                written += 1
        return written


def _write_words(work: Path, corpora: Sequence[PairSource], examples, langs: tuple[str, str], aligner,
                 vocabulary: frozenset[str], progress, units: _UnitVocabulary | None = None
                 ) -> tuple[int, int, int]:
    """The corpora and the examples' plain sides, word-split as projection splits them, one sentence a
    line per view (`_LineWriter.pair`) in `work/src.txt` and `work/trg.txt` (streamed: memory does not grow
    with the corpus); the pairs and the lines written, and the corpus pairs left out (`MAX_PAIR_CHARS`).
    `units`: each pair's words are added to it too."""
    from tagmt.standins import stand_in

    src, trg = langs
    n = lines = skipped = 0
    with open(work / "src.txt", "w", encoding="utf-8") as fs, open(work / "trg.txt", "w", encoding="utf-8") as ft:
        writer = _LineWriter(fs, ft, langs, aligner)
        for source in corpora:
            with _bar(source.total, f"reading {source.name}", progress) as bar:
                for s, t in source.open():
                    bar.update()
                    if overlong(s, t):
                        skipped += 1
                        continue
                    s, t = stand_in(s), stand_in(t)
                    if not s.strip() or not t.strip():
                        continue
                    n += 1
                    s_words = words_with_offsets(s, src, vocabulary=vocabulary)
                    t_words = words_with_offsets(t, trg, vocabulary=vocabulary)
                    if units is not None:
                        units.add(0, s_words)
                        units.add(1, t_words)
                    lines += writer.pair(s, s_words, t, t_words)
        for s, t in examples:
            if not s.plain.strip() or not t.plain.strip():
                continue
            n += 1
            s_words = words_with_offsets(s.plain, src, s.cuts(), vocabulary=vocabulary)
            t_words = words_with_offsets(t.plain, trg, vocabulary=vocabulary)
            if units is not None:
                units.add(0, s_words)
                units.add(1, t_words)
            lines += writer.pair(s.plain, s_words, t.plain, t_words, s.cuts())
    return n, lines, skipped


def _prepare_files(work: Path, aligner) -> None:
    """The written sentences in eflomal's format (`work/src`, `work/trg`), by eflomal's own
    `Aligner.prepare_files`."""
    eflomal = require("eflomal", "align", "the eflomal aligner")

    prepare = eflomal.Aligner(source_prefix_len=aligner.src_prefix, target_prefix_len=aligner.trg_prefix)
    with open(work / "src.txt", encoding="utf-8") as si, open(work / "src", "wb") as so, \
            open(work / "trg.txt", encoding="utf-8") as ti, open(work / "trg", "wb") as to:
        prepare.prepare_files(si, so, ti, to, None, None)


def _align_files(work: Path, n: int, aligner, seed: int, run: str) -> tuple[int, int, int]:
    """One seeded eflomal run over the prepared sentences, in its own folder (the binary reads its seed
    from its working folder); the forward and reverse links land in `work/fwd<run>` and `work/rev<run>`.
    One OpenMP thread: eflomal's samplers split the random state in the order their threads reach it,
    so several threads give another model on every learn (runs go in parallel instead)."""
    from tagmt.projection.align import _seeded_binary

    binary = _seeded_binary(aligner.binary)
    folder = work / f"run{run}"
    folder.mkdir()
    (folder / "eflomal.seed").write_bytes(seed.to_bytes(8, "little", signed=False))
    i1, i2, i3 = aligner._iterations(n)
    args = [str(binary), "-m", str(aligner.model), "-s", str(work / "src"), "-t", str(work / "trg"),
            "-n", str(aligner.n_samplers), "-N", str(aligner.null_prior), "-q", "-1", str(i1),
            "-f", str(work / f"fwd{run}"), "-r", str(work / f"rev{run}")]
    if aligner.model >= 2:
        args += ["-2", str(i2)]
    if aligner.model >= 3:
        args += ["-3", str(i3)]
    env = {"OMP_NUM_THREADS": "1", "PATH": "/usr/bin:/bin"}
    done = subprocess.run(args, cwd=folder, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise TagmtError(f"eflomal failed (exit {done.returncode}): {done.stderr.strip()}")
    return i1, i2, i3


def _store_priors(path: Path, work: Path, n: int, runs: int, progress) -> None:
    """eflomal's `calculate_priors` over the aligned sentences (streamed; of several runs, the mean),
    stored in SQLite."""
    eflomal = require("eflomal", "align", "the eflomal aligner")
    found = [Counter() for _ in range(5)]
    for run in range(runs):
        with open(work / "src.txt", encoding="utf-8") as s, open(work / "trg.txt", encoding="utf-8") as t, \
                open(work / f"fwd{run}", encoding="utf-8") as f, open(work / f"rev{run}", encoding="utf-8") as r, \
                _bar(n, "eflomal priors", progress) as bar:
            for total, part in zip(found, eflomal.calculate_priors(s, t, bar_over(f, bar), r)):
                total.update(part)
    lex, hmmf, hmmr, ferf, ferr = ({key: value / runs for key, value in c.items()} for c in found)
    db = sqlite3.connect(path)
    try:
        db.executescript(
            "CREATE TABLE lex (src TEXT NOT NULL, trg TEXT NOT NULL, alpha REAL NOT NULL);"
            "CREATE TABLE fert (side TEXT NOT NULL, word TEXT NOT NULL, fert INTEGER NOT NULL, alpha REAL NOT NULL);"
            "CREATE TABLE jump (side TEXT NOT NULL, jump INTEGER NOT NULL, alpha REAL NOT NULL);")
        db.executemany("INSERT INTO lex VALUES (?, ?, ?)", ((a, b, n) for (a, b), n in sorted(lex.items())))
        db.executemany("INSERT INTO fert VALUES ('f', ?, ?, ?)", ((w, k, n) for (w, k), n in sorted(ferf.items())))
        db.executemany("INSERT INTO fert VALUES ('r', ?, ?, ?)", ((w, k, n) for (w, k), n in sorted(ferr.items())))
        db.executemany("INSERT INTO jump VALUES ('f', ?, ?)", sorted(hmmf.items()))
        db.executemany("INSERT INTO jump VALUES ('r', ?, ?)", sorted(hmmr.items()))
        db.executescript("CREATE INDEX lex_src ON lex (src); CREATE INDEX fert_word ON fert (side, word);")
        db.commit()
    finally:
        db.close()


def bar_over(lines: Iterable[str], bar) -> Iterator[str]:
    for line in lines:
        bar.update()
        yield line


MAX_LEXICON_UNITS = 2_000_000
"""Distinct unit texts a side collects for the dictionary lookup of `tagmt learn` (~200 MB), whatever the
corpus's size (see `_UnitVocabulary`)."""


class _UnitVocabulary:
    """The distinct unit texts (`lexicon.unit_texts`) of each side, collected while `_write_words` splits the
    pairs (one tokenization pass), for the dictionary lookup of `tagmt learn`. Memory: a side written
    without spaces offers runs of up to four words as units, whose number grows with the corpus, not with
    its vocabulary: past `MAX_LEXICON_UNITS` distinct units a side keeps adding single words only (the runs
    of rarer compounds are then not looked up; the manifest's `lexicon.units_capped` says so)."""

    def __init__(self, src: str, trg: str) -> None:
        self.langs = (src, trg)
        self.units: tuple[set[str], set[str]] = (set(), set())
        self.capped = [False, False]

    def add(self, side: int, words) -> None:
        from tagmt.projection.lexicon import unit_texts

        lang, vocab = self.langs[side], self.units[side]
        units = unit_texts(words, lang)
        if len(vocab) < MAX_LEXICON_UNITS:
            vocab.update(units)
            return
        singles = set().union(*(unit_texts([w], lang) for w in words))
        self.capped[side] = self.capped[side] or bool(units - singles - vocab)
        vocab.update(singles)

    def entries(self, lexicon) -> tuple[dict[str, frozenset[str]], bool]:
        """The lexicon's entries whose words were collected (as `Lexicon.lookup` gives them: corpus source
        forms → dictionary target words), and whether a side was capped."""
        return {w: frozenset(found) for w, found in lexicon.lookup(*self.units).items()}, any(self.capped)


def _learn_from_examples(examples, src: str, trg: str, aligner, model: ProjectionModel
                         ) -> tuple[Conventions, dict[str, set[str]], Ranker | None]:
    """The examples aligned with the model's priors and projected onto their own references, as a call
    would project them: their edge conventions, terms and span ranker (`projector.learn_examples`)."""
    from tagmt.projection.projector import learn_examples

    tagged = [(s, t) for s, t in examples if s.plain.strip() and t.plain.strip()]
    if not tagged:
        return Conventions(), {}, None
    from tagmt.projection.lexicon import Lexicon

    lexicon = Lexicon(src, trg, entries=model.lexicon) if model.lexicon else None
    return learn_examples(tagged, src, trg, model.aligner_for(aligner), vocabulary=model.vocabulary,
                          lexicon=lexicon)


def line_pairs(source: str | Path, target: str | Path) -> PairSource:
    """Two plain line files (natural text, line k with line k), streamed; unequal lengths are refused
    when the shorter one ends."""
    from tagmt.linecodec import decode_line

    from tagmt.safeio import regular_file_stat

    source, target = Path(source), Path(target)
    for path in (source, target):
        regular_file_stat(path, what="corpus file")  # a missing or special file: one line

    def text(raw: bytes | None) -> str:
        if raw is None:
            return OVERLONG
        return decode_line(raw.decode("utf-8").rstrip("\n").rstrip("\r"))

    def read() -> Iterator[tuple[str, str]]:
        with open(source, "rb") as fs, open(target, "rb") as ft:
            k = 0
            try:
                for k, (s, t) in enumerate(_zip_strict(_capped_lines(fs), _capped_lines(ft)), start=1):
                    yield text(s), text(t)
            except UnicodeDecodeError as exc:
                raise TagmtError(f"{source} or {target}: not UTF-8 after line {k} ({exc.reason})") from exc
            except _Unequal as exc:
                raise TagmtError(f"{source} and {target} have different line counts (they part after line {k}): "
                                 "line k of one must be line k of the other") from exc

    return PairSource(f"{source.name}/{target.name}", read, _count_lines(source))


class _Unequal(Exception):
    pass


MAX_PAIR_CHARS = 100_000
"""Characters a side of a corpus pair or example may have: a longer pair is left out of learning (counted
in the manifest's `skipped` and said by `tagmt learn`). Memory: word-splitting a line costs ~140 bytes a
character (a 10 MB line took 1.3 GB); a corpus line is a sentence or a paragraph, far below this."""

OVERLONG = "\ufffd" * (MAX_PAIR_CHARS + 1)
"""What `line_pairs` gives for a line over `MAX_PAIR_CHARS * 4` bytes, read in pieces and never held whole:
a text over the limit, left out like any other."""


def _capped_lines(f) -> Iterator[bytes | None]:
    """The lines of a binary file, read at most `LINE_PIECE` bytes at a time; a line over
    `MAX_PAIR_CHARS * 4` bytes is read through and given as None (memory: it is never held)."""
    from tagmt.safeio import LINE_PIECE

    cap = MAX_PAIR_CHARS * 4
    pieces: list[bytes] = []
    held = 0
    while piece := f.readline(LINE_PIECE):
        held += len(piece)
        if held <= cap:
            pieces.append(piece)
        elif pieces:
            pieces = []
        if piece.endswith(b"\n"):
            yield b"".join(pieces) if held <= cap else None
            pieces, held = [], 0
    if held:
        yield b"".join(pieces) if held <= cap else None


def overlong(s: str, t: str) -> bool:
    """Whether a pair is left out of learning (`MAX_PAIR_CHARS`)."""
    return len(s) > MAX_PAIR_CHARS or len(t) > MAX_PAIR_CHARS


def _zip_strict(a: Iterable[str], b: Iterable[str]) -> Iterator[tuple[str, str]]:
    ia, ib = iter(a), iter(b)
    end = object()
    while True:
        x, y = next(ia, end), next(ib, end)
        if x is end and y is end:
            return
        if x is end or y is end:
            raise _Unequal()
        yield x, y  # type: ignore[misc]


def _count_lines(path: Path) -> int:
    n = 0
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            n += block.count(b"\n")
    return n


def corpus_pairs(pairs: Sequence[tuple[str, str]], name: str) -> PairSource:
    """Pairs already in memory (an XLIFF or TMX file's plain text)."""
    return PairSource(name, lambda: iter(pairs), len(pairs))
