"""Sentences the full stops do not mark (`paragraphs._point_edges`): a point tag that opens a sentence after
a colon or at the end of a line without a full stop is a unit boundary of the source, and goes to the edge
of its counterpart; hand-made links, Latin, Cyrillic, Hangul and CJK targets."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.markup import strip
from tagmt.projection.detag import detag
from tagmt.projection.beads import _point_edges

from test_paragraphs import project

COLON = 'Shipments: <bx id="3"/>Extreme poverty is falling.'


@pytest.mark.parametrize("trg, translation, pairs, expected", [
    # the source's `Extreme` is linked to the target's second word: the point goes to the sentence start
    ("de", "Verbringungen: Die extreme Armut geht zurück.",
     [("Shipments", "Verbringungen"), ("Extreme", "extreme"), ("poverty", "Armut"), ("falling", "zurück")],
     'Verbringungen: <bx id="3"/>Die extreme Armut geht zurück.'),
    ("ru", "Перевозки: Сегодня крайняя бедность сокращается.",
     [("Shipments", "Перевозки"), ("Extreme", "крайняя"), ("poverty", "бедность"), ("falling", "сокращается")],
     'Перевозки: <bx id="3"/>Сегодня крайняя бедность сокращается.'),
    ("ko", "운송: 극심한 빈곤이 줄고 있습니다.",
     [("Shipments", "운송"), ("Extreme", "빈곤"), ("poverty", "빈곤"), ("falling", "줄")],
     '운송: <bx id="3"/>극심한 빈곤이 줄고 있습니다.'),
    ("ja", "出荷：現在極度の貧困は減少しています。",
     [("Shipments", "出荷"), ("Extreme", "極度"), ("poverty", "貧困"), ("falling", "減少")],
     '出荷：<bx id="3"/>現在極度の貧困は減少しています。'),
])
def test_a_point_after_a_colon_opens_the_counterpart_of_its_sentence(trg, translation, pairs, expected):
    assert project(COLON, translation, pairs, trg=trg) == expected


NO_STOP = 'People are at the centre of the transition<ex id="2"/> Austria estimates a decrease.'


@pytest.mark.parametrize("trg, translation, pairs, expected", [
    # a line without a full stop, its point against its end: the translation's sentence ends later
    ("de", "Der Mensch sollte im Mittelpunkt des Wandels stehen. Österreich geht von einem Rückgang aus.",
     [("People", "Mensch"), ("centre", "Mittelpunkt"), ("transition", "Wandels"), ("Austria", "Österreich"),
      ("decrease", "Rückgang")],
     'Der Mensch sollte im Mittelpunkt des Wandels stehen.<ex id="2"/> Österreich geht von einem Rückgang aus.'),
    ("ru", "Люди должны быть в центре перехода. Австрия ожидает снижения.",
     [("People", "Люди"), ("centre", "центре"), ("transition", "перехода"), ("Austria", "Австрия"),
      ("decrease", "снижения")],
     'Люди должны быть в центре перехода.<ex id="2"/> Австрия ожидает снижения.'),
    ("ja", "人々は移行の中心にいるべきです。オーストリアは減少を見込んでいます。",
     [("People", "人々"), ("centre", "中心"), ("transition", "移行"), ("Austria", "オーストリア"), ("decrease", "減少")],
     '人々は移行の中心にいるべきです。<ex id="2"/>オーストリアは減少を見込んでいます。'),
])
def test_a_point_against_a_line_without_full_stop_goes_to_its_counterparts_end(trg, translation, pairs, expected):
    assert project(NO_STOP, translation, pairs, trg=trg) == expected


@pytest.mark.parametrize("source, edges", [
    (COLON, [11]),
    (NO_STOP, [42]),
    ('Choose <x id="1"/>Save to keep it.', []),  # after a word and a space: an inline code, no unit
    ('Click <x id="1"/> Save to keep it.', []),  # whitespace on both sides
    ('Click<x id="1"/>Save.', []),  # on none
    ('Open it<x id="1"/> now.', []),  # no capital after it
    ('Note: <x id="1"/>«save» it.', []),  # an opening mark, then no capital
    ('Note: <x id="1"/>«Save it».', [6]),
    ('Note: <x id="1"/>保存します。', []),  # a script without case gives no sentence start
    ('<x id="1"/> Save it.', []),  # at the segment's start
    ('Save: <g id="1">All</g> files.', []),  # a span tag is no point
])
def test_point_edges(source, edges):
    assert _point_edges(detag(source)) == edges


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["Save", "it", "the", "Files", ":", ";", ".", " ", '<x id="1"/>', "«", "保存"]),
                max_size=14))
def test_point_edges_are_points_before_an_upper_case_letter(pieces):
    source = "".join(pieces)
    detagged = detag(source)
    points = {t.start for t in detagged.walk() if t.start == t.end}
    text = detagged.plain
    for x in _point_edges(detagged):
        assert x in points and 0 < x < len(text)
        assert text[x - 1].isspace() != text[x].isspace()
        assert text[x:].lstrip(" «").strip()[:1].isupper()
    assert strip(source) == text


ITEMS = '<g id="1">Achieving productivity requires a strategy.</g> <g id="2">Acknowledgement of receipt of application;</g>'


@pytest.mark.parametrize("trg, translation, pairs, expected", [
    # the translation begins the second item in lower case after the first one's full stop, in one target
    # sentence: the full stop stays the first item's, and the item may begin with a lower-case word there
    ("fr", "L’augmentation de la productivité nécessite une stratégie. accusé de réception de la demande;",
     [("productivity", "productivité"), ("requires", "nécessite"), ("strategy", "stratégie"),
      ("Acknowledgement", "accusé"), ("receipt", "réception"), ("application", "demande")],
     '<g id="1">L’augmentation de la productivité nécessite une stratégie.</g> '
     '<g id="2">accusé de réception de la demande;</g>'),
    ("hu", "A termelékenység növeléséhez stratégiára van szükség. a kérelem átvételének elismerése;",
     [("productivity", "termelékenység"), ("requires", "szükség"), ("strategy", "stratégiára"),
      ("Acknowledgement", "elismerése"), ("receipt", "átvételének"), ("application", "kérelem")],
     '<g id="1">A termelékenység növeléséhez stratégiára van szükség.</g> '
     '<g id="2">a kérelem átvételének elismerése;</g>'),
    ("ru", "Для роста производительности нужна стратегия. подтверждение получения заявки;",
     [("productivity", "производительности"), ("requires", "нужна"), ("strategy", "стратегия"),
      ("Acknowledgement", "подтверждение"), ("receipt", "получения"), ("application", "заявки")],
     '<g id="1">Для роста производительности нужна стратегия.</g> <g id="2">подтверждение получения заявки;</g>'),
    ("ja", "生産性の向上には戦略が必要です、申請の受領確認；",
     [("productivity", "生産性"), ("requires", "必要"), ("strategy", "戦略"), ("Acknowledgement", "確認"),
      ("receipt", "受領"), ("application", "申請")],
     '<g id="1">生産性の向上には戦略が必要です、</g><g id="2">申請の受領確認；</g>'),
])
def test_an_item_begins_after_the_stop_that_ends_the_one_before(trg, translation, pairs, expected):
    assert project(ITEMS, translation, pairs, trg=trg) == expected


def test_an_item_still_begins_with_a_capital_where_no_stop_precedes():
    # (the rule of test_paragraphs.test_an_item_without_a_stop_begins_with_a_capital_in_a_cased_translation
    # holds: only a stop before a lower-case word lifts it)
    source = "<ul><li>It remains unfinished</li> <li>Completing the union helps</li></ul>"
    out = project(source, "Sie ist noch nicht vollendet Die Vollendung der Union hilft",
                  [("It", "Sie"), ("remains", "ist"), ("unfinished", "nicht"), ("Completing", "vollendet"),
                   ("Completing", "Vollendung"), ("union", "Union"), ("helps", "hilft")])
    assert out == "<ul><li>Sie ist noch nicht vollendet</li> <li>Die Vollendung der Union hilft</li></ul>"


def test_the_units_points_open_are_found_in_linear_work():
    from tagmt.projection.paragraphs import paragraph_of
    from tagmt.projection.wordseg import words_with_offsets

    from test_linear_scaling import assert_linear, lines_run

    counts = []
    for n in (100, 200, 400):
        source = " ".join(f'Item{k} is: <x id="{k}"/>Next{k} follows here' for k in range(n))
        detagged = detag(source)
        text = " ".join(f"Punkt{k} ist: Next{k} folgt hier" for k in range(n))
        src = words_with_offsets(detagged.plain, "en", detagged.cuts())
        trg = words_with_offsets(text, "de")
        links = {(i, j) for i, j in zip(range(len(src)), range(len(trg))) if src[i].text[:4] != "Item"}
        count, paragraph = lines_run(paragraph_of, detagged, text, src, trg, links)
        assert len(paragraph.src_sentences) == n + 1  # every point opens a unit
        counts.append(count)
    assert_linear(counts)  # doubling the points: ×4 when quadratic


LIST = ('<g id="1">the authority designated to grant it;</g> <g id="2">the authority had to examine the label;</g> '
        '<g id="3">the examination of entitlements;</g>')


@pytest.mark.parametrize("trg, translation, pairs, expected", [
    # `examine` and `examination` linked across the items: the links alone cut before the verb; each source
    # item ends with a stop, and the translation writes one for each: the cuts go after them
    ("de", "die für die Erteilung zuständige Behörde; Die Behörde musste das Etikett prüfen. die Prüfung der Forderungen;",
     [("authority", "Behörde"), ("designated", "zuständige"), ("grant", "Erteilung"), ("label", "Etikett"),
      ("examine", "Prüfung"), ("examination", "prüfen"), ("entitlements", "Forderungen")],
     '<g id="1">die für die Erteilung zuständige Behörde;</g> <g id="2">Die Behörde musste das Etikett prüfen.</g> '
     '<g id="3">die Prüfung der Forderungen;</g>'),
    ("ru", "орган, уполномоченный выдать его; орган должен был проверить этикетку. проверка прав;",
     [("authority", "орган"), ("designated", "уполномоченный"), ("grant", "выдать"), ("label", "этикетку"),
      ("examine", "проверка"), ("examination", "проверить"), ("entitlements", "прав")],
     '<g id="1">орган, уполномоченный выдать его;</g> <g id="2">орган должен был проверить этикетку.</g> '
     '<g id="3">проверка прав;</g>'),
    ("ja", "それを付与する権限のある当局；当局はラベルを確認する必要がありました；権利の検査；",
     [("authority", "当局"), ("designated", "権限"), ("grant", "付与"), ("label", "ラベル"), ("examine", "検査"),
      ("examination", "確認"), ("entitlements", "権利")],
     '<g id="1">それを付与する権限のある当局；</g><g id="2">当局はラベルを確認する必要がありました；</g>'
     '<g id="3">権利の検査；</g>'),
])
def test_items_that_end_with_a_stop_end_at_the_translations_stops(trg, translation, pairs, expected):
    assert project(LIST, translation, pairs, trg=trg) == expected


def test_too_few_stops_in_the_translation_leave_the_cut_to_the_links():
    # three items ending with `;` written with one stop: no cut is forced (the links cut as before)
    out = project(LIST, "die zuständige Behörde, die Behörde musste das Etikett prüfen, die Prüfung der Forderungen;",
                  [("authority", "Behörde"), ("designated", "zuständige"), ("label", "Etikett"),
                   ("examine", "prüfen"), ("examination", "Prüfung"), ("entitlements", "Forderungen")])
    assert strip(out) == "die zuständige Behörde, die Behörde musste das Etikett prüfen, die Prüfung der Forderungen;"
    assert out.count("<g ") == 3 and '<g id="3">die Prüfung der Forderungen;</g>' in out


@pytest.mark.parametrize("trg, source, translation, pairs, expected", [
    # the source writes a space between the blocks and one inside the second; the translation has one
    # space: the one between the sentences, outside both (Latin, Cyrillic, CJK)
    ("hu", '<g id="1">Moldova and Ukraine.</g> <g id="2"> Figures cover Africa.</g>',
     "Moldova és Ukrajna. Az adatok Afrikára vonatkoznak.",
     [("Moldova", "Moldova"), ("Ukraine", "Ukrajna"), ("Figures", "adatok"), ("Africa", "Afrikára"),
      ("cover", "vonatkoznak")],
     '<g id="1">Moldova és Ukrajna.</g> <g id="2">Az adatok Afrikára vonatkoznak.</g>'),
    ("ru", '<g id="1">Moldova and Ukraine. </g> <g id="2">Figures cover Africa.</g>',
     "Молдова и Украина. Данные охватывают Африку.",
     [("Moldova", "Молдова"), ("Ukraine", "Украина"), ("Figures", "Данные"), ("Africa", "Африку"),
      ("cover", "охватывают")],
     '<g id="1">Молдова и Украина.</g> <g id="2">Данные охватывают Африку.</g>'),
    ("ja", '<g id="1">Moldova and Ukraine.</g> <g id="2"> Figures cover Africa.</g>',
     "モルドバとウクライナ。 数字はアフリカを対象としています。",
     [("Moldova", "モルドバ"), ("Ukraine", "ウクライナ"), ("Figures", "数字"), ("Africa", "アフリカ"), ("cover", "対象")],
     '<g id="1">モルドバとウクライナ。</g> <g id="2">数字はアフリカを対象としています。</g>'),
    # two spaces in the translation: the block takes the one its source encloses
    ("de", '<g id="1">Moldova and Ukraine.</g> <g id="2"> Figures cover Africa.</g>',
     "Moldau und Ukraine.  Die Zahlen betreffen Afrika.",
     [("Moldova", "Moldau"), ("Ukraine", "Ukraine"), ("Figures", "Zahlen"), ("Africa", "Afrika"),
      ("cover", "betreffen")],
     '<g id="1">Moldau und Ukraine.</g> <g id="2"> Die Zahlen betreffen Afrika.</g>'),
])
def test_the_space_between_two_blocks_stays_outside_before_a_block_takes_its_own(trg, source, translation, pairs,
                                                                                   expected):
    assert project(source, translation, pairs, trg=trg) == expected
