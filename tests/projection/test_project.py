"""Tag projection with hand-made word links: known answers for the inside–outside rule."""

from __future__ import annotations

import pytest

from tagmt.errors import TagmtError
from tagmt.markup import strip
from tagmt.projection.align import Links
from tagmt.projection import (
    SourceTag,
    anchor_identical,
    detag,
    project_batch,
    project_tags,
)
from tagmt.projection.wordseg import words_with_offsets


def project(source: str, translation: str, links: Links, src="en", trg="ja") -> str:
    """Project with explicit links between the words `wordseg` finds (printed on failure)."""
    detagged = detag(source)
    src_words = words_with_offsets(detagged.plain, src, detagged.cuts())
    trg_words = words_with_offsets(translation, trg)
    print([w.text for w in src_words], [w.text for w in trg_words])
    return project_tags(detagged, translation, src_words, trg_words, links)


# --------------------------------------------------------------------------- detag


def test_detag_keeps_spans_nesting_and_points():
    d = detag('See <b>bold <i>and</i> more</b><xref href="x"/> now<!--c-->.')
    assert d.plain == "See bold and more now."
    b, xref, comment = d.tags
    assert (b.open, b.close, b.start, b.end) == ("<b>", "</b>", 4, 17)
    assert b.children == (SourceTag("<i>", "</i>", 9, 12),)
    assert (xref.open, xref.close, xref.start, xref.end) == ('<xref href="x"/>', "", 17, 17)
    assert (comment.open, comment.start) == ("<!--c-->", 21)
    assert d.cuts() == {4, 9, 12, 17, 21}


def test_detag_keeps_unpaired_tags_as_points():
    d = detag("a </x> b <y> c")
    assert d.plain == "a  b  c"
    assert [(t.open, t.close, t.start) for t in d.tags] == [("</x>", "", 2), ("<y>", "", 5)]
    assert detag("no tags").tags == ()


# --------------------------------------------------------------------------- spans


def test_span_goes_to_its_aligned_words_in_cjk_without_spaces():
    # Enter Work Pack Name :  /  作業 パッケージ 名 を 入力 し ます 。
    out = project(
        "Enter <uicontrol>Work Pack Name</uicontrol>:",
        "作業パッケージ名を入力します。",
        {(0, 4), (1, 0), (2, 1), (3, 2), (4, 7)},
    )
    assert out == "<uicontrol>作業パッケージ名</uicontrol>を入力します。"


def test_inside_outside_prefers_the_block_of_inside_links():
    # "Name" (inside) also links to 入力 far away; the contiguous block wins: w = [1,1,1,0,-1+1..]
    out = project(
        "Enter <b>Work Pack Name</b>:",
        "作業パッケージ名を入力します。",
        {(0, 4), (1, 0), (2, 1), (3, 2), (3, 4), (4, 7)},
    )
    assert out == "<b>作業パッケージ名</b>を入力します。"


def test_unaligned_compound_part_is_glued_but_particles_are_not():
    # 済 has no link but is written against 受領 (a noun suffix); を is a particle
    out = project(
        "Set <uicontrol>Received</uicontrol> now",
        "受領済を設定",
        {(1, 0), (0, 3)},
    )
    assert out == "<uicontrol>受領済</uicontrol>を設定"


def test_trailing_particle_is_trimmed_from_a_span():
    out = project("Choose <b>Add</b>.", "追加を選択します。", {(1, 0), (1, 1), (0, 2), (2, 5)})
    assert out == "<b>追加</b>を選択します。"


def test_nested_tags_stay_inside_their_parent():
    # the child's best words (X) lie outside the parent's span: it must stay inside
    out = project(
        "<a>one <b>two</b></a> three",
        "un deux trois",
        {(0, 0), (1, 1), (2, 2)},
        trg="fr",
    )
    assert out == "<a>un <b>deux</b></a> trois"
    out = project("<a>one <b>two</b></a> three", "un deux trois", {(0, 0), (1, 2)}, trg="fr")
    assert out.startswith("<a>un</a>") or "<a>" in out and out.index("<b>") > out.index("<a>")
    assert strip(out) == "un deux trois"


