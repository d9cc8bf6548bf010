"""Discovery of the upstream tree below any folder; splits, pairs and numeric document order."""

from __future__ import annotations

import pytest

from tagmt.data.dataset import open_dataset
from tagmt.errors import TagmtError
from tagmt.testing.tiny_xliff import write_tiny_dataset


@pytest.mark.parametrize("depth", ["", "a", "a/b/c"])
def test_found_at_any_depth(tmp_path, depth):
    write_tiny_dataset(tmp_path / depth)
    ds = open_dataset(tmp_path)
    assert ds.splits() == ["dev"]
    assert ds.pairs("dev") == ["enja", "enko", "enzf", "enzh"]


def test_documents_in_numeric_order(tmp_path):
    write_tiny_dataset(tmp_path)
    (tmp_path / "dev_data/enja/documents/9.xlf").write_bytes(
        (tmp_path / "dev_data/enja/documents/2.xlf").read_bytes()
    )
    names = [p.name for p in open_dataset(tmp_path).documents("dev", "enja")]
    assert names == ["2.xlf", "9.xlf", "10.xlf"]


def test_several_splits_and_resolve_split(tmp_path):
    write_tiny_dataset(tmp_path, split="dev")
    write_tiny_dataset(tmp_path, split="test", langs=("ja",))
    ds = open_dataset(tmp_path)
    assert ds.splits() == ["dev", "test"]
    assert ds.pairs("test") == ["enja"]
    assert ds.resolve_split("test") == "test"
    with pytest.raises(TagmtError, match="several splits"):
        ds.resolve_split(None)
    with pytest.raises(TagmtError, match="no split 'train'.*dev, test"):
        ds.resolve_split("train")
    with pytest.raises(TagmtError, match="no language pair 'enko' in split 'test'"):
        ds.documents("test", "enko")


def test_only_split_is_the_default(tmp_path):
    assert open_dataset(write_tiny_dataset(tmp_path)).resolve_split(None) == "dev"


def test_none_opens_the_bundled_sample(tmp_path, monkeypatch):
    monkeypatch.setenv("TAGMT_SAMPLE", str(write_tiny_dataset(tmp_path / "sample")))
    assert open_dataset(None).root == tmp_path / "sample"


def test_folder_without_data_set(tmp_path):
    (tmp_path / "dev_data" / "enja" / "documents").mkdir(parents=True)  # no .xlf inside
    with pytest.raises(TagmtError, match="no data set found below"):
        open_dataset(tmp_path)
    with pytest.raises(TagmtError, match="does not exist"):
        open_dataset(tmp_path / "missing")


def test_two_copies_of_one_pair_are_ambiguous(tmp_path):
    write_tiny_dataset(tmp_path / "one")
    write_tiny_dataset(tmp_path / "two")
    with pytest.raises(TagmtError, match="two copies of split 'dev' pair"):
        open_dataset(tmp_path)


def test_non_numeric_document_name(tmp_path):
    write_tiny_dataset(tmp_path)
    (tmp_path / "dev_data/enja/documents/notes.xlf").write_text("x")
    with pytest.raises(TagmtError, match="notes.xlf: document file names must be plain numbers"):
        open_dataset(tmp_path).documents("dev", "enja")


@pytest.mark.sapdev
def test_sap_dev_layout(sap_dev):
    ds = open_dataset(sap_dev)
    assert ds.splits() == ["dev"]
    assert ds.pairs("dev") == ["enja", "enko", "enzf", "enzh"]
    docs = ds.documents("dev", "enja")
    assert len(docs) == 195
    ids = [int(p.stem) for p in docs]
    assert ids == sorted(ids)
