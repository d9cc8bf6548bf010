"""Word boundaries of Unicode text (UAX #29) as character spans, from the `regex` module or ICU.

Both follow the word-boundary rules of Unicode Standard Annex #29, which keep a grapheme cluster
whole (a Devanagari virama, a Sinhala ZWJ, a Persian ZWNJ, an Arabic or Hebrew vowel mark stay in
their word) and keep `aujourd'hui`, `l·l`, `3,5` and `1,000.50` whole. They differ only where a
script is written without spaces: `regex` stops at grapheme clusters there, while ICU's break
iterator uses its dictionaries for Thai, Lao, Khmer and Myanmar (and Chinese and Japanese). So the
`regex` rules serve every script written with spaces (a core dependency, the same words whether
PyICU is installed or not) and ICU the four scripts that need a dictionary.

On top of either, the spans returned here never cut a grapheme cluster of the `regex` module
(`\\X`), never hold whitespace of their own (ICU joins an emoji and the space after it), and a run
of Thai, Lao, Khmer or Myanmar is cut off from letters or digits of another script written against
it (ICU joins `ไทยEnglish`), so a tag can end there.
"""

from __future__ import annotations

import functools
import threading
from typing import Iterable

import regex

from tagmt.errors import require
from tagmt.projection.profiles import unspaced
from tagmt.projection.scripts import DICTIONARY_SCRIPT, DICTIONARY_SCRIPTS

Span = tuple[int, int]

_BOUNDARY = regex.compile(r"(?w)\b")
"""With the WORD flag, `\\b` is the default Unicode word boundary of UAX #29."""
_CLUSTER = regex.compile(r"\X")
_JOINING = regex.compile(
    r"[\p{M}\p{Cf}\p{Sk}\p{GCB=Prepend}\p{GCB=Regional_Indicator}\x1c-\x1f"
    rf"{DICTIONARY_SCRIPTS}]"
)
_NEEDS_CLUSTERS = regex.compile(rf"[\s\x1c-\x1f{DICTIONARY_SCRIPTS}]")
"""A segment holding one of these is looked at cluster by cluster; any other is a word as it is
(`\\s` and the separators U+001C–U+001F: what Python's `str.isspace` calls whitespace)."""

DICTIONARY_LANGUAGES = unspaced.LANGUAGES
"""Languages written without spaces between words that ICU segments with a dictionary."""


def uax29_spans(text: str) -> list[Span]:
    """Words and single punctuation marks of `text` by the UAX #29 rules of the `regex` module."""
    bounds = sorted({0, len(text), *(m.start() for m in _BOUNDARY.finditer(text))})
    return _spans(text, bounds)


def icu_spans(text: str, lang: str) -> list[Span]:
    """Words and single punctuation marks of `text` by ICU's word break iterator for `lang`."""
    if not text:
        return []
    iterator = _icu_iterator(lang)
    iterator.setText(text)
    bounds = [0, *iterator]
    if len(text) != len(text.encode("utf-16-le")) // 2:  # ICU counts UTF-16 code units
        unit_to_char = {}
        unit = 0
        for k, char in enumerate(text):
            unit_to_char[unit] = k
            unit += 2 if ord(char) > 0xFFFF else 1
        unit_to_char[unit] = len(text)
        bounds = [unit_to_char[b] for b in bounds]
    return _spans(text, bounds)


_ICU_ITERATORS = threading.local()


def _icu_iterator(lang: str):
    """One word break iterator per language and thread: an iterator holds the text it splits."""
    cache = getattr(_ICU_ITERATORS, "by_lang", None)
    if cache is None:
        cache = _ICU_ITERATORS.by_lang = {}
    if lang not in cache:
        icu = require(
            "icu", "align", "word segmentation of Thai, Lao, Khmer and Myanmar (PyICU)"
        )
        cache[lang] = icu.BreakIterator.createWordInstance(icu.Locale(lang))
    return cache[lang]


