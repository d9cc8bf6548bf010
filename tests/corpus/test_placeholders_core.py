"""The placeholder finder's kinds on hand-made strings with known spans."""

import pytest

from tagmt.corpus.placeholders import expand, find, protect
from tagmt.errors import TagmtError


def _found(text, kinds, regexes=()):
    return [text[a:b] for a, b in find(text, kinds, regexes)]


@pytest.mark.parametrize("text, kinds, expected", [
    ("Delete %1$s?", ["printf"], ["%1$s"]),
    ("%d of %ld files, 100%% done", ["printf"], ["%d", "%ld", "%%"]),
    ("Hello %@, %-5.2f", ["printf"], ["%@", "%-5.2f"]),
    ("100% sure", ["printf"], []),
    ("Hi %(name)s, %(n)d left", ["python"], ["%(name)s", "%(n)d"]),
    ("{count} files in {0}", ["brace"], ["{count}", "{0}"]),
    ("{{user}} joined {{ team.name }}", ["mustache"], ["{{user}}", "{{ team.name }}"]),
    ("{{user}} has {count} and %s", ["auto"], ["{{user}}", "{count}", "%s"]),
    ("Ticket #123-A42 opened", [], ["#123-A42"]),
])
def test_kinds(text, kinds, expected):
    regexes = [r"#\d+-[A-Z]\d+"] if not kinds else []
    assert _found(text, kinds, regexes) == expected


def test_protect_escapes_text_and_keeps_the_placeholder_as_written():
    tagged, codes = protect("R&D: %1$s < {n}", ["auto"], first_id=3)
    assert tagged == 'R&amp;D: <x id="3"/> &lt; <x id="4"/>'
    assert [c.open for c in codes.values()] == ["%1$s", "{n}"]
    assert all(c.element == "ph" for c in codes.values())


def test_bad_kind_and_bad_regex_are_one_line():
    with pytest.raises(TagmtError, match="unknown placeholder kind"):
        expand(["printf", "ruby"])
    with pytest.raises(TagmtError, match="not a regular expression"):
        find("x", [], ["("])
    with pytest.raises(TagmtError, match="empty string"):
        find("x", [], ["a*"])


def test_render_puts_the_codes_back_and_escapes_text_the_formats_way():
    import json

    from tagmt.corpus.model import Segment

    tagged, codes = protect('Delete "%1$s" & {n}?', ["auto"])
    segment = Segment("1", tagged, codes=codes)
    as_json = segment.render('L&apos;élément <x id="2"/> "<x id="1"/>" &amp; <b>', lambda t: json.dumps(t, ensure_ascii=False)[1:-1])
    assert as_json == 'L\'élément {n} \\"%1$s\\" & <b>'
