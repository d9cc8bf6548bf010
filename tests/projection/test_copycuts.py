"""A tag inside a token the translation copies cuts the copy where the source cuts it (`copycuts.py`), in
Latin, Japanese and Chinese targets; the rule never changes the text and leaves tags at token edges alone."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.projection.copycuts import cut_copies
from tagmt.projection.render import render_spans
from tagmt.projection.stages import Pipeline

from test_pipeline import _context, projected


def _project(source: str, target: str, lang: str, pairs: list[tuple[str, str]], without: str = "", decide=None
             ) -> str:
    return projected(source, target, lang, pairs, without, decide)


@pytest.mark.parametrize("source, target, lang, pairs, expected", [
    # a subscript inside a copied formula, the copy glued to a German compound by a hyphen
    ("The H<g>2</g>O pilot started.", "Das H2O-Pilotprojekt begann.", "de",
     [("pilot", "Pilotprojekt"), ("started", "begann")], "Das H<g>2</g>O-Pilotprojekt begann."),
    # the tag ends with the token: both edges from the copy, the hyphen stays out
    ("Emissions of CO<g>2</g> fell.", "Die CO2-Emissionen sanken.", "de",
     [("Emissions", "Emissionen"), ("fell", "sanken")], "Die CO<g>2</g>-Emissionen sanken."),
    ("An area of 700 km<sup>2</sup> was protected.", "Une zone de 700 km2 a été protégée.", "fr",
     [("area", "zone"), ("protected", "protégée")], "Une zone de 700 km<sup>2</sup> a été protégée."),
    # a product name cut by the source, copied into Japanese and Chinese (no space around the copy)
    ("Install S<b>/4</b>HANA now.", "今すぐS/4HANAをインストールします。", "ja",
     [("Install", "インストール"), ("now", "今すぐ")], "今すぐS<b>/4</b>HANAをインストールします。"),
    ("Emissions of CO<g>2</g> fell.", "CO2排放量下降了。", "zh",
     [("Emissions", "排放量"), ("fell", "下降")], "CO<g>2</g>排放量下降了。"),
    # the second of two copies, in the source's order
    ("CO2 and CO<g>2</g> again.", "CO2 und CO2 wieder.", "de", [("again", "wieder")],
     "CO2 und CO<g>2</g> wieder."),
])
def test_the_copy_is_cut_where_the_source_cuts_it(source, target, lang, pairs, expected):
    assert _project(source, target, lang, pairs) == expected


@pytest.mark.parametrize("source, target, lang, pairs", [
    # the tag at a token's edge: not this rule's (the word links decide)
    ("Open <b>the file</b> now.", "Öffnen Sie die Datei jetzt.", "de", [("file", "Datei"), ("Open", "Öffnen")]),
    # the token is not copied: nothing to cut
    ("The parity<x/>July row.", "Die Parität Juli Zeile.", "de", [("row", "Zeile")]),
])
def test_tags_at_token_edges_and_uncopied_tokens_are_left_alone(source, target, lang, pairs):
    ctx = _context(source, target, lang, pairs)
    pipeline = Pipeline.for_profile(ctx.profiles.trg)
    without = Pipeline([stage for stage in pipeline.stages if stage.name != "copied-cuts"])
    assert pipeline.spans(ctx) == without.spans(ctx)


_CHUNK = st.text(alphabet="abcXYZ0123", min_size=1, max_size=4)


@settings(max_examples=25, deadline=None)
@given(left=_CHUNK, middle=_CHUNK, right=_CHUNK, lang=st.sampled_from(["de", "ja", "zh"]))
def test_any_cut_token_copied_comes_out_cut_at_the_same_offsets(left, middle, right, lang):
    token = left + middle + right
    source = f"Use {left}<g>{middle}</g>{right} today."
    target = {"de": f"Nutze {token} heute.", "ja": f"今日{token}を使う。", "zh": f"今天使用{token}。"}[lang]
    ctx = _context(source, target, lang, [])
    spans = cut_copies(Pipeline.for_profile(ctx.profiles.trg).spans(ctx), ctx)
    out = render_spans(target, spans)[0]
    assert out.replace("<g>", "").replace("</g>", "") == target  # the text never changes
    assert f"{left}<g>{middle}</g>{right}" in out
