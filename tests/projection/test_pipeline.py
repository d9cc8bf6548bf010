"""The projection pipeline (`projector.Projector`, `stages.py`, `context.py`, `config.py`): the stage list a
target language runs, stages that leave a segment without tags alone, the placed spans before the rule
stages, and the config's switches doing what the module flags they replaced did."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from tagmt.markup import strip
from tagmt.projection import detag, project_batch
from tagmt.projection.config import ProjectionConfig
from tagmt.projection.context import PairContext, Profiles, WordKind
from tagmt.projection.conventions import default_decision
from tagmt.projection.projector import Projector, project_spans, project_tags
from tagmt.projection.render import render_spans
from tagmt.projection.stages import COMMON, LAST, STAGES, Pipeline, place, stage_names
from tagmt.projection.wordseg import words_with_offsets

from test_rerank import LEXICON, LexiconAligner, _examples


def _context(source: str, target: str, trg_lang: str, pairs: list[tuple[str, str]], src_lang: str = "en"
             ) -> PairContext:
    """A pair with links between the words written as in `pairs` (source word, target text it covers)."""
    detagged = detag(source)
    src = words_with_offsets(detagged.plain, src_lang, detagged.cuts())
    trg = words_with_offsets(target, trg_lang)
    links = set()
    for s, t in pairs:
        i = next(k for k, w in enumerate(src) if w.text == s)
        at = target.index(t)
        links |= {(i, j) for j, w in enumerate(trg) if at <= w.start and w.end <= at + len(t)}
    return PairContext(detagged, target, src, trg, links, None, default_decision, Profiles.of(src_lang, trg_lang))


def draw_nested(data, tag, length: int) -> tuple[object, tuple[int, int, int, int]]:
    """A span of `tag` over a text of `length` characters and a span of its first child inside it, drawn with
    hypothesis' `data`; with the offsets as drawn (outer start, end, child start, end: a stage may move them)."""
    from hypothesis import strategies as st
    from tagmt.projection.edges import Span

    a = data.draw(st.integers(0, length - 1))
    b = data.draw(st.integers(a + 1, length))
    c = data.draw(st.integers(a, b))
    d = data.draw(st.integers(c, b))
    outer = Span(tag, a, b, 0, False)
    outer.children.append(Span(tag.children[0], c, d, 1, False))
    return outer, (a, b, c, d)


def assert_marker_keeps_text(words: list[str], cut: int, target: str, lang: str,
                              links: set[tuple[int, int]]) -> None:
    """The point stages' property: a marker written after `words[:cut]` and a `<g>` after the rest, projected on any
    `links`, leave `target`'s text as it is and each code whole, once."""
    cut = min(cut, len(words))
    source = " ".join(words[:cut]) + '<x id="1"/>' + " " + " ".join(words[cut:] or ["applies"]) + ' <g id="2">x</g>'
    ctx = _context(source, target, lang, [])
    ctx.links = {(i, j) for i, j in links if i < len(ctx.src) and j < len(ctx.trg)}
    out = render_spans(target, Pipeline.for_profile(ctx.profiles.trg).spans(ctx))[0]
    assert strip(out) == target
    assert out.count('<x id="1"/>') == 1 and out.count('<g id="2">') == 1 and out.count("</g>") == 1
    assert out.index('<g id="2">') < out.index("</g>")


def projected(source: str, target: str, lang: str, pairs: list[tuple[str, str]], without: str = "",
              decide=None) -> str:
    """`target` with the tags of `source` placed by the target profile's pipeline on the links `pairs` give
    (`_context`), rendered; `without`: the stage of that name left out, `decide`: edge decisions other than the
    default. The stage tests' one way to project a hand-made pair."""
    ctx = _context(source, target, lang, pairs)
    if decide is not None:
        ctx.decide = decide
    stages = [stage for stage in Pipeline.for_profile(ctx.profiles.trg).stages if stage.name != without]
    return render_spans(target, Pipeline(stages).spans(ctx))[0]


# ------------------------------------------------------------------------------ the stage list

@pytest.mark.parametrize("lang, extra", [("ja", ("noun-prefixes", "clause-heads")),
                                         ("de", ("label-words", "governed-words", "hyphen-heads",
                                                 "noun-heads", "locutions")),
                                         ("fr", ("label-words", "governed-words", "locutions", "spaced-marks")),
                                         ("ru", ("label-words", "governed-words", "locutions")), ("ko", ("whole-eojeols", "closed-eojeols", "clause-heads")),
                                         ("zh", ("chinese-phrases",)),
                                         ("zf", ("chinese-phrases",)), ("zh-TW", ("chinese-phrases",))])
