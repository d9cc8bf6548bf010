"""Fetch the full data set: the zip archive of SAP's public GitHub repository, verified and safely unpacked.

Verification before anything is kept: the optional SHA-256 of the archive, the zip's own CRCs, every
member path staying inside the target folder (no absolute paths, ``..`` or links), a bound on the
unpacked size, and finally that the unpacked tree holds a data set that ``open_dataset`` finds.
"""

from __future__ import annotations

import hashlib
import shutil
import stat
import tempfile
import urllib.error
import urllib.request
import zipfile
import zlib
from pathlib import Path, PurePosixPath

from tagmt.data.dataset import open_dataset
from tagmt.errors import TagmtError
from tagmt.progress import progress_bar

REPOSITORY = "SAP/software-documentation-data-set-for-machine-translation"
DEFAULT_VERSION = "master"  # the repository's default branch
MAX_UNPACKED_BYTES = 4 << 30  # the real archive is far smaller; this only stops zip bombs
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
    """Download, verify and unpack the archive into ``dest``; returns the folder to pass as ``--data``."""
    url = url or archive_url(version)
    expected = _check_sha256(sha256) if sha256 else None
    dest = Path(dest) if dest else default_dest()
    dest.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=".tagmt-download-", dir=dest) as tmp:
        archive = Path(tmp) / "archive.zip"
        digest = _fetch(url, archive, progress)
        if expected and digest != expected:
            raise TagmtError(f"{url}: SHA-256 is {digest}, expected {expected}; the archive was not kept")
        unpacked = Path(tmp) / "unpacked"
        _safe_unpack(archive, unpacked, url)
        _require_dataset(unpacked, url)
        members = list(unpacked.iterdir())
        source = members[0] if len(members) == 1 and members[0].is_dir() else unpacked
        final = dest / (source.name if source is not unpacked else _name_from_url(url))
        if final.exists():
            if not force:
                raise TagmtError(f"{final} already exists; remove it, pass --force to replace it, or pick --dest")
            shutil.rmtree(final)
        source.rename(final)
    return final


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


def _name_from_url(url: str) -> str:
    stem = PurePosixPath(urllib.request.url2pathname(url.split("?")[0])).stem
    return stem or "dataset"


def _fetch(url: str, target: Path, progress: bool | None) -> str:
    """Copy ``url`` into ``target`` with a progress bar; returns the SHA-256 of what was written."""
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
    try:
        with response, target.open("wb") as out, progress_bar(
            total=total, unit="B", unit_scale=True, desc="download", enabled=progress
        ) as bar:
            while chunk := response.read(_CHUNK):
                out.write(chunk)
                digest.update(chunk)
                bar.update(len(chunk))
    except OSError as exc:
        raise TagmtError(f"download of {url} failed midway: {exc}") from None
    return digest.hexdigest()


def _safe_unpack(archive: Path, out: Path, url: str) -> None:
    """Check every member, then extract; refuses traversal, links, corrupt members and zip bombs."""
    try:
        with zipfile.ZipFile(archive) as zf:
            infos = zf.infolist()
            for info in infos:
                _check_member(info, url)
            if sum(info.file_size for info in infos) > MAX_UNPACKED_BYTES:
                raise TagmtError(f"{url}: the archive would unpack to more than {MAX_UNPACKED_BYTES >> 30} GiB")
            try:
                bad = zf.testzip()
            except zlib.error as exc:
                raise TagmtError(f"{url}: corrupt archive: a member does not decompress ({exc})") from None
            if bad is not None:
                raise TagmtError(f"{url}: corrupt archive: member {bad!r} fails its CRC check")
            out.mkdir()
            root = out.resolve()
            for info in infos:
                target = (out / info.filename).resolve()
                if root not in target.parents and target != root:  # belt and braces after _check_member
                    raise TagmtError(f"{url}: member {info.filename!r} would unpack outside the target folder")
                zf.extract(info, out)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError) as exc:
        raise TagmtError(f"{url}: not a valid zip archive ({exc})") from None


def _check_member(info: zipfile.ZipInfo, url: str) -> None:
    name = info.filename.replace("\\", "/")
    parts = PurePosixPath(name).parts
    if name.startswith("/") or (parts and parts[0].endswith(":")) or ".." in parts:
        raise TagmtError(f"{url}: refusing unsafe member path {info.filename!r} (absolute or with '..')")
    mode = info.external_attr >> 16
    if stat.S_ISLNK(mode):
        raise TagmtError(f"{url}: refusing symbolic link member {info.filename!r}")
