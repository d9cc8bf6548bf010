"""ICU plural/select/selectordinal sub-messages as segments of their own (issue 32, ``tagmt.corpus.icusplit``):
ids, sources and codes of hand-made messages, copy round trips byte for byte (FormatJS JSON, properties with
``--placeholders icu``), pseudo output that is still MessageFormat with the same arguments and selectors, kept
targets left whole, extract+merge exact, and the split/join round trip as a property."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tagmt.cli import main
from tagmt.corpus import read_corpus
from tagmt.corpus.icu import Message, parse
from tagmt.corpus.icusplit import split_icu
from tagmt.corpus.model import Corpus, Segment
from tagmt.corpus.placeholders import protect
from tagmt.translation.interchange import extract_file, merge_file
from tagmt.xmltext import escape


def _json(tmp_path: Path, messages: dict[str, str]) -> Path:
    path = tmp_path / "en.json"
    path.write_text(json.dumps(messages, ensure_ascii=False, indent=2) + "\n", "utf-8")
    return path


def _read(tmp_path: Path, message: str) -> list[tuple[str, str]]:
    return [(s.id, s.source) for s in read_corpus(_json(tmp_path, {"m": message})).segments]


def _shape(message: str) -> list:
    """What a translation must keep of ``message``: its arguments (simple and complex, with their selectors)
    and a plural's ``#``, at every level, in order; the text left out."""
    def walk(current: Message) -> list:
        out: list = []
        for item in current.items:
            raw = message[item.start:item.end]
            if item.kind == "complex":
                head = raw.split(",")[:2]
                out.append((tuple(part.strip() for part in head), [walk(sub) for sub in item.messages]))
            elif item.kind == "code" and raw[0] in "{#":
                out.append(raw)
        return out
    return walk(parse(message))


def test_plural_with_exact_zero_offset_and_the_text_around(tmp_path):
    got = _read(tmp_path, "{n, plural, offset:1 =0 {Nobody} one {You} other {You and # others}} liked {who}'s post")
    assert got == [("m#n==0", "Nobody"), ("m#n=one", "You"), ("m#n=other", 'You and <x id="1"/> others'),
                   ("m#after:n", ' liked <x id="1"/>\'s post')]


def test_nested_select_inside_plural_and_text_before(tmp_path):
    got = _read(tmp_path, "Hi {name}! {count, plural, one {{g, select, f {She has # cat} other {They have # cat}}} "
                          "other {# cats}}")
    assert got == [("m", 'Hi <x id="1"/>! '), ("m#count=one#g=f", "She has # cat"),
                   ("m#count=one#g=other", "They have # cat"), ("m#count=other", '<x id="1"/> cats')]


def test_selectordinal(tmp_path):
    got = _read(tmp_path, "You came {pos, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}")
    assert got == [("m", "You came "), ("m#pos=one", '<x id="1"/>st'), ("m#pos=two", '<x id="1"/>nd'),
                   ("m#pos=few", '<x id="1"/>rd'), ("m#pos=other", '<x id="1"/>th')]


def test_quoted_literals_are_codes_and_doubled_apostrophes_one(tmp_path):
    got = _read(tmp_path, "{n, plural, one {It''s '{'one'}'} other {'#' of them, it''s #}}")
    assert got == [("m#n=one", 'It\'s <x id="1"/>one<x id="2"/>'),
                   ("m#n=other", '<x id="1"/> of them, it\'s <x id="2"/>')]


def test_a_message_without_plural_stays_one_segment(tmp_path):
    assert _read(tmp_path, "Don't {verb} it") == [("m", 'Don\'t <x id="1"/> it')]


def _splice(tmp_path: Path, message: str, translate) -> str:
    """``message`` read from a JSON file, each sub-segment's source through ``translate``, written back."""
    path = _json(tmp_path, {"m": message})
    corpus = read_corpus(path)
    out = tmp_path / "out.json"
    corpus.write(out, [translate(s.source) for s in corpus.segments])
    return json.loads(out.read_text("utf-8"))["m"]


@pytest.mark.parametrize("translation, written", [
    ("l'<x id=\"1\"/>", "l''{who}"),             # an apostrophe before an argument doubled
    ("a {b} <x id=\"1\"/>", "a '{'b'}' {who}"),   # braces the MT wrote are quoted, never an argument
    ("50 # <x id=\"1\"/>", "50 '#' {who}"),       # a '#' of the text is not the plural's number
    ("{'#} <x id=\"1\"/>", "'{''#}' {who}"),      # one quoted piece: adjacent ones would merge
    ("it's <x id=\"1\"/>", "it's {who}"),         # an apostrophe inside a word stays single
])
def test_translated_text_is_escaped_as_icu_reads_it(tmp_path, translation, written):
    message = "{n, plural, one {x {who}} other {y}}"
    got = _splice(tmp_path, message, lambda source: translation if source.startswith("x") else source)
    assert got == "{n, plural, one {" + written + "} other {y}}"
    assert _shape(got) == _shape(message)


