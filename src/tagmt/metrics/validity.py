"""The validation error metric of the Auto-Markup BenchMark: how much of a document is well-formed and valid.

The hypothesis is parsed with a recovering lxml parser that never loads anything (no DTD, no external
entity, no network); every well-formedness error it reports counts. A grammar then validates the
recovered tree: a DTD, XML Schema or RELAX NG file given by the user, or the DTD the document's
DOCTYPE names, resolved through local XML catalogs. ``total`` is the number of elements of the tree and
the score is ``100 * clamp((total - errors) / total, 0, 1)``.

A document is never reported valid when its grammar was not used. Each document gets a status:

* ``validated`` — a grammar was loaded and applied;
* ``well-formedness only`` — no grammar was asked for and the document declares none;
* ``not validated`` — a grammar is declared or asked for but could not be used (the DOCTYPE is not in
  the catalogs, no catalog was given, a grammar file failed to load, or it needs a file the catalogs
  do not list): the score is None and ``reason`` says why.

Grammars are trusted inputs, hypotheses are not. Catalog grammars are loaded in a separate parse of a
two-line document of our own, through a resolver that hands libxml2 only files the catalogs list (or
files inside the folders of the catalogs and their grammars) and refuses every other request — so a
hypothesis can never make tagmt read a local file. For those trusted grammars only, libxml2's entity
amplification limit (which modular DTDs such as DITA's exceed under lxml ≥ 5) is lifted: lxml does not
expose ``xmlCtxtSetMaxAmplification``, so the resolver prefixes each grammar file with a comment that
raises the input size the limit is measured against, doubling it until the grammar loads (up to
``MAX_GRAMMAR_PADDING``). A ``nextCatalog`` that does not exist is skipped, as libxml2 does.

``compat="original"`` is prescod/markup-metrics' ``validation_error_metric.py``
(:mod:`tagmt.metrics.automarkup` lists what it does differently); it keeps the refusal of files
outside the catalogs.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence
from urllib.parse import unquote, urlparse

from lxml import etree

from tagmt import safexml
from tagmt.errors import TagmtError
from tagmt.metrics.base import Metric, MetricResult

_CATALOG_NS = "{urn:oasis:names:tc:entity:xmlns:xml:catalog}"
_MAX_MESSAGES = 20
#: Largest comment prefixed to a trusted grammar file to lift the entity amplification limit.
MAX_GRAMMAR_PADDING = 1 << 28
LIBXML2 = ".".join(map(str, etree.LIBXML_VERSION))

VALIDATED = "validated"
WELL_FORMEDNESS_ONLY = "well-formedness only"
NOT_VALIDATED = "not validated"


def _safe_parser(**options: bool) -> etree.XMLParser:
    """The safe parser (``safexml.parser``) for the catalogs and the documents themselves. The two
    ``etree.XMLParser`` calls below are kept on purpose: a DTD named by a catalog is loaded through a
    resolver that serves only the catalog's local files (``_GrammarResolver``; never the network), and
    ``_check_original`` reproduces prescod/markup-metrics' parser for ``--compat original``."""
    options.pop("load_dtd", None)  # safexml's parser never loads a DTD
    return safexml.parser(**options)


