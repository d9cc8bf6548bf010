"""Taught terms kept whole (stage `taught-terms`, `termphrases.py`): a span tag whose source term the examples
translate as a multi-word unit takes that unit where it overlaps the span, or sheds the words beside it that
translate nothing of the tag. French, German, Hungarian (Latin), Russian (Cyrillic), Chinese and Japanese words
written by hand, links given: known answers, no aligner."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.markup import strip
from tagmt.projection.context import PairContext, Profiles
from tagmt.projection.conventions import default_decision
from tagmt.projection.detag import detag
from tagmt.projection.edges import Span
from tagmt.projection.render import render_spans
from tagmt.projection.stages import STAGES
from tagmt.projection.termphrases import kept_whole, same_stem
from tagmt.projection.wordseg import Word


def words(text: str) -> list[Word]:
    """`text`'s words cut at `|` and spaces (the bars are not part of the text): a hand-made segmentation."""
    out, pos = [], 0
    for chunk in text.split(" "):
        for piece in chunk.split("|"):
            if piece:
                out.append(Word(piece, pos, pos + len(piece), "content" if piece[0].isalnum() else "punct"))
                pos += len(piece)
        pos += 1
    return out


def project(source: str, src_cut: str, target_cut: str, links, placed: list[tuple[int, int]], lang: str,
            terms: dict[str, set[str]]) -> str:
    """The tags of `source` (siblings, in order) placed on target words `placed` ([a, b) each), then the stage."""
    detagged = detag(source)
    translation = target_cut.replace("|", "")
    src, trg = words(src_cut), words(target_cut)
    assert detagged.plain == src_cut.replace("|", "")
    ctx = PairContext(detagged, translation, src, trg, set(links), None, default_decision, Profiles.of("en", lang),
                      terms=terms)
    spans = [Span(tag, trg[a].start, trg[b - 1].end, k, False) for k, (tag, (a, b)) in
             enumerate(zip(detagged.tags, placed))]
    out = render_spans(translation, STAGES["taught-terms"]().run(ctx, spans))[0]
    assert strip(out) == translation
    return out


STAKEHOLDERS = {"stakeholders": {"parties prenantes"}}


def test_french_the_taught_two_word_term_is_taken_whole_the_article_stays_outside():
    # eflomal linked `stakeholders` to `prenantes` only; `parties` is unlinked
    out = project("initiated by <g>stakeholders</g>.", "initiated by stakeholders|.",
                  "lancées par les parties prenantes|.", {(0, 0), (1, 1), (2, 4), (3, 5)}, [(4, 5)], "fr",
                  STAKEHOLDERS)
    assert out == "lancées par les <g>parties prenantes</g>."


def test_french_another_inflection_of_the_term_is_the_same_term():
    out = project("one <g>stakeholder</g>.", "one stakeholder|.", "une partie prenante|.",
                  {(0, 0), (1, 2), (2, 3)}, [(2, 3)], "fr", {"stakeholder": {"parties prenantes"}})
    assert out == "une <g>partie prenante</g>."


def test_a_term_that_begins_a_sentence_is_the_same_term():
    out = project("<g>Stakeholders</g> met.", "Stakeholders met|.", "Les parties prenantes ont|.",
                  {(0, 2), (1, 3), (2, 4)}, [(2, 3)], "fr", STAKEHOLDERS)
    assert out == "Les <g>parties prenantes</g> ont."


def test_marks_at_the_span_edges_stay_where_the_edge_rules_put_them():
    out = project("the <g>groups</g>", "the groups", "die „ Gruppen “ dabei",
                  {(1, 2)}, [(1, 4)], "de", {"groups": {"Gruppen"}})
    assert out == "die <g>„ Gruppen “</g> dabei"
    out = project("the <g>stakeholders</g>", "the stakeholders", "les « parties prenantes »",
                  {(1, 3)}, [(3, 5)], "fr", STAKEHOLDERS)
    assert out == "les « <g>parties prenantes »</g>"


