"""Which stored examples a call with a projection model aligns along (`neighbours.nearest`, issue 35, t35small4),
with the three choices measured and not taken (off by default; each turned on here): the forms inside a line's tags
weigh `TAGGED` times more (the tagged words' links place the tags), the lines take their best rows in turns
(`SPREAD`: a long file shares the budget over all its lines, not its first ones), and a near-copy of a row taken is
not taken (`DEDUP`).

Hand-made cases in German (Latin), Russian (Cyrillic) and Korean (Hangul), through `tagmt learn` and `tagmt project
--projection-model`: the file's line holds a tagged rare term ("sprocket", in two stored examples) and two untagged
rare words ("invoice", "supplier", together in three stored examples). Scored alike, the three invoice rows fill the
line's three places and the term gets no link; with the tagged forms first, the two sprocket rows are aligned along
and a co-occurrence aligner (a known answer: it links the words that occur in exactly the same sentences) links the
term to its translation, which takes the tag."""

from __future__ import annotations

from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.cli import main
from tagmt.corpus.lines import read_segments, write_lines
from tagmt.projection import detag
from tagmt.projection import neighbours
from tagmt.projection.modelstore import ProjectionModel
from tagmt.projection.neighbours import nearest

pytest.importorskip("eflomal")


class CooccurrenceAligner:
    """Links a source and a target word (lowercased, holding a letter or digit) whose sets of sentences are the same
    when no other word of either side has that set."""

    name = "cooccurrence"
    learns_from_corpus = True

    def align(self, src_words, trg_words):
        where: dict[tuple[int, str], set[int]] = {}
        for k, (src, trg) in enumerate(zip(src_words, trg_words)):
            for side, words in ((0, src), (1, trg)):
                for w in words:
                    if any(c.isalnum() for c in str(w)):
                        where.setdefault((side, str(w).lower()), set()).add(k)
        owners: dict[frozenset[int], list[tuple[int, str]]] = {}
        for key, found in where.items():
            owners.setdefault(frozenset(found), []).append(key)
        unique = {tuple(sorted(keys))[0][1]: tuple(sorted(keys))[1][1] for keys in owners.values()
                  if len(keys) == 2 and {side for side, _ in keys} == {0, 1}}
        return [{(i, j) for i, s in enumerate(src) for j, t in enumerate(trg)
                 if unique.get(str(s).lower()) == str(t).lower()} for src, trg in zip(src_words, trg_words)]


