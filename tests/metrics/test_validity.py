"""Validation error metric: recovered well-formedness errors, schemas, and DOCTYPEs through a local catalog."""

from __future__ import annotations

import pytest

from tagmt.errors import TagmtError
from tagmt.metrics import get_metric
from tagmt.metrics.validity import Validity

DTD = "<!ELEMENT doc (p+)>\n<!ELEMENT p (#PCDATA)>\n"
XSD = """<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <xs:element name="doc"><xs:complexType><xs:sequence>
    <xs:element name="p" type="xs:string" maxOccurs="unbounded"/>
  </xs:sequence></xs:complexType></xs:element>
</xs:schema>"""
RNG = """<element name="doc" xmlns="http://relaxng.org/ns/structure/1.0">
  <oneOrMore><element name="p"><text/></element></oneOrMore>
</element>"""
PUBLIC = "-//TAGMT//DTD Test Doc//EN"


def test_well_formed_document_scores_100():
    report = Validity().check("<doc><p>a</p><p>b</p></doc>")
    assert (report.total, report.errors, report.score) == (3, 0, 100.0)


def test_each_well_formedness_error_counts_against_the_elements():
    report = Validity().check("<doc><p>a</doc>")  # one mismatch error, two elements recovered
    assert (report.total, report.well_formedness_errors) == (2, 1)
    assert report.score == 50.0
    assert "mismatch" in report.messages[0]


def test_unparseable_or_empty_documents_score_zero():
    assert Validity().check("no markup at all").score == 0.0
    assert Validity().check("").score == 0.0


@pytest.mark.parametrize("kind,text", [("dtd", DTD), ("xsd", XSD), ("rng", RNG)])
def test_schema_errors_count(tmp_path, kind, text):
    schema = tmp_path / f"schema.{kind}"
    schema.write_text(text)
    metric = get_metric("validity", **{kind: schema})
    assert metric.unit == "document" and metric.reference_free
    assert metric.check("<doc><p>a</p></doc>").score == 100.0
    report = metric.check("<doc><p>a</p><q>b</q></doc>")  # q is not allowed: 3 elements, >= 1 error
    assert report.validation_errors >= 1
    assert report.score == pytest.approx(100 * (3 - report.errors) / 3)
    assert f"schema:{kind}:schema.{kind}" in metric.signature()


def test_doctype_resolved_through_a_local_catalog_only(tmp_path):
    (tmp_path / "doc.dtd").write_text(DTD)
    catalog = tmp_path / "catalog.xml"
    catalog.write_text(
        '<catalog xmlns="urn:oasis:names:tc:entity:xmlns:xml:catalog">'
        f'<public publicId="{PUBLIC}" uri="doc.dtd"/></catalog>'
    )
    # the system identifier points at the network; only the catalog's local file may be used
    doc = f'<!DOCTYPE doc PUBLIC "{PUBLIC}" "http://example.invalid/doc.dtd"><doc><q>x</q></doc>'
    with_catalog = Validity(catalog=catalog).check(doc)
    assert with_catalog.validation_errors == 2  # q undeclared, doc content model broken
    assert with_catalog.score == 0.0
    assert Validity().check(doc).score == 100.0  # without a catalog the DOCTYPE is not loaded


def test_corpus_score_is_the_mean_and_needs_no_reference():
    result = Validity().corpus_score(["<a/>", "<a><b></a>"], [])
    assert result.segment_scores == [100.0, 50.0]
    assert result.score == 75.0
    assert result.details["well_formedness_errors"] == [0, 1]


def test_bad_schema_options_are_clear_errors(tmp_path):
    with pytest.raises(TagmtError, match="at most one schema"):
        Validity(dtd=tmp_path / "a.dtd", xsd=tmp_path / "a.xsd")
    with pytest.raises(TagmtError, match="cannot load the XSD schema"):
        Validity(xsd=tmp_path / "missing.xsd")