def test_a_word_another_source_word_owns_stays_outside():
    # `parties` linked to `by` (outside the tag): the span does not take it, whatever the examples teach
    out = project("initiated by <g>stakeholders</g>.", "initiated by stakeholders|.",
                  "lancées par les parties prenantes|.", {(0, 0), (1, 1), (1, 3), (2, 4), (3, 5)}, [(4, 5)], "fr",
                  STAKEHOLDERS)
    assert out == "lancées par les parties <g>prenantes</g>."


def test_nothing_taught_nothing_moves():
    out = project("initiated by <g>stakeholders</g>.", "initiated by stakeholders|.",
                  "lancées par les parties prenantes|.", {(0, 0), (1, 1), (2, 4), (3, 5)}, [(4, 5)], "fr", {})
    assert out == "lancées par les parties <g>prenantes</g>."


def test_german_a_noun_and_its_genitive_complement():
    out = project("<g>compliance</g> costs", "compliance costs", "Kosten der Einhaltung der Vorschriften",
                  {(0, 2), (1, 0)}, [(2, 3)], "de", {"compliance": {"Einhaltung der Vorschriften"}})
    assert out == "Kosten der <g>Einhaltung der Vorschriften</g>"


def test_of_two_taught_translations_the_longer_that_holds_the_span():
    taught = {"compliance": {"Einhaltung", "Einhaltung der Vorschriften"}}
    for placed in (2, 5), (2, 3):
        out = project("<g>compliance</g> costs", "compliance costs", "Kosten der Einhaltung der Vorschriften",
                      {(0, 2), (1, 0)}, [placed], "de", taught)
        assert out == "Kosten der <g>Einhaltung der Vorschriften</g>"
    out = project("<g>compliance</g> costs", "compliance costs", "Kosten der Einhaltung",
                  {(0, 2), (1, 0)}, [(2, 3)], "de", taught)
    assert out == "Kosten der <g>Einhaltung</g>"


def test_hungarian_words_beside_the_term_that_translate_nothing_of_the_tag_leave_it():
    source, src_cut = "structural balance and <g>adjustment</g> towards the MTO", \
        "structural balance and adjustment towards the MTO"
    target = "strukturális egyenleg és a középtávú cél eléréséhez szükséges kiigazítás"
    links = {(0, 0), (1, 1), (2, 2), (4, 4), (6, 5), (3, 8)}
    out = project(source, src_cut, target, links, [(6, 9)], "hu", {"adjustment": {"kiigazítás"}})
    assert out == "strukturális egyenleg és a középtávú cél eléréséhez szükséges <g>kiigazítás</g>"
    # `szükséges` linked to `adjustment` (inside the tag): it translates the tag, the span stays as placed
    out = project(source, src_cut, target, links | {(3, 7)}, [(6, 9)], "hu", {"adjustment": {"kiigazítás"}})
    assert out == "strukturális egyenleg és a középtávú cél <g>eléréséhez szükséges kiigazítás</g>"


def test_hungarian_a_case_ending_on_the_taught_term():
    out = project("with <g>stakeholders</g>", "with stakeholders", "az érdekelt felekkel",
                  {(1, 2)}, [(2, 3)], "hu", {"stakeholders": {"érdekelt felek"}})
    assert out == "az <g>érdekelt felekkel</g>"
    # `érdekelt` is `érdekeltek` with another ending, but `érdekelt felek` is written exactly: the whole term
    out = project("the <g>stakeholders</g>", "the stakeholders", "az érdekelt felek",
                  {(1, 1)}, [(1, 2)], "hu", {"stakeholders": {"érdekeltek", "érdekelt felek"}})
    assert out == "az <g>érdekelt felek</g>"


def test_russian_a_help_label_translated_with_a_complement():
    out = project("Open <ui>Settings</ui>.", "Open Settings|.", "Откройте параметры учётной записи|.",
                  {(0, 0), (1, 1), (2, 4)}, [(1, 2)], "ru", {"Settings": {"параметры учётной записи"}})
    assert out == "Откройте <ui>параметры учётной записи</ui>."


