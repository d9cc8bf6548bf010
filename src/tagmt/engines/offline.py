"""The offline engines: ``copy`` (the source unchanged, the lower bound of every metric), ``reference``
(the reference itself, so that a DP run measures tag projection alone) and ``pseudo`` (a pseudo-translation:
accented look-alikes, the text longer by a set share, in brackets, every tag and placeholder kept — how
localization teams test that a file survives the round trip and that the product takes longer strings)."""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING, Sequence

from tagmt.engines.base import Engine
from tagmt.errors import TagmtError
from tagmt.markup import tokenize
from tagmt.xmltext import escape, unescape

if TYPE_CHECKING:
    from tagmt.engines.options import EngineOptions

OFFLINE_ENGINES = ("copy", "reference", "pseudo")
#: The engines whose output does not depend on the languages (``translate`` runs them on a file that names
#: none, and without --approach: dt).
LANGUAGE_FREE = ("copy", "pseudo")
#: How much longer ``pseudo`` makes a text unless told (``--pseudo-expansion``): 30 %, the share German
#: or Finnish commonly needs over English.
PSEUDO_EXPANSION = 0.3
_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_ALIKES = "åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"
_LOOKALIKE = str.maketrans(_LETTERS, _ALIKES)
#: What pseudo never changes inside text: placeholders of every kind (also where they are not codes:
#: Symfony's ``%name%``, Chrome's ``$NAME$``, Laravel's ``:name``, ``__name__``), URLs and e-mail addresses,
#: character references, and stand-ins (``tagmt.translation.standins``: U+FDD0–U+FDEF). (Keeping too much only
#: leaves a few letters as they are; keeping too little breaks a placeholder.)
_KEEP = re.compile("|".join([
    r"%[A-Za-z_][\w.]*%", r"\$[A-Za-z_]\w*\$", r"(?<![\w:]):[A-Za-z_]\w*", r"__[A-Za-z]\w*__",
    r"(?:https?|ftp)://[^\s<>\"'()\[\]{}]+", r"\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+",
    r"%(?:\d+\$)?[-+#0']*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:hh|h|ll|l|L|q|j|z|t)?[diouxXeEfFgGaAcspn@%]",
    r"%\([^()\s]+\)[-+#0]*(?:\d+|\*)?(?:\.(?:\d+|\*))?[diouxXeEfFgGcrsa%]",
    r"\{\{[^{}]*\}\}", r"\{[^{}]*\}", r"&#?\w+;", "[\ufdd0-\ufdef]+"]))
#: In plain text (DP) also what looks like a tag: the pipeline keeps the model's own tag-like text only where
#: the source has it.
_KEEP_PLAIN = re.compile(f"{_KEEP.pattern}|</?[A-Za-z][^<>]*>")


_ICU_HEAD = re.compile(r"\{\s*[\w.\-]+\s*,\s*(?:plural|select|selectordinal)\s*,(?:\s*offset:\s*\d+)?")
_ICU_SELECTOR = re.compile(r"\s*=?[\w.\-]+\s*\{")
#: Nesting of braces followed deeper than this is left as text (a segment is short; no stack runs out).
_MAX_BRACES = 50


def _closing(text: str, at: int) -> int:
    """The index of the ``}`` closing the ``{`` at ``at``, or -1 (unbalanced, or nested too deep)."""
    depth = 0
    for i in range(at, len(text)):
        char = text[i]
        if char == "{":
            depth += 1
            if depth > _MAX_BRACES:
                return -1
        elif char == "}":
            depth -= 1
            if depth == 0:
                return i
    return -1