class Catalog:
    """The ``public``, ``system``, ``uri``, ``rewriteSystem``/``rewriteURI`` and ``nextCatalog`` entries of
    local OASIS catalogs (``xml:base`` on ``catalog``/``group`` honoured, as in the DITA catalogs)."""

    def __init__(self, paths: Sequence[Path]) -> None:
        self.public: dict[str, Path] = {}
        self.system: dict[str, Path] = {}
        self.uri: dict[str, Path] = {}
        self.rewrites: list[tuple[str, str]] = []
        self.folders: set[Path] = set()
        self.skipped: list[str] = []
        for path in paths:
            self._read(Path(path), set(), chained=False)
        self.folders.update(p.resolve().parent for p in (*self.public.values(), *self.system.values(),
                                                         *self.uri.values()))

    def _read(self, path: Path, seen: set[Path], chained: bool) -> None:
        path = path.resolve()
        if path in seen:
            return
        seen.add(path)
        if chained and not path.exists():
            self.skipped.append(str(path))  # libxml2 skips a missing nextCatalog too
            return
        try:
            root = etree.parse(str(path), _safe_parser(load_dtd=False)).getroot()
        except (OSError, etree.XMLSyntaxError) as exc:
            raise TagmtError(f"cannot read XML catalog {path}: {exc}") from None
        self.folders.add(path.parent)
        for entry in root.iter():
            tag = entry.tag.replace(_CATALOG_NS, "") if isinstance(entry.tag, str) else ""
            base = _entry_base(entry, path.parent)
            if tag == "public" and entry.get("publicId") and entry.get("uri"):
                self.public.setdefault(entry.get("publicId"), base / entry.get("uri"))
            elif tag == "system" and entry.get("systemId") and entry.get("uri"):
                self.system.setdefault(entry.get("systemId"), base / entry.get("uri"))
            elif tag == "uri" and entry.get("name") and entry.get("uri"):
                self.uri.setdefault(entry.get("name"), base / entry.get("uri"))
            elif tag in ("rewriteSystem", "rewriteURI") and (entry.get("systemIdStartString")
                                                             or entry.get("uriStartString")):
                prefix = entry.get("rewritePrefix", "")
                start = entry.get("systemIdStartString") or entry.get("uriStartString")
                self.rewrites.append((start, str(base / prefix)))
                self.folders.add((base / prefix).resolve())
            elif tag == "nextCatalog" and entry.get("catalog"):
                self._read(base / entry.get("catalog"), seen, chained=True)

    def resolve(self, public_id: str | None, system_id: str | None) -> Path | None:
        """The local file for an external identifier, or None when the catalogs do not list it."""
        if public_id and public_id in self.public:
            return self.public[public_id]
        if system_id:
            if system_id in self.system:
                return self.system[system_id]
            if system_id in self.uri:
                return self.uri[system_id]
            for start, prefix in sorted(self.rewrites, key=lambda r: -len(r[0])):
                if system_id.startswith(start):
                    return Path(prefix + system_id[len(start):])
        return None

    def inside(self, path: Path) -> bool:
        """True for a file inside a folder of the catalogs or of the grammars they list."""
        real = path.resolve()
        return any(real.is_relative_to(folder) for folder in self.folders)


def _entry_base(entry: etree._Element, folder: Path) -> Path:
    """The folder an entry's relative ``uri`` is resolved against: its catalog's, changed by the
    ``xml:base`` of the entry and its ancestors (outermost first)."""
    bases = [node.get("{http://www.w3.org/XML/1998/namespace}base") for node in (entry, *entry.iterancestors())]
    base = folder
    for value in reversed([b for b in bases if b]):
        local = _local_path(value)
        base = local if local is not None else base / value
    return base


def _local_path(url: str | None) -> Path | None:
    if not url:
        return None
    parsed = urlparse(url)
    if parsed.scheme == "file":
        return Path(unquote(parsed.path))
    if parsed.scheme == "" and url.startswith("/"):
        return Path(url)
    return None


class _GrammarResolver(etree.Resolver):
    """Serves the catalogs' grammar files (padded, see the module docstring) and refuses all else."""

    def __init__(self, catalog: Catalog, padding: int) -> None:
        super().__init__()
        self.catalog = catalog
        self.padding = padding
        self.refused: list[str] = []
        self.failed: list[str] = []

    def resolve(self, system_url, public_id, context):  # noqa: D102 - lxml's hook
        path = self.catalog.resolve(public_id, system_url)
        if path is None:
            local = _local_path(system_url)
            path = local if local is not None and self.catalog.inside(local) else None
        if path is None:
            self.refused.append(public_id or system_url or "?")
            return self.resolve_string("", context)
        try:
            text = path.read_bytes().decode("utf-8-sig")
        except (OSError, UnicodeDecodeError) as exc:
            self.failed.append(f"{path}: {getattr(exc, 'strerror', None) or exc}")
            return self.resolve_string("", context)
        return self.resolve_string(padded(text, self.padding).encode("utf-8"), context,
                                   base_url=path.resolve().as_uri())