def test_a_target_language_runs_the_common_stages_then_its_profiles(lang, extra):
    names = Projector("en", lang, LexiconAligner(LEXICON)).pipeline.names
    assert names == ("quoted-labels", "taught-terms", "edges", "units", "inner-glosses", "copied-cuts",
                     "standalone-codes", "footnote-marks", "phrase-points", "postposition-marks", "case-endings", "closing-marks", "point-anchors",
                     "lists", "label-quotes-kept", "label-copies", "noun-chains", "label-phrases", "edge-words",
                     "outside-words", *extra, "shared-heads", "source-order", "paragraph-pin", "governed-after-pin",
                     "adjacent-seams")
    assert names == (*COMMON, *extra, *LAST)


def test_every_stage_is_registered_under_its_own_name_and_describes_itself():
    for name, stage in STAGES.items():
        assert stage.name == name and stage.__doc__
    assert set(stage_names(None)) == set(STAGES)  # no language known: every stage, the rules decide by the text
    assert [s.name for s in STAGES.values() if s.placing] == ["paragraph-pin"]


def test_the_chinese_stage_runs_for_chinese_targets_only():
    pairs = [("In", "在"), ("scope", "范围"), ("status", "状态"), ("Set", "设置"), (".", "。")]
    source, target = "Set the status to <uicontrol>In scope</uicontrol>.", "将状态设置为在范围内。"
    zh = _context(source, target, "zh", pairs)
    assert render_spans(target, Pipeline.for_profile(zh.profiles.trg).spans(zh))[0] == \
        "将状态设置为<uicontrol>在范围内</uicontrol>。"
    without = _context(source, target, "zh", pairs)
    assert render_spans(target, Pipeline([STAGES[n]() for n in (*COMMON, *LAST)]).spans(without))[0] == \
        "将状态设置为<uicontrol>在范围</uicontrol>内。"
    # `project_tags` without languages runs every stage, as before profiles
    assert project_tags(zh.detagged, target, zh.src, zh.trg, zh.links) == "将状态设置为<uicontrol>在范围内</uicontrol>。"


# ------------------------------------------------------------------------------ stages

@pytest.mark.parametrize("lang, source, target", [
    ("de", "Open the file.", "Öffnen Sie die Datei."),
    ("ja", "Open the file.", "ファイルを開きます。"),
    ("zh", "Open the file. Close it.", "打开文件。关闭它。"),
])
def test_a_stage_leaves_a_segment_without_tags_alone(lang, source, target):
    ctx = _context(source, target, lang, [])
    for stage in STAGES.values():
        assert stage().run(ctx, []) == []
    projector = Projector("en", lang, LexiconAligner(LEXICON))
    assert projector.spans(ctx) == [] and projector.placed_spans(ctx) == []
    assert project_batch([detag(source)], [target], "en", lang, LexiconAligner(LEXICON)) == [target]


def test_placed_spans_are_the_spans_before_the_rule_stages():
    # the edge conventions would take the unlinked noun in; placed, the span holds the linked word only
    pairs = [("Select", "Valitse"), ("Save", "tallenna"), ("now", "nyt"), (".", ".")]
    source, target = "Select <b>Save</b> now.", "Valitse tallenna nappi nyt."
    placed = Projector("en", "fi", LexiconAligner(LEXICON)).placed_spans(_context(source, target, "fi", pairs))
    assert render_spans(target, placed)[0] == render_spans(target, place(_context(source, target, "fi", pairs)))[0]
    assert render_spans(target, placed)[0] == "Valitse <b>tallenna</b> nappi nyt."
    # a paragraph's block tags are pinned on their sentences in both
    source, target = "<p>Open the file.</p> <p>Close it.</p>", "Avaa tiedosto. Sulje se."
    pairs = [("Open", "Avaa"), ("file", "tiedosto"), ("Close", "Sulje"), ("it", "se")]
    projector = Projector("en", "fi", LexiconAligner(LEXICON))
    paragraph = _context(source, target, "fi", pairs)
    assert paragraph.paragraph is not None
    assert render_spans(target, projector.placed_spans(paragraph))[0] == \
        render_spans(target, projector.spans(_context(source, target, "fi", pairs)))[0] == \
        "<p>Avaa tiedosto.</p> <p>Sulje se.</p>"


def test_an_untranslated_segment_keeps_its_tags_through_every_path():
    source = "Open <b>the</b> file."
    ctx = _context(source, detag(source).plain, "en", [])
    projector = Projector("en", "en", LexiconAligner(LEXICON))
    assert render_spans(ctx.translation, projector.spans(ctx))[0] == source
    assert render_spans(ctx.translation, projector.placed_spans(ctx))[0] == source


