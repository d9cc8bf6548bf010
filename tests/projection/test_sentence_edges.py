"""Span tags at a sentence's edge inside a paragraph (`paragraphs.Paragraph.unit_edges`, `_off_sentence_spaces`,
and the span ranker reading a sentence's counterpart as the tag's segment): hand-made paragraphs in Latin,
CJK, Cyrillic and Hangul script with known answers, a property on random paragraphs, linear work."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.markup import is_well_formed, strip, tokenize
from tagmt.projection.conventions import default_decision
from tagmt.projection.detag import detag
from tagmt.projection.paragraphs import paragraph_of
from tagmt.projection.context import PairContext
from tagmt.projection.projector import project_spans
from tagmt.projection.rerank import FEATURES, Ranker, Segment, tag_case
from tagmt.projection.render import render_spans

from tagmt.projection.projector import project_tags
from tagmt.projection.wordseg import words_with_offsets

from test_linear_scaling import lines_run
from test_paragraphs import linked, project

_DELETE = [("Open", "{open}"), ("file", "{file}"), ("Delete", "{delete}"), ("Data", "{data}"),
           ("Before", "{before}"), ("done", "{done}")]


def _spans(detagged, text, src, trg, links, decide):
    """The pipeline's spans of a pair, as `project_tags` places them before rendering."""
    return project_spans(PairContext(detagged, text, src, trg, links, decide=decide))


def _links(**words: str) -> list[tuple[str, str]]:
    return [(a, b.format(**words)) for a, b in _DELETE if b.format(**words)]


# `Delete Data Before` begins its sentence; its counterpart begins with a word no link reaches (`次`, `Ältere`),
# which the sentence alone takes in (`_reach` at the segment's start) and the paragraph now does too
@pytest.mark.parametrize("translation, trg, words, expected", [
    ("ファイルを開きます。次より前のデータを削除:", "ja",
     dict(open="開き", file="ファイル", delete="削除", data="データ", before="前", done=""),
     "ファイルを開きます。<b>次より前のデータを削除</b>:"),
    ("Öffnen Sie die Datei. Ältere Daten vorher löschen: fertig.", "de",
     dict(open="Öffnen", file="Datei", delete="löschen", data="Daten", before="vorher", done="fertig"),
     "Öffnen Sie die Datei. <b>Ältere Daten vorher löschen</b>: fertig."),
    ("Откройте файл. Прежние данные до удалить: готово.", "ru",
     dict(open="Откройте", file="файл", delete="удалить", data="данные", before="до", done="готово"),
     "Откройте файл. <b>Прежние данные до удалить</b>: готово."),
    ("파일을 엽니다. 다음 일자 전 데이터 삭제: 완료.", "ko",
     dict(open="엽니다", file="파일", delete="삭제", data="데이터", before="전", done="완료"),
     "파일을 엽니다. <b>다음 일자 전 데이터 삭제</b>: 완료."),
], ids=["cjk", "latin", "cyrillic", "hangul"])
def test_a_tag_beginning_its_sentence_reaches_its_counterparts_start(translation, trg, words, expected):
    done = " done." if words["done"] else ""
    source = f"Open the file. <b>Delete Data Before</b>:{done}"
    assert project(source, translation, _links(**words), trg=trg) == expected


def test_a_punctuation_marks_link_to_a_word_does_not_hold_the_edge_back():
    # the aligner linked the source's `:` to `次` as well as to `:`: no translation of a word outside the tag
    source = "Open the file. <b>Delete Data Before</b>:"
    translation = "ファイルを開きます。次より前のデータを削除:"
    links = _links(open="開き", file="ファイル", delete="削除", data="データ", before="前", done="") + \
        [(":", "次"), (":", ":")]
    assert project(source, translation, links, trg="ja") == "ファイルを開きます。<b>次より前のデータを削除</b>:"


