"""The "my XLIFF file" and "my line files" workflows run on the bundled sample files (``data/sample/files``),
for the demo: each XLIFF sample translated with the offline engines and written back as XLIFF, the tagged
line-file pair projected with ``tagmt project``, and each output compared with the sample's own tagging."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tagmt.corpus.lines import read_segments, write_lines
from tagmt.corpus.matching import match_targets
from tagmt.markup import tokenize
from tagmt.plaintext import plain_text

XLIFF_SAMPLES = (("guide.xliff12.xlf", "XLIFF 1.2"), ("guide.xliff2.xlf", "XLIFF 2.0"))
LINE_SAMPLES = ("guide.en", "guide.de")


@dataclass(frozen=True)
class SampleRun:
    """One workflow on one sample: what was run, where it wrote, and how many tagged segments came out
    exactly as the sample's reference has them (None when nothing was compared)."""

    workflow: str
    sample: str
    command: str
    output: Path
    exact: int | None = None
    tagged: int | None = None


def sample_files_dir() -> Path:
    from tagmt.paths import sample_data_dir

    return sample_data_dir() / "files"


def _has_tags(segment: str) -> bool:
    return any(token.is_markup for token in tokenize(segment, orphans=True))


def _command(*words: object) -> str:
    """A command line that runs as printed from the current folder (paths relative to it when they are
    below it, else absolute; shell-quoted)."""
    import os
    import shlex

    def shown(word: object) -> str:
        if not isinstance(word, Path):
            return str(word)
        relative = os.path.relpath(word.resolve())
        return relative if not relative.startswith("..") else str(word.resolve())

    return shlex.join(["tagmt", *(shown(word) for word in words)])


def _exact(references: list[str], outputs: list[str]) -> tuple[int, int]:
    tagged = [(r, o) for r, o in zip(references, outputs) if _has_tags(r)]
    return sum(r == o for r, o in tagged), len(tagged)


def run_sample_files(out: Path, *, projection: bool) -> list[SampleRun]:
    """Run the two workflows on the sample files into ``out``. With ``projection`` (eflomal installed) the
    reference is detagged and projected back (DP: tag projection alone); without, the XLIFF files are
    translated by ``copy`` (DT) and the line files are not projected."""
    from tagmt.translation.files import translate_file
    from tagmt.translation.options import OutputFile, RunOptions
    from tagmt.translation.projection import project_lines

    folder = sample_files_dir()
    out.mkdir(parents=True, exist_ok=True)
    runs: list[SampleRun] = []
    for name, kind in XLIFF_SAMPLES:
        approach, model = ("dp", "reference") if projection else ("dt", "copy")
        target = out / name.replace(".xlf", f".{model}-{approach}.xlf")
        # the sample's targets are its references: the demo replaces them (overwrite)
        translate_file(folder / name, OutputFile(target, overwrite=True), approach=approach, engine=model,
                       run=RunOptions(use_cache=False, progress=False))
        command = _command("translate", "--input", folder / name, "--approach", approach, "--model", model,
                           "--overwrite", "-o", target)
        if projection:
            matched = match_targets(folder / name, [target])
            exact, tagged = _exact(matched.references, matched.hypotheses[str(target)])
            runs.append(SampleRun(f"my XLIFF file ({kind})", name, command, target, exact, tagged))
        else:
            runs.append(SampleRun(f"my XLIFF file ({kind})", name, command, target))
    if projection:
        source, reference = (folder / name for name in LINE_SAMPLES)
        references = read_segments(reference)
        plain = write_lines(out / "guide.plain.de", [plain_text(line, escaped=True) for line in references])
        target = out / "guide.projected.de"
        project_lines(source, plain, target, src_lang="en", trg_lang="de")
        exact, tagged = _exact(references, read_segments(target))
        command = _command("project", "--source", source, "--translation", plain, "--src-lang", "en",
                           "--trg-lang", "de", "-o", target)
        runs.append(SampleRun("my line files", "guide.en", command, target, exact, tagged))
    return runs
