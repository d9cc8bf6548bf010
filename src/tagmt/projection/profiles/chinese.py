"""Chinese (`zh` simplified, `zf` traditional): one word per Han character for the aligner, jieba's
dictionary words for the edges, and the circumposition stage `chinese-phrases` (`chinesegrammar.py`).

The function characters, the particle `的`, the localizers and the circumposition's prepositions are listed
here; the rules that read Chinese find it by its script today (`scripts.looks_chinese`: Han without kana or
Hangul).
"""

from __future__ import annotations

from tagmt.projection.profiles import Profile

FAMILY = "chinese"
LANGUAGES = frozenset({"zh", "zf"})
SEGMENTER = "chars"
EXTRA_STAGES = ("chinese-phrases",)
"""The stage that keeps circumpositions and aspect adverbs whole (`chinesegrammar.keep_phrases`)."""

FUNCTION_CHARACTERS = frozenset("了和与及或在对为将把被从向于是等个并也就都而则由以之其")
"""Chinese function characters: prepositions, conjunctions, measure words, aspect particles (kind `other`
for the `chars` segmenter)."""
PARTICLES = frozenset("的")
"""The attributive particle (kind `particle`)."""
POSTPOSITIONS = frozenset("中下上时内里后")
"""Localizers written after a noun phrase (`在<X>中`, `<X>时`): a span does not end on one (kind
`postposition`; simplified only: the segmenter's list, not `LOCALIZERS`)."""

PREPOSITIONS = frozenset("在从從于於自当當")
"""Prepositions that open a circumposition (`在…中`, `从…上`, `于…下`, `自…后`, `当…时`),
in simplified and traditional writing."""
NEGATIONS = frozenset("不未")
"""A negation may stand before the preposition (`不在范围内`: not in scope)."""
LOCALIZERS = frozenset("中内內上下里裡裏外前后後间間时時")
"""Localizers that close a circumposition, simplified and traditional; also as `之X` and `以X`
(`之中`, `以内`: `LOCALIZER_PREFIXES`)."""
LOCALIZER_PREFIXES = "之以"
ASPECT = frozenset("已未")
"""Adverbs bound to the verb after them: the perfective `已` (already), `未` (not yet)."""

COUNTERS = ("分钟", "分鐘", "小时", "小時", "字节", "位元組", "个", "個", "项", "項", "条", "條", "件", "次", "人", "秒",
            "天", "页", "頁", "张", "張", "位", "名", "行", "%", "％")
"""Measure words and units written right after their number (`%d 个文件`, `%d秒`)."""


def profile(code: str) -> Profile:
    return Profile(code=code, family=FAMILY, segmenter=SEGMENTER, particles=PARTICLES,
                   function_words=FUNCTION_CHARACTERS, postpositions=POSTPOSITIONS, extra_stages=EXTRA_STAGES,
                   phrase_followers=(*COUNTERS, *sorted(PARTICLES), *sorted(POSTPOSITIONS)),
                   counters=frozenset(COUNTERS), genitive_first=True)
