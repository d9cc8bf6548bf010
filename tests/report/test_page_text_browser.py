"""Issue 33 item 8: the evaluation page shows a file's text, not its escapes (``Security &amp; Privacy`` is
shown ``Security & Privacy``), in headless Chromium; a data set's tagged view (text not escaped) as it is."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import lxml.html
import pytest

from tagmt.cli import main
from tagmt.markup import TaggedSegment
from tagmt.report import chips
from tagmt.testing.browser import dump_dom, find_chromium, page_url

REFS = ["Security &amp; Privacy <b>settings</b>", "Type &lt;name&gt; and press <g id=\"1\">OK</g>."]
HYPS = ["Security &amp; Privacy settings", "Type &lt;name&gt; and press <g id=\"1\">OK</g>."]


def test_chips_show_characters_for_escaped_text():
    segment = TaggedSegment.parse('R&amp;D &lt;x&gt; <b a="1&amp;2">b</b>&#10;')
    assert chips.draw(segment, escaped=True) == ["R&D <x> ", ['<b a="1&amp;2">', "b"], "b", ["</b>", "b"], "\n"]
    assert chips.draw(segment)[0] == "R&amp;D &lt;x&gt; "  # a data set's view: as it is


@pytest.mark.skipif(find_chromium() is None, reason="chromium is not installed (apt-get install chromium)")
def test_the_page_shows_the_ampersand(tmp_path: Path):
    ref, hyp, page = tmp_path / "ref.en", tmp_path / "hyp.en", tmp_path / "eval.html"
    ref.write_text("\n".join(REFS) + "\n", encoding="utf-8")
    hyp.write_text("\n".join(HYPS) + "\n", encoding="utf-8")
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["evaluate", "--ref", str(ref), "--trg-lang", "en", "--hyp", str(hyp), "-m", "xml-chrf",
                     "--html", str(page)]) == 0
    dom = lxml.html.fromstring(dump_dom(page_url(page)))
    refs = [td.text_content() for td in dom.xpath('//tbody[@id="segment-rows"]//td[@class="ref"]')]
    hyps = [td.text_content() for td in dom.xpath('//tbody[@id="segment-rows"]//td[@class="hyp"]')]
    assert refs[0] == "Security & Privacy <b>settings</b>"
    assert refs[1] == 'Type <name> and press <g id="1">OK</g>.'
    assert hyps[0].startswith("Security & Privacy settings")
    assert "&amp;" not in "".join(refs + hyps) and "&lt;" not in "".join(refs + hyps)
