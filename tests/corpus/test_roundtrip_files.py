"""The hand-made adversarial files of every format (tests/data/roundtrip) through ``translate --model copy``
and ``--model pseudo`` as a user runs them, checked by ``benchmarks/bench_document_roundtrip.py`` with each
format's own parser; and that checker's own judgements on known cases."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FILES = ROOT / "tests" / "data" / "roundtrip"
#: Refused in one line, on purpose (none today: a legacy-charset catalog, po/plural3.po in ISO-8859-2, is
#: pseudo-translated with the look-alikes its charset writes).
REFUSED: dict[str, str] = {}


def _checker():
    spec = importlib.util.spec_from_file_location("bench_document_roundtrip",
                                                  ROOT / "benchmarks" / "bench_document_roundtrip.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


CHECK = _checker()


@pytest.mark.parametrize("name", sorted(str(p.relative_to(FILES)) for p in FILES.rglob("*") if p.is_file()))
def test_file_survives_copy_and_pseudo(tmp_path: Path, name: str) -> None:
    path = FILES / name
    fmt = CHECK.detect_format(path)
    assert fmt in CHECK.PARSERS, f"{name} read as {fmt}"
    status, reason = CHECK.check(path, fmt, tmp_path)
    if name in REFUSED:
        assert status == "refused" and REFUSED[name] in reason
    else:
        assert (status, reason) == ("ok", "")


def test_placeholders_of_icu_printf_and_markup() -> None:
    message = "{n, plural, one {# file of {owner}} other {%d files}} <b>now</b>"
    assert CHECK.placeholders(message, markup=True) == [
        "<b>", "</b>", "{n,plural", "key:one", "{owner}", "key:other", "%d", "}"]
    assert CHECK.placeholders("100% sure, %1$s and %(name)s, {{ user }}") == ["%1$s", "%(name)s", "{{user}}"]
    assert CHECK.placeholders("unbalanced { brace %s") == ["%s"]


def test_copy_check_allows_language_and_references_only() -> None:
    source = b'<html lang="en"><p>Caf&#233; &amp; bar</p></html>'
    assert CHECK.check_copy("html", source, b'<html lang="de"><p>Caf\xc3\xa9 &amp; bar</p></html>') is None
    assert "copy differs" in CHECK.check_copy("html", source, b'<html lang="de"><p>Cafe &amp; bar</p></html>')
    assert CHECK.check_copy("yaml", b"en:\n  a: b\n", b"de:\n  a: b\n") is None
    assert CHECK.check_copy("json", b'{"a": "b"}', b'{"a": "c"}').startswith("copy differs")


def test_pseudo_check_finds_a_changed_structure_and_a_lost_placeholder() -> None:
    assert CHECK.check_pseudo("json", b'{"a": "Hi %s"}', '{"a": "[Ĥî %s]"}'.encode()) is None
    assert "placeholders differ" in CHECK.check_pseudo("json", b'{"a": "Hi %s"}', '{"a": "[Ĥî š]"}'.encode())
    assert "structure differs" in CHECK.check_pseudo("json", b'{"a": "Hi"}', '{"b": "[Ĥî]"}'.encode())
    assert "does not parse" in CHECK.check_pseudo("json", b'{"a": "Hi"}', '{"a": "[Ĥî]"'.encode())


def test_template_charset_declared_as_written(tmp_path: Path) -> None:
    from tagmt.cli import main
    out = tmp_path / "de.po"
    assert main(["translate", "--input", str(FILES / "po" / "template.pot"), "--approach", "dt", "--model", "copy",
                 "--src-lang", "en", "--trg-lang", "de", "-o", str(out)]) == 0
    text = out.read_text("utf-8")
    assert '"Content-Type: text/plain; charset=UTF-8\\n"' in text and '"Language: de\\n"' in text
    assert "CHARSET" not in text


def test_template_charset_declared_without_a_target_language(tmp_path: Path) -> None:
    """pseudo writes non-ASCII: the POT's ``charset=CHARSET`` becomes the encoding written even when no target
    language is given (the ``Language`` line stays as the template has it)."""
    from tagmt.cli import main
    out = tmp_path / "pseudo.po"
    assert main(["translate", "--input", str(FILES / "po" / "template.pot"), "--model", "pseudo", "-o", str(out)]) == 0
    text = out.read_text("utf-8")
    assert '"Content-Type: text/plain; charset=UTF-8\\n"' in text and "CHARSET" not in text
    source = (FILES / "po" / "template.pot").read_text("utf-8")
    language = [line for line in source.splitlines() if line.startswith('"Language:')]
    assert [line for line in text.splitlines() if line.startswith('"Language:')] == language
