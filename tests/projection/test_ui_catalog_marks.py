"""Two classes of misses found on UI catalogues with markup (`benchmarks/bench_catalog_markup.py`, dev languages):
a tag around a symbol (`Windows<sup>®</sup>.`) takes no punctuation mark after it (`edges.Edge.relation`: a symbol
and a punctuation mark are classes apart), and standalone codes written between spaces fill the holes a translation
written with spaces keeps where they stood (`standalone.py`, rule 2: `sólo se permiten <em/> y <code/>.`) — hand-made
cases in Latin, Cyrillic, Greek and Japanese, and a property test."""

from __future__ import annotations

import codecs

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.markup import strip

from test_pipeline import projected


def _project(source: str, target: str, lang: str, pairs: list[tuple[str, str]], without: str = "", decide=None
             ) -> str:
    return projected(source, target, lang, pairs, without, decide)


@pytest.mark.parametrize("source, target, lang, pairs, expected", [
    ("Part of the Windows<sup>®</sup> driver.", "Parte del controlador para Windows®.", "es",
     [("Part", "Parte"), ("driver", "controlador"), ("Windows", "Windows"), ("®", "®")],
     "Parte del controlador para Windows<sup>®</sup>."),
    ("Part of the Windows<sup>®</sup> driver.", "Часть драйвера Windows®.", "ru",
     [("Part", "Часть"), ("driver", "драйвера")], "Часть драйвера Windows<sup>®</sup>."),
    ("Part of the Windows<sup>®</sup> driver.", "Μέρος του προγράμματος οδήγησης Windows®.", "el",
     [("Part", "Μέρος"), ("driver", "οδήγησης"), ("Windows", "Windows"), ("®", "®")],
     "Μέρος του προγράμματος οδήγησης Windows<sup>®</sup>."),
    # a hyphen joins the symbol to the head noun (Swedish, German): the hyphen is the compound's, not the tag's
    ("Part of the Windows<sup>®</sup> driver.", "En del av Windows®-drivrutinen.", "sv",
     [("Part", "del"), ("Windows", "Windows"), ("®", "®"), ("driver", "drivrutinen")],
     "En del av Windows<sup>®</sup>-drivrutinen."),
    ("Prices in <b>€</b> apply.", "Es gelten Preise in €.", "de",
     [("Prices", "Preise"), ("apply", "gelten"), ("€", "€")], "Es gelten Preise in <b>€</b>."),
])
def test_a_tag_around_a_symbol_takes_no_punctuation_after_it(source, target, lang, pairs, expected):
    assert _project(source, target, lang, pairs) == expected


@pytest.mark.parametrize("source, target, lang, pairs, expected", [
    # a tag that ends with a punctuation mark still takes the translation's mark of that class
    ("Open <b>Settings…</b> now.", "Ανοίξτε Ρυθμίσεις... τώρα.", "el",
     [("Open", "Ανοίξτε"), ("Settings", "Ρυθμίσεις"), ("now", "τώρα")], "Ανοίξτε <b>Ρυθμίσεις...</b> τώρα."),
    ("Open <b>Settings…</b> now.", "Откройте Параметры... сейчас.", "ru",
     [("Open", "Откройте"), ("Settings", "Параметры"), ("now", "сейчас")], "Откройте <b>Параметры...</b> сейчас."),
])
def test_a_tag_around_punctuation_keeps_taking_punctuation(source, target, lang, pairs, expected):
    assert _project(source, target, lang, pairs) == expected


