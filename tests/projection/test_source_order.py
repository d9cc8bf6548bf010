"""The source-order convention (`conventions.keeps_source_order`, stage `source-order`): where the examples keep the
source's order of interchangeable tags although their words reorder, a projection does the same; where they follow
the words, or say nothing, the tags follow the words. French, German and Hungarian word orders."""

from __future__ import annotations

import pytest

from tagmt.projection import detag, project_batch
from tagmt.projection.conventions import ORDER_KEY, Conventions, has_interchangeable, interchangeable

from test_conventions import LexiconAligner

WORDS = {"annual": "annuel", "report": "rapport", "final": "final", "list": "liste", "new": "nouveau",
         "plan": "plan", "short": "court", "text": "texte", "the": "le", "a": "un"}
SOURCE = "The <g id=\"1\">annual</g> <g id=\"2\">report</g>."
TRANSLATION = "Le rapport annuel."


def _examples(keep: bool) -> list[tuple[str, str]]:
    """Three examples whose words reorder: the reference keeps the source's order of ids, or follows the words."""
    pairs = [("final", "list", "liste", "final"), ("new", "plan", "plan", "nouveau"), ("short", "text", "texte", "court")]
    out = []
    for adj, noun, first, second in pairs:
        source = f'The <g id="1">{adj}</g> <g id="2">{noun}</g>.'
        ids = ("1", "2") if keep else ("2", "1")
        out.append((source, f'Le <g id="{ids[0]}">{first}</g> <g id="{ids[1]}">{second}</g>.'))
    return out


@pytest.mark.parametrize("keep, expected", [
    (True, 'Le <g id="1">rapport</g> <g id="2">annuel</g>.'),   # the domain keeps the source's order
    (False, 'Le <g id="2">rapport</g> <g id="1">annuel</g>.'),  # the domain follows the words
])
def test_the_examples_decide_whether_ids_follow_the_source_or_the_words(keep, expected):
    out = project_batch([detag(SOURCE)], [TRANSLATION], "en", "fr", LexiconAligner(WORDS), examples=_examples(keep))
    assert out[0] == expected


def test_without_examples_the_tags_follow_the_words():
    assert project_batch([detag(SOURCE)], [TRANSLATION], "en", "fr", LexiconAligner(WORDS))[0] == \
        'Le <g id="2">rapport</g> <g id="1">annuel</g>.'


def test_tags_that_differ_beyond_their_ids_are_never_exchanged():
    assert interchangeable(detag('<g id="1">a</g>').tags[0]) == interchangeable(detag('<g id="7">a</g>').tags[0])
    assert interchangeable(detag("<b>a</b>").tags[0]) != interchangeable(detag("<i>a</i>").tags[0])
    assert has_interchangeable(detag('<g id="1">a</g> <g id="2">b</g>'))
    assert not has_interchangeable(detag("<b>a</b> <i>b</i>"))
    conventions = Conventions()
    conventions.right[ORDER_KEY] = 1
    assert not conventions.keeps_source_order()  # one example says too little
    conventions.right[ORDER_KEY] = 3
    assert conventions.keeps_source_order()
    conventions.wrong[ORDER_KEY] = 3
    assert not conventions.keeps_source_order()


def test_tags_written_alike_are_no_evidence_and_never_renumbered():
    """`<ui>A</ui> … <ui>B</ui>`: the k-th is matched with the k-th by position anyway; nothing to learn or swap."""
    assert not has_interchangeable(detag("<ui>Save</ui> and <ui>Close</ui>"))
    examples = [(f"<ui>{a}</ui> and <ui>{b}</ui>", f"<ui>{c}</ui> und <ui>{d}</ui>")
                for a, b, c, d in [("final", "list", "liste", "final"), ("new", "plan", "plan", "nouveau"),
                                   ("short", "text", "texte", "court")]]
    out = project_batch([detag("<ui>annual</ui> and <ui>report</ui>")], ["rapport und annuel"], "en", "fr",
                        LexiconAligner({**WORDS, "and": "und"}), examples=examples)
    assert out[0] == "<ui>rapport</ui> und <ui>annuel</ui>"
