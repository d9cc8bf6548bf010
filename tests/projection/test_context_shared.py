"""Placing, the edge rules and the paragraph rules read what the pair's context (`context.PairContext`) holds —
word offsets, dictionary pieces, groups, edge units, the target profile — instead of recomputing it or guessing
the language from the script; with no context they compute it as before."""

from __future__ import annotations

from tagmt.projection import context as context_module
from tagmt.projection import beads as beads_module
from tagmt.projection import edges as edges_module
from tagmt.projection.context import PairContext, Profiles
from tagmt.projection.conventions import default_decision
from tagmt.projection.inside_outside import _Projector
from tagmt.projection.paragraphs import paragraph_of
from tagmt.projection.stages import Pipeline

from test_pipeline import _context


def _counting(monkeypatch, module, name: str) -> list:
    """`module.name` wrapped to record its calls: the first argument of each (the text it reads)."""
    calls: list = []
    original = getattr(module, name)

    def counted(*args, **kwargs):
        calls.append(args[0] if args else None)
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls


HEADING = ("<p>Create Work Pack</p> <p>Create a work pack.</p>", "作業パッケージ登録作業パッケージを登録します。",
           [("Create", "登録"), ("Work", "作業"), ("Pack", "パッケージ")])
"""A heading without a full stop and its sentence, one target sentence: a bead of two units that is split."""


def _heading() -> PairContext:
    source, target, pairs = HEADING
    return _context(source, target, "ja", pairs)


def test_the_shared_data_is_computed_once_per_pair_over_a_pipeline_run(monkeypatch):
    ctx = _heading()
    own = {name: _counting(monkeypatch, context_module, name) for name in ("dictionary_pieces", "groups_of",
                                                                           "units_of")}
    again = {name: _counting(monkeypatch, beads_module, name) for name in ("dictionary_pieces", "groups_of")}
    again["units_of"] = _counting(monkeypatch, edges_module, "units_of")
    Pipeline.for_profile(ctx.profiles.trg).spans(ctx)
    bead = ctx.paragraph.beads[0] if ctx.paragraph is not None else None
    assert bead is not None and bead.src == (0, 2) and bead.trg == (0, 1)  # (a bead split: it read them)
    # once per text: the translation's pieces and edge units; the groups of the translation and of the source
    assert own["dictionary_pieces"] == [ctx.translation] and own["units_of"] == [ctx.translation]
    assert sorted(own["groups_of"]) == sorted({ctx.translation, ctx.plain} & set(own["groups_of"]))
    assert ctx.translation in own["groups_of"]
    assert {name: len(calls) for name, calls in again.items()} == {"dictionary_pieces": 0, "groups_of": 0,
                                                                    "units_of": 0}
    assert ctx.paragraph._src_starts is ctx.src_starts and ctx.paragraph._trg_starts is ctx.trg_starts


def test_without_a_context_the_rules_compute_the_same_data_themselves():
    ctx = _heading()
    alone = paragraph_of(ctx.detagged, ctx.translation, ctx.src, ctx.trg, ctx.links, ctx.weights)
    shared = ctx.paragraph
    assert alone is not None and shared is not None
    assert alone._src_starts == shared._src_starts and alone._trg_starts == shared._trg_starts
    assert alone.parts == shared.parts and alone._whole_words() == shared._whole_words()
    assert ctx.edge_context.units == edges_module.units_of(ctx.translation, ctx.trg)


def _with_target(ctx: PairContext, trg_lang: str | None) -> PairContext:
    """The same pair with another target profile (None: no languages known)."""
    profiles = None if trg_lang is None else Profiles.of("en", trg_lang)
    return PairContext(ctx.detagged, ctx.translation, ctx.src, ctx.trg, ctx.links, None, default_decision, profiles)


def test_a_bead_split_keeps_a_run_of_hangul_whole_in_korean_as_the_profile_says():
    ctx = _context("<p>Export</p> <p>Export the file.</p>", "엑스포트 파일을 엑스포트합니다.", "ko",
                   [("Export", "엑스포트"), ("file", "파일")])
    inside = 1  # (between `엑` and `스포트`)
    for lang, whole in (("ko", True), (None, True), ("de", False)):
        shared = _with_target(ctx, lang)
        paragraph = paragraph_of(shared.detagged, shared.translation, shared.src, shared.trg, shared.links,
                                 ctx=shared)
        assert paragraph is not None
        assert (inside in paragraph._whole_words()) is whole, lang
        assert paragraph._family() == (None if lang is None else shared.profiles.trg.family)


def test_the_one_kanji_echo_rule_reads_the_japanese_profile_of_a_translation_in_kanji_alone():
    ctx = _context("the <b>A</b> and <b>B</b> columns", "甲列乙列", "ja", [("A", "甲"), ("B", "乙"), ("columns", "列")])
    text_only = _Projector(ctx.detagged, ctx.src, ctx.trg, ctx.links, len(ctx.translation))
    assert not text_only.japanese  # (no kana: the script alone does not tell Japanese)
    assert _Projector(ctx.detagged, ctx.src, ctx.trg, ctx.links, len(ctx.translation), None, ctx).japanese
    assert not _Projector(ctx.detagged, ctx.src, ctx.trg, ctx.links, len(ctx.translation), None,
                          _with_target(ctx, "zh")).japanese
