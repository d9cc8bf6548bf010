"""Bilingual dictionary anchors (`tagmt.projection.lexicon`): reading dictd/TSV files made here, inflection
tolerance, unambiguous anchors in Latin and CJK pairs, and the projection invariants with them."""

from __future__ import annotations

import gzip
import struct
import zlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.errors import TagmtError
from tagmt.markup import strip, tokenize
from tagmt.projection import detag, project_tags
from tagmt.projection.anchors import anchor_lexicon
from tagmt.projection.lexicon import (
    DictdFile,
    Lexicon,
    check_lexicon_option,
    default_lexicon,
    inflected,
    lexicon_pairs,
    read_lexicon,
    resolve_lexicon,
)
from tagmt.projection.wordseg import words_with_offsets

_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def b64(n: int) -> str:
    out = ""
    while True:
        out = _B64[n % 64] + out
        n //= 64
        if not n:
            return out


def write_dictd(folder: Path, name: str, entries: dict[str, str], *, packing: str = "dictzip") -> Path:
    """A dictd dictionary as FreeDict renders it (headword line, then translation lines): plain `.dict`,
    gzip `.dict.dz`, or dictzip (random-access chunks of 64 bytes) `.dict.dz`."""
    body, index = b"", []
    for head, text in entries.items():
        data = f"{head} /pron/\n{text}\n\n".encode()
        index.append(f"{head.lower()}\t{b64(len(body))}\t{b64(len(data))}")
        body += data
    (folder / f"{name}.index").write_text("\n".join(sorted(index)) + "\n", encoding="utf-8")
    if packing == "plain":
        (folder / f"{name}.dict").write_bytes(body)
    elif packing == "gzip":
        (folder / f"{name}.dict.dz").write_bytes(gzip.compress(body))
    else:
        size, chunks = 64, []
        for k in range(0, len(body), size):
            c = zlib.compressobj(9, zlib.DEFLATED, -15)
            chunks.append(c.compress(body[k:k + size]) + c.flush(zlib.Z_FULL_FLUSH))
        ra = struct.pack("<HHH", 1, size, len(chunks)) + struct.pack(f"<{len(chunks)}H", *map(len, chunks))
        extra = b"RA" + struct.pack("<H", len(ra)) + ra
        head = b"\x1f\x8b\x08\x04" + b"\0\0\0\0" + b"\x02\x03" + struct.pack("<H", len(extra)) + extra
        tail = struct.pack("<II", zlib.crc32(body), len(body) & 0xFFFFFFFF)
        (folder / f"{name}.dict.dz").write_bytes(head + b"".join(chunks) + zlib.compress(b"")[2:-4] + tail)
    return folder / f"{name}.index"


ENG_DEU = {
    "risk": "1. Risiko <neut>\n2. Gefahr <fem>",
    "threshold": "Schwelle <fem> [techn.]\n see: {thresholds}",
    "exceed": "etw. überschreiten <v>\n   Synonyms: {surpass}",
    "assess": "bewerten <v>, einschätzen <v>\n      \"assess a risk\"  - ein Risiko einschätzen",
    "population": "Bevölkerung <fem> (eines Landes)",
    "the": "der, die, das",
}


@pytest.mark.parametrize("packing", ["dictzip", "gzip", "plain"])
def test_dictd_entries_are_read_without_labels_examples_or_notes(tmp_path, packing):
    index = write_dictd(tmp_path, "eng-deu", ENG_DEU, packing=packing)
    lexicon = read_lexicon([index], "en", "de")
    table = lexicon.lookup(["risks", "threshold", "exceeded", "assessed", "population"],
                           ["risiken", "schwelle", "überschreiten", "bewertet", "einschätzen", "bevölkerung", "risiko"])
    assert table["risks"] == {"risiko"}
    assert table["threshold"] == {"schwelle"}
    assert table["exceeded"] == {"überschreiten"}
    assert table["assessed"] == {"bewerten", "einschätzen"}
    assert table["population"] == {"bevölkerung"}
    assert "risk" not in table  # only the words asked for


def test_a_dictionary_named_the_other_way_round_is_read_reversed(tmp_path):
    index = write_dictd(tmp_path, "freedict-deu-eng", {"Schwelle": "threshold <n>, sill <n>"})
    table = read_lexicon([index], "en", "de").lookup(["threshold"], ["schwelle"])
    assert table == {"threshold": {"schwelle"}}


def test_tsv_entries_and_function_words(tmp_path):
    path = tmp_path / "mine.tsv"
    path.write_text("# my glossary\nrisk\tRisiko\nthe\tdie\nhand over\tübergeben\n", encoding="utf-8")
    table = read_lexicon([path], "en", "de").lookup(["risks", "the", "hand"], ["risiken", "die", "übergeben"])
    assert table == {"risks": {"risiko"}}  # `the`: too short to be a content word; phrases: left out


