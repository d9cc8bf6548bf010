"""The span ranker (rerank.py): a known answer it learns, the paths where it must change nothing, its
round trip through a projection model, and a property: reranked spans stay in their parent, never
overlap a sibling, keep their children and their order."""

from __future__ import annotations

import hashlib
import json
import shutil

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.markup import is_well_formed, strip, tokenize
from tagmt.projection import detag, project_batch
from tagmt.projection import rerank
from tagmt.projection.conventions import default_decision
from tagmt.projection.context import PairContext
from tagmt.projection.projector import project_spans
from tagmt.projection.render import render_spans
from tagmt.projection.rerank import FEATURES, OtherFeatures, Ranker, Segment, cases_of, learn_ranker
from tagmt.projection.wordseg import words_with_offsets

from test_project_properties import projections
from test_units import links_of


def _spans(detagged, text, src, trg, links, decide):
    """The pipeline's spans of a pair, as `project_tags` places them before rendering."""
    return project_spans(PairContext(detagged, text, src, trg, links, decide=decide))


class LexiconAligner:
    """Links the words a small lexicon pairs (a known answer for what the aligner finds)."""

    name = "lexicon"
    learns_from_corpus = True

    def __init__(self, lexicon: dict[str, str]) -> None:
        self.lexicon = lexicon

    def align(self, src_words, trg_words):
        return [{(i, j) for i, s in enumerate(src) for j, t in enumerate(trg)
                 if self.lexicon.get(s.lower(), s.lower()) == t.lower()}
                for src, trg in zip(src_words, trg_words)]


VERBS = {"save": "tallenna", "open": "avaa", "print": "tulosta", "close": "sulje", "delete": "poista",
         "copy": "kopioi", "move": "siirrä", "send": "lähetä", "edit": "muokkaa", "load": "lataa",
         "share": "jaa", "sort": "lajittele"}
LEXICON = {**VERBS, "select": "valitse", "then": "sitten", "now": "nyt", "here": "tässä", ".": "."}
FRAMES = [("Select <b>{}</b> now.", "Valitse <b>{} {}</b> nyt.", "Valitse {} {} nyt."),
          ("Then select <b>{}</b> here.", "Sitten valitse <b>{} {}</b> tässä.", "Sitten valitse {} {} tässä."),
          ("<b>{}</b> now.", "<b>{} {}</b> nyt.", "{} {} nyt.")]
NOUNS = ["nappi", "painike", "kuvake"]


def _examples() -> list[tuple[str, str]]:
    """Every tag's reference span is one word longer than its links say: the unlinked noun after it."""
    pairs = []
    for k, (en, fi) in enumerate(VERBS.items()):
        for f, (source, target, _) in enumerate(FRAMES):
            noun = NOUNS[(k + f) % 3]
            pairs.append((source.format(en.capitalize() if f == 2 else en),
                          target.format(fi.capitalize() if f == 2 else fi, noun)))
    return pairs


def test_the_ranker_learns_that_the_span_is_one_word_longer_than_the_links_say():
    examples = _examples()[3:]  # (the first verb's pairs are the batch)
    sources = [detag(s) for s, _ in _examples()[:3]]
    plains = [plain.format(fi.capitalize() if f == 2 else fi, "nappi")
              for f, (_, _, plain) in enumerate(FRAMES) for fi in ["tallenna"]]
    aligner = LexiconAligner(LEXICON)
    before = project_batch(sources, plains, "en", "fi", aligner, examples=examples, rerank=False)
    assert before == ["Valitse <b>tallenna</b> nappi nyt.", "Sitten valitse <b>tallenna</b> nappi tässä.",
                      "<b>Tallenna</b> nappi nyt."]
    after = project_batch(sources, plains, "en", "fi", aligner, examples=examples, rerank=True)
    assert after == ["Valitse <b>tallenna nappi</b> nyt.", "Sitten valitse <b>tallenna nappi</b> tässä.",
                     "<b>Tallenna nappi</b> nyt."]


