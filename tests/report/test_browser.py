"""The report pages in a real headless browser (Debian's chromium): the DOM after the scripts ran holds
the systems and their scores as ``--format json`` gives them, the per-tag report, the segment rows, the
query-string filters; hostile segments stay text; nothing is loaded from anywhere. Screenshots go to the
test's temporary folder (look at them with ``--basetemp``)."""

from __future__ import annotations

import json
from pathlib import Path

import lxml.html
import pytest

from tagmt.cli import main
from tagmt.corpus.lines import write_lines
from tagmt.xmltext import unescape
from tagmt.data.dataset import open_dataset
from tagmt.data.directions import parse_direction
from tagmt.data.views import parallel_segments
from tagmt.markup import strip, tokenize
from tagmt.report.evaluation_page import evaluation_page
from tagmt.testing.browser import dump_dom, find_chromium, page_url, screenshot
from tagmt.testing.perturb import perturb_all

from .test_html import HOSTILE, SYSTEMS, collected, external_references

pytestmark = pytest.mark.skipif(find_chromium() is None,
                                reason="chromium is not installed (apt-get install chromium): browser tests skipped")

SAMPLE_FILES = Path(__file__).resolve().parents[2] / "data" / "sample" / "files"


def rendered(path: Path, query: str = "") -> lxml.html.HtmlElement:
    return lxml.html.fromstring(dump_dom(page_url(path, query)))


def rendered_assessment(page: Path, report: Path) -> tuple[lxml.html.HtmlElement, dict]:
    """A projection page rendered, and its --report JSON; the page's exact and tagged counts are the JSON's."""
    assessed = json.loads(report.read_text(encoding="utf-8"))
    dom = rendered(page)
    exact = dom.xpath('//*[@id="exact"]')[0]
    assert int(exact.get("data-exact")) == assessed["exact_segments"]
    assert int(exact.get("data-tagged")) == assessed["tagged_segments"]
    return dom, assessed


def shown(cell) -> str:
    """The segment text of a cell: its text runs and chips, without the error badges."""
    for badge in cell.xpath('.//span[contains(@class, "badge")]'):
        badge.drop_tree()
    return cell.text_content()


def text(parts) -> str:
    return "".join(p if isinstance(p, str) else p[0] for p in parts)


def evaluate_two_systems(folder: Path, data: Path | None, split: str | None, *options: str):
    """Two systems (the en-ja reference with its tags disturbed) scored to JSON and to a page."""
    import contextlib
    import io

    references = [s.target for s in parallel_segments(open_dataset(data), split, parse_direction("en-ja"))]
    hyps = []
    for seed, name in ((1, "first.ja"), (2, "second.ja")):
        hyps.append(str(write_lines(folder / name, perturb_all(references, seed))))
    page = folder / "eval.html"
    where = (["--data", str(data)] if data else []) + (["--split", split] if split else [])
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        assert main(["evaluate", *where, "--pair", "en-ja", "--hyp", *hyps, *options,
                     "--tag-report", "--format", "json", "--html", str(page)]) == 0
    return page, json.loads(buffer.getvalue()), references, folder


@pytest.fixture(scope="module")
def evaluated(tmp_path_factory: pytest.TempPathFactory):
    """The bundled sample, with a significance test."""
    return evaluate_two_systems(tmp_path_factory.mktemp("evaluate-html"), None, None,
                                "--paired-bs", "--samples", "50")


def page_data(page: Path) -> dict:
    tree = lxml.html.fromstring(page.read_text(encoding="utf-8"))
    return json.loads(tree.xpath('//script[@id="report-data"]')[0].text)


def test_evaluation_page_shows_the_json_scores_and_segments(evaluated) -> None:
    page, scores, references, folder = evaluated
    dom = check_evaluation_page(page, scores, references)
    assert dom.xpath('//table[@class="systems"]//span[starts-with(text(), "p = ")]')  # the second system's p-values
    shot = screenshot(page_url(page), folder / "evaluation.png")
    assert shot.stat().st_size > 20_000


def test_evaluation_page_on_the_sap_dev_split(sap_dev: Path, tmp_path: Path) -> None:
    page, scores, references, _ = evaluate_two_systems(tmp_path, sap_dev, "dev",
                                                       "--metric", "raw-chrf", "tag-chrf", "markup-match", "xml-chrf")
    check_evaluation_page(page, scores, references)


def check_evaluation_page(page: Path, scores: dict, references: list[str]) -> lxml.html.HtmlElement:
    """The rendered page against the JSON output: systems, every score and signature, the per-tag report,
    the first page of segment rows with their reference text; nothing external."""
    dom = rendered(page)
    systems = scores["systems"]
    table_rows = dom.xpath('//table[@class="systems"]/tbody/tr')
    assert [r.findtext("th") for r in table_rows] == [s["hyp"] for s in systems]
    for row, system in zip(table_rows, systems):
        cells = {td.get("data-metric"): td for td in row.findall("td")}
        assert set(cells) == set(system["scores"])
        for key, value in system["scores"].items():
            raw = cells[key].get("data-value")
            assert (float(raw) if raw else None) == value
            assert cells[key].get("title") == system["signatures"][key]
            if value is not None:
                assert cells[key].text_content().startswith(f"{value:.2f}")
    # the per-tag report: the same rows as the JSON's "tags"
    report = [[td.text_content() for td in tr.findall("td")] for tr in dom.xpath('//table[@class="tag-report"]/tbody/tr')]
    expected = [[s["hyp"], r["tag"], *(str(r[c]) for c in ("reference", "hypothesis", "dropped", "inserted",
                                                            "misplaced", "attributes_changed"))]
                for s in systems for r in s["tags"]]
    assert report == expected
    assert dom.xpath("//svg[contains(@class, 'chart')]//rect")
    # segment rows: the first page, each with its reference text
    rows = dom.xpath('//tbody[@id="segment-rows"]/tr[contains(@class, "seg")]')
    assert len(rows) == min(50, len(references))
    for row in rows[:10]:
        line = int(row.get("data-line"))
        assert shown(row.xpath('td[@class="ref"]')[0]) == references[line - 1]
        assert len(row.xpath('td[@class="hyp"]')) == 2
    status = dom.xpath('//*[@id="segment-status"]')[0]
    assert status.get("data-total") == str(len(references))
    assert external_references(lxml.html.tostring(dom, encoding="unicode")) == []
    return dom


