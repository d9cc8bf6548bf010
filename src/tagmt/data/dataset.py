"""Find the upstream data set tree (``<split>_data/en<xx>/documents/*.xlf``) below any folder.

The upstream repository keeps ``dev_data/`` at its root, the shared copy one level deeper
(``software_documentation/dev_data``); discovery does not care what the folders above are called.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from tagmt.data.xliff import DOCUMENT_NAME, document_id
from tagmt.errors import TagmtError

_SPLIT_DIR = re.compile(r"^(?P<split>[A-Za-z0-9]+)_data$")
_PAIR_DIR = re.compile(r"^en[a-z]{2}$")
_SKIP = {".git", ".venv", "node_modules", "__pycache__"}


class Dataset:
    """The splits and language pairs found below ``root``; documents listed in numeric id order."""

    def __init__(self, root: Path, tree: dict[str, dict[str, Path]]) -> None:
        self.root = root
        self._tree = tree

    def __repr__(self) -> str:
        return f"Dataset({str(self.root)!r}, splits={self.splits()})"

    def splits(self) -> list[str]:
        """Split names, e.g. ``["dev", "test"]``."""
        return sorted(self._tree)

    def resolve_split(self, split: str | None) -> str:
        """``split`` checked against what exists; None picks the only split (or lists the choices)."""
        names = self.splits()
        if split is None:
            if len(names) == 1:
                return names[0]
            raise TagmtError(f"{self.root} has several splits ({', '.join(names)}); choose one with --split")
        if split not in self._tree:
            raise TagmtError(f"no split {split!r} in {self.root} (found: {', '.join(names)})")
        return split

    def pairs(self, split: str) -> list[str]:
        """Language pairs of ``split``, e.g. ``["enja", "enko", "enzf", "enzh"]``."""
        return sorted(self._tree[self.resolve_split(split)])

    def documents_dir(self, split: str, pair: str) -> Path:
        """The ``documents`` folder of one split and pair."""
        pairs = self._tree[self.resolve_split(split)]
        if pair not in pairs:
            raise TagmtError(
                f"no language pair {pair!r} in split {split!r} of {self.root} (found: {', '.join(sorted(pairs))})"
            )
        return pairs[pair]

    def documents(self, split: str, pair: str) -> list[Path]:
        """The ``*.xlf`` files of one split and pair in ascending numeric id order.

        Every name must be a plain number (``191.xlf``); a name that Python would also read as a number
        (``0192.xlf``, ``+192.xlf``, ``١٩٢.xlf``) is refused naming the file it collides with, so that no
        document silently replaces another.
        """
        paths = list(self.documents_dir(split, pair).glob("*.xlf"))
        plain = {document_id(p): p for p in paths if DOCUMENT_NAME.fullmatch(p.name)}
        for path in paths:
            if not DOCUMENT_NAME.fullmatch(path.name):
                other = plain.get(_int_or_none(path.stem))
                if other is not None:
                    raise TagmtError(
                        f"{path} and {other} both name document {document_id(other)}; document file names "
                        "must be plain numbers (ASCII digits, no sign, no leading zero): remove or rename one"
                    )
                document_id(path)  # refuses the name in one line
        return sorted(paths, key=document_id)


def open_dataset(path: str | Path | None = None) -> Dataset:
    """Discover the data set below ``path`` (None: the bundled sample)."""
    if path is None:
        from tagmt.paths import sample_data_dir

        path = sample_data_dir()
    root = Path(path).expanduser()
    if not root.is_dir():
        raise TagmtError(f"data folder {root} does not exist or is not a folder")
    tree: dict[str, dict[str, Path]] = {}
    for docs in _documents_dirs(root):
        pair_dir = docs.parent
        split = _SPLIT_DIR.match(pair_dir.parent.name).group("split")  # type: ignore[union-attr]
        seen = tree.setdefault(split, {})
        if pair_dir.name in seen:
            raise TagmtError(
                f"two copies of split {split!r} pair {pair_dir.name!r} below {root}: "
                f"{seen[pair_dir.name]} and {docs}; pass the folder of the one you mean"
            )
        seen[pair_dir.name] = docs
    if not tree:
        raise TagmtError(
            f"no data set found below {root}: expected <split>_data/en<xx>/documents/*.xlf "
            "(e.g. dev_data/enja/documents/191.xlf); run `tagmt data download` to fetch it"
        )
    return Dataset(root, tree)


def _int_or_none(text: str) -> int | None:
    """What Python's ``int`` reads in ``text`` (it accepts signs, leading zeros, ``_`` and non-ASCII
    digits), or None."""
    try:
        return int(text)
    except ValueError:
        return None


def _documents_dirs(root: Path) -> list[Path]:
    """Every ``<split>_data/en<xx>/documents`` folder holding at least one .xlf file."""
    found = []
    for dirpath, dirnames, filenames in os.walk(root):
        here = Path(dirpath)
        if (
            here.name == "documents"
            and _PAIR_DIR.match(here.parent.name)
            and _SPLIT_DIR.match(here.parent.parent.name)
            and any(name.endswith(".xlf") for name in filenames)
        ):
            found.append(here)
            dirnames.clear()
            continue
        dirnames[:] = sorted(d for d in dirnames if d not in _SKIP)
    return found
