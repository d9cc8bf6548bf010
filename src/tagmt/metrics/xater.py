"""XATER, the XML translation edit rate of the Auto-Markup BenchMark (Prescod et al., Balisage 2023).

Each document becomes a SAX-style token stream (``xml_tokens``) and the score is
``100 - 100 * clamp(TER(hyp, ref), 0, 1)`` with TER computed by ``fast_ter`` (equal to sacrebleu's TER
on the same token lists: Tercom's shift rules). Several references: the best score. A hypothesis that
is not well-formed XML scores 0 and its parse error is kept in the details; a reference must parse and
must not be empty.

``compat="original"`` is the benchmark's own computation (:mod:`tagmt.metrics.automarkup`): its SAX
tokens and pyter's TER, which is *not* Tercom's: pyter has no beam, no limit on shift size, distance
or candidates, shifts a phrase whenever it equals the reference elsewhere (Tercom only shifts where
both sides have errors and the phrase does not already align) and breaks ties by token order. On
long documents sacrebleu stops after 1,000 shift candidates and its beam of 25 inflates the edit
distance of displaced blocks, which is where the two differ most. A hypothesis that does not parse is
left out of the mean there (the original skips it), and gets the score None.
"""

from __future__ import annotations

from typing import Sequence

from lxml import etree

import xml.sax

from tagmt import safexml
from tagmt.errors import TagmtError
from tagmt.metrics.automarkup import pyter_edit_rate, sax_tokens
from tagmt.metrics.base import Metric, MetricResult
from tagmt.metrics.fast_ter import translation_edit_rate


class XmlParseError(ValueError):
    """A document that is not well-formed XML; the message is lxml's, with line and column."""


class XmlTooDeep(XmlParseError):
    """A document nested deeper than libxml2's limit (``safexml.MAX_DEPTH``): not malformed, but not
    scored either — XATER refuses it in one line rather than score it 0."""


def _parser() -> etree.XMLParser:
    # No network, no DTD, no external entities: documents are data, never instructions.
    return safexml.parser()


def parse_xml(text: str | bytes) -> etree._Element:
    """Parse a whole document strictly; raise ``XmlParseError`` with lxml's message when malformed."""
    data = text.encode("utf-8") if isinstance(text, str) else text
    if not data.strip():
        raise XmlParseError("empty document")
    try:
        return etree.fromstring(data, _parser())
    except etree.XMLSyntaxError as exc:
        if safexml.too_deep(exc):
            raise XmlTooDeep(safexml.DEPTH_REFUSAL) from None
        raise XmlParseError(str(exc)) from None


def _name(clark: str, element: etree._Element) -> str:
    """The qualified name as written (``prefix:local``) for lxml's ``{uri}local`` notation."""
    if not clark.startswith("{"):
        return clark
    uri, local = clark[1:].split("}", 1)
    if uri == "http://www.w3.org/XML/1998/namespace":
        return f"xml:{local}"
    for prefix, known in element.nsmap.items():
        if known == uri:
            return f"{prefix}:{local}" if prefix else local
    return local


def _declarations(element: etree._Element) -> dict[str, str]:
    """Namespace declarations made on this element, as a non-namespace-aware SAX parser reports them."""
    parent = element.getparent()
    inherited = parent.nsmap if parent is not None else {}
    return {
        (f"xmlns:{prefix}" if prefix else "xmlns"): uri
        for prefix, uri in element.nsmap.items()
        if inherited.get(prefix) != uri
    }


class _Tokenizer:
    """Walks a tree in document order emitting XATER tokens; text between two tags is one token."""

    def __init__(self, words: bool) -> None:
        self.words = words
        self.tokens: list[str] = []
        self.pending: list[str] = []

    def text(self, value: str | None) -> None:
        if value:
            self.pending.append(value)

    def flush(self) -> None:
        run = " ".join("".join(self.pending).split())
        self.pending.clear()
        if run:
            self.tokens.extend(run.split(" ") if self.words else [run])

    def element(self, element: etree._Element) -> None:
        if not isinstance(element.tag, str):  # comment, processing instruction or entity reference
            if isinstance(element, etree._Entity):
                self.text(element.text)
            self.text(element.tail)
            return
        self.flush()
        name = _name(element.tag, element)
        self.tokens.append(f"<{name} ")
        attributes = {_name(key, element): value for key, value in element.attrib.items()}
        attributes.update(_declarations(element))
        for key in sorted(attributes):
            value = f"ID {len(self.tokens)}" if key == "id" else attributes[key]
            self.tokens.append(f'{key}="{value}" ')
        self.tokens.append(">")
        self.text(element.text)
        for child in element:
            self.element(child)
        self.flush()
        self.tokens.append(f"</{name}>")
        self.text(element.tail)


