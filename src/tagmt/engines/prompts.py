"""Chat prompts for the LLM engine: a system message, a user template, and few-shot examples.

A prompt file is plain text: ``[system]`` and ``[user]`` lines open the two messages, lines starting with
``#`` are comments, and ``{source}``, ``{src_lang}``, ``{trg_lang}``, ``{src_name}``, ``{trg_name}`` are
filled in (any other brace is left as written, so a prompt may show JSON or code). The packaged defaults
(``prompt_files/dt.txt``, ``dp.txt``, ``document.txt``) are what ``--approach`` picks unless
``--prompt FILE`` is given. Few-shot examples become user/assistant turns before the real request,
each rendered through the same user template. A prompt's ``digest`` hashes all of it (messages and
examples), so it names the prompt in run caches and run records.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Sequence

from tagmt import markup
from tagmt.errors import TagmtError
from tagmt.plaintext import plain_text

#: The prompt kinds: DT (tags in, tags out), DP (plain text), document (XML in, XML out).
KINDS = ("dt", "dp", "document")
PLACEHOLDERS = ("source", "src_lang", "trg_lang", "src_name", "trg_name")
_PLACEHOLDER = re.compile(r"\{(" + "|".join(PLACEHOLDERS) + r")\}")
_SECTION = re.compile(r"^\[(system|user)\]\s*$")

#: English names the prompts use for language codes; an unknown code is named by itself.
LANGUAGE_NAMES = {
    "en": "English", "ja": "Japanese", "ko": "Korean", "zh": "Simplified Chinese", "zf": "Traditional Chinese",
    "de": "German", "fr": "French", "hu": "Hungarian", "es": "Spanish", "it": "Italian", "pt": "Portuguese",
    "nl": "Dutch", "pl": "Polish", "cs": "Czech", "ru": "Russian", "sv": "Swedish", "da": "Danish",
    "fi": "Finnish", "tr": "Turkish", "ar": "Arabic", "he": "Hebrew", "hi": "Hindi", "th": "Thai",
    "vi": "Vietnamese", "id": "Indonesian", "uk": "Ukrainian", "ro": "Romanian", "el": "Greek",
}

#: Few-shot examples used unless told otherwise (``--shots``).
DEFAULT_SHOTS = 3


def language_name(code: str) -> str:
    """The English name a prompt uses: ``Japanese``; with a region, ``English (Australia)``, so that an
    LLM adapts to the variant (``en-US`` → ``en-AU``); an unknown code is named by itself."""
    from tagmt.errors import TagmtError
    from tagmt.languages import NAMES, REGION_NAMES, parse

    if code.lower() in LANGUAGE_NAMES:
        return LANGUAGE_NAMES[code.lower()]
    try:
        language = parse(code)
    except TagmtError:
        return code
    name = LANGUAGE_NAMES.get(language.code) or NAMES.get(language.code) or code
    if language.region and language.code not in ("zh", "zf"):
        return f"{name} ({REGION_NAMES.get(language.region, language.region)})"
    return name


@dataclass(frozen=True)
class Prompt:
    """A system message, a user template holding ``{source}``, and few-shot (source, target) pairs."""

    kind: str
    system: str
    user: str
    examples: tuple[tuple[str, str], ...] = field(default=())
    origin: str = ""

    def with_examples(self, examples: Sequence[tuple[str, str]]) -> "Prompt":
        return Prompt(self.kind, self.system, self.user, tuple(examples), self.origin)

    @property
    def digest(self) -> str:
        """sha256 (first 16 hex digits) of everything the model is shown besides the segment itself."""
        text = json.dumps([self.kind, self.system, self.user, list(self.examples)], ensure_ascii=False)
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]

    def _fill(self, template: str, source: str, src_lang: str, trg_lang: str) -> str:
        values = {"source": source, "src_lang": src_lang, "trg_lang": trg_lang,
                  "src_name": language_name(src_lang), "trg_name": language_name(trg_lang)}
        # One pass, so that braces inside the segment are never read as placeholders.
        return _PLACEHOLDER.sub(lambda m: values[m.group(1)], template)

    def messages(self, source: str, src_lang: str, trg_lang: str) -> list[dict[str, str]]:
        """The chat messages for one request: system, the few-shot turns, then the segment."""
        out = []
        if self.system:
            out.append({"role": "system", "content": self._fill(self.system, "", src_lang, trg_lang)})
        for example_source, example_target in self.examples:
            out.append({"role": "user", "content": self._fill(self.user, example_source, src_lang, trg_lang)})
            out.append({"role": "assistant", "content": example_target})
        out.append({"role": "user", "content": self._fill(self.user, source, src_lang, trg_lang)})
        return out


def parse_prompt(text: str, kind: str, origin: str) -> Prompt:
    """Read a prompt file's text; ``origin`` (its path) is named in errors."""
    if kind not in KINDS:
        raise ValueError(f"unknown prompt kind {kind!r}")
    sections: dict[str, list[str]] = {}
    current: str | None = None
    for number, line in enumerate(text.splitlines(), 1):
        heading = _SECTION.match(line)
        if heading:
            current = heading.group(1)
            if current in sections:
                raise TagmtError(f"{origin}:{number}: a second [{current}] section; a prompt has one of each")
            sections[current] = []
        elif line.startswith("#") and current is None:
            continue
        elif current is None:
            if line.strip():
                raise TagmtError(f"{origin}:{number}: text before the first [system] or [user] line; "
                                 "start the prompt with [system] or [user]")
        else:
            sections[current].append(line)
    if "user" not in sections:
        raise TagmtError(f"{origin}: no [user] section; a prompt needs a [user] section holding {{source}}")
    user = "\n".join(sections["user"]).strip("\n")
    if "{source}" not in user:
        raise TagmtError(f"{origin}: the [user] section has no {{source}} placeholder, so the segment would "
                         "never reach the model; add {source} where the text to translate goes")
    system = "\n".join(sections.get("system", [])).strip("\n")
    return Prompt(kind, system, user, (), origin)


