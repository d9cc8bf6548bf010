"""Point tags (self-closing tags, comments, empty elements) and whitespace at tag edges: hand-made
cases with known answers for each rule, in more than one script, and properties of point positions
on random segments (hypothesis)."""

from __future__ import annotations

import codecs

from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.markup import strip, tokenize
from tagmt.projection import detag, project_tags
from tagmt.projection.conventions import default_decision
from tagmt.projection.wordseg import words_with_offsets


def project(source: str, translation: str, links, src="en", trg="fr", decide=default_decision) -> str:
    detagged = detag(source)
    src_words = words_with_offsets(detagged.plain, src, detagged.cuts())
    trg_words = words_with_offsets(translation, trg)
    print([w.text for w in src_words], [w.text for w in trg_words])
    return project_tags(detagged, translation, src_words, trg_words, links, decide)


# --------------------------------------------------------------------------- a point written on a word


def test_a_footnote_mark_on_a_word_follows_that_word_where_the_translation_moves_it():
    # The(0) Commission(1) reports(2) every(3) three(4) years(5) to(6) the(7) Council(8)
    # Tous(0) les(1) trois(2) ans(3) ,(4) la(5) Commission(6) fait(7) rapport(8) au(9) Conseil(10)
    links = {(0, 5), (1, 6), (2, 7), (2, 8), (3, 0), (3, 1), (4, 2), (5, 3), (6, 9), (7, 9), (8, 10)}
    out = project('The Commission reports every three years<x id="2"/> to the Council',
                  "Tous les trois ans, la Commission fait rapport au Conseil", links)
    assert out == 'Tous les trois ans<x id="2"/>, la Commission fait rapport au Conseil'


def test_the_mark_closes_the_phrase_its_word_ends():
    # the adjective comes after the noun: the mark goes after the phrase, not after `comité`
    # the(0) Advisory(1) Committee(2) agreed(3)  /  le(0) comité(1) consultatif(2) a(3) approuvé(4)
    links = {(0, 0), (1, 2), (2, 1), (3, 3), (3, 4)}
    out = project('the Advisory Committee<x id="1"/> agreed', "le comité consultatif a approuvé", links)
    assert out == 'le comité consultatif<x id="1"/> a approuvé'
    # a word linked elsewhere ends the phrase: the verb a German translation puts last stays out
    # the(0) use(1) of(2) a(3) document(4) is(5) required(6)
    # ein(0) Dokument(1) verwenden(2) ist(3) Pflicht(4)
    links = {(1, 2), (3, 0), (4, 1), (5, 3), (6, 4)}
    out = project('the use of a document<x id="1"/> is required', "ein Dokument verwenden ist Pflicht",
                  links, trg="de")
    assert out == 'ein Dokument<x id="1"/> verwenden ist Pflicht'


def test_a_mark_on_a_word_in_a_script_without_spaces():
    # see(0) the(1) holder(2) <x/> first(3)  /  まず(0) 保有(1) 者(2) を(3) 確認(4) し(5) ます(6):
    # the verb linked to `see` is not the holder's phrase
    links = {(0, 4), (0, 5), (2, 1), (2, 2), (3, 0)}
    out = project('see the holder<x id="1"/> first', "まず保有者を確認します", links, trg="ja")
    assert out == 'まず保有者<x id="1"/>を確認します'


def test_a_point_against_punctuation_is_not_attached_to_the_word():
    # `2.1.<x/>TOR`: the mark belongs to the number; the existing spacing rule keeps it there
    out = project('2.1.<x id="1"/>TOR rules', "2.1.A TOR szabályai",
                  {(0, 0), (1, 1), (2, 2), (3, 3), (4, 5), (5, 6)}, trg="hu")
    assert out == '2.1.<x id="1"/>A TOR szabályai'


def test_a_words_link_to_a_punctuation_mark_places_no_point():
    # the aligner paired the leftover `the` with `、`: the point goes before `アプリ` (app)
    # use(0) the(1) <xref/> app(2) and(3) create(4) events(5) .(6)
    # アプリ(0) を(1) 使用(2) し(3) て(4) 、(5) イベント(6) を(7) 登録(8) する(9) 。(10)
    links = {(0, 2), (1, 5), (2, 0), (3, 4), (4, 8), (5, 6), (6, 10)}
    out = project('use the <xref keyref="k"/> app and create events.',
                  "アプリを使用して、イベントを登録する。", links, trg="ja")
    assert out == '<xref keyref="k"/>アプリを使用して、イベントを登録する。'


# --------------------------------------------------------------------------- glued words


