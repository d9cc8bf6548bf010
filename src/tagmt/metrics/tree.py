"""Document structure metrics after FormatRL (Song et al. 2025, "Structured Document Translation via
Format Reinforcement Learning"): tree similarity and node-level chrF of whole XML documents.

* ``tree-sim`` — ``100 × (1 − TED / max(|T_hyp|, |T_ref|))``: the tree edit distance between the
  element trees (unit costs: insert, delete, rename a node; a node is labelled with its element name;
  text is ignored) normalised by the larger tree, as FormatRL's TreeSim. The distance comes from the
  ``apted`` library (APTED, which returns the same optimal distance as Zhang–Shasha). A hypothesis that
  is not well-formed XML scores 0. APTED is cubic in pure Python (300 elements: ~8 s), so a document
  of more than ``MAX_NODES`` elements is refused with that limit named.
* ``node-chrf`` — chrF (sacrebleu) over the text of corresponding nodes. A node's text is its own text
  and the tails of its children (not its descendants' text). Nodes correspond through the tree edit
  distance's own mapping (APTED ``compute_edit_mapping``): an optimal unit-cost mapping of the element
  names, among equally cheap ones the one pairing the most similar texts (each rename also costs
  ``ε × (1 − word-set Jaccard similarity)``, with ε small enough that the ε terms together stay below
  one edit, so the distance is tree-sim's). A mapped pair (renamed or not) compares its two texts; a
  reference node the mapping deletes is paired with an empty hypothesis (its n-grams are missed); a
  hypothesis node it inserts counts as an insertion — its n-grams go into the hypothesis totals with no
  match, so text the reference does not have lowers the score (sacrebleu's chrF drops a pair whose
  reference is empty). Corpus chrF over all of them. A renamed element keeps its text's credit, and
  the siblings after it stay paired with their own counterparts. The mapping is cubic like tree-sim's,
  so the same ``MAX_NODES`` limit applies.

Several references: the best score. Documents are parsed with one safe parser (no DTD, no entities, no
network), and comments and processing instructions are not nodes.
"""

from __future__ import annotations

from typing import Any, Iterator, Sequence

from lxml import etree

from tagmt import safexml
from tagmt.errors import TagmtError
from tagmt.metrics.base import Figure, Metric, MetricResult

#: Largest element tree that tree-sim accepts (APTED is cubic in pure Python).
MAX_NODES = 400


def _parser() -> etree.XMLParser:
    return safexml.parser(remove_comments=True, remove_pis=True)


