"""Issue 33 item 5: the API is as safe as the CLI — Corpus.write escapes what it is given and says what it
kept; tagmt.evaluate refuses what the command refuses and inputs it would score character by character."""

from __future__ import annotations

import shutil
import warnings

import pytest
from lxml import etree

import tagmt
from tagmt.corpus.model import Corpus, Segment, TargetsKeptWarning, InlineCode
from tagmt.corpus.targets import safe_target
from tagmt.paths import sample_data_dir

FILES = sample_data_dir() / "files"
REFS = ['Klicken Sie auf <b>Speichern</b>.', 'Öffnen Sie die Datei <i>a.txt</i>.']


@pytest.fixture(params=["guide.xliff12.xlf", "guide.xliff2.xlf"])
def xliff(request, tmp_path):
    path = tmp_path / request.param
    shutil.copy(FILES / request.param, path)
    return path


def _units(path) -> int:
    root = etree.parse(str(path)).getroot()
    return len(root.xpath("//*[local-name()='trans-unit' or local-name()='segment']"))


def test_natural_text_is_escaped_and_the_file_stays_well_formed(xliff, tmp_path):
    corpus = tagmt.read(xliff)
    targets = [None] * len(corpus.segments)
    targets[0] = 'R&D < 5 % <g id="1">Cloud</g> &amp; more'
    out = tmp_path / "out.xlf"
    corpus.write(out, targets, overwrite=True)
    etree.parse(str(out))  # well formed
    assert tagmt.read(out).segments[0].target == 'R&amp;D &lt; 5 % <g id="1">Cloud</g> &amp; more'
    assert corpus.written == 1


def test_markup_in_a_target_cannot_add_a_segment(xliff, tmp_path):
    corpus = tagmt.read(xliff)
    before = _units(xliff)
    attack = '</target></trans-unit><trans-unit id="evil"><source>x</source><target>y'
    if "xliff2" in xliff.name:
        attack = '</target></segment><segment id="evil"><source>x</source><target>y'
    targets = [None] * len(corpus.segments)
    targets[1] = attack
    out = tmp_path / "out.xlf"
    corpus.write(out, targets, overwrite=True)
    assert _units(out) == before
    again = tagmt.read(out)
    assert len(again.segments) == len(corpus.segments)
    assert again.segments[1].target.startswith("&lt;/target&gt;")
    assert "evil" not in [s.id for s in again.segments]


def test_unclosed_or_foreign_tags_become_text():
    segment = Segment("1", 'a <g id="1">b</g> <x id="2"/>',
                      codes={("g", "1"): InlineCode("g", "1", "g", '<g id="1">', "</g>"),
                             ("x", "2"): InlineCode("x", "2", "x", '<x id="2"/>')})
    assert safe_target(segment.source, segment.codes, '<g id="1">b</g> <x id="2"/>') == '<g id="1">b</g> <x id="2"/>'  # as it is
    assert safe_target(segment.source, segment.codes, '<g id="1">b <x id="2"/>') == '&lt;g id="1"&gt;b <x id="2"/>'
    assert safe_target(segment.source, segment.codes, '<x id="9"/> </g>') == '&lt;x id="9"/&gt; &lt;/g&gt;'
    assert safe_target(segment.source, segment.codes, '<g id="1"><b>c</g></b>') == '<g id="1">&lt;b&gt;c</g>&lt;/b&gt;'
    # a line file's segment: its source's own tags are markup, others text
    line = Segment("1", "Save <b>now</b>")
    assert safe_target(line.source, line.codes, "Sichern <b>jetzt</b> <i>x</i>") == "Sichern <b>jetzt</b> &lt;i&gt;x&lt;/i&gt;"


def test_line_file_targets_are_escaped(tmp_path):
    (tmp_path / "in.txt").write_text("Save <b>now</b>\nR and D\n", encoding="utf-8")
    corpus = tagmt.read(tmp_path / "in.txt")
    out = tmp_path / "out.txt"
    corpus.write(out, ["Sichern <b>jetzt</b>", "R&D < 5 %"])
    assert out.read_text(encoding="utf-8") == "Sichern <b>jetzt</b>\nR&amp;D &lt; 5 %\n"
    assert corpus.written == 2


def test_targets_not_written_are_counted_and_warned_about(xliff, tmp_path):
    corpus = tagmt.read(xliff)
    kept = [s for s in corpus.segments if s.may_write() is not None]
    assert kept, "the sample has reviewed targets"
    with pytest.warns(TargetsKeptWarning, match=rf"{len(kept)} of the {len(corpus.segments)} targets given"):
        corpus.write(tmp_path / "out.xlf", ["Neu"] * len(corpus.segments))
    assert corpus.written == len(corpus.segments) - len(kept)
    assert sum(corpus.kept.values()) == len(kept)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        corpus.write(tmp_path / "out2.xlf", ["Neu"] * len(corpus.segments), overwrite=True)
    assert corpus.written == len(corpus.segments)


