"""A projection model: what tag projection learns from data, learned once (`tagmt learn`) and reused by
every projection of the language pair (`tagmt project`/`tagmt translate --approach dp`
`--projection-model MODEL`), so that the cost of a call no longer grows with the training text.

It holds three things learned from plain parallel corpora and tagged examples:

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
  priors and projected onto their own references, as a call would project them.
* **the term table**: what each tagged example term became in its reference (`projector.example_terms`)
  and each whole example segment's translation (`anchors.batch_glossary`).
* **the span ranker** (`rerank.learn_ranker`), learned from the same projections of the examples.

Plus the katakana words the corpus writes on its own (`wordseg.katakana_vocabulary`; Japanese only), so
calls segment Japanese as the model did.

On disk, a folder (written as `.<name>.tmp-…` beside the target and renamed at the end, so a model that
exists is whole):

    manifest.json     format, format_version, tagmt version, languages, sources (name, role, sha256,
                      bytes, pairs), tokenization (segmenter and aligner units per side), eflomal
                      settings (prefix lengths,
                      model, seed, iterations, sentences), files (name → bytes, sha256)
    priors.sqlite     lex(src, trg, alpha), fert(side, word, fert, alpha), jump(side, jump, alpha)
    conventions.json  [[key…], right, wrong] rows of `Conventions`
    terms.json        {source term: [translations…]}
    vocabulary.json   katakana words (Japanese)
    ranker.json       the span ranker (`rerank.Ranker.as_json`: feature names, weights, scales, margin),
                      only when the examples taught one (the manifest's `ranker` names it); a model
                      without it (older, or too few examples) projects with the pipeline's spans

`load_model` refuses, in one line, a path that is not a model (no manifest, another format), a corrupt
one (manifest or file unreadable, sizes or hashes that do not match), one from a newer format, one for
another language pair, and one whose tokenization or eflomal stemming differs from this tagmt's.
"""

from __future__ import annotations

import copy
from contextlib import closing
import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import tempfile
import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Iterator, Sequence

from tagmt.errors import TagmtError, require
from tagmt.projection.alignunits import unit_rule, view_sentences
from tagmt.projection.sentencepairs import sentence_pairs
from tagmt.projection.conventions import Conventions
from tagmt.projection.detag import Detagged
from tagmt.projection.rerank import OtherFeatures, Ranker
from tagmt.projection.wordseg import base_language, default_segmenter_name, katakana_vocabulary, words_with_offsets

FORMAT = "tagmt-projection-model"
FORMAT_VERSION = 1
MANIFEST = "manifest.json"
PRIORS = "priors.sqlite"
CONVENTIONS = "conventions.json"
TERMS = "terms.json"
VOCABULARY = "vocabulary.json"
RANKER = "ranker.json"
LEXICON = "lexicon.json"
"""Dictionary entries (`lexicon.py`) whose words occur in the corpora and examples; optional (older models
have none), listed and hashed in the manifest's files when present."""
_HASHED = (CONVENTIONS, TERMS, VOCABULARY)
"""Files whose SHA-256 a load checks (small); the priors are checked by size and by SQLite itself."""
_OPTIONAL = (RANKER, LEXICON)
"""Files a model may lack (older models, no ranker taught, no lexicon); checked like `_HASHED` when listed."""
_CHUNK = 500
"""Word forms per SQLite query (under SQLite's limit of bound parameters)."""


@dataclass(frozen=True)
class Source:
    """One input a model was learned from, as the manifest records it (`path`: where it was read, not
    recorded)."""

    role: str  # "corpus" or "examples"
    name: str
    sha256: str
    bytes: int
    pairs: int = 0
    path: Path | None = None

    def as_dict(self) -> dict:
        return {"role": self.role, "name": self.name, "sha256": self.sha256, "bytes": self.bytes,
                "pairs": self.pairs}


def describe_file(path: str | Path, role: str, pairs: int = 0) -> Source:
    """A `Source` for a file: its name, size and SHA-256 (read in blocks)."""
    path = Path(path)
    digest = hashlib.sha256()
    size = 0
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
            size += len(block)
    return Source(role, path.name, digest.hexdigest(), size, pairs, path)


@dataclass(frozen=True)
class PairSource:
    """Plain parallel text to learn from: `open()` yields (source, target) natural-text pairs each time
    it is called (a model reads it twice for Japanese); `total` (pairs, when known) sizes the progress bar."""

    name: str
    open: Callable[[], Iterator[tuple[str, str]]]
    total: int | None = None