def test_too_few_example_tags_teach_no_ranker_and_change_nothing():
    examples = _examples()[3:3 + rerank.MIN_TAGS - 5]
    sources = [detag("Select <b>Save</b> now.")]
    aligner = LexiconAligner(LEXICON)
    on = project_batch(sources, ["Valitse tallenna nappi nyt."], "en", "fi", aligner, examples=examples, rerank=True)
    off = project_batch(sources, ["Valitse tallenna nappi nyt."], "en", "fi", aligner, examples=examples,
                        rerank=False)
    assert on == off == ["Valitse <b>tallenna</b> nappi nyt."]
    assert learn_ranker([]) is None


def test_without_examples_the_output_is_byte_identical():
    sources = [detag(s) for s, _ in _examples()]
    plains = [strip(t) for _, t in _examples()]
    aligner = LexiconAligner(LEXICON)
    assert (project_batch(sources, plains, "en", "fi", aligner, rerank=True)
            == project_batch(sources, plains, "en", "fi", aligner, rerank=False))


def test_a_ranker_round_trips_through_json_and_one_of_other_features_is_refused():
    ranker = Ranker(np.arange(len(FEATURES), dtype=float) / 7, np.ones(len(FEATURES)) * 2, 0.5, 40,
                    {"changes": 3, "right": 2, "wrong": 1})
    back = Ranker.from_json(json.loads(json.dumps(ranker.as_json())))
    assert back is not None
    assert np.allclose(back.weights, ranker.weights) and np.allclose(back.scale, ranker.scale)
    assert (back.margin, back.tags, back.inner) == (0.5, 40, ranker.inner)
    other = dict(ranker.as_json(), features=["something", "else"])
    with pytest.raises(OtherFeatures, match="other features"):
        Ranker.from_json(other)


