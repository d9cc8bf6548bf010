"""benchmarks/bench_catalog_markup.py's loader on hand-made catalogues written by the test (polib saves the
.mo files): which pairs are used, which are unusable, how entities are read, plurals and duplicates."""

import importlib.util
import sys
from pathlib import Path

import polib
import pytest

_PATH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_catalog_markup.py"
_SPEC = importlib.util.spec_from_file_location("bench_catalog_markup", _PATH)
bench = importlib.util.module_from_spec(_SPEC)
sys.modules.setdefault("bench_catalog_markup", bench)  # dataclasses look their module up
_SPEC.loader.exec_module(bench)


def _catalogue(folder: Path, name: str, entries: list[polib.POEntry]) -> Path:
    catalogue = polib.POFile()
    catalogue.metadata = {"Content-Type": "text/plain; charset=UTF-8", "Language": "es"}
    for entry in entries:
        catalogue.append(entry)
    path = folder / "es" / "LC_MESSAGES" / f"{name}.mo"
    path.parent.mkdir(parents=True, exist_ok=True)
    catalogue.save_as_mofile(str(path))
    return path


E = polib.POEntry


@pytest.fixture()
def locale(tmp_path: Path) -> Path:
    _catalogue(tmp_path, "printer", [
        E(msgid="<b>Settings</b>", msgstr="<b>Configuración</b>"),
        E(msgid="Save <b>all</b> &amp; quit&#8230;", msgstr="Guardar <b>todo</b> y&nbsp;salir&#x2026;"),
        E(msgid='See <a href="%s">the license</a>', msgstr='Vea <a href="%s">la licencia</a>'),
        E(msgid="<i>Note</i>", msgstr="<b>Nota</b>"),  # other tags: unusable
        E(msgid="<b>Policies</b>", msgstr="<b>Directivas"),  # unclosed in the msgstr: unusable
        E(msgid="  --plugin <p> - load a plugin", msgstr="  --plugin <p> - carga un plugin"),  # text
        E(msgid="Open <file> & go to a&param=1", msgstr="Abrir <file> e ir a a&param=1"),  # text, never markup
        E(msgid="Printer", msgstr="Impresora"),
        E(msgid="<b>%d</b> job", msgid_plural="<b>%d</b> jobs",
          msgstr_plural={0: "<b>%d</b> trabajo", 1: "<b>%d</b> trabajos"}),
        E(msgid="<b>Untranslated</b>", msgstr=""),
        E(msgid="<b>State</b>", msgstr="<b>Estado</b>", msgctxt="printer"),
        E(msgid="<b>State</b>", msgstr="<b>Provincia</b>", msgctxt="address"),
    ])
    _catalogue(tmp_path, "avahi", [
        E(msgid="<b>Settings</b>", msgstr="<b>Configuración</b>"),  # the same pair again: once
        E(msgid="Browse <b>local</b> <i>network</i>", msgstr="Examinar la <i>red</i> <b>local</b>"),
        E(msgid="Line one<br/>line <big><b>two</b></big>", msgstr="Línea uno<br/>línea <big><b>dos</b></big>"),
    ])
    return tmp_path


def test_pairs_selected_unusable_counted(locale: Path):
    pairs = bench.read_pairs(bench.catalog_files(locale, "es"))
    found = [(p.source, p.target) for p in pairs.used]
    avahi = [  # avahi.mo comes first (files by name), each entry in the order polib reads it
        ("<b>Settings</b>", "<b>Configuración</b>"),
        ("Browse <b>local</b> <i>network</i>", "Examinar la <i>red</i> <b>local</b>"),
        ("Line one<br/>line <big><b>two</b></big>", "Línea uno<br/>línea <big><b>dos</b></big>"),
    ]
    assert found[:3] == avahi
    assert sorted(found[3:]) == sorted([  # printer.mo's, "<b>Settings</b>" not again
        ("<b>%d</b> job", "<b>%d</b> trabajo"),  # a plural entry: its singular only
        ("<b>State</b>", "<b>Provincia</b>"),  # the same msgid, another msgstr: a pair of its own
        ("<b>State</b>", "<b>Estado</b>"),
        ("Save <b>all</b> &amp; quit\u2026", "Guardar <b>todo</b> y\u00a0salir\u2026"),  # references decoded
        ('See <a href="%s">the license</a>', 'Vea <a href="%s">la licencia</a>'),
    ])
    assert [p.group for p in pairs.used] == list(range(len(pairs.used)))
    assert pairs.unusable == {"target tags differ": 1, "target malformed": 1}
    assert pairs.not_markup == 1
    plain = dict(pairs.plain)
    assert plain["Printer"] == "Impresora"
    assert plain["  --plugin &lt;p&gt; - load a plugin"] == "  --plugin &lt;p&gt; - carga un plugin"
    # a bare & and an incomplete reference are text (never ``&para`` read as a pilcrow)
    assert plain["Open &lt;file&gt; &amp; go to a&amp;param=1"] == "Abrir &lt;file&gt; e ir a a&amp;param=1"
    assert "<b>Untranslated</b>" not in {p.source for p in pairs.used}


def test_domains_filter(locale: Path):
    paths = bench.catalog_files(locale, "es", ["avahi"])
    assert [p.name for p in paths] == ["avahi.mo"]
    assert len(bench.read_pairs(paths).used) == 3
    assert bench.catalog_files(locale, "fr") == []


def test_tagged_markup_well_formed_only():
    assert bench.tagged_markup("a <b>b</b> c") == ("a <b>b</b> c", ("<b>", "</b>"))
    assert bench.tagged_markup("x<br>y") == ("x<br>y", ("<br>",))  # a void element without its slash
    assert bench.tagged_markup("<b><i>x</b></i>") is None  # crossed
    assert bench.tagged_markup("</b>x") is None
    assert bench.tagged_markup("<Control>q &lt;3") == ("&lt;Control&gt;q &lt;3", ())
    assert bench.tagged_markup('<span weight="bold">&quot;A&quot;</span>') == (
        '<span weight="bold">"A"</span>', ('<span weight="bold">', "</span>"))


def test_trivial_pairs():
    assert bench.trivial(bench.Pair("<b>Note</b>", "<b>Nota</b>", 0))
    assert bench.trivial(bench.Pair("<i>Not published\nSee</i>", "<i>No publicada\nVea</i>", 0))
    assert not bench.trivial(bench.Pair("<b>Note</b> (optional)", "<b>Nota</b> (opcional)", 0))
    assert not bench.trivial(bench.Pair("<b><big>T</big></b>", "<b><big>T</big></b>", 0))
    assert not bench.trivial(bench.Pair("x<br/>y", "x<br/>y", 0))


def test_quick_run_prints_its_ratio_line(capsys):
    assert bench.main(["--quick"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[-1].startswith("ratio exact/used pairs, 1 languages: ")
    assert "\nes " in out


def test_held_out_languages_are_never_shown():
    with pytest.raises(SystemExit):
        bench.main(["--languages", "de", "--show", "3"])
