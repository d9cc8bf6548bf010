"""Document mode: translate whole DITA documents with a chat LLM, in chunks cut on element boundaries,
and score them with the document metrics (XATER, validity, tree similarity).

A document goes to the model whole when it fits the context (``max_context`` tokens, counted with
``tagmt.engines.llm.estimate_tokens``: the prompt, the chunk and the chunk's output budget must fit).
Otherwise it is cut on element boundaries: an element that does not fit is split into its start tag,
its children (each with its tail) and its end tag — but only a *container*, whose own text and
children's tails are blank (``conbody``, ``section``, ``ul``); an element with running text (``p``,
``li``, ``title``) is never split inside, so no sentence is cut, and one that alone exceeds the budget is
sent alone and counted as ``oversized``. Consecutive pieces are packed greedily into chunks. A chunk may
open elements that a later chunk closes: the document prompt says so, and the chunks' translations are
joined in order under the source's XML declaration and DOCTYPE.

Chunks go through the ordinary run machinery (``runs.translate_segments``): concurrency, the cache per
chunk, resume, progress. A translation that is not well-formed XML is kept as it is (and scored so).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from lxml import etree

from tagmt.atomic import write_atomic
from tagmt.data.xliff import PARSER
from tagmt.engines.llm import OUTPUT_EXTRA, OUTPUT_FACTOR, OpenAIEngine, estimate_tokens
from tagmt.errors import TagmtError
from tagmt.metrics.registry import get_metric, list_metrics
from tagmt.metrics.xater import XmlParseError, parse_xml
from tagmt.translation.options import RunOptions
from tagmt.translation.runs import BatchProgress, SegmentCache, translate_segments, write_run_record

#: Document metrics that document mode reports (each one the registry has).
DOCUMENT_SCORES = ("xater", "validity", "tree-sim")
DEFAULT_MAX_CONTEXT = 4096
#: Fewest chunk tokens worth a request; a smaller budget means --max-context cannot hold the prompt.
MIN_CHUNK_TOKENS = 32
_MARK = "tagmt-split-0b5e"
_DECLARATION = re.compile(r"^\s*<\?xml[^>]*\?>\s*(<!DOCTYPE[^>]*>\s*)?")


@dataclass
class Chunked:
    """One document cut into chunks: the text before the root element, and the chunks in order."""

    prefix: str
    chunks: list[str]
    oversized: int = 0


def _serialize(element: etree._Element) -> str:
    return etree.tostring(element, encoding="unicode", with_tail=False)


def _tags_of(element: etree._Element) -> tuple[str, str]:
    """The start tag (with attributes and namespace declarations) and the end tag of ``element``."""
    shell = etree.Element(element.tag, dict(element.attrib), nsmap=element.nsmap)
    shell.text = _MARK
    start, end = etree.tostring(shell, encoding="unicode").split(_MARK)
    return start, end


def _is_container(element: etree._Element) -> bool:
    """An element with element children and no running text of its own (only whitespace between them)."""
    children = list(element)
    return bool(children) and not (element.text or "").strip() and not any((c.tail or "").strip() for c in children)


def _pieces(element: etree._Element, budget: int, counts: dict[str, int]) -> list[str]:
    whole = _serialize(element)
    if estimate_tokens(whole) <= budget:
        return [whole]
    if not isinstance(element.tag, str) or not _is_container(element):
        counts["oversized"] += 1
        return [whole]
    start, end = _tags_of(element)
    pieces = [start + (element.text or "")]
    for child in element:
        child_pieces = _pieces(child, budget, counts)
        child_pieces[-1] += child.tail or ""
        pieces.extend(child_pieces)
    pieces.append(end)
    return pieces


def _pack(pieces: Sequence[str], budget: int) -> list[str]:
    chunks: list[str] = []
    current = ""
    for piece in pieces:
        if current and estimate_tokens(current + piece) > budget:
            chunks.append(current)
            current = ""
        current += piece
    if current:
        chunks.append(current)
    return chunks


def chunk_document(text: str, budget: int, where: str = "document") -> Chunked:
    """Cut a DITA/XML document into chunks of at most ``budget`` estimated tokens on element boundaries."""
    try:
        root = etree.fromstring(text.encode("utf-8"), PARSER)
    except etree.XMLSyntaxError as exc:
        raise TagmtError(f"{where} is not well-formed XML: {exc}") from None
    tree = root.getroottree()
    prefix = f'<?xml version="{tree.docinfo.xml_version or "1.0"}" encoding="UTF-8"?>\n'
    if tree.docinfo.doctype:
        prefix += tree.docinfo.doctype + "\n"
    counts = {"oversized": 0}
    pieces = _pieces(root, budget, counts)
    return Chunked(prefix, _pack(pieces, budget), counts["oversized"])


def chunk_budget(engine: OpenAIEngine, max_context: int, src_lang: str, trg_lang: str) -> int:
    """Chunk tokens such that prompt + chunk + the chunk's output budget fit in ``max_context``."""
    overhead = engine.prompt_tokens(src_lang, trg_lang)
    if engine.options.max_new_tokens is not None:
        budget = max_context - overhead - engine.options.max_new_tokens
    else:
        budget = int((max_context - overhead - OUTPUT_EXTRA) / (1 + OUTPUT_FACTOR))
    if budget < MIN_CHUNK_TOKENS:
        raise TagmtError(
            f"--max-context {max_context} leaves {max(budget, 0)} tokens for the document (the prompt takes "
            f"about {overhead}, each output up to {OUTPUT_FACTOR:g}x its input + {OUTPUT_EXTRA}); "
            f"raise --max-context to at least {overhead + OUTPUT_EXTRA + int((1 + OUTPUT_FACTOR) * MIN_CHUNK_TOKENS) + 1}"
        )
    return budget