def test_adjacent_siblings_do_not_overlap_and_may_swap():
    out = project(
        "<a>red</a><b>car</b>",
        "voiture rouge",
        {(0, 1), (1, 0)},
        trg="fr",
    )
    assert out == "<b>voiture</b> <a>rouge</a>"
    # both want the same single word: the second gets an empty element, never dropped
    out = project("<a>x</a> <b>y</b>", "z", {(0, 0), (1, 0)}, trg="fr")
    assert sorted([out.count("<a>"), out.count("<b>"), out.count("</a>"), out.count("</b>")]) == [
        1, 1, 1, 1
    ]
    assert strip(out) == "z"


def test_whitespace_at_a_span_edge_follows_the_source():
    # the source tag encloses the space before its words: so does the projected tag
    out = project(
        "The<uicontrol> Add to Project </uicontrol>option",
        "Die Option Zum Projekt hinzufügen",
        {(0, 0), (1, 4), (2, 2), (3, 3), (4, 1)},
        trg="de",
    )
    assert out == "Die Option<uicontrol> Zum Projekt hinzufügen</uicontrol>"
    # a source tag with no whitespace inside keeps it outside
    out = project("The <b>Add</b> option", "Die Option Hinzufügen", {(0, 0), (1, 2), (2, 1)}, trg="de")
    assert out == "Die Option <b>Hinzufügen</b>"


def test_whitespace_only_tag_encloses_the_whitespace_at_its_place():
    out = project(
        '<g id="1">One.</g><g id="2"> </g>Two.', "Eins. Zwei.", {(0, 0), (1, 1), (2, 2), (3, 3)},
        trg="de",
    )
    assert out == '<g id="1">Eins.</g><g id="2"> </g>Zwei.'
    out = project(
        '<g id="1">1.5 million </g><g id="2">migrants</g>', "1,5 Millionen Migranten",
        {(0, 0), (1, 1), (2, 2)}, trg="de",  # numbers with their decimal mark are one word
    )
    assert out == '<g id="1">1,5 Millionen </g><g id="2">Migranten</g>'


def test_unaligned_span_falls_back_to_its_relative_position():
    out = project("a b <b>c</b> d", "w x y z", {(0, 0), (1, 1), (3, 3)}, trg="fr")
    assert out == "w x <b>y</b> z"
    # no links at all: still emitted, at the same share of the sentence
    assert project("<b>a</b> b c d", "w x y z", set(), trg="fr") == "<b>w</b> x y z"


# --------------------------------------------------------------------------- points


def test_point_tags_at_start_and_end():
    out = project('<x id="1"/>Open the file<y/>', "ファイルを開く", {(2, 0), (0, 2)})
    assert out == '<x id="1"/>ファイルを開く<y/>'


def test_point_splits_links_before_and_after():
    out = project("left <br/>right", "gauche droite", {(0, 0), (1, 1)}, trg="fr")
    assert out == "gauche <br/>droite"
    out = project("left<br/> right", "gauche droite", {(0, 0), (1, 1)}, trg="fr")
    assert out == "gauche<br/> droite"


def test_point_ties_go_to_the_gap_that_fits_the_source_spacing():
    # 2 . 1 . <x/> TOR rules  /  2 . 1 . A TOR szabályai — the article A has no link: the point
    # goes where nothing separates it from its neighbours, as in the source
    out = project(
        '2.1.<x id="1"/>TOR rules', "2.1.A TOR szabályai",
        {(0, 0), (1, 1), (2, 2), (3, 3), (4, 5), (5, 6)}, trg="hu",
    )
    assert out == '2.1.<x id="1"/>A TOR szabályai'


