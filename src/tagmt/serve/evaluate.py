"""``POST /v1/evaluate``: the JSON of ``tagmt evaluate --format json`` for segments sent in the request — the
same path as the command and ``tagmt.evaluate`` (an ``evaluate_files.Reference`` over the lists,
``score_references``, ``report.scores.json_document``). Options that name files on the server
(``--ne-terms``, ``--comet-model``, ``--per-segment``, ``--html``) are not taken: a request never makes the
server read or write a file."""

from __future__ import annotations

from typing import Any, Mapping

from tagmt.serve.problems import ServeError
from tagmt.serve.project import strings, text

EVALUATE_FIELDS = ("references", "hypotheses", "trg_lang", "metrics", "sources", "tokenize", "compat", "paired_bs",
                   "paired_ar", "confidence", "samples", "seed", "tag_report")
#: the most resamples or trials a request may ask for (--paired-ar's default)
MAX_SAMPLES = 10000


def _flag(data: Mapping[str, Any], name: str) -> bool:
    value = data.get(name, False)
    if not isinstance(value, bool):
        raise ServeError(400, f"{name!r} must be true or false")
    return value


def _number(data: Mapping[str, Any], name: str, default: int | None, low: int, high: int) -> int | None:
    value = data.get(name, default)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ServeError(400, f"{name!r} must be a whole number from {low} to {high}")
    return value


def evaluate_request(data: Mapping[str, Any]) -> dict[str, Any]:
    """The answer of ``/v1/evaluate`` for its JSON body: ``{"systems": […]}`` as ``--format json`` prints it."""
    from tagmt.evaluate_files import DOCUMENT_METRICS, EvaluationOptions, Reference, score_references, unique
    from tagmt.report.scores import json_document

    unknown = sorted(set(data) - set(EVALUATE_FIELDS))
    if unknown:
        raise ServeError(400, f"unknown field {unknown[0]!r}; /v1/evaluate takes {', '.join(EVALUATE_FIELDS)}")
    references = strings(data, "references") or []
    hypotheses = data.get("hypotheses")
    if not isinstance(hypotheses, dict) or not hypotheses:
        raise ServeError(400, "'hypotheses' must be an object {system name: [segments]} with at least one system")
    systems: dict[str, list[str]] = {}
    for name, segments in hypotheses.items():
        if not isinstance(segments, list) or not all(isinstance(s, str) for s in segments):
            raise ServeError(400, f"the hypotheses of {name!r} must be a list of strings")
        if len(segments) != len(references):
            raise ServeError(400, f"the hypothesis {name} has {len(segments)} segments but the reference has "
                                  f"{len(references)}; give one segment per reference segment")
        systems[name] = segments
    sources = strings(data, "sources", required=False)
    if sources is not None and len(sources) != len(references):
        raise ServeError(400, f"'sources' has {len(sources)} segments but the reference has {len(references)}")
    metrics = data.get("metrics") or []
    if isinstance(metrics, str):
        metrics = [metrics]
    if not isinstance(metrics, list) or not all(isinstance(m, str) for m in metrics):
        raise ServeError(400, "'metrics' must be a list of metric names (tagmt evaluate --metric)")
    documents = [m for m in metrics if m in DOCUMENT_METRICS]
    if documents:
        raise ServeError(400, f"{documents[0]} scores whole documents (files); /v1/evaluate scores segments: run "
                              "tagmt evaluate --ref FILE --hyp FILE for document metrics")
    tokenize, compat = data.get("tokenize"), data.get("compat", "tagmt")
    if tokenize is not None and not isinstance(tokenize, str) or not isinstance(compat, str):
        raise ServeError(400, "'tokenize' and 'compat' are names (tagmt evaluate --tokenize, --compat)")
    options = EvaluationOptions(
        tokenize=tokenize, compat=compat, paired_bs=_flag(data, "paired_bs"), paired_ar=_flag(data, "paired_ar"),
        confidence=_flag(data, "confidence"), samples=_number(data, "samples", None, 1, MAX_SAMPLES),
        seed=_number(data, "seed", 12345, 0, 2**32 - 1) or 0, progress=False)
    reference = Reference(text(data, "trg_lang"), None, len(references), lambda: iter(references), sources)
    scored = score_references(reference, {name: iter(segments) for name, segments in systems.items()},
                              unique(list(metrics), "metrics"), options)
    return json_document(scored, tag_report=_flag(data, "tag_report"))
