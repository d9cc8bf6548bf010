"""tagmt extract / merge (issue 32, item 5): any file → XLIFF 2.1 → the file again, exactly."""

from __future__ import annotations

import base64
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lxml import etree

from tagmt.cli import main
from tagmt.corpus import read_corpus
from tagmt.errors import TagmtError
from tagmt.paths import sample_data_dir
from tagmt.translation.interchange import XLIFF2, extract_file, merge_file

FILES = sample_data_dir() / "files"
SAMPLES = ["guide.xliff12.xlf", "guide.xliff2.xlf", "guide.en"]


@pytest.mark.parametrize("name", SAMPLES)
def test_an_untouched_extraction_merges_back_byte_for_byte(tmp_path, name, capsys):
    xlf, back = tmp_path / "x.xlf", tmp_path / ("back-" + name)
    assert main(["extract", str(FILES / name), "-o", str(xlf), "--src-lang", "en"]) == 0
    assert main(["merge", str(xlf), "-o", str(back)]) == 0
    assert back.read_bytes() == (FILES / name).read_bytes()
    err = capsys.readouterr().err
    assert "extracted" in err and "merged" in err


def test_the_extraction_is_xliff_2_with_codes_and_their_originals(tmp_path):
    xlf = extract_file(FILES / "guide.en", tmp_path / "x.xlf", src_lang="en", trg_lang="de").output
    root = etree.parse(str(xlf)).getroot()
    assert root.get("version") == "2.1" and root.get("srcLang") == "en" and root.get("trgLang") == "de"
    units = root.findall(f".//{{{XLIFF2}}}unit")
    assert [u.get("id") for u in units] == [f"u{k}" for k in range(1, 13)]
    assert [u.get("name") for u in units] == [str(k) for k in range(1, 13)]
    second = units[1]  # Open the <g id="1">Settings</g> page and choose <x id="2"/> <g id="3">Add user</g>.
    source = second.find(f".//{{{XLIFF2}}}source")
    assert [pc.get("id") for pc in source.findall(f"{{{XLIFF2}}}pc")] == ["g1", "g3"]
    assert source.find(f"{{{XLIFF2}}}ph").get("id") == "x2"
    third = units[2].find(f".//{{{XLIFF2}}}source")  # Enter the name in the <b>User name</b> field.
    pc = third.find(f"{{{XLIFF2}}}pc")
    data = {d.get("id"): d.text for d in units[2].findall(f".//{{{XLIFF2}}}data")}
    assert pc.get("id") == "t1" and (data[pc.get("dataRefStart")], data[pc.get("dataRefEnd")]) == ("<b>", "</b>")
    # an XLIFF's codes: their original markup, as the file has it
    xliff = extract_file(FILES / "guide.xliff12.xlf", tmp_path / "y.xlf").output
    originals = [d.text for d in etree.parse(str(xliff)).getroot().iter(f"{{{XLIFF2}}}data")]
    assert '<g id="1" ctype="bold">' in originals
    # tagmt reads its own extraction as any XLIFF 2 (ids are the kind's letter and the code's id)
    assert read_corpus(xlf).segments[1].source.startswith('Open the <g id="g1">Settings</g>')


def _upper(text: str) -> str:
    """Letters upper-cased, character references left as they are."""
    return re.sub(r"&[^;]+;|[^&]+", lambda m: m.group(0) if m.group(0).startswith("&") else m.group(0).upper(), text)


def _translate_extraction(xlf: Path, out: Path, change) -> None:
    """Write every unit's target as ``change`` of its source's text (tags kept), as a CAT tool would."""
    corpus = read_corpus(xlf)
    targets = [re.sub(r"(^|>)([^<]+)", lambda m: m.group(1) + change(m.group(2)), s.source) for s in corpus.segments]
    corpus.write(out, targets, trg_lang="de", overwrite=True)


