"""The Auto-Markup BenchMark's own definitions (prescod/markup-metrics), rebuilt for ``compat="original"``.

* Tokens: its SAX handler over Python's ``xml.sax`` (expat, no namespace processing): ``<name ``,
  sorted ``attr="value" `` (``id`` -> ``ID <k>``), ``>``, ``</name>`` and one token per text run — where
  the run is the parser's character chunks joined *with a space* before whitespace is collapsed, so
  ``AT&amp;T`` (three chunks) becomes ``AT & T`` and a word cut by expat's 64 KiB read buffer becomes
  two words.
* TER: ``pyter.ter`` (pyter3 on PyPI): full Levenshtein distance (no beam); a shift is any phrase of
  the hypothesis that equals the reference at another index, taken at its longest, moved to that
  reference index; each round takes the shift with the largest gain (ties: the lexicographically
  largest resulting token list) while the gain is positive; no limits on shift size, distance or
  number of candidates. ``pyter_edit_rate`` computes the same number with a C edit distance
  (rapidfuzz) instead of pyter's pure-Python one.
* Validity: lxml's recovering parser; *every* log entry counts as an error (warnings too), and with a
  DOCTYPE the whole document is parsed again with DTD validation and all of that log is added (so
  well-formedness errors count twice); the element count includes comments and processing
  instructions; ``100 * max(0, total - errors) / total``.
"""

from __future__ import annotations

import io
import xml.sax
import xml.sax.handler
import xml.sax.xmlreader
from typing import Hashable, Sequence

from rapidfuzz.distance import Levenshtein


class _SaxTokens(xml.sax.ContentHandler):
    def __init__(self) -> None:
        super().__init__()
        self.tokens: list[str] = []
        self.chars: list[str] = []

    def startElement(self, name, attrs):  # noqa: N802 - SAX's name
        self._flush()
        self.tokens.append(f"<{name} ")
        for key, value in sorted(attrs.items()):
            if key == "id":
                value = f"ID {len(self.tokens)}"
            self.tokens.append(f'{key}="{value}" ')
        self.tokens.append(">")

    def endElement(self, name):  # noqa: N802
        self._flush()
        self.tokens.append(f"</{name}>")

    def characters(self, content):
        self.chars.append(content)

    def _flush(self) -> None:
        if self.chars:
            text = " ".join(" ".join(self.chars).split())
            if text:
                self.tokens.append(text)
        self.chars = []


def sax_tokens(document: str) -> list[str]:
    """The original tokenizer's tokens; raises ``xml.sax.SAXParseException`` when not well-formed."""
    handler = _SaxTokens()
    parser = xml.sax.make_parser()
    # Python's defaults already refuse external entities; set them explicitly so a changed default
    # can never make a hypothesis read local files.
    parser.setFeature(xml.sax.handler.feature_external_ges, False)
    parser.setFeature(xml.sax.handler.feature_external_pes, False)
    parser.setContentHandler(handler)
    source = xml.sax.xmlreader.InputSource()
    source.setCharacterStream(io.StringIO(document))  # as xml.sax.parseString does with a str
    parser.parse(source)
    return handler.tokens


def _find_pairs(hyp: Sequence[int], ref: Sequence[int], positions: dict[int, list[int]]):
    """pyter's shift candidates: ``(i1, i2, length)`` for ``hyp[i1] == ref[i2]``, ``i1 != i2``, longest run."""
    n_h, n_r = len(hyp), len(ref)
    for i1, token in enumerate(hyp):
        for i2 in positions.get(token, ()):
            if i1 == i2:
                continue
            length = 1
            while i1 + length < n_h and i2 + length < n_r and hyp[i1 + length] == ref[i2 + length]:
                length += 1
            yield i1, i2, length


def pyter_edit_rate(hyp: Sequence[Hashable], ref: Sequence[Hashable]) -> float:
    """``pyter.ter(hyp, ref)``: (shifts + edit distance) / reference length, the same number, faster.

    The greedy loop and its tie rule are pyter's; only the edit distance is computed by rapidfuzz (an
    exact Levenshtein distance on token ids, as pyter's cached one is). Shifts that leave the list
    unchanged are skipped: their gain is 0, and a round whose best gain is 0 stops the search anyway.
    """
    if not ref:
        raise ZeroDivisionError("pyter divides by the reference length, which is 0")
    vocab: dict[Hashable, int] = {}
    ref_ids = [vocab.setdefault(t, len(vocab)) for t in ref]
    current = [vocab.setdefault(t, len(vocab)) for t in hyp]
    text = {i: t for t, i in vocab.items()}
    positions: dict[int, list[int]] = {}
    for j, token in enumerate(ref_ids):
        positions.setdefault(token, []).append(j)
    distance = Levenshtein.distance
    shifts = 0
    while True:
        before = distance(current, ref_ids)
        best_gain, best = 0, None
        for i1, i2, length in _find_pairs(current, ref_ids, positions):
            shifted = current[:i1] + current[i1 + length:]
            shifted[i2:i2] = current[i1:i1 + length]
            if shifted == current:
                continue
            gain = before - distance(shifted, ref_ids)
            if gain > best_gain or (gain == best_gain and best is not None and _later(shifted, best, text)):
                best_gain, best = gain, shifted
        if best is None or best_gain <= 0:
            break
        shifts += 1
        current = best
    return (shifts + distance(current, ref_ids)) / len(ref_ids)


def _later(a: list[int], b: list[int], text: dict[int, Hashable]) -> bool:
    """pyter sorts ``(gain, shifted_words)``: among equal gains the larger token list (as strings) wins."""
    return [text[i] for i in a] > [text[i] for i in b]
