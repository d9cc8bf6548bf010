"""A projection model keeps its examples' plain pairs (format 3, `examples.json`) and a call aligns the nearest along
(`neighbours.nearest`, issue 35: a 10-line file aligned with the model's priors alone links worse than with the
examples). Hand-made cases in German (Latin), Russian (Cyrillic) and Korean (Hangul): a rare term of the file's line
occurs in two examples, untagged (so no taught term of the model gives it); the word links come from a co-occurrence aligner that learns from what it is given (a known
answer: it links a source and a target word that occur in exactly the same sentences, no other word sharing them),
so the line alone gets no link for the term and the line with the retrieved examples links it. The model is written
by `tagmt learn` (eflomal's priors learned for real) and read back by `tagmt project --projection-model`. Then the
format: a format-2 model (no stored examples) still loads, says to learn it again and projects with its priors alone;
a damaged `examples.json` is refused in one line; and `nearest`'s bounds as properties."""

from __future__ import annotations

import json
import shutil

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.cli import main
from tagmt.corpus.lines import read_segments, write_lines
from tagmt.errors import TagmtError
from tagmt.projection import detag, project_batch
from tagmt.projection.config import ProjectionConfig
from tagmt.projection.model import EXAMPLES, FORMAT_VERSION, MANIFEST, load_model
from tagmt.projection.modelstore import ProjectionModel, sha256_of
from tagmt.projection.neighbours import nearest

pytest.importorskip("eflomal")


class CooccurrenceAligner:
    """Links a source and a target word (lowercased, holding a letter or digit) whose sets of sentences are the same
    when no other word of either side has that set: what it links depends on what else it is given to align."""

    name = "cooccurrence"
    learns_from_corpus = True

    def align(self, src_words, trg_words):
        where: dict[tuple[int, str], set[int]] = {}
        for k, (src, trg) in enumerate(zip(src_words, trg_words)):
            for side, words in ((0, src), (1, trg)):
                for w in words:
                    if any(c.isalnum() for c in str(w)):  # (punctuation: in every sentence)
                        where.setdefault((side, str(w).lower()), set()).add(k)
        owners: dict[frozenset[int], list[tuple[int, str]]] = {}
        for key, found in where.items():
            owners.setdefault(frozenset(found), []).append(key)
        unique = {tuple(sorted(keys))[0][1]: tuple(sorted(keys))[1][1] for keys in owners.values()
                  if len(keys) == 2 and {side for side, _ in keys} == {0, 1}}
        return [{(i, j) for i, s in enumerate(src) for j, t in enumerate(trg) if unique.get(str(s).lower()) == str(t).lower()}
                for src, trg in zip(src_words, trg_words)]


CASES = {
    # lang: (examples, the file's line, its plain translation, the answer)
    "de": ([("Replace the sprocket yearly.", "Ersetzen Sie das Kettenrad jährlich."),
            ("A worn sprocket makes noise.", "Ein abgenutztes Kettenrad macht Lärm."),
            ("Close the cover.", "Schließen Sie die Abdeckung."),
            ("Clean the chain.", "Reinigen Sie die Kette."),
            ("Check the <b>brake</b>.", "Prüfen Sie die <b>Bremse</b>.")],
           "Order the <b>sprocket</b> today.", "Bestellen Sie heute das Kettenrad.",
           "Bestellen Sie heute das <b>Kettenrad</b>."),
    "ru": ([("Replace the sprocket yearly.", "Заменяйте звёздочку ежегодно."),
            ("A worn sprocket makes noise.", "Изношенная звёздочку шумит."),
            ("Close the cover.", "Закройте крышку."),
            ("Clean the chain.", "Очистите цепь."),
            ("Check the <b>brake</b>.", "Проверьте <b>тормоз</b>.")],
           "Order the <b>sprocket</b> today.", "Закажите звёздочку сегодня.", "Закажите <b>звёздочку</b> сегодня."),
    "ko": ([("Replace the sprocket yearly.", "톱니바퀴 매년 교체하십시오."),
            ("A worn sprocket makes noise.", "닳은 톱니바퀴 소음 발생."),
            ("Close the cover.", "덮개 닫으십시오."),
            ("Clean the chain.", "체인 청소하십시오."),
            ("Check the <b>brake</b>.", "<b>브레이크</b> 점검하십시오.")],
           "Order the <b>sprocket</b> today.", "오늘 톱니바퀴 주문하십시오.", "오늘 <b>톱니바퀴</b> 주문하십시오."),
}


def _learn(tmp, lang: str):
    examples = CASES[lang][0]
    ex_src = write_lines(tmp / "ex.en", [s for s, _ in examples])
    ex_trg = write_lines(tmp / f"ex.{lang}", [t for _, t in examples])
    assert main(["learn", "--src-lang", "en", "--trg-lang", lang, "--examples", str(ex_src), str(ex_trg),
                 "--lexicon", "none", "-o", str(tmp / "model"), "--no-progress"]) == 0
    return tmp / "model"


