"""Stand-ins for standalone codes in the text a dp MT reads, and pins that put each code where the translation
has its stand-in (tagmt.translation.pins); the dp pipeline with the copy engine, a hand-made engine that
reorders words, and placeholders (line files and XLIFF <ph>)."""

from pathlib import Path

import pytest

from tagmt.corpus import read_corpus
from tagmt.corpus.model import InlineCode
from tagmt.corpus.placeholders import protect_tagged, unprotect
from tagmt.data.directions import Direction
from tagmt.engines.base import Engine
from tagmt.projection import detag
from tagmt.translation.pins import pin, points, stand_ins, unpin, with_stand_ins

SAMPLE = Path(__file__).resolve().parents[2] / "data" / "sample" / "files"


def test_stand_ins_placeholder_text_and_neutral_tokens():
    tagged, codes = protect_tagged('Click <x id="7"/> for %s, {1} left', ["printf"])
    codes[("x", "7")] = InlineCode("x", "7", "ph", '<ph id="7">&lt;img/&gt;</ph>')
    detagged = detag(tagged)
    plain = detagged.plain
    tokens = stand_ins(detagged, codes, plain)
    assert tokens == ["{2}", "%s"]  # {1} is in the text already
    assert with_stand_ins(plain, [t.start for t in points(detagged)], tokens) == "Click {2} for %s, {1} left"


def test_pin_and_unpin_put_codes_where_the_translation_has_them():
    detagged = detag('Delete <x id="1"/> from <g id="2">the list</g>?')
    source, text, pins = pin(detagged, "Aus <der Liste> %s löschen?", ["%s"])
    assert text == "Aus <der Liste>  löschen?" and pins == [(16, '<x id="1"/>', None)]
    assert [t.open for t in source.walk()] == ['<g id="2">']
    assert unpin('Aus <g id="2">&lt;der Liste&gt;</g>  löschen?', pins, escaped=True) == \
        'Aus <g id="2">&lt;der Liste&gt;</g> <x id="1"/> löschen?'


def test_a_stand_in_the_mt_dropped_is_left_to_the_projection():
    detagged = detag('Delete <x id="1"/>?')
    source, text, pins = pin(detagged, "Löschen?", ["%s"])
    assert source is detagged and text == "Löschen?" and pins == []


def test_an_element_whose_only_content_was_pinned_wraps_it_again():
    detagged = detag('<g id="1"><x id="2"/></g> joined')
    _, text, pins = pin(detagged, "{{user}} ist beigetreten", ["{{user}}"])
    assert unpin('<g id="1"></g> ist beigetreten', pins, escaped=True) == '<g id="1"><x id="2"/></g> ist beigetreten'


class _Reorder(Engine):
    """A hand-made "MT": the words of the plain text in reverse order (stand-ins are words too)."""

    name = engine_name = "reorder"
    offline = True

    def translate(self, texts, src_lang, trg_lang):
        self.seen = list(texts)
        return [" ".join(reversed(text.split(" "))) for text in texts]


@pytest.fixture(scope="module")
def eflomal():
    from tagmt.preflight import module_available

    if not module_available("eflomal"):
        pytest.skip("eflomal is not installed")
    from tagmt.translation.pipelines import load_aligner

    return load_aligner("eflomal")


def _run(engine, corpus, aligner):
    from tagmt.translation.pipelines import run_detag_project

    return run_detag_project(engine, corpus.segments, Direction("en", "de"), aligner, escaped=corpus.escaped)


def test_dp_keeps_every_placeholder_with_a_reordering_mt(tmp_path, eflomal):
    path = tmp_path / "ui.txt"
    path.write_text("Delete %1$s now?\n{count} files for {{user}}\nno placeholder here\n")
    corpus = read_corpus(path, placeholders="auto")
    engine = _Reorder()
    outputs = _run(engine, corpus, eflomal)
    assert engine.seen[0] == "Delete %1$s now?" and engine.seen[1] == "{count} files for {{user}}"
    written = [unprotect(out, s.codes) for out, s in zip(outputs, corpus.segments)]
    assert written[0] == "now? %1$s Delete"
    assert written[1] == "{{user}} for files {count}"
    assert written[2] == "here placeholder no"


def test_dp_gives_the_mt_the_content_of_xliff_ph(eflomal):
    from tagmt.engines.offline import CopyEngine

    corpus = read_corpus(SAMPLE / "guide.xliff12.xlf")
    seen = []

    class Spy(CopyEngine):
        def translate(self, texts, src_lang, trg_lang):
            seen.extend(texts)
            return list(texts)

    outputs = _run(Spy(), corpus, eflomal)
    assert any("choose {1} Add user" in text for text in seen)  # the <x id="2" ctype="image"/> of the sample
    for segment, output in zip(corpus.segments, outputs):
        assert sorted(t for t in _tags(output)) == sorted(_tags(segment.source))


