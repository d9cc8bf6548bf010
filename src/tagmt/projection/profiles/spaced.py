"""Languages written with spaces between words (Latin, Cyrillic, Greek, Arabic, Devanagari…): UAX #29 words,
with the clitics and digit groups of each language (`clitics.py`).

Per-language entries where a rule has a list: the elided words (French, Italian, Catalan, Occitan, Asturian,
Luxembourgish, Irish, Scottish Gaelic), the suffixes written after an apostrophe or colon (Turkish,
Azerbaijani, Finnish, Swedish, English, Welsh), English's function words (`loanwords.py`) and the articles,
prepositions and conjunctions of German, French, Dutch, Russian, Spanish, Italian and Portuguese, and the articles,
conjunctions and postpositions of Hungarian and Finnish (`edgewords.py`, `postpositionmarks.py`); the languages that
write ordinals with a dot (`standalone.py`). The rest get the family's profile.
"""

from __future__ import annotations

from tagmt.projection.profiles import Profile

FAMILY = "spaced"
LANGUAGES: frozenset[str] = frozenset()
"""None listed: every language without a module of its own is spaced (`profile_for`)."""
SEGMENTER = "uax29"

APOSTROPHES = "'\u2019"
_ELIDED = {
    "fr": "c ç d j l m n s t qu jusqu lorsqu puisqu quoiqu",
    "it": "l d c m n s t v un all dall dell nell sull coll quest quell bell sant tutt",
    "ca": "l d m n s t",
    "oc": "l d m n s t qu",
    "ast": "l d",
    "lb": "d",
    "ga": "b d m",
    "gd": "b d m",
}
ELIDED: dict[str, frozenset[str]] = {k: frozenset(v.split()) for k, v in _ELIDED.items()}
"""Words written elided before the next word with an apostrophe, per language (lower case)."""

ANY = None
SUFFIXES: dict[str, tuple[str, frozenset[str] | None]] = {
    "tr": (APOSTROPHES, ANY),
    "az": (APOSTROPHES, ANY),
    "fi": (APOSTROPHES + ":", ANY),
    "sv": (":", ANY),
    "en": (APOSTROPHES, frozenset({"s", "re", "ve", "ll", "d", "m", "t"})),
    "cy": (APOSTROPHES, frozenset({"r", "n", "m", "i", "u", "w", "th", "ch"})),
}
"""Per language: the marks a suffix is written after, and the suffixes (ANY: any letters)."""
NOT_CASE_ENDINGS = {
    "en": frozenset({"re", "ve", "ll", "d", "m", "t"}),
    "cy": frozenset({"r", "n", "m", "i", "u", "w", "th", "ch"}),
}
"""Suffixes that are verbs, pronouns or articles (kind `other`); the rest are case endings."""

ENGLISH_FUNCTION_WORDS = frozenset(
    "the and that this these those with when where which while what want only more been have has"
    " can will also already during following from into then than there other some any all each"
    " such must should would could may might not are was were for you your its their our"
    " about after before between both however".split()
)
"""English closed-class words: never borrowed, but short enough to sound like a loanword (`loanwords.py`)."""
_FUNCTION_WORDS = {
    "de": "der die das den dem des ein eine einen einem einer eines und oder auf in im ins an am ans aus bei beim"
          " mit nach von vom zu zum zur für über unter vor hinter neben zwischen durch gegen ohne um als wie",
    "fr": "le la les l un une des du de d au aux et ou à a en dans sur sous pour par avec sans entre vers chez"
          " comme que",
    "nl": "de het een en of op in aan bij met naar van voor uit over onder door om tot als te",
    "ru": "и или в во на с со к ко по о об от до из за для при под над без через как",
    "es": "el la los las un una unos unas y o e u a al del de en con por para sin sobre entre como",
    "it": "il lo la i gli le l un uno una e o a al allo alla ai agli alle di del della dei delle in nel nella"
          " con per su sul sulla tra fra da dal dalla come",
    "pt": "o a os as um uma e ou ao à aos às de do da dos das em no na nos nas com por para sem sobre entre como",
    # Hungarian: the articles, the conjunctions, the demonstratives that stand for a clause (`azt jelzi, hogy`)
    "hu": "a az egy és s vagy illetve valamint de hogy is sem mint ha ez ezt azt ezek azok ennek annak"
          " ezen azon",
    # Finnish: no articles; the conjunctions and the demonstratives
    "fi": "ja sekä tai eli mutta että kuin jos kun se ne tämä tämän nämä sen niiden",
}
ENGLISH_PARTICLES = frozenset("a an as at by in of on or to up off out over under per via".split())
"""English articles and prepositions too short for `ENGLISH_FUNCTION_WORDS`' purpose (`loanwords.py` reads that list
alone); with it, English's function words in its profile (a tag's unlinked `as` of `Save as`: `edgewords.py`)."""
ENGLISH_DETERMINERS = frozenset("the a an this that these those each every any its your their our my his her".split())
"""English determiners: one written right before a tag makes the word after the tag the head noun of the phrase the
tag modifies (`the <ui>Must start on</ui> constraint`; `labelphrases.py`)."""
FUNCTION_WORDS = {"en": ENGLISH_FUNCTION_WORDS | ENGLISH_PARTICLES,
                  **{k: frozenset(v.split()) for k, v in _FUNCTION_WORDS.items()}}
