"""Fetch the full data set: the zip archive of SAP's public GitHub repository, verified and safely unpacked.

Verification before anything is kept: the optional SHA-256 of the archive, the zip's own CRCs, every
member name (relative, no ``..``, no ``.``-only or empty name, no duplicates) and type (files and folders
only: no links, devices or FIFOs — for zip and tar archives alike), a bound on the download and on the
unpacked size, and finally that the unpacked tree holds a data set that ``open_dataset`` finds. All of it
happens in a fresh work folder inside ``--dest``; the result is renamed into place at the end, and
``--force`` only ever replaces a folder that a download made (it carries ``MARKER``).
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import re
import shutil
import stat
import tarfile
import tempfile
import urllib.error
import urllib.parse
import urllib.request
import zipfile
import zlib
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path, PurePosixPath
from typing import Iterator

from tagmt.data.dataset import open_dataset
from tagmt.errors import TagmtError
from tagmt.progress import progress_bar
from tagmt.safeio import file_kind, regular_file_stat

REPOSITORY = "SAP/software-documentation-data-set-for-machine-translation"
DEFAULT_VERSION = "master"  # the repository's default branch
MAX_UNPACKED_BYTES = 4 << 30  # the real archive is far smaller; this only stops zip bombs
MAX_ARCHIVE_BYTES = 2 << 30  # likewise for the download itself (a file:///dev/zero never ends)
#: Written into every folder tagmt unpacks; ``--force`` replaces only folders that hold it.
MARKER = ".tagmt-download.json"
FALLBACK_NAME = "dataset"
ARCHIVE_SUFFIXES = (".tar.gz", ".tar.bz2", ".tar.xz", ".tgz", ".tar", ".zip")
PLAIN_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,127}")
WORK_PREFIX = ".tagmt-download-"
WORK_NAME = re.compile(re.escape(WORK_PREFIX) + r"[a-z0-9_]{8}")
WORK_LOCK = ".lock"
_CHUNK = 1 << 16


def archive_url(version: str = DEFAULT_VERSION) -> str:
    """GitHub's zip of a branch, tag or commit of the upstream repository."""
    return f"https://github.com/{REPOSITORY}/archive/{version}.zip"


def default_dest() -> Path:
    """Where downloads go unless ``--dest`` says otherwise: ``<cache>/data``."""
    from tagmt.paths import cache_dir

    return cache_dir() / "data"


def download_dataset(
    dest: str | Path | None = None,
    version: str = DEFAULT_VERSION,
    url: str | None = None,
    sha256: str | None = None,
    force: bool = False,
    progress: bool | None = None,
) -> Path:
    """Download, verify and unpack the archive into ``dest``; returns the folder to pass as ``--data``.

    The archive is fetched and unpacked inside a fresh temporary folder in ``dest`` and only then renamed
    to ``dest/<name>`` (the archive's single top folder, else a name from the URL — both checked to be
    one plain folder name). ``force`` replaces ``dest/<name>`` only when tagmt made it (it holds
    ``MARKER``); nothing else in or beside ``dest`` is ever removed.
    """
    url = url or archive_url(version)
    expected = _check_sha256(sha256) if sha256 else None
    dest = Path(dest) if dest else default_dest()
    made = _missing_folders(dest)
    dest = _prepare_dest(dest)
    try:
        return _download_into(dest, url, expected, force, progress)
    except BaseException:
        _remove_empty(made)  # a failed download leaves no empty --dest behind (nor the folders made for it)
        raise


def _download_into(dest: Path, url: str, expected: str | None, force: bool, progress: bool | None) -> Path:
    """`download_dataset`'s work once ``dest`` exists."""
    _remove_abandoned_work(dest)
    with _work_folder(dest) as work:
        archive = work / "archive"
        digest = _fetch(url, archive, progress)
        if expected and digest != expected:
            raise TagmtError(f"{url}: SHA-256 is {digest}, expected {expected}; the archive was not kept")
        unpacked = work / "unpacked"
        _safe_unpack(archive, unpacked, url)
        _require_dataset(unpacked, url)
        members = list(unpacked.iterdir())
        if len(members) == 1 and members[0].is_dir() and not members[0].is_symlink() \
                and _is_plain_name(members[0].name):
            source = members[0]
        else:
            source = unpacked
        final = dest / (source.name if source is not unpacked else _name_from_url(url))
        marker = {"url": url, "sha256": digest, "unpacked": datetime.now(timezone.utc).isoformat(timespec="seconds")}
        try:
            (source / MARKER).write_text(json.dumps(marker, indent=2) + "\n", encoding="utf-8")
        except OSError as exc:
            raise TagmtError(f"cannot write {MARKER} into the unpacked data set: {exc.strerror or exc}") from None
        _install(source, final, work, force)
    return final


