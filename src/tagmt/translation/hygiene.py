"""What the MT model writes that is not the source's markup, and how runs deal with it (counted in a
:class:`RunReport`, said on stderr and kept in run records).

* **DP**: tags come only from projection, so tag-like text the model writes itself (anything
  ``tagmt.markup`` reads as a tag or a comment in its plain translation, e.g. ``<b>`` or
  ``<uicontrol>``, unless the source's own text has it) is **removed** from the translation before
  projection — the tags go, the words between them stay. The output then carries exactly the source's
  tags.
* **DT** on formats with escaped text (XLIFF, TMX, tagged line files): the model's output keeps the source's
  tags where it kept them well formed; a tag that is not one of the source's, or a source tag it broke
  (left unclosed, closed out of order, or repeated), is removed — unless the source is not well formed
  itself (a tag closed or opened in another segment, overlapping tags, ``<br>``): its tags are then kept
  wherever the output has them, each as often as the source has it; text is XML-escaped canonically (a bare
  ``&`` becomes ``&amp;``), so every output is well formed and restores to valid codes. DT on the SAP
  tagged view (text not escaped) keeps the model's output exactly as it is, as the paper scores it.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, fields

from tagmt.xmltext import normalize
from tagmt.markup import COMMENT, DECLARATION, Token, tokenize, unpaired


#: Below this many sentence pairs a statistical aligner has seen most content words once or never, and tag
#: placement rests on identical words and anchors (the 9-unit sample XLIFF places 4–5 of 9 tags exactly;
#: EUR-Lex's 1,888 pairs 97 %): the run says so and how to give it more text.
FEW_ALIGNER_PAIRS = 100


@dataclass
class RunReport:
    """Counts of what a run changed besides translating (zero when nothing)."""

    segments: int = 0
    #: DP: tag-like tokens the model wrote itself, removed before projection (and the segments affected)
    model_tags_removed: int = 0
    segments_with_model_tags: int = 0
    #: DT: tags removed from the output because they were not the source's or were broken or repeated
    dt_tags_removed: int = 0
    segments_with_dt_tags_removed: int = 0
    #: segments whose text needed XML escaping (a bare ``&``, ``<`` or ``>`` written by the model)
    segments_escaped: int = 0
    #: sentence pairs a statistical aligner (eflomal) learned its word links from (0: none ran)
    aligner_pairs: int = 0
    #: DP: the bilingual dictionaries whose entries anchored word links (`project/lexicon.py`), comma-separated;
    #: NO_DICTIONARY when the installed ones were asked for and none is installed for the pair ("": not asked)
    dictionaries: str = ""
    #: ``--on-engine-failure skip``: the segments the engine kept failing on, left untranslated (index in the
    #: run → reason); listed by the run, not a count (left out of ``as_dict``)
    skipped: dict[int, str] = field(default_factory=dict)

    def as_dict(self) -> dict[str, int | str]:
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name != "skipped"}

    def lines(self) -> list[str]:
        """One line per kind of change that happened, for stderr."""
        out = []
        if self.model_tags_removed:
            out.append(
                f"removed {self.model_tags_removed} tag-like tokens that the model wrote itself in "
                f"{self.segments_with_model_tags} of {self.segments} translations (dp puts only the source's tags back)"
            )
        if self.dt_tags_removed:
            out.append(
                f"removed {self.dt_tags_removed} tags from {self.segments_with_dt_tags_removed} of {self.segments} "
                "outputs: not the source's, or broken or repeated by the model"
            )
        # segments_escaped is not said: escaping & < > is what the format requires, nothing to act on (it stays
        # in the run record)
        if 0 < self.aligner_pairs < FEW_ALIGNER_PAIRS:
            out.append(
                f"eflomal learned its word links from {self.aligner_pairs} sentence pairs only, too few to learn "
                "most words: tags may land on the wrong words; give it more parallel text of the domain "
                "(--align-corpus SRC TRG, or tagged --examples)"
            )
        if self.dictionaries and not self.dictionaries.startswith(NO_DICTIONARY):
            out.append(f"word links anchored with the bilingual dictionaries {self.dictionaries} (--lexicon none: "
                       "without)")
        if self.dictionaries.startswith(NO_DICTIONARY):
            pair = self.dictionaries[len(NO_DICTIONARY):].strip()
            out.append(
                f"no bilingual dictionary is installed for {pair}: words a small corpus cannot teach may be linked "
                "wrong; install FreeDict's (apt install dict-freedict-eng-deu dict-freedict-deu-eng, likewise for "
                "other pairs; Chinese: pip install \"tagmt[lexicon]\") or give your own (--lexicon FILE, "
                "source<TAB>target lines)"
            )
        return out


NO_DICTIONARY = "none installed"
"""`RunReport.dictionaries` when the installed dictionaries were asked for and none is (followed by the pair)."""


def remove_model_tags(translation: str, source: str = "") -> tuple[str, int]:
    """The translation without the tags and comments the model wrote itself, and how many there were.

    ``source`` is the plain source text the model read: tag-like text that is in it (``<name>`` written as
    text in the source) is the source's own text carried over, not the model's markup, and stays."""
    if "<" not in translation:
        return translation, 0
    kept: list[str] = []
    removed = 0
    for token in tokenize(translation, orphans=True):
        if token.is_markup and token.text not in source:
            removed += 1
        else:
            kept.append(token.text)
    return ("".join(kept), removed) if removed else (translation, 0)


def clean_direct_output(source: str, output: str) -> tuple[str, int]:
    """A DT output with only the source's tags, well nested and each used at most as often as in the
    source, and its text canonically escaped; returns it and the number of tags removed.

    Tags are compared by kind, name and attributes (``<g id="1" >`` is ``<g id="1">``) and written as the
    source writes them.
    """
    if "<" not in output:  # (text alone: one text token, nothing to remove)
        clean = normalize(output) if output else output
        return (output if clean == output else clean), 0
    available: Counter[tuple] = Counter()
    written: dict[tuple, str] = {}
    source_tokens = tokenize(source, orphans=True)
    for token in source_tokens:
        if token.is_markup:
            available[_identity(token)] += 1
            written.setdefault(_identity(token), token.text)
    tokens = tokenize(output, orphans=True)
    keep = _kept_markup(tokens, available, bool(unpaired(source_tokens)))
    out: list[str] = []
    removed = 0
    for k, token in enumerate(tokens):
        if not token.is_markup:
            out.append(normalize(token.text))
        elif k in keep:
            out.append(written.get(_identity(token), token.text) if token.kind != "end" else token.text)
        else:
            removed += 1
    clean = "".join(out)
    return (output if clean == output else clean), removed  # (the output kept when unchanged: not held twice)


def _kept_markup(tokens: list[Token], available: Counter, malformed: bool = False) -> set[int]:
    """Indices of the markup tokens to keep: source tags, within their counts, start and end tags paired.
    A `malformed` source (a tag whose partner is in another segment, overlapping elements, `<br>`) cannot
    ask for well-nested output: every source tag the output has is kept then, within its count."""
    left = Counter(available)
    keep: set[int] = set()
    stack: list[int] = []
    for k, token in enumerate(tokens):
        if not token.is_markup:
            continue
        identity = _identity(token)
        if token.kind == "end":
            if stack and tokens[stack[-1]].name == token.name and left[identity] > 0:
                left[identity] -= 1
                keep.add(stack.pop())
                keep.add(k)
            continue
        if left[identity] <= 0:
            continue
        if token.kind == "start":
            left[identity] -= 1
            stack.append(k)
        else:
            left[identity] -= 1
            keep.add(k)
    if not malformed:
        return keep  # starts still on the stack were never closed: dropped
    for k in stack:
        left[_identity(tokens[k])] += 1
    for k, token in enumerate(tokens):
        if token.is_markup and k not in keep and left[_identity(token)] > 0:
            left[_identity(token)] -= 1
            keep.add(k)
    return keep


def _identity(token: Token) -> tuple:
    """A tag's kind, name and attributes (in order), whatever its spacing and quotes."""
    if token.kind == "end":
        return ("end", token.name)
    if token.kind == "empty" and token.name in (COMMENT, DECLARATION):
        return (token.name, token.text)
    attributes = tuple(
        (name, value if value is not None else other)
        for name, value, other in re.findall(r"""([^\s=<>/"']+)\s*=\s*(?:"([^"]*)"|'([^']*)')""", token.text)
    )
    return (token.kind, token.name, attributes)