def default_prompt(kind: str) -> Prompt:
    """The packaged prompt for ``kind`` (dt, dp or document)."""
    if kind not in KINDS:
        raise ValueError(f"unknown prompt kind {kind!r}")
    text = resources.files("tagmt.engines").joinpath("prompt_files", f"{kind}.txt").read_text(encoding="utf-8")
    return parse_prompt(text, kind, f"tagmt default {kind} prompt")


def load_prompt(path: str | Path | None, kind: str) -> Prompt:
    """The prompt in file ``path``, or the packaged default for ``kind`` when ``path`` is None."""
    if path is None:
        return default_prompt(kind)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise TagmtError(f"prompt file {path} not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise TagmtError(f"cannot read the prompt file {path}: {exc}") from None
    return parse_prompt(text, kind, str(path))


def select_examples(pairs: Sequence[tuple[str, str]], shots: int, kind: str) -> list[tuple[str, str]]:
    """The few-shot examples for a prompt of ``kind``: the first ``shots`` pairs, in file order.

    For DT the pairs that carry tags come first (the model must see tags kept); for DP both sides are
    stripped of their tags, since the model is shown plain text only. Document prompts take none (their
    unit is a document, and segment pairs would teach the wrong length)."""
    if shots < 0:
        raise TagmtError(f"--shots must be 0 or more, not {shots}")
    if kind == "document" or shots == 0:
        return []
    if kind == "dp":
        # plain text as DP sends it: every well-written tag removed, paired or not (as detag does)
        return [(_plain(s), _plain(t)) for s, t in pairs[:shots]]
    tagged = [p for p in pairs if _has_tags(p[0])]
    untagged = [p for p in pairs if not _has_tags(p[0])]
    return (tagged + untagged)[:shots]


def _plain(segment: str) -> str:
    # examples are tagged strings as their files have them (XML-escaped text): the model reads natural text,
    # as it does for the segment itself (``Save &amp; close`` is shown as ``Save & close``)
    return plain_text(segment, escaped=True)


def _has_tags(segment: str) -> bool:
    return any(token.is_markup for token in markup.tokenize(segment, orphans=True))