def test_a_point_between_glued_words_goes_to_the_seam_of_the_glued_translation():
    # a table heading `Economic parity<x/>July 2019`: the translation glues its words too
    out = project('Economic parity<x id="2"/>July 2019', "KaufkraftparitätJuli 2019",
                  {(0, 0), (1, 0), (2, 0), (3, 1)}, trg="de")
    assert out == 'Kaufkraftparität<x id="2"/>Juli 2019'
    out = project('Economic parity<x id="2"/>July 2019', "Gazdasági paritás2019. július",
                  {(0, 0), (1, 1), (2, 3), (3, 1)}, trg="hu")
    assert out == 'Gazdasági paritás<x id="2"/>2019. július'
    out = project('EN<x id="2"/><x id="3"/>EN', "DEDE", {(0, 0), (1, 0)}, trg="de")
    assert out == 'DE<x id="2"/><x id="3"/>DE'


def test_the_seam_rule_in_cyrillic_and_never_inside_an_unseamed_word():
    out = project('Exchange rate<x id="2"/>July', "Обменный курсИюль", {(0, 0), (1, 1), (2, 1)}, trg="ru")
    assert out == 'Обменный курс<x id="2"/>Июль'
    # no seam in `correcteursmars`: the point stays in a gap between words
    out = project('Weighting<x id="2"/>March', "Coefficients correcteursmars", {(0, 0), (0, 1), (1, 1)})
    assert out.replace('<x id="2"/>', "|") in (
        "|Coefficients correcteursmars", "Coefficients| correcteursmars", "Coefficients |correcteursmars",
        "Coefficients correcteursmars|",
    )
    # a point with a space beside it never goes inside a word, seam or not
    out = project('parity <x id="2"/>July', "KaufkraftparitätJuli", {(0, 0), (1, 0)}, trg="de")
    assert out in ('<x id="2"/>KaufkraftparitätJuli', 'KaufkraftparitätJuli<x id="2"/>')


# --------------------------------------------------------------------------- whitespace


def test_a_point_in_a_double_space_hole_keeps_the_sources_space_on_its_side():
    # `in <pname/>, you`: the translator typed the source's space and one of their own
    out = project('libraries in <pname id="p"/>, you need', "若要在  中使用",
                  {(0, 4), (1, 2), (5, 3)}, trg="zh")
    assert out == '若要在 <pname id="p"/> 中使用'
    out = project('Use <br/>, then', "Utilisez  , puis", {(0, 0), (1, 1), (2, 2)})
    assert out == 'Utilisez <br/> , puis'


def test_a_tag_takes_in_no_more_edge_whitespace_than_its_source_tag():
    # and(0) Define(1) Reports(2) app(3)  /  和(0) 定(1) 義(2) 報(3) 表(4) 應(5) 用(6) 程(7) 式(8)
    out = project("and<uicontrol> Define Reports</uicontrol> app", "和  定義報表 應用程式",
                  {(0, 0), (1, 1), (1, 2), (2, 3), (2, 4), (3, 5), (3, 6), (3, 7), (3, 8)}, trg="zh")
    assert out == "和 <uicontrol> 定義報表</uicontrol> 應用程式"
    out = project("and<b> Define</b> now", "und  Definieren jetzt", {(0, 0), (1, 1), (2, 2)}, trg="de")
    assert out == "und <b> Definieren</b> jetzt"
    # as much whitespace as the source tag has stays inside
    out = project("and<b>  Define</b> now", "und  Definieren jetzt", {(0, 0), (1, 1), (2, 2)}, trg="de")
    assert out == "und<b>  Definieren</b> jetzt"


def test_where_the_source_has_whitespace_on_both_sides_of_an_edge_the_outside_is_served_first():
    # `Project </uicontrol> option`: the translation's one space there is the sentence's
    # The(0) Add(1) to(2) Project(3) option(4) is(5) on(6)
    # 프로젝트(0) 에(1) 추가(2) 옵션(3) 은(4) 켜(5) 짐(6)
    out = project("The <uicontrol>Add to Project </uicontrol> option is on", "프로젝트에 추가 옵션은 켜짐",
                  {(1, 2), (2, 1), (3, 0), (4, 3), (6, 5), (6, 6)}, trg="ko")
    assert out == "<uicontrol>프로젝트에 추가</uicontrol> 옵션은 켜짐"
    out = project("the <b>Body Text </b> fields", "本文 Text 項目", {(1, 0), (2, 1), (3, 2)}, trg="ja")
    assert out == "<b>本文 Text</b> 項目"
    out = project("the <b>Body Text </b> fields", "le Texte du corps  champs", {(0, 0), (1, 3), (2, 1), (3, 4)})
    assert out == "le <b>Texte du corps </b> champs"