@dataclass
class ProjectionModel:
    """A loaded projection model (see the module docstring)."""

    path: Path
    manifest: dict
    conventions: Conventions
    terms: dict[str, set[str]]
    vocabulary: frozenset[str] = frozenset()
    ranker: Ranker | None = None
    lexicon: dict[str, frozenset[str]] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @property
    def src_lang(self) -> str:
        return self.manifest["src_lang"]

    @property
    def trg_lang(self) -> str:
        return self.manifest["trg_lang"]

    @property
    def eflomal(self) -> dict:
        return self.manifest["eflomal"]

    def describe(self) -> str:
        files = len(self.manifest.get("sources", []))
        return (f"projection model {self.path} ({self.src_lang}-{self.trg_lang}, {self.manifest.get('pairs', 0)} "
                f"sentence pairs from {files} files, {len(self.terms)} terms, {len(self.conventions)} edge cases)")

    def aligner_for(self, aligner):
        """`aligner` with this model's priors in its eflomal part(s); a pretrained aligner unchanged. An
        eflomal that cuts words otherwise than the model was learned with is refused."""
        from tagmt.projection.align import CombinedAligner, EflomalAligner

        if isinstance(aligner, CombinedAligner):
            combined = copy.copy(aligner)
            combined.parts = [self.aligner_for(part) for part in aligner.parts]
            return combined
        if not isinstance(aligner, EflomalAligner):
            return aligner
        want = (self.eflomal["src_prefix"], self.eflomal["trg_prefix"])
        if (aligner.src_prefix, aligner.trg_prefix) != want:
            raise TagmtError(
                f"{self.path}: the projection model was learned with eflomal words cut to {want[0]}/{want[1]} "
                f"letters, this aligner cuts them to {aligner.src_prefix}/{aligner.trg_prefix}: learn it again "
                "with the same aligner options")
        with_priors = copy.copy(aligner)
        with_priors.priors = self
        # The priors stand for the model's sentences: the sampler runs the schedule of the joint corpus
        # (eflomal's: fewer iterations for more sentences), not that of the call's few pairs alone.
        schedule, learned = aligner._iterations, int(self.manifest.get("pairs", 0))
        with_priors._iterations = lambda n, *rest: schedule(n + learned, *rest)
        return with_priors

    def write_priors(self, path: Path, src_words: list[list[str]], trg_words: list[list[str]],
                     src_prefix: int, trg_prefix: int) -> None:
        """eflomal's priors file for these sentences (the binary's `-p`), through eflomal's own
        `to_eflomal_priors_file`: only the priors of the forms they use are read."""
        eflomal = require("eflomal", "align", "the eflomal aligner")

        class Index(eflomal.TextIndex):
            """eflomal's lookup (lowercased, cut, id + 1) over `_write_indexed`'s ids, whose vocabulary
            size it reports although digit groups are looked up under two spellings."""

            def __init__(self, sentences: list[list[str]], prefix: int) -> None:
                super().__init__(sentence_vocabulary(sentences, prefix), prefix)
                self.size = len({_form_of(w, prefix) for words in sentences for w in words})

            def __len__(self) -> int:
                return self.size

        src_index, trg_index = Index(src_words, src_prefix), Index(trg_words, trg_prefix)
        priors = self.priors_of(set(src_index.index), set(trg_index.index))
        with open(path, "w", encoding="utf-8") as out:
            eflomal.to_eflomal_priors_file(priors, src_index, trg_index, out)

    def priors_of(self, src_forms: set[str], trg_forms: set[str]) -> tuple:
        """The priors of these word forms, as eflomal's `read_priors` returns them: (lexical, HMM forward
        jumps, HMM reverse jumps, source fertilities, target fertilities)."""
        try:
            with closing(self._connect()) as db:
                return self._query(db, src_forms, trg_forms)
        except sqlite3.Error as exc:
            raise TagmtError(f"{self.path}: corrupt projection model ({PRIORS}: {exc})") from exc

    def _query(self, db: sqlite3.Connection, src_forms: set[str], trg_forms: set[str]) -> tuple:
        lex: list[tuple[str, str, float]] = []
        ferf: list[tuple[str, int, float]] = []
        ferr: list[tuple[str, int, float]] = []
        for chunk in _chunks(sorted(src_forms)):
            marks = ",".join("?" * len(chunk))
            rows = db.execute(f"SELECT src, trg, alpha FROM lex WHERE src IN ({marks})", chunk)
            lex.extend(row for row in rows if row[1] in trg_forms)
            ferf.extend(db.execute(
                f"SELECT word, fert, alpha FROM fert WHERE side = 'f' AND word IN ({marks})", chunk))
        for chunk in _chunks(sorted(trg_forms)):
            marks = ",".join("?" * len(chunk))
            ferr.extend(db.execute(
                f"SELECT word, fert, alpha FROM fert WHERE side = 'r' AND word IN ({marks})", chunk))
        jumps = {"f": {}, "r": {}}
        for side, jump, alpha in db.execute("SELECT side, jump, alpha FROM jump"):
            jumps[side][jump] = alpha
        return lex, jumps["f"], jumps["r"], ferf, ferr

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(f"file:{self.path / PRIORS}?mode=ro", uri=True)

    def check_priors(self) -> None:
        """The priors can be read (a broken SQLite file is said now, before any work)."""
        try:
            with closing(self._connect()) as db:
                db.execute("SELECT count(*) FROM jump").fetchone()
                db.execute("SELECT src FROM lex LIMIT 1").fetchall()
        except sqlite3.Error as exc:
            raise TagmtError(f"{self.path}: corrupt projection model ({PRIORS}: {exc})") from exc