#: A text declaration (``<?xml version="1.0" encoding="UTF-8"?>``), which may only open an external entity.
_TEXT_DECLARATION = re.compile(r"<\?xml\s[^?]*\?>")


def padded(text: str, padding: int) -> str:
    """A grammar file with a comment of ``padding`` spaces put in after its text declaration, if it has
    one (the DITA modules do): the declaration must stay the first thing in the entity."""
    if not padding:
        return text
    declaration = _TEXT_DECLARATION.match(text)
    head, rest = (text[: declaration.end()], text[declaration.end():]) if declaration else ("", text)
    return f"{head}<!--{' ' * padding}-->\n{rest}"


class _RefuseAll(etree.Resolver):
    """For hypotheses: nothing is ever loaded on a document's behalf."""

    def resolve(self, system_url, public_id, context):  # noqa: D102
        return self.resolve_string("", context)


@dataclass
class GrammarLoad:
    """A catalog grammar (a DTD, or an XML Schema for a document that names one) loaded for one
    identifier, or why it could not be."""

    dtd: etree.DTD | etree.XMLSchema | None
    reason: str | None = None


def load_catalog_dtd(catalog: Catalog, root_name: str, public_id: str | None, system_id: str | None,
                     padding: int = 0) -> GrammarLoad:
    """Load the DTD the catalogs give for an external identifier, limits lifted for it alone (``padding``:
    the comment size to start with; it grows while libxml2 reports entity amplification)."""
    if catalog.resolve(public_id, system_id) is None:
        return GrammarLoad(None, f"the DOCTYPE {public_id or system_id!r} is not in the XML catalogs")
    doctype = f'PUBLIC "{public_id}" "{system_id or ""}"' if public_id else f'SYSTEM "{system_id}"'
    wrapper = f"<!DOCTYPE {root_name} {doctype}><{root_name}/>".encode("utf-8")
    while True:
        resolver = _GrammarResolver(catalog, padding)
        parser = etree.XMLParser(load_dtd=True, no_network=True, resolve_entities=True, recover=True,
                                 huge_tree=True)
        parser.resolvers.add(resolver)
        try:
            root = etree.fromstring(wrapper, parser)
        except etree.XMLSyntaxError as exc:  # recover=True makes this rare
            return GrammarLoad(None, f"the DTD for {public_id or system_id!r} does not load: {exc}")
        fatal = [e.message for e in parser.error_log if e.level >= etree.ErrorLevels.FATAL]
        amplified = any("amplification" in message for message in fatal)
        if amplified and padding < MAX_GRAMMAR_PADDING:
            padding = max(1 << 20, padding * 4)
            continue
        if resolver.refused:
            return GrammarLoad(None, f"the DTD needs {resolver.refused[0]!r}, which the catalogs do not list")
        if resolver.failed:
            return GrammarLoad(None, f"cannot read {resolver.failed[0]}")
        errors = [e.message for e in parser.error_log if e.level >= etree.ErrorLevels.ERROR]
        dtd = root.getroottree().docinfo.externalDTD if root is not None else None
        if errors or dtd is None:
            why = errors[0].strip() if errors else "no DTD"
            return GrammarLoad(None, f"the DTD for {public_id or system_id!r} does not load: {why}")
        return GrammarLoad(dtd)


_XSI = "{http://www.w3.org/2001/XMLSchema-instance}"


