"""No output lands on an input (issue 20 item 2, issue 19 item 1): for every output option of every
command, an output that is an input — the same path, another spelling of it, a symbolic link to it, a hard
link to it, a path inside an input folder — is refused in one line, exit 2, and nothing is written: every
file in the folder keeps its bytes and no file appears. ``--in-place`` (translate --input, project --xliff)
writes over the input on purpose, atomically."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from hostile import one_line_error

from tagmt.cli import main
from tagmt.errors import TagmtError
from tagmt.outputs import refuse_overwriting_inputs, same_file


def snapshot(folder: Path) -> dict[str, bytes | str]:
    """Every entry under ``folder``: a file's bytes, a link's target."""
    out: dict[str, bytes | str] = {}
    for path in sorted(folder.rglob("*")):
        key = str(path.relative_to(folder))
        out[key] = f"-> {os.readlink(path)}" if path.is_symlink() else path.read_bytes() if path.is_file() else "dir"
    return out


@pytest.fixture()
def work(tmp_path, sample_data) -> Path:
    """A folder with the sample's XLIFF and line files (copies the test may damage)."""
    for name in ("guide.xliff12.xlf", "guide.xliff2.xlf", "guide.en", "guide.de"):
        shutil.copy(sample_data / "files" / name, tmp_path / name)
    return tmp_path


def refused(args: list[str], folder: Path, capsys, *words: str) -> str:
    before = snapshot(folder)
    err = one_line_error(args, capsys)
    assert snapshot(folder) == before, "something was written"
    for word in words:
        assert word in err, err
    return err


TRANSLATE = ["translate", "--approach", "dt", "--model", "copy"]


# --- translate -------------------------------------------------------------------------------------------

def test_translate_o_input_is_refused_and_names_in_place(work, capsys):
    xlf = str(work / "guide.xliff12.xlf")
    refused([*TRANSLATE, "--input", xlf, "-o", xlf], work, capsys, "is the input --input", "--in-place")


def test_translate_o_another_spelling_of_the_input(work, capsys, monkeypatch):
    monkeypatch.chdir(work)
    refused([*TRANSLATE, "--input", "guide.xliff12.xlf", "-o", "./sub/../guide.xliff12.xlf"], work, capsys,
            "is the input")


def test_translate_o_symlink_to_the_input(work, capsys):
    (work / "link.xlf").symlink_to(work / "guide.xliff12.xlf")
    refused([*TRANSLATE, "--input", str(work / "guide.xliff12.xlf"), "-o", str(work / "link.xlf")], work, capsys,
            "the same file through a link")


def test_translate_o_hard_link_to_the_input(work, capsys):
    os.link(work / "guide.xliff12.xlf", work / "hard.xlf")
    refused([*TRANSLATE, "--input", str(work / "guide.xliff12.xlf"), "-o", str(work / "hard.xlf")], work, capsys,
            "the same file through a link")


def test_translate_input_through_a_link_and_o_the_real_file(work, capsys):
    (work / "link.xlf").symlink_to(work / "guide.xliff12.xlf")
    refused([*TRANSLATE, "--input", str(work / "link.xlf"), "-o", str(work / "guide.xliff12.xlf")], work, capsys)


def test_translate_o_onto_an_examples_file(work, capsys):
    refused(["translate", "--approach", "dp", "--model", "copy", "--input", str(work / "guide.xliff12.xlf"),
             "--examples", str(work / "guide.en"), str(work / "guide.de"), "-o", str(work / "guide.de")],
            work, capsys, "--examples")


def test_translate_run_record_onto_an_input(work, capsys):
    (work / "out.txt.run.json").write_text("precious\n", "utf-8")
    refused([*TRANSLATE, "--input", str(work / "out.txt.run.json"), "--src-lang", "en", "--trg-lang", "de",
             "-o", str(work / "out.txt")], work, capsys, "run record")