def _chunks(items: list[str]) -> Iterator[list[str]]:
    for k in range(0, len(items), _CHUNK):
        yield items[k : k + _CHUNK]


def sentence_vocabulary(sentences: list[list[str]], prefix: int) -> dict[str, int]:
    """The word ids `align._write_indexed` gives these sentences' forms (first occurrence first); a form
    with inner whitespace is also found as the priors write it (`_forms`: `1 000` → `1000`)."""
    from tagmt.projection.align import _form

    vocabulary: dict[str, int] = {}
    for words in sentences:
        for w in words:
            vocabulary.setdefault(_form(w, prefix), len(vocabulary))
    for form, k in list(vocabulary.items()):
        vocabulary.setdefault("".join(form.split()) or "_", k)
    return vocabulary


def _form_of(word: str, prefix: int) -> str:
    from tagmt.projection.align import _form

    return _form(word, prefix)


# --------------------------------------------------------------------------- loading


def load_model(path: str | Path, src_lang: str | None = None, trg_lang: str | None = None) -> ProjectionModel:
    """The projection model in the folder `path`, checked (module docstring) and, when languages are
    given, for that pair."""
    from tagmt import __version__
    from tagmt.languages import normalize

    path = Path(path)
    if not path.exists():
        raise TagmtError(f"{path}: no such projection model (make one with tagmt learn)")
    if not path.is_dir() or not (path / MANIFEST).is_file():
        raise TagmtError(f"{path}: not a tagmt projection model (no {MANIFEST} in a folder; make one with "
                         "tagmt learn)")
    manifest = _read_json(path, MANIFEST)
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise TagmtError(f"{path}: not a tagmt projection model ({MANIFEST} is not a {FORMAT} manifest)")
    version = manifest.get("format_version")
    if not isinstance(version, int) or version < 1:
        raise TagmtError(f"{path}: corrupt projection model (format_version {version!r})")
    if version > FORMAT_VERSION:
        raise TagmtError(
            f"{path}: the projection model has format {version}, made by tagmt {manifest.get('tagmt_version', '?')}; "
            f"this tagmt ({__version__}) reads format {FORMAT_VERSION}: upgrade tagmt or learn the model again")
    try:
        src, trg = manifest["src_lang"], manifest["trg_lang"]
        files = manifest["files"]
        eflomal = manifest["eflomal"]
        tokenization = manifest["tokenization"]
        _ = eflomal["src_prefix"], eflomal["trg_prefix"]
    except (KeyError, TypeError) as exc:
        raise TagmtError(f"{path}: corrupt projection model ({MANIFEST} lacks {exc})") from exc
    if src_lang is not None and trg_lang is not None:
        want = (normalize(src_lang, "--src-lang"), normalize(trg_lang, "--trg-lang"))
        if want != (src, trg):
            raise TagmtError(f"{path}: the projection model is for {src}-{trg}, not {want[0]}-{want[1]}")
    for side, lang in (("src", src), ("trg", trg)):
        now = default_segmenter_name(lang)
        if tokenization.get(side) != now:
            raise TagmtError(
                f"{path}: the projection model splits {lang} with {tokenization.get(side)!r}, this tagmt with "
                f"{now!r}: learn the model again")
        rules = tokenization.get("units") or {}  # a model from before units: one word a unit
        units = rules.get(side, "words") if isinstance(rules, dict) else None
        if units != unit_rule(lang):
            raise TagmtError(
                f"{path}: the projection model aligns {lang} on {units!r} units, this tagmt on "
                f"{unit_rule(lang)!r}: learn the model again")
    for name, (size, digest) in _file_table(path, files).items():
        found = path / name
        if not found.is_file() or found.stat().st_size != size:
            raise TagmtError(f"{path}: corrupt projection model ({name} is missing or not {size} bytes)")
        if name in (*_HASHED, *_OPTIONAL) and hashlib.sha256(found.read_bytes()).hexdigest() != digest:
            raise TagmtError(f"{path}: corrupt projection model ({name} does not match its SHA-256)")
    try:
        conventions = Conventions()
        for key, right, wrong in _read_json(path, CONVENTIONS):
            key = tuple(key)
            if right:
                conventions.right[key] = right
            if wrong:
                conventions.wrong[key] = wrong
        terms = {term: set(found) for term, found in _read_json(path, TERMS).items()}
        vocabulary = frozenset(_read_json(path, VOCABULARY))
        ranker = Ranker.from_json(_read_json(path, RANKER)) if RANKER in files else None
        lexicon = ({src: frozenset(trg) for src, trg in _read_json(path, LEXICON).items()} if LEXICON in files
                   else {})
    except OtherFeatures as exc:
        raise TagmtError(f"{path}: {exc}: learn the model again") from exc
    except (TypeError, ValueError, AttributeError, KeyError) as exc:
        raise TagmtError(f"{path}: corrupt projection model ({exc})") from exc
    model = ProjectionModel(path, manifest, conventions, terms, vocabulary, ranker, lexicon)
    model.check_priors()
    return model


