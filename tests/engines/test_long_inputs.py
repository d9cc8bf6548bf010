"""Inputs longer than a seq2seq model's positions are translated sentence by sentence, never cut silently
(tagmt.engines.hf: Seq2SeqEngine._fitting_pieces), on the tiny M2M-100 loaded through load_engine. The
model's limit is lowered on the loaded engine so that a few sentences exceed it; what is asserted is how
the input is cut and joined and what is counted, never what the random model writes."""

from __future__ import annotations

import pytest

from tagmt.engines import load_engine

LONG = " ".join(f"The system creates document number {k} for you." for k in range(12))


@pytest.fixture()
def small_engine(tiny_m2m100_dir):
    engine = load_engine(str(tiny_m2m100_dir), device="cpu", beam=1)
    engine._max_positions = 42  # a limit of 40 input tokens: a few sentences of LONG each
    return engine


def test_a_long_input_is_translated_in_sentence_pieces_that_fit(small_engine, capsys):
    ((pieces, breaks),), lengths, _, _ = small_engine._fitting_pieces([LONG])
    assert len(pieces) > 1 and breaks == [False] * (len(pieces) - 1)
    # the pieces' lengths are the tokenizer's: the batches are those `plan_batches(pieces)` cuts
    assert lengths == [len(ids) for ids in small_engine.tokenizer(pieces)["input_ids"]]
    assert " ".join(pieces) == LONG  # whole sentences, in order, nothing left out
    limit = small_engine._max_input_tokens()
    small_engine.tokenizer.src_lang = "en"
    assert all(len(ids) <= limit for ids in small_engine.tokenizer(pieces)["input_ids"])
    whole = small_engine.translate([LONG], "en", "ja")[0]
    assert whole == "".join(small_engine.translate(pieces, "en", "ja"))  # Japanese: joined by nothing
    assert small_engine.translate([LONG], "en", "de")[0] == " ".join(small_engine.translate(pieces, "en", "de"))
    assert small_engine.record()["long_inputs"] == {"split": 2, "cut": 0}
    assert "translated sentence by sentence" in capsys.readouterr().err


def test_short_inputs_are_translated_whole_and_nothing_is_counted(small_engine):
    texts = ["Save it.", "Close it. Open it."]
    small_engine.tokenizer.src_lang = "en"
    lengths = [len(ids) for ids in small_engine.tokenizer(texts)["input_ids"]]
    assert small_engine._fitting_pieces(texts) == ([(["Save it."], []), (["Close it. Open it."], [])], lengths, 0, 0)
    small_engine.translate(["Save it.", ""], "en", "ja")
    assert small_engine.record()["long_inputs"] == {"split": 0, "cut": 0}


def test_a_single_sentence_over_the_limit_is_cut_and_said(small_engine, capsys):
    text = "Start. " + " ".join(["word"] * 80) + " end. Last one."
    ((pieces, _),), _, _, cut = small_engine._fitting_pieces([text])
    assert pieces[0].startswith("Start.") and pieces[-1].endswith("Last one.") and cut == 1
    small_engine.translate([text], "en", "de")
    assert small_engine.record()["long_inputs"] == {"split": 1, "cut": 1}
    assert "cut to it" in capsys.readouterr().err


def test_line_breaks_of_a_long_input_are_kept_between_pieces(small_engine):
    text = "\n".join(f"Line {k} has several words in it for the model." for k in range(8))
    ((pieces, breaks),), _, _, _ = small_engine._fitting_pieces([text])
    assert len(pieces) == 8 and all(breaks)
    out = small_engine.translate([text], "en", "de")[0]
    assert out == "\n".join(small_engine.translate(pieces, "en", "de"))


def test_a_tagged_input_is_never_cut_inside_a_tag():
    from tagmt.engines.hf import _outside_markup
    from tagmt.projection.sentences import sentence_spans

    text = 'Open it. Then <a title="It works. There">go</a> on. Done.'
    spans = sentence_spans(text)
    assert [text[a:b] for a, b in spans][:2] == ["Open it.", 'Then <a title="It works.']
    assert [text[a:b] for a, b in _outside_markup(text, spans)] == [
        "Open it.", 'Then <a title="It works. There">go</a> on.', "Done."]
    assert _outside_markup("No tags. Here.", sentence_spans("No tags. Here.")) == sentence_spans("No tags. Here.")