def test_a_word_with_too_many_translations_is_left_out(tmp_path):
    lines = "".join(f"set\tw{k:02d}xyz\n" for k in range(20)) + "risk\tRisiko\n"
    (tmp_path / "l.tsv").write_text(lines, encoding="utf-8")
    table = read_lexicon([tmp_path / "l.tsv"], "en", "de").lookup(["set", "risk"], ["w01xyz", "risiko"])
    assert table == {"risk": {"risiko"}}


def test_bad_files_are_one_line_errors(tmp_path):
    with pytest.raises(TagmtError, match="no such file"):
        read_lexicon([tmp_path / "missing.tsv"], "en", "de")
    with pytest.raises(TagmtError, match="no such file"):
        check_lexicon_option([str(tmp_path / "missing.index")], "en", "de")
    (tmp_path / "bad.tsv").write_text("only one column\n", encoding="utf-8")
    with pytest.raises(TagmtError, match="line 1 is not source<TAB>target"):
        read_lexicon([tmp_path / "bad.tsv"], "en", "de").lookup(["only"], ["column"])
    index = write_dictd(tmp_path, "eng-deu", ENG_DEU)
    (tmp_path / "eng-deu.dict.dz").write_bytes(b"\x1f\x8b\x08\x04" + b"\0" * 8 + b"garbage")
    with pytest.raises(TagmtError, match="corrupt dictionary|cannot read"):
        read_lexicon([index], "en", "de").lookup(["risk"], ["risiko"])
    with pytest.raises(TagmtError, match="give it alone"):
        resolve_lexicon(["none", "auto"], "en", "de")


def test_inflection_tolerance():
    assert inflected("exceed", "exceeded") and inflected("bewerten", "bewertet") and inflected("risiko", "risiken")
    assert inflected("kockázat", "kockázatot")
    assert not inflected("risk", "rise") and not inflected("international", "interest")
    assert not inflected("konzerne", "konzepte")  # 3 + 3 letters after the shared start


def test_an_english_y_written_i_before_its_ending_is_one_word():
    assert inflected("country", "countries") and inflected("countries", "country")
    assert inflected("apply", "applied") and inflected("applies", "applied") and inflected("authority", "authorities")
    assert inflected("séries", "série") and inflected("stay", "stays")  # the plain rule, unchanged
    assert not inflected("papier", "papyrus") and not inflected("country", "counties")
    assert not inflected("stays", "staied")  # a vowel before the i: no y written as i


@given(st.text(alphabet="abcdeiorsty", min_size=1, max_size=9), st.text(alphabet="abcdeiorsty", min_size=1, max_size=9))
def test_inflection_is_symmetric(a, b):
    assert inflected(a, b) == inflected(b, a)


def linked(source: str, translation: str, table, src_lang="en", trg_lang="de") -> set[tuple[str, str]]:
    src, trg = words_with_offsets(source, src_lang), words_with_offsets(translation, trg_lang)
    return {(src[i].text, trg[j].text) for i, j in lexicon_pairs(src, trg, table, src_lang, trg_lang)}


def test_latin_anchors_with_known_answers():
    table = {"risks": {"risiko"}, "threshold": {"schwelle"}, "assessed": {"bewerten", "einschätzen"}}
    assert linked("The risks indicated above", "Die oben genannten Risiken", table) == {("risks", "Risiken")}
    assert linked("It has assessed the threshold", "Sie hat die Schwelle bewertet", table) == {
        ("assessed", "bewertet"), ("threshold", "Schwelle")}


def test_an_ambiguous_pair_gets_no_anchor():
    table = {"risks": {"risiko"}, "assessed": {"bewerten", "einschätzen"}}
    assert linked("The risks", "Risiken und Risiken", table) == set()  # two partners
    assert linked("assessed", "bewertet und eingeschätzt, einschätzen", table) == set()


def test_cjk_anchors_cover_a_run_of_words():
    table = {"threshold": {"閾値", "阈值"}}
    assert linked("The threshold was exceeded", "閾値を超えました", table, "en", "ja") == {("threshold", "閾値")}
    # Chinese is split into characters: the headword is a run of two
    assert linked("The threshold is high", "阈值很高", table, "en", "zh") == {("threshold", "阈"), ("threshold", "值")}
    assert linked("The threshold", "阈值和阈值", table, "en", "zh") == set()


