"""``tagmt project``: the tags of tagged sources put into any MT output, for line files and XLIFF, run as users
run it; bad input is one line, exit 2, no output."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from tagmt.cli import main
from tagmt.corpus import read_corpus
from tagmt.corpus.lines import read_segments, write_lines
from tagmt.xmltext import unescape
from tagmt.markup import is_well_formed, strip, tokenize
from tagmt.safexml import parse_bytes


@pytest.fixture(scope="module")
def files(sample_data):
    return sample_data / "files"


def tags(segment: str) -> Counter:
    return Counter(t.text for t in tokenize(segment) if t.is_markup)


def test_line_files(files, tmp_path, capsys):
    translation = write_lines(tmp_path / "mt.de", [unescape(strip(line)) for line in read_segments(files / "guide.de")])
    out = tmp_path / "out.de"
    assert main(["project", "--source", str(files / "guide.en"), "--translation", str(translation),
                 "--src-lang", "en", "--trg-lang", "de", "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert "projected the tags of 12 of 12 segments in" in err
    assert "XML-escaped" not in err  # escaping & < > is what the format asks: nothing to say (issue 33)
    # 12 pairs are too few for eflomal to learn words from: the run says so and what to give it
    assert "eflomal learned its word links from 12 sentence pairs only" in err and "--align-corpus" in err
    sources, plain, outputs = read_segments(files / "guide.en"), read_segments(translation), read_segments(out)
    for source, text, output in zip(sources, plain, outputs):
        assert tags(output) == tags(source)  # exactly the source's tags
        assert unescape(strip(output)) == text  # the translation's text, only escaped
        assert is_well_formed(tokenize(output))
    assert outputs[10].startswith("Geben Sie &lt;name&gt; in das Feld")  # <name> in the MT output is text


def test_xliff_targets_without_codes_get_them(files, tmp_path, capsys):
    given = read_corpus(files / "guide.xliff12.xlf")
    plain = [strip(s.reference) for s in given.segments]
    # The sample with the targets' codes removed, except in the first unit, which keeps them.
    text = (files / "guide.xliff12.xlf").read_text("utf-8")
    for segment, stripped in list(zip(given.segments, plain))[1:]:
        text = text.replace(_target_xml(text, segment.id), stripped, 1) if _target_xml(text, segment.id) else text
    source = tmp_path / "mt.xlf"
    source.write_text(text, encoding="utf-8")
    out = tmp_path / "out.xlf"
    assert main(["project", "--xliff", str(source), "--overwrite", "-o", str(out)]) == 0
    err = capsys.readouterr().err
    # the first unit and the two segments of the segmented one kept their codes
    assert "projected the tags of 6 of 9 segments" in err and "(left as they were: 3 already with the source's codes)" in err
    parse_bytes(out.read_bytes(), out)
    before = read_corpus(source)
    after = read_corpus(out)
    for b, a in zip(before.segments, after.segments):
        assert tags(a.reference) == tags(b.source)
        assert strip(a.reference) == strip(b.reference)
    assert re.sub(r"<target\b.*?</target>", "", out.read_text("utf-8"), flags=re.DOTALL) == \
        re.sub(r"<target\b.*?</target>", "", text, flags=re.DOTALL)


def _target_xml(text: str, segment_id: str) -> str | None:
    """The content of the (whole-unit) target of unit ``segment_id`` in the sample, for units without seg-source."""
    match = re.search(rf'<trans-unit id="{re.escape(segment_id)}".*?<target[^>]*>(.*?)</target>', text, re.DOTALL)
    return match.group(1) if match and "<mrk mtype=\"seg\"" not in match.group(1) else None


@pytest.mark.parametrize("case, message", [
    ("counts", "has 12 lines but"),
    ("tagged", ":3: the translation already contains tags of the source (1 lines do)"),
    ("empty", "the file is empty"),
    ("no-langs", "--source needs --src-lang, --trg-lang"),
    ("bad-lang", "--trg-lang 'Deutsch' is not a language code"),
    ("xliff-lines", "--xliff takes an XLIFF 1.2 or 2.x file, not a lines file"),
    # (issue 32: --xliff with --translation puts MT lines into the targets; another line count is refused)
    ("translation-with-xliff", "has 12 lines but"),
])
def test_bad_input(files, tmp_path, capsys, case, message):
    mt = tmp_path / "mt.de"
    plain = [unescape(strip(line)) for line in read_segments(files / "guide.de")]
    if case == "counts":
        write_lines(mt, plain[:-1])
    elif case == "tagged":
        plain[2] = "Geben Sie den Namen in das Feld <b>Benutzername</b> ein."
        write_lines(mt, plain)
    elif case == "empty":
        mt.write_text("", encoding="utf-8")
    else:
        write_lines(mt, plain)
    args = {"no-langs": ["--source", str(files / "guide.en"), "--translation", str(mt)],
            "bad-lang": ["--source", str(files / "guide.en"), "--translation", str(mt), "--src-lang", "en",
                         "--trg-lang", "Deutsch"],
            "xliff-lines": ["--xliff", str(files / "guide.en")],
            "translation-with-xliff": ["--xliff", str(files / "guide.xliff2.xlf"), "--translation", str(mt)],
            }.get(case, ["--source", str(files / "guide.en"), "--translation", str(mt), "--src-lang", "en",
                         "--trg-lang", "de"])
    out = tmp_path / "out"
    assert main(["project", *args, "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tagmt: error: ") and err.count("\n") == 1 and message in err
    assert not out.exists()


def test_eflomal_and_awesome_combined_from_the_command_line(files, tmp_path, capsys):
    """--aligner eflomal+awesome: --aligner-model reaches the awesome part (eflomal has a `model` option too)."""
    from tagmt.testing.tiny_bert import build_tiny_bert

    sources = read_segments(files / "guide.en")
    plain = [unescape(strip(line)) for line in read_segments(files / "guide.de")]
    words = {w for line in [*plain, *(unescape(strip(s)) for s in sources)] for w in line.split()}
    bert = build_tiny_bert(tmp_path / "bert", words)
    translation = write_lines(tmp_path / "mt.de", plain)
    out = tmp_path / "out.de"
    assert main(["project", "--source", str(files / "guide.en"), "--translation", str(translation),
                 "--src-lang", "en", "--trg-lang", "de", "--aligner", "eflomal+awesome",
                 "--aligner-model", str(bert), "--device", "cpu", "-o", str(out)]) == 0
    assert "projected the tags of 12 of 12 segments" in capsys.readouterr().err
    for source, text, output in zip(sources, plain, read_segments(out)):
        assert tags(output) == tags(source)
        assert unescape(strip(output)) == text

    # --aligner-model without an awesome part is refused in one line
    assert main(["project", "--source", str(files / "guide.en"), "--translation", str(translation),
                 "--src-lang", "en", "--trg-lang", "de", "--aligner-model", str(bert), "-o", str(out)]) == 2
    assert "--aligner-model is for --aligner awesome" in capsys.readouterr().err


def test_awesome_options_route_to_the_awesome_part():
    from tagmt.aligner_names import awesome_options

    assert awesome_options("eflomal", "m", "cpu") == {}
    assert awesome_options("awesome", "m", "cpu") == {"model": "m", "device": "cpu"}
    assert awesome_options("eflomal+awesome", "m") == {"awesome.model": "m"}
    assert awesome_options("eflomal+awesome", device="cuda") == {"awesome.device": "cuda"}


def test_enough_parallel_text_silences_the_small_corpus_advice(files, tmp_path, capsys):
    plain = [unescape(strip(line)) for line in read_segments(files / "guide.de")]
    translation = write_lines(tmp_path / "mt.de", plain)
    more_en = write_lines(tmp_path / "more.en", [f"Line number {k} of the manual." for k in range(100)])
    more_de = write_lines(tmp_path / "more.de", [f"Zeile Nummer {k} des Handbuchs." for k in range(100)])
    assert main(["project", "--source", str(files / "guide.en"), "--translation", str(translation),
                 "--src-lang", "en", "--trg-lang", "de", "--align-corpus", str(more_en), str(more_de),
                 "-o", str(tmp_path / "out.de")]) == 0
    err = capsys.readouterr().err
    assert "100 extra parallel lines" in err and "sentence pairs only" not in err