@pytest.mark.parametrize("source, translation, trg, links, expected", [
    # the counterpart's first words translate a word after the tag: the tag stays on its own words
    ("Open the file. <b>Save</b> the copy.", "Öffnen Sie die Datei. Die Kopie speichern.", "de",
     [("Open", "Öffnen"), ("file", "Datei"), ("Save", "speichern"), ("copy", "Kopie")],
     "Öffnen Sie die Datei. Die Kopie <b>speichern</b>."),
    ("Open the file. <b>Save</b> the copy.", "ファイルを開きます。コピーを保存します。", "ja",
     [("Open", "開き"), ("file", "ファイル"), ("Save", "保存"), ("copy", "コピー")],
     "ファイルを開きます。コピーを<b>保存</b>します。"),
    # a tag inside its sentence (a word before it in the source) reaches nothing
    ("Open the file. Now <b>Delete Data</b>: done.", "Öffnen Sie die Datei. Jetzt Daten löschen: fertig.", "de",
     [("Open", "Öffnen"), ("file", "Datei"), ("Delete", "löschen"), ("Data", "Daten"), ("done", "fertig")],
     "Öffnen Sie die Datei. Jetzt <b>Daten löschen</b>: fertig."),
], ids=["latin-linked", "cjk-linked", "latin-inside"])
def test_a_linked_word_or_a_word_before_the_tag_keeps_the_edge(source, translation, trg, links, expected):
    assert project(source, translation, links, trg=trg) == expected


def test_an_unsure_bead_reaches_nothing():
    # two of the second sentence's three links land in the first target sentence: its bead is not sure, so
    # `Ältere` (unlinked, opening the second target sentence) is not the tag's
    source = "Open the file. <b>Delete Data</b>: done."
    translation = "Öffnen Sie die Datei, Daten fertig. Ältere löschen: gut."
    links = [("Open", "Öffnen"), ("file", "Datei"), ("Delete", "löschen"), ("Data", "Daten"), ("done", "fertig")]
    detagged, text, s, t, found = linked(source, translation, links)
    paragraph = paragraph_of(detagged, text, s, t, found)
    assert paragraph is not None and not paragraph.parts[1].sure
    assert paragraph.unit_edges(detagged.tags[0]) == (None, None)
    assert "<b>Ältere" not in project(source, translation, links)


# ----------------------------------------------------------------------------- whitespace between sentences

@pytest.mark.parametrize("translation, trg, links, expected", [
    ("Öffnen Sie die Datei. Berichte können Sie in der App ausführen.", "de",
     [("Open", "Öffnen"), ("file", "Datei"), ("Reports", "Berichte"), ("app", "App"), ("run", "ausführen")],
     "Öffnen Sie die Datei. <b>Berichte</b> können Sie in der App ausführen."),
    ("Откройте файл. Отчёты можно запустить в приложении.", "ru",
     [("Open", "Откройте"), ("file", "файл"), ("Reports", "Отчёты"), ("app", "приложении"), ("run", "запустить")],
     "Откройте файл. <b>Отчёты</b> можно запустить в приложении."),
    ("파일을 엽니다. 리포트 앱에서 실행할 수 있습니다.", "ko",
     [("Open", "엽니다"), ("file", "파일"), ("Reports", "리포트"), ("app", "앱"), ("run", "실행")],
     "파일을 엽니다. <b>리포트</b> 앱에서 실행할 수 있습니다."),
], ids=["latin", "cyrillic", "hangul"])
def test_a_tag_leaves_the_space_between_two_target_sentences_out(translation, trg, links, expected):
    # the source tag's leading space is inside its sentence (`the<b> Reports</b>`); at the start of the
    # counterpart the space before the tag is the one between two sentences, the paragraph's
    source = "Open the file. You can run it in the<b> Reports</b> app."
    assert project(source, translation, links, trg=trg) == expected


def test_a_tags_space_between_two_source_sentences_stays_in():
    source = "Open the file.<b> Reports</b> can run in the app."
    translation = "Öffnen Sie die Datei. Berichte können in der App laufen."
    links = [("Open", "Öffnen"), ("file", "Datei"), ("Reports", "Berichte"), ("app", "App"), ("run", "laufen")]
    assert project(source, translation, links) == "Öffnen Sie die Datei.<b> Berichte</b> können in der App laufen."


# ----------------------------------------------------------------------------- the ranker's segment

def _ranker(**weights: float) -> Ranker:
    w = np.zeros(len(FEATURES))
    for name, value in weights.items():
        w[FEATURES.index(name)] = value
    return Ranker(w, np.ones(len(FEATURES)), 0.0)


