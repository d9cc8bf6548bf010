"""``--lexicon`` on ``tagmt project`` and ``tagmt learn``, run as users run them, with a TSV dictionary made here
(the installed dictionaries are off in tests: conftest sets TAGMT_DEFAULT_LEXICON=none)."""

from __future__ import annotations

import json

import pytest

from tagmt.cli import main
from tagmt.corpus.lines import read_segments, write_lines

SOURCES = ['The <g id="1">risks</g> indicated above are high.', "The risks are known.",
           "Other figures indicated above.", "These are high."]
TARGETS = ["Die oben genannten Risiken sind hoch.", "Die Risiken sind bekannt.", "Andere oben genannte Zahlen.",
           "Diese sind hoch."]


def _files(tmp_path):
    lexicon = tmp_path / "mine.tsv"
    lexicon.write_text("risk\tRisiko\n", encoding="utf-8")
    return (write_lines(tmp_path / "src.en", SOURCES), write_lines(tmp_path / "mt.de", TARGETS), lexicon)


def test_project_takes_a_tsv_lexicon(tmp_path):
    source, mt, lexicon = _files(tmp_path)
    out = tmp_path / "out.de"
    assert main(["project", "--source", str(source), "--translation", str(mt), "--src-lang", "en",
                 "--trg-lang", "de", "--lexicon", str(lexicon), "-o", str(out)]) == 0
    assert read_segments(out)[0] == 'Die oben genannten <g id="1">Risiken</g> sind hoch.'


def test_a_missing_lexicon_is_a_one_line_error(tmp_path, capsys):
    source, mt, _ = _files(tmp_path)
    code = main(["project", "--source", str(source), "--translation", str(mt), "--src-lang", "en",
                 "--trg-lang", "de", "--lexicon", str(tmp_path / "nope.tsv"), "-o", str(tmp_path / "out.de")])
    err = capsys.readouterr().err.strip()
    assert code == 2 and err.startswith("tagmt: error: --lexicon") and "\n" not in err
    assert not (tmp_path / "out.de").exists()


def test_no_output_lands_on_a_lexicon(tmp_path, capsys):
    source, mt, lexicon = _files(tmp_path)
    code = main(["project", "--source", str(source), "--translation", str(mt), "--src-lang", "en",
                 "--trg-lang", "de", "--lexicon", str(lexicon), "-o", str(lexicon)])
    assert code == 2 and lexicon.read_text(encoding="utf-8") == "risk\tRisiko\n"


