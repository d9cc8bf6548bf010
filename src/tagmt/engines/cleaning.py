"""Clean a chat model's answer down to the translation: what instruction-tuned models wrap around it.

Removed, in this order: reasoning blocks (``<think>…</think>``), a code fence around the answer (the
fenced part is kept), a lead-in line that announces the answer ("Here is the translation:", "Sure!
…:", "Translation (German):"), a label before the answer on the same line ("Translation: …",
"German: …"), a trailing note after a blank line ("Note: …", "(Note …"), and one pair of quotation
marks around the whole answer when the source is not itself quoted. Nothing inside the translation is
ever changed; an answer with none of these comes back stripped of surrounding whitespace only.
"""

from __future__ import annotations

import re

from tagmt.engines.prompts import language_name

_THINK = re.compile(r"<(think|thinking|reasoning)>.*?</\1>\s*", re.DOTALL | re.IGNORECASE)
# An unclosed reasoning block at the start (the answer was cut off, or the server dropped the end tag).
_THINK_OPEN = re.compile(r"^\s*<(think|thinking|reasoning)>.*\Z", re.DOTALL | re.IGNORECASE)
_FENCE = re.compile(r"```[\w+.-]*[ \t]*\n(.*?)\n?[ \t]*```", re.DOTALL)
_LEAD_WORDS = re.compile(
    r"\b(here\s+is|here's|here\s+are|sure|certainly|of\s+course|okay|ok|translation|translated|"
    r"translating|the\s+text|below)\b",
    re.IGNORECASE,
)
_NOTE = re.compile(r"\n\s*\n\s*[(\[]?\s*(note|notes|explanation|translator'?s?\s+note)\b.*\Z",
                   re.DOTALL | re.IGNORECASE)
_SOURCE_LABEL = re.compile(r"^\s*[^\s:：]{1,30}\s*[:：]")
_QUOTES = (('"', '"'), ("“", "”"), ("„", "“"), ("«", "»"), ("「", "」"), ("'", "'"))


def _label(trg_lang: str | None) -> re.Pattern[str]:
    names = ["translation", "translated text", "output", "answer"]
    if trg_lang:
        names += [re.escape(language_name(trg_lang)), re.escape(trg_lang)]
    return re.compile(r"^\s*(?:\*\*)?(?:" + "|".join(names) + r")(?:\s*\([^)\n]*\))?\s*:(?:\*\*)?[ \t]*(?=\S)",
                      re.IGNORECASE)


def _strip_lead_in(text: str, source: str) -> str:
    """Drop a first line that ends with a colon and reads as a lead-in, when more text follows and the
    answer has more lines than the source (a source line "Do this:" may well translate to one)."""
    first, sep, rest = text.partition("\n")
    line = first.strip().strip("*").strip()
    more_lines = len(text.strip().splitlines()) > len(source.strip().splitlines())
    if sep and rest.strip() and more_lines and line.endswith(":") and len(line) <= 120 and _LEAD_WORDS.search(line):
        return rest.strip()
    return text


def _unquote(text: str, source: str) -> str:
    for left, right in _QUOTES:
        if (len(text) >= 2 and text.startswith(left) and text.endswith(right)
                and not source.strip().startswith(left) and left not in text[1:-1] and right not in text[1:-1]):
            return text[1:-1].strip()
    return text


def clean_output(text: str, source: str = "", trg_lang: str | None = None) -> str:
    """The translation inside a chat model's ``text`` answer to ``source`` (see the module docstring)."""
    text = _THINK.sub("", text)
    text = _THINK_OPEN.sub("", text)
    if "```" not in source:
        fenced = _FENCE.search(text)
        if fenced:
            text = fenced.group(1)
        else:  # a lone opening fence (the answer was cut off before it closed)
            text = re.sub(r"^\s*```[\w+.-]*[ \t]*\n", "", text)
    text = text.strip()
    text = _strip_lead_in(text, source)
    if not _SOURCE_LABEL.match(source):  # a source that starts "Name: …" may keep a label in translation
        text = _label(trg_lang).sub("", text, count=1)
    if "\n\n" not in source:
        text = _NOTE.sub("", text)
    return _unquote(text.strip(), source)