def test_anchored_words_lose_their_other_links():
    src, trg = words_with_offsets("The risks indicated above", "en"), words_with_offsets("Die oben genannten Risiken",
                                                                                         "de")
    wrong = {(1, 1), (0, 0)}  # risks → oben
    links = anchor_lexicon(src, "en", trg, "de", wrong, {"risks": {"risiko"}})
    assert links == {(0, 0), (1, 3)}
    d = detag("The <g id=\"1\">risks</g> indicated above")
    out = project_tags(d, "Die oben genannten Risiken", src, trg, links)
    assert out == 'Die oben genannten <g id="1">Risiken</g>'


def test_projection_model_entries_are_a_lexicon():
    lexicon = Lexicon("en", "de", entries={"risks": frozenset({"risiko"})})
    assert lexicon.lookup(["risk"], ["risiken"]) == {"risk": {"risiko"}}


WORDS = ["risk", "risks", "threshold", "value", "values", "exceeded", "the", "and"]
TARGET = ["Risiko", "Risiken", "Schwelle", "Wert", "Werte", "überschritten", "die", "und", "閾値", "値"]
TABLE = {"risk": {"risiko"}, "risks": {"risiko"}, "threshold": {"schwelle", "閾値"}, "value": {"wert", "値"},
         "values": {"wert"}, "exceeded": {"überschritten"}}


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=8), st.lists(st.sampled_from(TARGET), max_size=8),
       st.sampled_from(["de", "ja"]))
def test_each_word_gets_at_most_one_partner_unit(source, translation, trg_lang):
    joiner = " " if trg_lang == "de" else ""
    src, trg = words_with_offsets(" ".join(source), "en"), words_with_offsets(joiner.join(translation), trg_lang)
    pairs = lexicon_pairs(src, trg, TABLE, "en", trg_lang)
    assert len({j for _, j in pairs}) == len(pairs)  # no target word has two partners
    for i in {i for i, _ in pairs}:
        partners = sorted(j for k, j in pairs if k == i)
        assert partners == list(range(partners[0], partners[-1] + 1))  # one unit: a run of words


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(WORDS), min_size=1, max_size=8), st.lists(st.sampled_from(TARGET), max_size=8),
       st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7)), max_size=6))
def test_projection_with_lexicon_anchors_keeps_text_and_tags(words, target, raw):
    assert_anchored_projection_keeps(f"<b>{' '.join(words)}</b> <i>{' '.join(words[: len(words) // 2])}</i><x/>",
                                     " ".join(target), raw, TABLE)


def assert_anchored_projection_keeps(source: str, translation: str, raw, table) -> None:
    """`source` (en) projected onto `translation` (de) with the links of `raw` that fit and the anchors of `table`
    keeps the translation's text and every tag of the source."""
    d = detag(source)
    src, trg = words_with_offsets(d.plain, "en", d.cuts()), words_with_offsets(translation, "de")
    links = {(i, j) for i, j in raw if i < len(src) and j < len(trg)}
    out = project_tags(d, translation, src, trg, anchor_lexicon(src, "en", trg, "de", links, table))
    assert strip(out) == translation
    assert sorted(t.text for t in tokenize(out) if t.is_markup) == sorted(
        t.text for t in tokenize(source) if t.is_markup)


def test_default_lexicon_finds_dictionaries_in_a_folder(tmp_path):
    write_dictd(tmp_path, "freedict-eng-deu", ENG_DEU)
    write_dictd(tmp_path, "freedict-deu-eng", {"Risiko": "risk <n>"})
    found = default_lexicon("en", "de", tmp_path)
    assert found.names == ("freedict-eng-deu", "freedict-deu-eng")
    assert isinstance(found.files[1], DictdFile) and found.files[1].reverse
    assert not default_lexicon("en", "ko", tmp_path)


def test_the_default_can_be_turned_off(tmp_path, monkeypatch):
    write_dictd(tmp_path, "freedict-eng-deu", ENG_DEU)
    monkeypatch.setenv("TAGMT_DICTD_DIR", str(tmp_path))
    monkeypatch.setenv("TAGMT_DEFAULT_LEXICON", "none")
    assert resolve_lexicon(None, "en", "de") is None
    monkeypatch.delenv("TAGMT_DEFAULT_LEXICON")
    assert resolve_lexicon(None, "en", "de").names == ("freedict-eng-deu",)
    off = resolve_lexicon(["none"], "en", "de")
    assert off is not None and off.off and not off


