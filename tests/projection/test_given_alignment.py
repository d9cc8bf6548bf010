"""Given alignments (`tagmt.projection.given`): links a user already has, mapped onto the projection's own words
by character offsets and placed without running an aligner — hand-made cases with known answers in German,
Japanese and Chinese, tokens that split or join words otherwise than tagmt does, tokenizer artefacts, the
refusals (tokens that are not the text, links out of range, counts), the CLI and the API; and eflomal's own
links fed back through `GivenAligner` give eflomal's projection exactly."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tagmt.errors import TagmtError
from tagmt.projection import detag, project_batch
from tagmt.projection.given import GivenAligner, normalise_token

REPO = Path(__file__).resolve().parents[2]


def project(sources, translations, src_lang, trg_lang, alignment, src_tokens, trg_tokens):
    """`tagmt.project` with given links (sources XML-escaped, translations natural text)."""
    from tagmt.api import project as api_project

    return api_project(sources, translations, src_lang=src_lang, trg_lang=trg_lang, alignment=alignment,
                       tokens=(src_tokens, trg_tokens))


# --------------------------------------------------------------------------- known answers


def test_german_links_place_the_tags_where_they_say():
    out = project(["Click <b>Save</b> now.", "no tags", "The <i>old</i> house is <b>red</b>."],
                  ["Klicken Sie jetzt auf Speichern.", "keine Tags", "Das alte Haus ist rot."], "en", "de",
                  ["0-0 0-1 1-4 2-2 3-5", "0-0 1-1", "0-0 1-1 2-2 3-3 4-4 5-5"],
                  ["Click Save now .", "no tags", "The old house is red ."],
                  ["Klicken Sie jetzt auf Speichern .", "keine Tags", "Das alte Haus ist rot ."])
    assert out == ["Klicken Sie jetzt auf <b>Speichern</b>.", "keine Tags", "Das <i>alte</i> Haus ist <b>rot</b>."]


def test_crossed_links_are_followed_not_the_word_order():
    # "Save" is linked to the first German word: no aligner would guess it, the given links say it
    out = project(["Click <b>Save</b> now."], ["Speichern Sie jetzt."], "en", "de",
                  ["0-1 1-0 2-2 3-3"], ["Click Save now ."], ["Speichern Sie jetzt ."])
    assert out == ["<b>Speichern</b> Sie jetzt."]


def test_subword_tokens_and_moses_escapes_are_read_as_the_text():
    # SentencePiece pieces (▁ word starts), a WordPiece continuation, a Moses escape and @-@
    out = project(["Open the <b>R&amp;D-Tool</b> here"], ["Öffnen Sie hier das F&E-Werkzeug"], "en", "de",
                  ["0-0 0-1 1-3 2-4 2-5 2-6 3-7 3-8 4-2"],
                  ["Open the R &amp;D @-@ Tool here"], ["▁Öffnen ▁Sie ▁hier ▁das ▁F &amp; E -Werk ##zeug"])
    assert out == ["Öffnen Sie hier das <b>F&amp;E-Werkzeug</b>"]


def test_japanese_tokens_joining_words_link_every_word_they_cover():
    # one token for a phrase MeCab splits into several words: the tag takes all of them
    out = project(["Press <b>the start button</b>."], ["開始ボタンを押してください。"], "en", "ja",
                  ["0-2 0-3 1-0 2-0 3-0 4-4"], ["Press the start button ."], ["開始ボタン を 押して ください 。"])
    assert out == ["<b>開始ボタン</b>を押してください。"]


def test_chinese_tokens_are_words_over_tagmts_characters():
    out = project(["Delete <b>the file</b> now."], ["现在删除文件。"], "en", "zh",
                  ["0-1 1-2 2-2 3-0 4-3"], ["Delete the file now ."], ["现在 删除 文件 。"])
    assert out == ["现在删除<b>文件</b>。"]


def test_fullwidth_text_matches_nfkc_tokens_and_case_is_ignored():
    out = project(["<b>ＡＢＣ</b> ist gut"], ["ＡＢＣ is good"], "de", "en",
                  ["0-0 1-1 2-2"], ["abc ist gut"], ["abc is good"])
    assert out == ["<b>ＡＢＣ</b> is good"]


def test_a_paragraph_cut_into_sentence_pairs_keeps_each_sentences_links():
    source = "The <b>first</b> one is here. The second one is <i>there</i>."
    translation = "Der erste ist hier. Der zweite ist dort."
    out = project([source], [translation], "en", "de",
                  ["0-0 1-1 2-1 3-2 4-3 5-4 6-5 7-6 8-6 9-7 10-8 11-9"],
                  ["The first one is here . The second one is there ."],
                  ["Der erste ist hier . Der zweite ist dort ."])
    assert out == ["Der <b>erste</b> ist hier. Der zweite ist <i>dort</i>."]


def test_without_reading_each_pair_is_found_by_its_text():
    aligner = GivenAligner(["0-0", "0-1 1-0", "0-0 1-1"], ["plain", "Save now", "Save now"],
                           ["einfach", "jetzt speichern", "speichern jetzt"])
    out = project_batch([detag("plain"), detag("<b>Save</b> now"), detag("Save <b>now</b>")],
                        ["einfach", "jetzt speichern", "speichern jetzt"], "en", "de", aligner)
    assert out == ["einfach", "jetzt <b>speichern</b>", "speichern <b>jetzt</b>"]


def test_normalise_token_undoes_each_artefact_in_one_place():
    assert [normalise_token(t) for t in ["&amp;", "&lt;b&gt;", "@-@", "@/@", "▁Haus", "##zeug", "Ha@@", "##", "@@"]] \
        == ["&", "<b>", "-", "/", "Haus", "zeug", "Ha", "##", "@@"]


# --------------------------------------------------------------------------- refusals


def test_a_token_that_is_not_in_the_translation_is_refused_naming_the_segment():
    with pytest.raises(TagmtError, match=r"^segment 2: token 'Hund' of the target tokens is not in the translation"):
        project(["a <b>b</b>", "The <b>house</b>"], ["x y", "Das Haus"], "en", "de",
                ["0-0 1-1", "0-0 1-1"], ["a b", "The house"], ["x y", "Das Hund"])


def test_a_translation_longer_than_its_tokens_is_refused():
    with pytest.raises(TagmtError, match=r"^segment 1: the translation's word 'rot' is in no token"):
        project(["The <b>house</b>"], ["Das Haus rot"], "en", "de", ["0-0 1-1"], ["The house"], ["Das Haus"])


def test_tokens_longer_than_the_source_are_refused():
    with pytest.raises(TagmtError, match=r"^segment 1: token 'now' of the source tokens is not in the source text "
                                         r"\(the source text ends before it\)"):
        project(["The <b>house</b>"], ["Das Haus"], "en", "de", ["0-0 1-1"], ["The house now"], ["Das Haus"])


@pytest.mark.parametrize("line, message", [
    ("0-0 2-1", r"^segment 1: link 2-1 of the alignment points past the source tokens: the source tokens has 2 "),
    ("0-0 1-5", r"^segment 1: link 1-5 of the alignment points past the target tokens"),
    ("0-0 1:1", r"^segment 1: '1:1' in the alignment is not a Pharaoh link i-j"),
])
def test_links_are_checked_exactly(line, message):
    with pytest.raises(TagmtError, match=message):
        GivenAligner([line], ["The house"], ["Das Haus"])


def test_line_counts_must_agree():
    with pytest.raises(TagmtError, match="has 2 lines, the source tokens 1 and the target tokens 1"):
        GivenAligner(["0-0", "0-0"], ["a"], ["b"])


# --------------------------------------------------------------------------- CLI and API


def _cli(tmp_path, *extra):
    files = {"src.en": "Click <b>Save</b> now.\nplain\n", "mt.de": "Klicken Sie jetzt auf Speichern.\neinfach\n",
             "src.tok": "Click Save now .\nplain\n", "trg.tok": "Klicken Sie jetzt auf Speichern .\neinfach\n",
             "links": "0-0 0-1 1-4 2-2 3-5\n0-0\n"}
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    args = ["--source", "src.en", "--translation", "mt.de", "--src-lang", "en", "--trg-lang", "de", "-o", "out.de",
            *extra]
    return subprocess.run([sys.executable, "-m", "tagmt", "project", *args], cwd=tmp_path, capture_output=True,
                          text=True, env={"PYTHONPATH": str(REPO / "src"), "TAGMT_DEFAULT_LEXICON": "none",
                                          "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)})


def test_cli_projects_from_given_links(tmp_path):
    done = _cli(tmp_path, "--alignment", "links", "--tokens", "src.tok", "trg.tok")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "out.de").read_text() == "Klicken Sie jetzt auf <b>Speichern</b>.\neinfach\n"


def test_cli_refuses_alignment_without_tokens_and_a_wrong_count(tmp_path):
    done = _cli(tmp_path, "--alignment", "links")
    assert done.returncode == 2 and done.stderr.startswith("tagmt: error: --alignment and --tokens")
    (tmp_path / "short").write_text("0-0 0-1 1-4 2-2 3-5\n")
    (tmp_path / "one.tok").write_text("Click Save now .\n")
    (tmp_path / "one.de").write_text("Klicken Sie jetzt auf Speichern .\n")
    done = _cli(tmp_path, "--alignment", "short", "--tokens", "one.tok", "one.de")
    assert done.returncode == 2 and "has 2 segments but the given links have 1 lines" in done.stderr
    assert "Traceback" not in done.stderr


def test_api_project_takes_alignment_and_tokens():
    import tagmt

    out = tagmt.project("Click <b>Save</b> now.", "Klicken Sie jetzt auf Speichern.", src_lang="en", trg_lang="de",
                        alignment="0-0 0-1 1-4 2-2 3-5",
                        tokens=("Click Save now .", "Klicken Sie jetzt auf Speichern ."))
    assert out == "Klicken Sie jetzt auf <b>Speichern</b>."
    with pytest.raises(TagmtError, match="alignment and tokens"):
        tagmt.project("a <b>b</b>", "x y", src_lang="en", trg_lang="de", alignment="0-0")


# --------------------------------------------------------------------------- eflomal's links fed back

PAIRS = [
    ("The house is red .", "Das Haus ist rot ."),
    ("The cat is black .", "Die Katze ist schwarz ."),
    ("The house is big .", "Das Haus ist groß ."),
    ("My cat sleeps in the house .", "Meine Katze schläft im Haus ."),
    ("Open the file and save it .", "Öffnen Sie die Datei und speichern Sie sie ."),
    ("Save the file now .", "Speichern Sie die Datei jetzt ."),
    ("The red file is open .", "Die rote Datei ist offen ."),
    ("A big cat is in the red house .", "Eine große Katze ist im roten Haus ."),
]


class Recording:
    """eflomal (one seeded run), remembering each pair's words and the links it gave."""

    name = "recording"
    learns_from_corpus = True

    def __init__(self) -> None:
        from tagmt.projection.align import EflomalAligner

        self.inner = EflomalAligner(runs=1)
        self.seen: list[tuple[list[str], list[str], set]] = []

    def align_scored(self, src_words, trg_words):
        shares = self.inner.align_scored(src_words, trg_words)
        self.seen = [(list(s), list(t), {link for link, share in found.items() if share > 0.5})
                     for s, t, found in zip(src_words, trg_words, shares)]
        return shares


