"""Issue 32's field quirks: small hand-made files (``tests/corpus/quirk_files.py``, one quirk each, written by
the test into a temporary folder) through ``translate --model copy`` and ``--model pseudo`` as a user runs them,
each output checked with the format's own parser by ``benchmarks/bench_document_roundtrip.py``; the files that
must be refused are refused in one line naming the file and what to do. Plus the fixes the quirks asked for."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))
import quirk_files  # noqa: E402  (the fixtures beside this file)

#: name -> a piece of the one-line refusal (what and how to fix).
REFUSED = {
    "q_xml_doctype_entities.xml": "declares a DOCTYPE with declarations of its own",
    "q_json_dupkeys.json": "the key 'key' appears twice in one object",
    "q_json_comments.json": "not JSON",
    "q_json_nan.json": "not JSON: unexpected 'NaN",
    "q_json_trailing_comma.json": "not JSON",
    "q_xml_undefined_entity.xml": "Entity 'nbsp' not defined",
    "q_po_domain.po": "q_po_domain.po:5: a 'domain' directive: tagmt reads one domain per PO file; split",
}
#: The checker's own parser cannot read the input (html5lib takes no ISO-2022-JP): copy is checked, pseudo not.
UNCHECKED = {"q_html_iso2022jp.html"}


def _checker():
    spec = importlib.util.spec_from_file_location("bench_document_roundtrip_quirks",
                                                  ROOT / "benchmarks" / "bench_document_roundtrip.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


CHECK = _checker()
FILES = {name: data for files in quirk_files.ALL.values() for name, data in files.items()}


def test_fixture_names_are_unique() -> None:
    assert len(FILES) == sum(len(files) for files in quirk_files.ALL.values())


@pytest.mark.parametrize("name", sorted(FILES))
def test_quirk_survives_copy_and_pseudo(tmp_path: Path, name: str) -> None:
    path = tmp_path / "in" / name
    path.parent.mkdir()
    path.write_bytes(FILES[name])
    fmt = CHECK.detect_format(path)
    if fmt is None:  # (detection refuses it: the run must say so in one line)
        status, reason = CHECK.run(path, "copy", tmp_path / "out" / name)
    else:
        assert fmt in CHECK.PARSERS, f"{name} read as {fmt}"
        status, reason = CHECK.check(path, fmt, tmp_path)
    if name in REFUSED:
        assert status == "refused" and REFUSED[name] in reason and name in reason, reason
    elif name in UNCHECKED:
        assert status == "skipped" and "the input does not parse" in reason, reason
    else:
        assert (status, reason) == ("ok", ""), reason


# -- the fixes the quirks asked for, each with its known answer ---------------------------------------------------

def _translate(tmp_path: Path, name: str, data: bytes, model: str = "pseudo", *extra: str) -> bytes:
    from tagmt.cli import main
    source, out = tmp_path / name, tmp_path / f"out-{name}"
    source.write_bytes(data)
    assert main(["translate", "--input", str(source), "--model", model, *extra, "-o", str(out)]) == 0
    return out.read_bytes()


def test_markdown_footnote_definitions_stay_on_their_own_lines(tmp_path: Path) -> None:
    """Two footnote definitions in a row are one paragraph to CommonMark: the line break before the second one
    is kept as it is (as a space, ``[^note]:`` would no longer start a line, and would no longer define anything)."""
    out = _translate(tmp_path, "notes.md", b"Text.[^1]\n\n[^1]: First note.\n[^note]: Second note.\n").decode()
    lines = out.splitlines()
    assert lines[2].startswith("[^1]: "), out  # (the label outside the segment: the pseudo's "[" comes after it)
    assert lines[3].startswith("[^note]:"), out
    assert "First" not in out and "Second" not in out  # (both translated)


def test_html_attribute_server_code_is_a_code_kept_as_written(tmp_path: Path) -> None:
    page = b'<p><img alt="Photo of <%= name %> & <?= $x ?> here" title="{{tip}}" src=a></p>\n'
    out = _translate(tmp_path, "server.html", page).decode()
    assert "<%= name %>" in out and "<?= $x ?>" in out and "Photo" not in out
    assert 'title="{{tip}}"' in out  # (template code alone: no segment, not bracketed by the pseudo-translation)
    from tagmt.corpus import read_corpus
    segments = read_corpus(tmp_path / "server.html").segments
    assert [s.source for s in segments] == ['Photo of <x id="1"/> &amp; <x id="2"/> here']


def test_po_markup_is_a_code_unless_placeholders_are_chosen(tmp_path: Path) -> None:
    path = tmp_path / "markup.po"
    path.write_bytes(b'msgid "Click <a href=\\"/x\\">here</a> now"\nmsgstr ""\n\nmsgid "a < b"\nmsgstr ""\n')
    from tagmt.corpus import read_corpus
    first, second = read_corpus(path).segments
    assert "href" not in first.source and first.source.count("<") == 2 and "here" in first.source
    assert second.source == "a &lt; b"
    chosen = read_corpus(path, placeholders=("printf",)).segments[0]
    assert "&lt;a href" in chosen.source
    out = _translate(tmp_path, "markup.po", path.read_bytes()).decode()
    assert '<a href=\\"/x\\">' in out and "</a>" in out


def test_json_lone_surrogate_written_back_as_its_escape(tmp_path: Path) -> None:
    from tagmt.corpus.jsonres import escape
    assert escape('a\ud800b "c"') == 'a\\ud800b \\"c\\"'
    data = b'{"bad": "Half \\ud800 pair", "ok": "Fine"}\n'
    assert _translate(tmp_path, "lone.json", data, "copy") == data
    assert b"\\ud800" in _translate(tmp_path, "lone2.json", data)


def test_yaml_plain_yes_no_on_off_are_booleans_not_text(tmp_path: Path) -> None:
    """YAML 1.1 readers (Ruby's Psych, so Rails; PyYAML) read a plain ``yes``/``no``/``on``/``off`` as a boolean:
    not a segment (translated, it would turn a boolean into a string). Quoted or tagged ``!!str``, it is text."""
    path = tmp_path / "flags.yml"
    path.write_bytes(b"en:\n  a: yes\n  b: Off\n  c: 'yes'\n  d: !!str no\n  e: Yes please\n  no: Norsk\n")
    from tagmt.corpus import read_corpus
    assert [s.source for s in read_corpus(path).segments] == ["yes", "no", "Yes please", "Norsk"]
    out = _translate(tmp_path, "flags.yml", path.read_bytes()).decode()
    assert "  a: yes\n  b: Off\n" in out


def test_stringsdict_device_and_width_variants_are_segments(tmp_path: Path) -> None:
    """``NSStringDeviceSpecificRuleType`` (a text per device) and ``NSStringVariableWidthRuleType`` (a text per
    width) hold text to translate like a plural's variants; their keys (devices, widths) are not text."""
    path = tmp_path / "q.stringsdict"
    path.write_bytes(quirk_files.IOS["q_ios_device.stringsdict"])
    from tagmt.corpus import read_corpus
    segments = read_corpus(path).segments
    assert [(s.id, s.source) for s in segments] == [
        ("tap/NSStringDeviceSpecificRuleType/iphone", "Tap here"),
        ("tap/NSStringDeviceSpecificRuleType/mac", "Click here"),
        ("width/NSStringVariableWidthRuleType/1", "Short"),
        ("width/NSStringVariableWidthRuleType/20", "A much longer text")]
    out = _translate(tmp_path, "d.stringsdict", path.read_bytes()).decode()
    assert "Tap here" not in out and "<key>iphone</key>" in out and "<key>20</key>" in out


def test_markdown_math_block_is_left_as_it_is(tmp_path: Path) -> None:
    """``$$ … $$`` (GitHub's, GitLab's and MkDocs' display math; a paragraph to CommonMark) is no text to translate."""
    data = b"$$\nE = mc^2\n$$\n\nText with $$ in it.\n"
    out = _translate(tmp_path, "math.md", data).decode()
    assert out.startswith("$$\nE = mc^2\n$$\n\n") and "Text" not in out


@pytest.mark.parametrize("name", sorted(set(FILES) - set(REFUSED) - UNCHECKED))
def test_quirk_copy_as_typed_gives_the_file_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """Without ``--src-lang``/``--trg-lang`` (as a user types it) nothing is declared: copy gives the file back
    (PO: its existing translations untouched), whatever its quirk."""
    monkeypatch.setattr(CHECK, "GIVEN", [])
    path, out = tmp_path / name, tmp_path / "out" / name
    path.write_bytes(FILES[name])
    out.parent.mkdir()
    assert CHECK.run(path, "copy", out) == ("ok", "")
    fmt = CHECK.detect_format(path)
    assert CHECK.check_copy(fmt, path.read_bytes(), out.read_bytes()) is None
    if fmt not in ("po", "html", "xhtml", "its", "markdown"):  # (no character references to read: byte for byte)
        assert out.read_bytes() == path.read_bytes()


@pytest.mark.parametrize("flag, msgid, codes", [
    ("qt-format", "Copy %1 to %L2, %n left", ["%1", "%L2", "%n"]),
    ("kde-format", "Open %1", ["%1"]),
    ("java-format", "It''s {0} of {1,number}", ["{0}", "{1,number}"]),
    ("csharp-format", "Hello {0}!", ["{0}"]),
    ("perl-brace-format", "Hi {name}", ["{name}"]),
    ("lua-format", "%s items", ["%s"]),
    ("gcc-internal-format", "bad %qs here", ["%qs"]),
    ("ruby-format", "Hi %{name}, %<n>d left", ["%{name}", "%<n>d"]),
    ("boost-format", "File %1% of %2%", ["%1%", "%2%"]),
])
def test_po_format_flags_of_other_languages_make_codes(tmp_path: Path, flag: str, msgid: str, codes: list) -> None:
    """gettext's flags for Qt, KDE, Java, C#, Perl, Lua, GCC, Ruby and Boost name their placeholders: codes."""
    path = tmp_path / "flags.po"
    escaped = msgid.replace('"', '\\"')
    path.write_text(f'#, {flag}\nmsgid "{escaped}"\nmsgstr ""\n', "utf-8")
    from tagmt.corpus import read_corpus
    segment = read_corpus(path).segments[0]
    assert sorted(c.open for c in segment.codes.values()) == sorted(codes)


def test_yaml_rails_date_formats_and_symbols_survive(tmp_path: Path) -> None:
    """A Rails locale's ``date.formats`` hold strftime directives (``%Y``, ``%-d``, ``%B``): codes; its
    ``date.order`` holds Ruby symbols (a plain ``:year`` is a Symbol to Psych): not text."""
    data = (b'en:\n  date:\n    formats:\n      default: "%Y-%m-%d"\n      long: "%B %-d, %Y at %H:%M"\n'
            b"    order:\n    - :year\n    - :month\n    quoted: \":text\"\n")
    path = tmp_path / "rails.yml"
    path.write_bytes(data)
    from tagmt.corpus import read_corpus
    segments = read_corpus(path).segments
    assert [s.id for s in segments] == ["en.date.formats.default", "en.date.formats.long", "en.date.quoted"]
    assert segments[0].source.count("<x") == 3 and segments[1].source.count("<x") == 5
    out = _translate(tmp_path, "rails.yml", data).decode()
    assert '"%Y-%m-%d"' in out and "%B %-d, %Y" in out and "    - :year\n    - :month\n" in out


@pytest.mark.parametrize("label, body, text", [
    ("iso-8859-1", b"\x93Smart\x94 quotes \x96 and caf\xe9", "\u201cSmart\u201d quotes \u2013 and caf\u00e9"),
    ("us-ascii", b"Caf\xe9 \x80", "Caf\u00e9 \u20ac"),
    ("shift_jis", "\u2460\u3000\u65e5\u672c".encode("cp932"), "\u2460\u3000\u65e5\u672c"),
    ("euc-kr", "\ub620 \ud55c".encode("cp949"), "\ub620 \ud55c"),
])
def test_html_legacy_labels_read_as_browsers_read_them(tmp_path: Path, label: str, body: bytes, text: str) -> None:
    """The Encoding Standard's labels: a page that says iso-8859-1 or us-ascii is read as windows-1252, Shift_JIS
    as Microsoft's cp932, EUC-KR as cp949 — as every browser reads them (smart quotes were C1 controls to the MT,
    and a cp932/cp949 character or an 8-bit byte in an "ASCII" page was refused); written back byte for byte."""
    data = b'<html><head><meta charset="' + label.encode() + b'"></head><body><p>' + body + b"</p></body></html>\n"
    path = tmp_path / "legacy.html"
    path.write_bytes(data)
    from tagmt.corpus import read_corpus
    assert [s.source for s in read_corpus(path).segments] == [text]
    assert _translate(tmp_path, "legacy.html", data, "copy") == data


def test_markdown_liquid_code_blocks_are_left_as_they_are(tmp_path: Path) -> None:
    """Jekyll's ``{% highlight %}`` … ``{% endhighlight %}`` (and ``raw``, ``comment``) hold code, also across
    blank lines that Markdown reads as paragraph or heading breaks: nothing inside is translated or reflowed."""
    data = (b"{% highlight ruby %}\ndef hello\n  puts 'hi'\n\n# a comment\nend\n{% endhighlight %}\n\n"
            b"{% comment %}\nNot for readers.\n{% endcomment %}\n\nAfter the code.\n")
    out = _translate(tmp_path, "liquid.md", data).decode()
    assert out.startswith(data.decode().split("After")[0]) and "After" not in out


@pytest.mark.parametrize("name", ["q_json_slash.json", "q_json_lone_surrogate.json", "q_html_nul.html"])
def test_extract_refuses_a_character_xml_cannot_hold_in_one_line(tmp_path: Path, name: str,
                                                                   capsys: pytest.CaptureFixture) -> None:
    """A control character (``\\b``, NUL) or a lone surrogate in a segment cannot be written in XLIFF (XML 1.0
    forbids it): extract says so in one line naming the file and the unit, instead of writing XLIFF that merge
    cannot read (or a traceback)."""
    from tagmt.cli import main
    path = tmp_path / name
    path.write_bytes(FILES[name])
    assert main(["extract", str(path), "--src-lang", "en", "-o", str(tmp_path / "x.xlf")]) != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"tagmt: error: {path}") and "U+" in err[0], err
    assert not (tmp_path / "x.xlf").exists()


#: refused by extract, besides the files every reader refuses: characters XLIFF cannot hold
EXTRACT_REFUSED = {"q_json_slash.json", "q_json_lone_surrogate.json", "q_html_nul.html"}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(set(FILES) - set(REFUSED) - EXTRACT_REFUSED))
def test_quirk_extract_and_merge_give_the_file_back(tmp_path: Path, name: str) -> None:
    """``tagmt extract`` then ``tagmt merge`` of the untouched XLIFF: the file back byte for byte."""
    from tagmt.cli import main
    path = tmp_path / name
    path.write_bytes(FILES[name])
    xlf, out = tmp_path / "x.xlf", tmp_path / "out" / name
    out.parent.mkdir()
    assert main(["extract", str(path), "--src-lang", "en", "-o", str(xlf)]) == 0
    assert main(["merge", str(xlf), "-o", str(out)]) == 0
    assert out.read_bytes() == path.read_bytes()
