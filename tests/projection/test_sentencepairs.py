"""A paragraph pair cut into its sentence pairs before the aligner (`sentencepairs.py`): known cuts in
several scripts, the fallback to the whole pair, the links mapped back, and linear work."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from tagmt.projection.detag import detag
from tagmt.projection.projector import project_batch
from tagmt.projection.sentencepairs import match_lengths, sentence_pairs, shift_links, shift_weights
from tagmt.projection.wordseg import Word, words_with_offsets


def _cut(src: str, trg: str, src_lang: str, trg_lang: str, cut: bool = True):
    d = detag(src)
    s = words_with_offsets(d.plain, src_lang, d.cuts())
    t = words_with_offsets(trg, trg_lang)
    pieces = sentence_pairs(d.plain, s, trg, t, cut)
    return [(" ".join(w.text for w in s[a:b]), "".join(w.text for w in t[c:e])) for a, b, c, e in pieces], s, t


def test_a_paragraph_is_cut_into_its_sentence_pairs_in_three_scripts():
    src = "Open the <b>file</b> in the editor. Then save the file and close the window."
    de, _, _ = _cut(src, "Öffnen Sie die Datei im Editor. Speichern Sie dann die Datei und schließen Sie das Fenster.",
                    "en", "de")
    assert len(de) == 2 and de[0][0].startswith("Open") and de[1][0].startswith("Then")
    assert de[0][1].endswith("Editor.") and de[1][1].startswith("Speichern")
    ja, _, _ = _cut(src, "エディタでファイルを開きます。次にファイルを保存し、ウィンドウを閉じます。", "en", "ja")
    assert [t for _, t in ja] == ["エディタでファイルを開きます。", "次にファイルを保存し、ウィンドウを閉じます。"]
    ko, _, _ = _cut(src, "편집기에서 파일을 엽니다. 그런 다음 파일을 저장하고 창을 닫습니다.", "en", "ko")
    assert len(ko) == 2 and ko[1][1].startswith("그런")
    zh, _, _ = _cut(src, "在编辑器中打开文件。然后保存文件并关闭窗口。", "en", "zh")
    assert [t for _, t in zh] == ["在编辑器中打开文件。", "然后保存文件并关闭窗口。"]


def test_one_sentence_or_unmatched_sentences_are_aligned_whole():
    one, s, t = _cut("Open the <b>file</b>.", "Öffnen Sie die Datei.", "en", "de")
    assert len(one) == 1
    # two source sentences against three target ones whose lengths cannot be matched: the whole pair
    pieces, s, t = _cut("A very long first sentence that goes on and on about many things here. Short.",
                        "Kurz. Auch kurz. Ein sehr langer dritter Satz, der von vielen Dingen erzählt und erzählt.",
                        "en", "de")
    assert len(pieces) == 1
    # a side without a sentence end: whole
    pieces, _, _ = _cut("Open it. Close it.", "Öffnen und schließen", "en", "de")
    assert len(pieces) == 1


def test_lengths_are_matched_monotonically():
    assert match_lengths([30, 60, 20], [15, 30, 10]) == [(1, 1), (1, 1), (1, 1)]
    assert match_lengths([30, 60], [15, 5, 25]) == [(1, 1), (1, 2)]  # a split translation: one 1-2 bead
    assert match_lengths([10, 100], [100, 10, 10]) is None  # no sure beads: aligned whole


def test_the_switch_restores_whole_alignment():
    pieces, _, _ = _cut("Open it now. Close it later.", "Öffne es jetzt. Schließe es später.", "en", "de", cut=False)
    assert len(pieces) == 1


class LexiconAligner:
    """Links the words a small lexicon pairs, within each line it is given (records the lines)."""

    name = "lexicon"
    learns_from_corpus = True
    LEXICON = {"open": "öffnen", "file": "datei", "save": "speichern", "the": "die", "editor": "editor",
               "then": "dann", ".": ".", "in": "im"}

    def __init__(self) -> None:
        self.seen: list[list[str]] = []

    def align(self, src_words, trg_words):
        out = []
        for src, trg in zip(src_words, trg_words):
            self.seen.append(list(src))
            out.append({(i, j) for i, s in enumerate(src) for j, t in enumerate(trg)
                        if self.LEXICON.get(s.lower()) == t.lower()})
        return out


def test_a_paragraph_projects_as_its_sentences_alone_do():
    first = ("Open the <b>file</b> in the editor.", "Öffnen Sie die Datei im Editor.")
    second = ("Then save the <i>file</i>.", "Speichern Sie dann die Datei.")
    alone = [project_batch([detag(s)], [t], "en", "de", LexiconAligner())[0] for s, t in (first, second)]
    aligner = LexiconAligner()
    paragraph = project_batch([detag(first[0] + " " + second[0])], [first[1] + " " + second[1]], "en", "de",
                              aligner)[0]
    assert paragraph == alone[0] + " " + alone[1]
    assert paragraph == "Öffnen Sie die <b>Datei</b> im Editor. Speichern Sie dann die <i>Datei</i>."
    assert [words[0] for words in aligner.seen] == ["Open", "Then"]  # the aligner saw two lines


# --------------------------------------------------------------------------- properties

_SENTENCE = st.lists(st.sampled_from(["ab", "cd", "Ef", "x", "yy", "zzz"]), min_size=1, max_size=6)


def _text(sentences: list[list[str]], lang_gap: str) -> str:
    return lang_gap.join(" ".join(words).capitalize() + "." for words in sentences)


@settings(max_examples=150, deadline=None)
@given(st.lists(_SENTENCE, min_size=1, max_size=6), st.lists(_SENTENCE, min_size=1, max_size=6),
       st.sampled_from([" ", "\n"]))
def test_pieces_cover_both_sides_in_order_and_links_map_back_inside_their_words(src_s, trg_s, gap):
    src_text, trg_text = _text(src_s, gap), _text(trg_s, gap)
    s = words_with_offsets(src_text, "en")
    t = words_with_offsets(trg_text, "de")
    pieces = sentence_pairs(src_text, s, trg_text, t)
    assert pieces[0][0] == 0 and pieces[0][2] == 0 and pieces[-1][1] == len(s) and pieces[-1][3] == len(t)
    for (a, b, c, d), (a2, _, c2, _) in zip(pieces, pieces[1:]):
        assert a < b == a2 and c < d == c2  # contiguous, none empty
    for piece in pieces:
        a, b, c, d = piece
        local = {(i, j) for i in range(b - a) for j in range(d - c)}
        mapped = shift_links(piece, local)
        assert len(mapped) == len(local)  # no link lost
        assert all(a <= i < b and c <= j < d for i, j in mapped)  # inside its own words
        weights = shift_weights(piece, {link: 0.5 for link in local})
        assert set(weights) == mapped


@settings(max_examples=50, deadline=None)
@given(st.lists(_SENTENCE, min_size=1, max_size=4))
def test_a_pair_aligned_whole_keeps_every_link(src_s):
    text = _text(src_s, " ")
    s = words_with_offsets(text, "en")
    t = words_with_offsets("ohne satzende", "de")  # one target sentence: the whole pair, one piece
    (piece,) = sentence_pairs(text, s, "ohne satzende", t)
    links = {(i, j) for i in range(len(s)) for j in range(len(t))}
    assert piece == (0, len(s), 0, len(t)) and shift_links(piece, links) == links


# --------------------------------------------------------------------------- linear work

def _paragraph(n: int) -> tuple[str, list[Word], str, list[Word]]:
    src = " ".join(f"Sentence number {'x' * (k % 7 + 1)} is here." for k in range(n))
    trg = " ".join(f"Satz Nummer {'y' * (k % 7 + 1)} steht hier." for k in range(n))
    return src, words_with_offsets(src, "en"), trg, words_with_offsets(trg, "de")


def test_a_paragraph_of_2000_sentences_is_cut_in_linear_work():
    from tests.projection.test_linear_scaling import assert_linear, lines_run

    counts = []
    for n in (500, 1000, 2000):
        count, pieces = lines_run(sentence_pairs, *_paragraph(n))
        assert len(pieces) == n
        counts.append(count)
    assert_linear(counts)  # doubling the sentences: ×4 when quadratic


def test_tagmt_learn_writes_a_paragraph_as_its_sentence_pairs(tmp_path):
    """The projection model's priors are learned from the lines the projection aligns: a paragraph's
    sentence pairs, one line each (a one-sentence pair: one line)."""
    import io

    from tagmt.projection.align import EflomalAligner
    from tagmt.projection.model import _LineWriter

    aligner = EflomalAligner()
    src = "Open the file in the editor. Then save the file."
    trg = "Öffnen Sie die Datei im Editor. Speichern Sie dann die Datei."
    fs, ft = io.StringIO(), io.StringIO()
    written = _LineWriter(fs, ft, ("en", "de"), aligner).pair(src, words_with_offsets(src, "en"), trg,
                                                              words_with_offsets(trg, "de"))
    assert written == 2 and len(fs.getvalue().splitlines()) == 2 and len(ft.getvalue().splitlines()) == 2
    assert len(fs.getvalue().splitlines()[1].split()) == len(words_with_offsets("Then save the file.", "en"))
    one = _LineWriter(io.StringIO(), io.StringIO(), ("en", "de"), aligner).pair(
        "Open it.", words_with_offsets("Open it.", "en"), "Öffne es.", words_with_offsets("Öffne es.", "de"))
    assert one == 1


def _glossary_links(src: str, trg: str, trg_lang: str, term: str, translation: str):
    from tagmt.projection.anchors import anchor_glossary

    d = detag(src)
    s = words_with_offsets(d.plain, "en", d.cuts())
    t = words_with_offsets(trg, trg_lang)
    pieces = sentence_pairs(d.plain, s, trg, t)
    assert len(pieces) == 2
    glossary = {term: {translation}}
    whole = anchor_glossary(d, trg, s, t, set(), glossary)
    cut = anchor_glossary(d, trg, s, t, set(), glossary, pieces)
    return whole, {(s[i].text, t[j].start) for i, j in cut}


def test_a_term_repeated_in_another_sentence_is_anchored_in_its_own_sentence():
    """A tag's known translation written once in its sentence's counterpart but twice in the paragraph:
    anchored there (the whole paragraph alone cannot say which copy), in three scripts."""
    trg = "Klicken Sie jetzt auf Speichern. Danach erneut Speichern wählen."
    whole, cut = _glossary_links("Click <b>Save</b> now. Then choose Save again.", trg, "de", "Save", "Speichern")
    assert not whole and cut == {("Save", trg.index("Speichern"))}
    trg = "今すぐ保存をクリックします。次にもう一度保存を選択します。"
    whole, cut = _glossary_links("Click <b>Save</b> now. Then choose Save again.", trg, "ja", "Save", "保存")
    assert not whole and cut and {j for _, j in cut} <= set(range(trg.index("。")))
    trg = "现在点击保存。然后再次选择保存。"
    whole, cut = _glossary_links("Click <b>Save</b> now. Then choose Save again.", trg, "zh", "Save", "保存")
    assert not whole and {j for _, j in cut} == {trg.index("保"), trg.index("存")}


def test_a_tag_around_a_whole_sentence_is_not_anchored_to_its_counterpart():
    """A sentence pair learned as a whole segment must not link every word of a tagged sentence to every
    word of its counterpart: the inline tags inside it keep their own links."""
    from tagmt.projection.anchors import anchor_glossary

    d = detag("<p>Click <b>Save</b> now.</p> <p>Then close it.</p>")
    trg = "Klicken Sie jetzt auf Speichern. Dann schließen Sie es."
    s, t = words_with_offsets(d.plain, "en", d.cuts()), words_with_offsets(trg, "de")
    pieces = sentence_pairs(d.plain, s, trg, t)
    glossary = {"Click Save now.": {"Klicken Sie jetzt auf Speichern."}}
    links = {(0, 0), (1, 4)}
    assert anchor_glossary(d, trg, s, t, links, glossary, pieces) == links


def _glossary_reference(detagged, translation, src, trg, links, glossary):
    """anchor_glossary as it was written before the link index (one pair, no pieces), with the links kept
    inside the anchor of a tag that has tags inside it: the known answer."""
    claimed: set[int] = set()
    for tag in detagged.walk():
        text = detagged.plain[tag.start : tag.end].strip()
        if tag.start == tag.end or text == detagged.plain.strip() or text not in glossary:
            continue
        found = [y for y in glossary[text] if translation.count(y) == 1]
        if len(found) != 1:
            continue
        start = translation.index(found[0])
        end = start + len(found[0])
        inside = {i for i, w in enumerate(src) if w.start >= tag.start and w.end <= tag.end}
        target = {j for j, w in enumerate(trg) if w.start >= start and w.end <= end}
        if not inside or not target or target & claimed:
            continue
        claimed |= target
        # a tag with tags inside keeps its words' links inside the anchor; its words with none there are
        # linked to the other side's words with none (to all of them when that side has none)
        kept = {(i, j) for i, j in links if i in inside and j in target} if tag.children else set()
        links = {(i, j) for i, j in links if i not in inside and j not in target}
        if kept:
            loose_src = inside - {i for i, _ in kept}
            loose_trg = target - {j for _, j in kept}
            links |= kept | {(i, j) for i in loose_src for j in (loose_trg or target)}
            links |= {(i, j) for j in loose_trg for i in (loose_src or inside)}
        else:
            links |= {(i, j) for i in inside for j in target}
    return links


_TOKENS = st.sampled_from(["ab", "cd", "ef", "gh"])


@settings(max_examples=200, deadline=None)
@given(st.lists(_TOKENS, min_size=2, max_size=8), st.lists(_TOKENS, min_size=1, max_size=8),
       st.lists(st.tuples(st.integers(0, 7), st.integers(1, 3)), max_size=3),
       st.sets(st.tuples(st.integers(0, 7), st.integers(0, 7)), max_size=12),
       st.lists(st.tuples(st.integers(0, 7), st.integers(1, 3)), min_size=1, max_size=3))
def test_glossary_anchors_with_the_link_index_are_the_old_ones(src_tokens, trg_tokens, tags, links, entries):
    from tagmt.projection.anchors import anchor_glossary

    n = len(src_tokens)
    marked = list(src_tokens)
    for start, size in tags:  # nested or sibling tags around whole tokens (overlaps skipped)
        a, b = min(start, n - 1), min(start + size, n)
        if any("<" in t for t in marked[a:b]):
            continue
        marked[a] = "<b>" + marked[a]
        marked[b - 1] = marked[b - 1] + "</b>"
    d = detag(" ".join(marked))
    translation = " ".join(trg_tokens)
    s, t = words_with_offsets(d.plain, "en"), words_with_offsets(translation, "de")
    links = {(i, j) for i, j in links if i < len(s) and j < len(t)}
    glossary: dict[str, set[str]] = {}
    for tag in d.walk():
        for start, size in entries:
            a = min(start, len(trg_tokens) - 1)
            glossary.setdefault(d.plain[tag.start : tag.end].strip(), set()).add(" ".join(trg_tokens[a : a + size]))
    assert anchor_glossary(d, translation, s, t, links, glossary) == _glossary_reference(d, translation, s, t,
                                                                                            links, glossary)


def _tagged_paragraph(n: int):
    """n sentences, each with a tagged term whose known translation is written once in its own sentence
    (and so n times in the paragraph), every word linked to its neighbours."""
    src = " ".join(f"Click <b>Save</b> in step {'x' * (k % 5 + 2)}." for k in range(n))
    trg = " ".join(f"Klicken Sie in Schritt {'y' * (k % 5 + 2)} auf Speichern." for k in range(n))
    d = detag(src)
    s, t = words_with_offsets(d.plain, "en", d.cuts()), words_with_offsets(trg, "de")
    links = {(i, j) for i in range(len(s)) for j in (i - 1, i, i + 1) if 0 <= j < len(t)}
    return d, trg, s, t, links, {"Save": {"Speichern"}}, sentence_pairs(d.plain, s, trg, t)


def test_a_paragraph_of_2000_sentences_is_anchored_in_linear_work():
    from tagmt.projection.anchors import anchor_glossary
    from tests.projection.test_linear_scaling import assert_linear, lines_run

    counts = []
    for n in (500, 1000, 2000):
        case = _tagged_paragraph(n)
        count, links = lines_run(anchor_glossary, *case)
        d, trg, s, t = case[:4]
        anchored = {(i, j) for i, j in links if s[i].text == "Save"}
        assert len(anchored) == n and all(t[j].text == "Speichern" for _, j in anchored)  # each in its sentence
        counts.append(count)
    assert_linear(counts)  # doubling the sentences: ×4 when quadratic


def test_an_anchored_tag_with_a_point_inside_keeps_its_words_links():
    """A glossary anchor of a tag with a tag inside it keeps the links its words already had inside the
    anchor, so the point inside still has its neighbours' links (`Economic parity <x/>April 2019` →
    `Kaufkraftparität <x/>April 2019`); an unlinked word is linked to the other side's unlinked words.
    Latin, Cyrillic, CJK and Hangul."""
    from tagmt.projection.anchors import anchor_glossary
    from tagmt.projection.projector import project_tags

    cases = [("de", "Parität April 2019", "Kaufkraftparität April 2019", "Kaufkraftparität <x/>April 2019"),
             ("ru", "Parität April 2019", "паритет апрель 2019", "паритет <x/>апрель 2019"),
             ("ja", "Parität April 2019", "平価 四月 2019", "平価 <x/>四月 2019"),
             ("ko", "Parität April 2019", "평가 사월 2019", "평가 <x/>사월 2019")]
    for lang, _, translation, expected in cases:
        d = detag("<g>Economic parity <x/>April 2019</g> and more.")
        text = translation + " und mehr."
        s, t = words_with_offsets(d.plain, "en", d.cuts()), words_with_offsets(text, lang)
        # `April` ↔ its month and `2019` ↔ `2019` already linked; `Economic`, `parity` unlinked
        april = next(i for i, w in enumerate(s) if w.text == "April")
        month = next(j for j, w in enumerate(t) if w.text == translation.split()[1])
        year = [next(i for i, w in enumerate(s) if w.text == "2019"), next(j for j, w in enumerate(t) if w.text == "2019")]
        links = {(april, month), tuple(year)}
        glossary = {"Economic parity April 2019": {translation}}
        anchored = anchor_glossary(d, text, s, t, links, glossary)
        assert (april, month) in anchored and not any(i == april and j != month for i, j in anchored)
        head = {j for j, w in enumerate(t) if w.end <= len(translation.split()[0])}
        assert {(i, j) for i, j in anchored if i < april} == {(i, j) for i in range(april) for j in head}
        out = project_tags(d, text, s, t, anchored)
        assert out.startswith("<g>" + expected + "</g>"), out