@st.composite
def tagged_corpora(draw):
    """The corpus with one to three of its sources tagged: a tag around a random run of source words."""
    chosen = draw(st.lists(st.integers(0, len(PAIRS) - 1), min_size=1, max_size=3, unique=True))
    sources = []
    for k, (source, _) in enumerate(PAIRS):
        words = source.split()
        if k in chosen:
            a = draw(st.integers(0, len(words) - 2))
            b = draw(st.integers(a + 1, len(words) - 1))
            words[a] = "<b>" + words[a]
            words[b - 1] += "</b>"
        sources.append(" ".join(words))
    return sources


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tagged_corpora())
def test_eflomals_own_links_given_back_give_eflomals_projection(sources):
    translations = [t for _, t in PAIRS]
    recording = Recording()
    detagged = [detag(s) for s in sources]
    expected = project_batch(detagged, translations, "en", "de", recording)
    alignment = [" ".join(f"{i}-{j}" for i, j in sorted(links)) for _, _, links in recording.seen]
    src_tokens = [" ".join(words) for words, _, _ in recording.seen]
    trg_tokens = [" ".join(words) for _, words, _ in recording.seen]
    aligner = GivenAligner(alignment, src_tokens, trg_tokens)
    again = project_batch(list(aligner.reading(detagged)), translations, "en", "de", aligner)
    assert again == expected