def test_filters_read_the_query_string(evaluated) -> None:
    page, _, references, _ = evaluated
    data = page_data(page)
    counted: dict[tuple[str, str], int] = {}
    for segment in data["segments"]:
        for name, kind in {(e[1], e[2]) for e in segment["e"]}:
            counted[(name, kind)] = counted.get((name, kind), 0) + 1
    (name, kind), expected = max(counted.items(), key=lambda item: item[1])
    dom = rendered(page, f"tag={name}&kind={kind}")
    status = dom.xpath('//*[@id="segment-status"]')[0]
    assert status.get("data-shown") == str(expected)
    rows = dom.xpath('//tbody[@id="segment-rows"]/tr')
    assert len(rows) == min(50, expected)
    wanted = {s["n"] for s in data["segments"] if any(e[1] == name and e[2] == kind for e in s["e"])}
    assert {int(r.get("data-line")) for r in rows} <= wanted
    # text search, any column, case-insensitive
    word = "Delivery"
    hits = [s["n"] for s in data["segments"]
            if word.lower() in "\n".join([text(s.get("s") or []), text(s["r"]), *(text(h[0]) for h in s["h"])]).lower()]
    assert hits
    dom = rendered(page, f"q={word.lower()}")
    assert dom.xpath('//*[@id="segment-status"]')[0].get("data-shown") == str(len(hits))
    # sorted by the score difference B − A: the first row has the largest difference
    metric = data["default_metric"]
    k = data["metrics"].index(metric)
    diffs = [(s["c"][1][k] - s["c"][0][k], s["n"]) for s in data["segments"]
             if s["c"][0][k] is not None and s["c"][1][k] is not None]
    best = max(d for d, _ in diffs)
    dom = rendered(page, "sort=diff")
    first = int(dom.xpath('//tbody[@id="segment-rows"]/tr')[0].get("data-line"))
    assert first in {n for d, n in diffs if d == best}


def test_hostile_segments_render_as_text(tmp_path: Path) -> None:
    page = tmp_path / "hostile.html"
    sources = [h.replace("\x00", "") for h in HOSTILE]
    page.write_text(evaluation_page(SYSTEMS[:1], collected(HOSTILE, {"base.ja": HOSTILE[::-1]}, sources=sources)),
                    encoding="utf-8")
    dom = rendered(page)
    scripts = dom.xpath("//script")
    assert len(scripts) == 3 and scripts[0].get("type") == "application/json"
    assert not dom.xpath("//img | //iframe | //object | //embed | //a[not(starts-with(@href, '#'))]")
    assert not [e for e in dom.iter() if isinstance(e.tag, str) for a in e.attrib if a.lower().startswith("on")]
    refs = [td.text_content() for td in dom.xpath('//tbody[@id="segment-rows"]//td[@class="ref"]')]
    assert refs == [h.replace("\x00", "\ufffd") for h in HOSTILE]  # shown literally (NUL made visible)
    assert "\u202eevil" in refs[5]
    screenshot(page_url(page), tmp_path / "hostile.png")


def test_projection_page_in_the_browser(tmp_path: Path, capsys) -> None:
    from tagmt.preflight import module_available

    if not module_available("eflomal"):
        pytest.skip("eflomal is not installed (the projection's aligner)")
    references = (SAMPLE_FILES / "guide.de").read_text(encoding="utf-8").splitlines()
    plain = write_lines(tmp_path / "plain.de", [unescape(strip(tokenize(r, orphans=True))) for r in references])
    page, report = tmp_path / "projection.html", tmp_path / "report.json"
    assert main(["project", "--source", str(SAMPLE_FILES / "guide.en"), "--translation", str(plain),
                 "--src-lang", "en", "--trg-lang", "de", "--ref", str(SAMPLE_FILES / "guide.de"),
                 "-o", str(tmp_path / "out.de"), "--report", str(report), "--html", str(page)]) == 0
    dom, assessed = rendered_assessment(page, report)
    misses = assessed["tagged_segments"] - assessed["exact_segments"]
    rows = dom.xpath('//tbody[@id="miss-rows"]/tr')
    assert len(rows) == misses
    outputs = (tmp_path / "out.de").read_text(encoding="utf-8").splitlines()
    for row in rows:
        line = int(row.get("data-line"))
        assert shown(row.xpath('td[@class="expected"]')[0]) == references[line - 1]
        assert shown(row.xpath('td[@class="got"]')[0]) == outputs[line - 1]
        assert row.xpath('td[@class="got"]//span[contains(@class, "e-x")]') or row.get("data-class") == "nesting"
    if misses:
        cls = rows[0].get("data-class")
        filtered = rendered(page, f"class={cls}")
        assert {r.get("data-class") for r in filtered.xpath('//tbody[@id="miss-rows"]/tr')} == {cls}
    assert external_references(lxml.html.tostring(dom, encoding="unicode")) == []
    screenshot(page_url(page), tmp_path / "projection.png")
