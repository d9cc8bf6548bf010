"""Regional pairs and codes a model lacks (issue 19 item 2): en-US → en-AU, pt-PT → pt-BR, es-ES → es-419 are
regional adaptations — copy, reference and project never refuse them, an LLM is asked for the variant by
name, M2M-100/mBART-50 (one code per language) refuse in one line; well-formed codes tagmt has no table
entry for (enm, qaa, x-klingon) are refused only by the engines that need a code for them."""

from __future__ import annotations

import pytest

from tagmt.cli import main
from tagmt.corpus import read_corpus
from tagmt.data.directions import Direction
from tagmt.engines.base import Engine
from tagmt.engines.prompts import language_name
from tagmt.errors import TagmtError
from tagmt.translation.files import resolve_direction
from tagmt.translation.options import RunOptions
from tagmt.translation.pipelines import translate_corpus

XLIFF = """<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file original="ui" source-language="{src}" target-language="{trg}" datatype="plaintext">
    <body>
      <trans-unit id="1"><source>The <g id="1">color</g> of the program.</source></trans-unit>
      <trans-unit id="2"><source>Organize your center.</source></trans-unit>
    </body>
  </file>
</xliff>
"""


def xliff(tmp_path, src: str, trg: str):
    path = tmp_path / f"{src}-{trg}.xlf"
    path.write_text(XLIFF.format(src=src, trg=trg), "utf-8")
    return path


@pytest.mark.parametrize("src, trg", [("en-US", "en-AU"), ("en-US", "en-GB"), ("es-ES", "es-419"),
                                      ("pt-PT", "pt-BR"), ("fr-FR", "fr-CA"), ("en", "en-AU")])
@pytest.mark.parametrize("approach", ["dt", "dp"])
def test_copy_takes_regional_pairs(tmp_path, capsys, src, trg, approach):
    out = tmp_path / "out.xlf"
    args = ["translate", "--approach", approach, "--model", "copy", "--input", str(xliff(tmp_path, src, trg)),
            "-o", str(out)]
    if approach == "dp":
        args += ["--aligner", "eflomal"]
    assert main(args) == 0, capsys.readouterr().err
    corpus = read_corpus(out)
    assert [s.reference for s in corpus.segments] == [s.source for s in corpus.segments]
    assert f'target-language="{trg}"' in out.read_text("utf-8")


def test_one_tag_twice_is_still_refused(tmp_path, capsys):
    assert main(["translate", "--approach", "dt", "--model", "copy", "--input", str(xliff(tmp_path, "en-US", "en-us")),
                 "-o", str(tmp_path / "o.xlf")]) == 2
    err = capsys.readouterr().err
    assert "both en-US" in err and err.count("\n") == 1


@pytest.mark.parametrize("src", ["enm", "qaa", "x-klingon"])
def test_copy_takes_codes_no_model_has(tmp_path, capsys, src):
    out = tmp_path / "out.xlf"
    assert main(["translate", "--approach", "dt", "--model", "copy", "--input", str(xliff(tmp_path, src, "en")),
                 "-o", str(out)]) == 0, capsys.readouterr().err
    assert out.is_file()


def test_names_are_still_refused(tmp_path, capsys):
    assert main(["translate", "--approach", "dt", "--model", "copy", "--input", str(xliff(tmp_path, "en", "de")),
                 "--trg-lang", "german", "-o", str(tmp_path / "o.xlf")]) == 2
    assert "for German write de" in capsys.readouterr().err


def test_resolve_direction_keeps_the_tags(tmp_path):
    corpus = read_corpus(xliff(tmp_path, "en-US", "en-AU"))
    direction = resolve_direction(corpus, None, None)
    assert (direction.src, direction.trg, direction.regional) == ("en", "en", True)
    assert direction.engine_languages == ("en-US", "en-AU") and direction.name == "en-US-en-AU"
    assert resolve_direction(read_corpus(xliff(tmp_path, "en-US", "pt-BR")), None, None).name == "en-pt"
    overridden = resolve_direction(corpus, None, "en-GB")
    assert overridden.engine_languages == ("en-US", "en-GB")
    plain = resolve_direction(read_corpus(xliff(tmp_path, "en", "de")), None, None)
    assert plain.engine_languages == ("en", "de") and plain.name == "en-de" and not plain.regional
    with pytest.raises(TagmtError, match="contradicts"):
        resolve_direction(corpus, None, "de")