def test_learn_keeps_the_entries_it_used_in_the_model(tmp_path):
    source, mt, lexicon = _files(tmp_path)
    plain_src = write_lines(tmp_path / "plain.en", ["The risks are high.", "Other risks.", "Some text.", "Other text."])
    model = tmp_path / "en-de.model"
    assert main(["learn", "--src-lang", "en", "--trg-lang", "de", "--corpus", str(plain_src), str(mt),
                 "--lexicon", str(lexicon), "-o", str(model), "--no-progress"]) == 0
    manifest = json.loads((model / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["lexicon"]["dictionaries"] == ["mine.tsv"] and manifest["lexicon"]["entries"] >= 1
    entries = json.loads((model / "lexicon.json").read_text(encoding="utf-8"))
    assert entries["risks"] == ["risiko"]
    assert "lexicon.json" in manifest["files"]
    out = tmp_path / "out.de"
    # the model alone (no --lexicon: none installed in tests) anchors risks → Risiken
    assert main(["project", "--source", str(source), "--translation", str(mt), "--src-lang", "en",
                 "--trg-lang", "de", "--projection-model", str(model), "-o", str(out)]) == 0
    assert read_segments(out)[0] == 'Die oben genannten <g id="1">Risiken</g> sind hoch.'


def test_learn_without_a_lexicon_writes_none(tmp_path):
    _, mt, _ = _files(tmp_path)
    plain_src = write_lines(tmp_path / "plain.en", SOURCES)
    model = tmp_path / "m"
    assert main(["learn", "--src-lang", "en", "--trg-lang", "de", "--corpus", str(plain_src), str(mt),
                 "--lexicon", "none", "-o", str(model), "--no-progress"]) == 0
    assert not (model / "lexicon.json").exists()
    assert json.loads((model / "manifest.json").read_text(encoding="utf-8"))["lexicon"]["entries"] == 0


def test_the_library_takes_a_lexicon(tmp_path):
    import tagmt

    _, _, lexicon = _files(tmp_path)
    out = tagmt.project(SOURCES, TARGETS, src_lang="en", trg_lang="de", lexicon=lexicon)
    assert out[0] == 'Die oben genannten <g id="1">Risiken</g> sind hoch.'
    with pytest.raises(tagmt.TagmtError, match="no such file"):
        tagmt.project(SOURCES, TARGETS, src_lang="en", trg_lang="de", lexicon=tmp_path / "nope.tsv")


def _project_stderr(tmp_path, capsys, *extra):
    source, mt, _ = _files(tmp_path)
    assert main(["project", "--source", str(source), "--translation", str(mt), "--src-lang", "en",
                 "--trg-lang", "de", "-o", str(tmp_path / "out.de"), *extra]) == 0
    return capsys.readouterr().err


def test_a_run_says_in_one_line_when_no_dictionary_is_installed(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TAGMT_DEFAULT_LEXICON", "")  # the default asked for ...
    monkeypatch.setenv("TAGMT_DICTD_DIR", str(tmp_path / "no-dictd"))  # ... on a machine without FreeDict
    err = _project_stderr(tmp_path, capsys)
    said = [line for line in err.splitlines() if "bilingual dictionary" in line]
    assert len(said) == 1 and "en-de" in said[0] and "--lexicon FILE" in said[0]


def test_no_dictionary_note_when_one_is_given_or_they_are_off(tmp_path, capsys):
    _, _, lexicon = _files(tmp_path)
    assert "bilingual dictionary" not in _project_stderr(tmp_path, capsys, "--lexicon", str(lexicon))
    assert "bilingual dictionary" not in _project_stderr(tmp_path, capsys, "--lexicon", "none")
    assert "bilingual dictionary" not in _project_stderr(tmp_path, capsys)  # TAGMT_DEFAULT_LEXICON=none (conftest)


def test_learn_collects_a_bounded_vocabulary_for_the_dictionary(tmp_path, monkeypatch):
    """A side written without spaces offers runs of words as units, whose number grows with the corpus:
    past MAX_LEXICON_UNITS distinct units only single words are added, and the manifest says so."""
    from tagmt.projection import model as model_module

    monkeypatch.setattr(model_module, "MAX_LEXICON_UNITS", 5)
    lexicon = tmp_path / "ja.tsv"
    lexicon.write_text("risk\t危険\nrisks\t危険\n", encoding="utf-8")
    src = write_lines(tmp_path / "c.en", ["The risks are high.", "Other risks are low.", "Some risks."])
    trg = write_lines(tmp_path / "c.ja", ["危険は高いです。", "他の危険は低いです。", "いくつかの危険。"])
    model = tmp_path / "en-ja.model"
    assert main(["learn", "--src-lang", "en", "--trg-lang", "ja", "--corpus", str(src), str(trg),
                 "--lexicon", str(lexicon), "-o", str(model), "--no-progress"]) == 0
    manifest = json.loads((model / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["lexicon"]["units_capped"] is True
    assert json.loads((model / "lexicon.json").read_text(encoding="utf-8"))["risks"] == ["危険"]


def test_a_model_whose_lexicon_was_tampered_with_is_refused_in_one_line(tmp_path, capsys):
    source, mt, lexicon = _files(tmp_path)
    model = tmp_path / "en-de.model"
    assert main(["learn", "--src-lang", "en", "--trg-lang", "de", "--corpus", str(source), str(mt),
                 "--lexicon", str(lexicon), "-o", str(model), "--no-progress"]) == 0
    entries = model / "lexicon.json"
    entries.write_text(entries.read_text(encoding="utf-8").replace("risiko", "rosiko"), encoding="utf-8")
    capsys.readouterr()
    code = main(["project", "--source", str(source), "--translation", str(mt), "--src-lang", "en",
                 "--trg-lang", "de", "--projection-model", str(model), "-o", str(tmp_path / "out.de")])
    err = capsys.readouterr().err.strip()
    assert code == 2 and "corrupt projection model" in err and "lexicon.json" in err and "\n" not in err