def _file_table(path: Path, files) -> dict[str, tuple[int, str]]:
    needed = {PRIORS, *_HASHED}
    if not isinstance(files, dict) or not needed <= set(files):
        raise TagmtError(f"{path}: corrupt projection model ({MANIFEST} does not list {', '.join(sorted(needed))})")
    # optional: only a model whose examples taught a ranker has one, only one learned with a lexicon has it
    needed.update(name for name in _OPTIONAL if name in files)
    try:
        return {name: (int(files[name]["bytes"]), str(files[name]["sha256"])) for name in needed}
    except (KeyError, TypeError, ValueError) as exc:
        raise TagmtError(f"{path}: corrupt projection model ({MANIFEST}: files: {exc})") from exc


def _read_json(path: Path, name: str):
    try:
        return json.loads((path / name).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise TagmtError(f"{path}: corrupt projection model ({name}: {exc})") from exc


# --------------------------------------------------------------------------- learning


@dataclass(frozen=True)
class LearnedModel:
    """What `learn_model` made: the folder, the pairs aligned, the tagged examples, the terms."""

    path: Path
    pairs: int
    examples: int
    terms: int
    edge_cases: int
    seconds: float


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
    (an existing model there is replaced; anything else is refused). `sources` go into the manifest;
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
            n, lines = _write_words(work, corpora, examples, src, trg, aligner, vocabulary, progress, units)
            if n == 0:
                raise TagmtError("nothing to learn from: the corpora and examples hold no text")
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
            "tokenization": {"src": default_segmenter_name(src), "trg": default_segmenter_name(trg),
                             "units": {"src": unit_rule(src), "trg": unit_rule(trg)},
                             "katakana_vocabulary": len(vocabulary)},
            "eflomal": {"src_prefix": aligner.src_prefix, "trg_prefix": aligner.trg_prefix, "model": aligner.model,
                        "seed": aligner.seed, "runs": runs, "null_prior": aligner.null_prior,
                        "samplers": aligner.n_samplers,
                        "iterations": list(iterations), "sentences": lines},
            **({"ranker": {"file": RANKER, "tags": ranker.tags, "margin": ranker.margin}} if ranker is not None
               else {}),
            "lexicon": {"dictionaries": list(lexicon.names) if lexicon else [], "entries": len(entries),
                        "pairs": sum(len(found) for found in entries.values()), "units_capped": capped},
            "files": {name: {"bytes": (folder / name).stat().st_size, "sha256": _sha256(folder / name)}
                      for name in (PRIORS, *_HASHED, *([RANKER] if ranker is not None else []),
                                   *((LEXICON,) if entries else ()))},
        }
        _write_json(folder / MANIFEST, manifest)
        _replace(folder, output)
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    return LearnedModel(output, n, sum(bool(s.tags) for s, _ in examples), len(terms), len(conventions),
                        time.perf_counter() - started)


def _within(path: Path, folder: Path) -> bool:
    try:
        return path.resolve().is_relative_to(folder.resolve())
    except OSError:
        return False


