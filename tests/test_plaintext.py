"""The one tagged → plain text helper, and the two escaping bugs it closed (issue 23, item 4)."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from tagmt.corpus import Corpus, Segment
from tagmt.xmltext import escape
from tagmt.data.directions import Direction
from tagmt.engines.offline import CopyEngine
from tagmt.engines.prompts import select_examples
from tagmt.markup import is_well_formed, tokenize
from tagmt.plaintext import plain_text


def test_contract():
    tagged = 'Save &amp; <g id="1">close</g> &lt;now&gt; <x id="2"/>&#10;'
    assert plain_text(tagged, escaped=True) == "Save & close <now> \n"
    assert plain_text(tagged, escaped=False) == "Save &amp; close &lt;now&gt; &#10;"
    # a bare & and unknown references stay as written; orphan tags are markup too
    assert plain_text("A & B&nbsp;<b>C", escaped=True) == "A & B&nbsp;C"
    with pytest.raises(TypeError):
        plain_text("x")  # type: ignore[call-arg]  # the caller must say which text it has


@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=40))
def test_escaped_text_round_trips(text):
    assert plain_text(escape(text), escaped=True) == text


class Recording(CopyEngine):
    """Copies, and keeps what it was asked to translate."""

    def __init__(self) -> None:
        self.seen: list[str] = []

    def translate(self, texts, src_lang, trg_lang):
        self.seen += texts
        return list(texts)


def test_dp_few_shot_examples_read_as_the_segment_itself():
    """Regression: DP few-shot examples reached the LLM as `Save &amp; close` while the segment itself
    was sent as `Save & close`."""
    from tagmt.translation.options import RunOptions
    from tagmt.translation.pipelines import translate_corpus

    tagged = 'Save &amp; <g id="1">close</g>'
    examples = select_examples([(tagged, 'Sichern &amp; <g id="1">schließen</g>')], 1, "dp")
    assert examples == [("Save & close", "Sichern & schließen")]
    engine = Recording()
    corpus = Corpus("segments", [Segment("1", tagged)], escaped=True)
    done = translate_corpus(corpus, Direction("en", "de"), "dp", engine,
                            run=RunOptions(use_cache=False, progress=False))
    assert engine.seen == [examples[0][0]]  # the model reads the segment as its examples show text
    assert done.outputs == ['Save &amp; <g id="1">close</g>']


def test_escaped_xliff_projection_is_well_formed():
    """Regression: projecting onto the natural translation of an escaped XLIFF source gave
    `Speichern & ‹schließen> …` (not well formed) through the internal path; the API escapes itself."""
    import tagmt

    sources = ['Save &amp; <g id="1">close</g>', 'Open <x id="2"/> the file &lt;a.txt&gt;']
    translations = ["Speichern & schließen", "Öffnen Sie die Datei <a.txt>"]
    outputs = tagmt.project(sources, translations, src_lang="en", trg_lang="de")
    for source, output, translation in zip(sources, outputs, translations):
        tokens = tokenize(output, orphans=True)
        assert is_well_formed(tokens), output
        assert sorted(t.text for t in tokens if t.is_markup) == sorted(
            t.text for t in tokenize(source, orphans=True) if t.is_markup)
        assert plain_text(output, escaped=True) == translation  # the translation's text, untouched
    assert "&amp;" in outputs[0] and "&lt;a.txt&gt;" in outputs[1]


def test_project_translations_counts_its_translations():
    """Regression: project_translations(..., escaped=True) reported "1 of 0 translations"."""
    from tagmt.projection import detag
    from tagmt.translation.hygiene import RunReport
    from tagmt.translation.pipelines import ProjectionSetup, load_aligner, project_translations

    report = RunReport()
    project_translations([detag('Save &amp; <g id="1">close</g>')], ["Speichern & schließen"],
                         ProjectionSetup("en", "de", load_aligner("eflomal"), escaped=True), report=report)
    assert report.segments == 1 and report.segments_escaped == 1  # counted for the run record, not said (issue 33)
    assert not any("translations" in line and "escaped" in line.lower() for line in report.lines())


def test_plain_text_is_what_detag_leaves():
    """DP detags its sources itself (it needs the tags' offsets): the text it sends is plain_text's."""
    from tagmt.corpus.lines import read_segments
    from tagmt.paths import sample_data_dir
    from tagmt.projection import detag

    segments = [s for name in ("guide.en", "guide.de") for s in read_segments(sample_data_dir() / "files" / name)]
    segments += ['A <b>b</b> c', 'orphan </i> and <br/> &amp; <x id="1"/>', '<<PLACEHOLDER>> &lt;b&gt;']
    for segment in segments:
        assert detag(segment).plain == plain_text(segment, escaped=False)
