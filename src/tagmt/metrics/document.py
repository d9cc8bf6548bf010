"""Whole-file scoring for ``tagmt evaluate --metric NAME`` when every metric asked for is a document metric.

``score_documents`` reads each file as one document and returns, per hypothesis file, the JSON-ready
``{"hyp", "scores", "signatures", "details"}`` that evaluate prints.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from tagmt.errors import TagmtError
from tagmt.metrics.registry import compat_for, get_metric
from tagmt.safeio import MAX_DOCUMENT_BYTES, decode_utf8, read_regular_file

DOCUMENT_METRICS = ("tree-sim", "node-chrf", "xater", "validity", "span-f1", "md-tags", "texbleu")


def is_document_metric(name: str) -> bool:
    return name in DOCUMENT_METRICS


def _options(name: str, given: Mapping[str, Any]) -> dict[str, Any]:
    """The options of metric ``name`` among ``given`` (evaluate's: ``compat``, ``words``, ``dtd``, ``xsd``,
    ``rng``, ``catalog``, ``match_mode``, ``iou``, ``embedding_model``; missing ones take their defaults)."""
    # compat original reaches the metrics that have an original; the others run as tagmt
    options: dict[str, Any] = {"compat": compat_for(name, given.get("compat") or "tagmt")}
    if name == "xater":
        options["words"] = bool(given.get("words", False))
    elif name == "validity":
        options.update({key: given.get(key) for key in ("dtd", "xsd", "rng", "catalog")})
    elif name == "span-f1":
        options.update({"match_mode": given.get("match_mode") or "text", "iou": given.get("iou", 0.5)})
    elif name == "texbleu":
        options["embedding_model"] = given.get("embedding_model") or "gpt2"
    return options


def read_document(path: Path) -> str:
    """A whole file as text (UTF-8, a byte-order mark allowed), read through :mod:`tagmt.safeio`: a
    regular file within the document size limit, anything else one line."""
    what = "document"
    return decode_utf8(read_regular_file(path, what=what, limit=MAX_DOCUMENT_BYTES), path, what=what)


def score_documents(
    metric_names: list[str], ref_paths: list[Path], hyp_paths: list[Path],
    options: Mapping[str, Any] | None = None,
) -> list[dict[str, Any]]:
    """Score every hypothesis file as one document with every metric; one dict per hypothesis file.
    ``options``: the metrics' options by name (see :func:`_options`)."""
    unknown = [name for name in metric_names if not is_document_metric(name)]
    if unknown:
        raise TagmtError(
            f"not a document metric: {', '.join(unknown)}; document metrics are {', '.join(DOCUMENT_METRICS)}"
        )
    if not hyp_paths:
        raise TagmtError("give at least one --hyp file")
    metrics = {name: get_metric(name, **_options(name, options or {})) for name in metric_names}
    for name, metric in metrics.items():
        if not metric.reference_free and not ref_paths:
            raise TagmtError(f"metric {name} needs a reference: give --ref FILE")
    references = [[read_document(path)] for path in ref_paths]
    results = []
    for hyp_path in hyp_paths:
        hypothesis = [read_document(hyp_path)]
        entry: dict[str, Any] = {"hyp": str(hyp_path), "scores": {}, "signatures": {}, "details": {}, "figures": {}}
        for name, metric in metrics.items():
            result = metric.corpus_score(hypothesis, references)
            entry["scores"][name] = result.score
            entry["signatures"][name] = result.signature
            entry["figures"][name] = metric.describe()[name].as_dict()
            if result.details:  # one document per file: unwrap the per-document lists
                entry["details"][name] = {
                    key: value[0] if isinstance(value, list) and len(value) == 1 else value
                    for key, value in result.details.items()
                }
        results.append(entry)
    return results
