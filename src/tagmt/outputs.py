"""No output lands on an input: the one check every command makes before any work.

A command names its outputs and its inputs as ``(option, path)`` pairs; :func:`refuse_overwriting_inputs`
raises a one-line :class:`TagmtError` when an output *is* an input — the same path, a symbolic link to it,
a hard link to it (the same ``st_dev``/``st_ino``), or a path that resolves to it once every link is
followed (for outputs that do not exist yet) — or is an existing file of a kind tagmt reads inside an
input folder (a data set's documents, a checkpoint's weights and config: ``READ_FROM_FOLDERS``); a new
file in an input folder (``views --data . -o views.txt``) is allowed. Standard streams (``-``) and
special files (``/dev/null``, a FIFO) are not files that could be lost and are left alone.

``in_place`` names the one (output option, input option) pair the user allowed to coincide
(``--in-place``): the output is then written over the input, atomically (:mod:`tagmt.atomic`).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Iterable, Optional, Tuple

from tagmt.errors import TagmtError

#: Files of an input folder that tagmt reads: data set documents, DITA, TMX, checkpoints and their configs.
#: An existing one of these inside an input folder is an input; a new file there (``views.txt`` written
#: with ``--data .``) is not.
READ_FROM_FOLDERS = frozenset({".xlf", ".xliff", ".sdlxliff", ".tmx", ".dita", ".xml", ".json", ".bin",
                               ".safetensors", ".model", ".ckpt", ".pt", ".txt", ".toml"})

#: (the option that gave it, the path or None when not given)
Named = Tuple[str, Optional[str]]


class _File:
    def __init__(self, option: str, path: str | os.PathLike) -> None:
        self.option, self.path = option, str(path)
        self.real = Path(os.path.realpath(os.path.abspath(self.path)))
        try:
            info = os.stat(self.path)
        except (OSError, ValueError):
            info = None
        self.key = (info.st_dev, info.st_ino) if info is not None else None
        self.kind = "dir" if info is not None and stat.S_ISDIR(info.st_mode) else (
            "file" if info is None or stat.S_ISREG(info.st_mode) else "special")

    def __str__(self) -> str:
        return f"{self.option} {self.path}"


def _files(named: Iterable[Named]) -> list[_File]:
    out = []
    for option, path in named:
        if path is None or str(path) in ("", "-"):
            continue
        out.append(_File(option, path))
    return out


def same_file(a: str | os.PathLike, b: str | os.PathLike) -> bool:
    """``a`` and ``b`` are one file: the same inode (hard or symbolic link) or the same resolved path."""
    first, second = _File("", a), _File("", b)
    return _same(first, second)


def _same(a: _File, b: _File) -> bool:
    return (a.key is not None and a.key == b.key) or a.real == b.real


def in_place_output(output: str | None, in_place: bool, source: str, source_option: str) -> str | None:
    """The output of a command that has ``--in-place``: ``output`` as given; with ``in_place``, the input
    ``source`` itself when no ``-o`` is given, and an ``-o`` naming another file is refused."""
    if not in_place or output is None:
        return source if in_place else output
    if not same_file(output, source):
        raise TagmtError(f"--in-place writes over {source_option} {source}, but -o {output} is another file: "
                         "leave out -o, or --in-place")
    return output


def existing_folder(option: str, path: str | None) -> Named:
    """``(option, path)`` when ``path`` is a folder (a model given as a checkpoint folder), else no path."""
    return (option, path if path and os.path.isdir(path) else None)


def refuse_overwriting_inputs(outputs: Iterable[Named], inputs: Iterable[Named], *,
                              in_place: tuple[str, str] | None = None, allow_in_place: bool = False,
                              in_place_flag: str = "--in-place") -> None:
    """Raise a one-line TagmtError when an output would write over an input, or two outputs are one
    file (see the module's text); nothing is written here.

    ``outputs`` and ``inputs`` are ``(option, path)`` pairs (None and ``-`` are skipped). ``in_place`` is
    the (output option, input option) pair that ``in_place_flag`` lets be one file: allowed when
    ``allow_in_place`` (the flag was given), else the message names the flag."""
    ins = _files(inputs)
    outs = [out for out in _files(outputs) if out.kind != "special"]
    for k, out in enumerate(outs):
        for other in outs[:k]:
            if _same(out, other) and out.option != other.option:
                raise TagmtError(f"{out} and {other} are the same file; give each output its own path")
        for given in ins:
            if given.kind == "special":
                continue
            if _same(out, given):
                if in_place is not None and (out.option, given.option) == in_place:
                    if allow_in_place:
                        continue
                    allow = f", or {in_place_flag} to replace it on purpose"
                else:
                    allow = ""
                how = ("" if os.path.abspath(out.path) == os.path.abspath(given.path)
                       else " (the same file through a link)")
                raise TagmtError(
                    f"{out} is the input {given}{how}; tagmt never writes over its inputs: give another "
                    f"output path{allow}"
                )
            if given.kind == "dir" and given.real in out.real.parents and out.key is not None \
                    and out.real.suffix.lower() in READ_FROM_FOLDERS:
                raise TagmtError(
                    f"{out} is a file of the input folder {given} (its {out.real.suffix} files are read); "
                    "tagmt never writes over what it reads: give a path outside it"
                )