_JIEBA_LOCK = threading.Lock()
_JIEBA: list = []


@functools.lru_cache(maxsize=None)
def jieba_available() -> bool:
    """Whether jieba can be imported (the `align` extra installs it)."""
    try:
        import jieba  # noqa: F401
    except ImportError:
        return False
    return True


def chinese_spans(text: str) -> list[Span]:
    """Words of Chinese `text` by jieba's dictionary (about 350,000 words with their frequencies: the
    most probable cut of each run of Han characters into dictionary words), whitespace left out.
    ICU's Chinese dictionary cuts many words of software text into single characters (`组|件`, `页|面`,
    `合|规`) and joins across others (`从优|化`, `为非|活动`); jieba knows them. Its hidden Markov model
    for unknown words is left off: it joins across word boundaries (`类字|段`), and measured worse
    (SAP en-zh CV 94.4 % without, 93.9 % with). The dictionary is read once a process (~0.5 s of CPU) and
    jieba's cache file is written to a temporary folder that is removed at once: nothing is read
    from or left in a shared folder."""
    if not text:
        return []
    with _JIEBA_LOCK:
        if not _JIEBA:
            import logging
            import tempfile

            jieba = require("jieba", "align", "Chinese word segmentation (jieba)")
            logging.getLogger("jieba").setLevel(logging.WARNING)
            tokenizer = jieba.Tokenizer()
            with tempfile.TemporaryDirectory(prefix="tagmt-jieba-") as folder:
                tokenizer.tmp_dir = folder
                tokenizer.initialize()
            _JIEBA.append(tokenizer)
    return [(a, b) for word, a, b in _JIEBA[0].tokenize(text, HMM=False) if not word.isspace()]


def icu_available() -> bool:
    """Whether PyICU can be imported (the `align` extra installs it as `pyicu-wheels`)."""
    try:
        import icu  # noqa: F401
    except ImportError:
        return False
    return True


def _spans(text: str, bounds: list[int]) -> list[Span]:
    """The words between word `bounds`: in text without marks, joiners, prepended letters,
    emoji modifiers, regional indicators or a dictionary script, every segment between two
    bounds is a word or whitespace; other text is looked at cluster by cluster."""
    if not _JOINING.search(text):
        return [(a, b) for a, b in zip(bounds, bounds[1:]) if not text[a:b].isspace()]
    return _words(text, _whole_clusters(text, bounds))


def _whole_clusters(text: str, bounds: list[int]) -> list[Span]:
    """Segments between `bounds` that do not fall inside a grapheme cluster: the word rules break
    after a prepended Malayalam reph (`ൎ:`) that `\\X` keeps with what follows, and ICU's
    clusters end at a lone virama where those of `regex` do not (`्क`)."""
    clusters = {0, *(m.end() for m in _CLUSTER.finditer(text))}
    kept = [b for b in bounds if b in clusters]
    return list(zip(kept, kept[1:]))


def _words(text: str, segments: Iterable[Span]) -> list[Span]:
    """The segments that are not whitespace, each cut at whitespace clusters inside it and between
    a dictionary script and another one."""
    spans: list[Span] = []
    for start, end in segments:
        piece = text[start:end]
        if not _NEEDS_CLUSTERS.search(piece):
            spans.append((start, end))
            continue
        run_start, run_class = None, None
        pos = start
        for cluster in _CLUSTER.findall(piece):
            cls = _cluster_class(cluster)
            if cls != run_class and run_start is not None and run_class != "space":
                spans.append((run_start, pos))
            if cls != run_class:
                run_start, run_class = pos, cls
            pos += len(cluster)
        if run_start is not None and run_class != "space":
            spans.append((run_start, pos))
    return spans


def _cluster_class(cluster: str) -> str:
    if cluster.isspace():
        return "space"
    if DICTIONARY_SCRIPT.match(cluster):
        return "dictionary"
    return "other"
