"""Document structure metrics after FormatRL (Song et al. 2025, "Structured Document Translation via
Format Reinforcement Learning"): tree similarity and node-level chrF of whole XML documents.

* ``tree-sim`` — ``100 × (1 − TED / max(|T_hyp|, |T_ref|))``: the tree edit distance between the
  element trees (unit costs: insert, delete, rename a node; a node is labelled with its element name;
  text is ignored) normalised by the larger tree, as FormatRL's TreeSim. The distance comes from the
  ``apted`` library (APTED, which returns the same optimal distance as Zhang–Shasha). A hypothesis that
  is not well-formed XML scores 0. APTED is cubic in pure Python (300 elements: ~8 s), so a document
  of more than ``MAX_NODES`` elements is refused with that limit named.
* ``node-chrf`` — chrF (sacrebleu) over the text of corresponding nodes: each element is identified by
  its path of names with sibling ranks (``/topic[1]/body[1]/p[2]``); its text is its own text and the
  tails of its children (not its descendants' text). Every reference node is paired with the
  hypothesis node at the same path (empty text when there is none), and every hypothesis node without
  a reference node with an empty reference; corpus chrF over those pairs. This pairing is tagmt's
  reading of FormatRL's Node-chrF (nodes matched by position in the tree).

Several references: the best score. Documents are parsed with one safe parser (no DTD, no entities, no
network), and comments and processing instructions are not nodes.
"""

from __future__ import annotations

from typing import Any, Iterator, Sequence

from lxml import etree

from tagmt.errors import TagmtError
from tagmt.metrics.base import Figure, Metric, MetricResult

#: Largest element tree that tree-sim accepts (APTED is cubic in pure Python).
MAX_NODES = 400


def _parser() -> etree.XMLParser:
    return etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, remove_comments=True,
                           remove_pis=True)


def parse_document(text: str) -> etree._Element | None:
    """The root element, or None when ``text`` is not well-formed XML."""
    data = text.encode("utf-8")
    if not data.strip():
        return None
    try:
        return etree.fromstring(data, _parser())
    except etree.XMLSyntaxError:
        return None


def _elements(root: etree._Element) -> Iterator[etree._Element]:
    return (node for node in root.iter() if isinstance(node.tag, str))


def _label(node: etree._Element) -> str:
    return etree.QName(node).localname if node.tag.startswith("{") else node.tag


def tree_edit_distance(hyp: etree._Element, ref: etree._Element) -> int:
    """Unit-cost tree edit distance between two element trees (APTED)."""
    import apted

    class Labels(apted.Config):
        def rename(self, a: Any, b: Any) -> int:
            return int(a[0] != b[0])

        def children(self, node: Any) -> list:
            return node[1]

    return int(apted.APTED(_plain(hyp), _plain(ref), Labels()).compute_edit_distance())


def _plain(root: etree._Element) -> list:
    """The element tree as nested ``[name, children]`` lists: apted truth-tests its nodes, and a childless
    lxml element is false."""
    top: list = [_label(root), []]
    stack = [(root, top)]
    while stack:
        node, plain = stack.pop()
        for child in node:
            if isinstance(child.tag, str):
                entry: list = [_label(child), []]
                plain[1].append(entry)
                stack.append((child, entry))
    return top


def node_texts(root: etree._Element) -> dict[str, str]:
    """Each element's own text (text and children's tails), keyed by its path with sibling ranks."""
    texts: dict[str, str] = {}
    stack: list[tuple[etree._Element, str]] = [(root, f"/{_label(root)}[1]")]
    while stack:
        node, path = stack.pop()
        children = [child for child in node if isinstance(child.tag, str)]
        own = [node.text or ""] + [child.tail or "" for child in node]
        texts[path] = " ".join(" ".join(own).split())
        ranks: dict[str, int] = {}
        for child in children:
            label = _label(child)
            ranks[label] = ranks.get(label, 0) + 1
            stack.append((child, f"{path}/{label}[{ranks[label]}]"))
    return texts


