"""The gettext PO reader and writer (tagmt.corpus.po): segments, keys, placeholders, kept translations,
splicing byte for byte, polib reading what tagmt writes."""

from __future__ import annotations

import polib
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tagmt.corpus import read_corpus
from tagmt.errors import TagmtError

from resource_helpers import copy_bytes, pseudo, round_trip

PO = b'''# Demo catalog.
msgid ""
msgstr ""
"Project-Id-Version: demo 1.0\\n"
"Language: fr\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

#. Shown in a dialog
#: src/main.c:10
#, c-format
msgid "Delete %1$s?"
msgstr ""

msgctxt "menu"
msgid "Open"
msgstr "Ouvrir"

msgctxt "verb"
msgid "Open"
msgstr ""

#, fuzzy, python-format
msgid "Hello %(name)s"
msgstr "Salut %(name)s"

#, python-brace-format
msgid "{count} files"
msgstr "{count} fichiers"

msgid "One file"
msgid_plural "%d files"
msgstr[0] ""
msgstr[1] ""

msgid ""
"A long text that "
"spans lines.\\n"
"Second \\"line\\"."
msgstr ""

#~ msgid "Old"
#~ msgstr "Vieux"
'''


def test_segments_keys_and_placeholders(tmp_path):
    path = tmp_path / "a.po"
    path.write_bytes(PO)
    corpus = read_corpus(path)
    assert corpus.format == "po" and corpus.trg_lang == "fr"
    got = [(s.id, s.source, s.reference, s.keep) for s in corpus.segments]
    assert got == [
        ("12", 'Delete <x id="1"/>?', None, None),
        ("15", "Open", "Ouvrir", "translated"),
        ("19", "Open", None, None),
        ("24", 'Hello <x id="1"/>', None, "fuzzy"),  # fuzzy: kept (a person's draft), but no reference
        ("28", '<x id="1"/> files', '<x id="1"/> fichiers', "translated"),
        ("31[0]", "One file", None, None),
        ("31[1]", "%d files", None, None),  # no c-format flag: no placeholder
        ("36", 'A long text that spans lines.\nSecond "line".', None, None),
    ]
    assert corpus.segments[0].codes[("x", "1")].open == "%1$s"
    assert corpus.segments[1].key == ("po", "menu", "Open", 0) != corpus.segments[2].key


def test_untouched_and_fully_kept_files_are_byte_identical(tmp_path):
    _, out = round_trip(tmp_path, "a.po", PO)
    assert out == PO.replace(b"Language: fr", b"Language: de")
    translated = PO.replace(b'msgstr ""\n\nmsgctxt "verb"', b'msgstr "x"\n\nmsgctxt "verb"')
    corpus, out = round_trip(tmp_path, "b.po", translated, transform=lambda s: s)
    assert out.count(b'msgstr "Ouvrir"') == 1 and out.count(b'"Salut %(name)s"') == 1  # (fuzzy: kept)


def test_copy_keeps_translations_and_fills_the_rest(tmp_path):
    out = copy_bytes(tmp_path, "a.po", PO)
    entries = {(e.msgctxt, e.msgid): e for e in polib.pofile(out.decode())}
    assert entries[("menu", "Open")].msgstr == "Ouvrir"
    assert entries[("verb", "Open")].msgstr == "Open"
    assert entries[(None, "Hello %(name)s")].msgstr == "Salut %(name)s" and "fuzzy" in entries[(None, "Hello %(name)s")].flags
    assert entries[(None, "One file")].msgstr_plural == {0: "One file", 1: "%d files"}
    assert entries[(None, 'A long text that spans lines.\nSecond "line".')].msgstr.endswith('"line".')
    assert b'#~ msgid "Old"\n#~ msgstr "Vieux"\n' in out and b"Language: fr" in out


def test_language_line_added_when_missing(tmp_path):
    data = PO.replace(b'"Language: fr\\n"\n', b"")
    corpus, out = round_trip(tmp_path, "a.po", data)
    assert polib.pofile(out.decode()).metadata["Language"] == "de"


