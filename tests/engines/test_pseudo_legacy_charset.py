"""A pseudo-translation of a document in a legacy encoding keeps what that encoding writes, and a real
engine's character the encoding cannot write is refused in one line naming the file and line."""

import polib
import pytest

from tagmt.engines.offline import pseudo_translate, writable
from tagmt.errors import TagmtError
from tagmt.translation.files import translate_file
from tagmt.translation.options import InputFile

PO = ('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=ISO-8859-2\\n"\n"Language: pl\\n"\n\n'
      '#, c-format\nmsgid "Delete %s files"\nmsgstr ""\n\nmsgid "Open the folder"\nmsgstr ""\n')


def test_writable_keeps_what_the_encoding_has_and_plain_letters_for_the_rest():
    alike = pseudo_translate("Delete files", 0.3)
    assert writable(alike, "utf-8") == alike
    latin2 = writable(alike, "iso-8859-2")
    latin2.encode("iso-8859-2")  # (raises if a character is left that it cannot write)
    assert "é" in latin2 and "~" in latin2  # é is in ISO-8859-2; the padding · is not
    assert writable(alike, "ascii") == "[Delete files~~~~]"


def test_pseudo_on_an_iso_8859_2_catalog_is_written_and_parses(tmp_path):
    source = tmp_path / "pl.po"
    source.write_bytes(PO.encode("iso-8859-2"))
    out = tmp_path / "out.po"
    translate_file(InputFile(source, src_lang="en", trg_lang="pl"), out, approach="dt", engine="pseudo")
    entries = {e.msgid: e.msgstr for e in polib.pofile(str(out), encoding="iso-8859-2")}
    assert entries["Delete %s files"].startswith("[") and "%s" in entries["Delete %s files"]
    assert entries["Open the folder"] != "Open the folder"


def test_a_character_the_encoding_cannot_write_is_named_with_file_and_line(tmp_path):
    from tagmt.corpus import read_corpus

    source = tmp_path / "pl.po"
    source.write_bytes(PO.encode("iso-8859-2"))
    corpus = read_corpus(source)
    targets = [None] * len(corpus.segments)
    targets[-1] = "Otwórz folder ☃"
    with pytest.raises(TagmtError) as caught:
        corpus.write(tmp_path / "out.po", targets, trg_lang="pl")
    message = str(caught.value)
    assert f"{source}:11:" in message and "'☃'" in message and "iso-8859-2" in message
    assert "\n" not in message