def document_pairs(metric: str, hypotheses: Sequence[str], references: Sequence[Sequence[str]]):
    """Each document's index, parsed hypothesis (None when it is not well-formed: it scores 0) and parsed
    references; a reference that is not well-formed XML stops the run in one line."""
    for i, hypothesis in enumerate(hypotheses):
        refs = []
        for stream in references:
            ref = parse_document(stream[i])
            if ref is None:
                raise TagmtError(f"{metric}: reference {i + 1} is not well-formed XML")
            refs.append(ref)
        yield i, parse_document(hypothesis), refs


class TreeSimilarity(Metric):
    """FormatRL's TreeSim on 0–100 (one document per item)."""

    name = "tree-sim"
    figures = {"tree-sim": Figure(description="100 × (1 − tree edit distance / larger tree), element names only")}

    def __init__(self, compat: str = "tagmt") -> None:
        self.set_compat(compat)  # no original mode: this is tagmt's reading of FormatRL's definition

    def corpus_score(self, hypotheses: Sequence[str], references: Sequence[Sequence[str]]) -> MetricResult:
        scores: list[float] = []
        distances: list[int | None] = []
        for i, hyp, refs in document_pairs(self.name, hypotheses, references):
            best, best_distance = 0.0, None
            for ref in refs if hyp is not None else ():
                size = max(_count(hyp), _count(ref))
                if size > MAX_NODES:
                    raise TagmtError(
                        f"tree-sim: document {i + 1} has {size} elements; the tree edit distance is limited "
                        f"to {MAX_NODES} elements per document (it is cubic): split the document"
                    )
                distance = tree_edit_distance(hyp, ref)
                score = 100.0 * (1.0 - distance / size)
                if best_distance is None or score > best:
                    best, best_distance = score, distance
            scores.append(best)
            distances.append(best_distance)
        return MetricResult(
            name=self.name,
            score=sum(scores) / len(scores) if scores else None,
            signature=self.signature(),
            segment_scores=scores,
            details={"distance": distances},
        )

    def signature_fields(self) -> dict[str, str]:
        return {"nrefs": "1", "ted": "apted-unit", "norm": "max-nodes", "labels": "element-names"}


def _count(root: etree._Element) -> int:
    return sum(1 for _ in _elements(root))


class NodeChrf(Metric):
    """chrF over the text of tree nodes paired by path (see the module docstring)."""

    name = "node-chrf"
    figures = {"node-chrf": Figure(description="chrF over the text of nodes paired by their path in the tree")}

    def __init__(self, compat: str = "tagmt") -> None:
        from tagmt.metrics.segment import Sacre

        self.set_compat(compat)
        self.sacre = Sacre("chrf")

    def corpus_score(self, hypotheses: Sequence[str], references: Sequence[Sequence[str]]) -> MetricResult:
        scores: list[float] = []
        for _, hyp, refs in document_pairs(self.name, hypotheses, references):
            best = 0.0
            for ref in refs if hyp is not None else ():
                best = max(best, self._score(node_texts(hyp), node_texts(ref)))
            scores.append(best)
        return MetricResult(
            name=self.name,
            score=sum(scores) / len(scores) if scores else None,
            signature=self.signature(),
            segment_scores=scores,
        )

    def _score(self, hyp: dict[str, str], ref: dict[str, str]) -> float:
        """Corpus chrF over the node pairs, summing each pair's statistics as it goes (sacrebleu's
        ``corpus_score`` would keep every reference's n-gram tables at once: 1 GB at 100k nodes)."""
        total: list[float] | None = None
        for path in [*ref, *(path for path in hyp if path not in ref)]:
            h, r = hyp.get(path, ""), ref.get(path, "")
            if h or r:
                stats = self.sacre.statistics(h, (r,), None)
                total = stats if total is None else [a + b for a, b in zip(total, stats)]
        return 100.0 if total is None else self.sacre.corpus(total)

    def signature_fields(self) -> dict[str, str]:
        return {**self.sacre.signature_fields(1), "nodes": "path-ranked"}
