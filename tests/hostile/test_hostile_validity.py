"""What tagmt promises when a hypothesis scored by ``validity`` (or xater, span-f1) is hostile (issue 15, item 3).

* A hypothesis never makes tagmt read a local file: an external parameter entity in its internal DTD
  subset, an external general entity, a DOCTYPE whose system identifier is a local file that the
  catalog does not list — none of them is loaded, in either compat mode, with or without a catalog; the
  canary file's content appears nowhere in the result (scores, details, messages, signature).
* Only the catalog's own grammars are read, and only they get libxml2's limits lifted; a hypothesis
  that expands entities exponentially (billion laughs) is parsed with the limits on and scored, quickly.
* The same documents through ``tagmt evaluate --metric validity xater span-f1`` never print the canary.
"""

from __future__ import annotations

import time

import pytest

from tagmt.cli import main
from tagmt.metrics import get_metric

CANARY = "SECRET-CANARY-1234"
PUBLIC = "-//TAGMT//DTD Hostile Doc//EN"


@pytest.fixture()
def setup(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text(CANARY)
    grammar = tmp_path / "grammar"
    grammar.mkdir()
    (grammar / "doc.dtd").write_text("<!ELEMENT doc (p)*>\n<!ELEMENT p (#PCDATA)>\n")
    catalog = grammar / "catalog.xml"
    catalog.write_text(
        '<catalog xmlns="urn:oasis:names:tc:entity:xmlns:xml:catalog">'
        f'<public publicId="{PUBLIC}" uri="doc.dtd"/></catalog>'
    )
    uri = secret.as_uri()
    documents = {
        "external-pe": f'<!DOCTYPE doc PUBLIC "{PUBLIC}" "doc.dtd" [<!ENTITY % x SYSTEM "{uri}"> %x;]><doc><p>a</p></doc>',
        "external-ge": f'<!DOCTYPE doc PUBLIC "{PUBLIC}" "doc.dtd" [<!ENTITY e SYSTEM "{uri}">]><doc><p>&e;</p></doc>',
        "local-system-id": f'<!DOCTYPE doc SYSTEM "{uri}"><doc><p>a</p></doc>',
        "pe-in-attribute-default": (f'<!DOCTYPE doc [<!ENTITY % x SYSTEM "{uri}"><!ATTLIST doc a CDATA "%x;">]>'
                                    "<doc><p>a</p></doc>"),
    }
    return catalog, documents, tmp_path


@pytest.mark.parametrize("compat", ["tagmt", "original"])
@pytest.mark.parametrize("with_catalog", [True, False])
def test_no_hypothesis_reads_a_local_file(setup, compat, with_catalog):
    catalog, documents, _ = setup
    metric = get_metric("validity", catalog=catalog if with_catalog else None, compat=compat)
    for name, document in documents.items():
        result = metric.corpus_score([document])
        shown = repr(result.score) + repr(result.segment_scores) + repr(result.details) + result.signature
        assert CANARY not in shown, name
        if compat == "tagmt" and name == "local-system-id":
            assert result.details["status"] == ["not validated"]


def test_the_cli_never_prints_the_canary(setup, capsys):
    catalog, documents, tmp_path = setup
    for name, document in documents.items():
        path = tmp_path / f"{name}.xml"
        path.write_text(document)
        for metric in ("validity", "xater", "span-f1"):
            args = ["evaluate", "--metric", metric, "--hyp", str(path), "--format", "json"]
            args += ["--catalog", str(catalog)] if metric == "validity" else ["--ref", str(path)]
            try:
                main(args)
            except SystemExit:
                pass
            captured = capsys.readouterr()
            assert CANARY not in captured.out + captured.err, (name, metric)


def test_billion_laughs_in_a_hypothesis_keeps_the_limits(setup):
    catalog, _, _ = setup
    levels = "".join(
        f'<!ENTITY l{k} "{("&l%d;" % (k - 1)) * 10}">' if k else '<!ENTITY l0 "lol">' for k in range(10)
    )
    bomb = f"<!DOCTYPE doc [{levels}]><doc><p>&l9;</p></doc>"
    start = time.process_time()
    result = get_metric("validity", catalog=catalog).corpus_score([bomb])
    assert time.process_time() - start < 5
    assert result.details["status"] == ["not validated"]  # an internal subset is never the grammar