def _schema_location(root: etree._Element) -> str | None:
    """The XML Schema the root element names: ``xsi:noNamespaceSchemaLocation``, or the location given
    for the root's namespace in ``xsi:schemaLocation`` (pairs of namespace and location)."""
    location = root.get(f"{_XSI}noNamespaceSchemaLocation")
    if location:
        return location.strip()
    pairs = (root.get(f"{_XSI}schemaLocation") or "").split()
    namespace = etree.QName(root).namespace or ""
    for name, place in zip(pairs[::2], pairs[1::2]):
        if name == namespace:
            return place
    return None


def load_catalog_xsd(catalog: Catalog, location: str) -> GrammarLoad:
    """The XML Schema at ``location`` as the catalogs give it (its includes and imports served only from
    the catalogs' folders); ``dtd`` holds the compiled schema."""
    path = catalog.resolve(None, location)
    if path is None and "://" not in location and not location.startswith("/"):
        candidates = sorted(folder / location for folder in catalog.folders)
        path = next((c for c in candidates if c.is_file() and catalog.inside(c)), None)
    if path is None or not path.is_file():
        return GrammarLoad(None, f"the XML Schema {location!r} is not in the XML catalogs or their folders")
    resolver = _GrammarResolver(catalog, 0)
    parser = _safe_parser()
    parser.resolvers.add(resolver)
    try:
        schema = etree.XMLSchema(etree.parse(str(path), parser))
    except (OSError, etree.XMLSyntaxError, etree.XMLSchemaParseError) as exc:
        return GrammarLoad(None, f"the XML Schema {location!r} does not load: {exc}")
    if resolver.refused:
        return GrammarLoad(None, f"the XML Schema needs {resolver.refused[0]!r}, which the catalogs do not list")
    return GrammarLoad(schema)  # type: ignore[arg-type]


@dataclass
class ValidityReport:
    """One document: elements counted, errors counted, the first messages, and the status."""

    total: int
    well_formedness_errors: int
    validation_errors: int
    messages: list[str]
    status: str = WELL_FORMEDNESS_ONLY
    reason: str | None = None
    original_score: float | None = field(default=None, repr=False)

    @property
    def errors(self) -> int:
        return self.well_formedness_errors + self.validation_errors

    @property
    def score(self) -> float | None:
        if self.original_score is not None:
            return self.original_score
        if self.status == NOT_VALIDATED:
            return None
        if self.total == 0:
            return 0.0
        return 100.0 * min(max((self.total - self.errors) / self.total, 0.0), 1.0)


def _errors(log) -> list[str]:
    return [
        f"line {entry.line}: {entry.message}" for entry in log if entry.level >= etree.ErrorLevels.ERROR
    ]


