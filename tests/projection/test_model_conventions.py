"""What a projection learns from tagged examples reaches a small file through a projection model (issue 35):
`tagmt learn` once, then `tagmt project --projection-model` on a file of one line projects it as a call with the
examples on the fly does. Here the convention that must carry over is the examples' keeping of taught terms whole
(`termphrases.whole_cases`, counted under `conventions.WHOLE_KEY` in the model's `conventions.json`): French (Latin),
Russian (Cyrillic) and Korean (Hangul) examples written by hand, whose multi-word term the aligner links by one word
only. The word links are given (a lexicon aligner stands in for the model's eflomal when the examples and the file are
projected: known answers); the model's priors are still learned by eflomal, and the model is written, read back and
checked by the user's own commands."""

from __future__ import annotations

import json

import pytest

from tagmt.cli import main
from tagmt.corpus.lines import read_segments, write_lines
from tagmt.projection import detag, project_batch
from tagmt.projection.conventions import WHOLE_KEY
from tagmt.projection.model import CONVENTIONS, MANIFEST, load_model
from tagmt.projection.modelstore import ProjectionModel, sha256_of

pytest.importorskip("eflomal")


class LexiconAligner:
    """Links a source word to the target words a small lexicon gives it: a known answer for the aligner."""

    name = "lexicon"
    learns_from_corpus = True

    def __init__(self, lexicon: dict[str, set[str]]) -> None:
        self.lexicon = lexicon

    def align(self, src_words, trg_words):
        return [{(i, j) for i, s in enumerate(src) for j, t in enumerate(trg) if t.lower() in self.lexicon.get(s.lower(), ())}
                for src, trg in zip(src_words, trg_words)]


FRAMES = ["The <g>{}</g> met today.", "We asked the <g>{}</g>.", "The <g>{}</g> agree.", "Ask the <g>{}</g> first."]
CASES = {
    # lang: (term's reference frames, its translation, lexicon (one word of the term linked), the file's line, the
    # line's plain translation, the answer with the term whole, the answer with the linked word alone). The French and
    # Russian lines write the term in another inflection (`termphrases.same_stem`), which no edge statistic of the
    # examples' words reaches: only the verdict on taught terms takes it whole.
    "fr": (["Les <g>{}</g> se sont réunies aujourd'hui.", "Nous avons interrogé les <g>{}</g>.",
            "Les <g>{}</g> sont d'accord.", "Interrogez d'abord les <g>{}</g>."], "parties prenantes",
           {"stakeholders": {"prenantes", "prenante"}, "the": {"les", "la"}, "contact": {"contactez"},
            "now": {"maintenant"}, "met": {"réunies"}, "asked": {"interrogé"}, "ask": {"interrogez"}},
           "Contact the <g>stakeholders</g> now.", "Contactez la partie prenante maintenant.",
           "Contactez la <g>partie prenante</g> maintenant.", "Contactez la partie <g>prenante</g> maintenant."),
    "ru": (["Сегодня <g>{}</g> встретились.", "Мы спросили <g>{}</g>.", "<g>{}</g> согласны.",
            "Сначала спросите <g>{}</g>."], "заинтересованные стороны",
           {"stakeholders": {"стороны", "сторон"}, "today": {"сегодня"}, "met": {"встретились"},
            "asked": {"спросили"}, "agree": {"согласны"}, "ask": {"спросите"}, "first": {"сначала"},
            "tell": {"сообщите"}, "now": {"сейчас"}},
           "Tell the <g>stakeholders</g> now.", "Сейчас сообщите мнение заинтересованных сторон.",
           "Сейчас сообщите мнение <g>заинтересованных сторон</g>.", "Сейчас сообщите мнение заинтересованных <g>сторон</g>."),
    "ko": (["오늘 <g>{}</g> 모임이 열렸다.", "우리는 <g>{}</g> 의견을 들었다.", "<g>{}</g> 모두 동의한다.",
            "먼저 <g>{}</g> 의견을 물어라."], "이해 관계자",
           {"stakeholders": {"관계자"}, "today": {"오늘"}, "met": {"모임"}, "asked": {"들"}, "agree": {"동의"},
            "ask": {"물어라"}, "first": {"먼저"}, "contact": {"연락"}, "now": {"지금"}},
           "Contact the <g>stakeholders</g> now.", "지금 이해 관계자 연락 바람.",
           "지금 <g>이해 관계자</g> 연락 바람.", "지금 이해 <g>관계자</g> 연락 바람."),
}


