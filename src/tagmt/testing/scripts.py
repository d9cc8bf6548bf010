"""Text of every script M2M-100 and mBART-50 cover, for the word segmentation and projection tests:
per script, a language that writes it and an alphabet drawn from its Unicode block (assigned
characters only), to which the tests add combining marks, joiners, spaces, digits and punctuation."""

from __future__ import annotations

import unicodedata
from functools import lru_cache

BLOCKS: dict[str, tuple[str, int, int]] = {
    # script: (a language of M2M-100 / mBART-50 that writes it, first and last code point)
    "Latin": ("en", 0x0041, 0x024F),
    "Greek": ("el", 0x0370, 0x03FF),
    "Cyrillic": ("ru", 0x0400, 0x04FF),
    "Armenian": ("hy", 0x0531, 0x058A),
    "Hebrew": ("he", 0x0591, 0x05F4),
    "Arabic": ("ar", 0x0600, 0x06FF),
    "Devanagari": ("hi", 0x0900, 0x097F),
    "Bengali": ("bn", 0x0980, 0x09FE),
    "Gurmukhi": ("pa", 0x0A01, 0x0A76),
    "Gujarati": ("gu", 0x0A81, 0x0AFF),
    "Oriya": ("or", 0x0B01, 0x0B77),
    "Tamil": ("ta", 0x0B82, 0x0BFA),
    "Telugu": ("te", 0x0C00, 0x0C7F),
    "Kannada": ("kn", 0x0C80, 0x0CF3),
    "Malayalam": ("ml", 0x0D00, 0x0D7F),
    "Sinhala": ("si", 0x0D81, 0x0DF4),
    "Thai": ("th", 0x0E01, 0x0E5B),
    "Lao": ("lo", 0x0E81, 0x0EDF),
    "Myanmar": ("my", 0x1000, 0x109F),
    "Georgian": ("ka", 0x10A0, 0x10FF),
    "Ethiopic": ("am", 0x1200, 0x137C),
    "Khmer": ("km", 0x1780, 0x17F9),
}

EXTRAS = (
    "\u0300\u0301\u0308\u0323"  # combining grave, acute, diaeresis, dot below
    "\u200c\u200d"  # zero-width non-joiner, joiner
    "   \u00a0\u202f"  # spaces, no-break and narrow no-break
    "0123456789"
    ".,;:!?'’-()«»\"/%"
    "😀\U0001d400"  # characters outside the Basic Multilingual Plane (two UTF-16 units)
)


@lru_cache(maxsize=None)
def alphabet(script: str) -> str:
    """The assigned characters of the script's block, and the extras."""
    _, first, last = BLOCKS[script]
    letters = "".join(
        chr(c) for c in range(first, last + 1) if unicodedata.category(chr(c)) != "Cn"
    )
    return letters + EXTRAS