def test_a_point_moved_to_the_start_of_the_translation_goes_before_its_leading_space():
    # the translator wrote the tag first, then a space: ` 앱을 사용` is `<xref/> 앱을 사용`
    out = project('use the <xref keyref="k"/> app', " 앱을 사용", {(0, 1), (2, 0)}, trg="ko")
    assert out == '<xref keyref="k"/> 앱을 사용'
    out = project('libraries in <pname id="p"/>, you', " で ライブラリ", {(0, 1), (1, 0)}, trg="ja")
    assert out == '<pname id="p"/> で ライブラリ'
    # a point at the start of the source keeps the source's spacing
    out = project('<g id="2"> </g><bx id="3"/>In the aftermath', " Nach der Krise",
                  {(0, 0), (1, 1), (2, 2)}, trg="de")
    assert out == '<g id="2"> </g><bx id="3"/>Nach der Krise'


# --------------------------------------------------------------------------- properties

LATIN = ["alpha", "Beta", "gamma", "delta", "2019", "July"]


@st.composite
def pointed_segments(draw) -> str:
    """Words with point tags between them: glued to a word on either side, spaced, or in a
    double space, before punctuation or not."""
    parts = [draw(st.sampled_from(LATIN))]
    for _ in range(draw(st.integers(1, 6))):
        parts.append(draw(st.sampled_from(["", " ", "  ", ", ", ". "])))
        if draw(st.booleans()):
            parts.append(draw(st.sampled_from(['<x id="1"/>', "<br/>", "<!--c-->"])))
            parts.append(draw(st.sampled_from(["", " "])))
        word = draw(st.sampled_from(LATIN))
        parts.append(f"<b>{word}</b>" if draw(st.integers(0, 3)) == 0 else word)  # a sibling span
    return "".join(parts)


def _point_offsets(output: str) -> list[int]:
    """The plain-text offset of every point tag (and comment) of a tagged segment, in order."""
    offsets, pos = [], 0
    for token in tokenize(output):
        if token.is_markup:
            if token.text.endswith("/>") or token.text.startswith("<!--"):
                offsets.append(pos)
        else:
            pos += len(token.text)
    return offsets


@settings(max_examples=200, deadline=None)
@given(pointed_segments(), st.data())
def test_points_are_never_inside_a_word_except_at_a_seam_of_glued_words(source, data):
    detagged = detag(source)
    translation = data.draw(st.text(alphabet="abcXYZ19 .,", min_size=1, max_size=25))
    src = words_with_offsets(detagged.plain, "en", detagged.cuts())
    trg = words_with_offsets(translation, "de")
    pairs = [(i, j) for i in range(len(src)) for j in range(len(trg))]
    links = set(data.draw(st.lists(st.sampled_from(pairs), max_size=8))) if pairs else set()
    output = project_tags(detagged, translation, src, trg, links, default_decision)
    assert strip(output) == translation
    for x in _point_offsets(output):
        inside = [w for w in trg if w.start < x < w.end]
        if inside:  # only a seam: a lowercase letter meets an uppercase one, a letter a digit, or a repeat
            a, b = translation[x - 1], translation[x]
            word = inside[0].text
            half = x - inside[0].start
            assert (a.islower() and b.isupper()) or a.isdigit() != b.isdigit() or (
                word[:half] == word[half : 2 * half]), (source, translation, output)


@settings(max_examples=200, deadline=None)
@given(pointed_segments())
def test_points_stay_where_they_are_in_a_word_for_word_translation(source):
    # a translation that keeps every word in place (ROT13 keeps case, digits and spacing), cut
    # into the same words and linked one to one: every rule must leave each point at its offset,
    # on its side of every sibling span
    detagged = detag(source)
    translation = codecs.encode(detagged.plain, "rot13")
    src = words_with_offsets(detagged.plain, "en", detagged.cuts())
    trg = words_with_offsets(translation, "en", detagged.cuts())
    links = {(k, k) for k in range(min(len(src), len(trg)))}
    output = project_tags(detagged, translation, src, trg, links, default_decision)
    assert _point_offsets(output) == _point_offsets(source)


def test_repeated_digits_are_not_a_seam_of_glued_words():
    # `alpha<x/><b>alpha</b>` on `1.11.`: the point does not go between the two 1s of one number
    # (found by the property above: a seam of repeated words is a repeat of letters, `DE|DE`)
    detagged = detag('alpha<x id="1"/><b>alpha</b>')
    src = words_with_offsets(detagged.plain, "en", detagged.cuts())
    trg = words_with_offsets("1.11.", "de")
    output = project_tags(detagged, "1.11.", src, trg, set(), default_decision)
    assert all(not (w.start < x < w.end) for x in _point_offsets(output) for w in trg), output