XLIFF = """<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
<file original="a" source-language="en" target-language="de" datatype="plaintext"><body>
<trans-unit id="1"><source>Click <g id="1">Save</g> now.</source><target state="needs-translation">Klicken Sie jetzt auf Speichern.</target></trans-unit>
<trans-unit id="2"><source>plain</source><target state="needs-translation">einfach</target></trans-unit>
<trans-unit id="3"><source>The <x id="2"/>house is red.</source><target state="needs-translation">Das Haus ist rot.</target></trans-unit>
</body></file></xliff>
"""


def test_xliff_targets_take_their_tags_from_given_links(tmp_path):
    from tagmt.projection.given import read_given
    from tagmt.translation.projection import project_xliff

    files = {"in.xlf": XLIFF, "s.tok": "Click Save now .\nplain\nThe house is red .\n",
             "t.tok": "Klicken Sie jetzt auf Speichern .\neinfach\nDas Haus ist rot .\n",
             "links": "0-0 0-1 1-4 2-2 3-5\n0-0\n0-0 1-1 2-2 3-3 4-4\n"}
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    given = read_given(tmp_path / "links", tmp_path / "s.tok", tmp_path / "t.tok")
    project_xliff(tmp_path / "in.xlf", tmp_path / "out.xlf", aligner=given)
    written = (tmp_path / "out.xlf").read_text(encoding="utf-8")
    assert 'Klicken Sie jetzt auf <g id="1">Speichern</g>.</target>' in written
    assert 'Das <x id="2"/>Haus ist rot.</target>' in written
    (tmp_path / "links").write_text("0-0\n0-0\n", encoding="utf-8")
    with pytest.raises(TagmtError, match="has 2 lines, "):
        read_given(tmp_path / "links", tmp_path / "s.tok", tmp_path / "t.tok")


def test_an_unknown_token_stands_for_the_characters_up_to_the_next_token():
    from tagmt.projection.given import covers

    out = project(["<b>Grüße</b> an alle"], ["Greetings to all"], "de", "en", ["0-0 1-0 2-0 3-1 4-2"],
                  ["▁Gr <unk> ße ▁an ▁alle"], ["▁Greetings ▁to ▁all"])
    assert out == ["<b>Greetings</b> to all"]
    assert covers("▁G <unk> ße", "Grüße") and covers("<unk>", "ü") and not covers("<unk> x", "ü")


def test_unknown_runs_end_at_an_exact_match_and_may_follow_each_other():
    from tagmt.projection.given import covers

    assert covers("<unk> ▁im ▁Jahr", "BIP im Jahr")  # `I` of the unknown run is not the `i` of "im"
    assert covers("▁a <unk> <unk> ▁b", "a ßü b") and not covers("▁a <unk> ▁c", "a ß b")
