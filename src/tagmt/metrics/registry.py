"""Metrics by name. Modules are imported only when their metric is asked for, so a missing optional
dependency fails when used, with a message naming the extra (as sacrebleu does with tokenizers)."""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from tagmt.errors import TagmtError
from tagmt.metrics.base import Metric

# name -> "module:factory"; the factory takes keyword options and returns a Metric.
_REGISTRY: dict[str, str] = {
    # segment metrics over tagged segments (evaluate issue)
    "raw-bleu": "tagmt.metrics.segment:raw_bleu",
    "lex-bleu": "tagmt.metrics.segment:lex_bleu",
    "tag-bleu": "tagmt.metrics.segment:tag_bleu",
    "raw-chrf": "tagmt.metrics.segment:raw_chrf",
    "lex-chrf": "tagmt.metrics.segment:lex_chrf",
    "tag-chrf": "tagmt.metrics.segment:tag_chrf",
    "raw-chrf++": "tagmt.metrics.segment:raw_chrfpp",
    "lex-chrf++": "tagmt.metrics.segment:lex_chrfpp",
    "raw-ter": "tagmt.metrics.segment:raw_ter",
    "lex-ter": "tagmt.metrics.segment:lex_ter",
    "xml-bleu": "tagmt.metrics.xml_bleu:XmlBleu",
    "markup-match": "tagmt.metrics.xml_bleu:MarkupMatch",
    "structure-accuracy": "tagmt.metrics.xml_bleu:StructureAccuracy",
    "xml-chrf": "tagmt.metrics.xml_chrf:XmlChrf",
    "xml-match": "tagmt.metrics.xml_chrf:XmlMatch",
    "tag-placement": "tagmt.metrics.placement:TagPlacement",
    "attribute-preservation": "tagmt.metrics.placement:AttributePreservation",
    "placeholder-preservation": "tagmt.metrics.placement:PlaceholderPreservation",
    "comet": "tagmt.metrics.comet:Comet",
    # document metrics (markup-metrics issue)
    "tree-sim": "tagmt.metrics.tree:TreeSimilarity",
    "node-chrf": "tagmt.metrics.tree:NodeChrf",
    "xater": "tagmt.metrics.xater:Xater",
    "validity": "tagmt.metrics.validity:Validity",
    "span-f1": "tagmt.metrics.span_f1:SpanF1",
    "md-tags": "tagmt.metrics.markdown:MarkdownTags",
    "texbleu": "tagmt.metrics.texbleu:TeXBleu",
}


def list_metrics() -> list[str]:
    """Names of the metrics whose module exists in this installation."""
    names = []
    for name, target in _REGISTRY.items():
        module = target.split(":")[0]
        if importlib.util.find_spec(module) is not None:
            names.append(name)
    return names


def get_metric(name: str, **options: Any) -> Metric:
    """Build the metric called ``name`` with ``options`` (e.g. ``trg_lang="ja"``)."""
    try:
        target = _REGISTRY[name]
    except KeyError:
        raise TagmtError(
            f"unknown metric {name!r}; choose from: {', '.join(list_metrics())}"
        ) from None
    module_name, attr = target.split(":")
    module = importlib.import_module(module_name)
    return getattr(module, attr)(**options)
