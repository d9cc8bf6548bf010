"""Language profiles: what projection knows of a language, chosen by its code, in one place.

A profile says which word segmenter reads the language, its particles and function words (the words a tag's
edge leaves outside or takes in), how it writes compounds and quotations, and which extra stages of the
projection pipeline run for it. One module per language or family beside this one; the script ranges that
rules test characters against live in `tagmt.projection.scripts`, nowhere else.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Profile:
    """One language's profile (`profile_for(code)`)."""

    code: str
    """tagmt's language code (`languages.parse(...).code`: `zf` for Traditional Chinese)."""
    family: str
    """`japanese`, `korean`, `chinese`, `spaced` (words between spaces: Latin, Cyrillic, Greek…) or `unspaced`
    (dictionary word breaks: Thai, Lao, Khmer, Myanmar)."""
    segmenter: str
    """The word segmenter that reads it (`wordseg`): `mecab-ja`, `mecab-ko`, `jieba`, `icu` or `uax29`."""
    particles: frozenset[str] = field(default_factory=frozenset)
    function_words: frozenset[str] = field(default_factory=frozenset)
    quote_marks: tuple[tuple[str, str], ...] = ()
    """Opening and closing quotation marks the language writes around a label."""
    extra_stages: tuple[str, ...] = ()
    """Names of the pipeline stages that run for this language only, after the common ones."""


_FAMILIES = {"ja": "japanese", "ko": "korean", "zh": "chinese", "zf": "chinese"}


def profile_for(code: str) -> Profile:
    """The profile of the language `code` (`fr`, `fr_XX`, `fr-FR`, `zf`); a language without a module of its
    own gets its family's (words between spaces, or dictionary word breaks)."""
    from tagmt.projection.wordseg import DICTIONARY_LANGUAGES, base_language, default_segmenter_name

    base = base_language(code)
    family = _FAMILIES.get(base) or ("unspaced" if base in DICTIONARY_LANGUAGES else "spaced")
    extra = ("chinese-phrases",) if family == "chinese" else ()
    return Profile(code=base, family=family, segmenter=default_segmenter_name(code), extra_stages=extra)
