"""A projection model's fertility priors count every occurrence of a word (format 4, issue 35, t35small5): eflomal's
`calculate_priors` counts a word's fertility only where a run linked it, so fertility 0 had no mass and a call with the
priors linked every known word somewhere; `model.unlinked_fertility` adds the unlinked occurrences as fertility 0."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from tagmt.projection import model as model_module
from tagmt.projection.detag import detag
from tagmt.projection.model import MANIFEST, PRIORS, learn_model, load_model, unlinked_fertility
from tagmt.projection.modelstore import FORMAT_VERSION

eflomal = pytest.importorskip("eflomal")


def _write(work: Path, src: list[list[str]], trg: list[list[str]], fwd: list[set], rev: list[set]) -> None:
    (work / "src.txt").write_text("".join(" ".join(s) + "\n" for s in src), encoding="utf-8")
    (work / "trg.txt").write_text("".join(" ".join(t) + "\n" for t in trg), encoding="utf-8")
    for name, links in (("fwd0", fwd), ("rev0", rev)):
        (work / name).write_text("".join(" ".join(f"{i}-{j}" for i, j in sorted(ls)) + "\n" for ls in links),
                                 encoding="ascii")


def _priors(work: Path) -> tuple[Counter, Counter]:
    """eflomal's fertility priors of run 0 with the unlinked words added, as `model._store_priors` makes them."""
    with open(work / "src.txt", encoding="utf-8") as s, open(work / "trg.txt", encoding="utf-8") as t, \
            open(work / "fwd0", encoding="utf-8") as f, open(work / "rev0", encoding="utf-8") as r:
        _, _, _, ferf, ferr = eflomal.calculate_priors(s, t, f, r)
    ferf, ferr = Counter(ferf), Counter(ferr)
    unlinked_fertility(work, 0, ferf, ferr)
    return ferf, ferr


@pytest.mark.parametrize("src, trg, fwd, rev, zero_src, zero_trg", [
    # Latin (de): "the" left unlinked forward, "wird" unlinked in reverse
    (["the file is saved".split()], ["die datei wird gespeichert".split()], [{(1, 1), (2, 2), (3, 3)}],
     [{(0, 0), (1, 1), (3, 3)}], {("the", 0): 1}, {("wird", 0): 1}),
    # Hangul (ko): a particle-bearing word unlinked in reverse, "the" twice unlinked over two lines
    (["click the button".split(), "the menu".split()], ["버튼을 클릭합니다".split(), "메뉴".split()],
     [{(2, 0), (0, 1)}, {(1, 0)}], [{(2, 0)}, {(1, 0)}], {("the", 0): 2}, {("클릭합니다", 0): 1}),
    # Cyrillic (ru): every word linked: no fertility-0 row at all
    (["open file".split()], ["открыть файл".split()], [{(0, 0), (1, 1)}], [{(0, 0), (1, 1)}], {}, {}),
])
def test_unlinked_words_count_as_fertility_zero(tmp_path, src, trg, fwd, rev, zero_src, zero_trg):
    _write(tmp_path, src, trg, fwd, rev)
    ferf, ferr = _priors(tmp_path)
    assert {key: n for key, n in ferf.items() if key[1] == 0} == zero_src
    assert {key: n for key, n in ferr.items() if key[1] == 0} == zero_trg


_WORDS = st.sampled_from(["a", "b", "c", "дом", "집", "本"])
_PAIR = st.tuples(st.lists(_WORDS, min_size=1, max_size=6), st.lists(_WORDS, min_size=1, max_size=6))