def test_the_context_derives_what_the_stages_share_once():
    ctx = _context("Open <b>the file</b>.", "ファイルを開きます。", "ja", [("file", "ファイル"), ("Open", "開き")])
    assert ctx.trg_kinds == [WordKind(w.kind) for w in ctx.trg] and WordKind.PARTICLE in ctx.trg_kinds
    assert ctx.trg_starts == [w.start for w in ctx.trg] and ctx.src_starts == [w.start for w in ctx.src]
    assert ctx.owners is ctx.owners and set(ctx.owners) == {j for _, j in ctx.links}
    assert ctx.paragraph is None and ctx.profiles.trg.family == "japanese"
    assert _context("Say (hi).", "Sag (hallo).", "de", []).groups == [(4, 10)]


# ------------------------------------------------------------------------------ the config

def _batch():
    examples = _examples()[3:]
    sources = [detag(s) for s, _ in _examples()[:3]]
    plains = [strip(t) for _, t in _examples()[:3]]
    return sources, plains, examples


def test_rerank_off_is_what_the_module_flag_off_gave():
    sources, plains, examples = _batch()
    aligner = LexiconAligner(LEXICON)
    off = project_batch(sources, plains, "en", "fi", aligner, examples=examples, config=ProjectionConfig(rerank=False))
    assert off == project_batch(sources, plains, "en", "fi", aligner, examples=examples, rerank=False)
    assert off == ["Valitse <b>tallenna</b> nappi nyt.", "Sitten valitse <b>tallenna</b> painike tässä.",
                   "<b>Tallenna</b> kuvake nyt."]
    moves = []
    on = project_batch(sources, plains, "en", "fi", aligner, examples=examples,
                       config=ProjectionConfig(on_rerank=lambda *move: moves.append(move)))
    assert on == ["Valitse <b>tallenna nappi</b> nyt.", "Sitten valitse <b>tallenna painike</b> tässä.",
                  "<b>Tallenna kuvake</b> nyt."]
    assert [(text, old, new) for _, text, _, old, new in moves] == [
        (plains[0], (8, 16), (8, 22)), (plains[1], (15, 23), (15, 31)), (plains[2], (0, 8), (0, 15))]
    # the keyword wins over the config's
    assert project_batch(sources, plains, "en", "fi", aligner, examples=examples, rerank=False,
                         config=ProjectionConfig(rerank=True)) == off


def test_sentence_pairs_off_aligns_a_paragraph_whole():
    aligner = RecordingAligner()
    source, target = "Open the <b>file</b> now. Then save the file.", "Avaa tiedosto nyt. Sitten tallenna tiedosto."
    project_batch([detag(source)], [target], "en", "fi", aligner)
    assert len(aligner.seen) == 2
    whole = RecordingAligner()
    project_batch([detag(source)], [target], "en", "fi", whole, config=ProjectionConfig(sentence_pairs=False))
    assert len(whole.seen) == 1


class RecordingAligner(LexiconAligner):
    """Records the lines it is given."""

    def __init__(self) -> None:
        super().__init__({**LEXICON, "file": "tiedosto"})
        self.seen: list[list[str]] = []

    def align(self, src_words, trg_words):
        src_words = [list(s) for s in src_words]
        self.seen.extend(src_words)
        return super().align(src_words, [list(t) for t in trg_words])


def test_a_config_is_frozen_and_the_default_is_what_tagmt_ships():
    config = ProjectionConfig()
    assert config.rerank and config.sentence_pairs and config.on_rerank is None
    with pytest.raises(AttributeError):
        config.rerank = False  # type: ignore[misc]
    assert copy.copy(config) == config
    assert project_spans(_context("Open <b>it</b>.", "Avaa se.", "fi", [("it", "se")]))[0].start == 5


def test_the_architecture_lists_every_stage_in_pipeline_order():
    """docs/architecture.md's "Projection stages in pipeline order" names every stage, the common and last ones in
    the order the pipeline runs them (the reading guide stays true as stages are added)."""
    doc = (Path(__file__).resolve().parents[2] / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = doc.split("### Projection stages in pipeline order", 1)[1].split("\n## ", 1)[0]
    first = {name: section.find(f"`{name}`") for name in STAGES}
    assert [name for name, at in first.items() if at < 0] == []
    for order in (COMMON, LAST):
        assert sorted(order, key=first.__getitem__) == list(order)
