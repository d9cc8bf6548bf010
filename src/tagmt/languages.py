"""Languages: the ISO codes users type, and each model family's own codes for them.

M2M-100 knows 100 languages by (mostly) ISO 639-1 codes; mBART-50's tokenizer knows 52 language codes
written ``de_DE``, ``zh_CN``, ``en_XX`` (the tables below follow the tokenizers' own lists in
transformers, ``FAIRSEQ_LANGUAGE_CODES``; a test checks them against the installed library). Users write
ISO codes everywhere (``--src-lang de``, ``--trg-lang pt-BR``); a region subtag is dropped, old and
alternative codes are mapped (``iw`` → ``he``, ``nb`` → ``no``, ``fil`` → ``tl``), and Chinese in
Traditional script (``zh-TW``, ``zh-Hant``, …) is ``zf``, as in the SAP data set — a language that neither
model has a code for. A full name like ``german`` is refused, pointing to ``tagmt models --languages``.
"""

from __future__ import annotations

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

_ALIASES = {
    "iw": "he", "in": "id", "ji": "yi", "nb": "no", "fil": "tl", "nso": "ns", "jw": "jv",
    "zh-tw": "zf", "zh-hk": "zf", "zh-mo": "zf", "zh-hant": "zf", "zh-hant-tw": "zf", "zh-hant-hk": "zf",
    "zh-cn": "zh", "zh-sg": "zh", "zh-hans": "zh", "zh-hans-cn": "zh",
}

LIST_COMMAND = "tagmt models --languages"


def normalize(code: str, option: str = "the language") -> str:
    """The ISO code tagmt uses for ``code`` (``de-DE`` → ``de``, ``zh-TW`` → ``zf``); anything that is not a
    code of a known language is a TagmtError naming ``option`` and the list command."""
    text = code.strip().replace("_", "-").lower()
    if text in _ALIASES:
        return _ALIASES[text]
    primary = text.split("-")[0]
    primary = _ALIASES.get(primary, primary)
    if primary in NAMES and (primary == text or _is_subtag_list(text)):
        return primary
    hint = _name_hint(text)
    raise TagmtError(
        f"{option} {code!r} is not a language code tagmt knows{hint}; use an ISO code such as de, fr, ja or "
        f"pt-BR (`{LIST_COMMAND}` lists them)"
    )


def _is_subtag_list(text: str) -> bool:
    parts = text.split("-")
    return all(part.isalnum() and 2 <= len(part) <= 8 for part in parts[1:])


def _name_hint(text: str) -> str:
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
