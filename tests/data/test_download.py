"""``tagmt data download`` against local file:// archives built here (never the network), and ``data info``."""

from __future__ import annotations

import hashlib
import stat
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tagmt.cli import main
from tagmt.data.dataset import open_dataset
from tagmt.data.download import archive_url, download_dataset
from tagmt.errors import TagmtError


def _zip(path: Path, members: dict[str, bytes], links: dict[str, str] | None = None) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in members.items():
            zf.writestr(name, data)
        for name, target in (links or {}).items():
            info = zipfile.ZipInfo(name)
            info.external_attr = (stat.S_IFLNK | 0o777) << 16
            zf.writestr(info, target)
    return path


@pytest.fixture()
def good_archive(tmp_path: Path, sample_data: Path) -> Path:
    """GitHub's layout: one top folder, the data set below it (here: the sample's enja and enko pairs)."""
    members = {"repo-master/README.md": b"readme\n"}
    for pair in ("enja", "enko"):
        docs = sample_data / "dev_data" / pair / "documents"
        for doc in docs.glob("*.xlf"):
            members[f"repo-master/software_documentation/dev_data/{pair}/documents/{doc.name}"] = doc.read_bytes()
    return _zip(tmp_path / "repo-master.zip", members)


def test_unpacks_verifies_and_prints_the_data_folder(good_archive: Path, tmp_path: Path, capsys):
    digest = hashlib.sha256(good_archive.read_bytes()).hexdigest()
    dest = tmp_path / "dest"
    assert main(["data", "download", "--dest", str(dest), "--url", good_archive.as_uri(), "--sha256", digest]) == 0
    folder = Path(capsys.readouterr().out.strip())
    assert folder == dest / "repo-master"
    dataset = open_dataset(folder)
    assert dataset.pairs("dev") == ["enja", "enko"] and len(dataset.documents("dev", "enko")) == 10
    assert sorted(p.name for p in dest.iterdir()) == ["repo-master"]  # no temporary files left

    assert main(["data", "info", "--data", str(folder)]) == 0
    assert capsys.readouterr().out.splitlines()[1:] == ["dev\tenja\t10 documents", "dev\tenko\t10 documents"]

    with pytest.raises(TagmtError, match="already exists"):
        download_dataset(dest, url=good_archive.as_uri())
    assert download_dataset(dest, url=good_archive.as_uri(), force=True) == folder


def _expect_refusal(archive_or_url, tmp_path: Path, message: str, **kwargs) -> None:
    url = archive_or_url.as_uri() if isinstance(archive_or_url, Path) else archive_or_url
    dest = tmp_path / "dest"
    with pytest.raises(TagmtError, match=message):
        download_dataset(dest, url=url, **kwargs)
    assert not dest.exists()  # nothing kept, not even the empty --dest it made (issue 33)


def test_wrong_sha256(good_archive, tmp_path):
    _expect_refusal(good_archive, tmp_path, "SHA-256 is [0-9a-f]{64}, expected 0{64}", sha256="0" * 64)
    with pytest.raises(TagmtError, match="64 hexadecimal"):
        download_dataset(tmp_path / "d2", url=good_archive.as_uri(), sha256="abc")


def test_corrupt_archives(good_archive, tmp_path):
    data = bytearray(good_archive.read_bytes())
    truncated = tmp_path / "truncated.zip"
    truncated.write_bytes(bytes(data[: len(data) // 2]))
    _expect_refusal(truncated, tmp_path, "not a valid zip archive")

    flipped = tmp_path / "flipped.zip"  # damage a member's compressed bytes: its CRC no longer matches
    with zipfile.ZipFile(good_archive) as zf:
        info = zf.getinfo("repo-master/README.md")
        offset = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)
    data[offset] ^= 0xFF
    flipped.write_bytes(bytes(data))
    _expect_refusal(flipped, tmp_path, "corrupt archive|not a valid zip")


def test_archive_without_a_data_set(tmp_path):
    archive = _zip(tmp_path / "empty.zip", {"repo-master/README.md": b"x", "repo-master/dev_data/enja/a.txt": b"y"})
    _expect_refusal(archive, tmp_path, "holds no data set")


@pytest.mark.parametrize("member", ["../evil.txt", "repo/../../evil.txt", "/tmp/evil.txt", "C:/evil.txt"])
def test_path_traversal_member(good_archive, tmp_path, member):
    with zipfile.ZipFile(good_archive, "a") as zf:
        zf.writestr(zipfile.ZipInfo(member), b"owned")
    _expect_refusal(good_archive, tmp_path, "unsafe member path")
    assert not (tmp_path / "evil.txt").exists()


def test_symlink_member(good_archive, tmp_path):
    archive = _zip(tmp_path / "link.zip", {"repo/x.txt": b"x"}, links={"repo/escape": "/etc/passwd"})
    _expect_refusal(archive, tmp_path, "symbolic link")


def test_no_network_is_one_clear_line(tmp_path):
    missing = (tmp_path / "nowhere.zip").as_uri()
    done = subprocess.run(
        [sys.executable, "-m", "tagmt", "data", "download", "--dest", str(tmp_path / "d"), "--url", missing],
        capture_output=True, text=True, check=False,
    )
    assert done.returncode == 2
    assert done.stderr.startswith("tagmt: error: cannot download file://") and done.stderr.count("\n") == 1
    assert done.stdout == ""
    assert not (tmp_path / "d").exists()  # the --dest it made for the download is gone with it


def test_a_failed_download_keeps_what_was_there(tmp_path):
    dest = tmp_path / "mine"
    dest.mkdir()
    (dest / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(TagmtError, match="cannot download"):
        download_dataset(dest / "deeper" / "still", url=(tmp_path / "nowhere.zip").as_uri())
    assert sorted(p.name for p in dest.iterdir()) == ["notes.txt"]  # the folders it made are gone, not mine


def test_default_url_is_the_upstream_repository():
    assert archive_url() == (
        "https://github.com/SAP/software-documentation-data-set-for-machine-translation/archive/master.zip"
    )
    assert archive_url("v2.1").endswith("/archive/v2.1.zip")
