"""Format detection from the content, --format, line files and TMX."""

from __future__ import annotations

import pytest

from tagmt.corpus import read_corpus
from tagmt.errors import TagmtError

XLIFF12 = '<?xml version="1.0"?>\n<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file ' \
    'source-language="en" datatype="x" original="x"><body><trans-unit id="1"><source>a</source></trans-unit>' \
    "</body></file></xliff>"
XLIFF2 = '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en"><file id="f">' \
    '<unit id="u"><segment><source>a</source></segment></unit></file></xliff>'
TMX = """<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4"><header creationtool="x" creationtoolversion="1" segtype="sentence" o-tmf="x" adminlang="en"
 srclang="en-US" datatype="html"/>
<body>
<tu tuid="t1"><tuv xml:lang="en-US"><seg>Click <bpt i="1" x="1">&lt;b&gt;</bpt>Save<ept i="1">&lt;/b&gt;</ept> <ph x="2">&lt;br/&gt;</ph> &amp; <it pos="begin" x="3">&lt;i&gt;</it>go <hi type="x">now</hi></seg></tuv>
<tuv xml:lang="de-DE"><seg>Klicken Sie auf <bpt i="1" x="1">&lt;b&gt;</bpt>Speichern<ept i="1">&lt;/b&gt;</ept></seg></tuv></tu>
<tu><tuv xml:lang="de-DE"><seg>nur deutsch</seg></tuv></tu>
</body></tmx>
"""


def write(tmp_path, name: str, text: str):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("text, expected", [
    (XLIFF12, "xliff12"), (XLIFF2, "xliff2"), (TMX, "tmx"),
    ('<?xml version="1.0"?><html><body>x</body></html>', "html"), ('<?xml version="1.0"?><doc>x</doc>', "its"),
    ('<g id="1">A tagged line</g> that starts with a tag\nsecond\n', "lines"),
    ("\ufeff<?xml version='1.0'?><xliff version='1.2' xmlns='urn:oasis:names:tc:xliff:document:1.2'><file "
     "source-language='en' datatype='x' original='x'><body/></file></xliff>", "xliff12"),
])
def test_format_from_the_content(tmp_path, text, expected):
    assert read_corpus(write(tmp_path, "in.any", text)).format == expected


@pytest.mark.parametrize("text, format, message", [
    ("", None, "the file is empty"),
    ("\n\n", None, "the file is empty"),
    ('<xliff version="1.1" xmlns="urn:oasis:names:tc:xliff:document:1.1"/>', None,
     "no <file> element in the XLIFF document"),
    ('<xliff version="3.1" xmlns="urn:oasis:names:tc:xliff:document:3.1"/>', None,
     "XLIFF with version '3.1' in namespace 'urn:oasis:names:tc:xliff:document:3.1': tagmt reads XLIFF 1.0/1.1/1.2"),
    ('<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="3.0"/>', None, "version '3.0'"),
    ('<?xml version="1.0"?><xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file>', None,
     "malformed XML"),
    (XLIFF12, "xliff2", "--format xliff2 was given but the file is XLIFF 1.2"),
    ("a line", "docx", "unknown format 'docx'"),
])
def test_bad_input_is_one_line(tmp_path, text, format, message):
    with pytest.raises(TagmtError, match=message.replace("(", r"\(").replace(")", r"\)")):
        read_corpus(write(tmp_path, "in.txt", text), format)


def test_format_lines_forces_an_xml_looking_file_to_be_lines(tmp_path):
    corpus = read_corpus(write(tmp_path, "in.txt", XLIFF12), "lines")
    assert corpus.format == "lines" and len(corpus) == 2


def test_line_files(tmp_path):
    path = tmp_path / "src.en"
    path.write_bytes(b'one <b>x</b> &amp; y\r\n\r\nthree&#10;lines&#13;here\n')
    corpus = read_corpus(path)
    assert [(s.id, s.source) for s in corpus.segments] == [
        ("1", "one <b>x</b> &amp; y"), ("2", ""), ("3", "three\nlines\rhere")]
    out = corpus.write(tmp_path / "out.txt", [s.source for s in corpus.segments])
    assert out.read_bytes() == b"one <b>x</b> &amp; y\n\nthree&#10;lines&#13;here\n"


