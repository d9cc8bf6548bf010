"""Points between the sentences of a paragraph (`paragraphs.Paragraph.edge`) and tags that enclose only
whitespace between them (`edges._whitespace_share`): hand-made paragraphs in Latin, CJK, Cyrillic and
Hangul script with known answers, a property on random paragraphs, and linear work in the sentences."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.markup import is_well_formed, strip, tokenize
from tagmt.projection.detag import detag
from tagmt.projection.paragraphs import paragraph_of
from tagmt.projection.projector import project_tags

from test_paragraphs import linked, project

# the links of `Then click the button`: `Then` is linked to a word in the middle of its translation, as in
# `Nevertheless, the Commission retains …` → `Die Kommission behält trotzdem …`
OPEN_CLICK_CLOSE = [("Open", None), ("file", None), ("Then", None), ("click", None), ("button", None),
                    ("Close", None), ("it", None)]


def pairs(*targets: str) -> list[tuple[str, str]]:
    return [(a, b) for (a, _), b in zip(OPEN_CLICK_CLOSE, targets)]


SOURCE = "Open the file. <x/>Then click the button. Close it."


@pytest.mark.parametrize("translation, trg, targets, expected", [
    ("Öffnen Sie die Datei. Die Schaltfläche dann anklicken. Schließen Sie sie.", "de",
     ("Öffnen", "Datei", "dann", "anklicken", "Schaltfläche", "Schließen", "sie"),
     "Öffnen Sie die Datei. <x/>Die Schaltfläche dann anklicken. Schließen Sie sie."),
    ("ファイルを開きます。ボタンを次にクリックします。閉じます。", "ja",
     ("開き", "ファイル", "次に", "クリック", "ボタン", "閉じ"),
     "ファイルを開きます。<x/>ボタンを次にクリックします。閉じます。"),
    ("Откройте файл. Кнопку затем нажмите. Закройте его.", "ru",
     ("Откройте", "файл", "затем", "нажмите", "Кнопку", "Закройте", "его"),
     "Откройте файл. <x/>Кнопку затем нажмите. Закройте его."),
    ("파일 을 여십시오. 버튼 을 다음 클릭 하십시오. 닫으십시오.", "ko",
     ("여십시오", "파일", "다음", "클릭", "버튼", "닫으십시오"),
     "파일 을 여십시오. <x/>버튼 을 다음 클릭 하십시오. 닫으십시오."),
], ids=["latin", "cjk", "cyrillic", "hangul"])
def test_a_point_at_a_sentence_start_goes_to_its_counterparts_start(translation, trg, targets, expected):
    assert project(SOURCE, translation, pairs(*targets), trg=trg) == expected


def test_a_point_after_the_last_sentence_stays_at_the_end_and_one_after_a_full_stop_stays_there():
    # the translation's two spaces after `Datei.` are a hole that would otherwise draw the last point
    source = "Open the file.<x id=\"1\"/> Then click the button. Close it. <x id=\"2\"/>"
    translation = "Öffnen Sie die Datei.  Die Schaltfläche dann anklicken. Schließen Sie sie. "
    links = pairs("Öffnen", "Datei", "dann", "anklicken", "Schaltfläche", "Schließen", "sie")
    out = project(source, translation, links)
    assert out == ("Öffnen Sie die Datei.<x id=\"1\"/>  Die Schaltfläche dann anklicken. Schließen Sie sie. "
                   "<x id=\"2\"/>")


def test_a_point_inside_a_sentence_is_placed_as_before():
    source = "Open the file. Then <x/>click the button. Close it."
    translation = "Öffnen Sie die Datei. Die Schaltfläche dann anklicken. Schließen Sie sie."
    links = pairs("Öffnen", "Datei", "dann", "anklicken", "Schaltfläche", "Schließen", "sie")
    assert project(source, translation, links) == \
        "Öffnen Sie die Datei. Die Schaltfläche dann <x/>anklicken. Schließen Sie sie."


def test_an_unsure_bead_gives_the_point_no_edge():
    # the first source sentence's links all land in the second target sentence: no bead is sure
    source = "Open the file. <x/>Close it."
    translation = "Schließen. Öffnen Sie die Datei."
    detagged, text, s, t, links = linked(source, translation, [("file", "Datei"), ("Open", "Öffnen"),
                                                               ("Close", "Schließen")])
    paragraph = paragraph_of(detagged, text, s, t, links)
    assert paragraph is not None and paragraph.edge(detagged.tags[0]) is None


def test_a_point_between_sentences_inside_a_block_tag_goes_to_the_sentence_start():
    source = "<p>Open the file. <x/>Then click the button.</p> <p>Close it.</p>"
    translation = "Öffnen Sie die Datei. Die Schaltfläche dann anklicken. Schließen Sie sie."
    links = pairs("Öffnen", "Datei", "dann", "anklicken", "Schaltfläche", "Schließen", "sie")
    out = project(source, translation, links)
    assert out == "<p>Öffnen Sie die Datei. <x/>Die Schaltfläche dann anklicken.</p> <p>Schließen Sie sie.</p>"



def test_a_point_whose_units_counterparts_do_not_meet_is_left_by_edge_to_between():
    # the merged rules: `Paragraph.edge` asks the two counterparts of a point with a space on both sides to
    # meet; the translation's `>` between the items of a menu path is neither's, so `edge` leaves the point
    # and `Paragraph.between` puts it before the next item's first word, after the separator
    pairs = [("File", "Datei"), ("Save", "Speichern"), ("As", "unter")]
    for source, expected in (
        ('<menucascade><uicontrol>File</uicontrol> <x/> <uicontrol>Save As</uicontrol></menucascade>',
         '<menucascade><uicontrol>Datei</uicontrol> > <x/><uicontrol>Speichern unter</uicontrol></menucascade>'),
        ('<p>File</p> <x/> <p>Save As</p>', '<p>Datei</p> > <x/><p>Speichern unter</p>'),
    ):
        detagged, text, s, t, links = linked(source, "Datei > Speichern unter", pairs)
        paragraph = paragraph_of(detagged, text, s, t, links)
        point = next(tag for tag in _all(detagged.tags) if tag.start == tag.end and not tag.children)
        assert paragraph is not None and paragraph.edge(point) is None
        assert paragraph.between(point) == [w.text for w in t].index("Speichern")
        assert project(source, "Datei > Speichern unter", pairs) == expected


def _all(tags):
    for tag in tags:
        yield tag
        yield from _all(tag.children)


# ----------------------------------------------------------------------------- whitespace-only tags


def test_a_whitespace_tag_between_sentences_leaves_the_outside_space_outside():
    source = "Open the file. <g id=\"1\"> </g>Then click the button."
    translation = "Öffnen Sie die Datei.  Die Schaltfläche dann anklicken."
    links = pairs("Öffnen", "Datei", "dann", "anklicken", "Schaltfläche")
    assert project(source, translation, links) == \
        "Öffnen Sie die Datei. <g id=\"1\"> </g>Die Schaltfläche dann anklicken."


def test_a_whitespace_tag_with_spaces_on_both_sides_cjk_and_a_narrow_run():
    source = "Open the file. <g id=\"1\"> </g> Then click the button."
    translation = "ファイルを開きます。   ボタンを次にクリックします。"
    out = project(source, translation, pairs("開き", "ファイル", "次に", "クリック", "ボタン"), trg="ja")
    assert out == "ファイルを開きます。 <g id=\"1\"> </g> ボタンを次にクリックします。"
    # a run no wider than the tag's own whitespace is all the tag's
    narrow = "Откройте файл. Кнопку затем нажмите."
    out = project(source, narrow, pairs("Откройте", "файл", "затем", "нажмите", "Кнопку"), trg="ru")
    assert out == "Откройте файл.<g id=\"1\"> </g>Кнопку затем нажмите."


# ----------------------------------------------------------------------------- properties


WORDS = ["alpha", "beta", "gamma", "delta", "kappa", "omega"]


@st.composite
def paragraphs(draw):
    """A source of 2–5 sentences with points at sentence edges and inside sentences, and its translation
    (the same words, each sentence's words in a drawn order; a sentence's words are its own)."""
    k = draw(st.integers(2, 5))
    source, target, n = [], [], 0
    for s in range(k):
        words = [f"{w}{s}" for w in draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=5))]
        order = draw(st.permutations(range(len(words))))
        pieces = []
        for x, w in enumerate(words):
            if draw(st.integers(0, 4)) == 0:
                n += 1
                pieces.append(f'<x id="{n}"/>')
            pieces.append(w.capitalize() if x == 0 else w)
            pieces.append(" ")
        sentence = "".join(pieces).rstrip() + "."
        if draw(st.booleans()):
            n += 1
            sentence = f'<x id="{n}"/>' + sentence if draw(st.booleans()) else sentence + f'<x id="{n}"/>'
        source.append(sentence)
        target.append(" ".join(words[i] for i in order).capitalize() + ".")
    gap = draw(st.sampled_from([" ", "  "]))
    return " ".join(source), gap.join(target)


@settings(max_examples=60, deadline=None)
@given(paragraphs())
def test_points_at_sentence_edges_keep_the_invariants_and_land_on_sentence_edges(case):
    source, translation = case
    detagged = detag(source)
    words = {w for w in translation.replace(".", " ").split()} | {w.lower() for w in translation.split()}
    words |= {w.capitalize() for w in words}
    out = project(source, translation, [(a, b) for a in words for b in words if a.lower() == b.lower()])
    assert strip(out) == translation
    assert is_well_formed(tokenize(out))
    assert sorted(t.text for t in tokenize(out) if t.kind != "text") == sorted(
        t.text for t in tokenize(source) if t.kind != "text")
    # a point the source writes at a sentence's start (a space before it, none after) or at its end
    # (after its full stop) lands between two target sentences
    plain = detagged.plain
    # the gaps between two target sentences (a double space keeps the source's space on the point's side)
    gaps = {x for x in range(len(translation) + 1)
            if translation[:x].rstrip()[-1:] in ("", ".") and translation[x:].lstrip()[:1].isupper() | (
                not translation[x:].strip())}
    for tag in detagged.walk():
        if tag.start != tag.end:
            continue
        before = plain[tag.start - 1 : tag.start]
        after = plain[tag.end : tag.end + 1]
        x = _offset_of(out, tag.open)
        if before in ("", " ") and after[:1].isupper():
            assert x in gaps, (source, out)
        if before == "." and after in ("", " "):
            assert x in gaps, (source, out)


def _offset_of(tagged: str, code: str) -> int:
    """Where the code `code` stands in the plain text of `tagged`."""
    x = 0
    for token in tokenize(tagged):
        if token.text == code:
            return x
        if token.kind == "text":
            x += len(token.text)
    raise AssertionError(code)


# ----------------------------------------------------------------------------- a point at its parent's edge


def test_a_point_at_the_start_of_a_block_stays_before_the_blocks_leading_space_latin():
    source = "<p>Open the file.</p> <p><x/> Then click the button.</p>"
    translation = "Öffnen Sie die Datei.  Die Schaltfläche dann anklicken."
    out = project(source, translation, pairs("Öffnen", "Datei", "dann", "anklicken", "Schaltfläche"))
    assert out == "<p>Öffnen Sie die Datei.</p> <p><x/> Die Schaltfläche dann anklicken.</p>"


def test_a_point_at_the_start_of_a_block_stays_before_the_blocks_leading_space_cyrillic_hangul():
    source = "<p>Open the file.</p> <p><x/> Then click the button.</p>"
    out = project(source, "Откройте файл.  Кнопку затем нажмите.",
                  pairs("Откройте", "файл", "затем", "нажмите", "Кнопку"), trg="ru")
    assert out == "<p>Откройте файл.</p> <p><x/> Кнопку затем нажмите.</p>"
    out = project(source, "파일 을 여십시오.  버튼 을 다음 클릭 하십시오.",
                  pairs("여십시오", "파일", "다음", "클릭", "버튼"), trg="ko")
    assert out == "<p>파일 을 여십시오.</p> <p><x/> 버튼 을 다음 클릭 하십시오.</p>"


def test_a_point_at_the_end_of_a_block_stays_after_the_blocks_trailing_space_cjk():
    source = "<p>Open the file. <x/></p><p>Then click the button.</p>"
    translation = "ファイルを開きます。 ボタンを次にクリックします。"
    out = project(source, translation, pairs("開き", "ファイル", "次に", "クリック", "ボタン"), trg="ja")
    assert out == "<p>ファイルを開きます。 <x/></p><p>ボタンを次にクリックします。</p>"


def test_a_point_and_a_whitespace_tag_at_a_pinned_blocks_start_stay_before_its_leading_space():
    source = "<p><x/> Open the file.</p> <p><g id=\"1\"> </g>Then click the button.</p>"
    cases = [
        (" Öffnen Sie die Datei.  Die Schaltfläche dann anklicken.", "de",
         pairs("Öffnen", "Datei", "dann", "anklicken", "Schaltfläche"),
         "<p><x/> Öffnen Sie die Datei.</p> <p><g id=\"1\"> </g>Die Schaltfläche dann anklicken.</p>"),
        (" Откройте файл.  Кнопку затем нажмите.", "ru", pairs("Откройте", "файл", "затем", "нажмите", "Кнопку"),
         "<p><x/> Откройте файл.</p> <p><g id=\"1\"> </g>Кнопку затем нажмите.</p>"),
        (" ファイルを開きます。 ボタンを次にクリックします。", "ja", pairs("開き", "ファイル", "次に", "クリック", "ボタン"),
         "<p><x/> ファイルを開きます。</p><p><g id=\"1\"> </g>ボタンを次にクリックします。</p>"),
    ]
    for translation, lang, links, expected in cases:
        assert project(source, translation, links, trg=lang) == expected


def test_points_between_the_sentences_of_a_long_paragraph_are_placed_in_linear_work():
    from test_linear_scaling import lines_run
    from test_paragraphs import joined_case

    def case(n: int):
        # `Open` is linked to `Datei` in the sentences after the points: the links alone would put each
        # point after `Öffnen Sie die`
        return joined_case(n, 2, ' <x id="1"/>Open the file y. <g id="2"> </g>Open the file z.<x id="3"/>',
                           "  Öffnen Sie die Datei y.  Öffnen Sie die Datei z.")

    counts = []
    for n in (1000, 2000):
        count, out = lines_run(project_tags, *case(n))
        assert out.endswith(' <x id="1"/> Öffnen Sie die Datei y. <g id="2"> </g>Öffnen Sie die Datei z.<x id="3"/>'), \
            out[-120:]
        counts.append(count)
    assert counts[1] / counts[0] < 2.5, counts  # doubling the sentences: ×4 when quadratic


def test_a_point_ending_a_last_sentence_without_a_full_stop_is_placed_as_before():
    # `see <xref/>` with no full stop after it: the point is the sentence's own object, which the translation
    # writes before its verb (a hole after `、`), not at the end of the translation
    source = "Open the file. For more information, see <xref/>"
    translation = "ファイルを開きます。詳細については、を参照してください。"
    out = project(source, translation, [("Open", "開き"), ("file", "ファイル"), ("information", "詳細"),
                                        ("see", "参照")], trg="ja")
    assert out == "ファイルを開きます。詳細については、<xref/>を参照してください。"