def test_translate_in_place_writes_over_the_input_atomically(work, capsys):
    xlf = work / "guide.xliff12.xlf"
    before = xlf.read_bytes()
    assert main([*TRANSLATE, "--input", str(xlf), "--in-place", "--overwrite"]) == 0
    after = xlf.read_bytes()
    assert after != before and b"<target" in after and (work / "guide.xliff12.xlf.run.json").is_file()
    assert not [p for p in work.iterdir() if p.name.endswith(".tmp")]


def test_translate_in_place_through_a_link_keeps_the_link(work, capsys):
    (work / "link.xlf").symlink_to(work / "guide.xliff12.xlf")
    assert main([*TRANSLATE, "--input", str(work / "link.xlf"), "--in-place", "--overwrite"]) == 0
    assert (work / "link.xlf").is_symlink() and b"<target" in (work / "guide.xliff12.xlf").read_bytes()


def test_translate_in_place_never_turns_a_tmx_into_a_line_file(work, capsys):
    tmx = work / "m.tmx"
    tmx.write_text('<?xml version="1.0" encoding="UTF-8"?><tmx version="1.4"><header srclang="en" datatype="x" '
                   'segtype="sentence" adminlang="en" creationtool="t" creationtoolversion="1" o-tmf="t"/><body>'
                   '<tu><tuv xml:lang="en"><seg>Hi</seg></tuv><tuv xml:lang="de"><seg>Hallo</seg></tuv></tu>'
                   '</body></tmx>\n', "utf-8")
    refused([*TRANSLATE, "--input", str(tmx), "--in-place"], work, capsys, "TMX", "give -o")


def test_translate_in_place_with_another_o_is_refused(work, capsys):
    refused([*TRANSLATE, "--input", str(work / "guide.xliff12.xlf"), "--in-place", "-o", str(work / "x.xlf")],
            work, capsys, "--in-place")


def test_translate_without_o_or_in_place(work, capsys):
    refused([*TRANSLATE, "--input", str(work / "guide.xliff12.xlf")], work, capsys, "-o/--output is required")


# --- project ---------------------------------------------------------------------------------------------

PROJECT = ["project", "--src-lang", "en", "--trg-lang", "de"]


def test_project_o_source(work, capsys):
    refused([*PROJECT, "--source", str(work / "guide.en"), "--translation", str(work / "guide.de"),
             "-o", str(work / "guide.en")], work, capsys, "is the input --source")


def test_project_o_translation_hard_link(work, capsys):
    os.link(work / "guide.de", work / "hard.de")
    refused([*PROJECT, "--source", str(work / "guide.en"), "--translation", str(work / "guide.de"),
             "-o", str(work / "hard.de")], work, capsys, "--translation")


def test_project_report_onto_ref(work, capsys):
    refused([*PROJECT, "--source", str(work / "guide.en"), "--translation", str(work / "guide.de"),
             "--ref", str(work / "guide.de"), "--report", str(work / "guide.de"), "-o", str(work / "out.de")],
            work, capsys, "--report")


def test_project_report_and_o_one_file(work, capsys):
    refused([*PROJECT, "--source", str(work / "guide.en"), "--translation", str(work / "guide.de"),
             "--ref", str(work / "guide.de"), "--report", str(work / "out.de"), "-o", str(work / "out.de")],
            work, capsys, "same file")


def test_project_o_xliff_names_in_place(work, capsys):
    xlf = str(work / "guide.xliff12.xlf")
    refused(["project", "--xliff", xlf, "-o", xlf], work, capsys, "--in-place")


def test_project_in_place_is_for_xliff(work, capsys):
    refused([*PROJECT, "--source", str(work / "guide.en"), "--translation", str(work / "guide.de"), "--in-place"],
            work, capsys, "--in-place")


# --- evaluate, views, reproduce, stats -------------------------------------------------------------------

def test_evaluate_per_segment_onto_the_reference(work, capsys):
    refused(["evaluate", "--ref", str(work / "guide.de"), "--trg-lang", "de", "--hyp", str(work / "guide.en"),
             "--per-segment", str(work / "guide.de")], work, capsys, "--per-segment", "--ref")


