"""A pseudo-translated HTML page in a real headless browser (Debian's chromium): the DOM Chromium builds from
the written page has the same elements as the original's, the translated text where it was written, and
the untouched parts (code, pre, notranslate, script) as they were."""

from __future__ import annotations

import re
from pathlib import Path

import lxml.html
import pytest

from tagmt.corpus import read_corpus
from tagmt.testing.browser import dump_dom, find_chromium, page_url
from tagmt.xmltext import escape, unescape

pytestmark = pytest.mark.skipif(find_chromium() is None,
                                reason="chromium is not installed (apt-get install chromium): browser tests skipped")

SAMPLE = Path(__file__).resolve().parents[2] / "data" / "sample" / "files" / "sample.html"


def pseudo(tagged: str) -> str:
    parts = re.split(r"(<[^>]+>)", tagged)
    return "".join(p if p.startswith("<") else escape(unescape(p).upper()) for p in parts)


def rendered(path: Path) -> lxml.html.HtmlElement:
    return lxml.html.fromstring(dump_dom(page_url(path)))


def test_pseudo_translated_page_renders_with_the_same_elements(tmp_path: Path) -> None:
    corpus = read_corpus(SAMPLE)
    out = corpus.write(tmp_path / "sample.de.html", [pseudo(s.source) for s in corpus.segments], trg_lang="de")
    original, written = rendered(SAMPLE), rendered(out)
    assert [e.tag for e in written.iter() if isinstance(e.tag, str)] == [
        e.tag for e in original.iter() if isinstance(e.tag, str)]
    assert written.get("lang") == "de"
    assert written.xpath("string(//h1)") == "CREATE A WORK PACK"
    assert written.xpath("//a/@title") == ["SHIPPING GUIDE"] and written.xpath("//img/@alt") == ["ADD ICON"]
    assert written.xpath("string(//code)") == "wp create --new" and written.xpath("string(//pre)") == "wp ship --all"
    assert written.xpath("string(//span[@class='notranslate'])") == "ACME Cloud"
    assert written.xpath("string(//p[@translate='no'])") == "ACME-WP-0042"
    assert "not text" in written.xpath("string(//script)")