def _missing_folders(dest: Path) -> list[Path]:
    """The folders of ``dest``'s path that do not exist yet, innermost first (what ``_prepare_dest`` makes)."""
    missing = []
    for folder in [dest, *dest.absolute().parents]:
        if os.path.lexists(folder):
            break
        missing.append(folder)
    return missing


def _remove_empty(folders: list[Path]) -> None:
    """Remove ``folders`` (innermost first) that are still empty; anything someone put there stays."""
    for folder in folders:
        try:
            folder.rmdir()
        except OSError:
            return


def _prepare_dest(dest: Path) -> Path:
    """``dest`` as a folder (made if missing); a file there or on the way is one line."""
    if dest.exists() and not dest.is_dir():
        raise TagmtError(f"--dest {dest} is a file, not a folder; pick a folder for the data set")
    try:
        dest.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise TagmtError(f"--dest {dest}: cannot make the folder, something on its way is a file "
                         "(or a dangling symbolic link); pick another --dest") from None
    except NotADirectoryError:
        raise TagmtError(f"--dest {dest}: cannot make the folder, a folder on its way is a file; "
                         "pick another --dest") from None
    except OSError as exc:
        raise TagmtError(f"--dest {dest}: cannot make the folder: {exc.strerror or exc}") from None
    return dest