def test_a_corpus_built_in_code_counts_without_warning(tmp_path):
    from tagmt.corpus.lines import write

    corpus = Corpus("lines", [Segment("1", "a"), Segment("2", "b", locked="locked")], writer=write)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        corpus.write(tmp_path / "o.txt", ["x", "y"])
    assert corpus.written == 1 and corpus.kept == {"locked": 1}


def test_write_refuses_a_string_or_a_wrong_count(xliff, tmp_path):
    corpus = tagmt.read(xliff)
    with pytest.raises(tagmt.TagmtError, match="one target per segment"):
        corpus.write(tmp_path / "o.xlf", "Neu")
    with pytest.raises(tagmt.TagmtError, match="one target per segment"):
        corpus.write(tmp_path / "o.xlf", ["Neu"])
    with pytest.raises(tagmt.TagmtError, match="is a int"):
        corpus.write(tmp_path / "o.xlf", [1] * len(corpus.segments))


def test_evaluate_refuses_both_significance_tests():
    with pytest.raises(tagmt.TagmtError, match="choose one"):
        tagmt.evaluate(REFS, {"a": REFS, "b": REFS}, trg_lang="de", metrics=["raw-bleu"],
                       paired_bs=True, paired_ar=True)


@pytest.mark.parametrize("hyps", ["Klicken", {"x": "Klicken Sie", "y": "Öffnen"}, [1, 2]])
def test_evaluate_refuses_a_system_that_is_not_a_list_of_strings(hyps):
    with pytest.raises(tagmt.TagmtError) as error:
        tagmt.evaluate(REFS, {"mt": hyps}, trg_lang="de", metrics=["raw-bleu"])
    assert "\n" not in str(error.value) and "'mt'" in str(error.value)


def test_evaluate_refuses_references_or_sources_that_are_not_lists():
    with pytest.raises(tagmt.TagmtError, match="references"):
        tagmt.evaluate({"a": "b", "c": "d"}, {"mt": REFS}, trg_lang="de")
    with pytest.raises(tagmt.TagmtError, match="sources"):
        tagmt.evaluate(REFS, {"mt": REFS}, trg_lang="de", sources="Click")


def test_corpus_score_refuses_a_dict_of_hypotheses():
    with pytest.raises(tagmt.TagmtError, match="list of segments"):
        tagmt.metric("raw-bleu", trg_lang="de").corpus_score({"a": "x", "b": "y"}, [REFS])
    with pytest.raises(tagmt.TagmtError, match="list of segments"):
        tagmt.metric("raw-bleu", trg_lang="de").sentence_score("x", {"a": "x"})


def test_one_metric_may_be_named_by_a_string():
    results = tagmt.evaluate(REFS, {"mt": REFS}, trg_lang="de", metrics="xml-chrf")
    assert results["mt"].scores == {"xml-chrf": 100.0}


def test_escape_text_keeps_references_xml_reads():
    from tagmt.corpus.targets import escape_text

    assert escape_text("a &#10; &amp; &#x41; &quot;") == "a &#10; &amp; &#x41; &quot;"
    assert escape_text("R&D < 5 % > &nbsp; &#0; &") == "R&amp;D &lt; 5 % &gt; &amp;nbsp; &amp;#0; &amp;"


CODES = {("g", "1"), ("x", "2"), ("bx", "3"), ("ex", "3")}
SOURCE = 'a <g id="1">b</g> <x id="2"/> <bx id="3"/>c<ex id="3"/>'
PIECES = ['<g id="1">', "</g>", '<x id="2"/>', '<bx id="3"/>', '<ex id="3"/>', "<b>", "</b>", "</target>",
          "<segment>", "&", "&amp;", "&#0;", "&#10;", "<", ">", "<!-- c -->", "<![CDATA[x]]>", "text", " ", "é"]


def test_safe_targets_are_well_formed_and_stable():
    from hypothesis import given, settings, strategies as st

    @settings(max_examples=300, deadline=None)
    @given(st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=4)), max_size=12))
    def check(pieces):
        from tagmt.corpus.targets import forbidden_character

        if forbidden_character("".join(pieces)):  # refused by Corpus.write (test below)
            return
        out = safe_target(SOURCE, CODES, "".join(pieces))
        assert safe_target(SOURCE, CODES, out) == out  # a safe target is kept as it is
        # well formed: parses as element content (the placeholders' prefixes are ordinary names)
        etree.fromstring(f"<root>{out}</root>".encode("utf-8", "surrogatepass"),
                         etree.XMLParser(recover=False))

    check()


def test_a_character_xml_cannot_hold_is_refused(xliff, tmp_path):
    corpus = tagmt.read(xliff)
    targets = [None] * len(corpus.segments)
    targets[2] = "bell \x07 here"
    with pytest.raises(tagmt.TagmtError, match=r"target 2 \(segment .*\) holds U\+0007"):
        corpus.write(tmp_path / "o.xlf", targets, overwrite=True)
    assert not (tmp_path / "o.xlf").exists()