_FILLERS = {
    "de": [("Close the cover.", "Schließen Sie die Abdeckung."), ("Clean the chain.", "Reinigen Sie die Kette."),
           ("Check the <b>brake</b>.", "Prüfen Sie die <b>Bremse</b>."), ("Oil the hinge.", "Ölen Sie das Scharnier."),
           ("Tighten the bolt.", "Ziehen Sie die Schraube an."), ("Adjust the seat.", "Stellen Sie den Sitz ein."),
           ("Inflate the tyre.", "Pumpen Sie den Reifen auf.")],
    "ru": [("Close the cover.", "Закройте крышку."), ("Clean the chain.", "Очистите цепь."),
           ("Check the <b>brake</b>.", "Проверьте <b>тормоз</b>."), ("Oil the hinge.", "Смажьте петлю."),
           ("Tighten the bolt.", "Затяните болт."), ("Adjust the seat.", "Отрегулируйте сиденье."),
           ("Inflate the tyre.", "Накачайте шину.")],
    "ko": [("Close the cover.", "덮개 닫으십시오."), ("Clean the chain.", "체인 청소하십시오."),
           ("Check the <b>brake</b>.", "<b>브레이크</b> 점검하십시오."), ("Oil the hinge.", "경첩 기름칠하십시오."),
           ("Tighten the bolt.", "볼트 조이십시오."), ("Adjust the seat.", "좌석 조정하십시오."),
           ("Inflate the tyre.", "타이어 공기 넣으십시오.")],
}
CASES = {
    # lang: (the rare term's two rows, the invoice rows, the file's line, its translation, the answer)
    "de": ([("Replace the sprocket yearly.", "Ersetzen Sie das Kettenrad jährlich."),
            ("A worn sprocket makes noise.", "Ein abgenutztes Kettenrad macht Lärm.")],
           [("Send the invoice to the supplier.", "Senden Sie die Rechnung an den Lieferanten."),
            ("The supplier signs the invoice.", "Der Lieferanten unterschreibt die Rechnung."),
            ("Keep the invoice of the supplier.", "Bewahren Sie die Rechnung des Lieferanten auf.")],
           "Order the <b>sprocket</b> with the supplier invoice.",
           "Bestellen Sie das Kettenrad mit der Lieferanten Rechnung.",
           "Bestellen Sie das <b>Kettenrad</b> mit der Lieferanten Rechnung."),
    "ru": ([("Replace the sprocket yearly.", "Заменяйте звёздочку ежегодно."),
            ("A worn sprocket makes noise.", "Изношенная звёздочку шумит.")],
           [("Send the invoice to the supplier.", "Отправьте счёт поставщика."),
            ("The supplier signs the invoice.", "Поставщика подписывает счёт."),
            ("Keep the invoice of the supplier.", "Храните счёт поставщика.")],
           "Order the <b>sprocket</b> with the supplier invoice.", "Закажите звёздочку по счёт поставщика.",
           "Закажите <b>звёздочку</b> по счёт поставщика."),
    "ko": ([("Replace the sprocket yearly.", "톱니바퀴 매년 교체하십시오."),
            ("A worn sprocket makes noise.", "닳은 톱니바퀴 소음 발생.")],
           [("Send the invoice to the supplier.", "공급업체 송장 보내십시오."),
            ("The supplier signs the invoice.", "공급업체 송장 서명합니다."),
            ("Keep the invoice of the supplier.", "공급업체 송장 보관하십시오.")],
           "Order the <b>sprocket</b> with the supplier invoice.", "공급업체 송장으로 톱니바퀴를 주문하십시오.",
           "공급업체 송장으로 <b>톱니바퀴</b>를 주문하십시오."),
}


@pytest.fixture(scope="module")
def models(tmp_path_factory):
    """One model per language, learned by `tagmt learn` with the co-occurrence aligner."""
    mp = pytest.MonkeyPatch()
    try:
        mp.setattr(ProjectionModel, "aligner_for", lambda self, aligner: CooccurrenceAligner())
        made = {}
        for lang, (term_rows, invoice_rows, *_) in CASES.items():
            tmp = tmp_path_factory.mktemp(f"model-{lang}")
            examples = [*invoice_rows, *term_rows, *_FILLERS[lang]]
            ex_src = write_lines(tmp / "ex.en", [s for s, _ in examples])
            ex_trg = write_lines(tmp / f"ex.{lang}", [t for _, t in examples])
            assert main(["learn", "--src-lang", "en", "--trg-lang", lang, "--examples", str(ex_src), str(ex_trg),
                         "--lexicon", "none", "-o", str(tmp / "model"), "--no-progress"]) == 0
            made[lang] = tmp / "model"
        return made
    finally:
        mp.undo()


def _project(model, lang: str, tmp_path, monkeypatch) -> str:
    monkeypatch.setattr(ProjectionModel, "aligner_for", lambda self, aligner: CooccurrenceAligner())
    src = write_lines(tmp_path / "file.en", [CASES[lang][2]])
    plain = write_lines(tmp_path / "file.plain", [CASES[lang][3]])
    assert main(["project", "--source", str(src), "--translation", str(plain), "--src-lang", "en", "--trg-lang", lang,
                 "--projection-model", str(model), "--lexicon", "none", "-o", str(tmp_path / "file.out")]) == 0
    return read_segments(tmp_path / "file.out")[0]


@pytest.mark.parametrize("lang", sorted(CASES))
def test_the_tagged_term_brings_its_examples_along(models, lang, tmp_path, monkeypatch):
    monkeypatch.setattr(neighbours, "TAGGED", 2.0)
    assert _project(models[lang], lang, tmp_path, monkeypatch) == CASES[lang][4]


