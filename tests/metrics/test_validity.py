"""Validation error metric: recovered well-formedness errors, schemas, and DOCTYPEs through a local catalog."""

from __future__ import annotations

from pathlib import Path

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
    assert metric.check("<doc><p>a</p></doc>").status == "validated"


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
    without = Validity().check(doc)  # without a catalog the DOCTYPE cannot be loaded: never "valid"
    assert without.score is None and without.status == "not validated" and "no XML catalog" in without.reason


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


# --- a DITA-like modular grammar: an entity file and a module file, both behind the catalog -------------

def dita_like_grammar(folder, elements=800, models=200, next_catalog=None, text_declarations=False):
    """Write a DITA-like DTD (a topic shell, an .ent and a .mod behind PUBLIC identifiers, an inline
    content entity used by hundreds of content models) and its catalog; return the catalog path.

    With the default sizes the parameter-entity expansion exceeds libxml2's entity amplification
    limit, as the OASIS DITA DTDs do under lxml 6. ``text_declarations``: every file begins with
    ``<?xml version="1.0" encoding="UTF-8"?>``, as the DITA 1.3 modules do."""
    names = [f"ph{k}" for k in range(elements)]
    (folder / "topicDefn.ent").write_text(
        '<!ENTITY % inline "#PCDATA | uicontrol | b | ' + " | ".join(names) + '">\n'
        '<!ENTITY % univ-atts "id ID #IMPLIED outputclass CDATA #IMPLIED">\n'
    )
    module = [
        "<!ELEMENT topic (title, body)>",
        '<!ATTLIST topic id ID #REQUIRED class CDATA "- topic/topic ">',
        "<!ELEMENT title (%inline;)*>", "<!ELEMENT body (p)*>", "<!ELEMENT p (%inline;)*>",
        "<!ATTLIST p %univ-atts;>", "<!ELEMENT uicontrol (#PCDATA)>", "<!ELEMENT b (#PCDATA)>",
    ]
    module += [f"<!ELEMENT {n} (%inline;)*>" for n in names[:models]]
    module += [f"<!ELEMENT {n} (#PCDATA)>" for n in names[models:]]
    (folder / "topic.mod").write_text("\n".join(module))
    (folder / "topic.dtd").write_text(
        '<!ENTITY % topic-ent PUBLIC "-//TAGMT//ENTITIES Topic//EN" "topicDefn.ent">%topic-ent;\n'
        '<!ENTITY % topic-mod PUBLIC "-//TAGMT//ELEMENTS Topic//EN" "topic.mod">%topic-mod;\n'
    )
    chained = f'<nextCatalog catalog="{next_catalog}"/>' if next_catalog else ""
    if text_declarations:
        for name in ("topicDefn.ent", "topic.mod", "topic.dtd"):
            path = folder / name
            path.write_text('<?xml version="1.0" encoding="UTF-8"?>\n' + path.read_text())
    catalog = folder / "catalog.xml"
    catalog.write_text(
        '<catalog xmlns="urn:oasis:names:tc:entity:xmlns:xml:catalog">'
        f'<public publicId="{TOPIC}" uri="topic.dtd"/>'
        '<public publicId="-//TAGMT//ENTITIES Topic//EN" uri="topicDefn.ent"/>'
        f'<public publicId="-//TAGMT//ELEMENTS Topic//EN" uri="topic.mod"/>{chained}</catalog>'
    )
    return catalog


TOPIC = "-//TAGMT//DTD Topic//EN"
VALID_TOPIC = (f'<?xml version="1.0"?>\n<!DOCTYPE topic PUBLIC "{TOPIC}" "topic.dtd">\n'
               '<topic id="t"><title>Save</title><body><p>Choose <uicontrol>Save</uicontrol>.</p></body></topic>')


@pytest.fixture(scope="module")
def dita_catalog(tmp_path_factory):
    return dita_like_grammar(tmp_path_factory.mktemp("dita"), next_catalog="missing/catalog.xml")


def test_generated_grammar_really_exceeds_the_amplification_limit(dita_catalog):
    """The premise: loading it the ordinary way fails under this libxml2 (else the test proves nothing)."""
    from lxml import etree

    parser = etree.XMLParser(load_dtd=True, resolve_entities=True, recover=True, no_network=True)
    parser.resolvers.add(_PlainCatalogResolver(dita_catalog))
    etree.fromstring(VALID_TOPIC.encode(), parser)
    assert any("amplification" in e.message for e in parser.error_log)


class _PlainCatalogResolver:
    def __new__(cls, catalog):
        from lxml import etree

        from tagmt.metrics.validity import Catalog

        entries = Catalog([catalog])

        class Plain(etree.Resolver):
            def resolve(self, url, public_id, context):
                path = entries.resolve(public_id, url)
                return self.resolve_filename(str(path), context) if path else None

        return Plain()


