"""Tagged → plain text: the one helper every caller uses (DP's MT input and few-shot examples, the text a
projection is given, the plain view, assessments).

The contract:

- every well-written tag is markup and removed, paired or not (``tagmt.markup.tokenize(orphans=True)``:
  what ``detag`` takes out), and nothing else is touched — the text between tags stays as written;
- ``escaped=True`` says the tagged string's text is XML-escaped (XLIFF, TMX, tagged line files): the five
  XML entities and numeric character references are then read as their characters (``Save &amp; close``
  → ``Save & close``), which is the natural text an MT system reads and writes; a bare ``&`` or an unknown
  reference (``&nbsp;``) is left as written (``corpus.xmltext.unescape``);
- ``escaped=False`` (the SAP tagged view, text already natural) returns the text as it is.

Callers must say which their input is: there is no default, because guessing is how ``Save &amp; close``
reached an LLM as few-shot text while the segment itself read ``Save & close``.
"""

from __future__ import annotations

from tagmt.xmltext import unescape
from tagmt.markup import strip, tokenize


def plain_text(tagged: str, *, escaped: bool) -> str:
    """``tagged`` without its tags; with ``escaped``, its text's references read as characters."""
    text = strip(tokenize(tagged, orphans=True))
    return unescape(text) if escaped else text