def _brace_pieces(text: str, out: list[tuple[bool, str]]) -> None:
    """``text`` cut into (translatable, piece): a balanced ``{…}`` group is kept whole (a template
    expression, an argument), except an ICU plural/select, whose argument, keywords, selectors and braces are
    kept and whose sub-messages are text (cut the same way)."""
    at = 0
    while True:
        brace = text.find("{", at)
        end = _closing(text, brace) if brace >= 0 else -1
        if end < 0:
            out.append((True, text[at:]))
            return
        out.append((True, text[at:brace]))
        head = _ICU_HEAD.match(text, brace)
        if head is None:
            out.append((False, text[brace:end + 1]))
        else:
            out.append((False, head.group()))
            pos = head.end()
            while (selector := _ICU_SELECTOR.match(text, pos, end)) is not None:
                close = _closing(text, selector.end() - 1)
                if close < 0 or close > end:
                    break
                out.append((False, selector.group()))
                _brace_pieces(text[selector.end():close], out)
                out.append((False, "}"))
                pos = close + 1
            out.append((False, text[pos:end + 1]))
        at = end + 1


def pseudo_text(text: str, keep: re.Pattern[str] = _KEEP) -> str:
    """``text`` (plain) with ASCII letters as accented look-alikes; placeholders, references and balanced
    brace groups kept (an ICU plural/select's sub-messages are text)."""
    out: list[str] = []
    pieces: list[tuple[bool, str]] = []
    _brace_pieces(text, pieces) if "{" in text else pieces.append((True, text))
    for translatable, piece in pieces:
        if not translatable:
            out.append(piece)
            continue
        at = 0
        for match in keep.finditer(piece):
            out.append(piece[at:match.start()].translate(_LOOKALIKE))
            out.append(match.group())
            at = match.end()
        out.append(piece[at:].translate(_LOOKALIKE))
    return "".join(out)


def pseudo_translate(text: str, expansion: float = PSEUDO_EXPANSION, tagged: bool = True) -> str:
    """The pseudo-translation of one segment: ``[`` + its text in look-alikes + ``·`` padding that makes the
    text ⌈share × length⌉ characters longer + ``]`` (its leading and trailing blank space outside); every tag (``tagged``: text is XML-escaped and the tags
    of ``tagmt.markup`` are kept as they are) in place. A segment without letters or digits is kept."""
    if tagged:
        tokens = tokenize(text, orphans=True)
        plain = "".join(unescape(t.text) for t in tokens if t.kind == "text")
        body = _pseudo_tagged(tokens)
    else:
        plain, body = text, pseudo_text(text, _KEEP_PLAIN)
    if not any(c.isalnum() for c in plain):
        return text
    # (leading and trailing blank space stay outside the brackets: a PO msgid's final "\n", a Markdown line's
    # hard break and a value's padding are the format's, and its checks compare them with the source's)
    core = body.strip()
    lead = body[:len(body) - len(body.lstrip())]
    trail = body[len(body.rstrip()):] if core else ""
    return f"{lead}[{core}{'·' * math.ceil(expansion * len(plain.strip()))}]{trail}"


_SENTINELS = 0xF0000  # (a private-use plane: one character stands for each tag while the text is read whole)


def _pseudo_tagged(tokens: list) -> str:
    """The tagged segment's text pseudo-translated as one string, each tag a stand-in character, so that an
    ICU message or a brace group whose arguments are codes (``{n, plural, other {<x id="1"/> files}}``) is
    read whole; the tags then put back as they were and the text escaped again."""
    texts = [unescape(t.text) for t in tokens if t.kind == "text"]
    tags = [t.text for t in tokens if t.kind != "text"]
    if len(tags) >= 0xFFFD or any(chr(_SENTINELS) <= c for t in texts for c in t if ord(c) >= _SENTINELS):
        return "".join(escape(pseudo_text(unescape(t.text))) if t.kind == "text" else t.text for t in tokens)
    joined: list[str] = []
    k = 0
    for token in tokens:
        if token.kind == "text":
            joined.append(unescape(token.text))
        else:
            joined.append(chr(_SENTINELS + k))
            k += 1
    if not tags:
        return escape(pseudo_text("".join(joined)))
    pieces = re.split(f"([{chr(_SENTINELS)}-{chr(_SENTINELS + len(tags) - 1)}])", pseudo_text("".join(joined)))
    return "".join(escape(p) if n % 2 == 0 else tags[ord(p) - _SENTINELS] for n, p in enumerate(pieces))


