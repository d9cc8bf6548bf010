"""Languages: the one reading of the language codes users type, and each model family's own codes.

Every command and the API read a language through :func:`parse` (``normalize`` gives its code,
``tokenizer_language`` the language whose tokenizer a metric uses), so ``ja-JP`` is ``ja`` everywhere.
A BCP 47 tag is accepted (``pt-BR``, ``zh-Hant``, ``es-419``, ``enm``, ``x-klingon``); old and alternative
codes are mapped (``iw`` → ``he``, ``nb`` → ``no``, ``fil`` → ``tl``, ``jpn`` → ``ja``), and Chinese in
Traditional script (``zh-TW``, ``zh-HK``, ``zh-Hant``, …) is ``zf``, as in the SAP data set (its
tokenizer language is ``zh``). A name (``japanese``) or a two-letter code that is not ISO 639-1 (``jp``,
``xx``) is refused in one line naming the valid form. A well-formed code tagmt has no table entry for
(``enm``, ``qaa``, ``x-klingon``) is kept: only the engines that need a code for it refuse it.

M2M-100 knows 100 languages by (mostly) ISO 639-1 codes; mBART-50's tokenizer knows 52 language codes
written ``de_DE``, ``zh_CN``, ``en_XX`` (the tables below follow the tokenizers' own lists in
transformers, ``FAIRSEQ_LANGUAGE_CODES``; a test checks them against the installed library).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tagmt.errors import TagmtError

#: ISO code → English name, for every language of M2M-100 and mBART-50, and zf.
NAMES = {
    "af": "Afrikaans", "am": "Amharic", "ar": "Arabic", "ast": "Asturian", "az": "Azerbaijani",
    "ba": "Bashkir", "be": "Belarusian", "bg": "Bulgarian", "bn": "Bengali", "br": "Breton",
    "bs": "Bosnian", "ca": "Catalan", "ceb": "Cebuano", "cs": "Czech", "cy": "Welsh", "da": "Danish",
    "de": "German", "el": "Greek", "en": "English", "es": "Spanish", "et": "Estonian", "fa": "Persian",
    "ff": "Fulah", "fi": "Finnish", "fr": "French", "fy": "Western Frisian", "ga": "Irish",
    "gd": "Scottish Gaelic", "gl": "Galician", "gu": "Gujarati", "ha": "Hausa", "he": "Hebrew",
    "hi": "Hindi", "hr": "Croatian", "ht": "Haitian Creole", "hu": "Hungarian", "hy": "Armenian",
    "id": "Indonesian", "ig": "Igbo", "ilo": "Iloko", "is": "Icelandic", "it": "Italian",
    "ja": "Japanese", "jv": "Javanese", "ka": "Georgian", "kk": "Kazakh", "km": "Khmer", "kn": "Kannada",
    "ko": "Korean", "lb": "Luxembourgish", "lg": "Ganda", "ln": "Lingala", "lo": "Lao",
    "lt": "Lithuanian", "lv": "Latvian", "mg": "Malagasy", "mk": "Macedonian", "ml": "Malayalam",
    "mn": "Mongolian", "mr": "Marathi", "ms": "Malay", "my": "Burmese", "ne": "Nepali", "nl": "Dutch",
    "no": "Norwegian", "ns": "Northern Sotho", "oc": "Occitan", "or": "Oriya", "pa": "Punjabi",
    "pl": "Polish", "ps": "Pashto", "pt": "Portuguese", "ro": "Romanian", "ru": "Russian", "sd": "Sindhi",
    "si": "Sinhala", "sk": "Slovak", "sl": "Slovenian", "so": "Somali", "sq": "Albanian", "sr": "Serbian",
    "ss": "Swati", "su": "Sundanese", "sv": "Swedish", "sw": "Swahili", "ta": "Tamil", "te": "Telugu",
    "th": "Thai", "tl": "Tagalog", "tn": "Tswana", "tr": "Turkish", "uk": "Ukrainian", "ur": "Urdu",
    "uz": "Uzbek", "vi": "Vietnamese", "wo": "Wolof", "xh": "Xhosa", "yi": "Yiddish", "yo": "Yoruba",
    "zh": "Chinese (Simplified)", "zu": "Zulu", "zf": "Chinese (Traditional)",
}

#: M2M-100's language codes (transformers: ``FAIRSEQ_LANGUAGE_CODES["m2m100"]``), keyed by ISO code.
M2M100 = {code: code for code in (
    "af am ar ast az ba be bg bn br bs ca ceb cs cy da de el en es et fa ff fi fr fy ga gd gl gu ha he hi hr "
    "ht hu hy id ig ilo is it ja jv ka kk km kn ko lb lg ln lo lt lv mg mk ml mn mr ms my ne nl no ns oc or pa "
    "pl ps pt ro ru sd si sk sl so sq sr ss su sv sw ta th tl tn tr uk ur uz vi wo xh yi yo zh zu"
).split()}

#: mBART-50's language codes (transformers: ``mbart50.FAIRSEQ_LANGUAGE_CODES``), keyed by ISO code.
MBART50 = {code.split("_")[0]: code for code in (
    "ar_AR cs_CZ de_DE en_XX es_XX et_EE fi_FI fr_XX gu_IN hi_IN it_IT ja_XX kk_KZ ko_KR lt_LT lv_LV my_MM "
    "ne_NP nl_XX ro_RO ru_RU si_LK tr_TR vi_VN zh_CN af_ZA az_AZ bn_IN fa_IR he_IL hr_HR id_ID ka_GE km_KH "
    "mk_MK ml_IN mn_MN mr_IN pl_PL ps_AF pt_XX sv_SE sw_KE ta_IN te_IN th_TH tl_XX uk_UA ur_PK xh_ZA gl_ES sl_SI"
).split()}

#: Each Hugging Face model family (``config.model_type``): its display name and its codes.
FAMILIES = {"m2m_100": ("M2M-100", M2M100), "mbart": ("mBART-50", MBART50)}

#: ISO 639-1, every two-letter language code (written out here: no language-registry package is a
#: dependency, and the list is fixed). A two-letter code outside it (``jp``, ``xx``) is a typo, refused.
ISO639_1 = frozenset((
    "aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz "
    "ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik "
    "io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml "
    "mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd "
    "se sg si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi "
    "vo wa wo xh yi yo za zh zu"
).split()) | {code for code in NAMES if len(code) == 2}

#: Old, alternative and three-letter codes of languages tagmt has a code for.
_ALIASES = {
    "iw": "he", "in": "id", "ji": "yi", "nb": "no", "fil": "tl", "nso": "ns", "jw": "jv", "mo": "ro",
    "jpn": "ja", "kor": "ko", "zho": "zh", "chi": "zh", "cmn": "zh", "eng": "en", "deu": "de", "ger": "de",
    "fra": "fr", "fre": "fr", "spa": "es", "por": "pt", "ita": "it", "rus": "ru", "nld": "nl", "dut": "nl",
    "hun": "hu", "pol": "pl", "ces": "cs", "cze": "cs", "tha": "th", "vie": "vi", "ara": "ar", "heb": "he",
    "tur": "tr", "ukr": "uk", "swe": "sv", "dan": "da", "fin": "fi", "ell": "el", "gre": "el", "hin": "hi",
}

#: Chinese: the script says Simplified (zh) or Traditional (zf); without one, the region does.
_TRADITIONAL_REGIONS = {"TW", "HK", "MO"}

#: Region names for the regional variants people localize into (others are shown as their code).
REGION_NAMES = {
    "US": "United States", "GB": "United Kingdom", "AU": "Australia", "NZ": "New Zealand", "CA": "Canada",
    "IE": "Ireland", "IN": "India", "ZA": "South Africa", "BR": "Brazil", "PT": "Portugal", "ES": "Spain",
    "MX": "Mexico", "AR": "Argentina", "CO": "Colombia", "419": "Latin America", "FR": "France",
    "BE": "Belgium", "CH": "Switzerland", "DE": "Germany", "AT": "Austria", "IT": "Italy", "NL": "Netherlands",
    "CN": "China", "TW": "Taiwan", "HK": "Hong Kong", "SG": "Singapore", "MO": "Macao", "JP": "Japan",
    "KR": "Korea",
}

LIST_COMMAND = "tagmt models --languages"


@dataclass(frozen=True)
class Language:
    """A language tag as tagmt reads it: ``tag`` in BCP 47's canonical case (``pt-BR``, ``zh-Hant``),
    ``code`` the language it names in tagmt's codes (``pt``; ``zf`` for Traditional Chinese; a
    well-formed code tagmt has no table entry for, ``enm`` or ``x-klingon``, stays itself)."""

    tag: str
    code: str
    script: str | None = None
    region: str | None = None

    @property
    def known(self) -> bool:
        """tagmt has the language in its tables (a model family or a tokenizer may serve it)."""
        return self.code in NAMES

    @property
    def base(self) -> str:
        """The language for tokenizers and word segmenters (Traditional Chinese is Chinese)."""
        return "zh" if self.code == "zf" else self.code

    @property
    def name(self) -> str:
        """``English (Australia)``, ``Portuguese``; an unknown code is named by itself."""
        name = NAMES.get(self.code, self.tag)
        if self.region and self.code in NAMES and self.code not in ("zh", "zf"):
            return f"{name} ({REGION_NAMES.get(self.region, self.region)})"
        return name

    def same_language(self, other: "Language") -> bool:
        return self.code == other.code

    def __str__(self) -> str:
        return self.tag


_SUBTAG = re.compile(r"^[a-z0-9]{1,8}$")


def parse(code: str, option: str = "the language") -> Language:
    """Read a BCP 47 language tag (``ja-JP``, ``zh_Hant``, ``pt-BR``, ``es-419``, ``enm``, ``x-klingon``).

    The primary subtag must be an ISO 639-1 code (or an old alias), a three-letter ISO 639-2/3 code, or
    ``x`` (private use); anything else — a name such as ``japanese``, a typo such as ``jp`` or ``xx``, a
    malformed tag — is a TagmtError naming ``option`` and the valid form."""
    if not isinstance(code, str):
        raise TagmtError(f"{option} {code!r} is not a language code; give a string such as 'ja' or 'pt-BR'")
    text = code.strip().replace("_", "-").lower()
    parts = text.split("-")
    if not text or not all(_SUBTAG.match(part) for part in parts) or len(text) > 64:
        raise _refused(code, option, text)
    if parts[0] == "x":  # a private-use tag (x-klingon): well formed, no language tagmt knows
        if len(parts) < 2:
            raise _refused(code, option, text)
        return Language(text, text)
    primary = parts[0]
    if not (primary.isalpha() and (len(primary) == 3 or primary in ISO639_1 or primary in _ALIASES)):
        raise _refused(code, option, text)
    script = region = None
    canonical = [primary]
    for part in parts[1:]:
        if len(part) == 1:  # an extension or private-use section: the rest is kept as written
            canonical.extend(parts[len(canonical):])
            break
        if script is None and region is None and len(part) == 4 and part.isalpha():
            script = part.title()
            canonical.append(script)
        elif region is None and (len(part) == 2 and part.isalpha() or len(part) == 3 and part.isdigit()):
            region = part.upper()
            canonical.append(region)
        else:
            canonical.append(part)
    base = _ALIASES.get(primary, primary)
    if base == "zh" and (script == "Hant" or script is None and region in _TRADITIONAL_REGIONS):
        base = "zf"
    return Language("-".join(canonical), base, script, region)


def normalize(code: str, option: str = "the language") -> str:
    """tagmt's code for the tag ``code`` (``de-DE`` → ``de``, ``zh-TW`` → ``zf``, ``enm`` → ``enm``);
    a name or a malformed or unknown code is a TagmtError (see :func:`parse`)."""
    return parse(code, option).code


def tokenizer_language(code: str, option: str = "trg_lang") -> str:
    """The language whose tokenizer scores text in ``code`` (``ja-JP`` → ``ja``, ``zh-TW`` → ``zh``): the one
    normalisation every metric uses to pick its tokenizer."""
    return parse(code, option).base


def _refused(code: str, option: str, text: str) -> TagmtError:
    hint = _name_hint(text)
    return TagmtError(
        f"{option} {code!r} is not a language code tagmt knows{hint}; use a BCP 47 code such as de, ja, "
        f"zh-Hant or pt-BR (`{LIST_COMMAND}` lists the models' languages)"
    )


def _name_hint(text: str) -> str:
    if text == "jp":
        return " (for Japanese write ja)"
    for code, name in NAMES.items():
        if text and text == name.lower().split(" (")[0]:
            return f" (for {name} write {code})"
    return ""


def model_code(lang: str, family: str) -> str | None:
    """The family's code for an ISO code (``de`` → ``de_DE`` for mBART-50), None when it has none."""
    return FAMILIES[family][1].get(lang)


def check_supported(lang: str, family: str, model: str, option: str = "") -> str:
    """The family's code for ``lang``, or a TagmtError naming the language, the model and the list."""
    code = model_code(lang, family)
    if code is None:
        display = FAMILIES[family][0]
        what = f"{option} {lang}" if option else repr(lang)
        extra = " (Traditional Chinese: the model has no language code for it)" if lang == "zf" else ""
        raise TagmtError(
            f"model {model} ({display}) cannot translate {what}{extra}; `{LIST_COMMAND} --model {model}` lists "
            "its languages; the copy and reference engines serve every language"
        )
    return code


def language_table(family: str | None = None) -> list[tuple[str, str, dict[str, str | None]]]:
    """(ISO code, name, {family display name: model code or None}) for every language (of one family)."""
    families = [family] if family else list(FAMILIES)
    rows = []
    for code, name in sorted(NAMES.items()):
        codes = {FAMILIES[f][0]: model_code(code, f) for f in families}
        if family and codes[FAMILIES[family][0]] is None:
            continue
        rows.append((code, name, codes))
    return rows