def parse_document(text: str) -> etree._Element | None:
    """The root element, or None when ``text`` is not well-formed XML; a document nested deeper than
    libxml2's limit is refused (``TagmtError``: it is not malformed, tagmt cannot score it)."""
    data = text.encode("utf-8")
    if not data.strip():
        return None
    try:
        return etree.fromstring(data, _parser())
    except etree.XMLSyntaxError as exc:
        if safexml.too_deep(exc):
            raise TagmtError(safexml.DEPTH_REFUSAL) from None
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
    references; a reference that is not well-formed XML, or any document nested deeper than libxml2's
    limit, stops the run in one line."""
    for i, hypothesis in enumerate(hypotheses):
        refs = []
        for stream in references:
            ref = _parsed(metric, "reference", i, stream[i])
            if ref is None:
                raise TagmtError(f"{metric}: reference {i + 1} is not well-formed XML")
            refs.append(ref)
        yield i, _parsed(metric, "hypothesis", i, hypothesis), refs


def _parsed(metric: str, what: str, i: int, text: str) -> etree._Element | None:
    try:
        return parse_document(text)
    except TagmtError as exc:
        raise TagmtError(f"{metric}: {what} {i + 1}: {exc}") from None


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
    """chrF over the text of tree nodes paired by the tree edit mapping (see the module docstring)."""

    name = "node-chrf"
    figures = {"node-chrf": Figure(description="chrF over the text of nodes paired by the tree edit mapping; "
                                               "inserted text counts against the hypothesis")}

    def __init__(self, compat: str = "tagmt") -> None:
        from tagmt.metrics.segment import Sacre

        self.set_compat(compat)
        self.sacre = Sacre("chrf")

    def corpus_score(self, hypotheses: Sequence[str], references: Sequence[Sequence[str]]) -> MetricResult:
        scores: list[float] = []
        for i, hyp, refs in document_pairs(self.name, hypotheses, references):
            best = 0.0
            for ref in refs if hyp is not None else ():
                size = max(_count(hyp), _count(ref))
                if size > MAX_NODES:
                    raise TagmtError(
                        f"node-chrf: document {i + 1} has {size} elements; the tree edit mapping is limited "
                        f"to {MAX_NODES} elements per document (it is cubic): split the document"
                    )
                best = max(best, self._score(node_pairs(hyp, ref)))
            scores.append(best)
        return MetricResult(
            name=self.name,
            score=sum(scores) / len(scores) if scores else None,
            signature=self.signature(),
            segment_scores=scores,
        )

    def _score(self, pairs: list[tuple[str | None, str | None]]) -> float:
        """Corpus chrF over the node pairs (None: the node has no counterpart), summing statistics as it goes."""
        total: list[float] | None = None
        for h, r in pairs:
            if h is not None and r is None:
                stats = self._inserted(h)
            elif h or r:
                stats = self.sacre.statistics(h or "", (r or "",), None)
            else:
                continue
            total = stats if total is None else [a + b for a, b in zip(total, stats)]
        return 100.0 if total is None else self.sacre.corpus(total)

    def _inserted(self, text: str) -> list:
        """chrF statistics of text with nothing to match: its n-gram counts, no reference, no match
        (sacrebleu's triplets are [hypothesis, reference, match] per order)."""
        if not text:
            return [0] * self.sacre.width
        stats = self.sacre.statistics(text, (text,), None)
        return [value if k % 3 == 0 else 0 for k, value in enumerate(stats)]

    def signature_fields(self) -> dict[str, str]:
        return {**self.sacre.signature_fields(1), "nodes": "ted-mapping", "inserted": "counted"}


def _own_text(node: etree._Element) -> str:
    own = [node.text or ""] + [child.tail or "" for child in node]
    return " ".join(" ".join(own).split())


def _mapping_tree(root: etree._Element) -> list:
    """The element tree as nested ``[name, children, text, words]`` lists for the edit mapping."""
    def entry(node: etree._Element) -> list:
        text = _own_text(node)
        return [_label(node), [], text, frozenset(text.split())]

    top = entry(root)
    stack = [(root, top)]
    while stack:
        node, plain = stack.pop()
        for child in node:
            if isinstance(child.tag, str):
                item = entry(child)
                plain[1].append(item)
                stack.append((child, item))
    return top


def node_pairs(hyp: etree._Element, ref: etree._Element) -> list[tuple[str | None, str | None]]:
    """(hypothesis text, reference text) of each pair of the edit mapping; None where a node is inserted
    or deleted."""
    import apted

    hyp_tree, ref_tree = _mapping_tree(hyp), _mapping_tree(ref)
    epsilon = 1.0 / (2 * (_count(hyp) + _count(ref) + 1))  # all ε terms together < 1/2: the label distance stays optimal

    class TextTieBreak(apted.Config):
        def rename(self, a: Any, b: Any) -> float:
            union = a[3] | b[3]
            similarity = len(a[3] & b[3]) / len(union) if union else 1.0
            text_cost = 0.0 if a[2] == b[2] else epsilon * (1.0 - similarity) + epsilon / 2
            return float(a[0] != b[0]) + text_cost

        def children(self, node: Any) -> list:
            return node[1]

    mapping = apted.APTED(hyp_tree, ref_tree, TextTieBreak()).compute_edit_mapping()
    return [(None if h is None else h[2], None if r is None else r[2]) for h, r in mapping]
