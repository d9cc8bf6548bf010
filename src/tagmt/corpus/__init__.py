"""The corpus layer: segments with an id, a tagged source, an optional tagged reference and their original
inline codes, read from any supported format and written back to the same format.

Formats: ``xliff12`` (XLIFF 1.2), ``xliff2`` (XLIFF 2.0/2.1/2.2), ``tmx`` (read only), ``lines`` (tagged line
files), and the SAP data set tree (``tagmt.corpus.sap``), each registered by its module
(``tagmt.corpus.formats``: what it reads, writes and carries). ``read_corpus`` detects the format from the
content unless told; pipelines only ever see a :class:`Corpus`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from tagmt.corpus.detect import FORMAT_NAMES, detect, looks_like_xml
from tagmt.corpus.files import read_bytes
from tagmt.corpus.icusplit import split_icu
from tagmt.corpus.formats import InputFormat, file_formats, format_of, input_format
from tagmt.corpus.placeholders import compile_finder, parse_kinds
from tagmt.corpus.model import CLOSE, OPEN, PAIR, STANDALONE, Corpus, InlineCode, Segment
from tagmt.errors import TagmtError
from tagmt.safeio import LIMIT_VARIABLE, MAX_DOCUMENT_BYTES, size_limit

__all__ = [
    "CLOSE",
    "FORMATS",
    "FORMAT_NAMES",
    "OPEN",
    "PAIR",
    "STANDALONE",
    "Corpus",
    "InlineCode",
    "Segment",
    "InputFormat",
    "format_of",
    "input_format",
    "read_corpus",
    "read_references",
    "references_of",
]


def __getattr__(name: str) -> tuple[str, ...]:
    if name == "FORMATS":  # the file formats' names, from the registry (its modules register when asked)
        return tuple(file_formats())
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: the formats whose readers apply ITS rules (``--its-rules``)
ITS_FORMATS = ("html", "xhtml", "its")


def read_corpus(path: str | Path, format: str | None = None, *, src_lang: str | None = None,
                trg_lang: str | None = None, references: str | Path | None = None,
                placeholders: Sequence[str] | str | None = None, placeholder_regexes: Sequence[str] = (),
                its_rules: Sequence[str | Path] = ()) -> Corpus:
    """Read ``path`` as a corpus. ``format`` (one of ``FORMATS``, None or ``auto``: from the content) forces
    a format; a forced XML format that the content contradicts is refused. ``src_lang``/``trg_lang``
    choose the sides of a TMX file; ``references`` holds the references of a line file, segment for segment,
    in any format this function reads (:func:`read_references`). ``placeholders``: the kinds of placeholder
    that become codes (``tagmt.corpus.placeholders``: a list or a comma list; None: the format's own default
    — none for XLIFF, TMX and line files; ``none``: not even those), ``placeholder_regexes`` a project's own.
    ``its_rules``: ITS rules files standing in for those an HTML page or an XML document links, which tagmt
    never loads itself (``corpus.itslinks``)."""
    path = Path(path)
    data = read_bytes(path)
    if not data.strip():
        raise TagmtError(f"{path}: the file is empty")
    forced = None if format in (None, "auto") else file_formats().get(format)
    if (forced is None or forced.xml) and len(data) > size_limit(MAX_DOCUMENT_BYTES) and looks_like_xml(data):
        raise TagmtError(
            f"{path}: an XML document of {len(data) >> 20} MiB is over tagmt's limit of "
            f"{size_limit(MAX_DOCUMENT_BYTES) >> 20} MiB for one XML file; split it, or raise {LIMIT_VARIABLE}"
        )
    stream = None  # XML: read as a stream of events, so that XLIFF readers never hold the whole tree
    if format in (None, "auto"):
        format, stream = detect(path, data)
    elif forced is None:
        input_format(str(format))  # unknown: one line naming the formats
    elif forced.xml:
        found, stream = detect(path, data, forced.display, xml=True)
        if found != format:
            stream.drain()  # type: ignore[union-attr]  # a syntax error is named first
            raise TagmtError(f"{path}: --format {format} was given but the file is {FORMAT_NAMES[found]}")
    fmt = input_format(format)
    if references is not None and fmt.bilingual:
        raise TagmtError(f"{path}: references as a separate file are for line files; {fmt.display} "
                         "files carry their references as targets")
    refs = None if references is None else read_references(references, src_lang=src_lang, trg_lang=trg_lang)
    kinds = parse_kinds(placeholders)
    regexes = tuple(placeholder_regexes)
    compile_finder(kinds or (), regexes)  # a bad kind or expression is one line, before the file is read
    rules = tuple(str(rules_file) for rules_file in its_rules)
    if rules and fmt.name not in ITS_FORMATS:
        raise TagmtError(f"{path}: --its-rules is for HTML pages and ITS-marked XML documents (DITA), not "
                         f"{fmt.display} files; leave it out for this file")
    given = {"its_rules": rules} if rules else {}
    corpus = fmt.read(path, data, stream, src_lang=src_lang, trg_lang=trg_lang, references=refs,
                      references_name=references, placeholders=kinds, placeholder_regexes=regexes, **given)
    return split_icu(corpus, forced="icu" in (kinds or ()))  # ICU sub-messages as segments of their own


def read_references(path: str | Path, *, src_lang: str | None = None, trg_lang: str | None = None,
                    count: int | None = None, of: str = "the input", placeholders: Sequence[str] | str | None = None,
                    placeholder_regexes: Sequence[str] = ()) -> list[str | None]:
    """The tagged references ``path`` holds, in order, whatever its format (:func:`read_corpus` picks the
    reader, :func:`tagmt.corpus.detect.detect` decides): a line file's lines, the ``trg_lang`` side of a TMX's
    units (``src_lang`` as for :func:`read_corpus`), an XLIFF's targets; None for a unit without one. Text
    escaped as every corpus's. ``count``: the segments of ``of`` (what the references are for, as the message
    names it), refused in one line when the reference has another number. ``placeholders``,
    ``placeholder_regexes``: read as the input was (a reference's ``%s`` a code, as the input's)."""
    references = references_of(read_corpus(path, src_lang=src_lang, trg_lang=trg_lang, placeholders=placeholders,
                                           placeholder_regexes=placeholder_regexes))
    if count is not None and len(references) != count:
        raise TagmtError(f"--ref {path} has {len(references)} segments but {of} has {count}: give the tagged "
                         "reference segment for segment (a line file: line for line)")
    return references


def references_of(corpus: Corpus) -> list[str | None]:
    """The tagged references ``corpus`` holds when read as a reference file (:func:`read_references`): a line
    file's lines (read as a corpus, they are its sources), any other format's targets (None: none)."""
    fmt = format_of(corpus)
    if fmt is not None and not fmt.bilingual:  # (a line file: its lines, read as its sources)
        return [segment.source for segment in corpus.segments]
    return [segment.reference for segment in corpus.segments]
