"""Language profiles: what projection knows of a language, chosen by its code, in one place.

A profile says which word segmenter reads the language, its particles and function words (the words a tag's
edge leaves outside or takes in), how it writes clitics and compounds, and which extra stages of the
projection pipeline run for it. One module per language or family beside this one (`japanese`, `korean`,
`chinese`, `spaced`, `unspaced`), each describing itself (`FAMILY`, `LANGUAGES`, `SEGMENTER`, `profile(code)`)
and holding its word lists, which the rules import; `FAMILIES` is the name -> module table. The script ranges
that rules test characters against live in `tagmt.projection.scripts`, nowhere else.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Profile:
    """One language's profile (`profile_for(code)`)."""

    code: str
    """The base language code (`base_language`: `fr` for `fr_XX` or `fr-FR`; `zf` for Traditional Chinese)."""
    family: str
    """`japanese`, `korean`, `chinese`, `spaced` (words between spaces: Latin, Cyrillic, Greek…) or `unspaced`
    (dictionary word breaks: Thai, Lao, Khmer, Myanmar)."""
    segmenter: str
    """The word segmenter that reads it by default (`wordseg`): `mecab-ja`, `mecab-ko`, `chars`, `icu` or
    `uax29`."""
    particles: frozenset[str] = field(default_factory=frozenset)
    """Particles written as words of their own that a span does not end on (`的`, Korean `에서` after a space)."""
    function_words: frozenset[str] = field(default_factory=frozenset)
    """Closed-class words (Chinese function characters, English function words)."""
    postpositions: frozenset[str] = field(default_factory=frozenset)
    """Words written after a noun phrase that a span does not end on (Chinese localizers)."""
    elided: frozenset[str] = field(default_factory=frozenset)
    """Words written elided before the next with an apostrophe (`clitics.py`: French `l'`)."""
    quote_marks: tuple[tuple[str, str], ...] = ()
    """Opening and closing quotation marks the language writes around a label."""
    extra_stages: tuple[str, ...] = ()
    """Names of the pipeline stages that run for this language only, after the common ones."""
    phrase_followers: tuple[str, ...] = ()
    """Words written right after a noun phrase without a space — case particles, counters and units,
    honorific suffixes (Japanese `を`, `件`, `さん`): a placeholder standing for a noun phrase goes before one
    (`translation.phrase_points`). Empty where words are spaced and the gaps tell."""
    counters: frozenset[str] = field(default_factory=frozenset)
    """Those of `phrase_followers` that count or measure: a number placeholder goes before one of them."""
    honorifics: frozenset[str] = field(default_factory=frozenset)
    """Those of `phrase_followers` that close a name (`さん`): the particle after one marks that name."""
    compound_particles: tuple[str, ...] = ()
    """Particles written together (`には`, `への`): one word for a phrase's edge, no point inside."""
    bracket_verbs: frozenset[str] = field(default_factory=frozenset)
    """Finite auxiliaries and modals that open a verb bracket (German `wird … eingegangen`, Dutch `heeft …
    gekozen`): the clause's last verb is theirs, no label's (`labelwords.py`)."""
    hyphen_compounds: bool = False
    """A name, abbreviation or label is joined to the noun after it by a hyphen (`Tallenna-painiketta`, `Datei-Menü`):
    the part after the hyphen is the compound's head, no part of a label's tag
    (`hyphenheads.py`, stage `hyphen-heads`)."""
    closed_compounds: bool = False
    """Compounds are written as one word (German `Schwellenwert`, Hungarian `küszöbérték`, Finnish `kynnysarvo`): a
    dictionary word may be a compound's first or last part, and a term's tag takes the whole word (`loneterms.py`)."""
    head_final: bool = False
    """The verb ends the clause and `A of B` is written `B…A` (Japanese, Korean): a noun phrase starts
    before a particle, not after the verb (Chinese puts objects after verbs and prepositions)."""
    noun_links: frozenset[str] = field(default_factory=frozenset)
    """Function words that join two nouns into one noun phrase (English `of`: `types of shipments`): a footnote
    marker after the phrase annotates all of it (`footnotes.py`)."""
    genitive_first: bool = False
    """A noun's possessor is written before it (`A of B` as `B A`: Hungarian `a dokumentum használata`, Finnish,
    Turkish, Japanese, Korean, Chinese): a noun the translation writes after a marked phrase may be the noun it
    depends on, not a verb moved past it (`footnotes.py`)."""
    nouns_capitalized: bool = False
    """Every noun is written with a capital (German, Luxembourgish): an unlinked lower-case word after a marked
    phrase's translation is no noun of it, the noun it depends on nor a postposition (`footnotes.py`)."""
    phrase_internal: frozenset[str] = field(default_factory=frozenset)
    """Particles or postpositions that join two parts of one noun phrase (`정상으로 표시`, `正常としてマーク`,
    `Doğru olarak işaretle` for `Marked as Correct`): inside a label's phrase, unlike the case particles that tie
    the phrase to the sentence's verb (`labelphrases.py`; head-final languages only)."""
    phrase_final: frozenset[str] = field(default_factory=frozenset)
    """The particles that mark a noun phrase's role in the clause (topic, subject, object: `는`, `が`, `を`): never
    inside a label's noun phrase; the other case particles may be where the words on both sides are the label's
    (`<ui>계정에 자동 전기됨</ui>` for `Auto-Posted on Account`)."""
    copulas: frozenset[str] = field(default_factory=frozenset)
    """The copula's forms written right after a noun (`です`, `입니다`): the sentence's, not the noun's label."""
    class_nouns: frozenset[str] = field(default_factory=frozenset)
    """Nouns of the user interface's element classes (`Schaltfläche`, `Menü`, `Feld`) that a translation writes before
    a label the source names alone (`Click <ui>Save</ui>` → `auf die Schaltfläche <ui>Speichern</ui>`), matched as a
    compound's head, its last part (`Optionsfeld`, `Menübefehl`); for a language that capitalizes its nouns, where the
    case cannot tell the class noun from the label (`edgewords._class_noun`)."""
    suffix_marks: str = ""
    """The marks a case ending is written after on a name, abbreviation or number (Hungarian `-`: `EU-ban`; Finnish
    `:`: `EU:ssa`; Turkish `'`): a footnote mark follows the whole word form (`caseendings.py`)."""
    case_endings: frozenset[str] = field(default_factory=frozenset)
    """The case endings written after `suffix_marks` (empty: any letters)."""
    locutions: tuple[str, ...] = ()
    """Multi-word prepositions, adverbs and connectives written as one word's fixed group (French `en ce qui
    concerne`, `autour de`): no tag edge cuts one (`locutions.py`, stage `locutions`)."""
    ordinal_dot: bool = False
    """An ordinal number is written as its digits and a dot (Hungarian `5. cikk`, German `17. Dezember`): a dot right
    after a copied number, before a word, is the number's own (`standalone.py`)."""
    spaced_marks: str = ""
    """The marks written after a space (French `Remarque :`, `Attention !`): a tag that encloses one in the source
    takes it with its space (`spacedmarks.py`, stage `spaced-marks`)."""


def base_language(lang: str) -> str:
    """The language part of a code: `fr` for `fr`, `fr_XX` (mBART-50) or `fr-FR`."""
    return lang.replace("-", "_").split("_")[0].lower()


# the family modules import `Profile` from here, so they are imported after it is defined
from tagmt.projection.profiles import chinese, japanese, korean, spaced, unspaced  # noqa: E402

FAMILIES = {module.FAMILY: module for module in (japanese, korean, chinese, unspaced, spaced)}
"""Family name -> its module (the modules describe themselves: `FAMILY`, `LANGUAGES`, `SEGMENTER`)."""
_FAMILY_OF = {lang: module for module in FAMILIES.values() for lang in module.LANGUAGES}


def profile_for(code: str) -> Profile:
    """The profile of the language `code` (`fr`, `fr_XX`, `fr-FR`, `zf`); a language without a module of its
    own gets its family's (words between spaces, or dictionary word breaks)."""
    base = base_language(code)
    return _FAMILY_OF.get(base, spaced).profile(base)