@pytest.mark.parametrize("source, target, lang, pairs, expected", [
    ("Currently, only <em/> and <code/> are permitted.", "Actualmente, sólo se permiten  y .", "es",
     [("Currently", "Actualmente"), ("only", "sólo"), ("and", "y"), ("permitted", "permiten")],
     "Actualmente, sólo se permiten <em/> y <code/>."),
    ("Currently, only <em/> and <code/> are permitted.", "Сейчас разрешены только  и .", "ru",
     [("Currently", "Сейчас"), ("only", "только"), ("and", "и"), ("permitted", "разрешены")],
     "Сейчас разрешены только <em/> и <code/>."),
    ("Use <x1/> or <x2/> here.", "Χρησιμοποιήστε  ή  εδώ.", "el",
     [("Use", "Χρησιμοποιήστε"), ("or", "ή"), ("here", "εδώ")], "Χρησιμοποιήστε <x1/> ή <x2/> εδώ."),
    # a no-break space after a one-letter conjunction (Polish typography)
    ("Currently, only <em/> and <code/> are permitted.", "Obecnie dozwolone są tylko  i\xa0.", "pl",
     [("Currently", "Obecnie"), ("only", "tylko"), ("and", "i"), ("permitted", "dozwolone")],
     "Obecnie dozwolone są tylko <em/> i\xa0<code/>."),
    # Japanese and Chinese translators write spaces around a code too
    ("Currently, only <em/> and <code/> are permitted.", "現在は  と  のみが許可されています。", "ja",
     [("Currently", "現在"), ("and", "と"), ("only", "のみ"), ("permitted", "許可")],
     "現在は <em/> と <code/> のみが許可されています。"),
    ("Currently, only <em/> and <code/> are permitted.", "目前只允许  和 。", "zh",
     [("Currently", "目前"), ("and", "和"), ("only", "只"), ("permitted", "允许")], "目前只允许 <em/> 和 <code/>。"),
    ("Use <x1/> or <x2/>, then save.", "Utilisez  ou , puis enregistrez.", "fr",
     [("Use", "Utilisez"), ("or", "ou"), ("then", "puis"), ("save", "enregistrez")],
     "Utilisez <x1/> ou <x2/>, puis enregistrez."),
])
def test_spaced_codes_fill_the_holes_of_a_spaced_translation(source, target, lang, pairs, expected):
    assert _project(source, target, lang, pairs) == expected


def test_a_source_that_writes_two_spaces_of_its_own_gives_no_holes():
    # the source's own double space (not a code's place) may be copied: the holes say nothing
    out = _project("Use  this <x1/>or that.", "Utilisez  ceci ou cela.", "fr",
                   [("Use", "Utilisez"), ("this", "ceci"), ("or", "ou"), ("that", "cela")])
    assert out == "Utilisez  ceci <x1/>ou cela."


def test_holes_after_wide_punctuation_are_filled_as_before():
    out = _project("See <x1/> and <x2/> first.", "まず、 と、 を参照してください。", "ja", [("See", "参照"), ("first", "まず")])
    assert out == "まず、<x1/> と、<x2/> を参照してください。"


_WORDS = st.lists(st.text(alphabet="abcdefgh", min_size=1, max_size=6), min_size=2, max_size=7)


@settings(max_examples=60, deadline=None)
@given(_WORDS, st.data())
def test_codes_between_spaces_of_a_word_for_word_translation_stay_in_their_holes(words, data):
    # codes written between spaces (`a <x1/> b`), a translation that keeps every word in place (ROT13) with the
    # codes' holes, linked one to one: the text never changes and every code is back in its hole
    gaps = data.draw(st.lists(st.booleans(), min_size=len(words) - 1, max_size=len(words) - 1))
    parts, k = [words[0]], 0
    for word, code in zip(words[1:], gaps):
        if code:
            k += 1
            parts.append(f" <x{k}/>")
        parts.append(" " + word)
    source = "".join(parts) + "."
    plain = strip(source)
    translation = codecs.encode(plain, "rot13")
    pairs = [(w, codecs.encode(w, "rot13")) for w in dict.fromkeys(words)]
    out = _project(source, translation, "fr", pairs)
    assert strip(out) == translation
    assert out == codecs.encode(source.replace("x", "\0"), "rot13").replace("\0", "x")