def _unwrap(output: str, chunk: str) -> str:
    """Drop an XML declaration or DOCTYPE the model put before a chunk that had none, and give the
    output the chunk's own leading and trailing whitespace (cleaning strips it; joined chunks need it)."""
    output = output if _DECLARATION.match(chunk) else _DECLARATION.sub("", output, count=1)
    stripped = chunk.strip()
    if not stripped:
        return chunk
    lead, trail = chunk[:chunk.index(stripped)], chunk[chunk.index(stripped) + len(stripped):]
    return lead + output.strip() + trail


@dataclass
class DocumentRun:
    """Translated documents (in input order) and what happened on the way."""

    ids: list[str]
    translations: list[str]
    chunks: list[int]
    oversized: int = 0
    well_formed: list[bool] = field(default_factory=list)


def translate_documents(
    engine: OpenAIEngine,
    documents: Sequence[tuple[str, str]],
    src_lang: str,
    trg_lang: str,
    *,
    max_context: int = DEFAULT_MAX_CONTEXT,
    run: RunOptions = RunOptions(),
) -> DocumentRun:
    """Translate ``documents`` (``(id, xml)`` pairs) chunk by chunk (``run``: the cache and progress, as for
    every translate entry point, ``on_batch`` among them); see the module docstring."""
    if not isinstance(engine, OpenAIEngine):
        raise TagmtError("--unit document needs an LLM: --model openai:NAME")
    engine = engine.for_approach("document")
    budget = chunk_budget(engine, max_context, src_lang, trg_lang)
    chunked = [chunk_document(text, budget, f"document {doc_id}") for doc_id, text in documents]
    texts = [chunk for doc in chunked for chunk in doc.chunks]
    cache = (SegmentCache.for_run(engine, "document", f"{src_lang}-{trg_lang}", texts, run.cache_dir)
             if run.use_cache else None)
    progress = BatchProgress(run.progress, f"{engine.name} document {src_lang}-{trg_lang}", "chunk", run.on_batch)
    outputs = translate_segments(engine, texts, src_lang, trg_lang, cache=cache, progress=progress)
    run = DocumentRun([doc_id for doc_id, _ in documents], [], [len(d.chunks) for d in chunked],
                      sum(d.oversized for d in chunked))
    position = 0
    for doc in chunked:
        parts = [_unwrap(out, chunk) for chunk, out in zip(doc.chunks, outputs[position:position + len(doc.chunks)])]
        position += len(doc.chunks)
        translation = doc.prefix + "".join(parts) + "\n"
        run.translations.append(translation)
        try:
            parse_xml(translation)
            run.well_formed.append(True)
        except XmlParseError:
            run.well_formed.append(False)
    return run


def score_translated_documents(hypotheses: Sequence[str], references: Sequence[str]) -> dict[str, Any]:
    """XATER, validity and tree similarity of each translated document against its reference, and their
    means; a metric that refuses the documents (tree-sim past its size limit) gets no score and the reason,
    so the translated documents are still written."""
    scores: dict[str, Any] = {}
    for name in (n for n in DOCUMENT_SCORES if n in list_metrics()):
        try:
            result = get_metric(name).corpus_score(list(hypotheses), [list(references)])
        except TagmtError as exc:  # tree-sim refuses a document over its size limit: keep the translations
            scores[name] = {"score": None, "reason": str(exc)}
            continue
        scores[name] = {"score": _rounded(result.score), "documents": [_rounded(s) for s in result.segment_scores],
                        "signature": result.signature}
        if "status" in result.details:  # validity: a document no grammar could check has no score, and says why
            scores[name]["status"] = result.details["status"]
            scores[name]["reason"] = result.details.get("reason")
    return scores


def _rounded(score: float | None) -> float | None:
    return None if score is None else round(score, 2)


def write_document_run(out_dir: str | Path, run: DocumentRun, scores: dict[str, Any] | None,
                       engine: OpenAIEngine, fields: dict[str, Any]) -> Path:
    """``OUT/<id>.dita`` per document, ``OUT/scores.json`` and the run record ``OUT/run.json``."""
    out = Path(out_dir)
    if out.exists() and not out.is_dir():
        raise TagmtError(f"-o {out} is a file; --unit document writes a folder of documents")
    for doc_id, text in zip(run.ids, run.translations):
        write_atomic(out / f"{doc_id}.dita", [text])
    if scores is not None:
        from tagmt.report.scores import DATA_DECIMALS, rounded

        write_atomic(out / "scores.json", [json.dumps(rounded(scores, DATA_DECIMALS), ensure_ascii=False, indent=2) + "\n"])
    return write_run_record(out / "run.json", {
        "unit": "document",
        "documents": len(run.ids),
        "chunks": sum(run.chunks),
        "chunks_per_document": dict(zip(run.ids, run.chunks)),
        "oversized_pieces": run.oversized,
        "well_formed": sum(run.well_formed),
        **fields,
    }, engine.for_approach("document"))
