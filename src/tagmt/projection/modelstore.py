"""A projection model on disk: `ProjectionModel` (what a projection reads from it) and `load_model`.

A model (`model.learn_model`, `tagmt learn`) is a folder (written as `.<name>.tmp-…` beside the target and
renamed at the end, so a model that exists is whole):

    manifest.json     format, format_version, tagmt version, languages, sources (name, role, sha256,
                      bytes, pairs), tokenization (segmenter and aligner units per side), eflomal
                      settings (prefix lengths,
                      model, seed, iterations, sentences), files (name → bytes, sha256)
    priors.sqlite     lex(src, trg, alpha), fert(side, word, fert, alpha), jump(side, jump, alpha)
    conventions.json  [[key…], right, wrong] rows of `Conventions` (edge moves, words kept outside, the source's
                      tag order, and from format 2 whether taught terms are kept whole: `WHOLE_KEY`)
    terms.json        {source term: [translations…]}
    vocabulary.json   katakana words (Japanese)
    ranker.json       the span ranker (`rerank.Ranker.as_json`: feature names, weights, scales, margin),
                      only when the examples taught one (the manifest's `ranker` names it); a model
                      without it (older, or too few examples) projects with the pipeline's spans
    lexicon.json      dictionary entries whose words occur in the corpora and examples (when learned with a
                      lexicon)
    examples.json     from format 3: the tagged examples' plain pairs and source word forms ([source, target,
                      [forms]] rows, `neighbours.stored_examples`), of which a call aligns the nearest along
                      (`neighbours.nearest`); a format-1 or 2 model has none and aligns a call with its priors alone

The priors are kept in SQLite, indexed by word form, so a call reads only the rows of its own vocabulary
(`ProjectionModel.priors_of`, written for eflomal's `-p` by `write_priors`).

`load_model` refuses, in one line, a path that is not a model (no manifest, another format), a corrupt
one (manifest or file unreadable, sizes or hashes that do not match), one from a newer format, one for
another language pair, and one whose tokenization or eflomal stemming differs from this tagmt's. A model is
data, not code: every file is read by `modelfiles.py` (JSON of bounded size and depth with typed readers;
the priors read-only, their schema checked before any query, `trusted_schema` off), so a crafted one is
refused in one line too.
"""

from __future__ import annotations

import copy
import hashlib
import sqlite3
import threading
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator

from tagmt.errors import TagmtError, require
from tagmt.projection.alignunits import unit_rule
from tagmt.projection.conventions import Conventions
from tagmt.projection.modelfiles import (
    MAX_JUMPS,
    connect_priors,
    conventions_rows,
    corrupt,
    example_rows,
    fert_row,
    file_table,
    json_limit,
    jump_row,
    lex_row,
    manifest_fields,
    ranker_fields,
    read_json,
    string_list,
    string_lists,
)
from tagmt.projection.rerank import FEATURES, OtherFeatures, Ranker
from tagmt.projection.wordseg import default_segmenter_name