def test_lexicon_none_turns_a_models_entries_off_too():
    """`--lexicon none` means no dictionary: a projection model's embedded entries are not used either."""
    from types import SimpleNamespace

    from tagmt.projection.projector import batch_lexicon
    from tagmt.projection.detag import detag
    from tagmt.projection.wordseg import words_with_offsets
    from tagmt.projection.wordstore import WordStore

    source, target = detag("The <b>risks</b> are high."), "Die Risiken sind hoch."
    src = WordStore([(source.plain, words_with_offsets(source.plain, "en"))])
    trg = WordStore([(target, words_with_offsets(target, "de"))])
    model = SimpleNamespace(lexicon={"risks": frozenset({"risiko"})})
    assert batch_lexicon(None, model, [source], src, trg, "en", "de") == {"risks": {"risiko"}}
    assert batch_lexicon(resolve_lexicon(["none"], "en", "de"), model, [source], src, trg, "en", "de") == {}


@pytest.mark.skipif(not Path("/usr/share/dictd/freedict-eng-deu.index").is_file(),
                    reason="FreeDict eng-deu is not installed (apt install dict-freedict-eng-deu)")
def test_the_installed_freedict_pairs_risks_with_risiken(monkeypatch):
    monkeypatch.delenv("TAGMT_DEFAULT_LEXICON")
    table = default_lexicon("en", "de").lookup(["risks", "threshold"], ["risiken", "schwelle"])
    assert "risiken" in table["risks"] or "risiko" in table["risks"]
    assert "schwelle" in table["threshold"]


def test_in_a_language_without_spaces_the_anchor_is_added_to_the_links():
    src, trg = words_with_offsets("Group By criteria", "en"), words_with_offsets("グループ化基準を選択", "ja")
    k = next(j for j, w in enumerate(trg) if w.text == "基準")
    links = {(0, 0), (2, 0)}  # criteria also linked to グループ (part of the compound)
    anchored = anchor_lexicon(src, "en", trg, "ja", links, {"criteria": {"基準"}})
    assert anchored == links | {(2, k)}
    assert anchor_lexicon(src, "en", trg, "ja", links, {"criteria": {"基準"}}, exclusive=True) == {(0, 0), (2, k)}


def test_lexicon_pairs_match_each_distinct_text_once(monkeypatch):
    """A segment repeating a word thousands of times costs what its distinct words cost (the matching
    was quadratic in the copies: 3,000 copies took seconds and hundreds of MB), with the same answer."""
    from tagmt.projection import lexicon as lex
    from tagmt.projection.wordseg import words_with_offsets

    calls = []
    real = lex.inflected
    monkeypatch.setattr(lex, "inflected", lambda a, b: calls.append(1) or real(a, b))
    table = {"risks": {"risiko"}, "threshold": {"schwelle"}}
    for n in (10, 2000):
        calls.clear()
        src = words_with_offsets(" ".join(["risks"] * n + ["threshold"]), "en")
        trg = words_with_offsets(" ".join(["Risiken"] * n + ["Schwelle"]), "de")
        assert lex.lexicon_pairs(src, trg, table, "en", "de") == {(n, n)}  # the repeated word: nobody's only partner
        assert len(calls) <= 4


def test_a_tsv_lexicon_with_a_bom_keeps_its_first_entry(tmp_path):
    from tagmt.projection.lexicon import TsvFile

    path = tmp_path / "bom.tsv"
    path.write_bytes("\ufeffrisk\tRisiko\nthreshold\tSchwelle\n".encode("utf-8"))
    read = dict(TsvFile(path).read(lambda word: True, True, True))
    assert read == {"risk": {"risiko"}, "threshold": {"schwelle"}}


def test_a_tsv_lexicon_that_is_not_utf8_is_one_line_error_naming_the_line(tmp_path):
    from tagmt.errors import TagmtError
    from tagmt.projection.lexicon import TsvFile

    path = tmp_path / "latin1.tsv"
    path.write_bytes(b"risk\tRisiko\n\xe9t\xe9\tSommer\n")
    with pytest.raises(TagmtError, match="line 2 is not UTF-8 text"):
        list(TsvFile(path).read(lambda word: True, True, True))


def test_an_oversized_or_deeply_bracketed_dictd_entry_is_skipped(tmp_path):
    """Untrusted dictd files: an index line claiming a huge entry is not read (no inflating or holding
    more than MAX_ENTRY bytes), and brackets nested past MAX_NESTING are no translation line."""
    from tagmt.projection import lexicon as lex

    index = write_dictd(tmp_path, "freedict-eng-deu", {
        "risk": "Risiko", "threshold": "(" * 50 + "x" + ")" * 50 + " Schwelle"}, packing="plain")
    lines = index.read_text(encoding="utf-8").splitlines()
    index.write_text("\n".join([*lines, f"zebra\t{b64(0)}\t{b64(lex.MAX_ENTRY + 1)}"]) + "\n", encoding="utf-8")
    lexicon = read_lexicon([str(index)], "en", "de")
    assert lexicon.lookup(["risk", "threshold", "zebra"], ["risiko", "schwelle", "zebra"]) == {"risk": {"risiko"}}
