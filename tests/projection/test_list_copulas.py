"""A list item sheds the copula written onto its last noun (`enumerations._Lists.predicate`, `Profile.copulas`):
`<t>MKTG</t>라는 노드` for `nodes <t>PROD</t>, <t>SALES</t>, and <t>MKTG</t>` — in Hangul (the copula `라는`, `이라는`),
Japanese (the quoting particle `という`, shed as a particle already) and Latin (German: no copula is written onto a
noun, nothing to shed); a property test."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from tagmt.markup import strip
from tagmt.projection import detag, project_tags
from tagmt.projection.context import Profiles
from tagmt.projection.wordseg import words_with_offsets

T = "sap-technical-name"
SOURCE = f"The nodes <{T}>PROD</{T}>, <{T}>SALES</{T}>, and <{T}>MKTG</{T}> generate four IDs."


def project(translation: str, pairs, lang: str, source: str = SOURCE, weak=()) -> str:
    """`pairs`: (source word, target word) texts to link, each occurrence; `weak`: such pairs linked weakly (a
    confidence of 0.3, as the aligner's weak links: `confidence.py`)."""
    d = detag(source)
    src = words_with_offsets(d.plain, "en", d.cuts())
    trg = words_with_offsets(translation, lang)

    def linked(pairs):
        return [(i, j) for s, t in pairs for i, a in enumerate(src) if a.text == s
                for j, b in enumerate(trg) if b.text == t]

    weights = {**dict.fromkeys(linked(pairs), 1.0), **dict.fromkeys(linked(weak), 0.3)}
    return project_tags(d, translation, src, trg, linked(pairs), weights=weights, profiles=Profiles.of("en", lang))


CODES = [("PROD", "PROD"), ("SALES", "SALES"), ("MKTG", "MKTG")]


def wrapped(text: str, *codes: str) -> str:
    for code in codes or ("PROD", "SALES", "MKTG"):
        text = text.replace(code, f"<{T}>{code}</{T}>", 1)
    return text


def test_korean_item_sheds_the_quoting_copula():
    text = "PROD, SALES, MKTG라는 노드가 4개의 ID를 생성합니다."
    pairs = [*CODES, ("nodes", "노드"), ("generate", "생성"), ("IDs", "ID"), ("four", "4")]
    out = project(text, pairs, "ko", weak=[("MKTG", "라는")])  # (the aligner's weak guess: the code's copula)
    assert out == wrapped(text)
    assert strip(out) == text


def test_korean_item_sheds_the_copula_and_its_ending():
    source = f"The systems <{T}>Billing</{T}>, <{T}>Sales</{T}>, and <{T}>Stock</{T}> run."
    text = "청구, 영업, 재고품이라는 시스템이 실행됩니다."
    pairs = [("Billing", "청구"), ("Sales", "영업"), ("Stock", "재고"), ("Stock", "품"), ("Stock", "재고품"),
             ("run", "실행"), ("systems", "시스템")]
    out = project(text, pairs, "ko", source, weak=[("Stock", "이"), ("Stock", "라는")])
    assert out == f"<{T}>청구</{T}>, <{T}>영업</{T}>, <{T}>재고품</{T}>이라는 시스템이 실행됩니다."


def test_japanese_and_german_items_end_on_their_nouns():
    ja = "PROD、SALES、MKTGというノードで4個のIDが生成されます。"
    assert project(ja, [*CODES, ("nodes", "ノード"), ("generate", "生成")], "ja", weak=[("MKTG", "という")]) \
        == wrapped(ja)
    de = "Die Knoten PROD, SALES und MKTG erzeugen vier IDs."
    assert project(de, [*CODES, ("nodes", "Knoten"), ("generate", "erzeugen"), ("and", "und")], "de") == wrapped(de)


@settings(max_examples=40, deadline=None)
@given(tail=st.sampled_from(["라는 노드", "이라는 노드", "입니다", "라고 합니다", "의 노드", " 노드"]),
       lang=st.sampled_from(["ko", "ja", "de"]))
def test_text_never_changes_and_tags_stay_whole(tail, lang):
    text = f"PROD, SALES, MKTG{tail}."
    out = project(text, CODES, lang, weak=[("MKTG", w) for w in ("라는", "이", "라고", "입니다")])
    assert strip(out) == text
    assert out.count(f"<{T}>") == out.count(f"</{T}>") == 3
    assert f"<{T}>MKTG" in out