def test_chinese_and_japanese_the_taught_words_whole_written_exactly():
    out = project("Open <ui>Settings</ui>.", "Open Settings|.", "打开|帐户|设置|。",
                  {(0, 0), (1, 2), (2, 3)}, [(2, 3)], "zh", {"Settings": {"帐户设置"}})
    assert out == "打开<ui>帐户设置</ui>。"
    out = project("Open <ui>Settings</ui>.", "Open Settings|.", "アカウント|設定|を|開き|ます|。",
                  {(0, 3), (1, 1), (2, 5)}, [(1, 2)], "ja", {"Settings": {"アカウント設定"}})
    assert out == "<ui>アカウント設定</ui>を開きます。"
    # a different inflection does not count where words are not spaced: only the exact text
    out = project("Open <ui>Settings</ui>.", "Open Settings|.", "打开|帐户|设置|。",
                  {(0, 0), (1, 2), (2, 3)}, [(2, 3)], "zh", {"Settings": {"帐户设置项"}})
    assert out == "打开帐户<ui>设置</ui>。"


def test_no_dictionary_word_of_a_language_without_spaces_is_cut():
    # the batch's heading `Open Items` → `未清项`; the sentence writes `未清项目表` (the segmenter cut `未清项|目表`)
    detagged = detag("the <ui>Open Items</ui> table")
    translation = "未清项目表"
    src = words("the Open Items table")
    trg = words("未清项|目表")
    ctx = PairContext(detagged, translation, src, trg, {(1, 0), (2, 1), (3, 1)}, None, default_decision,
                      Profiles.of("en", "zh"), terms={"Open Items": {"未清项"}})
    spans = [Span(detagged.tags[0], 0, 5, 0, False)]
    if ctx.pieces:  # (jieba's or ICU's words: `未清` `项目` `表`)
        out = STAGES["taught-terms"]().run(ctx, spans)
        assert (out[0].start, out[0].end) == (0, 5)
    assert any(a < 3 < b for a, b in ctx.pieces) or not ctx.pieces


def test_a_sibling_span_is_never_overlapped():
    out = project("the <g1>bankruptcy</g1> <g2>stakeholders</g2>", "the bankruptcy stakeholders",
                  "les parties prenantes", {(1, 1), (2, 2)}, [(1, 2), (2, 3)], "fr", STAKEHOLDERS)
    assert out == "les <g1>parties</g1> <g2>prenantes</g2>"


def test_examples_decide_whether_terms_are_kept_whole():
    def pair(src: str, ref: str):
        return detag(src), detag(ref)

    whole = [pair(f"{k} the <g>stakeholders</g> met.", f"{k} les <g>parties prenantes</g> ont.") for k in range(4)]
    taught = {"stakeholders": {"parties prenantes"}}
    assert kept_whole(whole, lambda k: taught)
    part = [pair(f"{k} the <g>stakeholders</g> met.", f"{k} les parties <g>prenantes</g> ont.") for k in range(4)]
    assert not kept_whole(part, lambda k: taught)  # the references tag a part of the term
    assert not kept_whole(whole[:1], lambda k: taught)  # one case decides nothing
    assert not kept_whole(whole, lambda k: {})  # nothing taught by the other examples


def test_same_stem_is_an_ending_not_a_compound():
    assert same_stem("parties", "partie") and same_stem("felekkel", "felek")
    assert not same_stem("arbeitgeber", "arbeit") and not same_stem("kell", "kiigazítás")


# ------------------------------------------------------------------------------ property