@contextmanager
def _work_folder(dest: Path) -> Iterator[Path]:
    """A fresh ``dest/.tagmt-download-XXXXXXXX`` holding a lock for as long as this download runs."""
    try:
        work = Path(tempfile.mkdtemp(prefix=WORK_PREFIX, dir=dest))
    except OSError as exc:
        raise TagmtError(f"cannot write into --dest {dest}: {exc.strerror or exc}") from None
    try:
        lock = os.open(work / WORK_LOCK, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
    except OSError as exc:
        shutil.rmtree(work, ignore_errors=True)
        raise TagmtError(f"cannot write into --dest {dest}: {exc.strerror or exc}") from None
    try:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield work
    finally:
        shutil.rmtree(work, ignore_errors=True)
        os.close(lock)


def _remove_abandoned_work(dest: Path) -> None:
    """Remove the work folders of downloads that were killed: tagmt's own name, a real folder, and a
    lock that no running download holds. Nothing else is touched."""
    try:
        entries = list(dest.iterdir())
    except OSError as exc:
        raise TagmtError(f"cannot list --dest {dest}: {exc.strerror or exc}") from None
    for entry in entries:
        if not WORK_NAME.fullmatch(entry.name) or entry.is_symlink() or not entry.is_dir():
            continue
        try:
            lock = os.open(entry / WORK_LOCK, os.O_RDWR | os.O_NOFOLLOW | os.O_CLOEXEC)
        except OSError:
            continue  # no lock file: not provably abandoned
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            shutil.rmtree(entry, ignore_errors=True)
        except OSError:
            pass  # another download is using it
        finally:
            os.close(lock)


def _install(source: Path, final: Path, work: Path, force: bool) -> None:
    """Rename ``source`` to ``final``; with ``force`` an earlier download there is moved into the work
    folder first (removed with it), and put back if the rename fails."""
    previous = None
    if os.path.lexists(final):
        if not force:
            raise TagmtError(f"{final} already exists; remove it, pass --force to replace it, or pick --dest")
        if final.is_symlink() or not final.is_dir() or not (final / MARKER).is_file():
            raise TagmtError(
                f"{final} exists and was not made by `tagmt data download` (no {MARKER} inside); "
                "--force only replaces a folder tagmt made: remove it yourself or pick another --dest"
            )
        previous = work / "replaced"
        try:
            os.rename(final, previous)
        except OSError as exc:
            raise TagmtError(f"cannot move the earlier download {final} aside: {exc.strerror or exc}") from None
    try:
        os.rename(source, final)
    except OSError as exc:
        if previous is not None:
            os.rename(previous, final)
        raise TagmtError(f"cannot move the unpacked data set to {final}: {exc.strerror or exc}") from None


def _require_dataset(folder: Path, url: str) -> None:
    """The unpacked tree must hold ``<split>_data/en<xx>/documents/*.xlf``."""
    try:
        open_dataset(folder)
    except TagmtError:
        raise TagmtError(
            f"{url}: the archive holds no data set (no <split>_data/en<xx>/documents/*.xlf inside)"
        ) from None


def _check_sha256(value: str) -> str:
    value = value.strip().lower()
    if len(value) != 64 or any(c not in "0123456789abcdef" for c in value):
        raise TagmtError(f"--sha256 must be 64 hexadecimal digits, got {value!r}")
    return value


def _is_plain_name(name: str) -> bool:
    """One folder name that cannot mean anything else: a letter or digit, then letters, digits, ``.``,
    ``_`` or ``-`` (so never ``.``, ``..``, a hidden name, a separator or a drive)."""
    return PLAIN_NAME.fullmatch(name) is not None


def _name_from_url(url: str) -> str:
    """The unpack folder's name from the URL's file name without its archive suffix, when that is a
    plain name; else ``dataset`` (``…/...zip`` would give ``..``)."""
    name = PurePosixPath(urllib.request.url2pathname(urllib.parse.urlsplit(url).path)).name
    for suffix in ARCHIVE_SUFFIXES:
        if name.lower().endswith(suffix):
            name = name[: -len(suffix)]
            break
    return name if _is_plain_name(name) else FALLBACK_NAME


def _fetch(url: str, target: Path, progress: bool | None) -> str:
    """Copy ``url`` into ``target`` with a progress bar; returns the SHA-256 of what was written."""
    if urllib.parse.urlsplit(url).scheme == "file":
        # urllib would open a FIFO and wait for ever, or read /dev/zero until the disk is full
        try:
            regular_file_stat(urllib.request.url2pathname(urllib.parse.urlsplit(url).path), what="archive")
        except TagmtError as exc:
            raise TagmtError(f"cannot download {url}: {exc}") from None
    digest = hashlib.sha256()
    try:
        response = urllib.request.urlopen(url, timeout=60)  # noqa: S310 - https and file URLs by design
    except urllib.error.HTTPError as exc:
        raise TagmtError(f"cannot download {url}: HTTP {exc.code} {exc.reason} (is --version right?)") from None
    except (urllib.error.URLError, OSError, ValueError) as exc:
        reason = getattr(exc, "reason", exc)
        raise TagmtError(
            f"cannot download {url}: {reason} (no network? fetch the zip elsewhere and pass --url file:///PATH.zip)"
        ) from None
    total = int(response.headers.get("Content-Length") or 0) or None
    written = 0
    try:
        with response, target.open("wb") as out, progress_bar(
            total=total, unit="B", unit_scale=True, desc="download", enabled=progress
        ) as bar:
            while chunk := response.read(_CHUNK):
                written += len(chunk)
                if written > MAX_ARCHIVE_BYTES:
                    raise TagmtError(f"{url}: the archive is larger than {MAX_ARCHIVE_BYTES >> 30} GiB; refused")
                out.write(chunk)
                digest.update(chunk)
                bar.update(len(chunk))
    except OSError as exc:
        raise TagmtError(f"download of {url} failed midway: {exc.strerror or exc}") from None
    return digest.hexdigest()


def _safe_unpack(archive: Path, out: Path, url: str) -> None:
    """Check every member, then extract a zip or tar archive; refuses traversal, links, devices, duplicate
    names, corrupt members and archives that unpack to more than ``MAX_UNPACKED_BYTES``."""
    out.mkdir()
    try:
        if zipfile.is_zipfile(archive):
            _unpack_zip(archive, out, url)
        elif tarfile.is_tarfile(archive):
            _unpack_tar(archive, out, url)
        else:
            raise TagmtError(f"{url}: not a valid zip archive (nor a tar archive)")
    except OSError as exc:  # e.g. a member that is both a file and a folder, or a full disk
        raise TagmtError(f"{url}: cannot unpack: {exc.strerror or exc}") from None


def _unpack_zip(archive: Path, out: Path, url: str) -> None:
    try:
        with zipfile.ZipFile(archive) as zf:
            names = _Names(url)
            infos = [info for info in zf.infolist() if names.add(info.filename, info.filename.endswith("/"))]
            for info in infos:
                _check_zip_type(info, url)
            if sum(info.file_size for info in infos) > MAX_UNPACKED_BYTES:
                raise TagmtError(f"{url}: the archive would unpack to more than {MAX_UNPACKED_BYTES >> 30} GiB")
            try:
                bad = zf.testzip()
            except zlib.error as exc:
                raise TagmtError(f"{url}: corrupt archive: a member does not decompress ({exc})") from None
            if bad is not None:
                raise TagmtError(f"{url}: corrupt archive: member {bad!r} fails its CRC check")
            root = out.resolve()
            for info in infos:
                target = (out / info.filename).resolve()
                if root not in target.parents and target != root:  # belt and braces after the name checks
                    raise TagmtError(f"{url}: member {info.filename!r} would unpack outside the target folder")
                zf.extract(info, out)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError) as exc:
        raise TagmtError(f"{url}: not a valid zip archive ({exc})") from None


