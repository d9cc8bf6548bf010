"""The word links of a sentence pair: the type the aligners, the link store and the confidences share.

A leaf module (it imports nothing of tagmt), so that `align`, `confidence` and `wordstore` can all name
the type without importing each other.
"""

from __future__ import annotations

Links = set[tuple[int, int]]
"""One sentence pair's links: (source word index, target word index)."""
