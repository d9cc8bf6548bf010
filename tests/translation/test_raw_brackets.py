"""Raw `<` and `>` in a segment's text (`<<QUANTITY>>`, `<name of file>`): the projected output keeps them as
the source writes them (issue 35), in line files and through the API; a source that escapes them gets them
escaped; `&` is always escaped."""

from __future__ import annotations

import pytest

import tagmt
from tagmt.translation.escaping import in_source_style


@pytest.mark.parametrize("output, source, expected", [
    ("Versand &lt;&lt;MENGE&gt;&gt; <b>X</b>", "Ship <<QUANTITY>> <b>X</b>", "Versand <<MENGE>> <b>X</b>"),
    ("&lt;Dateiname&gt; eingeben &amp; <b>OK</b>", "Enter <name of file> &amp; <b>OK</b>",
     "<Dateiname> eingeben &amp; <b>OK</b>"),
    # the source escapes them: the output too
    ("a &lt; b", "a &lt; b", "a &lt; b"),
    # mixed in the source: escaped stays the safe default
    ("a &lt; b &gt; c", "a < b &gt; c", "a &lt; b &gt; c"),
    ("kein Zeichen", "no sign", "kein Zeichen"),
    # (Japanese) the translation's own brackets written as the source writes its own
    ("&lt;&lt;数量&gt;&gt; 個を出荷", "Ship <<QUANTITY>> units", "<<数量>> 個を出荷"),
])
def test_output_text_keeps_the_sources_convention(output, source, expected):
    assert in_source_style(output, source) == expected


def test_line_files_and_the_api_keep_raw_brackets(tmp_path):
    pytest.importorskip("eflomal")
    sources = ["Ship <<QUANTITY>> units of <b>stock</b>.", "Enter <name of file> in <i>Name</i>."]
    translations = ["Versenden Sie <<QUANTITY>> Einheiten von Bestand.", "Geben Sie <name of file> in Name ein."]
    outputs = tagmt.project(sources, translations, src_lang="en", trg_lang="de", lexicon="none")
    assert "<<QUANTITY>>" in outputs[0] and "<name of file>" in outputs[1]
    assert all(o.count("<b>") + o.count("<i>") == 1 for o in outputs)
    from tagmt.cli import main

    (tmp_path / "s.en").write_text("\n".join(sources) + "\n", encoding="utf-8")
    (tmp_path / "t.de").write_text("\n".join(translations) + "\n", encoding="utf-8")
    assert main(["project", "--source", str(tmp_path / "s.en"), "--translation", str(tmp_path / "t.de"),
                 "--src-lang", "en", "--trg-lang", "de", "--lexicon", "none", "-o", str(tmp_path / "o.de")]) == 0
    written = (tmp_path / "o.de").read_text(encoding="utf-8").splitlines()
    assert written == outputs