_WORDS = ["les", "parties", "prenantes", "de", "la", "commission", "et", "états", "membres", "des"]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(_WORDS), min_size=2, max_size=9), st.data())
def test_property_text_unchanged_tags_whole_spans_on_word_edges(target_words, data):
    """Any target words, any placed spans, any taught run of words: the text never changes, every tag stays
    written once and whole, and a span that moved starts and ends at word edges without overlapping a sibling."""
    n = len(target_words)
    translation = " ".join(target_words)
    trg = words(translation)
    cut = sorted(data.draw(st.sets(st.integers(1, n - 1), max_size=2)))
    bounds = [0, *cut, n]
    pieces = [(bounds[k], bounds[k + 1]) for k in range(len(bounds) - 1)]
    chosen = data.draw(st.lists(st.sampled_from(pieces), min_size=1, max_size=len(pieces), unique=True))
    chosen.sort()
    source = " ".join(f'<g id="{k}">w{k}</g>' for k in range(len(chosen)))
    detagged = detag(source)
    src = words(detagged.plain)
    a, b = sorted(data.draw(st.lists(st.integers(0, n), min_size=2, max_size=2)))
    terms = {"w0": {" ".join(target_words[a:b]) or "x"}}
    links = {(k, j) for k, (x, y) in enumerate(chosen) for j in range(x, y) if data.draw(st.booleans())}
    ctx = PairContext(detagged, translation, src, trg, links, None, default_decision, Profiles.of("en", "fr"),
                      terms=terms)
    spans = [Span(tag, trg[x].start, trg[y - 1].end, k, False) for k, (tag, (x, y)) in
             enumerate(zip(detagged.tags, chosen))]
    out = STAGES["taught-terms"]().run(ctx, spans)
    rendered = render_spans(translation, out)[0]
    assert strip(rendered) == translation
    for k in range(len(chosen)):
        assert rendered.count(f'<g id="{k}">') == 1 and rendered.count("</g>") == len(chosen)
    starts, ends = {w.start for w in trg}, {w.end for w in trg}
    ordered = sorted(out, key=lambda s: s.start)
    for s in ordered:
        assert s.start in starts and s.end in ends
    for x, y in zip(ordered, ordered[1:]):
        assert x.end <= y.start


def test_either_reads_several_tables_as_one():
    from tagmt.projection.termphrases import Either

    table = Either({"Settings": {"Paramètres"}}, {"Settings": {"Paramètres du compte"}, "Save": {"Enregistrer"}})
    assert table["Settings"] == {"Paramètres", "Paramètres du compte"} and table.get("Print") is None
    assert sorted(table) == ["Save", "Settings"] and len(table) == 2
    out = project("Open <ui>Settings</ui>.", "Open Settings|.", "Ouvrez Paramètres du compte|.",
                  {(0, 0), (1, 1), (2, 4)}, [(1, 2)], "fr", table)
    assert out == "Ouvrez <ui>Paramètres du compte</ui>."


# ------------------------------------------------------------------------------ through the projector

class _Lexicon:
    """Links the words a small lexicon pairs (a known answer for what the aligner finds)."""

    name = "lexicon"
    learns_from_corpus = True

    def __init__(self, lexicon: dict[str, str]) -> None:
        self.lexicon = lexicon

    def align(self, src_words, trg_words):
        return [{(i, j) for i, s in enumerate(src) for j, t in enumerate(trg)
                 if self.lexicon.get(s.lower()) == t.lower()}
                for src, trg in zip(src_words, trg_words)]


def test_the_projector_keeps_a_term_the_examples_teach_whole_with_another_ending():
    from tagmt.projection import project_batch

    aligner = _Lexicon({"stakeholders": "érdekelt", "the": "az", "agree": "egyetértenek", "met": "találkoztak",
                        "left": "távoztak", "spoke": "beszéltek", "we": "meghallgattuk", "heard": "meghallgattuk"})
    examples = [(f"The <g>stakeholders</g> {en}.", f"Az <g>érdekelt felek</g> {hu}.")
                for en, hu in (("agree", "egyetértenek"), ("met", "találkoztak"), ("left", "távoztak"),
                               ("spoke", "beszéltek"))]
    source, translation = detag("We heard the <g>stakeholders</g>."), "Meghallgattuk az érdekelt feleket."
    out = project_batch([source], [translation], "en", "hu", aligner, examples=examples, rerank=False)
    assert out == ["Meghallgattuk az <g>érdekelt feleket</g>."]
    # no examples: nothing is taught, the span stays on the linked word
    out = project_batch([source], [translation], "en", "hu", aligner, rerank=False)
    assert out == ["Meghallgattuk az <g>érdekelt</g> feleket."]
