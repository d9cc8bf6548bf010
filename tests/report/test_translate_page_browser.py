"""``tagmt translate --ref --html`` in a real headless browser (Debian's chromium): the rendered page has
the JSON report's exact count, one row per miss and per segment of another text, the class filter works
through the address, and nothing is loaded from anywhere."""

from __future__ import annotations

import json
from pathlib import Path

import lxml.html
import pytest

from tagmt.cli import main
from tagmt.corpus.lines import read_segments, write_lines
from tagmt.testing.browser import find_chromium, page_url, screenshot

from .test_browser import rendered, rendered_assessment
from .test_html import external_references

pytestmark = pytest.mark.skipif(find_chromium() is None,
                                reason="chromium is not installed (apt-get install chromium): browser tests skipped")

FILES = Path(__file__).resolve().parents[2] / "data" / "sample" / "files"


def test_translate_page_in_the_browser(tmp_path: Path) -> None:
    from tagmt.preflight import module_available

    if not module_available("eflomal"):
        pytest.skip("eflomal is not installed (the projection's aligner)")
    # half the references are replaced by another text, so that the page has both kinds of rows
    references = read_segments(FILES / "guide.de")
    sources = read_segments(FILES / "guide.en")
    ref = tmp_path / "ref.de"
    write_lines(ref, [sources[k] if k % 2 else r for k, r in enumerate(references)])
    page, report = tmp_path / "translate.html", tmp_path / "report.json"
    assert main(["translate", "--approach", "dp", "--input", str(FILES / "guide.en"), "--src-lang", "en",
                 "--trg-lang", "de", "--model", "reference", "--ref", str(FILES / "guide.de"),
                 "-o", str(tmp_path / "out.de"), "--report", str(report), "--html", str(page)]) == 0
    dom, assessed = rendered_assessment(page, report)
    rows = dom.xpath('//tbody[@id="miss-rows"]/tr')
    assert len(rows) == assessed["tagged_segments"] - assessed["exact_segments"]
    assert external_references(lxml.html.tostring(dom, encoding="unicode")) == []
    screenshot(page_url(page), tmp_path / "translate.png")

    # the output copied (dt, de to de) against a reference of which half has another text
    other, other_page = tmp_path / "other.json", tmp_path / "other.html"
    assert main(["translate", "--approach", "dt", "--input", str(tmp_path / "out.de"), "--src-lang", "de-DE",
                 "--trg-lang", "de-AT", "--model", "copy", "--ref", str(ref), "-o", str(tmp_path / "copy.de"),
                 "--report", str(other), "--html", str(other_page)]) == 0
    assessed = json.loads(other.read_text(encoding="utf-8"))
    differs = assessed["text_differs"]["segments"]
    assert differs == len(references) // 2
    dom = rendered(other_page)
    exact = dom.xpath('//*[@id="exact"]')[0]
    assert int(exact.get("data-exact")) == assessed["exact_segments"]
    assert int(exact.get("data-tagged")) == assessed["tagged_segments"] == len(references) - differs
    misses = assessed["tagged_segments"] - assessed["exact_segments"]
    assert len(dom.xpath('//tbody[@id="miss-rows"]/tr')) == misses + differs
    filtered = rendered(other_page, "class=text%20differs")
    rows = filtered.xpath('//tbody[@id="miss-rows"]/tr')
    assert len(rows) == differs and {r.get("data-class") for r in rows} == {"text differs"}
    assert all("present" in r.xpath('.//div[contains(@class, "figures")]')[0].text_content() for r in rows)
    screenshot(page_url(other_page, "class=text%20differs"), tmp_path / "other.png")