def _tags(tagged):
    from tagmt.markup import tokenize

    return [t.text for t in tokenize(tagged, orphans=True) if t.kind != "text"]


def test_gaps_a_removed_placeholder_leaves():
    from tagmt.translation.pins import gaps

    assert gaps("Sie haben  neue Nachrichten von .") == [10, 32]
    assert gaps(" Elemente (), „“") == [0, 11, 15]
    assert gaps("Keine Lücke hier.") == []


def test_snap_moves_placeholder_groups_to_the_gaps_nearest_first():
    from tagmt.translation.pins import snap_to_gaps

    x1, x2, x3 = '<x id="1"/>', '<x id="2"/>', '<x id="3"/>'
    assert snap_to_gaps(f"Sie haben {x1}{x2} neue Nachrichten von .", [[x1], [x2]], True) == \
        f"Sie haben {x1} neue Nachrichten von {x2}."
    assert snap_to_gaps(f"{x1} wird heruntergeladen{x2}{x3} ()", [[x1], [x2, x3]], True) == \
        f"{x1} wird heruntergeladen ({x2}{x3})"
    assert snap_to_gaps(f"ab{x1} c", [[x1]], True) == f"ab{x1} c"  # no gap: as projected


def test_printf_without_positions_keeps_the_source_order():
    from tagmt.translation.pins import in_printf_order

    x1, x2 = '<x id="1"/>', '<x id="2"/>'
    assert in_printf_order(f"Hallo {x2}, Sie haben {x1} Nachrichten", [x1, x2], ["%s", "%d"]) == \
        f"Hallo {x1}, Sie haben {x2} Nachrichten"
    assert in_printf_order(f"{x2} {x1}", [x1, x2], ["%1$s", "%2$d"]) == f"{x2} {x1}"  # positional: free


PAIRS_EN = ["Delete %1$s?", "You have {count} new messages.", "%d files were uploaded to {folder}.",
            "Welcome back, {{user}}!", "The file %s is larger than %d MB.", "Downloading %1$s (%2$d%%)",
            "Hello %s, you have %d unread messages.", "Last updated by {{author}} on {{date}}",
            "Search results for \"{query}\"", "Page %1$d of %2$d"]
PAIRS_DE = ["%1$s löschen?", "Sie haben {count} neue Nachrichten.", "%d Dateien wurden nach {folder} hochgeladen.",
            "Willkommen zurück, {{user}}!", "Die Datei %s ist größer als %d MB.", "%1$s wird heruntergeladen (%2$d%%)",
            "Hallo %s, Sie haben %d ungelesene Nachrichten.", "Zuletzt aktualisiert von {{author}} am {{date}}",
            "Suchergebnisse für „{query}“", "Seite %1$d von %2$d"]


def test_project_puts_removed_placeholders_back_exactly(tmp_path, eflomal):
    from tagmt.corpus.placeholders import find
    from tagmt.translation.options import InputFile
    from tagmt.translation.projection import project_lines

    def without(text):
        spans = find(text, ["auto"])
        return "".join(text[b:a] for (_, b), (a, _) in zip([(0, 0), *spans], [*spans, (len(text), 0)]))

    (tmp_path / "en").write_text("".join(f"{s.replace('&', '&amp;')}\n" for s in PAIRS_EN))
    (tmp_path / "de").write_text("".join(f"{without(t)}\n" for t in PAIRS_DE))
    project_lines(InputFile(tmp_path / "en", placeholders="auto"), tmp_path / "de", tmp_path / "out", src_lang="en",
                  trg_lang="de", aligner=eflomal)
    assert (tmp_path / "out").read_text().splitlines() == PAIRS_DE


def test_the_mt_reads_a_ph_whose_content_is_a_placeholder_as_that_placeholder(tmp_path, eflomal):
    from tagmt.engines.offline import CopyEngine

    path = tmp_path / "ph.xlf"
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">'
        '<file original="t" source-language="en" target-language="de" datatype="plaintext"><body>'
        '<trans-unit id="1"><source>Click <ph id="1">%s</ph> to upload files smaller than <ph id="2">{0}</ph> MB.'
        '</source></trans-unit><trans-unit id="2"><source>Press <ph id="1">&lt;kbd&gt;Enter&lt;/kbd&gt;</ph> now.'
        "</source></trans-unit></body></file></xliff>", encoding="utf-8")
    corpus = read_corpus(path)
    seen = []

    class Spy(CopyEngine):
        def translate(self, texts, src_lang, trg_lang):
            seen.extend(texts)
            return [text.replace("Click", "Klicken") for text in texts]

    outputs = _run(Spy(), corpus, eflomal)
    assert seen == ["Click %s to upload files smaller than {0} MB.", "Press {1} now."]
    assert outputs == ['Klicken <x id="1"/> to upload files smaller than <x id="2"/> MB.', 'Press <x id="1"/> now.']
