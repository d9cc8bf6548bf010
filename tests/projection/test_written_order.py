"""The weaker source-order evidence (`conventions.observe_written_order`, `WRITTEN_ORDER_KEY`): where too few examples
reorder their words for the direct evidence, ten or more examples with interchangeable tags, every one written in the
source's order, keep the source's order; one reordered example, or too few, do not. French, German and Hungarian."""

from __future__ import annotations

import pytest

from tagmt.projection import detag, project_batch
from tagmt.projection.conventions import (
    ORDER_KEY, WRITTEN_MIN_CASES, WRITTEN_ORDER_KEY, Conventions, observe_written_order,
)

from test_conventions import LexiconAligner

NOUNS = [("plan", "Plan"), ("report", "Bericht"), ("list", "Liste"), ("text", "Text"), ("table", "Tabelle"),
         ("rule", "Regel"), ("file", "Datei"), ("page", "Seite"), ("note", "Notiz"), ("form", "Formular"),
         ("view", "Ansicht")]


def _examples(n: int, reordered: int = 0) -> list[tuple[str, str]]:
    """`n` examples with two `<g>` tags whose words keep their order; the first `reordered` of them written with the
    ids the other way round."""
    out = []
    for k, (noun, word) in enumerate(NOUNS[:n]):
        ids = ("2", "1") if k < reordered else ("1", "2")
        out.append((f'The <g id="1">new</g> <g id="2">{noun}</g>.',
                    f'Der <g id="{ids[0]}">neue</g> <g id="{ids[1]}">{word}</g>.'))
    return out


def _learned(examples: list[tuple[str, str]]) -> Conventions:
    conventions = Conventions()
    for source, reference in examples:
        observe_written_order(conventions, detag(source), detag(reference))
    return conventions


def test_ten_examples_in_the_source_order_and_none_reordered_keep_the_order():
    assert WRITTEN_MIN_CASES == 10
    assert _learned(_examples(10)).keeps_source_order()
    assert not _learned(_examples(9)).keeps_source_order()  # too few
    assert not _learned(_examples(11, reordered=1)).keeps_source_order()  # one reference follows other words


def test_the_direct_evidence_decides_where_it_has_cases():
    conventions = _learned(_examples(11))
    conventions.wrong[ORDER_KEY] = 2  # two examples whose words reorder follow their words
    assert not conventions.keeps_source_order()


def test_tags_written_alike_or_unlike_beyond_ids_are_no_evidence():
    conventions = Conventions()
    for k in range(12):
        observe_written_order(conventions, detag("<b>a</b> <b>b</b>"), detag("<b>x</b> <b>y</b>"))
        observe_written_order(conventions, detag("<b>a</b> <i>b</i>"), detag("<i>y</i> <b>x</b>"))
    assert conventions.right[WRITTEN_ORDER_KEY] == conventions.wrong[WRITTEN_ORDER_KEY] == 0


WORDS = {"annual": "annuel", "report": "rapport", "the": "le", "new": "neue", "relatively": "relativement",
         "growth": "croissance", "important": "fontos", "factors": "tényezők", "authorities": "hatóságok",
         **{noun: word.lower() for noun, word in NOUNS}}


def test_a_projection_keeps_the_source_order_on_the_weaker_evidence():
    examples = _examples(10)
    for lang, source, translation, expected in [
        ("fr", 'The <g id="1">annual</g> <g id="2">report</g>.', "Le rapport annuel.",
         'Le <g id="1">rapport</g> <g id="2">annuel</g>.'),
        ("fr", 'The <g id="1">relatively</g> low <g id="2">growth</g>.', "La croissance relativement faible.",
         'La <g id="1">croissance</g> <g id="2">relativement</g> faible.'),
        ("hu", 'Other <g id="1">factors</g> of the <g id="2">authorities</g>.', "A hatóságok egyéb tényezők.",
         'A <g id="1">hatóságok</g> egyéb <g id="2">tényezők</g>.'),
    ]:
        out = project_batch([detag(source)], [translation], "en", lang, LexiconAligner(WORDS), examples=examples)
        assert out[0] == expected
        # one reordered reference among the examples: the tags follow the words
        out = project_batch([detag(source)], [translation], "en", lang, LexiconAligner(WORDS),
                            examples=_examples(11, reordered=1))
        assert out[0] != expected


@pytest.mark.parametrize("lang, source, translation, expected", [
    ("ru", 'The <g id="1">company</g> <g id="2">report</g>.', "Отчёт компании.",
     '<g id="1">Отчёт</g> <g id="2">компании</g>.'),
    ("ja", 'The <g id="1">report</g> of the <g id="2">company</g>.', "会社の報告書。",
     '<g id="1">会社</g>の<g id="2">報告書</g>。'),
    ("ko", 'The <g id="1">report</g> of the <g id="2">company</g>.', "회사의 보고서.",
     '<g id="1">회사</g>의 <g id="2">보고서</g>.'),
])
def test_cyrillic_japanese_and_korean_genitives_keep_the_source_order(lang, source, translation, expected):
    lexicon = {"company": {"ru": "компании", "ja": "会社", "ko": "회사"}[lang],
               "report": {"ru": "отчёт", "ja": "報告", "ko": "보고서"}[lang]}
    out = project_batch([detag(source)], [translation], "en", lang, LexiconAligner(lexicon), examples=_examples(10))
    assert out[0] == expected
    follows = project_batch([detag(source)], [translation], "en", lang, LexiconAligner(lexicon))[0]
    assert follows == expected.replace('id="1"', 'id="x"').replace('id="2"', 'id="1"').replace('id="x"', 'id="2"')