class Recorder(Engine):
    """An engine that says which languages it was asked for (and copies)."""

    name = "recorder"

    def __init__(self) -> None:
        self.asked: list[tuple[str, str]] = []

    def translate(self, texts, src_lang, trg_lang):
        self.asked.append((src_lang, trg_lang))
        return list(texts)


def test_engines_get_the_tags(tmp_path):
    corpus = read_corpus(xliff(tmp_path, "en-US", "pt-BR"))
    engine = Recorder()
    translate_corpus(corpus, resolve_direction(corpus, None, None), "dt", engine,
                     run=RunOptions(use_cache=False, progress=False))
    assert engine.asked and set(engine.asked) == {("en-US", "pt-BR")}


def test_llm_prompts_name_the_variant():
    from tagmt.engines.prompts import default_prompt

    assert language_name("en-AU") == "English (Australia)" and language_name("es-419") == "Spanish (Latin America)"
    assert language_name("ja") == "Japanese" and language_name("zh-TW") == "Traditional Chinese"
    assert language_name("enm") == "enm"
    text = " ".join(m["content"] for m in default_prompt("dt").messages("Organize it.", "en-US", "en-AU"))
    assert "English (Australia)" in text and "English (United States)" in text


def test_m2m100_refuses_a_regional_pair_in_one_line(tiny_m2m100):
    with pytest.raises(TagmtError, match=r"cannot adapt en-US → en-AU: it has one language code \(en\)") as err:
        tiny_m2m100.check_direction("en-US", "en-AU")
    assert "openai:NAME" in str(err.value) and "\n" not in str(err.value)
    tiny_m2m100.check_direction("en-US", "pt-BR")  # a tag with a region is the model's language
    assert tiny_m2m100.code("pt-BR") == "pt"
    with pytest.raises(TagmtError, match="cannot translate 'enm'"):
        tiny_m2m100.check_direction("enm", "en")


def test_m2m100_cli_regional_and_unknown_codes(tmp_path, capsys, tiny_m2m100_dir):
    for src, trg, words in (("en-US", "en-AU", "cannot adapt"), ("enm", "en", "cannot translate 'enm'")):
        assert main(["translate", "--approach", "dt", "--model", str(tiny_m2m100_dir), "--no-cache",
                     "--input", str(xliff(tmp_path, src, trg)), "-o", str(tmp_path / "o.xlf")]) == 2
        err = capsys.readouterr().err
        assert words in err and "Traceback" not in err
    assert not (tmp_path / "o.xlf").exists()


def test_project_takes_a_regional_pair(tmp_path, capsys, sample_data):
    files = sample_data / "files"
    out, plain = tmp_path / "out.en", tmp_path / "plain.en"
    assert main(["views", "--input", str(files / "guide.en"), "--view", "plain", "--side", "source", "-o", str(plain)]) == 0
    assert main(["project", "--source", str(files / "guide.en"), "--translation", str(plain),
                 "--src-lang", "en-US", "--trg-lang", "en-GB", "-o", str(out)]) == 0, capsys.readouterr().err
    assert len(out.read_text("utf-8").splitlines()) == len((files / "guide.en").read_text("utf-8").splitlines())


def test_directions_compare_by_code():
    assert Direction("en", "pt", trg_tag="pt-BR") == Direction("en", "pt")


TMX = """<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4"><header srclang="{src}" datatype="plaintext" segtype="sentence" adminlang="en"
 creationtool="t" creationtoolversion="1" o-tmf="t"/><body>
<tu tuid="1"><tuv xml:lang="{a}"><seg>color</seg></tuv><tuv xml:lang="{b}"><seg>colour</seg></tuv></tu>
</body></tmx>
"""


@pytest.mark.parametrize("src, a, b, trg, expected", [
    ("en-US", "en-US", "en-GB", "en-GB", ("en-US", "en-GB")),
    ("en", "en-US", "de-DE", "de", ("en", "de-DE")),
    ("zh-CN", "zh-CN", "zh-TW", "zh-TW", ("zh-CN", "zh-TW")),
])
def test_tmx_sides_by_tag_then_language(tmp_path, src, a, b, trg, expected):
    path = tmp_path / "m.tmx"
    path.write_text(TMX.format(src=src, a=a, b=b), "utf-8")
    corpus = read_corpus(path)  # the target language inferred: the one other tag
    assert (corpus.segments[0].source, corpus.segments[0].reference) == ("color", "colour")
    direction = resolve_direction(corpus, None, None)
    assert direction.engine_languages == expected
    assert read_corpus(path, trg_lang=trg).segments[0].reference == "colour"