def test_a_translated_extraction_merges_into_the_file(tmp_path):
    xlf = extract_file(FILES / "guide.en", tmp_path / "x.xlf", src_lang="en").output
    _translate_extraction(xlf, tmp_path / "t.xlf", _upper)
    merged, _ = merge_file(tmp_path / "t.xlf", tmp_path / "guide.de")
    sources = (FILES / "guide.en").read_text(encoding="utf-8").splitlines()
    lines = merged.read_text(encoding="utf-8").splitlines()
    tag = re.compile(r"<[^>]+>")
    for source, line in zip(sources, lines, strict=True):
        assert tag.findall(line) == tag.findall(source)  # the original codes, in place
        assert tag.sub("", line) == tag.sub("", re.sub(r"(^|>)([^<]+)", lambda m: m.group(1) + _upper(m.group(2)), source))


def test_human_targets_of_the_file_stay_unless_overwrite(tmp_path):
    original = FILES / "guide.xliff12.xlf"
    xlf = extract_file(original, tmp_path / "x.xlf").output
    _translate_extraction(xlf, tmp_path / "t.xlf", lambda text: "Z" + text)
    kept, corpus = merge_file(tmp_path / "t.xlf", tmp_path / "kept.xlf")
    assert kept.read_bytes() == original.read_bytes() and corpus.kept["final"] == 1
    replaced, _ = merge_file(tmp_path / "t.xlf", tmp_path / "all.xlf", overwrite=True)
    assert replaced.read_bytes() != original.read_bytes()
    assert all(s.reference is None or s.reference.startswith(("Z", "<")) for s in read_corpus(replaced).segments
               if not s.locked)


def test_a_changed_skeleton_or_unit_count_and_a_foreign_xliff_are_refused(tmp_path):
    xlf = extract_file(FILES / "guide.en", tmp_path / "x.xlf", src_lang="en").output
    text = xlf.read_text(encoding="utf-8")
    encoded = re.search(r'base64">([^<]*)<', text).group(1)
    tampered = base64.b64encode(base64.b64decode(encoded) + b"extra line\n").decode()
    (tmp_path / "t1.xlf").write_text(text.replace(encoded, tampered), encoding="utf-8")
    with pytest.raises(TagmtError, match="SHA-256"):
        merge_file(tmp_path / "t1.xlf", tmp_path / "o1")
    fewer = re.sub(r"  <unit id=\"u12\".*?</unit>\n", "", text, flags=re.S)
    (tmp_path / "t2.xlf").write_text(fewer, encoding="utf-8")
    with pytest.raises(TagmtError, match="11 units, but the original file has 12"):
        merge_file(tmp_path / "t2.xlf", tmp_path / "o2")
    with pytest.raises(TagmtError, match="not an extraction made by `tagmt extract`"):
        merge_file(FILES / "guide.xliff2.xlf", tmp_path / "o3")
    assert not any((tmp_path / name).exists() for name in ("o1", "o2", "o3"))


def test_output_never_lands_on_the_input(tmp_path):
    copy = tmp_path / "guide.en"
    copy.write_bytes((FILES / "guide.en").read_bytes())
    with pytest.raises(TagmtError):
        extract_file(copy, copy, src_lang="en")
    assert copy.read_bytes() == (FILES / "guide.en").read_bytes()


_WORD = st.text(alphabet="abcXYZ &<>'\"äß日本", min_size=1, max_size=6)


@st.composite
def _tagged_line(draw) -> str:
    from tagmt.xmltext import escape

    parts, next_id = [], 1
    for _ in range(draw(st.integers(1, 5))):
        kind = draw(st.sampled_from(["text", "pair", "x"]))
        if kind == "text":
            parts.append(escape(draw(_WORD)))
        elif kind == "pair":
            parts.append(f'<g id="{next_id}">{escape(draw(_WORD))}</g>')
            next_id += 1
        else:
            parts.append(f'<x id="{next_id}"/>')
            next_id += 1
    return "".join(parts).strip() or "w"


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(_tagged_line(), min_size=1, max_size=6))
def test_any_tagged_line_file_round_trips(tmp_path, lines):
    source = tmp_path / "in.txt"
    source.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    xlf = extract_file(source, tmp_path / "x.xlf", src_lang="en").output
    back, _ = merge_file(xlf, tmp_path / "back.txt")
    assert back.read_bytes() == source.read_bytes()


# ---------------------------------------------------------------- the resource formats (PO, JSON, Android, …)

RESOURCES = ["app.po", "app.json", "messages.properties", "strings.xml", "Localizable.strings",
             "Localizable.stringsdict", "en.yml"]
