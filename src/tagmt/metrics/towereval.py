"""tower-eval's XML-Match and XML-chrF (deep-spin/tower-eval: ``tower_eval/utils.py`` ``match_xml``,
``split_by_xml_tags``, ``split_pairs_by_xml_tags``, ``prepare_xml_markup_pairs``; the metrics in
``tower_eval/metrics/xml_match`` and ``xml_chrf``), rebuilt step for step for ``compat="original"``.

What the original does with one (hypothesis, reference) pair, taken as they are (not stripped):

* both are parsed as ``<root>…</root>`` by lxml's default parser: a bare ``&``, an undefined entity
  (``&nbsp;``), a lone ``<`` or ``<field name>`` makes the segment fail, and a failing segment scores 0
  (even against itself). Character and predefined entity references are resolved (``&#160;`` is a
  no-break space in the text), CDATA sections are read as their text, and comments and processing
  instructions are nodes: children in the tree comparison, their text (and tail) text parts;
* XML-Match: the two trees have the same tags and child counts, recursively; tower-eval reports the
  share on 0–1, tagmt on 0–100;
* XML-chrF: the text parts of each side — the root's text, then every node's text and tail in document
  order (the tail of an element named ``root`` is skipped, as the original mistakes it for the root),
  each stripped, empty ones dropped; when the trees match and both sides have the same, non-zero
  number of parts, each part pair is one entry (sacrebleu sentence chrF); otherwise the segment is one
  entry of 0. The score is the mean of the entries.

Where tower-eval crashes — no segment of the corpus gives a part pair, so its chrF receives empty lists
and fails with IndexError — tagmt gives no score (n/a) and says why (``NO_PARTS``).

The parser here has network access and entity loading off; for a segment inside ``<root>`` that changes
nothing (a DOCTYPE cannot appear there, so no external entity can be declared).
"""

from __future__ import annotations

from lxml import etree

#: Why XML-chrF has no score where tower-eval crashes.
NO_PARTS = ("no segment has a text part on both sides of a matching tree (tower-eval's chrF gets empty lists "
            "and fails with IndexError)")


def _parser() -> etree.XMLParser:
    # Kept apart from ``safexml.parser`` on purpose: this reproduces tower-eval's own parse (lxml's defaults,
    # with only network and entity loading turned off), so compat scores do not move if safexml's settings
    # ever change. Nothing here loads a file or the network.
    return etree.XMLParser(no_network=True, resolve_entities=False, load_dtd=False)


def parse(text: str) -> etree._Element | None:
    """``<root>text</root>`` as lxml's default parser reads it, or None when it fails."""
    try:
        return etree.fromstring(f"<root>{text}</root>".encode("utf-8"), _parser())
    except etree.XMLSyntaxError:
        return None


def trees_match(a: etree._Element, b: etree._Element) -> bool:
    """Same tag (comments and processing instructions included) and child count, recursively."""
    pending = [(a, b)]
    while pending:
        x, y = pending.pop()
        if x.tag != y.tag:
            return False
        xs, ys = list(x), list(y)
        if len(xs) != len(ys):
            return False
        pending.extend(zip(xs, ys))
    return True


def text_parts(root: etree._Element) -> list[str]:
    """The root's text, then each node's text and tail in document order; stripped, empties dropped."""
    parts = [root.text] if root.text else []
    for node in root.iterdescendants():
        if node.text:
            parts.append(node.text)
        if node.tag == "root":
            continue  # the original takes any element called root for the root: its tail is never read
        if node.tail:
            parts.append(node.tail)
    return [p.strip() for p in parts if p.strip()]


def xml_match(hypothesis: str, reference: str) -> bool:
    hyp, ref = parse(hypothesis), parse(reference)
    return hyp is not None and ref is not None and trees_match(hyp, ref)


def part_pairs(hypothesis: str, reference: str) -> list[tuple[str, str]] | None:
    """The (hypothesis, reference) text parts scored one by one, or None for an entry of 0."""
    hyp, ref = parse(hypothesis), parse(reference)
    if hyp is None or ref is None or not trees_match(hyp, ref):
        return None
    hyp_parts, ref_parts = text_parts(hyp), text_parts(ref)
    if len(hyp_parts) != len(ref_parts) or not hyp_parts:
        return None
    return list(zip(hyp_parts, ref_parts))