FORMAT = "tagmt-projection-model"
FORMAT_VERSION = 3
"""3 (issue 35, t35small3): `examples.json` keeps the examples' plain pairs, of which a call aligns the nearest along;
an older model loads and aligns a call with its priors alone (`describe` says to learn it again). 2 (issue 35): `conventions.json` also counts whether the examples keep taught terms whole
(`conventions.WHOLE_KEY`), and the manifest says so (`taught_terms`); its edge conventions count a space by where it
lies (`conventions.space_place`). A format-1 model loads: taught terms are never kept whole (which `describe` says)
and its space counts, learned without a place, match no key, so spaces at tag edges take the default."""
MANIFEST = "manifest.json"
PRIORS = "priors.sqlite"
CONVENTIONS = "conventions.json"
TERMS = "terms.json"
VOCABULARY = "vocabulary.json"
RANKER = "ranker.json"
LEXICON = "lexicon.json"
"""Dictionary entries (`lexicon.py`) whose words occur in the corpora and examples; optional (older models
have none), listed and hashed in the manifest's files when present."""
EXAMPLES = "examples.json"
"""The examples' plain pairs and source forms (format 3; optional: older models and models without examples)."""
_HASHED = (CONVENTIONS, TERMS, VOCABULARY)
"""Files whose SHA-256 a load checks (small); the priors are checked by size and by SQLite itself."""
_OPTIONAL = (RANKER, LEXICON, EXAMPLES)
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
    examples: list[list] = field(default_factory=list)
    """[source, target, [source forms]] rows (`neighbours.stored_examples`); empty: a call aligns with the priors
    alone."""
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
        version = self.manifest.get("format_version")
        older = ("; format 1, learned before taught terms were kept whole and spaces counted by place: learn it again"
                 if version == 1 else "; format 2, without its examples to align a call along: learn it again"
                 if version == 2 else "")
        return (f"projection model {self.path} ({self.src_lang}-{self.trg_lang}, {self.manifest.get('pairs', 0)} "
                f"sentence pairs from {files} files, {len(self.terms)} terms, {len(self.conventions)} edge cases"
                f"{f', {len(self.examples)} stored examples to align along' if self.examples else ''}"
                f"{older})")

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
        path = self.path
        for chunk in _chunks(sorted(src_forms)):
            marks = ",".join("?" * len(chunk))
            rows = db.execute(f"SELECT src, trg, alpha FROM lex WHERE src IN ({marks})", chunk)
            lex.extend(row for row in map(lambda r: lex_row(path, r), rows) if row[1] in trg_forms)
            ferf.extend(fert_row(path, row) for row in db.execute(
                f"SELECT word, fert, alpha FROM fert WHERE side = 'f' AND word IN ({marks})", chunk))
        for chunk in _chunks(sorted(trg_forms)):
            marks = ",".join("?" * len(chunk))
            ferr.extend(fert_row(path, row) for row in db.execute(
                f"SELECT word, fert, alpha FROM fert WHERE side = 'r' AND word IN ({marks})", chunk))
        jumps: dict[str, dict[int, float]] = {"f": {}, "r": {}}
        rows = db.execute("SELECT side, jump, alpha FROM jump LIMIT ?", (MAX_JUMPS + 1,)).fetchall()
        if len(rows) > MAX_JUMPS:
            raise corrupt(path, PRIORS, f"more than {MAX_JUMPS} jump rows")
        for side, jump, alpha in (jump_row(path, row) for row in rows):
            jumps[side][jump] = alpha
        return lex, jumps["f"], jumps["r"], ferf, ferr

    def _connect(self) -> sqlite3.Connection:
        """The priors, read-only and schema-checked (`modelfiles.connect_priors`)."""
        return connect_priors(self.path, self.path / PRIORS)

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