"""Per language (lower case): English's closed-class words; articles, prepositions and conjunctions of the others
(the words a tag's edge may leave outside: `edgewords.py`, where the examples say so)."""

_POSTPOSITIONS = {
    "hu": "szerint alapján után előtt alatt felett fölött mellett nélkül helyett miatt által számára részére érdekében"
          " során céljából tekintetében vonatkozásában keretében esetén esetében ellen óta felé iránt révén folytán"
          " múlva körül szemben kívül belül mögött közben keresztül végett idején útján nyomán kapcsán ellenére"
          " értelmében illetően",
    "fi": "mukaan kanssa jälkeen aikana alla alle päällä takia vuoksi kautta välillä välissä varten lähellä"
          " ympärillä asti saakka kohti luona puolesta osalta perusteella avulla sisällä ulkopuolella aikaan edessä"
          " takana vastaan yhteydessä lisäksi",
}
POSTPOSITIONS = {k: frozenset(v.split()) for k, v in _POSTPOSITIONS.items()}
"""Per language written with spaces (lower case): the postpositions, written as words of their own after the noun
phrase they govern (Hungarian `a rendelet szerint`, `2015 után`; Finnish `sopimuksen mukaan`). They translate a
preposition written before the phrase in English: no part of a tag's phrase, and a footnote marker on the phrase
goes before them (`postpositionmarks.py`; `edgewords.py` reads them with the function words)."""

_HU_CASES = ("ban ben ba be ból ből ra re ról ről tól től hoz hez höz nak nek nál nél on en ön n t at et ot öt ig ért"
             " ként kor ul ül i s as es os ös ás és val vel vá vé").split()
_HU_CONSONANTS = "b c d f g h j k l m n p r s t v z sz cs zs ny gy ly ty".split()
_HU_POSSESSIVES = "a e á é ja je já jé".split()
HU_CASE_ENDINGS = frozenset(
    _HU_CASES + [c + v for c in _HU_CONSONANTS for v in ("al", "el", "á", "é")]  # (-val/-vel, -vá/-vé assimilated)
    + [p + c for p in _HU_POSSESSIVES for c in ("ban ben ba be ból ből ra re ról ről tól től hoz hez nak nek n t val"
                                                 " vel i").split()] + _HU_POSSESSIVES)
"""Hungarian case endings and possessive-plus-case endings written after a hyphen on a name, abbreviation or number
(`EU-ban`, `ENSZ-szel`, `2013-as`, `%-ában`), with their vowel-harmony and assimilated forms; not a compound's head
(`EU-tagállam`)."""
CASE_SUFFIXES: dict[str, tuple[str, frozenset[str]]] = {
    "hu": ("-\u2011", HU_CASE_ENDINGS),
    "fi": (":", frozenset()), "sv": (":", frozenset()),
    "tr": (APOSTROPHES, frozenset()), "az": (APOSTROPHES, frozenset()),
}
"""Per language: the marks a case ending is written after on a name, abbreviation or number, and the endings (empty:
any letters) — a footnote mark follows the whole word form (`az EU-ban<x/>`, `EU:ssa<x/>`; `caseendings.py`)."""

ORDINAL_DOT = frozenset({"hu", "fi", "et", "de", "da", "nb", "nn", "no", "is", "cs", "sk", "sl", "hr", "sr", "bs",
                         "lv", "tr"})
