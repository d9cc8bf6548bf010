"""The validation error metric of the Auto-Markup BenchMark: how much of a document is well-formed and valid.

The hypothesis is parsed with a recovering lxml parser; every well-formedness error it reports counts.
With a schema (a DTD, an XML Schema, a RELAX NG grammar, or the document's own DOCTYPE resolved through a
local XML catalog) the validation errors count too. ``total`` is the number of elements of the recovered
tree and the score is ``100 * clamp((total - errors) / total, 0, 1)``. No reference is needed, and
nothing is ever fetched from the network.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from lxml import etree

from tagmt.errors import TagmtError
from tagmt.metrics.base import Metric, MetricResult

_CATALOG_NS = "{urn:oasis:names:tc:entity:xmlns:xml:catalog}"
_MAX_MESSAGES = 20


def _safe_parser(**options: bool) -> etree.XMLParser:
    return etree.XMLParser(no_network=True, resolve_entities=False, **options)


class Catalog:
    """The ``public``, ``system``, ``rewriteSystem`` and ``nextCatalog`` entries of local OASIS catalogs."""

    def __init__(self, paths: Sequence[Path]) -> None:
        self.public: dict[str, Path] = {}
        self.system: dict[str, Path] = {}
        self.rewrites: list[tuple[str, str]] = []
        for path in paths:
            self._read(Path(path), set())

    def _read(self, path: Path, seen: set[Path]) -> None:
        path = path.resolve()
        if path in seen:
            return
        seen.add(path)
        try:
            root = etree.parse(str(path), _safe_parser()).getroot()
        except (OSError, etree.XMLSyntaxError) as exc:
            raise TagmtError(f"cannot read XML catalog {path}: {exc}") from None
        base = path.parent
        for entry in root.iter():
            tag = entry.tag.replace(_CATALOG_NS, "") if isinstance(entry.tag, str) else ""
            if tag == "public" and entry.get("publicId") and entry.get("uri"):
                self.public.setdefault(entry.get("publicId"), base / entry.get("uri"))
            elif tag == "system" and entry.get("systemId") and entry.get("uri"):
                self.system.setdefault(entry.get("systemId"), base / entry.get("uri"))
            elif tag == "rewriteSystem" and entry.get("systemIdStartString"):
                prefix = entry.get("rewritePrefix", "")
                self.rewrites.append((entry.get("systemIdStartString"), str(base / prefix)))
            elif tag == "nextCatalog" and entry.get("catalog"):
                self._read(base / entry.get("catalog"), seen)

    def resolve(self, public_id: str | None, system_id: str | None) -> Path | None:
        """The local file for an external identifier, or None when the catalogs do not list it."""
        if public_id and public_id in self.public:
            return self.public[public_id]
        if system_id:
            if system_id in self.system:
                return self.system[system_id]
            for start, prefix in sorted(self.rewrites, key=lambda r: -len(r[0])):
                if system_id.startswith(start):
                    return Path(prefix + system_id[len(start):])
        return None


class _CatalogResolver(etree.Resolver):
    """Hands libxml2 local files for DTDs and their modules; unknown identifiers stay unresolved."""

    def __init__(self, catalog: Catalog) -> None:
        super().__init__()
        self.catalog = catalog

    def resolve(self, system_url, public_id, context):  # noqa: D102 - lxml's hook
        path = self.catalog.resolve(public_id, system_url)
        return self.resolve_filename(str(path), context) if path is not None else None


@dataclass
class ValidityReport:
    """One document: elements in the recovered tree, errors counted, and the first messages."""

    total: int
    well_formedness_errors: int
    validation_errors: int
    messages: list[str]

    @property
    def errors(self) -> int:
        return self.well_formedness_errors + self.validation_errors

    @property
    def score(self) -> float:
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

    def __init__(
        self,
        dtd: str | Path | None = None,
        xsd: str | Path | None = None,
        rng: str | Path | None = None,
        catalog: str | Path | Sequence[str | Path] | None = None,
        **_unused: object,
    ) -> None:
        given = [(kind, path) for kind, path in (("dtd", dtd), ("xsd", xsd), ("rng", rng)) if path]
        if len(given) > 1:
            raise TagmtError("give at most one schema: --dtd, --xsd or --rng")
        self.schema_kind, self.schema_path = given[0] if given else (None, None)
        self.schema = self._load_schema() if given else None
        if catalog is None and os.environ.get("XML_CATALOG_FILES"):
            catalog = os.environ["XML_CATALOG_FILES"].split()
        if isinstance(catalog, (str, Path)):
            catalog = [catalog]
        self.catalog_paths = [Path(c) for c in catalog] if catalog else []
        self.catalog = Catalog(self.catalog_paths) if self.catalog_paths else None

    def _load_schema(self):
        path = Path(self.schema_path)
        try:
            if self.schema_kind == "dtd":
                return etree.DTD(str(path))
            document = etree.parse(str(path), _safe_parser())
            return etree.XMLSchema(document) if self.schema_kind == "xsd" else etree.RelaxNG(document)
        except (OSError, etree.XMLSyntaxError, etree.DTDParseError, etree.XMLSchemaParseError,
                etree.RelaxNGParseError) as exc:
            raise TagmtError(f"cannot load the {self.schema_kind.upper()} schema {path}: {exc}") from None

    def signature_fields(self) -> dict[str, str]:
        schema = f"{self.schema_kind}:{Path(self.schema_path).name}" if self.schema_kind else "none"
        return {
            "metric": "validity",
            "schema": schema,
            "catalog": "yes" if self.catalog else "no",
        }

    def check(self, document: str | bytes) -> ValidityReport:
        """Parse with recovery, count well-formedness errors, then validation errors if a schema applies."""
        data = document.encode("utf-8") if isinstance(document, str) else document
        parser = _safe_parser(recover=True)
        root = etree.fromstring(data, parser) if data.strip() else None
        messages = _errors(parser.error_log)
        if root is None:
            return ValidityReport(0, max(len(messages), 1), 0, messages or ["empty document"])
        wellformed = len(messages)
        invalid = self._validate(root, data)
        total = sum(1 for _ in root.iter(etree.Element))
        return ValidityReport(total, wellformed, len(invalid), (messages + invalid)[:_MAX_MESSAGES])

    def _validate(self, root: etree._Element, data: bytes) -> list[str]:
        if self.schema is not None:
            self.schema.validate(root)
            return _errors(self.schema.error_log)
        info = root.getroottree().docinfo
        if self.catalog is None or self.catalog.resolve(info.public_id, info.system_url) is None:
            return []
        parser = _safe_parser(recover=True, load_dtd=True, dtd_validation=True)
        parser.resolvers.add(_CatalogResolver(self.catalog))
        etree.fromstring(data, parser)
        return _errors(entry for entry in parser.error_log if entry.domain_name == "VALID")

    def corpus_score(
        self, hypotheses: Sequence[str], references: Sequence[Sequence[str]] = ()
    ) -> MetricResult:
        """Mean of the document scores; references are ignored."""
        reports = [self.check(hypothesis) for hypothesis in hypotheses]
        scores = [report.score for report in reports]
        return MetricResult(
            name=self.name,
            score=sum(scores) / len(scores) if scores else 0.0,
            signature=self.signature(),
            segment_scores=scores,
            details={
                "elements": [r.total for r in reports],
                "well_formedness_errors": [r.well_formedness_errors for r in reports],
                "validation_errors": [r.validation_errors for r in reports],
                "messages": [r.messages for r in reports],
            },
        )
