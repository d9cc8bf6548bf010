"""Prompt files and few-shot examples (tagmt.engines.prompts), and cleaning of chat answers
(tagmt.engines.cleaning), on hand-made strings with known answers."""

from __future__ import annotations

import pytest

from tagmt.engines.cleaning import clean_output
from tagmt.engines.prompts import (
    KINDS,
    default_prompt,
    language_name,
    load_prompt,
    parse_prompt,
    select_examples,
)
from tagmt.errors import TagmtError


@pytest.mark.parametrize("kind", KINDS)
def test_default_prompts_load_and_fill(kind):
    prompt = default_prompt(kind)
    messages = prompt.messages("Choose <b>{source}</b>.", "en", "ja")
    assert [m["role"] for m in messages] == ["system", "user"]
    assert "English" in messages[0]["content"] and "Japanese" in messages[0]["content"]
    # The segment is inserted once, as written: braces inside it are not placeholders.
    assert messages[1]["content"] == "Choose <b>{source}</b>."
    assert "#" not in messages[0]["content"].splitlines()[0]


def test_dt_prompt_asks_to_keep_tags_and_dp_does_not_mention_them():
    assert "Keep every tag" in default_prompt("dt").system
    assert "tag" not in default_prompt("dp").system.lower()


def test_parse_prompt_sections_and_comments():
    prompt = parse_prompt("# comment\n[system]\nBe {trg_name}.\n# kept inside\n[user]\nText: {source}\n",
                          "dt", "p.txt")
    assert prompt.system == "Be {trg_name}.\n# kept inside"
    assert prompt.messages("x", "en", "de")[0]["content"] == "Be German.\n# kept inside"
    assert prompt.messages("x", "en", "de")[1]["content"] == "Text: x"


@pytest.mark.parametrize("text, message", [
    ("[system]\nhi\n", r"p.txt: no \[user\] section"),
    ("[user]\nno placeholder\n", r"no \{source\} placeholder"),
    ("hello\n[user]\n{source}\n", r"p.txt:1: text before the first"),
    ("[user]\n{source}\n[user]\n{source}\n", r"p.txt:3: a second \[user\]"),
])
def test_parse_prompt_errors_name_the_file(text, message):
    with pytest.raises(TagmtError, match=message):
        parse_prompt(text, "dt", "p.txt")


def test_missing_prompt_file(tmp_path):
    with pytest.raises(TagmtError, match="prompt file .* not found"):
        load_prompt(tmp_path / "none.txt", "dt")


def test_examples_become_turns_and_change_the_digest():
    base = default_prompt("dt")
    shot = base.with_examples([("a <b>b</b>", "A <b>B</b>")])
    messages = shot.messages("c", "en", "de")
    assert [m["role"] for m in messages] == ["system", "user", "assistant", "user"]
    assert messages[1]["content"] == "a <b>b</b>" and messages[2]["content"] == "A <b>B</b>"
    assert shot.digest != base.digest and len(base.digest) == 16


def test_read_examples(tmp_path):
    """--examples SRC TRG (the prompt's few-shot pairs and the projection's examples): line k with line k, line
    breaks restored, pairs with an empty side left out."""
    from tagmt.translation.guide import example_pairs, read_examples

    src, trg = tmp_path / "s", tmp_path / "t"
    src.write_text("one&#10;two\n\nthree\n", encoding="utf-8")
    trg.write_text("eins&#10;zwei\nleer\ndrei\n", encoding="utf-8")
    assert example_pairs(read_examples([src, trg])) == [("one\ntwo", "eins\nzwei"), ("three", "drei")]
    trg.write_text("eins\n", encoding="utf-8")
    with pytest.raises(TagmtError, match="has 3 lines but"):
        read_examples([src, trg])


def test_select_examples():
    pairs = [("plain", "schlicht"), ("a <b>x</b>", "A <b>X</b>"), ("b <x/>", "B <x/>")]
    assert select_examples(pairs, 2, "dt") == [pairs[1], pairs[2]]
    assert select_examples(pairs, 2, "dp") == [("plain", "schlicht"), ("a x", "A X")]
    assert select_examples(pairs, 3, "document") == []
    assert select_examples(pairs, 0, "dt") == []


def test_language_names():
    assert language_name("zf") == "Traditional Chinese" and language_name("xx") == "xx"


@pytest.mark.parametrize("answer, source, expected", [
    ("Hallo Welt", "Hello world", "Hallo Welt"),
    ("  Hallo Welt \n", "Hello world", "Hallo Welt"),
    ("Here is the translation:\n\nWählen Sie <g id=\"1\">Sichern</g>.", "Choose Save.",
     "Wählen Sie <g id=\"1\">Sichern</g>."),
    ("Sure! Here's the German translation:\nHallo", "Hello", "Hallo"),
    ("```xml\n<p>Hallo</p>\n```", "<p>Hello</p>", "<p>Hallo</p>"),
    ("Here you go:\n```\nHallo\n```\nHope this helps!", "Hello", "Hallo"),
    ("```\nHallo", "Hello", "Hallo"),
    ("Translation: Hallo Welt", "Hello world", "Hallo Welt"),
    ("**German:** Hallo Welt", "Hello world", "Hallo Welt"),
    ("<think>The user wants German.</think>\nHallo", "Hello", "Hallo"),
    ("<think>never closed, cut off", "Hello", ""),
    ("\"Hallo Welt\"", "Hello world", "Hallo Welt"),
    ("„Hallo Welt“", "Hello world", "Hallo Welt"),
    ("\"Hallo\" und \"Welt\"", "\"Hello\" and \"world\"", "\"Hallo\" und \"Welt\""),
    ("\"Hallo Welt\"", "\"Hello world\"", "\"Hallo Welt\""),
    ("Hallo Welt\n\nNote: I kept the tags.", "Hello world", "Hallo Welt"),
    # Never touched: a colon inside the translation, a source line that itself ends with a colon.
    ("Der Betrag: 5", "Amount: 5", "Der Betrag: 5"),
    ("Translation: see below", "Translation: see below", "Translation: see below"),
    ("Here are the steps:\n1. Open", "手順は次のとおりです：\n1. 開く", "Here are the steps:\n1. Open"),
])
def test_clean_output(answer, source, expected):
    assert clean_output(answer, source, "de") == expected