def test_an_apostrophe_after_a_quoted_literal_is_doubled(tmp_path):
    message = "{n, plural, one {'{'x} other {y}}"
    got = _splice(tmp_path, message, lambda source: source[:-1] + "'s" if source.endswith("/>x") else source)
    assert got == "{n, plural, one {'{'''s} other {y}}"
    assert _shape(got) == _shape(message)


def test_copy_of_formatjs_json_and_properties_is_byte_identical(tmp_path):
    messages = {"a": "You have {count, plural, =0 {no files} one {# file} other {# files}}.",
                "b": "{g, select, female {She} male {He} other {They}} replied to \"{topic}\"",
                "c": "It''s {n, selectordinal, one {#st} other {#th}} — '{'literal'}'", "d": "plain {x}"}
    path = _json(tmp_path, messages)
    out = tmp_path / "copy.json"
    assert main(["translate", "--input", str(path), "--model", "copy", "--approach", "dt", "--src-lang", "en",
                 "--trg-lang", "de", "-o", str(out)]) == 0
    assert out.read_bytes() == path.read_bytes()
    props = tmp_path / "m.properties"
    props.write_bytes(b"# comment\nfiles = {count, plural, one {# file\\u00e9} other {# files}}\\\n   left\n"
                      b"who: {g, select, f {her} other {their}} key\n")
    out = tmp_path / "copy.properties"
    assert main(["translate", "--input", str(props), "--model", "copy", "--approach", "dt", "--src-lang", "en",
                 "--trg-lang", "de", "--placeholders", "icu", "-o", str(out)]) == 0
    assert out.read_bytes() == props.read_bytes()
    assert [s.id for s in read_corpus(props, placeholders="icu").segments] == [
        "files#count=one", "files#count=other", "files#after:count", "who#g=f", "who#g=other", "who#after:g"]


def test_pseudo_output_is_icu_with_the_same_arguments_and_selectors(tmp_path, capsys):
    messages = {"a": "Hi {name}, {count, plural, offset:1 =0 {nobody} one {# file} other {# files}} left",
                "b": "{count, plural, one {{g, select, f {She has it} other {They've it}}} other {'{'#'}' done}}",
                "c": "{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} place"}
    path = _json(tmp_path, messages)
    out = tmp_path / "pseudo.json"
    assert main(["translate", "--input", str(path), "--model", "pseudo", "--approach", "dt", "--src-lang", "en",
                 "--trg-lang", "pl", "-o", str(out)]) == 0
    written = json.loads(out.read_text("utf-8"))
    for key, message in messages.items():
        assert written[key] != message
        assert _shape(written[key]) == _shape(message)
    err = capsys.readouterr().err
    assert err.count("ICU plural sub-messages keep the source's categories") == 1 and "many" in err
    icu = pytest.importorskip("icu")  # PyICU: ICU's own parser agrees where installed
    for value in written.values():
        icu.MessageFormat(value, icu.Locale("pl"))


def test_a_po_entry_with_a_translation_is_kept_whole(tmp_path):
    po = tmp_path / "m.po"
    po.write_text('msgid ""\nmsgstr ""\n"Language: de\\n"\n\n'
                  'msgid "{n, plural, one {# file} other {# files}}"\nmsgstr "{n, plural, one {# Datei} other {# Dateien}}"\n\n'
                  'msgid "{n, plural, one {# dog} other {# dogs}}"\nmsgstr ""\n', "utf-8")
    corpus = read_corpus(po, placeholders="icu")
    assert [(s.id.split("#")[1], s.reference) for s in corpus.segments] == [  # (the target: split alike)
        ("n=one", '<x id="1"/> Datei'), ("n=other", '<x id="1"/> Dateien'), ("n=one", None), ("n=other", None)]
    out = tmp_path / "out.po"
    assert main(["translate", "--input", str(po), "--model", "copy", "--approach", "dt", "--src-lang", "en",
                 "--placeholders", "icu", "-o", str(out)]) == 0
    text = out.read_text("utf-8")
    assert 'msgstr "{n, plural, one {# Datei} other {# Dateien}}"' in text
    assert 'msgid "{n, plural, one {# dog} other {# dogs}}"\nmsgstr "{n, plural, one {# dog} other {# dogs}}"' in text


def test_extract_and_merge_round_trip_and_views(tmp_path):
    path = _json(tmp_path, {"a": "Hi {name}, {n, plural, one {# file} other {# files}} left", "b": "x"})
    xlf = tmp_path / "x.xlf"
    assert extract_file(path, xlf, src_lang="en", trg_lang="de").units == 5
    assert 'name="a#n=one"' in xlf.read_text("utf-8") or "a#n=one" in xlf.read_text("utf-8")
    back, _ = merge_file(xlf, tmp_path / "back.json")
    assert Path(back).read_bytes() == path.read_bytes()
    assert main(["views", "--input", str(path), "--view", "plain", "--side", "source", "-o",
                 str(tmp_path / "v.txt")]) == 0
    assert (tmp_path / "v.txt").read_text("utf-8").splitlines()[:2] == ["Hi {name}, ", "# file"]


