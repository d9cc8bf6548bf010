"""``tagmt project`` and ``tagmt translate`` with examples of the domain (--examples, --examples-data/--examples-split),
extra parallel text for the aligner (--align-corpus) and a tagged reference to measure against (--ref, --report),
run as users run them."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from tagmt.cli import main
from tagmt.corpus import read_corpus
from tagmt.corpus.lines import read_segments, write_lines
from tagmt.xmltext import unescape
from tagmt.markup import strip, tokenize
from tagmt.projection import detag

# Russian UI labels: the target adds «» quotes that the English source does not have. Whether they go inside
# or outside the tag, the source cannot show; the examples do.
TERMS = [("End date", "Дата завершения"), ("Start date", "Дата начала"), ("Name", "Имя"), ("Status", "Статус"),
         ("Owner", "Владелец"), ("Price", "Цена"), ("Amount", "Сумма"), ("Region", "Регион"),
         ("Currency", "Валюта"), ("Country", "Страна"), ("Language", "Язык"), ("Title", "Заголовок")]
FRAMES = [("Enter the {} here.", "Введите здесь {}."), ("Choose the {} field.", "Выберите поле {}."),
          ("The {} is required.", "Поле {} обязательно.")]


def _tagged(inside: bool, start: str = "<parmname>", end: str = "</parmname>") -> tuple[list[str], list[str]]:
    sources, targets = [], []
    for k, (en, ru) in enumerate(TERMS):
        source, target = FRAMES[k % 3]
        sources.append(source.format(f"{start}{en}{end}"))
        quoted = f"{start}«{ru}»{end}" if inside else f"«{start}{ru}{end}»"
        targets.append(target.format(quoted))
    return sources, targets


@pytest.fixture
def quotes(tmp_path):
    """Examples (8 pairs) and a test set (4 pairs) for both conventions: quotes inside and outside the tag."""
    made = {}
    for inside in (True, False):
        sources, targets = _tagged(inside)
        name = "inside" if inside else "outside"
        made[name] = {
            "ex_src": write_lines(tmp_path / f"ex.{name}.en", sources[:8]),
            "ex_trg": write_lines(tmp_path / f"ex.{name}.ru", targets[:8]),
            "ref": write_lines(tmp_path / f"ref.{name}.ru", targets[8:]),
        }
    sources, targets = _tagged(True)
    made["source"] = write_lines(tmp_path / "test.en", sources[8:])
    made["mt"] = write_lines(tmp_path / "mt.ru", [strip(t) for t in targets[8:]])
    return made


def _project(quotes, tmp_path, *extra: str) -> list[str]:
    out = tmp_path / "out.ru"
    assert main(["project", "--source", str(quotes["source"]), "--translation", str(quotes["mt"]),
                 "--src-lang", "en", "--trg-lang", "ru", "-o", str(out), *extra]) == 0
    return read_segments(out)


@pytest.mark.parametrize("convention", ["inside", "outside"])
def test_examples_teach_where_added_quotes_go(quotes, tmp_path, capsys, convention):
    given = quotes[convention]
    report = tmp_path / "report.json"
    outputs = _project(quotes, tmp_path, "--examples", str(given["ex_src"]), str(given["ex_trg"]),
                       "--ref", str(given["ref"]), "--report", str(report))
    assert outputs == read_segments(given["ref"])
    err = capsys.readouterr().err
    assert "learned from 8 example pairs (8 tagged) and 0 extra parallel lines for the aligner" in err
    assert "tagmt project: exact: 4/4 tagged segments (100.0 %)" in err
    assert "tagmt project:   parmname: 4/4 exact" in err
    assessment = json.loads(report.read_text("utf-8"))
    assert assessment["exact_percent"] == 100.0 and assessment["by_tag"]["parmname"] == {
        "tags": 4, "exact": 4, "errors": {}}


def test_without_examples_one_convention_misses_and_ref_says_why(quotes, tmp_path, capsys):
    """No examples: the neutral default keeps quotes that hug a term with it; the outside convention then
    misses by punctuation only, which --ref reports per tag name."""
    report = tmp_path / "report.json"
    _project(quotes, tmp_path, "--ref", str(quotes["outside"]["ref"]), "--report", str(report))
    assessment = json.loads(report.read_text("utf-8"))
    assert assessment["tagged_segments"] == 4 and assessment["exact_segments"] == 0
    assert assessment["errors"] == {"punctuation": 4}
    assert assessment["by_tag"]["parmname"]["errors"] == {"punctuation": 4}
    assert "errors: punctuation 4" in capsys.readouterr().err


def test_align_corpus_reaches_the_aligner(quotes, tmp_path, capsys):
    extra_en = write_lines(tmp_path / "big.en", ["The price is required.", "Choose the region."] * 5)
    extra_ru = write_lines(tmp_path / "big.ru", ["Цена обязательна.", "Выберите регион."] * 5)
    outputs = _project(quotes, tmp_path, "--align-corpus", str(extra_en), str(extra_ru))
    assert "0 example pairs (0 tagged) and 10 extra parallel lines for the aligner" in capsys.readouterr().err
    for output, text in zip(outputs, read_segments(quotes["mt"])):
        assert strip(output) == text and output.count("<parmname>") == 1


def test_xliff_with_examples_from_an_xliff_file_and_ref(sample_data, tmp_path, capsys):
    """One XLIFF file with tagged targets serves as examples; --ref (the same XLIFF with its tagged targets)
    scores the projected targets."""
    files = sample_data / "files"
    text = (files / "guide.xliff12.xlf").read_text("utf-8")
    given = read_corpus(files / "guide.xliff12.xlf")
    for segment in given.segments:  # the targets' codes removed where the target is the unit's whole content
        match = re.search(rf'<trans-unit id="{re.escape(segment.id)}".*?<target[^>]*>(.*?)</target>', text, re.DOTALL)
        if match and '<mrk mtype="seg"' not in match.group(1):
            text = text.replace(match.group(1), strip(segment.reference), 1)
    bare = tmp_path / "bare.xlf"
    bare.write_text(text, encoding="utf-8")
    out, report = tmp_path / "out.xlf", tmp_path / "report.json"
    assert main(["project", "--xliff", str(bare), "--examples", str(files / "guide.xliff12.xlf"),
                 "--ref", str(files / "guide.xliff12.xlf"), "--report", str(report), "--overwrite", "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert "learned from" in err and "tagmt project: exact:" in err
    assessment = json.loads(report.read_text("utf-8"))
    projected = sum(1 for a, b in zip(read_corpus(bare).segments, given.segments)
                    if a.reference is not None and strip(a.reference) == a.reference and a.reference != b.reference)
    assert assessment["tagged_segments"] == projected > 0
    same = sum(1 for a, b, c in zip(read_corpus(bare).segments, read_corpus(out).segments, given.segments)
               if a.reference is not None and strip(a.reference) == a.reference and a.reference != c.reference
               and b.reference == c.reference)
    assert assessment["exact_segments"] == same >= projected // 2
    assert sum(assessment["errors"].values()) == projected - same
    for after, before in zip(read_corpus(out).segments, given.segments):
        assert Counter(t.text for t in tokenize(after.reference) if t.is_markup) == \
            Counter(t.text for t in tokenize(before.source) if t.is_markup)


def test_examples_from_the_sap_tree(sample_data, tmp_path, capsys):
    """--examples-data/--examples-split: the tagged pairs of the SAP tree's direction (here the bundled sample's
    en-ja), projected onto their own plain references, are placed as the references have them."""
    from tagmt.corpus import sap

    corpus = sap.read(sample_data, None, "en-ja")
    pairs = [(s.source, s.reference) for s in corpus.segments
             if s.reference and detag(s.source).tags and not {"&", "<<"} & set(re.findall("&|<<", s.source))][:20]
    # The SAP view's text is not escaped; line files are: escape it the way a user's line files would be.
    from tagmt.xmltext import escape

    def escaped(tagged: str) -> str:
        return "".join(t.text if t.is_markup else escape(t.text) for t in tokenize(tagged))

    source = write_lines(tmp_path / "src.en", [escaped(s) for s, _ in pairs])
    ref = write_lines(tmp_path / "ref.ja", [escaped(t) for _, t in pairs])
    mt = write_lines(tmp_path / "mt.ja", [strip(t) for _, t in pairs])
    out, report = tmp_path / "out.ja", tmp_path / "report.json"
    assert main(["project", "--source", str(source), "--translation", str(mt), "--src-lang", "en", "--trg-lang",
                 "ja", "--examples-data", str(sample_data), "--ref", str(ref), "--report", str(report),
                 "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert f"learned from {len([s for s in corpus.segments if s.reference and s.source.strip()])} example pairs" in err
    assessment = json.loads(report.read_text("utf-8"))
    # the examples hold these very pairs (the sample is small: 15 of 20 measured)
    assert assessment["tagged_segments"] == len(pairs)
    assert assessment["exact_segments"] >= 0.6 * len(pairs)
    for output, text in zip(read_segments(out), read_segments(mt)):
        assert unescape(strip(output)) == text


def test_translate_dp_learns_from_examples(tmp_path):
    """tagmt translate --approach dp: the same --examples that an LLM would get as few-shot examples teach the
    projection (here onto the reference engine's plain text)."""
    sources, targets = _tagged(False, '<g id="1">', "</g>")  # XLIFF 1.2 inline codes
    tagged_src = write_lines(tmp_path / "in.en", sources[8:])
    tagged_ref = write_lines(tmp_path / "in.ru", targets[8:])
    ex_src = write_lines(tmp_path / "ex.en", sources[:8])
    ex_trg = write_lines(tmp_path / "ex.ru", targets[:8])
    out = tmp_path / "out.ru"
    xliff = tmp_path / "in.xlf"
    units = "".join(
        f'<trans-unit id="{k}"><source>{s}</source><target>{t}</target></trans-unit>'
        for k, (s, t) in enumerate(zip(read_segments(tagged_src), read_segments(tagged_ref)), start=1))
    xliff.write_text(
        '<?xml version="1.0" encoding="UTF-8"?><xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">'
        f'<file original="t" source-language="en" target-language="ru" datatype="plaintext"><body>{units}'
        '</body></file></xliff>', encoding="utf-8")
    assert main(["translate", "--input", str(xliff), "--approach", "dp", "--model", "reference", "--no-cache",
                 "--examples", str(ex_src), str(ex_trg), "--overwrite", "-o", str(out)]) == 0
    projected = read_corpus(out).segments
    assert [s.reference for s in projected] == read_segments(tagged_ref)


@pytest.mark.parametrize("argv, message", [
    (["project", "--source", "S", "--translation", "T", "--src-lang", "en", "--trg-lang", "de", "--report", "r.json",
      "-o", "o"], "--report writes the assessment of --ref"),
    (["project", "--source", "S", "--translation", "T", "--src-lang", "en", "--trg-lang", "de", "--examples-split",
      "dev", "-o", "o"], "--examples-split goes with --examples-data"),
    (["translate", "--input", "S", "--src-lang", "en", "--trg-lang", "de", "--approach", "dt", "--model", "copy",
      "--align-corpus", "a", "b", "-o", "o"], "--align-corpus is for the projection of --approach dp or --repair"),
    (["translate", "--input", "S", "--src-lang", "en", "--trg-lang", "de", "--approach", "dt", "--model", "copy",
      "--examples", "a", "b", "-o", "o"], "--examples is for the projection of --approach dp or --repair project "
                                          "(or the prompt of an LLM engine)"),
    (["translate", "--input", "S", "--approach", "dp", "--model", "copy", "--examples", "a", "b", "c", "-o", "o"],
     "--examples takes one XLIFF/TMX file or two line files"),
])
def test_bad_guide_options(tmp_path, capsys, monkeypatch, argv, message):
    monkeypatch.chdir(tmp_path)
    write_lines(tmp_path / "S", ["a <b>b</b>"])
    write_lines(tmp_path / "T", ["a b"])
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("tagmt: error: ") and message in err and "Traceback" not in err
    assert not (tmp_path / "o").exists()


def test_examples_must_be_translations(tmp_path, capsys):
    write_lines(tmp_path / "S", ["a <b>b</b>"])
    write_lines(tmp_path / "T", ["a b"])
    assert main(["project", "--source", str(tmp_path / "S"), "--translation", str(tmp_path / "T"), "--src-lang", "en",
                 "--trg-lang", "de", "--examples", str(tmp_path / "S"), "-o", str(tmp_path / "o")]) == 2
    assert "--examples with one file takes an XLIFF or TMX file with targets" in capsys.readouterr().err