class Validity(Metric):
    """Validation error metric over whole documents (reference-free)."""

    name = "validity"
    unit = "document"
    reference_free = True
    compat_modes = ("tagmt", "original")

    def __init__(
        self,
        dtd: str | Path | None = None,
        xsd: str | Path | None = None,
        rng: str | Path | None = None,
        catalog: str | Path | Sequence[str | Path] | None = None,
        compat: str = "tagmt",
    ) -> None:
        self.set_compat(compat)
        given = [(kind, path) for kind, path in (("dtd", dtd), ("xsd", xsd), ("rng", rng)) if path]
        if len(given) > 1:
            raise TagmtError("give at most one schema: --dtd, --xsd or --rng")
        if given and compat == "original":
            raise TagmtError("validity: the original validates only through the document's DOCTYPE; "
                             "--dtd/--xsd/--rng need compat tagmt")
        self.schema_kind, self.schema_path = given[0] if given else (None, None)
        self._grammars: dict[tuple[str, str | None, str | None], GrammarLoad] = {}
        self.schema = self._load_schema() if given else None
        if catalog is None and os.environ.get("XML_CATALOG_FILES"):
            catalog = os.environ["XML_CATALOG_FILES"].split()
        if isinstance(catalog, (str, Path)):
            catalog = [catalog]
        self.catalog_paths = [Path(c) for c in catalog] if catalog else []
        self.catalog = Catalog(self.catalog_paths) if self.catalog_paths else None

    def _load_schema(self):
        path = Path(self.schema_path)
        if self.schema_kind == "dtd":
            if not path.is_file():
                raise TagmtError(f"cannot load the DTD schema {path}: no such file")
            self._dtd_catalog = Catalog([])
            self._dtd_catalog.system[str(path.resolve())] = path.resolve()
            self._dtd_catalog.folders.add(path.resolve().parent)
            return None  # loaded per root element name by _validate (see load_catalog_dtd)
        try:
            document = etree.parse(str(path), _safe_parser())
            return etree.XMLSchema(document) if self.schema_kind == "xsd" else etree.RelaxNG(document)
        except (OSError, etree.XMLSyntaxError, etree.DTDParseError, etree.XMLSchemaParseError,
                etree.RelaxNGParseError) as exc:
            raise TagmtError(f"cannot load the {self.schema_kind.upper()} schema {path}: {exc}") from None

    def signature_fields(self) -> dict[str, str]:
        schema = f"{self.schema_kind}:{Path(self.schema_path).name}" if self.schema_kind else "none"
        fields = {
            "metric": "validity",
            "schema": schema,
            "catalog": "yes" if self.catalog else "no",
            "libxml2": LIBXML2,
        }
        if self.compat == "original":
            fields["errors"] = "all-log-entries"
        return fields

    def check(self, document: str | bytes) -> ValidityReport:
        """Parse with recovery (loading nothing), count well-formedness errors, then validate if a
        grammar applies; see the module docstring for the statuses."""
        data = document.encode("utf-8") if isinstance(document, str) else document
        if self.compat == "original":
            return self._check_original(data)
        parser = _safe_parser(recover=True, load_dtd=False)
        parser.resolvers.add(_RefuseAll())
        root = etree.fromstring(data, parser) if data.strip() else None
        messages = _errors(parser.error_log)
        if any(safexml.too_deep(message) for message in messages):  # tagmt's limit, not the document's error
            raise TagmtError(f"validity: {safexml.DEPTH_REFUSAL}")
        if root is None:
            return ValidityReport(0, max(len(messages), 1), 0, messages or ["empty document"])
        wellformed = len(messages)
        total = sum(1 for _ in root.iter(etree.Element))
        invalid, status, reason = self._validate(root)
        return ValidityReport(total, wellformed, len(invalid), (messages + invalid)[:_MAX_MESSAGES], status, reason)

    def _grammar(self, catalog: Catalog, key: tuple[str, str | None, str | None]) -> GrammarLoad:
        if key not in self._grammars:
            self._grammars[key] = load_catalog_dtd(catalog, *key)
        return self._grammars[key]

    def _validate(self, root: etree._Element) -> tuple[list[str], str, str | None]:
        if self.schema_kind == "dtd":
            path = str(Path(self.schema_path).resolve())
            grammar = self._grammar(self._dtd_catalog, (etree.QName(root).localname, None, path))
            if grammar.dtd is None:
                raise TagmtError(f"cannot load the DTD schema {self.schema_path}: {grammar.reason}")
            grammar.dtd.validate(root)
            return _errors(grammar.dtd.error_log), VALIDATED, None
        if self.schema is not None:
            self.schema.validate(root)
            return _errors(self.schema.error_log), VALIDATED, None
        named = _schema_location(root)
        if named is not None:
            return self._validate_named_schema(root, named)
        info = root.getroottree().docinfo
        if not info.doctype:
            return [], WELL_FORMEDNESS_ONLY, None
        if not (info.public_id or info.system_url):
            return [], NOT_VALIDATED, ("the DOCTYPE has only an internal subset; tagmt validates against "
                                       "catalog grammars or --dtd/--xsd/--rng, never a hypothesis' own")
        if self.catalog is None:
            return [], NOT_VALIDATED, (f"the document declares {info.public_id or info.system_url!r} but no "
                                       "XML catalog was given (--catalog or $XML_CATALOG_FILES)")
        grammar = self._grammar(self.catalog, (info.root_name, info.public_id, info.system_url))
        if grammar.dtd is None:
            return [], NOT_VALIDATED, grammar.reason
        grammar.dtd.validate(root)
        return _errors(grammar.dtd.error_log), VALIDATED, None

    def _validate_named_schema(self, root: etree._Element, location: str) -> tuple[list[str], str, str | None]:
        """Validate against the XSD the document names, found only through the catalogs (their ``system``
        and ``uri`` entries, or a relative name inside their folders); never a file the user did not give."""
        if self.catalog is None:
            return [], NOT_VALIDATED, (f"the document names the XML Schema {location!r} but no XML catalog was "
                                       "given (--catalog or $XML_CATALOG_FILES): tagmt loads no grammar a "
                                       "hypothesis points to")
        key = ("xsd", location, None)
        if key not in self._grammars:
            self._grammars[key] = load_catalog_xsd(self.catalog, location)
        grammar = self._grammars[key]
        if grammar.dtd is None:
            return [], NOT_VALIDATED, grammar.reason
        grammar.dtd.validate(root)
        return _errors(grammar.dtd.error_log), VALIDATED, None

    def _check_original(self, data: bytes) -> ValidityReport:
        """prescod/markup-metrics' computation (its crash on an empty tree gives None here)."""
        parser = etree.XMLParser(recover=True, no_network=True)
        parser.resolvers.add(_RefuseAll())
        try:
            tree = etree.fromstring(data, parser).getroottree() if data.strip() else None
        except etree.XMLSyntaxError:
            tree = None
        wf_log = [str(entry) for entry in parser.error_log]
        if tree is None or tree.getroot() is None:
            return ValidityReport(0, len(wf_log), 0, wf_log[:_MAX_MESSAGES], NOT_VALIDATED,
                                  "the original fails on a document without a root element")
        total = sum(1 for _ in tree.iter())
        dtd_log: list[str] = []
        if b"<!DOCTYPE" in data:
            dtd_parser = etree.XMLParser(dtd_validation=True, load_dtd=True, recover=True,
                                         resolve_entities=True, no_network=True)
            dtd_parser.resolvers.add(_GrammarResolver(self.catalog, 0) if self.catalog else _RefuseAll())
            try:
                etree.fromstring(data, dtd_parser)
            except etree.XMLSyntaxError:
                pass
            dtd_log = [str(entry) for entry in dtd_parser.error_log]
        errors = len(wf_log) + len(dtd_log)
        score = max(0, total - errors) / total * 100  # in the original's order of operations
        report = ValidityReport(total, len(wf_log), len(dtd_log), (wf_log + dtd_log)[:_MAX_MESSAGES],
                                VALIDATED if dtd_log or b"<!DOCTYPE" in data else WELL_FORMEDNESS_ONLY)
        report.original_score = score
        return report

    def corpus_score(
        self, hypotheses: Sequence[str], references: Sequence[Sequence[str]] = ()
    ) -> MetricResult:
        """Mean of the scores of the documents that have one (None when none has); references are ignored."""
        reports = [self.check(hypothesis) for hypothesis in hypotheses]
        scores = [report.score for report in reports]
        counted = [s for s in scores if s is not None]
        return MetricResult(
            name=self.name,
            score=sum(counted) / len(counted) if counted else None,  # type: ignore[arg-type]
            signature=self.signature(),
            segment_scores=scores,  # type: ignore[arg-type]
            details={
                "status": [r.status for r in reports],
                "reason": [r.reason for r in reports],
                "elements": [r.total for r in reports],
                "well_formedness_errors": [r.well_formedness_errors for r in reports],
                "validation_errors": [r.validation_errors for r in reports],
                "messages": [r.messages for r in reports],
                "skipped_catalogs": list(self.catalog.skipped) if self.catalog else [],
            },
        )