def load_model(path: str | Path, src_lang: str | None = None, trg_lang: str | None = None) -> ProjectionModel:
    """The projection model in the folder `path`, checked (module docstring; every file read as data by
    `modelfiles`) and, when languages are given, for that pair."""
    from tagmt import __version__
    from tagmt.languages import normalize

    path = Path(path)
    if not path.exists():
        left = _left_aside(path)
        if left is not None:
            raise TagmtError(f"{path}: no such projection model; a tagmt learn stopped while replacing it left the "
                             f"previous model in {left}: rename that folder to {path.name}, or learn again")
        raise TagmtError(f"{path}: no such projection model (make one with tagmt learn)")
    if not path.is_dir() or not (path / MANIFEST).is_file():
        raise TagmtError(f"{path}: not a tagmt projection model (no {MANIFEST} in a folder; make one with "
                         "tagmt learn)")
    manifest = read_json(path, MANIFEST)
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise TagmtError(f"{path}: not a tagmt projection model ({MANIFEST} is not a {FORMAT} manifest)")
    version = manifest.get("format_version")
    if type(version) is not int or version < 1:
        raise TagmtError(f"{path}: corrupt projection model (format_version {str(version)[:40]!r})")
    if version > FORMAT_VERSION:
        raise TagmtError(
            f"{path}: the projection model has format {version}, made by tagmt "
            f"{str(manifest.get('tagmt_version', '?'))[:40]!r}; this tagmt ({__version__}) reads format "
            f"{FORMAT_VERSION}: upgrade tagmt or learn the model again")
    manifest_fields(path, manifest)
    src, trg = manifest["src_lang"], manifest["trg_lang"]
    files, tokenization = manifest["files"], manifest["tokenization"]
    if src_lang is not None and trg_lang is not None:
        want = (normalize(src_lang, "--src-lang"), normalize(trg_lang, "--trg-lang"))
        if want != (src, trg):
            raise TagmtError(f"{path}: the projection model is for {src}-{trg}, not {want[0]}-{want[1]}")
    for side, lang in (("src", src), ("trg", trg)):
        now = default_segmenter_name(lang)
        if tokenization.get(side) != now:
            raise TagmtError(
                f"{path}: the projection model splits {lang} with {str(tokenization.get(side))[:40]!r}, this "
                f"tagmt with {now!r}: learn the model again")
        rules = tokenization.get("units") or {}  # a model from before units: one word a unit
        units = rules.get(side, "words")
        if units != unit_rule(lang):
            raise TagmtError(
                f"{path}: the projection model aligns {lang} on {str(units)[:40]!r} units, this tagmt on "
                f"{unit_rule(lang)!r}: learn the model again")
    for name, (size, digest) in _file_table(path, files).items():
        found = path / name
        if not found.is_file() or found.stat().st_size != size:
            raise TagmtError(f"{path}: corrupt projection model ({name} is missing or not {size} bytes)")
        if name in (*_HASHED, *_OPTIONAL):
            if size > json_limit(name):
                raise corrupt(path, name, f"{size} bytes, over the {json_limit(name)} bytes a model file may have")
            if sha256_of(found) != digest:
                raise TagmtError(f"{path}: corrupt projection model ({name} does not match its SHA-256)")
    conventions = Conventions()
    for key, right, wrong in conventions_rows(path, read_json(path, CONVENTIONS)):
        if right:
            conventions.right[key] = right
        if wrong:
            conventions.wrong[key] = wrong
    terms = {term: set(found) for term, found in string_lists(path, read_json(path, TERMS), TERMS).items()}
    vocabulary = frozenset(string_list(path, read_json(path, VOCABULARY), VOCABULARY))
    ranker = None
    if RANKER in files:
        try:
            ranker = Ranker.from_json(ranker_fields(path, read_json(path, RANKER), FEATURES))
        except OtherFeatures as exc:
            raise TagmtError(f"{path}: {exc}: learn the model again") from exc
    lexicon = ({src: frozenset(trg) for src, trg in string_lists(path, read_json(path, LEXICON), LEXICON).items()}
               if LEXICON in files else {})
    examples = example_rows(path, read_json(path, EXAMPLES)) if EXAMPLES in files else []
    model = ProjectionModel(path, manifest, conventions, terms, vocabulary, ranker, lexicon, examples)
    model.check_priors()
    return model


def _left_aside(path: Path) -> Path | None:
    """The older model a `learn` killed between its two renames left beside `path` (`model._replace`)."""
    try:
        for entry in path.parent.iterdir():
            if entry.name.startswith(f".{path.name}.old-") and (entry / "model" / MANIFEST).is_file():
                return entry / "model"
    except OSError:
        pass
    return None


def _file_table(path: Path, files: dict) -> dict[str, tuple[int, str]]:
    needed = {PRIORS, *_HASHED}
    if not needed <= set(files):
        raise TagmtError(f"{path}: corrupt projection model ({MANIFEST} does not list {', '.join(sorted(needed))})")
    # optional: only a model whose examples taught a ranker has one, only one learned with a lexicon has it
    needed.update(name for name in _OPTIONAL if name in files)
    return file_table(path, files, needed)


def sha256_of(path: Path) -> str:
    """The SHA-256 of a model file, hex (memory: read in blocks); the manifest's and the check's."""
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
