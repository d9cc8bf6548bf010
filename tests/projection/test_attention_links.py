"""`--aligner attention` (`tagmt.projection.attention`): links from the translating model's own cross-attention,
for `translate --approach dp` with the hf and ct2 engines, on the tiny models the tests build — the code path,
not the links' quality (a tiny model's attention means nothing): pieces that spell the text, one row per target
piece, every output carrying exactly its source's tags, no eflomal run; engines without attention and
`tagmt project` refused in one line."""

from __future__ import annotations

from collections import Counter

import pytest

from tagmt.errors import TagmtError
from tagmt.markup import tokenize
from tagmt.projection.attention import AttentionAligner, argmax_links
from tagmt.projection.given import covers

pytest.importorskip("torch")

SOURCES = ["Choose <uicontrol>Save</uicontrol> to keep your changes.",
           "The <b>system</b> creates a new document for each order.",
           "For more information, see <xref/>."]


def tags_of(tagged: str) -> Counter:
    return Counter(t.text for t in tokenize(tagged, orphans=True) if t.is_markup)


def test_each_target_piece_links_to_the_source_piece_it_attends_to_most():
    assert argmax_links([[0.1, 0.7, 0.2], [0.5, 0.5, 0.0], []]) == {(1, 0), (0, 1)}


def test_the_hf_engine_gives_pieces_that_spell_the_text_and_a_row_per_target_piece(tiny_m2m100):
    sources = ["Choose Save to keep your changes.", "The system creates a new document."]
    translations = tiny_m2m100.translate(sources, "en", "ja")
    for (src, trg, rows), source, translation in zip(tiny_m2m100.attention(sources, translations, "en", "ja"),
                                                     sources, translations):
        assert covers(" ".join(src), source) and covers(" ".join(trg), translation)
        assert len(rows) == len(trg) and all(len(row) == len(src) for row in rows)
        assert all(0 < sum(row) <= 1.0001 for row in rows)  # (the special tokens take the rest)
    one_layer = tiny_m2m100.attention(sources[:1], translations[:1], "en", "ja", layer=-1)[0][2]
    assert len(one_layer) == len(tiny_m2m100.attention(sources[:1], translations[:1], "en", "ja")[0][2])


def _translate(tmp_path, model, *extra):
    from tagmt.cli import main

    (tmp_path / "src.en").write_text("\n".join(SOURCES) + "\n", encoding="utf-8")
    out = tmp_path / "out.ja"
    code = main(["translate", "--model", str(model), "--approach", "dp", "--aligner", "attention", "--src-lang",
                 "en", "--trg-lang", "ja", "--input", str(tmp_path / "src.en"), "-o", str(out), "--device", "cpu",
                 *extra])
    return code, out


def test_dp_with_attention_links_keeps_every_tag_and_runs_no_eflomal(tiny_m2m100_dir, tmp_path, monkeypatch,
                                                                     private_run_cache):
    from tagmt.projection.align import EflomalAligner

    def refused(*args, **kwargs):
        raise AssertionError("eflomal ran")

    monkeypatch.setattr(EflomalAligner, "align_both", refused)
    code, out = _translate(tmp_path, tiny_m2m100_dir)
    assert code == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 3 and all(tags_of(o) == tags_of(s) for s, o in zip(SOURCES, lines))


def test_ct2_gives_attention_too(tiny_m2m100_dir, tmp_path, private_run_cache):
    pytest.importorskip("ctranslate2")
    code, out = _translate(tmp_path, tiny_m2m100_dir, "--engine", "ct2", "--compute-type", "float32")
    assert code == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    assert all(tags_of(o) == tags_of(s) for s, o in zip(SOURCES, lines))


def test_engines_without_attention_and_project_are_refused(tmp_path, capsys, private_run_cache):
    from tagmt.cli import main

    code, _ = _translate(tmp_path, "copy")
    assert code == 2 and "the copy engine has none" in capsys.readouterr().err
    (tmp_path / "mt.ja").write_text("a\nb\nc\n", encoding="utf-8")
    code = main(["project", "--source", str(tmp_path / "src.en"), "--translation", str(tmp_path / "mt.ja"),
                 "--src-lang", "en", "--trg-lang", "ja", "--aligner", "attention", "-o", str(tmp_path / "p.ja")])
    assert code == 2 and "takes its links from the model that translates" in capsys.readouterr().err
    with pytest.raises(TagmtError, match="takes its links from the model"):
        AttentionAligner().align([["a"]], [["b"]])


def test_pieces_that_do_not_spell_the_text_get_no_links(capsys):
    class Engine:
        name = "fake"

        def attention(self, sources, translations, src_lang, trg_lang):
            return [(["▁a", "▁b"], ["▁x", "▁y"], [[1.0, 0.0], [0.0, 1.0]]), (["▁a"], ["▁x"], [[1.0]])]

    given = AttentionAligner().given(Engine(), ["a é", "a"], ["x y", "x"], "en", "de")
    assert [s.links for s in given.segments] == [{}, {0: [0]}]
    assert "1 of 2 pairs do not spell their text" in capsys.readouterr().err