def test_line_file_with_references(tmp_path):
    write(tmp_path, "s", "a\nb\n")
    write(tmp_path, "r", "A\nB\n")
    write(tmp_path, "short", "A\n")
    corpus = read_corpus(tmp_path / "s", references=tmp_path / "r")
    assert corpus.references == ["A", "B"]
    with pytest.raises(TagmtError, match="has 2 lines but .*short has 1"):
        read_corpus(tmp_path / "s", references=tmp_path / "short")


def test_tmx_units(tmp_path):
    corpus = read_corpus(write(tmp_path, "m.tmx", TMX))
    # the languages as the file writes them (tagmt.languages reads them: en-US is en)
    assert (corpus.format, corpus.src_lang, corpus.trg_lang) == ("tmx", "en-US", "de-DE")
    (segment,) = corpus.segments  # the unit without an English side is skipped
    assert segment.id == "t1"
    assert segment.source == 'Click <g id="1">Save</g> <x id="2"/> &amp; <bx id="3"/>go <g id="h1">now</g>'
    assert segment.reference == 'Klicken Sie auf <g id="1">Speichern</g>'
    assert segment.codes[("g", "1")].open == '<bpt i="1" x="1">&lt;b&gt;</bpt>'


def test_tmx_with_several_target_languages_needs_one(tmp_path):
    text = TMX.replace('<tu><tuv xml:lang="de-DE">', '<tu><tuv xml:lang="fr-FR">')
    with pytest.raises(TagmtError, match=r"2 target languages \(de-DE, fr-FR\); choose one with --trg-lang"):
        read_corpus(write(tmp_path, "m.tmx", text))
    assert read_corpus(tmp_path / "m.tmx", trg_lang="fr").segments[0].reference is None


def test_a_doctype_is_refused(tmp_path):
    text = '<?xml version="1.0"?><!DOCTYPE xliff [<!ENTITY x "y">]>' + XLIFF12.split("?>", 1)[1]
    with pytest.raises(TagmtError, match="declares a DOCTYPE"):
        read_corpus(write(tmp_path, "x.xlf", text))


def test_views_of_any_file(sample_data, capsysbinary):
    from tagmt.cli import main

    files = sample_data / "files"
    assert main(["views", "--input", str(files / "guide.xliff2.xlf"), "--view", "plain", "--side", "target"]) == 0
    lines = capsysbinary.readouterr().out.decode("utf-8").splitlines()
    assert len(lines) == 9 and lines[0] == "Erste Schritte mit Tagmt Cloud"
    assert lines[8] == "Geben Sie <name> in das\xa0Feld ein und klicken Sie auf OK."
    assert main(["views", "--input", str(files / "guide.en"), "--view", "tagged", "--side", "source"]) == 0
    lines = capsysbinary.readouterr().out.decode("utf-8").splitlines()
    assert lines[11] == 'First line&#10;second line of <g id="1">one segment</g>.'


def test_views_of_a_data_set_without_segments_is_an_error(tmp_path, capsys):
    """Regression (issue 10): a CAT tool's XLIFF without <seg-source> printed nothing with exit 0."""
    from tagmt.cli import main

    docs = tmp_path / "dev_data" / "enja" / "documents"
    docs.mkdir(parents=True)
    (docs / "1.xlf").write_text(XLIFF12.replace('source-language="en"', 'source-language="en" target-language="ja"'),
                                encoding="utf-8")
    assert main(["views", "--data", str(tmp_path), "--pair", "en-ja", "--view", "tagged", "--side", "source"]) == 2
    err = capsys.readouterr().err
    assert "no segment in en-ja" in err and "for XLIFF from elsewhere use --input FILE" in err