def test_a_valid_dita_topic_scores_100_and_an_unknown_element_less(dita_catalog):
    metric = get_metric("validity", catalog=dita_catalog)
    valid = metric.check(VALID_TOPIC)
    assert (valid.status, valid.score, valid.validation_errors) == ("validated", 100.0, 0)
    invalid = metric.check(VALID_TOPIC.replace("</p>", "<nosuchelement/></p>"))
    assert invalid.status == "validated" and invalid.score < 100.0
    assert any("nosuchelement" in m for m in invalid.messages)


def test_a_missing_chained_catalog_is_skipped_as_libxml2_does(dita_catalog):
    metric = Validity(catalog=dita_catalog)
    assert metric.catalog.skipped and metric.catalog.skipped[0].endswith("missing/catalog.xml")
    result = metric.corpus_score([VALID_TOPIC])
    assert result.score == 100.0 and result.details["skipped_catalogs"]


def test_a_document_whose_dtd_is_not_in_the_catalog_is_never_valid(dita_catalog):
    other = VALID_TOPIC.replace(TOPIC, "-//ACME//DTD Other//EN").replace("topic.dtd", "other.dtd")
    result = Validity(catalog=dita_catalog).corpus_score([other, VALID_TOPIC])
    assert result.segment_scores == [None, 100.0]
    assert result.details["status"][0] == "not validated"
    assert "not in the XML catalogs" in result.details["reason"][0]
    assert result.score == 100.0  # the mean of the documents that were validated


def test_a_grammar_that_does_not_load_means_not_validated(tmp_path):
    catalog = dita_like_grammar(tmp_path, elements=20, models=5)
    (tmp_path / "topic.mod").write_text("<!ELEMENT topic (title, body>")  # broken module
    report = Validity(catalog=catalog).check(VALID_TOPIC)
    assert report.score is None and report.status == "not validated" and "does not load" in report.reason


def test_a_grammar_needing_a_file_outside_the_catalog_is_refused(tmp_path):
    grammar = tmp_path / "grammar"
    grammar.mkdir()
    catalog = dita_like_grammar(grammar, elements=20, models=5)
    outside = tmp_path / "outside.ent"
    outside.write_text("<!ELEMENT extra (#PCDATA)>")
    dtd = grammar / "topic.dtd"
    dtd.write_text(dtd.read_text() + f'<!ENTITY % extra SYSTEM "{outside.as_uri()}">%extra;\n')
    report = Validity(catalog=catalog).check(VALID_TOPIC)
    assert report.score is None and "catalogs do not list" in report.reason


def test_a_hypothesis_cannot_read_local_files(dita_catalog, tmp_path):
    """Issue 15: an internal subset that loads a local file must not get it read (canary never shown)."""
    canary = tmp_path / "secret.txt"
    canary.write_text("SECRET-CANARY-1234")
    subset = (f' [<!ENTITY % leak SYSTEM "{canary.as_uri()}"> %leak; '
              f'<!ENTITY file SYSTEM "{canary.as_uri()}">]')
    hostile = VALID_TOPIC.replace('"topic.dtd">', f'"topic.dtd"{subset}>').replace("Save</uicontrol>", "&file;</uicontrol>")
    for metric in (Validity(catalog=dita_catalog), Validity(catalog=dita_catalog, compat="original"), Validity()):
        result = metric.corpus_score([hostile])
        assert "SECRET-CANARY" not in repr(result.details) + repr(result.score) + result.signature


def test_the_signature_names_libxml2_and_the_compat_mode(dita_catalog):
    from lxml import etree

    signature = Validity(catalog=dita_catalog).signature()
    assert f"libxml2:{'.'.join(map(str, etree.LIBXML_VERSION))}" in signature and "compat:tagmt" in signature


def test_compat_original_equals_the_original_on_its_cases():
    """prescod/markup-metrics' numbers (tests/metrics/data/automarkup_validity.json, see NOTE.md there):
    warnings count, comments count as elements, the DTD parse adds its whole log again."""
    import json
    from pathlib import Path

    from compat_cases import validity_documents

    expected = json.loads((Path(__file__).parent / "data" / "automarkup_validity.json").read_text())
    metric = Validity(compat="original")
    for name, document in validity_documents():
        assert metric.check(document).score == pytest.approx(expected[name], abs=1e-9), name
    assert "compat:original" in metric.signature()
    # the corrected default does not validate against a hypothesis' own internal subset
    assert Validity().check(dict(validity_documents())["internal-invalid"]).status == "not validated"


DATA = Path(__file__).parent / "data"


def test_padding_goes_after_a_text_declaration():
    from tagmt.metrics.validity import padded

    declared = '<?xml version="1.0" encoding="UTF-8"?>\n<!ELEMENT a (#PCDATA)>'
    assert padded(declared, 3) == '<?xml version="1.0" encoding="UTF-8"?><!--   -->\n\n<!ELEMENT a (#PCDATA)>'
    assert padded("<!ELEMENT a (#PCDATA)>", 2) == "<!--  -->\n<!ELEMENT a (#PCDATA)>"
    assert padded(declared, 0) == declared