class _OfflineEngine(Engine):
    """An engine that needs nothing and is named by its own name (`--model copy`)."""

    offline = True

    @classmethod
    def serves(cls, model: str) -> bool:
        return model == cls.engine_name


class CopyEngine(_OfflineEngine):
    """Returns the source unchanged: the lower bound of every metric."""

    name = engine_name = "copy"

    @classmethod
    def load(cls, options: "EngineOptions", *, references: Sequence[str] | None = None, option: str = "--model",
             approach: str = "dt") -> "CopyEngine":
        return cls()

    def translate(self, texts: list[str], src_lang: str, trg_lang: str) -> list[str]:
        return list(texts)


class PseudoEngine(_OfflineEngine):
    """A pseudo-translation (:func:`pseudo_translate`), deterministic: DT gets tagged text and keeps the tags;
    DP gets plain text (with stand-ins for standalone codes, which it keeps)."""

    name = engine_name = "pseudo"

    @classmethod
    def load(cls, options: "EngineOptions", *, references: Sequence[str] | None = None, option: str = "--model",
             approach: str = "dt") -> "PseudoEngine":
        expansion = options.pseudo_expansion
        return cls(PSEUDO_EXPANSION if expansion is None else expansion, tagged=approach != "dp",
                   charset=options.pseudo_charset)

    def __init__(self, expansion: float = PSEUDO_EXPANSION, tagged: bool = True, charset: str | None = None) -> None:
        if not 0 <= expansion <= 10:
            raise TagmtError(f"--pseudo-expansion must be a share between 0 and 10, not {expansion}")
        self.expansion, self.tagged, self.charset = expansion, tagged, charset

    def for_approach(self, approach: str) -> "PseudoEngine":
        return PseudoEngine(self.expansion, tagged=approach not in ("dp",), charset=self.charset)

    def settings(self) -> dict:
        return {"pseudo_expansion": self.expansion}

    def translate(self, texts: list[str], src_lang: str, trg_lang: str) -> list[str]:
        done = [pseudo_translate(text, self.expansion, self.tagged) for text in texts]
        return done if self.charset is None else [writable(text, self.charset) for text in done]


#: A look-alike or the padding back to what any encoding writes (a legacy document's pseudo-translation)
_PLAIN = {ord(alike): plain for plain, alike in zip(_LETTERS, _ALIKES)}
_PLAIN[ord("·")] = "~"


def writable(text: str, charset: str) -> str:
    """``text`` (a pseudo-translation) with each look-alike ``charset`` cannot write back as its plain letter
    (and the padding ``·`` as ``~``): a document in ISO-8859-2 or Shift_JIS keeps the look-alikes it has."""
    try:
        text.encode(charset)
        return text
    except UnicodeEncodeError:
        pass
    out = []
    for char in text:
        try:
            char.encode(charset)
            out.append(char)
        except UnicodeEncodeError:
            out.append(_PLAIN.get(ord(char), char))
    return "".join(out)


class ReferenceEngine(_OfflineEngine):
    """Returns the reference of each segment, so that a DP run measures tag projection alone.

    It is built for one list of segments and must be asked for exactly that list, in order.
    """

    name = engine_name = "reference"

    @classmethod
    def load(cls, options: "EngineOptions", *, references: Sequence[str] | None = None, option: str = "--model",
             approach: str = "dt") -> "ReferenceEngine":
        if references is None:
            raise TagmtError("the reference engine needs the references of the segments it translates")
        return cls(references)

    def __init__(self, references: Sequence[str]) -> None:
        self.references = list(references)

    def translate(self, texts: list[str], src_lang: str, trg_lang: str) -> list[str]:
        if len(texts) != len(self.references):
            raise ValueError(
                f"the reference engine holds {len(self.references)} references but was given {len(texts)} "
                "segments; build it for the segments it translates"
            )
        return list(self.references)