# --- the split/join round trip as a property ------------------------------------------------------------

_WORD = st.sampled_from(["files", "it''s", "a", "b c", " ", "'{'x'}'", "don't", "{name}", "{d, date, short}"])


def _text(plural: bool):
    pieces = st.lists(st.one_of(_WORD, st.just("#")) if plural else _WORD, min_size=1, max_size=3)
    return pieces.map("".join)


def _message(depth: int):
    def complex_(kind: str) -> st.SearchStrategy[str]:
        plural = kind != "select"
        selectors = ["one", "=0", "other"] if plural else ["f", "other"]
        body = _message(depth - 1) if depth > 0 else _text(plural)
        branch = st.one_of(_text(plural), body) if plural else body
        return st.lists(branch, min_size=len(selectors), max_size=len(selectors)).map(
            lambda subs: f"{{{kind[0] if kind != 'selectordinal' else 'o'}{depth}, {kind}, " + " ".join(f"{s} {{{b}}}" for s, b in zip(selectors, subs)) + "}")
    arg = st.one_of(complex_("plural"), complex_("select"), complex_("selectordinal"))
    return st.tuples(_text(False), arg, _text(False)).map("".join)


def _corpus(message: str, sink: list) -> Corpus:
    source, codes = protect(message, ("icu",))
    return Corpus("json", [Segment("k", source, None, codes)], Path("m.json"),
                  writer=lambda corpus, targets, output, **_: sink.extend(targets) or Path(output))


@settings(max_examples=120, deadline=None)
@given(_message(1))
def test_split_then_join_with_the_sources_gives_the_message_back(message):
    sink: list = []
    whole = _corpus(message, sink)
    original = whole.segments[0]
    split = split_icu(whole, forced=True)
    assume(split is not whole)  # (a message without text to translate stays as it is)
    assert all(s.id.startswith("k#") or s.id == "k" for s in split.segments)
    split.write("out", [s.source for s in split.segments])
    assert sink == [original.source]
    sink.clear()
    split.write("out", [s.source.replace("a", "{'#}") + " l'" for s in split.segments])
    rendered = original.render(sink[0], lambda text: text)
    assert _shape(rendered) == _shape(message)


_HOSTILE = st.text(st.sampled_from("ab '{}#|"), min_size=1, max_size=6)


@settings(max_examples=80, deadline=None)
@given(_message(1), st.data())
def test_any_translated_text_reads_back_as_written_through_icu(message, data):
    """Whatever text an MT writes (apostrophes, braces, ``#``, ``|``), ICU itself reads the joined message and
    shows each sub-message's text as it was written (PyICU, the independent parser)."""
    icu = pytest.importorskip("icu")
    sink: list = []
    whole = _corpus(message, sink)
    split = split_icu(whole, forced=True)
    assume(split is not whole)
    texts = [data.draw(_HOSTILE) for _ in split.segments]
    split.write("out", [f"§{k}§{escape(text)}§{source}" for k, (text, source) in
                        enumerate(zip(texts, (s.source for s in split.segments)))])
    rendered = whole.segments[0].render(sink[0], lambda text: text)
    assert [e for e in _shape(rendered) if isinstance(e, tuple)] == [e for e in _shape(message) if isinstance(e, tuple)]
    names = ["p0", "p1", "o0", "o1", "s0", "s1", "name"]
    values = [icu.Formattable(5)] * 4 + [icu.Formattable("zzz")] * 2 + [icu.Formattable("N")]
    shown = icu.MessageFormat(rendered, icu.Locale("en")).format(names, values)
    at = 0
    for k, (segment, text) in enumerate(zip(split.segments, texts)):
        if all(step.endswith("=other") or step.startswith("after:") for step in segment.id.split("#")[1:]):
            found = shown.find(f"§{k}§{text}§", at)
            assert found >= 0, (rendered, shown, k, text)
            at = found


def test_markup_around_a_plural_is_a_code_in_the_spans_it_touches(tmp_path):
    message = "<b>{n, plural, one {# <i>file</i>} other {# files}}</b> now"
    assert _read(tmp_path, message) == [("m#n=one", '<x id="1"/> <g id="2">file</g>'),
                                        ("m#n=other", '<x id="1"/> files'), ("m#after:n", '<x id="1"/> now')]
    assert _splice(tmp_path, message, lambda source: source) == message
    got = _splice(tmp_path, message, lambda source: source.replace("now", "jetzt").replace("file<", "Datei<"))
    assert got == "<b>{n, plural, one {# <i>Datei</i>} other {# files}}</b> jetzt"
