"""A second "system" for report pages, tests and benchmarks: a tagged reference with its tags disturbed.

``perturb(segment, rng)`` does one of: nothing, drop a tag, move a tag a few characters, insert a
``<b>…</b>`` pair, or change an attribute value — so a page has every kind of tag error to show
without a model. Deterministic for a seeded ``random.Random``.
"""

from __future__ import annotations

import random
import re
from typing import Iterable

from tagmt.markup import tokenize

_ATTRIBUTE = re.compile(r'(=\s*")([^"<]*)(")')


def perturb(segment: str, rng: random.Random) -> str:
    """``segment`` with (at most) one tag error; its text without markup is kept."""
    tokens = tokenize(segment)
    markup = [k for k, t in enumerate(tokens) if t.is_markup]
    choice = rng.random()
    if not markup or choice < 0.35:
        if choice < 0.15 and len(segment) > 8:  # insert a pair around a word
            words = [m for m in re.finditer(r"\w{3,}", segment) if not _inside_tag(segment, m.start(), tokens)]
            if words:
                m = rng.choice(words)
                return segment[: m.start()] + "<b>" + m.group() + "</b>" + segment[m.end():]
        return segment
    k = rng.choice(markup)
    texts = [t.text for t in tokens]
    if choice < 0.55:  # drop
        texts[k] = ""
        return "".join(texts)
    if choice < 0.85:  # move by a few characters of the neighbouring text
        tag = texts.pop(k)
        plain = "".join(texts)
        cut = sum(len(t) for t in texts[:k])
        step = rng.choice([-4, -3, -2, 2, 3, 5])
        target = min(max(0, cut + step), len(plain))
        while 0 < target < len(plain) and _inside_tag(plain, target, tokenize(plain)):
            target += 1
        return plain[:target] + tag + plain[target:]
    changed = _ATTRIBUTE.sub(lambda m: m.group(1) + m.group(2) + "x" + m.group(3), texts[k], count=1)
    texts[k] = changed
    return "".join(texts)


def _inside_tag(text: str, offset: int, tokens) -> bool:
    return any(t.is_markup and t.start < offset < t.end for t in tokens)


def perturb_all(segments: Iterable[str], seed: int = 1) -> list[str]:
    """Every segment perturbed with one seeded generator."""
    rng = random.Random(seed)
    return [perturb(s, rng) for s in segments]