def _check_output(output: Path) -> None:
    """An output folder may be new or an older model; anything else there is the user's and stays."""
    if output.is_symlink() or (output.exists() and not output.is_dir()):
        raise TagmtError(f"{output}: exists and is not a projection model folder; choose another -o")
    if output.is_dir() and any(output.iterdir()):
        try:
            manifest = json.loads((output / MANIFEST).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            manifest = None
        if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
            raise TagmtError(f"{output}: a folder that is not a projection model is there; choose another -o")


def _replace(folder: Path, output: Path) -> None:
    """Rename the finished model into place; an older model there is moved aside first, then removed."""
    old = None
    if output.exists():
        old = Path(tempfile.mkdtemp(prefix=f".{output.name}.old-", dir=output.parent))
        os.replace(output, old / "model")
    os.replace(folder, output)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


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
                found |= katakana_vocabulary((s, t))
                bar.update()
    found |= katakana_vocabulary(text for s, t in examples for text in (s.plain, t.plain))
    return frozenset(found)


def _forms(units: list[str], prefix: int) -> str:
    """One sentence for eflomal's reader: the units' forms, inner whitespace removed (`1 000` is one word)."""
    from tagmt.projection.align import _form

    return " ".join("".join(_form(u, prefix).split()) or "_" for u in units)


def _write_pair(fs, ft, src_text: str, src_words, trg_text: str, trg_words, src: str, trg: str, aligner,
                cuts=()) -> int:
    """A pair as the aligner sees it: cut into its matched sentence pairs (`sentencepairs.sentence_pairs`,
    as a projection cuts its pairs), one line per piece and view (`alignunits.view_sentences`: words,
    and the units of a language whose units differ, as a projection aligns each view); the lines
    written."""
    written = 0
    for a, b, c, d in sentence_pairs(src_text, src_words, trg_text, trg_words):
        for s_units, t_units in view_sentences(src_words[a:b], trg_words[c:d], src, trg, cuts):
            fs.write(_forms(s_units, aligner.src_prefix) + "\n")
            ft.write(_forms(t_units, aligner.trg_prefix) + "\n")
            written += 1
    return written


def _write_words(work: Path, corpora: Sequence[PairSource], examples, src: str, trg: str, aligner,
                 vocabulary: frozenset[str], progress, units: _UnitVocabulary | None = None) -> tuple[int, int]:
    """The corpora and the examples' plain sides, word-split as projection splits them, one sentence a
    line per view (`_write_pair`) in `work/src.txt` and `work/trg.txt` (streamed: memory does not grow
    with the corpus); the pairs and the lines written. `units`: each pair's words are added to it too."""
    from tagmt.standins import stand_in

    n = lines = 0
    with open(work / "src.txt", "w", encoding="utf-8") as fs, open(work / "trg.txt", "w", encoding="utf-8") as ft:
        for source in corpora:
            with _bar(source.total, f"reading {source.name}", progress) as bar:
                for s, t in source.open():
                    bar.update()
                    s, t = stand_in(s), stand_in(t)
                    if not s.strip() or not t.strip():
                        continue
                    n += 1
                    s_words = words_with_offsets(s, src, vocabulary=vocabulary)
                    t_words = words_with_offsets(t, trg, vocabulary=vocabulary)
                    if units is not None:
                        units.add(0, s_words)
                        units.add(1, t_words)
                    lines += _write_pair(fs, ft, s, s_words, t, t_words, src, trg, aligner)
        for s, t in examples:
            if not s.plain.strip() or not t.plain.strip():
                continue
            n += 1
            s_words = words_with_offsets(s.plain, src, s.cuts(), vocabulary=vocabulary)
            t_words = words_with_offsets(t.plain, trg, vocabulary=vocabulary)
            if units is not None:
                units.add(0, s_words)
                units.add(1, t_words)
            lines += _write_pair(fs, ft, s.plain, s_words, t.plain, t_words, src, trg, aligner, s.cuts())
    return n, lines


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

    def read() -> Iterator[tuple[str, str]]:
        with open(source, encoding="utf-8", newline="\n") as fs, open(target, encoding="utf-8", newline="\n") as ft:
            k = 0
            try:
                for k, (s, t) in enumerate(_zip_strict(fs, ft), start=1):
                    yield decode_line(s.rstrip("\n").rstrip("\r")), decode_line(t.rstrip("\n").rstrip("\r"))
            except UnicodeDecodeError as exc:
                raise TagmtError(f"{source} or {target}: not UTF-8 after line {k} ({exc.reason})") from exc
            except _Unequal as exc:
                raise TagmtError(f"{source} and {target} have different line counts (they part after line {k}): "
                                 "line k of one must be line k of the other") from exc

    return PairSource(f"{source.name}/{target.name}", read, _count_lines(source))


class _Unequal(Exception):
    pass


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