@pytest.mark.parametrize("source, translation, trg, links", [
    ("Open the file. Click <b>Save</b> now.", "Öffnen Sie die Datei. Klicken Sie jetzt auf Speichern.", "de",
     [("Open", "Öffnen"), ("file", "Datei"), ("Click", "Klicken"), ("Save", "Speichern"), ("now", "jetzt")]),
    ("Open the file. Click <b>Save</b> now.", "ファイルを開きます。今すぐ保存をクリックします。", "ja",
     [("Open", "開き"), ("file", "ファイル"), ("Click", "クリック"), ("Save", "保存"), ("now", "今すぐ")]),
    ("Open the file. Click <b>Save</b> now.", "파일을 엽니다. 지금 저장을 클릭합니다.", "ko",
     [("Open", "엽니다"), ("file", "파일"), ("Click", "클릭"), ("Save", "저장"), ("now", "지금")]),
], ids=["latin", "cjk", "hangul"])
def test_the_ranker_keeps_a_tag_in_its_sentences_counterpart(source, translation, trg, links):
    # a ranker that leans to long spans would take words of the sentence before; the counterpart bounds it
    detagged, text, s, t, found = linked(source, translation, links, trg=trg)
    spans = _spans(detagged, text, s, t, found, default_decision)
    node = spans[0]
    assert node.region is not None
    lo, hi = node.region
    assert text[lo:hi].startswith(translation.split("。" if trg == "ja" else ". ")[1][:2])
    case = tag_case(Segment(detagged, text, s, t, found, {}), node, 0, len(text))
    assert case is not None and all(lo <= a and b <= hi for a, b in case.spans)
    _ranker(len_words=5.0, len_chars=5.0).rerank(Segment(detagged, text, s, t, found, {}), spans)
    out = render_spans(text, spans)[0]
    assert strip(out) == translation and lo <= spans[0].start and spans[0].end <= hi


@pytest.mark.parametrize("translation, trg, word", [("はい。", "ja", "はい"), ("Ja.", "de", "Ja"), ("예.", "ko", "예"),
                                                    ("Да.", "ru", "Да")])
def test_no_ranker_candidate_of_a_tag_around_words_is_punctuation_alone(translation, trg, word):
    detagged, text, s, t, found = linked("Choose <b>Yes</b>.", translation, [("Yes", word), (".", translation[-1])],
                                         trg=trg)
    spans = _spans(detagged, text, s, t, found, default_decision)
    case = tag_case(Segment(detagged, text, s, t, found, {}), spans[0], 0, len(text))
    assert case is None or all(text[a:b].strip(".。") for a, b in case.spans)
    # a ranker leaning to spans that begin and end with punctuation: the mark alone would win
    _ranker(first_punct=10.0, last_punct=10.0).rerank(Segment(detagged, text, s, t, found, {}), spans)
    assert render_spans(text, spans)[0].startswith(f"<b>{word}")


# ----------------------------------------------------------------------------- property and scaling

WORDS = ["alpha", "beta", "gamma", "delta", "kappa"]


@st.composite
def paragraphs(draw):
    """2–4 sentences, some beginning with a tag around their first words (with a space inside it or not);
    the translation writes each sentence's words in a drawn order, with an unlinked word (`zz`) at the start
    of some sentences."""
    k = draw(st.integers(2, 4))
    source, target, pairs, tagged = [], [], [], []
    for s in range(k):
        words = [f"{w}{s}" for w in draw(st.lists(st.sampled_from(WORDS), min_size=2, max_size=4, unique=True))]
        cut = draw(st.integers(1, len(words)))
        lead = draw(st.sampled_from(["", " "]))
        if draw(st.booleans()):
            sentence = f"<b>{lead}{' '.join(words[:cut])}</b> {' '.join(words[cut:])}".rstrip() + "."
            tagged.append(s)
        else:
            sentence = " ".join(words) + "."
        source.append(sentence)
        order = draw(st.permutations(words))
        extra = ["zz"] if draw(st.booleans()) else []
        target.append(" ".join(extra + list(order)) + ".")
        pairs += [(w, w) for w in words]
    return " ".join(source), " ".join(target), pairs


