"""Enumerations (issue 21): a projected span takes in no list separator its source tag's text does
not have when the piece beyond it belongs elsewhere (rule 1), and coordinated sibling tags take the
translation's list items in order (rule 2). Hand-made cases in Latin, Japanese, Korean and Chinese
script with links given by hand (no aligner decides), the refusals, a property of rule 1 on random
spans and links (hypothesis), and issue 11's invariants through the whole placement."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.markup import is_well_formed, strip, tokenize
from tagmt.projection import detag, project_tags
from tagmt.projection.context import PairContext
from tagmt.projection.edges import Span
from tagmt.projection.enumerations import Separators, respect_lists, separator_offsets
from tagmt.projection.render import render_spans
from tagmt.projection.wordseg import words_with_offsets

from test_units import links_of


def place(source: str, translation: str, src_lang: str, trg_lang: str, pairs, spans) -> str:
    """`respect_lists` on top-level spans given as target substrings (their first occurrence at
    or after the previous span's end, in source order of the tags), with links given as (source
    word, target word): a text (its first occurrence) or an index."""
    detagged = detag(source)
    src = words_with_offsets(detagged.plain, src_lang, detagged.cuts())
    trg = words_with_offsets(translation, trg_lang)
    links = links_of(pairs, src, trg)
    placed, at = [], 0
    for order, (tag, text) in enumerate(zip(detagged.tags, spans)):
        start = translation.index(text, at)
        placed.append(Span(tag, start, start + len(text), order, False))
        at = start + len(text)
    out = respect_lists(placed, PairContext(detagged, translation, src, trg, links))
    return render_spans(translation, out)[0]


# --------------------------------------------------------------------------- separators


def test_separators_of_every_script_but_not_in_tokens_or_foreign_words():
    text = "A, B、C，D; E；F 1,000 3,5 % f(a,b) 생성·변경 ユーザー・インターフェース l·l"
    found = "".join(text[x] for x in separator_offsets(text))
    assert found == ",、，;；·"
    assert text[separator_offsets(text)[-1] - 2 : separator_offsets(text)[-1] + 3] == "생성·변경"


def test_a_separator_inside_a_group_counts_only_for_a_span_inside_the_group():
    text = "Text (Long, Short), Name"
    seps = Separators(text)
    assert [text[x] for x in seps.within(0, len(text))] == [","]  # the one after the group
    assert seps.within(0, len(text))[0] == text.index("),") + 1
    inner = text.index("Long")
    assert seps.within(inner, text.index(")")) == [text.index(", S")]


# --------------------------------------------------------------------------- rule 1


@pytest.mark.parametrize("source, translation, src_lang, trg_lang, pairs, span, expected", [
    ("Toxicity to <b>Plants</b> and Microorganisms", "식물, 미생물에 대한 독성", "en", "ko",
     [("Plants", "식물"), ("Microorganisms", "미생물"), ("Toxicity", "독성")], "식물, 미생물",
     "<b>식물</b>, 미생물에 대한 독성"),
    ("<b>Acute Toxicity</b> to Fish", "魚、急性毒性", "en", "ja",
     [("Acute", "急性"), ("Toxicity", "毒性"), ("Fish", "魚")], "魚、急性毒性", "魚、<b>急性毒性</b>"),
    ("<b>Name</b> and address", "Nom, adresse", "en", "fr", [("Name", "Nom"), ("address", "adresse")],
     "Nom, adresse", "<b>Nom</b>, adresse"),
    ("<b>Name</b> and address", "名称，地址", "en", "zh", [("Name", "名"), ("Name", "称"), ("address", "地")],
     "名称，地址", "<b>名称</b>，地址"),
])
def test_a_span_drops_a_piece_beyond_a_separator_its_source_lacks(
    source, translation, src_lang, trg_lang, pairs, span, expected
):
    assert place(source, translation, src_lang, trg_lang, pairs, [span]) == expected


@pytest.mark.parametrize("source, translation, trg_lang, pairs, span", [
    # a comma the target's grammar writes, its pieces linked to the tag's own words: kept
    ("<b>Make sure that the values are correct</b>.", "Stellen Sie sicher, dass die Werte korrekt sind.",
     "de", [("Make", "Stellen"), ("sure", "sicher"), ("that", "dass"), ("values", "Werte"),
            ("correct", "korrekt")], "Stellen Sie sicher, dass die Werte korrekt sind"),
    # not separators: a number, a group inside the span
    ("Pay <b>1000 euros</b> now", "Zahlen Sie 1,000 Euro sofort", "de", [("1000", "1,000"), ("euros", "Euro")],
     "1,000 Euro"),
    ("Use <b>Text</b> here", "Utilisez Texte (long, court) ici", "fr", [("Text", "Texte"), ("here", "ici")],
     "Texte (long, court)"),
    # an unlinked piece: nothing says it is another tag's
    ("<b>Name</b> here", "Nom, adresse", "fr", [("Name", "Nom")], "Nom, adresse"),
])
def test_a_separator_is_kept_when_nothing_says_the_piece_is_elsewhere(source, translation, trg_lang, pairs, span):
    expected = translation.replace(span, f"<b>{span}</b>", 1)
    assert place(source, translation, "en", trg_lang, pairs, [span]) == expected


def test_a_separator_the_source_tag_has_stays():
    source = "from <b>Fish, Plants</b> and Microorganisms"
    translation = "魚、植物、微生物から"
    pairs = [("Fish", "魚"), ("Plants", "植物"), ("Microorganisms", "微生物")]
    assert place(source, translation, "en", "ja", pairs, ["魚、植物、微生物"]) == "<b>魚、植物</b>、微生物から"


def test_a_child_is_never_emptied():
    detagged = detag("<b>Name <i>and address</i></b>")
    src = words_with_offsets(detagged.plain, "en", detagged.cuts())
    translation = "Nom, adresse"
    trg = words_with_offsets(translation, "fr")
    (b,) = detagged.tags
    span = Span(b, 0, len(translation), 0, False, [Span(b.children[0], 5, len(translation), 1, False)])
    out = respect_lists([span], PairContext(detagged, translation, src, trg, {(0, 0), (1, 2)}))
    assert render_spans(translation, out)[0] == "<b>Nom, <i>adresse</i></b>"


# --------------------------------------------------------------------------- rule 2


def test_coordinated_siblings_take_the_korean_items_in_order():
    source = ("The <u>Remove</u>, <u>Move Up</u> and <u>Move Down</u> buttons are active.")
    translation = "제거, 위로 이동, 아래로 이동 버튼은 활성입니다."
    pairs = [("Remove", "제거"), ("Up", "위"), ("Move", "이동"), ("Down", "아래"), ("buttons", "버튼"),
             ("active", "활성")]
    out = place(source, translation, "en", "ko", pairs, ["제거", "위", "이동"])
    assert out == "<u>제거</u>, <u>위로 이동</u>, <u>아래로 이동</u> 버튼은 활성입니다."


def test_coordinated_siblings_take_the_japanese_items_without_the_conjunction():
    source = ("from <u>Toxicity to Fish</u>, <u>Toxicity to Plants</u>, and "
              "<u>Toxicity to Microorganisms</u> results")
    translation = "魚に対する毒性、水生植物に対する毒性、および微生物に対する毒性からの結果"
    pairs = [("Fish", "魚"), ("Plants", "植物"), ("and", "および"), ("Microorganisms", "微生物"),
             ("results", "結果"), ("from", "から"), (2, 7)]  # the 2nd `Toxicity` on the 2nd `毒性`
    out = place(source, translation, "en", "ja", pairs, ["魚", "植物に対する毒性、および微生物", "毒性"])
    assert out == ("<u>魚に対する毒性</u>、<u>水生植物に対する毒性</u>、および<u>微生物に対する毒性</u>"
                   "からの結果")


def test_coordinated_siblings_take_the_french_items():
    source = "Columns <b>File name</b>, <b>Folder</b>, <b>Size</b>."
    translation = "Colonnes Nom du fichier, dossier, taille."
    pairs = [("Columns", "Colonnes"), ("File", "fichier"), ("name", "Nom"), ("Folder", "dossier"),
             ("Size", "taille")]
    out = place(source, translation, "en", "fr", pairs, ["Nom", "fichier, dossier", "taille"])
    assert out == "Colonnes <b>Nom du fichier</b>, <b>dossier</b>, <b>taille</b>."


def test_coordinated_siblings_take_the_chinese_items():
    source = "Select <b>Sales</b>, <b>Purchasing</b>, or <b>Finance</b>."
    translation = "选择销售、采购或财务。"
    pairs = [("Select", "选"), ("Sales", "销"), ("Purchasing", "采"), ("Finance", "财")]
    # `或` (or) is not a separator: two separators would be needed for three siblings — refused
    out = place(source, translation, "en", "zh", pairs, ["销", "售、采购", "财务"])
    assert out == "选择<b>销</b><b>售、采购</b>或<b>财务</b>。"
    translation = "选择销售、采购、财务。"
    out = place(source, translation, "en", "zh", pairs, ["销", "售、采购", "财务"])
    assert out == "选择<b>销售</b>、<b>采购</b>、<b>财务</b>。"


def test_a_word_linked_to_the_source_conjunction_delimits_an_item():
    """German writes `und` before the last item, as English writes `and`: linked to it, it
    delimits the items as a separator does."""
    source = "Enter <b>Name</b>, <b>Street</b> and <b>City</b>."
    translation = "Geben Sie Name, Straße und Wohnort ein."
    pairs = [("Enter", "Geben"), ("Name", "Name"), ("Street", "Straße"), ("and", "und"), ("City", "Wohnort")]
    out = place(source, translation, "en", "de", pairs, ["Name", "Straße und", "Wohnort"])
    assert out == "Geben Sie <b>Name</b>, <b>Straße</b> und <b>Wohnort</b> ein."


@pytest.mark.parametrize("source, translation, trg_lang, pairs, spans", [
    # another number of items than siblings (`und` not linked to `and`)
    ("<b>Name</b>, <b>Street</b> and <b>City</b>", "Name, Straße und Ort", "de",
     [("Name", "Name"), ("Street", "Straße"), ("City", "Ort")], ["Name", "Straße", "und Ort"]),
    # the translation reordered the list: the links say so
    ("<b>Fish</b>, <b>Plants</b>", "植物、魚", "ja", [("Fish", "魚"), ("Plants", "植物")], ["植物、", "魚"]),
    # a phrase linked outside the siblings lies in an item
    ("Select <b>Save</b> and <b>Close</b>", "Save를 선택하고, Close", "ko",
     [("Save", "Save"), ("Close", "Close"), ("Select", "선택")], ["Save를 선택하고", "Close"]),
])
def test_coordination_is_refused(source, translation, trg_lang, pairs, spans):
    detagged = detag(source)
    expected, at = [], 0
    for text in spans:
        start = translation.index(text, at)
        expected.append((start, start + len(text)))
        at = start + len(text)
    out = place(source, translation, "en", trg_lang, pairs, spans)
    rendered = translation
    for (a, b), tag in sorted(zip(expected, detagged.tags), key=lambda e: -e[0][0]):
        rendered = rendered[:a] + tag.open + rendered[a:b] + tag.close + rendered[b:]
    assert out == rendered


def test_the_hook_runs_in_the_placement():
    """Through `project_tags` (the whole placement, default conventions)."""
    source = "The <u>Remove</u>, <u>Move Up</u> and <u>Move Down</u> buttons are active."
    detagged = detag(source)
    translation = "제거, 위로 이동, 아래로 이동 버튼은 활성입니다."
    src = words_with_offsets(detagged.plain, "en", detagged.cuts())
    trg = words_with_offsets(translation, "ko")
    index = {w.text: k for k, w in reversed(list(enumerate(src)))}
    links = {(index["Remove"], 0), (index["Up"], 2), (index["Down"], 6), (index["buttons"], 9),
             (index["active"], 11), (4, 4), (7, 8)}  # each `Move` on its own `이동`
    out = project_tags(detagged, translation, src, trg, links)
    assert out == "<u>제거</u>, <u>위로 이동</u>, <u>아래로 이동</u> 버튼은 활성입니다."


# --------------------------------------------------------------------------- properties

PIECES = ["ab", "cd", "魚", "植物", "독성", "1,000", ",", "、", "，", ";", "(", ")", "「", "」", "・", "x.y"]


@st.composite
def texts(draw, min_size: int = 1) -> str:
    parts = draw(st.lists(st.sampled_from(PIECES), min_size=min_size, max_size=14))
    gaps = draw(st.lists(st.sampled_from(["", " "]), min_size=len(parts), max_size=len(parts)))
    return "".join(p + s for p, s in zip(parts, gaps))


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_rule_1_a_span_keeps_no_separator_beyond_what_its_links_allow(data):
    """A span, after rule 1, lies inside the placed one, keeps text, and either holds no more
    separators (outside groups and tokens) than its source tag's text, or each piece beyond its
    outermost separators has no more link mass from outside the tag than from it (or could not go
    without emptying the span)."""
    source = data.draw(st.sampled_from(["<b>ab cd</b> ef gh", "<b>ab, cd</b> ef", "ab <b>cd</b>, ef, gh"]))
    detagged = detag(source)
    src = words_with_offsets(detagged.plain, "en", detagged.cuts())
    text = data.draw(texts())
    trg = words_with_offsets(text, "ja")
    start = data.draw(st.integers(0, len(text) - 1))
    end = data.draw(st.integers(start + 1, len(text)))
    if not text[start:end].strip() or not trg:
        return
    pairs = [(i, j) for i in range(len(src)) for j in range(len(trg))]
    links = set(data.draw(st.lists(st.sampled_from(pairs), max_size=10)))
    (tag,) = detagged.tags
    span = Span(tag, start, end, 0, False)
    respect_lists([span], PairContext(detagged, text, src, trg, links))
    assert start <= span.start < span.end <= end and text[span.start : span.end].strip()
    allowed = len(Separators(detagged.plain).within(tag.start, tag.end))
    seps = Separators(text).within(span.start, span.end)
    if len(seps) <= allowed:
        return
    own = {i for i, w in enumerate(src) if tag.start <= w.start and w.end <= tag.end}

    def entitled(a: int, b: int) -> bool:
        inside = sum(1 for i, j in links if a <= trg[j].start and trg[j].end <= b and i in own)
        outside = sum(1 for i, j in links if a <= trg[j].start and trg[j].end <= b and i not in own)
        return outside <= inside or not text[a:b].strip()

    left = text[seps[0] + 1 : span.end].strip()
    right = text[span.start : seps[-1]].strip()
    assert (entitled(span.start, seps[0]) or not left) and (entitled(seps[-1] + 1, span.end) or not right)


@st.composite
def listed(draw) -> str:
    items = draw(st.lists(st.sampled_from(["Fish", "Plants", "x.y", "a b"]), min_size=2, max_size=5))
    name = draw(st.sampled_from(["u", "b"]))
    gaps = draw(st.lists(st.sampled_from([", ", ", and ", " and ", "、", "; "]), min_size=len(items),
                         max_size=len(items)))
    return "".join(f"<{name}>{item}</{name}>{gap}" for item, gap in zip(items, gaps)).rstrip(", ;、")


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_invariants_hold_with_lists(data):
    """Issue 11's invariants with coordinated tags and separators in the translation: the text
    comes back, every tag is there once, the output is well formed."""
    source = data.draw(listed())
    translation = data.draw(texts(min_size=0))
    detagged = detag(source)
    src = words_with_offsets(detagged.plain, "en", detagged.cuts())
    trg = words_with_offsets(translation, data.draw(st.sampled_from(["ja", "ko", "de"])))
    pairs = [(i, j) for i in range(len(src)) for j in range(len(trg))]
    links = set(data.draw(st.lists(st.sampled_from(pairs), max_size=10))) if pairs else set()
    output = project_tags(detagged, translation, src, trg, links)
    assert strip(output) == translation
    assert Counter(t.text for t in tokenize(output) if t.is_markup) == Counter(
        t.text for t in tokenize(source) if t.is_markup)
    assert is_well_formed(tokenize(output))