"""Languages that write an ordinal number with a dot after its digits (Hungarian `5. cikk`, `2013. december 17.`;
Finnish `5. artikla`; German `am 17. Dezember`, Czech `5. článek`, Turkish `5. madde`): a dot written right after a
copied number and before a word is the number's own, so a code glued to the source's number goes after it
(`5.<x/> cikk`; `standalone.py`). English, French, Russian write ordinals otherwise (`5th`, `5e`, `5-й`)."""

PHRASE_INTERNAL = {"tr": frozenset({"olarak", "ile"}), "az": frozenset({"olaraq", "ilə"})}
"""Per head-final language written with spaces: the postpositions that join two parts of one noun phrase (Turkish
`Doğru olarak işaretle` for `Marked as Correct`, `Parola ile kaydet` for `Save with Password`): a label's phrase
holds them (`labelphrases.py`; the case endings that tie it to the sentence are suffixes, not words)."""


HYPHEN_COMPOUNDS = frozenset({"fi", "et", "sv", "da", "nb", "nn", "no", "is", "de", "nl"})
"""Languages that join a name, abbreviation or label to the common noun after it with a hyphen (Finnish
`Tallenna-painiketta`, `Windows-käyttöjärjestelmässä`; Swedish `Spara-knappen`; German `Datei-Menü`; Dutch
`Start-menu`): a label's tag ends before the hyphen (`hyphenheads.py`). French, Russian and the Romance languages
write the noun first (`le bouton Enregistrer`, `кнопка «Сохранить»`). Not Hungarian: it writes place names whole
with a hyphen (`Comore-szigetek` for `Comoros`), the head part of the name."""
_BRACKET_VERBS = {
    "de": "wird werden wurde wurden worden ist sind war waren hat haben hatte hatten kann können konnte muss müssen"
          " musste soll sollen sollte sollten darf dürfen will wollen möchte möchten",
    "nl": "wordt worden werd werden is zijn was waren heeft hebben had hadden kan kunnen kon moet moeten moest zal"
          " zullen zou zouden wil willen mag mogen",
}
BRACKET_VERBS = {k: frozenset(v.split()) for k, v in _BRACKET_VERBS.items()}
"""Per language (lower case): the finite auxiliaries and modals that open a verb bracket whose participle or
infinitive ends the clause (German, Dutch): a label does not take that last verb (`labelwords.py`)."""
EXTRA_STAGES = ("label-words", "governed-words")
"""A label's unlinked words beside its span are its own (`labelwords.py`: `auf <ui>Bericht drucken</ui>`); for the
languages with `FUNCTION_WORDS` only, which tell where the label's phrase ends (without them an article or a
pronoun would pass for a label's word: Hungarian `<g>mutató azt</g> jelzi`); then a function word between two
adjacent tags given to the second (`governedwords.py`: `<g1>1,5 million </g1><g2>de migrants</g2>`), on the same
condition."""
HYPHEN_STAGES = ("hyphen-heads",)
NOUN_STAGES = ("noun-heads",)
"""For the languages that capitalize their nouns: a one-word term's span ends at its noun (`nounheads.py`)."""
POSTPOSITION_STAGES = ("postposition-edges",)
"""A postposition at a span's end that translates nothing of its tag leaves it (`postpositionmarks.py`)."""


NOUN_LINKS = {"en": frozenset({"of"}), "fr": frozenset({"de", "d", "du", "des"}), "nl": frozenset({"van"}),
              "es": frozenset({"de", "del"}), "it": frozenset({"di", "del", "della", "dei", "delle"}),
              "pt": frozenset({"de", "do", "da", "dos", "das"})}
"""Per language: the prepositions that join two nouns into one noun phrase (`types of shipments`; `footnotes.py`)."""


GENITIVE_FIRST = frozenset({"hu", "fi", "et", "tr", "az"})
"""Languages that write a noun's possessor before it (`a dokumentum használata`; `footnotes.py`)."""


CLOSED_COMPOUNDS = frozenset({"de", "lb", "nl", "af", "sv", "da", "nb", "nn", "no", "is", "fi", "et", "hu"})
"""Languages that write a compound as one word (`Schwellenwert`, `küszöbérték`, `kynnysarvo`, `drempelwaarde`):
a term's dictionary translation may be its first or last part (`loneterms.py`). Not French, Russian or English,
which write a compound's parts apart (`valeur seuil`, `пороговое значение`)."""


