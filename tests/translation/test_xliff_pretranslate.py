"""``tagmt translate`` and ``tagmt project --xliff`` pre-translate as CAT tools do (issue 19): human targets
are kept and counted unless --overwrite, each <file> is translated in its own direction."""

from __future__ import annotations

import json
from pathlib import Path

from tagmt.cli import main
from tagmt.corpus import read_corpus

FILES = Path(__file__).parent.parent / "corpus" / "files"


def test_translate_keeps_human_targets_and_says_so(tmp_path, capsys):
    out = tmp_path / "o.xliff"
    assert main(["translate", "--input", str(FILES / "xcode.xliff"), "--approach", "dt", "--model", "copy",
                 "--no-cache", "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert "wrote 2 of 5 segments (copy, dt, en-de)" in err
    assert "kept 3 existing targets as they were (1 empty source, 1 no state, 1 translated)" in err
    record = json.loads((tmp_path / "o.xliff.run.json").read_text("utf-8"))
    assert record["targets_kept"] == {"empty source": 1, "no state": 1, "translated": 1}
    assert record["overwrite"] is False
    refs = {s.id.rsplit("/", 1)[1]: s.reference for s in read_corpus(out).segments}
    assert refs["CFBundleGetInfoString"] == "Leer" and refs["CFBundleName"] == "Notizen"
    assert refs["NSCameraUsageDescription"] == "Notes uses the camera to scan documents."

    assert main(["translate", "--input", str(FILES / "xcode.xliff"), "--approach", "dt", "--model", "copy",
                 "--no-cache", "--overwrite", "-o", str(out)]) == 0
    assert "kept 1 existing targets as they were (1 empty source)" in capsys.readouterr().err
    refs = {s.id.rsplit("/", 1)[1]: s.reference for s in read_corpus(out).segments}
    assert refs["CFBundleGetInfoString"] == "Leer" and refs["CFBundleName"] == "Notes"


def test_nothing_to_translate_is_one_line(tmp_path, capsys):
    path = tmp_path / "done.xlf"
    path.write_text('<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file source-language="en" '
                    'target-language="de" datatype="x" original="x"><body><trans-unit id="1"><source>a</source>'
                    '<target state="final">b</target></trans-unit></body></file></xliff>', encoding="utf-8")
    assert main(["translate", "--input", str(path), "--approach", "dt", "--model", "copy", "--no-cache",
                 "-o", str(tmp_path / "o.xlf")]) == 2
    assert "no segment to translate: every target is kept as it is (1 final); --overwrite" in capsys.readouterr().err
    assert not (tmp_path / "o.xlf").exists()


def test_each_file_is_translated_in_its_own_direction(tmp_path, capsys):
    out = tmp_path / "o.xlf"
    assert main(["translate", "--input", str(FILES / "multi-file.xlf"), "--approach", "dp", "--model", "copy",
                 "--no-cache", "-o", str(out)]) == 0
    assert "(copy, dp, en-de, en-fr)" in capsys.readouterr().err
    record = json.loads((tmp_path / "o.xlf.run.json").read_text("utf-8"))
    assert record["directions"] == ["en-de", "en-fr"] and record["segments"] == 2
    segments = read_corpus(out).segments
    assert [s.reference for s in segments] == ['Save the <g id="1">file</g>', "Öffnen", 'Save the <g id="1">file</g>']


def test_project_keeps_target_only_codes_and_human_targets(tmp_path, capsys):
    path = tmp_path / "mt.xlf"
    units = [
        ('<source>Click <g id="1">Save</g> now.</source><target state="needs-review-translation" '
         'state-qualifier="mt-suggestion">Klicken Sie jetzt auf Speichern.</target>'),  # MT: gets its tags
        ('<source>Open <g id="1">File</g>.</source><target state="final">Öffnen Sie Datei.</target>'),  # human
        ('<source>Press <g id="1">Enter</g>.</source><target state="new">Drücken Sie <g id="9">nur im Ziel</g>'
         " Enter.</target>"),  # a code only the target has
    ]
    body = "".join(f'<trans-unit id="{k}">{u}</trans-unit>' for k, u in enumerate(units, start=1))
    path.write_text('<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file source-language="en" '
                    f'target-language="de" datatype="x" original="x"><body>{body}</body></file></xliff>',
                    encoding="utf-8")
    out = tmp_path / "o.xlf"
    assert main(["project", "--xliff", str(path), "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert "projected the tags of 1 of 3 segments" in err
    assert "1 kept (final)" in err and "1 with codes only the target has" in err
    text = out.read_text("utf-8")
    assert '<target state="final">Öffnen Sie Datei.</target>' in text
    assert '<target state="new">Drücken Sie <g id="9">nur im Ziel</g> Enter.</target>' in text
    segments = read_corpus(out).segments
    assert segments[0].reference.count('<g id="1">') == 1

    assert main(["project", "--xliff", str(path), "--overwrite", "-o", str(out)]) == 0
    assert "projected the tags of 2 of 3 segments" in capsys.readouterr().err
    assert '<g id="9">nur im Ziel</g>' in out.read_text("utf-8")


def test_project_works_file_by_file_in_each_direction(tmp_path, capsys):
    def file(lang: str, text: str) -> str:
        return (f'<file source-language="en" target-language="{lang}" datatype="x" original="ui.{lang}"><body>'
                '<trans-unit id="1"><source>Click <g id="1">Save</g> now.</source><target state="needs-translation">'
                f"{text}</target></trans-unit></body></file>")

    path = tmp_path / "two.xlf"
    path.write_text('<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">'
                    + file("de", "Klicken Sie jetzt auf Speichern.") + file("fr", "Cliquez sur Enregistrer maintenant.")
                    + "</xliff>", encoding="utf-8")
    out = tmp_path / "o.xlf"
    assert main(["project", "--xliff", str(path), "-o", str(out)]) == 0
    assert "projected the tags of 2 of 2 segments" in capsys.readouterr().err
    assert all(s.reference.count('<g id="1">') == 1 for s in read_corpus(out).segments)


def test_translate_8bit_and_namespace_less_files(tmp_path, capsys):
    out = tmp_path / "o.xlf"
    assert main(["translate", "--input", str(FILES / "cp1252.xlf"), "--approach", "dt", "--model", "copy",
                 "--no-cache", "-o", str(out)]) == 0
    assert "wrote 1 of 2 segments (copy, dt, fr-de)" in capsys.readouterr().err
    data = out.read_bytes()
    assert data.startswith(b'<?xml version="1.0" encoding="windows-1252"?>')
    assert "Prix : 20 € — payé</target>".encode("cp1252") in data
    assert main(["translate", "--input", str(FILES / "typo3-locallang.de.xlf"), "--approach", "dp", "--model",
                 "copy", "--no-cache", "-o", str(out)]) == 0
    assert "kept 2 existing targets as they were (2 approved)" in capsys.readouterr().err
    assert [s.reference for s in read_corpus(out).segments] == ["Nachrichtenliste", "No news available.", "Zurück"]


def test_overwrite_is_for_xliff_input(tmp_path, capsys):
    assert main(["translate", "--pair", "en-ja", "--approach", "dt", "--model", "copy", "--overwrite",
                 "-o", str(tmp_path / "o")]) == 2
    assert "--overwrite goes with --input" in capsys.readouterr().err