def xml_tokens(document: str | bytes | etree._Element, words: bool = False) -> list[str]:
    """XATER tokens of a document: ``<name ``, ``attr="value" `` (sorted; ``id`` -> ``ID <k>``), ``>``,
    ``</name>``, and one token per whitespace-collapsed text run (one per word when ``words``)."""
    root = parse_xml(document) if isinstance(document, (str, bytes)) else document
    tokenizer = _Tokenizer(words)
    tokenizer.element(root)
    return tokenizer.tokens


def xater_score(hyp_tokens: Sequence[str], ref_tokens: Sequence[str]) -> float:
    """``100 - 100 * clamp(TER, 0, 1)`` for two token lists; the reference must not be empty."""
    if not ref_tokens:
        raise TagmtError("XATER needs a non-empty reference document (it has no tokens)")
    edits, length = translation_edit_rate(list(hyp_tokens), list(ref_tokens))
    return 100.0 - 100.0 * min(max(edits / length, 0.0), 1.0)


class Xater(Metric):
    """XATER over whole documents: each hypothesis and reference item is one XML document."""

    name = "xater"
    unit = "document"
    compat_modes = ("tagmt", "original")

    def __init__(self, words: bool = False, compat: str = "tagmt") -> None:
        self.set_compat(compat)
        if words and compat == "original":
            raise TagmtError("xater: --words has no original counterpart; use it with compat tagmt")
        self.words = words

    def signature_fields(self) -> dict[str, str]:
        if self.compat == "original":
            return {"metric": "xater", "tok": "sax-chunks", "ter": "pyter", "refs": "best", "unparsed": "skipped"}
        return {
            "metric": "xater",
            "tok": "words" if self.words else "runs",
            "ter": "sacrebleu-exact",
            "refs": "best",
        }

    def _tokens(self, document: str) -> list[str]:
        if self.compat == "original":
            try:
                return sax_tokens(document)
            except xml.sax.SAXParseException as exc:
                raise XmlParseError(str(exc)) from None
        return xml_tokens(document, self.words)

    def _score(self, hyp_tokens: list[str], ref_tokens: list[str]) -> float:
        if self.compat == "original":
            return 100.0 - 100.0 * min(max(pyter_edit_rate(hyp_tokens, ref_tokens), 0.0), 1.0)
        return xater_score(hyp_tokens, ref_tokens)

    def _reference_tokens(self, document: str, k: int, i: int) -> list[str]:
        try:
            tokens = self._tokens(document)
        except XmlTooDeep as exc:
            raise TagmtError(f"xater: reference {k + 1}, document {i + 1}: {exc}") from None
        except XmlParseError as exc:
            raise TagmtError(f"reference {k + 1}, document {i + 1} is not well-formed XML: {exc}") from None
        if not tokens:
            raise TagmtError(f"reference {k + 1}, document {i + 1} is empty")
        return tokens

    def corpus_score(
        self, hypotheses: Sequence[str], references: Sequence[Sequence[str]]
    ) -> MetricResult:
        """Mean of the document scores; details hold each document's parse error (or None)."""
        if not references:
            raise TagmtError("XATER needs at least one reference")
        for k, stream in enumerate(references):
            if len(stream) != len(hypotheses):
                raise TagmtError(
                    f"reference {k + 1} has {len(stream)} documents but there are {len(hypotheses)} hypotheses"
                )
        scores: list[float | None] = []
        errors: list[str | None] = []
        for i, hypothesis in enumerate(hypotheses):
            refs = [self._reference_tokens(stream[i], k, i) for k, stream in enumerate(references)]
            try:
                hyp_tokens = self._tokens(hypothesis)
            except XmlTooDeep as exc:
                raise TagmtError(f"xater: hypothesis document {i + 1}: {exc}") from None
            except XmlParseError as exc:
                scores.append(None if self.compat == "original" else 0.0)
                errors.append(str(exc))
                continue
            scores.append(max(self._score(hyp_tokens, ref) for ref in refs))
            errors.append(None)
        counted = [s for s in scores if s is not None]
        score = sum(counted) / len(counted) if counted else 0.0
        return MetricResult(
            name=self.name,
            score=score,
            signature=self.signature(),
            segment_scores=scores,  # type: ignore[arg-type]
            details={"parse_errors": errors},
        )