def _check_zip_type(info: zipfile.ZipInfo, url: str) -> None:
    """Regular files and folders only (a zip made on Windows records no type: a file)."""
    mode = info.external_attr >> 16
    kind = stat.S_IFMT(mode)
    if stat.S_ISLNK(mode):
        raise TagmtError(f"{url}: refusing symbolic link member {info.filename!r}")
    if kind not in (0, stat.S_IFREG, stat.S_IFDIR):
        raise TagmtError(f"{url}: refusing member {info.filename!r}: it is {file_kind(mode)}, not a file or folder")


def _unpack_tar(archive: Path, out: Path, url: str) -> None:
    try:
        with tarfile.open(archive, "r:*") as tf:
            members, total, names = [], 0, _Names(url)
            for member in tf:  # headers only; stops as soon as the declared sizes pass the bound
                if not names.add(member.name, member.isdir()):
                    continue
                if member.issym() or member.islnk():
                    raise TagmtError(f"{url}: refusing {'symbolic' if member.issym() else 'hard'} link member "
                                     f"{member.name!r} (→ {member.linkname!r})")
                if not (member.isreg() or member.isdir()) or member.issparse():
                    raise TagmtError(f"{url}: refusing member {member.name!r}: it is a device, FIFO or "
                                     "other special entry, not a file or folder")
                total += member.size
                if total > MAX_UNPACKED_BYTES:
                    raise TagmtError(f"{url}: the archive would unpack to more than {MAX_UNPACKED_BYTES >> 30} GiB")
                members.append(member)
            # the stdlib's own checks as well, where this Python has them (3.10.12+, 3.11.4+)
            safety = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}
            tf.extractall(out, members=members, **safety)
    except (tarfile.TarError, EOFError, zlib.error) as exc:
        raise TagmtError(f"{url}: not a valid tar archive ({exc})") from None


class _Names:
    """Member names seen so far: each must be relative, without ``..``, NUL or a drive, name something
    (only a folder entry may be ``.`` itself: ``tar -cf x.tar .`` writes one), and be unique (a second
    member of the same name would silently replace the first)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.seen: set[str] = set()

    def add(self, raw: str, is_dir: bool) -> bool:
        """Check one member name; False for the ``.`` folder entry, which creates nothing."""
        name = raw.replace("\\", "/")
        parts = [part for part in name.split("/") if part not in ("", ".")]
        if not parts and is_dir and name.strip("/") == ".":
            return False
        if (
            not parts
            or name.startswith("/")
            or "\0" in name
            or ".." in parts
            or parts[0].endswith(":")
        ):
            raise TagmtError(f"{self.url}: refusing unsafe member path {raw!r} (empty, '.', absolute or with '..')")
        key = "/".join(parts)
        if key in self.seen:
            raise TagmtError(f"{self.url}: refusing duplicate member {raw!r} (a second copy would replace the first)")
        self.seen.add(key)
        return True
