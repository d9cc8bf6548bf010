"""Metrics by name. Modules are imported only when their metric is asked for, so a missing optional
dependency fails when used, with a message naming the extra (as sacrebleu does with tokenizers)."""

from __future__ import annotations

import importlib
import importlib.util
import inspect
from typing import Any, Callable

from tagmt.errors import TagmtError, did_you_mean
from tagmt.metrics.base import COMPAT_MODES, Metric

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
    "ne-num-precision": "tagmt.metrics.ne_num:NeNumPrecision",
    "ne-num-recall": "tagmt.metrics.ne_num:NeNumRecall",
    "xml-chrf": "tagmt.metrics.xml_chrf:XmlChrf",
    "xml-match": "tagmt.metrics.xml_chrf:XmlMatch",
    "tag-placement": "tagmt.metrics.placement:TagPlacement",
    "tag-preservation": "tagmt.metrics.czechdocs:TagPreservation",
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


def _factory(name: str) -> Callable[..., Metric]:
    try:
        target = _REGISTRY[name]
    except KeyError:
        raise TagmtError(
            f"unknown metric {name!r}{did_you_mean(name, _REGISTRY)}; choose from: {', '.join(list_metrics())}"
        ) from None
    module_name, attr = target.split(":")
    return getattr(importlib.import_module(module_name), attr)


def accepted_options(factory: Callable[..., Metric]) -> list[str]:
    """The keyword options a metric factory takes: its named parameters, or, for a factory that passes
    ``**options`` on, the names it declares in ``accepted_options``."""
    declared = getattr(factory, "accepted_options", None)
    if declared is not None:
        return list(declared)
    parameters = inspect.signature(factory).parameters.values()
    return [p.name for p in parameters if p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)]


def compat_modes(name: str) -> tuple[str, ...]:
    """The ``compat`` values the metric ``name`` implements, as it declares them (``compat_modes`` of
    its class or factory): ``("tagmt", "original")`` where a published implementation is reproduced."""
    return tuple(getattr(_factory(name), "compat_modes", ("tagmt",)))


def metrics_with(compat: str) -> list[str]:
    """The metrics (of this installation) that implement the ``compat`` mode."""
    return [name for name in list_metrics() if compat in compat_modes(name)]


def metrics_with_original() -> list[str]:
    """The metrics (of this installation) that implement ``compat="original"``."""
    return metrics_with("original")


#: Where a metric lacks the mode asked for, the next mode tried before ``tagmt``.
_FALLBACK = {"original-strict": "original"}


def compat_for(name: str, compat: str) -> str:
    """The definition a run over several metrics uses for ``name`` when ``compat`` is asked for: that
    mode where the metric implements it (``original-strict`` falls back to ``original``), else ``tagmt``
    (its signature then says ``compat:tagmt``)."""
    if compat not in COMPAT_MODES:
        raise TagmtError(f"unknown compat mode {compat!r}; choose from: {', '.join(COMPAT_MODES)}")
    modes = compat_modes(name)
    while compat not in modes and compat in _FALLBACK:
        compat = _FALLBACK[compat]
    return compat if compat in modes else "tagmt"


def get_metric(name: str, **options: Any) -> Metric:
    """Build the metric called ``name`` with ``options`` (e.g. ``trg_lang="ja"``).

    An option the metric does not take, or a ``compat`` value it does not implement, is a
    ``TagmtError`` naming the valid ones (never silently ignored): ``compat="original"`` for a metric
    without a published implementation names the metrics that have one.
    """
    factory = _factory(name)
    valid = accepted_options(factory)
    unknown = sorted(set(options) - set(valid))
    if unknown:
        raise TagmtError(
            f"metric {name} has no option {', '.join(map(repr, unknown))}; its options are: "
            f"{', '.join(sorted(valid)) or '(none)'}"
        )
    compat = options.get("compat", "tagmt")
    if compat not in COMPAT_MODES:
        raise TagmtError(f"unknown compat mode {compat!r} for metric {name}; choose from: {', '.join(COMPAT_MODES)}")
    if compat not in compat_modes(name):
        if compat == "original":
            raise TagmtError(
                f"metric {name} has no compat mode {compat!r} (no published implementation to reproduce); "
                f"metrics with one: {', '.join(metrics_with_original())}"
            )
        raise TagmtError(
            f"metric {name} has no compat mode {compat!r} (its modes: {', '.join(compat_modes(name))}); "
            f"metrics with {compat}: {', '.join(metrics_with(compat))}"
        )
    return factory(**options)
