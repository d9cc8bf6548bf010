"""Markup-aware metrics behind one registry: ``get_metric(name)``; ``list_metrics()``."""

from tagmt.metrics.base import Metric, MetricResult
from tagmt.metrics.registry import get_metric, list_metrics

__all__ = ["Metric", "MetricResult", "get_metric", "list_metrics"]