@pytest.fixture(scope="module")
def models(tmp_path_factory):
    """One model per language, learned by `tagmt learn` (the co-occurrence aligner placing the examples' tags)."""
    mp = pytest.MonkeyPatch()
    try:
        mp.setattr(ProjectionModel, "aligner_for", lambda self, aligner: CooccurrenceAligner())
        return {lang: _learn(tmp_path_factory.mktemp(f"model-{lang}"), lang) for lang in CASES}
    finally:
        mp.undo()


def _project(model, lang: str, tmp_path, monkeypatch) -> str:
    """The case's line projected by `tagmt project --projection-model` alone: a file of one line."""
    monkeypatch.setattr(ProjectionModel, "aligner_for", lambda self, aligner: CooccurrenceAligner())
    src = write_lines(tmp_path / "file.en", [CASES[lang][1]])
    plain = write_lines(tmp_path / "file.plain", [CASES[lang][2]])
    assert main(["project", "--source", str(src), "--translation", str(plain), "--src-lang", "en", "--trg-lang", lang,
                 "--projection-model", str(model), "--lexicon", "none", "-o", str(tmp_path / "file.out")]) == 0
    return read_segments(tmp_path / "file.out")[0]


def _alone(model, lang: str) -> str:
    """The line projected with the same model and no stored example aligned along."""
    _, line, plain, _ = CASES[lang]
    return project_batch([detag(line)], [plain], "en", lang, CooccurrenceAligner(), model=load_model(model),
                         config=ProjectionConfig(examples_along=0))[0]


@pytest.mark.parametrize("lang", sorted(CASES))
def test_the_nearest_examples_give_the_rare_term_its_link(models, lang, tmp_path, monkeypatch):
    model = load_model(models[lang], "en", lang)
    assert json.loads((models[lang] / MANIFEST).read_text("utf-8"))["format_version"] == FORMAT_VERSION == 3
    assert [row[:2] for row in model.examples] == [[detag(s).plain, detag(t).plain] for s, t in CASES[lang][0]]
    along = nearest(model.examples, [detag(CASES[lang][1]).plain], "en")
    assert along[:2] == [tuple(row[:2]) for row in model.examples[:2]]  # the two that hold "sprocket" first
    answer = CASES[lang][3]
    assert _project(models[lang], lang, tmp_path, monkeypatch) == answer
    assert _alone(models[lang], lang) != answer  # the line alone: no link for the term


@pytest.mark.parametrize("lang", ["de", "ko"])
def test_a_format_2_model_loads_says_to_learn_again_and_aligns_alone(models, lang, tmp_path, monkeypatch):
    old = tmp_path / "old-model"
    shutil.copytree(models[lang], old)
    (old / EXAMPLES).unlink()
    manifest = json.loads((old / MANIFEST).read_text("utf-8"))
    manifest["format_version"] = 2
    del manifest["files"][EXAMPLES]
    (old / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    model = load_model(old, "en", lang)
    assert model.examples == [] and "format 2" in model.describe() and "learn it again" in model.describe()
    assert _project(old, lang, tmp_path, monkeypatch) == _alone(models[lang], lang)


def test_a_damaged_examples_file_is_refused_in_one_line(models, tmp_path):
    bad = tmp_path / "bad-model"
    shutil.copytree(models["de"], bad)
    (bad / EXAMPLES).write_text(json.dumps([["a source", "a target", "not a list"]]), encoding="utf-8")
    manifest = json.loads((bad / MANIFEST).read_text("utf-8"))
    manifest["files"][EXAMPLES] = {"bytes": (bad / EXAMPLES).stat().st_size, "sha256": sha256_of(bad / EXAMPLES)}
    (bad / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    with pytest.raises(TagmtError) as refused:
        load_model(bad)
    assert "examples.json" in str(refused.value) and "\n" not in str(refused.value)


_FORMS = st.lists(st.sampled_from(["gear", "chain", "brake", "the", "oil", "cover", "bolt"]), max_size=6, unique=True)


@settings(max_examples=60, deadline=None)
@given(rows=st.lists(_FORMS, max_size=12), lines=st.lists(_FORMS, min_size=1, max_size=4),
       per_line=st.integers(0, 4), cap=st.integers(0, 8), cells=st.integers(0, 60))
def test_nearest_takes_stored_pairs_within_its_bounds(rows, lines, per_line, cap, cells):
    stored = [[" ".join(forms), f"target {k}", forms] for k, forms in enumerate(rows)]
    texts = [" ".join(forms) for forms in lines]
    found = nearest(stored, texts, "en", per_line, cap, cells=cells)
    assert found == nearest(stored, texts, "en", per_line, cap, cells=cells)  # deterministic
    assert len(found) == len(set(found)) <= min(cap, per_line * len(lines))
    picked = [row for row in stored if (row[0], row[1]) in found]
    assert len(picked) == len(found)
    assert sum(max(1, len(row[2])) ** 2 for row in picked) <= cells
    asked = {form for forms in lines for form in forms}
    assert all(set(row[2]) & asked for row in picked)  # each shares a word with the lines
