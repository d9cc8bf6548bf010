"""One name per concept and one home per constant (issue 23): names that meant two things are split, shared
constants are the same object wherever they are imported, and metrics parse through ``safexml``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import tagmt

SRC = Path(tagmt.__file__).parent


def test_names_that_meant_two_things_are_split():
    import tagmt.corpus.model as corpus_model
    import tagmt.data.xliff as sap_xliff
    import tagmt.evaluation as evaluation
    import tagmt.metrics.document as metric_documents
    import tagmt.metrics.placement as placement
    import tagmt.metrics.segment as metric_segment
    import tagmt.translation.documents as translated_documents
    import tagmt.translation.repair as repair
    import tagmt.translation.runs as runs

    assert hasattr(runs, "SegmentCache") and not hasattr(metric_segment, "SegmentCache")
    assert hasattr(metric_segment, "ParseCache")
    assert hasattr(placement, "TagReport") and not hasattr(repair, "TagReport") and hasattr(repair, "TagCheck")
    assert hasattr(corpus_model, "Segment") and hasattr(corpus_model, "InlineCode")
    assert not hasattr(sap_xliff, "Segment") and not hasattr(sap_xliff, "InlineCode")
    assert hasattr(sap_xliff, "SapSegment") and hasattr(sap_xliff, "SapCode")
    assert not hasattr(evaluation, "read_segments") and hasattr(evaluation, "iter_segments")
    assert hasattr(metric_documents, "score_documents") and not hasattr(translated_documents, "score_documents")


def test_constants_have_one_home():
    from tagmt import aligner_names, preflight
    from tagmt.engines import hf, offline, options
    from tagmt.projection import align
    from tagmt.reproduce import cells, grid
    from tagmt.translation import options as run_options
    from tagmt.translation import pipelines

    assert cells.OFFLINE_ENGINES is offline.OFFLINE_ENGINES
    assert not hasattr(preflight, "OFFLINE_MODELS")
    assert grid.ALIGNERS is aligner_names.ALIGNERS and tuple(align.ALIGNER_CLASSES) == aligner_names.ALIGNERS
    assert grid.PAPER_ALIGNER is aligner_names.PAPER_ALIGNER
    assert pipelines.DEFAULT_ALIGNER is aligner_names.DEFAULT_ALIGNER
    assert grid.APPROACHES is run_options.APPROACHES and pipelines.APPROACHES is run_options.APPROACHES
    assert hf.NUM_BEAMS is options.NUM_BEAMS
    for name in ("OFFLINE_ENGINES", "OFFLINE_MODELS", "ALIGNERS", "APPROACHES", "DEFAULT_ALIGNER",
                 "PAPER_ALIGNER", "NUM_BEAMS", "DOCUMENT_METRICS"):
        homes = [p.relative_to(SRC) for p in SRC.rglob("*.py")
                 if re.search(rf"^{name}\s*[:=]", p.read_text(encoding="utf-8"), re.M)]
        assert len(homes) <= 1, f"{name} is defined in {homes}"


#: Metric modules that keep their own lxml parser on purpose (said in a comment there).
OWN_PARSERS = {"towereval.py", "validity.py"}


def test_metrics_parse_through_safexml():
    for path in sorted((SRC / "metrics").glob("*.py")):
        if "etree.XMLParser(" in path.read_text(encoding="utf-8"):
            assert path.name in OWN_PARSERS, f"{path.name} builds its own lxml parser: use safexml.parser"


def test_safexml_parser_takes_no_option_that_loads_or_expands():
    from lxml import etree

    from tagmt import safexml

    with pytest.raises(ValueError, match="load_dtd"):
        safexml.parser(load_dtd=True)
    with pytest.raises(ValueError, match="resolve_entities"):
        safexml.parser(resolve_entities=True)
    bomb = b'<!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><r>&b;</r>'
    root = etree.fromstring(bomb, safexml.parser())
    assert "aaaa" not in "".join(root.itertext())  # entities are not expanded
    assert etree.fromstring(b"<r><!--c--><b/></r>", safexml.parser(remove_comments=True)).xpath("count(comment())") == 0
