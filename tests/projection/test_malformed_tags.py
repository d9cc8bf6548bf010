"""Tags that are not well-formed XML inside one segment — an element opened or closed in another segment,
overlapping elements, comments, declarations (`<!ENTITY …>`), HTML void elements written `<br>` — are carried
as codes and placed like any other: projection (`project_batch`, `tagmt.project`, `tagmt project`) and
`translate` (DT keeps them, DP projects them) give every output exactly its source's tags, text unchanged,
never a traceback and never a whole file refused. Hypothesis tag soups over a few words, and hand-made cases
(of the kinds ModernMT's projector tests exercise — written here, not copied) with given links."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.markup import DECLARATION, tokenize, unpaired
from tagmt.projection import detag, project_batch
from tagmt.translation.hygiene import clean_direct_output

REPO = Path(__file__).resolve().parents[2]


class Diagonal:
    name = "diagonal"
    learns_from_corpus = False

    def align(self, src_words, trg_words):
        return [{(k, k) for k in range(min(len(s), len(t)))} for s, t in zip(src_words, trg_words)]


def tags_of(tagged: str) -> Counter:
    return Counter(t.text for t in tokenize(tagged, orphans=True) if t.is_markup)


def text_of(tagged: str) -> str:
    return "".join(t.text for t in tokenize(tagged, orphans=True) if not t.is_markup)


# --------------------------------------------------------------------------- the tokenizer

def test_declarations_are_markup_points_and_never_element_names():
    tokens = tokenize('<!ENTITY k "a>b"> Test <!DOCTYPE html>')
    markup = [t for t in tokens if t.is_markup]
    assert [(t.kind, t.name, t.text) for t in markup] == [
        ("empty", DECLARATION, '<!ENTITY k "a>b">'), ("empty", DECLARATION, "<!DOCTYPE html>")]
    assert "".join(t.text for t in tokens) == '<!ENTITY k "a>b"> Test <!DOCTYPE html>'
    assert not any(t.is_markup for t in tokenize("a <!-x> <![CDATA[y]]> <!ENTITY unclosed"))


def test_unpaired_names_lone_overlapping_and_void_tags():
    tokens = tokenize("<b>a <i>b</b> c</i> <br> d</div>", orphans=True)
    loose = sorted(tokens[k].text for k in unpaired(tokens))
    assert loose == ["</div>", "</i>", "<br>", "<i>"]
    assert unpaired(tokenize("<b>a <i>b</i></b>", orphans=True)) == set()


def test_a_declaration_scan_stays_linear():
    import time

    text = "<!A " * 20000  # every declaration unclosed: each failed match stops at the next <
    started = time.perf_counter()
    assert not any(t.is_markup for t in tokenize(text))
    assert time.perf_counter() - started < 2


# --------------------------------------------------------------------------- projection, tag soups

WORDS = ["alpha", "beta", "gamma", "delta", "eps"]
CODES = ["<b>", "</b>", "<i>", "</i>", "<br>", "<br/>", '<x id="1"/>', "<!-- note -->", '<!ENTITY e "v">',
         '<div class="a">', "</div>", "</p>"]


@st.composite
def soups(draw):
    """A few words with codes drawn anywhere between them (at word edges), well formed or not."""
    words = draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=6))
    parts = []
    for word in words:
        parts.append("".join(draw(st.lists(st.sampled_from(CODES), max_size=2))))
        parts.append(word + draw(st.sampled_from(["", " "])))
    parts.append("".join(draw(st.lists(st.sampled_from(CODES), max_size=2))))
    return "".join(parts), " ".join(w.upper() for w in reversed(words))


@settings(max_examples=120, deadline=None)
@given(soups())
def test_any_tag_soup_projects_with_exactly_its_tags_and_the_text_unchanged(soup):
    source, translation = soup
    out = project_batch([detag(source)], [translation], "en", "de", Diagonal())[0]
    assert tags_of(out) == tags_of(source)
    assert text_of(out) == translation


@settings(max_examples=60, deadline=None)
@given(soups())
def test_dt_keeps_a_malformed_sources_own_tags_where_the_output_has_them(soup):
    source, _ = soup
    kept, removed = clean_direct_output(source, source)  # the copy engine: the output is the source
    assert removed == 0 and tags_of(kept) == tags_of(source)


def test_dt_still_removes_tags_the_source_does_not_have_or_has_fewer_of():
    kept, removed = clean_direct_output("a<br>b </div>", "a<br>b<br> </div><u>x</u>")
    assert kept == "a<br>b </div>x" and removed == 3


# --------------------------------------------------------------------------- hand-made cases, given links

CASES = [
    # (source, translation, links, source tokens, target tokens, expected)
    ("Turn <u>this</u> on", "Schalte das ein", "0-0 1-1 2-2", "Turn this on", "Schalte das ein",
     "Schalte <u>das</u> ein"),
    ("one <open>two three", "eins zwei drei", "0-0 1-1 2-2", "one two three", "eins zwei drei",
     "eins <open>zwei drei"),
    ("one two</shut> three", "drei eins zwei", "0-1 1-2 2-0", "one two three", "drei eins zwei",
     "drei eins zwei</shut>"),
    ("<b>red <i>green</b> blue</i>", "rot grün blau", "0-0 1-1 2-2", "red green blue", "rot grün blau",
     "<b>rot <i>grün</b> blau</i>"),
    ("first<br>second", "erste zweite", "0-0 1-1", "first second", "erste zweite", "erste<br>zweite"),
    ("Say <!-- a remark --> hello", "Sag hallo", "0-0 1-1", "Say hello", "Sag hallo", None),
    ("Say <!-- a remark -->", "Sag eine Bemerkung", "0-0 1-1 2-2", "Say a remark", "Sag eine Bemerkung",
     "Sag <!--eine Bemerkung-->"),
    ('<!ENTITY t "x"> Title', "Titel", "0-0", "Title", "Titel", '<!ENTITY t "x">Titel'),
    ("<p></p>", "", "", "", "", "<p></p>"),
]


@pytest.mark.parametrize("source, translation, links, src_tok, trg_tok, expected", CASES)
def test_malformed_cases_with_given_links(source, translation, links, src_tok, trg_tok, expected):
    import tagmt

    out = tagmt.project(source, translation, src_lang="en", trg_lang="de", alignment=links, tokens=(src_tok, trg_tok))
    if expected is None:  # a comment the aligner did not read as words stays one code, its text untranslated
        assert tags_of(out) == tags_of(source) and text_of(out) == translation
    else:
        assert out.replace(" ", "") == expected.replace(" ", "")  # (whitespace at tag edges aside)
        if "<!--" not in out:  # (an opened comment's translated text reads as a comment again)
            assert text_of(out) == translation


def test_project_and_translate_copy_keep_malformed_tags_of_a_line_file(tmp_path):
    lines = ["Line one<br>and two", "<div>Opened here", "closed here</div> ok", "<b>a <i>b</b> c</i> d",
             'See <!-- note --> this <!ENTITY k "v"> now']
    (tmp_path / "src.en").write_text("\n".join(lines) + "\n", encoding="utf-8")
    env = {"PYTHONPATH": str(REPO / "src"), "TAGMT_DEFAULT_LEXICON": "none", "PATH": "/usr/bin:/bin",
           "HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "tagmt", "translate", "--model", "copy", "--approach", "dt",
                           "--src-lang", "en", "--trg-lang", "de", "--input", "src.en", "-o", "out.dt"],
                          cwd=tmp_path, capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "out.dt").read_text(encoding="utf-8").splitlines() == lines
    assert "0 of 5 outputs differ" in done.stderr
    pytest.importorskip("eflomal")
    done = subprocess.run([sys.executable, "-m", "tagmt", "translate", "--model", "copy", "--approach", "dp",
                           "--src-lang", "en", "--trg-lang", "de", "--input", "src.en", "-o", "out.dp"],
                          cwd=tmp_path, capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    for line, out in zip(lines, (tmp_path / "out.dp").read_text(encoding="utf-8").splitlines()):
        assert tags_of(out) == tags_of(line) and text_of(out) == text_of(line)
