"""Thai, Lao, Khmer and Myanmar: written without spaces between words, cut by ICU's dictionaries
(`wordbreak.icu_spans`; PyICU, the `align` extra). No word lists of their own yet.
"""

from __future__ import annotations

from tagmt.projection.profiles import Profile

FAMILY = "unspaced"
LANGUAGES = frozenset({"th", "lo", "km", "my"})
SEGMENTER = "icu"


def profile(code: str) -> Profile:
    return Profile(code=code, family=FAMILY, segmenter=SEGMENTER)