def test_modules_with_text_declarations_load_past_the_amplification_limit(tmp_path):
    """Issue 22: DITA 1.3 modules begin with a text declaration; with the amplification padding in front of
    it every document came back 'not validated: XML declaration allowed only at the start'."""
    catalog = dita_like_grammar(tmp_path, text_declarations=True)
    metric = get_metric("validity", catalog=catalog)
    valid = metric.check(VALID_TOPIC)
    assert (valid.status, valid.score, valid.reason) == ("validated", 100.0, None)
    invalid = metric.check(VALID_TOPIC.replace("</p>", "<nosuchelement/></p>"))
    assert invalid.status == "validated" and invalid.score < 100.0


MINI_TOPIC = ('<?xml version="1.0" encoding="UTF-8"?>\n'
              '<!DOCTYPE topic PUBLIC "-//TAGMT//DTD Mini Topic//EN" "topic.dtd">\n'
              '<topic id="t1"><title>Save <b>now</b></title><body><p>Choose <menucascade><uicontrol>File'
              '</uicontrol><uicontrol>Save</uicontrol></menucascade>.</p><ul><li>one</li></ul></body></topic>')


def test_a_dita_like_tree_of_chained_catalogs_and_declared_modules():
    """tests/metrics/data/dita: a catalog chaining one per folder (and a missing one), a shell pulling
    .ent/.mod modules in through parameter entities, every file opening with a text declaration."""
    metric = Validity(catalog=DATA / "dita" / "catalog.xml")
    assert metric.catalog.skipped and metric.catalog.skipped[0].endswith("missing/catalog.xml")
    valid = metric.check(MINI_TOPIC)
    assert (valid.status, valid.score) == ("validated", 100.0)
    unknown = metric.check(MINI_TOPIC.replace("<li>one</li>", "<li>one</li><li><step>x</step></li>"))
    assert unknown.status == "validated" and unknown.score < 100.0
    assert any("step" in message for message in unknown.messages)
    misplaced = metric.check(MINI_TOPIC.replace("<title>Save <b>now</b></title>", "<title>Save</title><title>2</title>"))
    assert misplaced.score < 100.0


XHTML = ('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" '
         '"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">\n<html xmlns="http://www.w3.org/1999/xhtml" '
         'lang="en"><head><title>T</title></head><body><p>Caf&eacute;&nbsp;<em>now</em> &copy;</p></body></html>')


def test_xhtml_through_its_public_identifier_with_its_entity_set():
    metric = Validity(catalog=DATA / "xhtml" / "catalog.xml")  # entries inside <group xml:base="dtd/">
    valid = metric.check(XHTML)
    assert (valid.status, valid.score, valid.well_formedness_errors) == ("validated", 100.0, 0)
    invalid = metric.check(XHTML.replace("<em>now</em>", "<blink>now</blink>"))
    assert invalid.status == "validated" and invalid.score < 100.0


XSD_TOPIC = ('<topic id="t1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
             'xsi:noNamespaceSchemaLocation="urn:tagmt:xsd:topic.xsd"><title>Save</title>'
             '<body><p>Choose <uicontrol>Save</uicontrol>.</p></body></topic>')


def test_an_xsd_the_document_names_is_found_through_the_catalog_only(tmp_path):
    metric = Validity(catalog=DATA / "xsd" / "catalog.xml")
    assert metric.check(XSD_TOPIC).score == 100.0  # through the catalog's uri entry, with its xs:include
    assert metric.check(XSD_TOPIC.replace("urn:tagmt:xsd:topic.xsd", "topic.xsd")).score == 100.0  # in its folder
    invalid = metric.check(XSD_TOPIC.replace("uicontrol>", "bogus>"))
    assert invalid.status == "validated" and invalid.score < 100.0
    # a schema elsewhere on disk is never read on a hypothesis' say-so
    elsewhere = tmp_path / "other.xsd"
    elsewhere.write_text((DATA / "xsd" / "inline.xsd").read_text())
    for location in (elsewhere.as_uri(), str(elsewhere), "../../../../../../../../" + str(elsewhere)):
        report = metric.check(XSD_TOPIC.replace("urn:tagmt:xsd:topic.xsd", location))
        assert report.status == "not validated" and report.score is None
    no_catalog = Validity().check(XSD_TOPIC)
    assert no_catalog.status == "not validated" and "no XML catalog" in no_catalog.reason


def test_a_hypothesis_naming_a_local_file_as_its_schema_cannot_read_it(tmp_path):
    canary = tmp_path / "secret.xsd"
    canary.write_text("SECRET-CANARY-5678")
    hostile = XSD_TOPIC.replace("urn:tagmt:xsd:topic.xsd", canary.as_uri())
    for metric in (Validity(catalog=DATA / "xsd" / "catalog.xml"), Validity()):
        result = metric.corpus_score([hostile])
        assert "SECRET-CANARY" not in repr(result.details) + repr(result.score) + result.signature
