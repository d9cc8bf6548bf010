"""Sentences inside one segment (tagmt.projection.sentences): hand-made cases in several scripts, and the
spans' invariants as properties."""

from hypothesis import given, strategies as st

from tagmt.projection.sentences import sentence_spans


def cut(text: str) -> list[str]:
    return [text[a:b] for a, b in sentence_spans(text)]


def test_latin_full_stops_before_capitals():
    assert cut("Click Save. Then close the dialog.") == ["Click Save.", "Then close the dialog."]
    assert cut("Is it on? Yes! It is.") == ["Is it on?", "Yes!", "It is."]


def test_no_cut_before_lower_case_digits_or_inside_tokens():
    assert cut("Version 2.0 is out. 3 items were fixed.") == ["Version 2.0 is out. 3 items were fixed."]
    assert cut("Open database-conf.xml and save. then go on") == ["Open database-conf.xml and save. then go on"]


def test_abbreviations_are_not_sentence_ends():
    assert cut("See e.g. the Dr. Smith page. Next step.") == ["See e.g. the Dr. Smith page.", "Next step."]
    assert cut("Siehe Art. 5 und Nr. 3. Danach weiter.") == ["Siehe Art. 5 und Nr. 3.", "Danach weiter."]


def test_closing_marks_stay_with_their_sentence():
    assert cut("Он сказал: «Да». Потом ушёл.") == ["Он сказал: «Да».", "Потом ушёл."]
    assert cut('He said "Stop." Then he left.') == ['He said "Stop."', "Then he left."]
    assert cut("Der Text (siehe oben.) Weiter.") == ["Der Text (siehe oben.)", "Weiter."]


def test_scripts_without_spaces_or_case():
    assert cut("これは文です。次の文です。") == ["これは文です。", "次の文です。"]
    assert cut("请单击保存。然后关闭！好吗？") == ["请单击保存。", "然后关闭！", "好吗？"]
    assert cut("저장을 클릭합니다. 그다음 닫습니다.") == ["저장을 클릭합니다.", "그다음 닫습니다."]
    assert cut("「保存」をクリックします。」次へ。") == ["「保存」をクリックします。」", "次へ。"]


def test_line_breaks_cut_and_blank_text_has_none():
    assert cut("Title\nBody text.") == ["Title", "Body text."]
    assert sentence_spans("") == [] and sentence_spans(" \n\t") == []
    assert cut("No end mark") == ["No end mark"]


@given(st.text(alphabet=st.sampled_from(list("aB .?!。」」«»\n\t日が Z\"")), max_size=60))
def test_spans_cover_every_non_space_character_in_order(text):
    spans = sentence_spans(text)
    assert all(a < b for a, b in spans)
    assert all(b1 <= a2 for (_, b1), (a2, _) in zip(spans, spans[1:]))
    covered = {x for a, b in spans for x in range(a, b)}
    assert covered >= {x for x, c in enumerate(text) if not c.isspace()}
    assert all(not text[a].isspace() and not text[b - 1].isspace() for a, b in spans)