def test_point_fills_the_hole_a_particle_leaves():
    # the translator saw "see <xref/>." and wrote the particle を for it: "…、を参照"
    out = project(
        'For details, see <xref keyref="k"/>.',
        "詳細については、を参照してください。",
        {(0, 1), (1, 0), (2, 3), (3, 5), (4, 10)},
    )
    assert out == '詳細については、<xref keyref="k"/>を参照してください。'


def test_point_sticks_to_the_span_it_touches():
    out = project(
        "Click <uicontrol>Standard</uicontrol><icon/> and save",
        "標準をクリックして保存",
        {(0, 2), (1, 0), (3, 5)},
    )
    assert out == "<uicontrol>標準</uicontrol><icon/>をクリックして保存"


def test_empty_element_with_children_is_kept_whole():
    group = "<g><s/><c>\ue166</c><d/></g>"
    out = project(f"Use the {group} icon", "\ue166 アイコンを使用", {(0, 4), (2, 0), (3, 1)})
    assert out == f"{group} アイコンを使用"


# --------------------------------------------------------------------------- batch


def test_identical_words_are_anchored():
    src = words_with_offsets("Use ILM and ILM now", "en")
    trg = words_with_offsets("ILM と ILM を使う", "ja")
    links = anchor_identical(src, trg, {(1, 3), (0, 0)})
    assert {(1, 0), (3, 2)} <= links and (1, 3) not in links and (0, 0) not in links


class DiagonalAligner:
    """Links word k to word k: a known answer for the batch plumbing."""

    name = "diagonal"
    learns_from_corpus = False

    def __init__(self) -> None:
        self.seen: list[list[str]] = []

    def align(self, src_words, trg_words):
        self.seen.extend(src_words)
        return [{(k, k) for k in range(min(len(s), len(t)))} for s, t in zip(src_words, trg_words)]


def test_project_batch_cuts_words_at_tags_and_aligns_only_what_it_needs():
    aligner = DiagonalAligner()
    sources = [detag("a<b>bc</b> d"), detag("plain")]
    out = project_batch(sources, ["x yz w", "p"], "en", "fr", aligner)
    assert out == ["x <b>yz</b> w", "p"]
    assert aligner.seen == [["a", "bc", "d"]]  # cut at the tag; the untagged pair is skipped


class LearningDiagonal(DiagonalAligner):
    """The diagonal, as an aligner that learns from the corpus (it sees every pair)."""

    learns_from_corpus = True


def test_untagged_pairs_feed_the_aligner_but_are_not_anchored_nor_read_again(monkeypatch):
    """Only tagged pairs are anchored and placed; every pair, the examples' and the extra corpus's
    plain text are aligned, each read as word texts (no `Word` lists made for the aligner)."""
    from tagmt.projection import linking
    from tagmt.projection.wordstore import WordStore

    anchored, made = [], []

    def recorded(name):
        real = getattr(linking, name)

        def anchor(src, *rest):
            anchored.append((name, " ".join(w.text for w in src)))
            return real(src, *rest)
        return anchor

    class Counted(WordStore):
        def __getitem__(self, k):
            made.append(self.text_of(k))
            return super().__getitem__(k)

    for name in ("anchor_cognates", "anchor_loanwords", "anchor_identical"):
        monkeypatch.setattr(linking, name, recorded(name))
    monkeypatch.setattr(linking, "WordStore", Counted)
    aligner = LearningDiagonal()
    sources = [detag("a <b>bc</b> d"), detag("plain one"), detag("Server <i>x</i>"), detag("plain two")]
    out = project_batch(sources, ["x yz w", "p q", "Server y", "r s"], "en", "de", aligner,
                        examples=[("<b>e</b> f", "<b>g</b> h"), ("untagged", "ungetaggt")],
                        align_corpus=[("more text", "mehr Text")])
    assert out == ["x <b>yz</b> w", "p q", "Server <i>y</i>", "r s"]
    assert aligner.seen == [["a", "bc", "d"], ["plain", "one"], ["Server", "x"], ["plain", "two"], ["e", "f"],
                            ["untagged"], ["more", "text"]]
    assert sorted({text for _, text in anchored}) == ["Server x", "a bc d", "e f"]
    assert len(anchored) == 3 * 3  # three anchor kinds, three tagged pairs
    assert not [words for words in made if words in (["plain", "one"], ["p", "q"], ["plain", "two"], ["r", "s"],
                                                       ["untagged"], ["ungetaggt"], ["more", "text"])]