@pytest.mark.parametrize("text, expected", [
    (XLIFF12, "xliff12"), (XLIFF2, "xliff2"), (TMX, "tmx"), ('<g id="1">A tagged line</g>\n', "lines"),
])
def test_detect_is_the_one_place_that_decides(text, expected):
    # read_corpus asks tagmt.corpus.detect.detect; an XML format comes with the stream its reader goes on with
    from tagmt.corpus.detect import detect

    found, stream = detect("in.any", text.encode("utf-8"))
    assert found == expected
    assert (stream is None) == (expected == "lines")
    if stream is not None:
        assert stream.root is not None and stream.root.tag.endswith(("xliff", "tmx"))


def test_detect_with_xml_forced_reads_what_does_not_look_like_xml():
    from tagmt.corpus.detect import detect

    data = b'<?xml-stylesheet href="x.xsl"?>' + XLIFF2.encode("utf-8")  # no declaration: a line file by its look
    assert detect("in.txt", data)[0] == "lines"
    assert detect("in.txt", data, xml=True)[0] == "xliff2"
    assert detect("in.xlf", data)[0] == "xliff2"  # ... unless its name says XML (an XML format's extensions)
    with pytest.raises(TagmtError, match="malformed XML"):
        detect("in.xlf", b"<a line, not XML>", xml=True)


def test_read_references_of_every_format(tmp_path):
    from tagmt.corpus import read_references

    assert read_references(write(tmp_path, "r.de", "A <b>x</b>\n\nC\n")) == ["A <b>x</b>", "", "C"]
    assert read_references(write(tmp_path, "m.tmx", TMX)) == ['Klicken Sie auf <g id="1">Speichern</g>']
    assert read_references(write(tmp_path, "in.xlf", XLIFF12)) == [None]  # a unit without a target


@pytest.mark.parametrize("text, expected", [
    # a tagged line file whose first segment starts with a comment is a line file
    ('<!-- note --> Click <g id="1">Save</g>.\nSecond line\n', "lines"),
    ('\ufeff <!-- a --><!-- b -->\n<g id="1">x</g>\n', "lines"),
    ("<!-- a line that opens a comment and never closes it\n", "lines"),
    # comments before a declaration or a root: still XML
    ("<!-- exported by a CAT tool -->\n" + XLIFF2, "xliff2"),
    ("<!-- one -->\n<!-- two\n spanning lines -->\n" + TMX.removeprefix('<?xml version="1.0" encoding="UTF-8"?>\n'),
     "tmx"),
])
def test_a_leading_comment_is_xml_only_before_a_declaration_or_a_corpus_root(text, expected):
    from tagmt.corpus.detect import detect, looks_like_xml

    assert looks_like_xml(text.encode("utf-8")) == (expected != "lines")
    assert detect("in.any", text.encode("utf-8"))[0] == expected


def test_a_comment_before_a_corpus_doctype_is_xml_and_read_as_such():
    """A DOCTYPE that only names its DTD, as CAT tools write TMX (`tmx14.dtd`), is read (the DTD is never
    loaded); one with declarations of its own is refused."""
    from tagmt.corpus.detect import detect, looks_like_xml

    data = b'<!-- c -->\n<!DOCTYPE tmx SYSTEM "tmx14.dtd">\n<tmx version="1.4"><body/></tmx>'
    assert looks_like_xml(data)
    assert detect("in.tmx", data) is not None
    declaring = b'<!-- c -->\n<!DOCTYPE tmx SYSTEM "tmx14.dtd" [<!ENTITY x "y">]>\n<tmx version="1.4"><body/></tmx>'
    with pytest.raises(TagmtError, match="DOCTYPE"):
        detect("in.tmx", declaring)


def test_a_line_file_starting_with_a_comment_is_read_as_lines(tmp_path):
    from tagmt.corpus import read_references

    path = write(tmp_path, "r2.de", '<!-- note --> Klicken Sie auf <g id="1">Speichern</g>.\nZweite Zeile\n')
    assert read_corpus(path).format == "lines"
    assert read_references(path) == ['<!-- note --> Klicken Sie auf <g id="1">Speichern</g>.', "Zweite Zeile"]