@settings(max_examples=60, deadline=None)
@given(st.lists(_PAIR, min_size=1, max_size=5), st.randoms(use_true_random=False))
def test_every_occurrence_is_counted_once_whatever_the_links(tmp_path_factory, pairs, rng):
    """Summed over its fertilities, a word's prior is the number of its occurrences (each once: linked, with the
    links it has, or not, as 0), and fertility 0 counts exactly the occurrences without a link."""
    work = tmp_path_factory.mktemp("fert")
    src, trg = [s for s, _ in pairs], [t for _, t in pairs]
    fwd = [{(rng.randrange(len(s)), j) for j in range(len(t)) if rng.random() < 0.6} for s, t in pairs]
    rev = [{(i, rng.randrange(len(t))) for i in range(len(s)) if rng.random() < 0.6} for s, t in pairs]
    _write(work, src, trg, fwd, rev)
    ferf, ferr = _priors(work)
    for sentences, fert, side in ((src, ferf, 0), (trg, ferr, 1)):
        occurrences = Counter(w for words in sentences for w in words)
        assert {v for v, _ in fert} == set(occurrences)
        for w, n in occurrences.items():
            assert sum(alpha for (v, _), alpha in fert.items() if v == w) == n
        links = fwd if side == 0 else rev
        unlinked = Counter(w for words, ls in zip(sentences, links) for k, w in enumerate(words)
                           if k not in {link[side] for link in ls})
        assert {w: n for (w, k), n in fert.items() if k == 0} == dict(unlinked)


@pytest.fixture(scope="module")
def learned(tmp_path_factory):
    """Small models (real eflomal, seeded) in three scripts, with the sentences `tagmt learn` aligned kept."""
    pairs = {
        "de": [("Save the file.", "Speichern Sie die Datei."), ("Open the file.", "Öffnen Sie die Datei."),
               ("Close the window.", "Schließen Sie das Fenster."), ("Save the window.", "Speichern Sie das Fenster.")],
        "ko": [("Save the file.", "파일을 저장합니다."), ("Open the file.", "파일을 엽니다."),
               ("Close the window.", "창을 닫습니다."), ("Save the window.", "창을 저장합니다.")],
        "ru": [("Save the file.", "Сохраните файл."), ("Open the file.", "Откройте файл."),
               ("Close the window.", "Закройте окно."), ("Save the window.", "Сохраните окно.")],
    }
    made = {}
    store = model_module._store_priors
    for lang, examples in pairs.items():
        tmp = tmp_path_factory.mktemp(f"fert-{lang}")
        kept = tmp / "aligned"

        def keep(path, work, n, runs, progress, kept=kept):
            kept.mkdir()
            for name in ("src.txt", "trg.txt"):
                shutil.copy(work / name, kept / name)
            store(path, work, n, runs, progress)

        model_module._store_priors = keep
        try:
            learn_model(tmp / "model", src_lang="en", trg_lang=lang, progress=False,
                        examples=[(detag(s), detag(t)) for s, t in examples])
        finally:
            model_module._store_priors = store
        made[lang] = (tmp / "model", kept)
    return made


@pytest.mark.parametrize("lang", ["de", "ko", "ru"])
def test_a_learned_model_counts_every_word_once(learned, lang):
    import sqlite3

    model, kept = learned[lang]
    db = sqlite3.connect(model / PRIORS)
    try:
        for side, name in (("f", "src.txt"), ("r", "trg.txt")):
            occurrences = Counter((kept / name).read_text("utf-8").split())
            summed = dict(db.execute("SELECT word, sum(alpha) FROM fert WHERE side = ? GROUP BY word", (side,)))
            assert summed.keys() == occurrences.keys()
            assert all(summed[w] == pytest.approx(n) for w, n in occurrences.items())
        zeros = db.execute("SELECT count(*) FROM fert WHERE fert = 0").fetchone()[0]
    finally:
        db.close()
    assert zeros > 0  # the stops and "the" are left unlinked by some run
    assert json.loads((model / MANIFEST).read_text("utf-8"))["format_version"] == FORMAT_VERSION == 4


def test_a_format_3_model_loads_and_says_to_learn_again(learned, tmp_path):
    old = tmp_path / "old"
    shutil.copytree(learned["de"][0], old)
    manifest = json.loads((old / MANIFEST).read_text("utf-8"))
    manifest["format_version"] = 3
    (old / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    described = load_model(old, "en", "de").describe()
    assert "format 3" in described and "learn it again" in described
    assert "format" not in load_model(learned["de"][0], "en", "de").describe().split("(", 1)[1]