def _with_ranker(model, target, ranker: Ranker, **changed):
    """A copy of `model` with `ranker` written into it, as `tagmt learn` writes one (`changed`: fields of
    its JSON replaced, as another tagmt would have written them)."""
    from tagmt.projection.model import MANIFEST, RANKER

    shutil.copytree(model, target)
    (target / RANKER).write_text(json.dumps(dict(ranker.as_json(), **changed)), "utf-8")
    manifest = json.loads((target / MANIFEST).read_text("utf-8"))
    data = (target / RANKER).read_bytes()
    manifest["files"][RANKER] = {"bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}
    manifest["ranker"] = {"file": RANKER, "tags": ranker.tags, "margin": ranker.margin}
    (target / MANIFEST).write_text(json.dumps(manifest), "utf-8")
    return target


def test_a_model_keeps_its_ranker_and_an_older_model_loads_without_one(tmp_path):
    from tagmt.cli import main
    from tagmt.errors import TagmtError
    from tagmt.projection.model import MANIFEST, RANKER, load_model

    sources, targets = zip(*_examples())
    (tmp_path / "ex.en").write_text("\n".join(sources) + "\n", "utf-8")
    (tmp_path / "ex.fi").write_text("\n".join(targets) + "\n", "utf-8")
    model = tmp_path / "en-fi.model"
    assert main(["learn", "--src-lang", "en", "--trg-lang", "fi", "--examples", str(tmp_path / "ex.en"),
                 str(tmp_path / "ex.fi"), "-o", str(model), "--no-progress"]) == 0
    loaded = load_model(model, "en", "fi")
    manifest = json.loads((model / MANIFEST).read_text("utf-8"))
    # what learn wrote (whether eflomal's links on 36 pairs leave a ranker to learn is eflomal's business)
    assert (loaded.ranker is not None) == (RANKER in manifest["files"]) == ("ranker" in manifest)
    # an older model: no ranker file, no manifest entry
    old = tmp_path / "old.model"
    shutil.copytree(model, old)
    manifest.pop("ranker", None)
    manifest["files"].pop(RANKER, None)
    (old / RANKER).unlink(missing_ok=True)
    (old / MANIFEST).write_text(json.dumps(manifest), "utf-8")
    assert load_model(old, "en", "fi").ranker is None
    # a ranker written into a model comes back as it was
    ranker = Ranker(np.linspace(-1, 1, len(FEATURES)), np.full(len(FEATURES), 0.5), 1.0, 33, {"changes": 2})
    kept = _with_ranker(old, tmp_path / "kept.model", ranker)
    back = load_model(kept, "en", "fi").ranker
    assert back is not None and np.allclose(back.weights, ranker.weights) and back.margin == 1.0
    # one whose ranker file was changed is refused
    data = json.loads((kept / RANKER).read_text("utf-8"))
    data["margin"] = 9.0
    (kept / RANKER).write_text(json.dumps(data), "utf-8")
    with pytest.raises(TagmtError, match="corrupt projection model"):
        load_model(kept, "en", "fi")
    # one from a tagmt whose ranker has other features is refused, not silently projected without it
    other = Ranker(np.linspace(-1, 1, 3), np.ones(3), 1.0, 33, {})
    foreign = _with_ranker(old, tmp_path / "foreign.model", other, features=["a", "b", "c"])
    with pytest.raises(TagmtError, match="span ranker was learned on other features.*learn the model again"):
        load_model(foreign, "en", "fi")


def test_a_model_ranker_is_used_when_the_call_has_no_examples(tmp_path):
    """`model.ranker` stands in when the call's examples teach none (the learned ranker of the
    known-answer test, put in a model object)."""
    from tagmt.projection.model import ProjectionModel
    from tagmt.projection.projector import learn_examples

    aligner = LexiconAligner(LEXICON)
    pairs = [(detag(s), detag(t)) for s, t in _examples()[3:]]
    conventions, terms, ranker = learn_examples(pairs, "en", "fi", aligner)
    assert ranker is not None and ranker.tags >= rerank.MIN_TAGS
    model = ProjectionModel(tmp_path, {"src_lang": "en", "trg_lang": "fi", "eflomal": {}}, conventions, terms,
                            frozenset(), ranker)
    model.aligner_for = lambda a: a  # (the lexicon aligner has no priors to take)
    out = project_batch([detag("Select <b>Save</b> now.")], ["Valitse tallenna nappi nyt."], "en", "fi", aligner,
                        model=model)
    assert out == ["Valitse <b>tallenna nappi</b> nyt."]


def _random_ranker(seed: int) -> Ranker:
    rng = np.random.default_rng(seed)
    return Ranker(rng.normal(size=len(FEATURES)) * 3, np.ones(len(FEATURES)), 0.0)


def _check_moved(nodes, lo, hi, before):
    """Each span the ranker moved lies in its parent, overlaps no sibling, keeps its place among them
    and encloses its children (the pipeline's own spans are checked by test_project_properties)."""
    order = [n.order for n in sorted(nodes, key=lambda n: (*before[n.order], n.order))]  # (ties: as rendered)
    for node in nodes:
        if (node.start, node.end) != before[node.order]:
            assert lo <= node.start < node.end <= hi
            for other in nodes:
                if other is not node:
                    assert other.end <= node.start or node.end <= other.start
            assert all(node.start <= c.start <= c.end <= node.end for c in node.children)
        _check_moved(node.children, node.start, node.end, before)
    assert [n.order for n in sorted(nodes, key=lambda n: (n.start, n.end, n.order))] == order or all(
        (n.start, n.end) == before[n.order] for n in nodes)


@settings(max_examples=200, deadline=None)
@given(projections(), st.integers(0, 2**16))
def test_reranked_spans_stay_in_their_parent_and_never_overlap(case, seed):
    source, translation, _ = case
    detagged = detag(source)
    src = words_with_offsets(detagged.plain, "en", detagged.cuts())
    trg = words_with_offsets(translation, "ja")
    links = {(i, j) for i in range(len(src)) for j in range(len(trg)) if (i * 7 + j * 3 + seed) % 5 == 0}
    spans = _spans(detagged, translation, src, trg, links, default_decision)
    seg = Segment(detagged, translation, src, trg, links, {})
    tree = [(s.order, s.point) for root in spans for s in root.walk()]
    before = {s.order: (s.start, s.end) for root in spans for s in root.walk()}
    _random_ranker(seed).rerank(seg, spans)
    assert [(s.order, s.point) for root in spans for s in root.walk()] == tree
    _check_moved(spans, 0, len(translation), before)
    output = render_spans(translation, spans)[0]
    assert strip(output) == translation and is_well_formed(tokenize(output))
    for _, case_ in cases_of(seg, spans):
        assert case_.features.shape == (len(case_.spans), len(FEATURES))


# ---------------------------------------------------------------- the ranker keeps the target's units whole

def _leaning_ranker(**weights: float) -> Ranker:
    """A ranker whose weights lean towards what the test names (a split, the raw argmax), margin 0."""
    w = np.zeros(len(FEATURES))
    for name, value in weights.items():
        w[FEATURES.index(name)] = value
    return Ranker(w, np.ones(len(FEATURES)), 0.0)


def _reranked(source, translation, src_lang, trg_lang, pairs, ranker) -> tuple[str, str]:
    """The pipeline's output and the output after `ranker`, links given by hand."""
    detagged = detag(source)
    src = words_with_offsets(detagged.plain, src_lang, detagged.cuts())
    trg = words_with_offsets(translation, trg_lang)
    links = links_of(pairs, src, trg)
    spans = _spans(detagged, translation, src, trg, links, default_decision)
    before = render_spans(translation, spans)[0]
    ranker.rerank(Segment(detagged, translation, src, trg, links, {}), spans)
    return before, render_spans(translation, spans)[0]


_SPLIT_TOKEN = {"split_token_left": 10.0, "split_token_right": 10.0}
_SPLIT_WORD = {"split_word_left": 10.0, "split_word_right": 10.0}


@pytest.mark.parametrize("source, translation, src_lang, trg_lang, pairs, weights, expected, unguarded", [
    # Latin: a verbatim token (a ranker that would cut `database-conf.xml` at its hyphen)
    ("Edit <b>database-conf.xml</b> now.", "Bearbeiten Sie jetzt database-conf.xml.", "en", "de",
     [("Edit", "Bearbeiten"), ("now", "jetzt")], _SPLIT_TOKEN,
     "Bearbeiten Sie jetzt <b>database-conf.xml</b>.", "<b>Bearbeiten Sie jetzt database</b>-conf.xml."),
    # Cyrillic: a verbatim token after the span (`S/4HANA` is not cut to take its `S` in)
    ("Open <b>the file</b> in S/4HANA now.", "Откройте файл в S/4HANA сейчас.", "en", "ru",
     [("Open", "Откройте"), ("file", "файл"), ("in", "S"), ("now", "сейчас")], _SPLIT_TOKEN,
     "Откройте <b>файл в</b> S/4HANA сейчас.", "<b>Откройте файл в S</b>/4HANA сейчас."),
    # Japanese: a bracket group (the raw argmax `許可] し` crosses its closing mark)
    ("Choose <b>Allow session</b> cookies always.", "常に [セッション Cookie を許可] します。", "en", "ja",
     [("Allow", "許可"), ("session", "し"), ("cookies", "Cookie"), ("always", "常に")], {"raw_argmax": 10.0},
     "常に [セッション Cookie を許可]<b> します</b>。", "常に [セッション Cookie を<b>許可] し</b>ます。"),
    # Hangul: the same with `[사용자 관리] 앱`
    ("Open <b>Manage</b> users now.", "지금 [사용자 관리] 앱을 여세요.", "en", "ko",
     [("Manage", "관리"), ("Manage", "앱"), ("users", "사용자"), ("now", "지금")], {"raw_argmax": 10.0},
     "지금 [사용자 관리]<b> 앱</b>을 여세요.", "지금 [사용자 <b>관리] 앱</b>을 여세요."),
    # Chinese: a dictionary word (`到期` is not cut, though every candidate that cuts it is favoured)
    ("Reset the status to <b>Due</b> now.", "现在将状态重置为到期。", "en", "zh",
     [("Due", "期"), ("Reset", "重"), ("status", "状")], _SPLIT_WORD,
     "现在将状态重置为<b>到期</b>。", "现在将状态重<b>置为到</b>期。"),
])
def test_the_ranker_never_moves_an_edge_into_a_unit(source, translation, src_lang, trg_lang, pairs, weights,
                                                   expected, unguarded, monkeypatch):
    """Issue 21, rule 1, after the ranker: a span it moves keeps whole every verbatim token, bracket
    group and dictionary word that `units.respect_units` kept whole — even a ranker whose weights favour
    cutting them. `unguarded`: what the same ranker picks when every candidate is allowed (the
    candidates the rule removes are real)."""
    from tagmt.projection import units

    before, after = _reranked(source, translation, src_lang, trg_lang, pairs, _leaning_ranker(**weights))
    assert (before, after) == (expected, expected)
    monkeypatch.setattr(units._Units, "respects", lambda self, tag, start, end: True)
    assert _reranked(source, translation, src_lang, trg_lang, pairs, _leaning_ranker(**weights))[1] == unguarded


def test_a_unit_the_source_tag_cuts_may_be_cut():
    """The exception of rule 1: where the source tag's own edge cuts a token (`<b>database</b>-conf.xml`),
    the ranker may put an edge inside the target's copy of it."""
    detagged = detag("Edit <b>database</b>-conf.xml now.")
    text = "Bearbeiten Sie jetzt database-conf.xml."
    src = words_with_offsets(detagged.plain, "en", detagged.cuts())
    trg = words_with_offsets(text, "de")
    units = Segment(detagged, text, src, trg, set(), {}).units
    at = text.index("database")
    assert units.respects(detagged.tags[0], at, at + len("database"))
    other = detag("Edit <b>the database-conf.xml</b> file now.")
    units = Segment(other, text, words_with_offsets(other.plain, "en", other.cuts()), trg, set(), {}).units
    assert not units.respects(other.tags[0], at, at + len("database"))
    assert units.respects(other.tags[0], at, at + len("database-conf.xml"))


_TOKEN_RE = __import__("regex").compile(r"[\p{L}\p{N}\p{M}]+(?:[-._/:@#+~=%&?\\]+[\p{L}\p{N}\p{M}]+)+")


def _source_cuts(plain: str, tag, x: int) -> bool:
    """Whether the source tag's edge at `x` cuts a group of the source it crosses or a token."""
    from tagmt.projection.units import groups_of

    inside = [(a < x <= b) for a, b in groups_of(plain)]
    crossing = any(
        here and ((a < tag.start <= b) != (a < tag.end <= b)) for here, (a, b) in zip(inside, groups_of(plain))
    )
    return crossing or any(m.start() < x < m.end() for m in _TOKEN_RE.finditer(plain))


@settings(max_examples=300, deadline=None)
@given(st.data(), st.integers(0, 2**16))
def test_no_span_the_ranker_moves_splits_a_token_or_crosses_a_group(data, seed):
    """After the whole pipeline and a random ranker: every span the ranker moved has no edge inside a
    verbatim token and crosses no bracket or quotation group of the translation, unless the source
    tag's edge on that side cuts one of the source (checked here with the units' own definitions,
    `groups_of` and `verbatim_tokens`, edge by edge)."""
    from tagmt.projection.units import groups_of, verbatim_tokens
    from test_units import nested, texts

    source, translation = data.draw(nested()), data.draw(texts())
    detagged = detag(source)
    src = words_with_offsets(detagged.plain, "en", detagged.cuts())
    trg = words_with_offsets(translation, "ja")
    pairs = [(i, j) for i in range(len(src)) for j in range(len(trg))]
    links = set(data.draw(st.lists(st.sampled_from(pairs), max_size=8))) if pairs else set()
    spans = _spans(detagged, translation, src, trg, links, default_decision)
    before = {s.order: (s.start, s.end) for root in spans for s in root.walk()}
    _random_ranker(seed).rerank(Segment(detagged, translation, src, trg, links, {}), spans)
    groups, tokens = groups_of(translation), verbatim_tokens(detagged.plain, translation)
    for root in spans:
        for node in root.walk():
            if (node.start, node.end) == before[node.order]:
                continue
            for x, y, edge in ((node.start, node.end, node.tag.start), (node.end, node.start, node.tag.end)):
                if _source_cuts(detagged.plain, node.tag, edge):
                    continue
                assert not any(a < x < b for a, b in tokens)
                assert not any((a < x <= b) and not (a < y <= b) for a, b in groups)
    output = render_spans(translation, spans)[0]
    assert strip(output) == translation and is_well_formed(tokenize(output))