def _examples(lang: str) -> list[tuple[str, str]]:
    frames, term = CASES[lang][:2]
    return [(FRAMES[k].format("stakeholders"), frames[k].format(term)) for k in range(len(FRAMES))]


@pytest.fixture(scope="module")
def models(tmp_path_factory):
    """One model per language, learned by `tagmt learn` from the four examples (the lexicon aligner placing the
    examples' tags); the folder of each."""
    mp = pytest.MonkeyPatch()
    made = {}
    try:
        for lang, case in CASES.items():
            tmp = tmp_path_factory.mktemp(f"model-{lang}")
            pairs = _examples(lang)
            ex_src, ex_trg = write_lines(tmp / "ex.en", [s for s, _ in pairs]), write_lines(tmp / f"ex.{lang}", [t for _, t in pairs])
            mp.setattr(ProjectionModel, "aligner_for", lambda self, aligner, lexicon=case[2]: LexiconAligner(lexicon))
            assert main(["learn", "--src-lang", "en", "--trg-lang", lang, "--examples", str(ex_src), str(ex_trg),
                         "--lexicon", "none", "-o", str(tmp / "model"), "--no-progress"]) == 0
            made[lang] = tmp / "model"
    finally:
        mp.undo()
    return made


def _project(model, lang: str, tmp_path, monkeypatch) -> str:
    """The case's line projected by `tagmt project --projection-model` alone (no examples), a file of one line."""
    case = CASES[lang]
    monkeypatch.setattr(ProjectionModel, "aligner_for", lambda self, aligner: LexiconAligner(case[2]))
    src, plain = write_lines(tmp_path / "file.en", [case[3]]), write_lines(tmp_path / "file.plain", [case[4]])
    out = tmp_path / "file.out"
    assert main(["project", "--source", str(src), "--translation", str(plain), "--src-lang", "en", "--trg-lang", lang,
                 "--projection-model", str(model), "--lexicon", "none", "-o", str(out)]) == 0
    return read_segments(out)[0]


@pytest.mark.parametrize("lang", sorted(CASES))
def test_the_model_keeps_the_verdict_and_says_so(models, lang):
    manifest = json.loads((models[lang] / MANIFEST).read_text("utf-8"))
    assert manifest["format_version"] >= 2  # (3 from t35small3: stored examples)
    assert manifest["taught_terms"] == {"kept_whole": True, "whole": 4, "part": 0}  # each example: the others teach it
    model = load_model(models[lang], "en", lang)
    assert (model.conventions.right[WHOLE_KEY], model.conventions.wrong[WHOLE_KEY]) == (4, 0)
    assert model.terms["stakeholders"] == {CASES[lang][1]} and "format 1" not in model.describe()


@pytest.mark.parametrize("lang", sorted(CASES))
def test_a_one_line_file_with_the_model_keeps_the_taught_term_whole(models, lang, tmp_path, monkeypatch):
    case = CASES[lang]
    assert _project(models[lang], lang, tmp_path, monkeypatch) == case[5]
    # ... as the examples on the fly do, and without them or a model the linked word alone is tagged
    aligner = LexiconAligner(case[2])
    assert project_batch([detag(case[3])], [case[4]], "en", lang, aligner, examples=_examples(lang)) == [case[5]]
    assert project_batch([detag(case[3])], [case[4]], "en", lang, aligner) == [case[6]]


@pytest.mark.parametrize("lang", ["fr", "ru"])
def test_a_format_1_model_loads_and_projects_as_before(models, lang, tmp_path, monkeypatch):
    """A model from before format 2 has no `WHOLE_KEY` counts: it loads, projects the linked word alone as it did
    then, and its description says to learn it again."""
    import shutil

    old = tmp_path / "old-model"
    shutil.copytree(models[lang], old)
    rows = [row for row in json.loads((old / CONVENTIONS).read_text("utf-8")) if tuple(row[0]) != WHOLE_KEY]
    (old / CONVENTIONS).write_text(json.dumps(rows), encoding="utf-8")
    manifest = json.loads((old / MANIFEST).read_text("utf-8"))
    manifest["format_version"] = 1
    del manifest["taught_terms"]
    manifest["files"][CONVENTIONS] = {"bytes": (old / CONVENTIONS).stat().st_size, "sha256": sha256_of(old / CONVENTIONS)}
    (old / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    assert "format 1" in load_model(old, "en", lang).describe()
    assert _project(old, lang, tmp_path, monkeypatch) == CASES[lang][6]