def test_project_batch_with_eflomal_end_to_end():
    from tagmt.projection.align import get_aligner

    pairs = [("the <b>red</b> house", "das rote haus"), ("a red car", "ein rotes auto")] * 6
    pairs += [("the blue house", "das blaue haus"), ("the car", "das auto")] * 6
    sources = [detag(s) for s, _ in pairs]
    out = project_batch(sources, [t for _, t in pairs], "en", "de", get_aligner("eflomal"))
    assert out[0] == "das <b>rote</b> haus"
    assert [strip(o) for o in out] == [t for _, t in pairs]


def test_project_batch_refuses_mismatched_lengths():
    with pytest.raises(TagmtError, match="2 sources onto 1 translations"):
        project_batch([detag("a"), detag("b")], ["x"], "en", "fr", DiagonalAligner())


# --------------------------------------------------------------------------- brackets and verbs


def test_a_span_never_cuts_a_bracket_pair():
    # MeCab writes `):` as one symbol; projection sees `)` and `:` as two words
    out = project("<uicontrol>Round (2)</uicontrol>:", "まるめ (2):", {(0, 0), (2, 2), (4, 4)})
    assert out == "<uicontrol>まるめ (2)</uicontrol>:"


def test_a_source_span_ending_in_a_bracket_group_takes_the_target_group():
    # choose Comma ( , ) .  /  カンマ ( , ) を 選択 し ます 。 — only the words are aligned
    out = project(
        "choose <uicontrol>Comma (,)</uicontrol>.", "カンマ (,) を選択します。",
        {(0, 5), (1, 0), (5, 8)},
    )
    assert out == "<uicontrol>カンマ (,)</uicontrol> を選択します。"


def test_a_span_never_cuts_a_japanese_verb_group():
    # clearing is not carried out .  /  消 込 は 実行 さ れ ませ ん 。 — `not` is linked to ませ
    out = project(
        "clearing is <emphasis>not</emphasis> carried out.", "消込は実行されません。",
        {(0, 0), (0, 1), (2, 6), (3, 3), (4, 3), (5, 8)},
    )
    assert out == "消込は実行<emphasis>されません</emphasis>。"
    # have not been returned  /  返却 さ れ て い ない — the group begins after the particle て
    out = project(
        "have <emphasis>not</emphasis> been returned", "返却されていない",
        {(1, 5), (2, 1), (3, 0)},
    )
    assert out == "返却されて<emphasis>いない</emphasis>"


def test_korean_endings_stay_with_their_stem():
    # have not been returned  /  반환 되 지 않 은 — `not` is linked to 지 and 않
    out = project(
        "have <emphasis>not</emphasis> been returned", "반환되지 않은",
        {(1, 2), (1, 3), (3, 0), (3, 1)}, trg="ko",
    )
    assert out == "반환되지 <emphasis>않은</emphasis>"


def test_a_detached_korean_particle_marks_where_a_point_tag_stood():
    # MeCab-ko takes 에서 alone after a space for a noun; it is the particle of the xref
    out = project(
        'For details, see <xref href="x"/>.', "자세한 내용은 에서 확인하십시오.",
        {(0, 1), (1, 2), (3, 5), (4, 8)}, trg="ko",
    )
    assert out == '자세한 내용은 <xref href="x"/>에서 확인하십시오.'
