"""Whole-file scoring for ``tagmt evaluate --metric NAME`` when every metric asked for is a document metric.

``add_document_arguments`` adds the options of the document metrics to the evaluate parser;
``score_documents`` reads each file as one document and returns, per hypothesis file, the JSON-ready
``{"hyp", "scores", "signatures", "details"}`` that evaluate prints.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from tagmt.errors import TagmtError
from tagmt.metrics.registry import get_metric
from tagmt.metrics.span_f1 import MATCH_MODES

DOCUMENT_METRICS = ("xater", "validity", "span-f1", "md-tags", "texbleu")


def add_document_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of the document metrics (xater, validity, span-f1, md-tags, texbleu)."""
    group = parser.add_argument_group("document metrics (xater, validity, span-f1, md-tags, texbleu)")
    group.add_argument("--words", action="store_true",
                       help="xater: split text runs into words (one token per word) instead of one token per run")
    group.add_argument("--dtd", type=Path, default=None, help="validity: validate against this DTD file")
    group.add_argument("--xsd", type=Path, default=None, help="validity: validate against this XML Schema")
    group.add_argument("--rng", type=Path, default=None, help="validity: validate against this RELAX NG grammar")
    group.add_argument("--catalog", type=Path, action="append", default=None,
                       help="validity: local XML catalog that resolves the document's DOCTYPE "
                            "(repeatable; default: $XML_CATALOG_FILES); the network is never used")
    group.add_argument("--match-mode", choices=MATCH_MODES, default="text",
                       help="span-f1: spans match by exact offsets, by normalised text (default) or by overlap")
    group.add_argument("--iou", type=float, default=0.5,
                       help="span-f1: least intersection over union for --match-mode overlap (default 0.5)")
    group.add_argument("--embedding-model", default="gpt2",
                       help="texbleu: tokenizer and input embeddings to use, a hub id or a local directory "
                            "(default gpt2)")


def is_document_metric(name: str) -> bool:
    return name in DOCUMENT_METRICS


def _options(name: str, args: argparse.Namespace) -> dict[str, Any]:
    options: dict[str, Any] = {"compat": getattr(args, "compat", "tagmt")}
    if name == "xater":
        options["words"] = getattr(args, "words", False)
    elif name == "validity":
        options.update({key: getattr(args, key, None) for key in ("dtd", "xsd", "rng", "catalog")})
    elif name == "span-f1":
        options.update({"match_mode": getattr(args, "match_mode", "text"), "iou": getattr(args, "iou", 0.5)})
    elif name == "texbleu":
        options["embedding_model"] = getattr(args, "embedding_model", "gpt2")
    return options


def read_document(path: Path) -> str:
    """A whole file as text (UTF-8, a byte-order mark allowed)."""
    try:
        return Path(path).read_bytes().decode("utf-8-sig")
    except FileNotFoundError:
        raise TagmtError(f"file not found: {path}") from None
    except UnicodeDecodeError as exc:
        raise TagmtError(f"{path} is not UTF-8 text (byte {exc.start})") from None
    except OSError as exc:
        raise TagmtError(f"cannot read {path}: {exc.strerror}") from None


def score_documents(
    metric_names: list[str], ref_paths: list[Path], hyp_paths: list[Path], args: argparse.Namespace
) -> list[dict[str, Any]]:
    """Score every hypothesis file as one document with every metric; one dict per hypothesis file."""
    unknown = [name for name in metric_names if not is_document_metric(name)]
    if unknown:
        raise TagmtError(
            f"not a document metric: {', '.join(unknown)}; document metrics are {', '.join(DOCUMENT_METRICS)}"
        )
    if not hyp_paths:
        raise TagmtError("give at least one --hyp file")
    metrics = {name: get_metric(name, **_options(name, args)) for name in metric_names}
    for name, metric in metrics.items():
        if not metric.reference_free and not ref_paths:
            raise TagmtError(f"metric {name} needs a reference: give --ref FILE")
    references = [[read_document(path)] for path in ref_paths]
    results = []
    for hyp_path in hyp_paths:
        hypothesis = [read_document(hyp_path)]
        entry: dict[str, Any] = {"hyp": str(hyp_path), "scores": {}, "signatures": {}, "details": {}}
        for name, metric in metrics.items():
            result = metric.corpus_score(hypothesis, references)
            entry["scores"][name] = result.score
            entry["signatures"][name] = result.signature
            if result.details:  # one document per file: unwrap the per-document lists
                entry["details"][name] = {
                    key: value[0] if isinstance(value, list) and len(value) == 1 else value
                    for key, value in result.details.items()
                }
        results.append(entry)
    return results