def test_evaluate_per_segment_onto_a_hypothesis_by_symlink(work, capsys):
    (work / "seg.tsv").symlink_to(work / "guide.en")
    refused(["evaluate", "--ref", str(work / "guide.de"), "--trg-lang", "de", "--hyp", str(work / "guide.en"),
             "--per-segment", str(work / "seg.tsv")], work, capsys, "--hyp")


def test_views_o_input(work, capsys):
    refused(["views", "--input", str(work / "guide.xliff12.xlf"), "--view", "plain", "--side", "source",
             "-o", str(work / "guide.xliff12.xlf")], work, capsys, "--input")


def test_views_o_a_document_of_the_data_folder(tmp_path, capsys):
    from tagmt.testing.tiny_xliff import write_tiny_dataset

    data = tmp_path / "data"
    write_tiny_dataset(data)
    document = next(data.rglob("*.xlf"))
    refused(["views", "--data", str(data), "--pair", "en-ja", "--view", "plain", "--side", "source",
             "-o", str(document)], tmp_path, capsys, "is a file of the input folder --data")
    # a new file in the data folder is not an input
    assert main(["views", "--data", str(data), "--pair", "en-ja", "--view", "plain", "--side", "source",
                 "-o", str(data / "views.txt")]) == 0


def test_stats_plots_onto_the_data(tmp_path, capsys):
    (tmp_path / "data").mkdir()
    refused(["stats", "--data", str(tmp_path / "data"), "--plots", str(tmp_path / "data")], tmp_path, capsys,
            "--plots")


def test_reproduce_out_is_the_data(tmp_path, capsys):
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "keep").write_text("x", "utf-8")
    refused(["reproduce", "--data", str(tmp_path / "data"), "--out", str(tmp_path / "data")], tmp_path, capsys,
            "--out")


# --- the library ------------------------------------------------------------------------------------------

def test_library_functions_refuse_too(work):
    from tagmt.translation.files import translate_file
    from tagmt.translation.projection import project_lines

    before = snapshot(work)
    with pytest.raises(TagmtError, match="in_place=True"):
        translate_file(work / "guide.xliff12.xlf", work / "guide.xliff12.xlf", approach="dt", engine="copy")
    with pytest.raises(TagmtError, match="is the input source"):
        project_lines(work / "guide.en", work / "guide.de", work / "guide.en", src_lang="en", trg_lang="de")
    assert snapshot(work) == before


def test_same_file_and_outputs_that_do_not_exist_yet(tmp_path):
    (tmp_path / "a").write_text("a", "utf-8")
    os.link(tmp_path / "a", tmp_path / "b")
    (tmp_path / "dirlink").symlink_to(tmp_path)
    assert same_file(tmp_path / "a", tmp_path / "b") and same_file(tmp_path / "dirlink" / "a", tmp_path / "a")
    assert not same_file(tmp_path / "a", tmp_path / "new")
    # a dangling link whose target would be an input that is not there yet: resolved paths compare
    (tmp_path / "dangling").symlink_to(tmp_path / "later")
    with pytest.raises(TagmtError, match="through a link"):
        refuse_overwriting_inputs([("-o", str(tmp_path / "dangling"))], [("--input", str(tmp_path / "later"))])
    refuse_overwriting_inputs([("-o", "-"), ("-o", os.devnull)], [("--input", os.devnull), ("--ref", "-")])


@pytest.mark.parametrize("command", ["translate", "project"])
@pytest.mark.parametrize("guide", ["--align-corpus", "--examples"])
def test_o_onto_a_guide_file_of_either_command(work, capsys, command, guide):
    # both commands name their guide's files through one list (commands.shared.guide_inputs)
    run = (["translate", "--approach", "dp", "--model", "copy", "--input", str(work / "guide.en")]
           if command == "translate" else
           ["project", "--source", str(work / "guide.en"), "--translation", str(work / "guide.de")])
    refused([*run, "--src-lang", "en", "--trg-lang", "de", guide, str(work / "guide.xliff2.xlf"),
             str(work / "guide.xliff12.xlf"), "-o", str(work / "guide.xliff12.xlf")], work, capsys, guide)
