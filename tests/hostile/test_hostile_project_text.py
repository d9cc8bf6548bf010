"""``tagmt project`` line files: one escaping rule for plain translations, and no private stand-in leaking.

- a --translation line is read as every tagmt line file is: XML references (``&amp;``, ``&#10;``, ``&lt;``,
  ``&#x41;`` …) are their characters, any other ``&``/``<``/``>`` is itself; ``&amp;`` and ``&#10;`` follow the
  same rule (before: ``&amp;`` came out as ``&amp;amp;`` while ``&#10;`` became a line break);
- U+FDD0–U+FDD2, tagmt's internal stand-ins for ``& < >`` during projection, come out as themselves
  (before: as ``&amp;`` ``&lt;`` ``&gt;``);
- property (hypothesis): any text, written escaped into a line file, comes back as the output's text.
"""

from __future__ import annotations

import tempfile
from collections import Counter
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.corpus.lines import read_segments
from tagmt.xmltext import escape, unescape
from tagmt.linecodec import encode_line
from tagmt.markup import strip, tokenize
from tagmt.projection import detag
from tagmt.translation.hygiene import RunReport
from tagmt.translation.pipelines import ProjectionSetup, project_translations
from tagmt.translation.projection import project_lines

SOURCE = 'The <b>quick</b> brown <g id="1">fox &amp; dog</g> jumps<x id="2"/>.'


class LinkEverything:
    """Links every source word to every target word (tags land wherever projection puts them)."""

    name = "all-pairs"
    learns_from_corpus = False

    def align(self, src_words, trg_words):
        return [{(i, j) for i in range(len(s)) for j in range(len(t))} for s, t in zip(src_words, trg_words)]


class Diagonal:
    name = "diagonal"
    learns_from_corpus = False

    def align(self, src_words, trg_words):
        return [{(k, k) for k in range(min(len(s), len(t)))} for s, t in zip(src_words, trg_words)]


def markup(text: str) -> Counter:
    return Counter(t.text for t in tokenize(text, orphans=True) if t.is_markup)


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_any_translation_text_comes_back_as_the_output_text(text):
    for aligner in (LinkEverything(), Diagonal()):
        [output] = project_translations([detag(SOURCE)], [text], ProjectionSetup("en", "de", aligner, escaped=True,
                                                                                 remove_tags=False),
                                        report=RunReport(segments=1))
        assert unescape(strip(output)) == text
        assert markup(output) == markup(SOURCE)


def project_one_line(translation_line: str) -> str:
    """``tagmt project`` on a two-line file whose second translation line is ``translation_line``."""
    with tempfile.TemporaryDirectory() as folder:
        folder = Path(folder)
        (folder / "src.en").write_text(f"Hello <b>world</b>\n{SOURCE}\n", encoding="utf-8")
        (folder / "mt.de").write_bytes(f"Hallo Welt\n{translation_line}\n".encode("utf-8", "surrogatepass"))
        project_lines(folder / "src.en", folder / "mt.de", folder / "out.de", src_lang="en", trg_lang="de",
                      aligner=Diagonal())
        raw = (folder / "out.de").read_text(encoding="utf-8").split("\n")[1]
        decoded = read_segments(folder / "out.de")[1]
        assert markup(decoded) == markup(SOURCE)
        return raw, unescape(strip(decoded))


@settings(max_examples=150, deadline=None)
@given(st.text())
def test_any_user_text_round_trips_through_a_line_file(text):
    raw, back = project_one_line(encode_line(escape(text)))
    assert back == text
    assert "\n" not in raw


def test_amp_and_line_break_references_follow_one_rule():
    raw, back = project_one_line("Das R&amp;D Team&#10;sagt &lt;hallo&gt; &#x41; R&D")
    assert back == "Das R&D Team\nsagt <hallo> A R&D"
    assert "&amp;amp;" not in raw and "&#10;" in raw and raw.count("&amp;") == 2 and "&lt;" in raw
    raw, back = project_one_line("ein wörtliches &amp;amp; und &amp;#10;")
    assert back == "ein wörtliches &amp; und &#10;"


def test_stand_in_characters_come_out_as_themselves():
    raw, back = project_one_line("Die \ufdd0 Katze \ufdd1 und \ufdd2 & <")
    assert back == "Die \ufdd0 Katze \ufdd1 und \ufdd2 & <"
    assert "\ufdd0" in raw and raw.count("&amp;") == 1 and raw.count("&lt;") == 1
