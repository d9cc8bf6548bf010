"""``POST /v1/translate`` takes ITS rules files as multipart parts named ``its_rules`` (as ``tagmt translate
--its-rules`` takes them): the answer equals the CLI's for the same document and rules; rules given any other
way are a 400 naming how."""

from __future__ import annotations

from pathlib import Path

from tagmt.cli import main

ITS = "http://www.w3.org/2005/11/its"
RULES = f'<its:rules xmlns:its="{ITS}" version="2.0"><its:translateRule selector="//p[@k]" translate="no"/></its:rules>'
DOC = (f'<doc xmlns:its="{ITS}" xmlns:xlink="http://www.w3.org/1999/xlink"><its:rules version="2.0" '
       'xlink:href="rules.xml"/><p k="1">Kept</p><p>Pseudo</p></doc>')


def test_its_rules_parts_apply_as_on_the_command_line(client, tmp_path: Path) -> None:
    doc, rules = tmp_path / "doc.xml", tmp_path / "rules.xml"
    doc.write_text(DOC, encoding="utf-8")
    rules.write_text(RULES, encoding="utf-8")
    out = tmp_path / "cli.xml"
    assert main(["translate", "--input", str(doc), "--model", "pseudo", "--its-rules", str(rules), "-o", str(out),
                 "--no-cache"]) == 0
    answer = client.post("/v1/translate", data={"model": "pseudo"},
                         files=[("file", ("doc.xml", DOC.encode(), "application/xml")),
                                ("its_rules", ("rules.xml", RULES.encode(), "application/xml"))])
    assert answer.status_code == 200, answer.text
    assert answer.content == out.read_bytes()
    assert b">Kept<" in answer.content and b">Pseudo<" not in answer.content
    without = client.post("/v1/translate", data={"model": "pseudo"},
                          files=[("file", ("doc.xml", DOC.encode(), "application/xml"))])
    assert without.status_code == 200 and b">Kept<" not in without.content  # (the link alone loads nothing)


def test_its_rules_as_a_field_is_refused(client) -> None:
    answer = client.post("/v1/translate?model=pseudo&filename=doc.xml&its_rules=rules.xml", content=DOC.encode())
    assert answer.status_code == 400 and "multipart part named its_rules" in answer.text
