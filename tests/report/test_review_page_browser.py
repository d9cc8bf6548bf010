"""The review page (translate --html / project --html without --ref) in headless Chromium: one row per
segment, chips paired by number on both sides, kept targets marked, a segment whose placeholders differ
flagged; hostile text stays text, no script runs, nothing is loaded."""

from __future__ import annotations

from pathlib import Path

import lxml.html
import pytest

from tagmt.cli import main
from tagmt.corpus.model import InlineCode
from tagmt.report.review_page import ReviewRow, differs, review_page, write_review_page
from tagmt.testing.browser import dump_dom, find_chromium, page_url
from tagmt.xmltext import escape

from .test_html import HOSTILE, external_references

SAMPLE = Path(__file__).resolve().parents[2] / "data" / "sample" / "files"
PH = {("x", "2"): InlineCode("x", "2", "ph", "%s")}


def test_rows_flag_other_codes_or_placeholders():
    same = ReviewRow("1", 'a <g id="1">b</g> <x id="2"/>', '<x id="2"/> <g id="1">B</g> A', PH, PH)
    moved = ReviewRow("2", 'a <x id="2"/>', "A", PH, {})
    assert not differs(same) and differs(moved)
    assert not differs(ReviewRow("3", "a", None, kept="final"))


def test_the_page_pairs_chips_and_escapes_everything():
    rows = [ReviewRow(str(k), f"{escape(text)} <x id=\"2\"/>", f"{escape(text.upper())} <x id=\"2\"/>", PH, PH)
            for k, text in enumerate(HOSTILE)]
    html = review_page(rows, about=HOSTILE[:2])
    body = html.split("</h1>", 1)[1]
    assert "<script" not in body.replace('<script type="application/json"', "") and "onerror=alert" not in \
        body.replace("onerror=alert(2)&gt;", "")
    assert external_references(html) == []
    tree = lxml.html.fromstring(html)
    for row in tree.xpath("//tbody/tr"):
        source, target = row.xpath("td[@class='seg']")
        assert [c.text for c in source.xpath(".//span[contains(@class,'chip')]")] == \
            [c.text for c in target.xpath(".//span[contains(@class,'chip')]")] == ["%s"]


@pytest.mark.skipif(find_chromium() is None, reason="chromium is not installed")
def test_translate_review_page_in_the_browser(tmp_path):
    source = tmp_path / "ui.en"
    source.write_text('Delete %1$s?\n<g id="1">{count}</g> files\n' + "".join(f"{escape(h)}\n" for h in HOSTILE[:4]))
    out, page = tmp_path / "ui.de", tmp_path / "review.html"
    assert main(["translate", "--input", str(source), "--src-lang", "en", "--trg-lang", "de", "--model", "pseudo",
                 "--approach", "dt", "--placeholders", "auto", "-o", str(out), "--html", str(page)]) == 0
    dom = lxml.html.fromstring(dump_dom(page_url(page)))
    summary = dom.xpath('//*[@id="summary"]')[0]
    assert summary.get("data-segments") == "6" and summary.get("data-differ") == "0"
    rows = dom.xpath("//tbody/tr")
    assert len(rows) == 6
    first_source, first_target = rows[0].xpath("td[@class='seg']")
    assert first_source.text_content() == "Delete %1$s?"
    assert first_target.text_content().startswith("[Ðéļéţé %1$s?")
    chips = rows[1].xpath(".//span[contains(@class,'chip')]")
    assert [c.text for c in chips] == ["⟨1", "{count}", "1⟩", "⟨1", "{count}", "1⟩"]
    assert [c.get("style") for c in chips[:3]] == [c.get("style") for c in chips[3:]]
    assert rows[2].xpath("td[@class='seg']")[0].text_content() == HOSTILE[0]
    assert not dom.xpath("//script[not(@type)]") and not dom.xpath("//img")
    assert external_references(lxml.html.tostring(dom, encoding="unicode")) == []


def test_project_page_marks_kept_targets_and_flags_a_lost_placeholder(tmp_path):
    rows = [ReviewRow("u1", "Keep", "Behalten", kept="final"),
            ReviewRow("u2", 'Delete <x id="2"/>?', "Löschen?", PH, {})]
    page = write_review_page(tmp_path / "p.html", rows)
    tree = lxml.html.fromstring(page.read_text())
    assert [tr.get("class") for tr in tree.xpath("//tbody/tr")] == ["kept", "differs"]
    assert tree.xpath('//*[@id="summary"]')[0].get("data-differ") == "1"
