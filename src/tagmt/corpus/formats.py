"""The input-format registry: every format ``tagmt.corpus`` reads is an `InputFormat` record that its reader
module registers (`register`) when it is imported — its name, how messages name it, its file extensions, how
its content is recognised, its reader and writer (``write``: the corpus's own writer; None: none), and what it carries (`bilingual`, `writes_targets`).

`read_corpus`, `detect` and the modules that treat formats differently ask these records instead of comparing
format names. A new format is one new module in ``tagmt.corpus`` that calls `register`: the registry imports
every module of the package the first time it is asked (`input_formats`), so nothing else is edited.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterator, Mapping

from tagmt.errors import TagmtError

if TYPE_CHECKING:
    from tagmt.corpus.model import Corpus


@dataclass(frozen=True)
class InputFormat:
    """A format and what it says about itself.

    ``order`` places it in --format's choices and in messages. ``xml``: an XML document, read as a stream of
    events, recognised by its root element (``recognises(local name, namespace, version)``); a text format
    with ``fallback`` is what a file that is not XML is read as. ``read(path, data, stream, **given)`` makes the
    corpus (``given``: ``src_lang``, ``trg_lang``, ``references`` already read, ``references_name``; each
    reader takes what it uses). ``bilingual``: the file carries its languages and references (as targets);
    ``writes_targets``: a translation is written into a copy of the file (else as a line file). ``file``:
    read from one file by ``read_corpus`` (the SAP data set is a tree of files, read by its own reader).
    ``sniff(path, head)``: a text format (not ``xml``) that recognises a file by its name and the first bytes of
    its content (``head``: up to ``detect.PREFIX`` bytes) — asked in ``order`` before the XML check, so JSON,
    PO or an HTML page is never read as a line file. An ``xml`` format's ``extensions`` make a file with that
    ending read as XML whatever it starts with (an Android ``strings.xml`` without a declaration).
    ``interchange``: a file made for translation (XLIFF) — one with nothing left to translate is refused (its
    user most likely meant --overwrite), where a document (a fully translated PO, a page with no text) is
    written back as it is."""

    name: str
    display: str
    order: int
    read: Callable[..., "Corpus"]
    write: Callable[..., Path] | None = None
    extensions: tuple[str, ...] = ()
    xml: bool = False
    recognises: Callable[[str, str | None, str], bool] | None = None
    fallback: bool = False
    bilingual: bool = True
    writes_targets: bool = False
    file: bool = True
    sniff: Callable[[Path, bytes], bool] | None = None
    interchange: bool = False


_REGISTERED: dict[str, InputFormat] = {}
_DISCOVERED = False
_ORDERED: dict[str, InputFormat] | None = None  # (time: asked per segment by Corpus's properties; made once)


def register(fmt: InputFormat) -> InputFormat:
    """Add ``fmt`` to the registry (a reader module calls this when it is imported)."""
    global _ORDERED
    if _REGISTERED.get(fmt.name, fmt) != fmt:
        raise ValueError(f"two input formats are named {fmt.name!r}")
    _REGISTERED[fmt.name] = fmt
    _ORDERED = None
    return fmt


def input_formats() -> dict[str, InputFormat]:
    """Every registered format by name, in their ``order``; the package's modules are imported the first time."""
    global _DISCOVERED, _ORDERED
    if not _DISCOVERED:
        package = importlib.import_module("tagmt.corpus")
        for module in pkgutil.iter_modules(package.__path__):
            importlib.import_module(f"{package.__name__}.{module.name}")
        _DISCOVERED = True
    if _ORDERED is None:
        _ORDERED = dict(sorted(_REGISTERED.items(), key=lambda item: item[1].order))
    return dict(_ORDERED)


def file_formats() -> dict[str, InputFormat]:
    """The formats ``read_corpus`` reads from one file (what --format offers besides ``auto``)."""
    return {name: fmt for name, fmt in input_formats().items() if fmt.file}


def input_format(name: str) -> InputFormat:
    """The file format named ``name``; an unknown name is one line naming the valid ones."""
    formats = file_formats()
    if name not in formats:
        raise TagmtError(f"unknown format {name!r}: use auto, {', '.join(formats)}")
    return formats[name]


def format_of(corpus: "Corpus") -> InputFormat | None:
    """The registered format of ``corpus`` (None for a corpus built in code: ``segments``)."""
    if _ORDERED is None:
        input_formats()
    return _ORDERED.get(corpus.format)  # type: ignore[union-attr]


class FormatNames(Mapping[str, str]):
    """The display name of every file format by its name (``FORMAT_NAMES["tmx"] == "TMX"``), read from the
    registry when asked (the reader modules register themselves after this module is imported)."""

    def __getitem__(self, name: str) -> str:
        return file_formats()[name].display

    def __iter__(self) -> Iterator[str]:
        return iter(file_formats())

    def __len__(self) -> int:
        return len(file_formats())