@pytest.mark.parametrize("data, line", [
    (b'msgid "a"\nmsgstr "b\n', 2),
    (b'msgid "a"\nmsgstr "b"\nbogus\n', 3),
    (b'msgid "a"\nmsgstr "b"\n\nmsgid "a"\nmsgstr "c"\n', 4),
    (b'msgstr "b"\n', 1),
    (b'msgid "a"\nmsgstr "\xff"\n', 2),
])
def test_malformed_input_is_one_line(tmp_path, data, line):
    path = tmp_path / "bad.po"
    path.write_bytes(data)
    with pytest.raises(TagmtError) as error:
        read_corpus(path)
    assert f"bad.po:{line}:" in str(error.value) and "\n" not in str(error.value)


_text = st.lists(st.characters(blacklist_categories=("Cs", "Cc")) | st.sampled_from(
    ["\n", "\t", '"', "\\", "%s", "%(x)d", "{n}"]), max_size=8).map("".join)


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t") + '"'


@st.composite
def catalogs(draw):
    lines = ['msgid ""', 'msgstr ""', '"Language: fr\\n"', '"Content-Type: text/plain; charset=UTF-8\\n"', ""]
    seen = set()
    for n in range(draw(st.integers(1, 5))):
        msgid = draw(_text.filter(lambda t: t.strip())) + str(n)
        ctxt = draw(st.none() | _text)
        if (ctxt, msgid) in seen:
            continue
        seen.add((ctxt, msgid))
        flags = draw(st.sampled_from(["", "#, c-format", "#, fuzzy, python-format", "#, python-brace-format"]))
        if flags:
            lines.append(flags)
        if ctxt is not None:
            lines.append("msgctxt " + _quote(ctxt))
        lines.append("msgid " + _quote(msgid))
        if draw(st.booleans()):
            lines.append("msgid_plural " + _quote(msgid + "s"))
            lines += [f"msgstr[{k}] " + _quote(draw(_text)) for k in range(2)]
        else:
            lines.append("msgstr " + _quote(draw(_text)))
        lines.append("")
    return "\n".join(lines).encode()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=catalogs())
def test_property_round_trip_and_pseudo(tmp_path_factory, data):
    tmp = tmp_path_factory.mktemp("po")
    corpus, out = round_trip(tmp, "p.po", data)
    assert out == data.replace(b"Language: fr", b"Language: de")
    corpus, out = round_trip(tmp, "q.po", data, transform=pseudo)
    before = {(e.msgctxt, e.msgid): e for e in polib.pofile(data.decode())}
    after = {(e.msgctxt, e.msgid): e for e in polib.pofile(out.decode())}
    assert list(before) == list(after)
    for key, entry in after.items():
        old = before[key]
        assert entry.flags == old.flags
        values = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
        olds = list(old.msgstr_plural.values()) if old.msgid_plural else [old.msgstr]
        for value, previous in zip(values, olds):
            if previous:
                assert value == previous  # a translation is kept (a fuzzy draft too)
            else:
                assert value.startswith("[") and value.endswith("]")


def test_a_catalogue_of_another_language_is_noted(tmp_path, capsys):
    """A French catalogue with French translations read for German: a note says its translations stay under
    ``Language: de`` and how to avoid it; the same language, a region of it, or nothing translated: no note."""
    header = 'msgid ""\nmsgstr ""\n"Language: fr\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
    french = tmp_path / "fr.po"
    french.write_text(header + 'msgid "Hello"\nmsgstr "Bonjour"\n\nmsgid "World"\nmsgstr ""\n', encoding="utf-8")
    assert read_corpus(french, trg_lang="de").trg_lang == "de"
    said = capsys.readouterr().err
    assert said.count("\n") == 1 and "fr.po holds translations into fr" in said and "--overwrite" in said
    assert read_corpus(french, trg_lang="fr_FR").trg_lang == "fr_FR"
    empty = tmp_path / "copied.po"
    empty.write_text(header + 'msgid "Hello"\nmsgstr ""\n', encoding="utf-8")
    assert read_corpus(empty, trg_lang="de").trg_lang == "de"
    assert capsys.readouterr().err == ""
