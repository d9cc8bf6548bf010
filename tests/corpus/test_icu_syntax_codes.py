"""ICU MessageFormat with ``--placeholders icu`` (and in ICU JSON files): a plural/select's syntax — argument,
keyword, selectors, braces — is codes, its sub-messages' text is text; a nested ICU message's ``{{`` does not make a
JSON file i18next."""

from __future__ import annotations

from pathlib import Path

from tagmt.corpus import read_corpus
from tagmt.corpus.placeholders import protect


def test_plural_syntax_is_codes_and_branches_are_text() -> None:
    tagged, codes = protect("{n, plural, one {# file by {who}} other {# files}} left", ("icu",))
    assert tagged == ('<x id="1"/># file by <x id="2"/><x id="3"/># files<x id="4"/> left')
    assert [c.open for c in codes.values()] == ["{n, plural, one {", "{who}", "} other {", "}}"]


def test_invalid_message_keeps_the_simple_arguments_only() -> None:
    tagged, codes = protect("{n, plural, one {# file} other", ("icu",))
    assert [c.open for c in codes.values()] == []
    assert tagged == "{n, plural, one {# file} other"


def test_json_with_nested_icu_is_read_as_icu(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    path.write_text('{"a": "{n, plural, one {{g, select, f {her} other {their}}} other {# files}}"}', "utf-8")
    segments = read_corpus(path).segments  # (issue 32: each sub-message a segment of its own, tagmt.corpus.icusplit)
    assert [(s.id, s.source) for s in segments] == [
        ("a#n=one#g=f", "her"), ("a#n=one#g=other", "their"), ("a#n=other", '<x id="1"/> files')]
    assert all("plural" not in s.source and "{" not in s.source for s in segments)
