"""`tagmt evaluate` with documents: a human translation of a PO, JSON or HTML file as the reference, the MT's
translated documents as hypotheses, segments matched by id (as XLIFF targets are)."""

from __future__ import annotations

import json

import pytest

from tagmt.cli import main


def _scores(capsys, *argv: str) -> dict[str, dict[str, float]]:
    assert main(["evaluate", *argv, "--format", "json"]) in (0, None)
    systems = json.loads(capsys.readouterr().out)["systems"]
    return {system["hyp"]: system["scores"] for system in systems}


def test_json_documents_matched_by_key(tmp_path, capsys):
    ref, good, part = tmp_path / "ref.json", tmp_path / "good.json", tmp_path / "part.json"
    ref.write_text('{"a": "Datei öffnen", "b": {"c": "Hallo %s, willkommen"}}\n', encoding="utf-8")
    good.write_text('{"b": {"c": "Hallo %s, willkommen"}, "a": "Datei öffnen"}\n', encoding="utf-8")  # other order
    part.write_text('{"b": {"c": "Hallo, willkommen"}}\n', encoding="utf-8")
    rows = _scores(capsys, "--hyp", str(good), str(part), "-r", str(ref), "--trg-lang", "de",
                   "-m", "raw-chrf", "placeholder-preservation", "--placeholders", "printf")
    assert rows[str(good)]["raw-chrf"] == pytest.approx(100.0)
    assert rows[str(part)]["raw-chrf"] < 60  # one key missing (scored as empty), one without its placeholder
    assert rows[str(good)]["placeholder-preservation"] == pytest.approx(100.0)
    assert rows[str(part)]["placeholder-preservation"] < 100


def test_po_reference_is_its_msgstrs_and_html_codes_are_tags(tmp_path, capsys):
    po = ('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: de\\n"\n\n'
          'msgid "Open the file"\nmsgstr "{}"\n')
    ref, hyp = tmp_path / "ref.po", tmp_path / "hyp.po"
    ref.write_text(po.format("Datei öffnen"), encoding="utf-8")
    hyp.write_text(po.format("Öffne Datei"), encoding="utf-8")
    rows = _scores(capsys, "--hyp", str(hyp), "-r", str(ref), "--trg-lang", "de", "-m", "raw-chrf")
    assert 0 < rows[str(hyp)]["raw-chrf"] < 100

    page = '<!DOCTYPE html><html lang="de"><body><p>Klicken Sie auf {}.</p></body></html>\n'
    ref, kept, lost = tmp_path / "ref.html", tmp_path / "kept.html", tmp_path / "lost.html"
    ref.write_text(page.format("<b>Speichern</b>"), encoding="utf-8")
    kept.write_text(page.format("<b>Speichern</b>"), encoding="utf-8")
    lost.write_text(page.format("Speichern"), encoding="utf-8")
    rows = _scores(capsys, "--hyp", str(kept), str(lost), "-r", str(ref), "--trg-lang", "de", "-m", "markup-match")
    assert rows[str(kept)]["markup-match"] == pytest.approx(100.0)
    assert rows[str(lost)]["markup-match"] < 100


def test_line_files_against_a_document_meet_its_segments_in_order(tmp_path, capsys):
    # MT output kept as lines (in the order `tagmt views` writes the document's segments) scores against the
    # document's text; a line count that differs is one line
    ref, hyp, short = tmp_path / "ref.json", tmp_path / "hyp.txt", tmp_path / "short.txt"
    ref.write_text('{"a": "Datei öffnen", "b": "Ordner schließen"}\n', encoding="utf-8")
    hyp.write_text("Datei öffnen\nOrdner schließen\n", encoding="utf-8")
    short.write_text("Datei öffnen\n", encoding="utf-8")
    rows = _scores(capsys, "--hyp", str(hyp), "-r", str(ref), "--trg-lang", "de", "-m", "raw-chrf")
    assert rows[str(hyp)]["raw-chrf"] == pytest.approx(100.0)
    assert main(["evaluate", "--hyp", str(short), "-r", str(ref), "--trg-lang", "de", "-m", "raw-chrf"]) == 2
    err = capsys.readouterr().err.strip()
    assert "1 lines" in err and "2" in err and "\n" not in err


def test_android_strings_reference_matched_by_name(tmp_path, capsys):
    xml = '<?xml version="1.0" encoding="utf-8"?>\n<resources>\n  <string name="open">{}</string>\n</resources>\n'
    ref, hyp = tmp_path / "strings.xml", tmp_path / "values-de" / "strings.xml"
    hyp.parent.mkdir()
    ref.write_text(xml.format("Datei öffnen"), encoding="utf-8")
    hyp.write_text(xml.format("Öffne die Datei"), encoding="utf-8")
    rows = _scores(capsys, "--hyp", str(hyp), "-r", str(ref), "--trg-lang", "de", "-m", "raw-chrf")
    assert 0 < rows[str(hyp)]["raw-chrf"] < 100
