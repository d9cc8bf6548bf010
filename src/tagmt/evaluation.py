"""Score several systems against one tagged reference with the segment metrics, doing the reference
side once (parsing, MeCab tokenization, n-gram statistics are shared through one MarkupContext)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Collection, Mapping, Sequence

from tagmt.errors import TagmtError
from tagmt.linecodec import decode_line
from tagmt.metrics.registry import get_metric
from tagmt.metrics.segment import MarkupContext, check_lengths
from tagmt.safeio import MAX_LINE_FILE_BYTES, decode_utf8, read_regular_file

#: The segment metrics of the evaluate command, in the order they are reported.
SEGMENT_METRICS = (
    "raw-bleu",
    "lex-bleu",
    "tag-bleu",
    "raw-chrf",
    "lex-chrf",
    "tag-chrf",
    "xml-bleu",
    "markup-match",
    "structure-accuracy",
)
#: Segment metrics computed only when asked for by name (NE&NUM needs a term list to count entities).
OPTIONAL_SEGMENT_METRICS = ("ne-num-precision", "ne-num-recall")


@dataclass
class SystemScores:
    """One hypothesis file's figures; ``scores`` and ``signatures`` are keyed like ``raw_bleu``."""

    hyp: str
    pair: str | None
    segments: int
    scores: dict[str, float | None]
    signatures: dict[str, str]
    #: per-segment scores keyed like ``scores`` (``markup_match`` and ``structure_accuracy`` are 0/100)
    segment_scores: dict[str, list[float]] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {
            "hyp": self.hyp,
            "pair": self.pair,
            "segments": self.segments,
            "scores": dict(self.scores),
            "signatures": dict(self.signatures),
        }


def score_key(metric: str) -> str:
    """``raw-bleu`` → ``raw_bleu``: the key under which a metric's figure is reported."""
    return metric.replace("-", "_")


def score_systems(
    references: Sequence[str],
    hypotheses: Mapping[str, Sequence[str]],
    trg_lang: str,
    pair: str | None = None,
    *,
    metrics: Sequence[str] = SEGMENT_METRICS,
    tokenize: str | None = None,
    vocabulary: Collection[str] | None = None,
    compat: str = "tagmt",
    terms: str | Path | Collection[str] | None = None,
) -> list[SystemScores]:
    """Score each hypothesis stream (``hypotheses[name]``) against ``references``.

    ``markup-match`` reports two figures: ``markup_match`` over all segments and
    ``markup_match_tagged`` over the segments whose reference has markup (None when none has).
    ``tokenize`` overrides the BLEU tokenizer chosen by ``trg_lang`` (tag BLEU always uses ``none``);
    ``vocabulary`` replaces the markup names taken from the references; ``compat`` chooses the
    corrected definitions (``tagmt``) or the published implementations' (``original``); ``terms`` is
    the NE&NUM term list.
    """
    known = SEGMENT_METRICS + OPTIONAL_SEGMENT_METRICS
    unknown = [name for name in metrics if name not in known]
    if unknown:
        raise TagmtError(f"{unknown[0]!r} is not a segment metric; choose from: {', '.join(known)}")
    reference_streams = [list(references)]
    for lines in hypotheses.values():
        check_lengths(lines, reference_streams)
    context = MarkupContext()
    options: dict[str, Any] = {"trg_lang": trg_lang, "tokenize": tokenize, "vocabulary": vocabulary,
                               "compat": compat}
    scorers = [
        get_metric(name, context=context, **options, **({"terms": terms} if name in OPTIONAL_SEGMENT_METRICS else {}))
        for name in metrics
    ]
    systems = []
    for hyp, lines in hypotheses.items():
        lines = list(lines)
        system = SystemScores(hyp=hyp, pair=pair, segments=len(lines), scores={}, signatures={})
        for scorer in scorers:
            result = scorer.corpus_score(lines, reference_streams)
            key = score_key(scorer.name)
            system.scores[key] = result.score
            system.signatures[key] = result.signature
            system.segment_scores[key] = result.segment_scores or []
            if scorer.name == "markup-match":
                system.scores["markup_match_tagged"] = result.details["tagged"]
                system.signatures["markup_match_tagged"] = result.signature
        systems.append(system)
    return systems


def read_segments(path: str | Path) -> list[str]:
    """One segment per line of a UTF-8 file (a byte order mark is accepted); empty lines are segments
    too, ``\r\n`` is accepted, and line breaks written as ``&#10;``-style references are decoded
    (:mod:`tagmt.linecodec`). Only a regular file is read, up to a size limit."""
    data = read_regular_file(path, what="line file", limit=MAX_LINE_FILE_BYTES)
    lines = decode_utf8(data, path, what="line file").split("\n")
    if lines[-1] == "":
        lines.pop()  # the newline that ends the last line
    return [decode_line(line[:-1] if line.endswith("\r") else line) for line in lines]
