"""``tagmt translate --input``: XLIFF 1.2, XLIFF 2.0, TMX and tagged line files translated for real (offline
engines, the tiny M2M-100) and written back in their own format."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from tagmt.cli import main
from tagmt.corpus import read_corpus
from tagmt.corpus.lines import read_segments
from tagmt.markup import is_well_formed, strip, tokenize
from tagmt.safexml import parse_bytes

XLIFF12 = "guide.xliff12.xlf"
XLIFF2 = "guide.xliff2.xlf"


@pytest.fixture(scope="module")
def files(sample_data):
    return sample_data / "files"


def tags(segment: str) -> Counter:
    return Counter(t.text for t in tokenize(segment) if t.is_markup)


def outside_targets(text: str) -> str:
    text = re.sub(r"\s*<target\b[^>]*>.*?</target>", "", text, flags=re.DOTALL)
    return re.sub(r' state(-qualifier)?="[^"]*"| subState="tagmt:mt"', "", text)


@pytest.mark.parametrize("name", [XLIFF12, XLIFF2])
@pytest.mark.parametrize("approach", ["dt", "dp"])
def test_copy_gives_the_sources_back_as_targets(files, tmp_path, capsys, name, approach):
    out = tmp_path / "out.xlf"
    assert main(["translate", "--input", str(files / name), "--approach", approach, "--model", "copy",
                 "--overwrite", "-o", str(out)]) == 0
    err = capsys.readouterr().err
    kind = "XLIFF 1.2" if name == XLIFF12 else "XLIFF 2"
    assert f"wrote 9 segments (copy, {approach}, en-de) as {kind} to {out}" in err
    given, written = (files / name).read_text("utf-8"), out.read_text("utf-8")
    assert outside_targets(written) == outside_targets(given)  # units, ids, notes, sources: byte for byte
    parse_bytes(out.read_bytes(), out)  # well formed
    corpus = read_corpus(out)
    for segment in corpus.segments:
        assert tags(segment.reference) == tags(segment.source)  # every code is back
        assert strip(segment.reference) == strip(segment.source)  # the copy's text
    if approach == "dt":
        assert [s.reference for s in corpus.segments] == [s.source for s in corpus.segments]


def test_xliff12_state_and_codes_byte_for_byte(files, tmp_path):
    out = tmp_path / "out.xlf"
    assert main(["translate", "--input", str(files / XLIFF12), "--approach", "dt", "--model", "copy", "--overwrite",
                 "-o", str(out)]) == 0
    text = out.read_text("utf-8")
    assert text.count('state="needs-review-translation" state-qualifier="mt-suggestion"') == 8  # 8 units translated
    assert ('<target><mrk mtype="seg" mid="1">' not in text)
    assert ('<ph id="1">&lt;a href="mailto:help@example.com"><sub>help@example.com</sub>&lt;/a></ph>.</target>' in text)
    assert "<source>tagmt --help</source>\n   </trans-unit>" in text  # translate="no": no target


def test_reference_dp_on_xliff2_measures_projection(files, tmp_path):
    out = tmp_path / "out.xlf"
    assert main(["translate", "--input", str(files / XLIFF2), "--approach", "dp", "--model", "reference",
                 "--overwrite", "-o", str(out)]) == 0
    given = read_corpus(files / XLIFF2)
    for before, after in zip(given.segments, read_corpus(out).segments):
        assert strip(after.reference) == strip(before.reference)  # the reference text, untouched
        assert tags(after.reference) == tags(before.source)


def test_line_files_need_their_languages_and_stay_line_files(files, tmp_path, capsys):
    out = tmp_path / "out.de"
    assert main(["translate", "--input", str(files / "guide.en"), "--approach", "dt", "--model", "m2m100",
                 "-o", str(out)]) == 2  # (copy and pseudo need no language: test_language_free_engines)
    assert "no source language: a line file carries none; pass --src-lang" in capsys.readouterr().err
    assert not out.exists()
    assert main(["translate", "--input", str(files / "guide.en"), "--src-lang", "en", "--trg-lang", "de-DE",
                 "--approach", "dp", "--model", "copy", "-o", str(out)]) == 0
    lines = read_segments(out)
    sources = read_segments(files / "guide.en")
    assert len(lines) == len(sources)
    assert all(tags(line) == tags(src) and strip(line) == strip(src) for line, src in zip(lines, sources))
    assert out.read_text("utf-8").splitlines()[11].startswith("First line&#10;second line")


def test_tmx_in_line_file_out(tmp_path):
    tmx = tmp_path / "m.tmx"
    tmx.write_text('<?xml version="1.0"?><tmx version="1.4"><header srclang="en" segtype="sentence" o-tmf="x" '
                   'adminlang="en" datatype="x" creationtool="x" creationtoolversion="1"/><body>'
                   '<tu><tuv xml:lang="en"><seg>Click <bpt i="1">&lt;b&gt;</bpt>Save<ept i="1">&lt;/b&gt;</ept></seg></tuv>'
                   '<tuv xml:lang="fr"><seg>Cliquez sur <bpt i="1">&lt;b&gt;</bpt>Enregistrer<ept i="1">&lt;/b&gt;</ept>'
                   "</seg></tuv></tu></body></tmx>", encoding="utf-8")
    out = tmp_path / "out.fr"
    assert main(["translate", "--input", str(tmx), "--approach", "dt", "--model", "reference", "-o", str(out)]) == 0
    assert read_segments(out) == ['Cliquez sur <g id="1">Enregistrer</g>']


def test_tiny_m2m100_dt_on_xliff_is_well_formed_with_valid_codes(files, tiny_m2m100_dir, tmp_path, capsys,
                                                                   private_run_cache):
    out = tmp_path / "out.xlf"
    argv = ["translate", "--input", str(files / XLIFF2), "--approach", "dt", "--model", str(tiny_m2m100_dir),
            "--device", "cpu", "--beam", "1", "--overwrite", "-o", str(out)]
    assert main(argv) == 0
    parse_bytes(out.read_bytes(), out)
    (cache,) = (private_run_cache / "runs").glob("*.jsonl")  # finished segments cached, as for --pair
    record = json.loads((tmp_path / "out.xlf.run.json").read_text("utf-8"))
    assert record["format"] == "xliff2" and record["direction"] == "en-de" and record["segments"] == 9
    assert record["engine"]["settings"]["num_beams"] == 1 and set(record["changes"]) >= {"dt_tags_removed"}
    first = out.read_bytes()
    assert main(argv) == 0  # a second run reads every segment back from the cache: the same file
    assert out.read_bytes() == first and len(cache.read_text("utf-8").splitlines()) == 9
    given = read_corpus(files / XLIFF2)
    for before, after in zip(given.segments, read_corpus(out).segments):
        assert after.reference is None or is_well_formed(tokenize(after.reference))
        # only the source's codes, each at most once
        assert not (tags(after.reference or "") - tags(before.source))


def test_tiny_m2m100_dp_output_carries_exactly_the_sources_tags(files, tiny_m2m100_dir, tmp_path, capsys):
    """Regression (issue 10): in DP, tag-like text the model wrote stayed in the output as extra markup."""
    out = tmp_path / "out.de"
    assert main(["translate", "--input", str(files / "guide.en"), "--src-lang", "en", "--trg-lang", "de",
                 "--approach", "dp", "--model", str(tiny_m2m100_dir), "--device", "cpu", "-o", str(out)]) == 0
    for line, source in zip(read_segments(out), read_segments(files / "guide.en")):
        assert tags(line) == tags(source)
        assert is_well_formed(tokenize(line))


def test_beam_reaches_the_engine(tiny_m2m100_dir):
    from tagmt.engines import load_engine

    assert load_engine(str(tiny_m2m100_dir), device="cpu").settings()["num_beams"] == 4
    assert load_engine(str(tiny_m2m100_dir), device="cpu", beam=2).settings()["num_beams"] == 2


@pytest.mark.parametrize("args, message", [
    (["--input", "X12", "--trg-lang", "german"], "--trg-lang 'german' is not a language code tagmt knows (for German write de)"),
    (["--input", "X12", "--trg-lang", "fr"], "--trg-lang fr contradicts the target language de-DE of"),
    (["--input", "X12", "--pair", "en-ja"], "not allowed with argument"),
    (["--pair", "en-ja", "--trg-lang", "de"], "--trg-lang go with --input"),
    (["--input", "X12", "--data", "x"], "--data, --split and --zf go with --pair"),
    (["--input", "X12", "--format", "xliff2"], "--format xliff2 was given but the file is XLIFF 1.2"),
    (["--input", "X12", "--beam", "0"], "--beam must be at least 1"),
    (["--input", "NOFILE"], "no such file"),
])
def test_bad_input_is_one_line_exit_2(files, tmp_path, capsys, args, message):
    args = [str(files / XLIFF12) if a == "X12" else str(tmp_path / "none.xlf") if a == "NOFILE" else a for a in args]
    try:
        status = main(["translate", "--approach", "dt", "--model", "copy", *args, "-o", str(tmp_path / "o")])
    except SystemExit as exit_:  # argparse's own errors
        status = exit_.code
    err = capsys.readouterr().err
    assert status == 2 and message in err
    assert not (tmp_path / "o").exists()
    if "not allowed" not in message:
        assert err.startswith("tagmt: error: ") and err.count("\n") == 1


def test_an_xliff_without_target_language_needs_one(tmp_path, capsys):
    path = tmp_path / "in.xlf"
    path.write_text('<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en"><file id="f">'
                    '<unit id="u"><segment><source>Hi</source></segment></unit></file></xliff>', encoding="utf-8")
    assert main(["translate", "--input", str(path), "--approach", "dt", "--model", "m2m100", "-o",
                 str(tmp_path / "o")]) == 2  # (copy declares none: test_language_free_engines)
    assert f"no target language: {path} names none; pass --trg-lang" in capsys.readouterr().err
    assert main(["translate", "--input", str(path), "--trg-lang", "pt-BR", "--approach", "dt", "--model", "copy",
                 "-o", str(tmp_path / "o")]) == 0
    assert 'srcLang="en" trgLang="pt-BR"' in (tmp_path / "o").read_text("utf-8")


def test_an_xliff_with_nothing_to_translate_is_refused(tmp_path, capsys):
    path = tmp_path / "in.xlf"
    path.write_text('<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="de">'
                    '<file id="f"><unit id="u" translate="no"><segment><source>Hi</source></segment></unit></file></xliff>',
                    encoding="utf-8")
    assert main(["translate", "--input", str(path), "--approach", "dt", "--model", "m2m100", "-o",
                 str(tmp_path / "o")]) == 2  # (copy declares none: test_language_free_engines)
    assert "no segment to translate" in capsys.readouterr().err
    assert not (tmp_path / "o").exists()
