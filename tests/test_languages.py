"""Languages: ISO codes, each model family's codes (checked against the tokenizers' own lists), and the
``tagmt models`` command."""

from __future__ import annotations

import pytest

from tagmt.cli import main
from tagmt.errors import TagmtError
from tagmt.languages import M2M100, MBART50, NAMES, check_supported, model_code, normalize


def test_the_tables_are_the_tokenizers_lists():
    m2m = pytest.importorskip("transformers.models.m2m_100.tokenization_m2m_100")
    mbart = pytest.importorskip("transformers.models.mbart50.tokenization_mbart50")
    assert sorted(M2M100.values()) == sorted(m2m.FAIRSEQ_LANGUAGE_CODES["m2m100"])
    assert sorted(MBART50.values()) == sorted(mbart.FAIRSEQ_LANGUAGE_CODES)
    assert len(M2M100) == 100 and len(MBART50) == 52
    assert set(M2M100) | set(MBART50) | {"zf"} == set(NAMES)


@pytest.mark.parametrize("given, expected", [
    ("de", "de"), ("DE", "de"), ("de-DE", "de"), ("de_AT", "de"), ("pt-BR", "pt"), ("zh-CN", "zh"), ("zh-Hans", "zh"),
    ("zh-TW", "zf"), ("zh_Hant", "zf"), ("iw", "he"), ("nb", "no"), ("fil", "tl"), ("sr-Latn-RS", "sr"), ("en-US", "en"),
    ("ceb", "ceb"), ("zf", "zf"),
])
def test_normalize(given, expected):
    assert normalize(given) == expected


@pytest.mark.parametrize("given, hint", [("german", "(for German write de)"), ("xx", ""), ("deutsch", ""), ("jp", ""),
                                         ("en-", ""), ("", "")])
def test_unknown_codes_point_to_the_list(given, hint):
    with pytest.raises(TagmtError, match="tagmt models --languages") as err:
        normalize(given, "--trg-lang")
    assert f"--trg-lang {given!r} is not a language code" in str(err.value) and hint in str(err.value)


def test_model_codes():
    assert model_code("de", "mbart") == "de_DE" and model_code("zh", "mbart") == "zh_CN"
    assert model_code("en", "mbart") == "en_XX" and model_code("hu", "m2m_100") == "hu"
    assert model_code("hu", "mbart") is None and model_code("te", "m2m_100") is None
    with pytest.raises(TagmtError, match=r"model mbart50 \(mBART-50\) cannot translate 'hu'.*--model mbart50"):
        check_supported("hu", "mbart", "mbart50")


def test_models_command(capsys):
    assert main(["models"]) == 0
    out = capsys.readouterr().out
    assert "m2m100       facebook/m2m100_418M" in out and "copy" in out
    assert main(["models", "--languages"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["code", "language", "M2M-100", "mBART-50"]
    assert len(lines) == 1 + len(NAMES)
    assert "de    German                 de       de_DE" in lines
    assert main(["models", "--languages", "--model", "mbart50"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1 + 52 and lines[0].split() == ["code", "language", "mBART-50"]
    assert main(["models", "--languages", "--model", "nope"]) == 2


def test_hf_engine_maps_through_the_table(tiny_mbart50):
    assert tiny_mbart50.code("de") == "de_DE"
    with pytest.raises(TagmtError, match="cannot translate 'hu'"):
        tiny_mbart50.check_direction("en", "hu")


# --- one normalisation for every command and the API (issue 20 item 1, issue 19 item 2) ---------------

@pytest.mark.parametrize("given, code, base", [
    ("ja-JP", "ja", "ja"), ("zh-CN", "zh", "zh"), ("zh-Hans", "zh", "zh"), ("zh-SG", "zh", "zh"),
    ("zh-TW", "zf", "zh"), ("zh-Hant", "zf", "zh"), ("zh-HK", "zf", "zh"), ("zh-Hant-TW", "zf", "zh"),
    ("zh-Hans-HK", "zh", "zh"), ("ko-KR", "ko", "ko"), ("pt-BR", "pt", "pt"), ("es-419", "es", "es"),
    ("jpn", "ja", "ja"), ("enm", "enm", "enm"), ("qaa", "qaa", "qaa"), ("x-klingon", "x-klingon", "x-klingon"),
    ("eo", "eo", "eo"), ("la", "la", "la"),
])
def test_parse_bcp47(given, code, base):
    from tagmt.languages import parse, tokenizer_language

    language = parse(given)
    assert (language.code, language.base) == (code, base)
    assert tokenizer_language(given) == base and normalize(given) == code


def test_parse_keeps_the_tag_in_canonical_case():
    from tagmt.languages import parse

    assert parse("pt_br").tag == "pt-BR" and parse("ZH-hant-tw").tag == "zh-Hant-TW"
    assert parse("en-AU").name == "English (Australia)" and parse("es-419").name == "Spanish (Latin America)"
    assert parse("enm").known is False and parse("de").known is True


@pytest.mark.parametrize("given, hint", [("japanese", "(for Japanese write ja)"), ("jp", "(for Japanese write ja)"),
                                         ("xx", ""), ("i-klingon", ""), ("x", ""), ("ja--JP", ""), ("ja JP", "")])
def test_names_and_unknown_codes_are_refused_naming_the_form(given, hint):
    from tagmt.languages import parse

    with pytest.raises(TagmtError, match="use a BCP 47 code such as de, ja") as err:
        parse(given, "--trg-lang")
    assert hint in str(err.value) and "\n" not in str(err.value)