@pytest.mark.parametrize("lang", sorted(CASES))
def test_scored_alike_the_untagged_words_fill_the_places(models, lang, tmp_path, monkeypatch):
    assert neighbours.TAGGED == 1.0  # the default
    assert _project(models[lang], lang, tmp_path, monkeypatch) != CASES[lang][4]


def _rows(*sources: str) -> list[list]:
    return [[s, f"t{k}", neighbours.source_forms(s, "en")] for k, s in enumerate(sources)]


_OTHERS = ("close cover", "clean chain", "oil hinge", "tighten bolt", "adjust seat", "inflate tyre")


def test_a_long_file_shares_the_budget_over_its_lines(monkeypatch):
    monkeypatch.setattr(neighbours, "SPREAD", True)
    rows = _rows("gear one", "gear two", "brake one", *_OTHERS)
    # line 1 has two rows, line 2 one; two places in all: one each (line after line: both to line 1)
    assert nearest(rows, ["gear", "brake"], "en", per_line=3, cap=2) == [("gear one", "t0"), ("brake one", "t2")]
    assert nearest(rows, ["gear", "brake"], "en", per_line=3, cap=3) == [
        ("gear one", "t0"), ("gear two", "t1"), ("brake one", "t2")]  # line by line, each line's best first
    monkeypatch.setattr(neighbours, "SPREAD", False)
    assert nearest(rows, ["gear", "brake"], "en", per_line=3, cap=2) == [("gear one", "t0"), ("gear two", "t1")]


def test_a_near_copy_is_not_taken(monkeypatch):
    monkeypatch.setattr(neighbours, "DEDUP", True)
    rows = _rows("replace the gear", "Replace the gear!", "the gear wears", *_OTHERS)
    assert nearest(rows, ["gear replace"], "en", per_line=2) == [("replace the gear", "t0"), ("the gear wears", "t2")]


def test_the_tagged_forms_weigh_more(monkeypatch):
    monkeypatch.setattr(neighbours, "TAGGED", 2.0)
    rows = _rows("gear one", "brake wheel one", "brake wheel two", *_OTHERS)
    line = detag("the <b>gear</b> brake wheel")
    assert nearest(rows, [line.plain], "en", per_line=1) == [("brake wheel one", "t1")]
    assert nearest(rows, [line], "en", per_line=1) == [("gear one", "t0")]


_FORMS = st.lists(st.sampled_from(["gear", "chain", "brake", "the", "oil", "cover", "bolt"]), max_size=6, unique=True)


@settings(max_examples=60, deadline=None)
@given(rows=st.lists(_FORMS, max_size=12), lines=st.lists(st.tuples(_FORMS, st.integers(0, 6)), min_size=1,
       max_size=4), per_line=st.integers(0, 4), cap=st.integers(0, 8), cells=st.integers(0, 60))
def test_tagged_lines_take_pairs_within_the_bounds(rows, lines, per_line, cap, cells):
    stored = [[" ".join(forms), f"target {k}", forms] for k, forms in enumerate(rows)]
    tagged = [detag(" ".join(f"<b>{w}</b>" if i == at else w for i, w in enumerate(forms))) for forms, at in lines]
    with mock.patch.multiple(neighbours, TAGGED=2.0, SPREAD=True, DEDUP=True):
        found = nearest(stored, tagged, "en", per_line, cap, cells=cells)
        assert found == nearest(stored, tagged, "en", per_line, cap, cells=cells)
    assert len(found) == len(set(found)) <= min(cap, per_line * len(lines))
    picked = [row for row in stored if (row[0], row[1]) in found]
    assert len({frozenset(row[2]) for row in picked}) == len(picked)  # no two with the same forms
    assert sum(max(1, len(row[2])) ** 2 for row in picked) <= cells
    asked = {form for forms, _ in lines for form in forms}
    assert all(set(row[2]) & asked for row in picked)