_CODE = re.compile(r"(<[^>]+>|&#?\w+;)")


def _pseudo(tagged: str) -> str:
    return "[" + "".join(p if p.startswith(("<", "&")) else p.upper() for p in _CODE.split(tagged)) + "]"


@pytest.mark.parametrize("name", RESOURCES)
def test_resource_files_merge_back_byte_for_byte(tmp_path, name):
    done = extract_file(FILES / name, tmp_path / "x.xlf", src_lang="en")
    assert len(read_corpus(done.output, "xliff2").segments) == done.units > 0
    back, _ = merge_file(done.output, tmp_path / ("out-" + name))
    assert back.read_bytes() == (FILES / name).read_bytes()


def _merged(tmp_path: Path, name: str) -> bytes:
    done = extract_file(FILES / name, tmp_path / "x.xlf", src_lang="en", trg_lang="de")
    units = read_corpus(done.output, "xliff2")
    units.write(tmp_path / "t.xlf", [_pseudo(s.source) for s in units.segments], trg_lang="de", overwrite=True)
    back, _ = merge_file(tmp_path / "t.xlf", tmp_path / ("out-" + name))
    return back.read_bytes()


def test_resource_targets_are_merged_with_their_codes(tmp_path):
    import json

    import polib

    data = json.loads(_merged(tmp_path, "app.json"))
    assert data["title"] == "[WELCOME, {{user}}!]" and data["menu"]["items"] == ["[NEW FILE]", "[RECENT FILES]"]
    catalog = polib.pofile(_merged(tmp_path, "app.po").decode())
    assert catalog.find("Delete %s?").msgstr == "[DELETE %s?]" and catalog.metadata["Language"] == "de"
    assert catalog.find("Open", msgctxt="menu").msgstr == "Öffnen"  # a kept translation, unchanged
    android = _merged(tmp_path, "strings.xml").decode()
    assert '<string name="welcome">[WELCOME TO <b>TAGMT</b>, %1$s!]</string>' in android


def test_extract_needs_a_source_language_and_merge_a_file(tmp_path, capsys):
    with pytest.raises(TagmtError, match="--src-lang"):
        extract_file(FILES / "app.json", tmp_path / "x.xlf")
    assert main(["merge", str(tmp_path / "missing.xlf"), "-o", str(tmp_path / "o.json")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tagmt: error:") and err.count("\n") == 1


_FUZZY_PO = ('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: de\\n"\n\n'
             '#, fuzzy, c-format\nmsgid "Open %s"\nmsgstr "Datei %s offnen"\n\nmsgid "Save file"\nmsgstr ""\n')


def test_a_fuzzy_draft_goes_to_the_cat_tool_as_an_initial_target(tmp_path):
    """The translator sees the PO file's fuzzy draft (state `initial`, its placeholder a code as in the source);
    untouched, it merges back byte for byte; edited, it replaces the draft only with --overwrite, as a kept
    translation does (the draft is someone's work too), and the `fuzzy` flag stays."""
    po = tmp_path / "de.po"
    po.write_text(_FUZZY_PO, "utf-8")
    xlf = extract_file(po, tmp_path / "de.xlf", src_lang="en").output
    segments = etree.parse(str(xlf)).getroot().findall(f".//{{{XLIFF2}}}segment")
    assert [s.get("state") for s in segments] == ["initial", None]
    target = segments[0].find(f"{{{XLIFF2}}}target")
    assert target is not None and "".join(target.itertext()) == "Datei  offnen" and len(target) == 1  # %s: a <ph>
    untouched = merge_file(xlf, tmp_path / "same.po")[0]
    assert untouched.read_bytes() == po.read_bytes()
    edited = tmp_path / "edited.xlf"
    edited.write_text(xlf.read_text("utf-8").replace("offnen</target>", "öffnen</target>"), "utf-8")
    kept = merge_file(edited, tmp_path / "kept.po")[0].read_text("utf-8")
    assert 'msgstr "Datei %s offnen"' in kept
    replaced = merge_file(edited, tmp_path / "new.po", overwrite=True)[0].read_text("utf-8")
    assert 'msgstr "Datei %s öffnen"' in replaced and "#, fuzzy, c-format" in replaced