NOUNS_CAPITALIZED = frozenset({"de", "lb"})
"""Languages that capitalize every noun (`footnotes.py`)."""
CLASS_NOUNS = {
    "de": frozenset("schaltfläche schaltflächen taste knopf schalter menü menüs befehl eintrag menüpunkt option optionen"
                    " feld felder kästchen registerkarte registerkarten karte reiter dialog dialogfeld fenster symbol"
                    " symbolleiste leiste liste link verknüpfung ansicht bereich seite assistent element".split()),
}
"""Per language that capitalizes its nouns: the heads of the nouns naming a user interface element's class, which a
translation writes before a label the source names alone (`die Schaltfläche <ui>Speichern</ui>`, `das Menü <ui>Datei</ui>`,
`das Kontrollkästchen <ui>Aktiv</ui>`: `edgewords._class_noun`). A compound counts by its head, its last part."""


LOCUTIONS = {
    "fr": ("en ce qui concerne", "autour de", "en grande partie", "en particulier", "en matière de", "dans le cadre de",
           "en vertu de", "au titre de", "à l'égard de", "compte tenu de", "par rapport à", "conformément à",
           "en fonction de", "en raison de", "au sein de", "au cours de", "à partir de", "en vue de", "grâce à",
           "afin de", "en tant que", "par exemple", "au moins", "tout au long de", "à l'heure actuelle",
           "d'une part", "d'autre part", "en outre", "de plus", "en moyenne", "à long terme", "à court terme",
           "à moyen terme"),
    "de": ("im Hinblick auf", "in Bezug auf", "mit Blick auf", "im Rahmen", "im Einklang mit", "im Zusammenhang mit",
           "in Höhe von", "im Vergleich zu", "im Wesentlichen", "vor allem", "unter anderem", "zum Beispiel",
           "nach wie vor", "in erster Linie", "zum Teil", "auf Grund", "im Durchschnitt", "auf lange Sicht"),
    "ru": ("в соответствии с", "в рамках", "в том числе", "в частности", "по сравнению с", "в связи с",
           "по крайней мере", "в основном", "кроме того", "например", "в среднем"),
}
"""Per language: multi-word prepositions, adverbs and connectives that translate one word or a fixed group as a whole
(French `en grande partie` for `largely`, `autour de` for `around`): a tag's edge does not cut one (`locutions.py`).
Conjunctions that also join clauses (`ainsi que`, `so dass`) are left out: their words are often the clause's."""
LOCUTION_STAGES = ("locutions",)


SPACED_MARKS = {"fr": ":;!?"}
"""Per language: the marks its typography writes after a space (French: a no-break or narrow no-break space before
`: ; ! ?`): a note label's tag takes its colon with that space (`<b>Remarque :</b>`; `spacedmarks.py`)."""
SPACED_MARK_STAGES = ("spaced-marks",)


def profile(code: str) -> Profile:
    hyphens = code in HYPHEN_COMPOUNDS
    return Profile(code=code, family=FAMILY, segmenter=SEGMENTER, elided=ELIDED.get(code, frozenset()),
                   function_words=FUNCTION_WORDS.get(code, frozenset()), hyphen_compounds=hyphens,
                   bracket_verbs=BRACKET_VERBS.get(code, frozenset()),
                   noun_links=NOUN_LINKS.get(code, frozenset()), genitive_first=code in GENITIVE_FIRST,
                   nouns_capitalized=code in NOUNS_CAPITALIZED, class_nouns=CLASS_NOUNS.get(code, frozenset()),
                   phrase_internal=PHRASE_INTERNAL.get(code, frozenset()),
                   postpositions=POSTPOSITIONS.get(code, frozenset()), ordinal_dot=code in ORDINAL_DOT,
                   suffix_marks=CASE_SUFFIXES.get(code, ("", frozenset()))[0],
                   case_endings=CASE_SUFFIXES.get(code, ("", frozenset()))[1],
                   extra_stages=(EXTRA_STAGES if code in FUNCTION_WORDS else ()) + (HYPHEN_STAGES if hyphens else ())
                   + (NOUN_STAGES if code in NOUNS_CAPITALIZED else ())
                   + (POSTPOSITION_STAGES if code in POSTPOSITIONS else ())
                   + (LOCUTION_STAGES if code in LOCUTIONS else ())
                   + (SPACED_MARK_STAGES if code in SPACED_MARKS else ()),
                   locutions=LOCUTIONS.get(code, ()), spaced_marks=SPACED_MARKS.get(code, ""),
                   closed_compounds=code in CLOSED_COMPOUNDS)
