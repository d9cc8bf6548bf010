"""tagmt project --input DOC / --xliff F with --translation MT.txt: the MT lines, in the order of `tagmt views
--input DOC --view plain --side source`, become the document's targets with its codes; another count is one
line; the review page without --ref."""

import re
from pathlib import Path

import pytest
from lxml import etree

from tagmt.cli import main
from tagmt.corpus import read_corpus

SAMPLE = Path(__file__).resolve().parents[2] / "data" / "sample" / "files"
NS = "{urn:oasis:names:tc:xliff:document:2.0}"

pytestmark = pytest.mark.skipif(not __import__("tagmt.preflight", fromlist=["x"]).module_available("eflomal"),
                                reason="eflomal is not installed")


def _views(path, out):
    assert main(["views", "--input", str(path), "--view", "plain", "--side", "source", "-o", str(out)]) == 0
    return out


def test_views_plain_lines_back_into_the_xliff_give_its_sources(tmp_path):
    plain = _views(SAMPLE / "guide.xliff2.xlf", tmp_path / "plain.txt")
    out = tmp_path / "out.xlf"
    assert main(["project", "--xliff", str(SAMPLE / "guide.xliff2.xlf"), "--translation", str(plain),
                 "--overwrite", "-o", str(out)]) == 0
    corpus = read_corpus(out)
    written = [s for s in corpus.segments if s.reference is not None and not s.locked]
    assert len(written) >= 7
    for segment in written:
        if "CDATA" not in segment.source:
            assert segment.reference == segment.source
    assert etree.parse(str(out)).getroot().get("trgLang")


def test_input_with_a_line_count_that_differs_is_one_line(tmp_path, capsys):
    mt = tmp_path / "mt.txt"
    mt.write_text("one\ntwo\n")
    assert main(["project", "--input", str(SAMPLE / "guide.xliff12.xlf"), "--translation", str(mt),
                 "-o", str(tmp_path / "o.xlf")]) != 0
    error = capsys.readouterr().err.strip()
    assert "\n" not in error and re.search(r"mt.txt has 2 lines but .*guide.xliff12.xlf has 9 segments.*views", error)
    assert not (tmp_path / "o.xlf").exists()


def test_input_needs_translation(tmp_path, capsys):
    assert main(["project", "--input", str(SAMPLE / "guide.xliff12.xlf"), "-o", str(tmp_path / "o.xlf")]) != 0
    assert "--input takes the MT lines" in capsys.readouterr().err


def test_human_targets_are_kept_and_the_review_page_says_so(tmp_path):
    plain = _views(SAMPLE / "guide.xliff12.xlf", tmp_path / "plain.txt")
    mt = tmp_path / "mt.txt"
    mt.write_text(plain.read_text().upper())
    out, page = tmp_path / "out.xlf", tmp_path / "review.html"
    assert main(["project", "--input", str(SAMPLE / "guide.xliff12.xlf"), "--translation", str(mt),
                 "-o", str(out), "--html", str(page)]) == 0
    before = read_corpus(SAMPLE / "guide.xliff12.xlf")
    after = read_corpus(out)
    for old, new in zip(before.segments, after.segments):
        if old.may_write(False, True) is not None:
            assert new.reference == old.reference
        else:
            assert new.reference is None or new.reference == new.reference.upper() or "<" in new.reference
    html = page.read_text()
    assert 'id="summary"' in html and 'class="kept"' in html and "<script>" not in html.split("</h1>", 1)[1]


def test_placeholders_a_line_holds_stay_where_it_has_them(tmp_path):
    source, mt, out = tmp_path / "ui.en", tmp_path / "ui.de", tmp_path / "out.de"
    source.write_text("Delete %1$s from %2$s?\n<b>{count}</b> files\n")
    mt.write_text("%2$s: %1$s löschen?\nDateien: {count}\n")
    assert main(["project", "--source", str(source), "--translation", str(mt), "--src-lang", "en",
                 "--trg-lang", "de", "--placeholders", "printf,brace", "-o", str(out)]) == 0
    assert out.read_text().splitlines() == ["%2$s: %1$s löschen?", "Dateien: <b>{count}</b>"]