@settings(max_examples=60, deadline=None)
@given(paragraphs())
def test_tags_at_sentence_starts_keep_the_invariants_and_stay_in_their_counterpart(case):
    source, translation, pairs = case
    out = project(source, translation, pairs)
    assert strip(out) == translation
    assert is_well_formed(tokenize(out))
    assert sorted(t.text for t in tokenize(out) if t.kind != "text") == sorted(
        t.text for t in tokenize(source) if t.kind != "text")
    # no span begins or ends on the whitespace between two target sentences
    x = 0
    for token in tokenize(out):
        if token.kind == "text":
            x += len(token.text)
        elif token.text == "<b>":
            assert translation[x - 1 : x + 1] != ". ", (source, out)


def _long_case(n: int):
    """`n` sentences `Open the fileK.` translated one to one (each word linked to its own), then a tag beginning
    its sentence whose counterpart begins with an unlinked word, and one whose leading space is inside its sentence."""
    source = " ".join(f"Open{k} the file{k}." for k in range(n)) + \
        " <b>Delete data</b> now. Run it in the<b> app</b> today."
    translation = " ".join(f"Öffnen{k} Sie die Datei{k}." for k in range(n)) + \
        " Ältere Daten löschen jetzt. App heute ausführen."
    pairs = {**{f"Open{k}": f"Öffnen{k}" for k in range(n)}, **{f"file{k}": f"Datei{k}" for k in range(n)},
             "Delete": "löschen", "data": "Daten", "now": "jetzt", "app": "App", "today": "heute", "Run": "ausführen"}
    detagged = detag(source)
    s = words_with_offsets(detagged.plain, "en", detagged.cuts())
    t = words_with_offsets(translation, "de")
    where = {w.text: j for j, w in enumerate(t)}
    links = {(i, where[pairs[w.text]]) for i, w in enumerate(s) if w.text in pairs}
    return detagged, translation, s, t, links


def test_sentence_edge_rules_are_linear_in_the_sentences():
    counts = []
    for n in (1000, 2000):
        count, out = lines_run(project_tags, *_long_case(n))
        assert out.endswith(" <b>Ältere Daten löschen</b> jetzt. <b>App</b> heute ausführen."), out[-80:]
        counts.append(count)
    assert counts[1] / counts[0] < 2.5, counts  # doubling the sentences: ×4 when quadratic


@st.composite
def headed_paragraphs(draw):
    """2–5 sentences, each `<b>Aₛ Bₛ</b> Cₛ.` (the tag begins its sentence) translated as `[Zₛ] Aₛ′ Bₛ′ Cₛ′.` or
    with the tag's words after `Cₛ′` (a reordering); `Zₛ` is an extra word, unlinked or linked to `Cₛ` (drawn)."""
    k = draw(st.integers(2, 5))
    source, target, pairs, expected = [], [], [], []
    for s in range(k):
        a, b, c, z = (f"{w}{chr(97 + s)}" for w in ("alpha", "beta", "gamma", "zeta"))
        source.append(f"<b>{a.capitalize()} {b}</b> {c}.")
        pairs += [(a.capitalize(), a.upper()), (b, b.upper()), (c, c.upper())]
        extra = draw(st.sampled_from(["none", "unlinked", "linked"]))
        if extra == "linked":
            pairs.append((c, z.upper()))
        reordered = draw(st.booleans())
        head = [z.upper()] if extra != "none" else []
        words = [*head, c.upper(), a.upper(), b.upper()] if reordered else [*head, a.upper(), b.upper(), c.upper()]
        target.append(" ".join(words) + ".")
        tagged = f"{a.upper()} {b.upper()}"
        if extra == "unlinked" and not reordered:  # the unlinked word before the tag's words: the tag's
            tagged = f"{z.upper()} {tagged}"
        expected.append(tagged)
    return " ".join(source), " ".join(target), pairs, expected


@settings(max_examples=80, deadline=None)
@given(headed_paragraphs())
def test_a_tag_beginning_its_sentence_takes_the_unlinked_words_opening_its_counterpart(case):
    source, translation, pairs, expected = case
    out = project(source, translation, pairs)
    assert strip(out) == translation and is_well_formed(tokenize(out))
    assert [t.text for t in tokenize(out) if t.kind != "text"].count("<b>") == len(expected)
    spans, x, open_at = [], 0, None
    for token in tokenize(out):
        if token.kind == "text":
            x += len(token.text)
        elif token.text == "<b>":
            open_at = x
        else:
            spans.append(translation[open_at:x])
    assert spans == expected, (source, out)
