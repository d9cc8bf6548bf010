"""Text of every script M2M-100 and mBART-50 cover, for the word segmentation and projection tests
and benchmarks/bench_segmentation.py: per script, a language that writes it and an alphabet drawn
from its Unicode block (assigned characters only), to which combining marks, joiners, spaces,
digits and punctuation are added; and short sentences written for the tests, with their words."""

from __future__ import annotations

import unicodedata
from functools import lru_cache

BLOCKS: dict[str, tuple[str, int, int]] = {
    # script: (a language of M2M-100 / mBART-50 that writes it, first and last code point)
    "Latin": ("en", 0x0041, 0x024F),
    "Greek": ("el", 0x0370, 0x03FF),
    "Cyrillic": ("ru", 0x0400, 0x04FF),
    "Armenian": ("hy", 0x0531, 0x058A),
    "Hebrew": ("he", 0x0591, 0x05F4),
    "Arabic": ("ar", 0x0600, 0x06FF),
    "Devanagari": ("hi", 0x0900, 0x097F),
    "Bengali": ("bn", 0x0980, 0x09FE),
    "Gurmukhi": ("pa", 0x0A01, 0x0A76),
    "Gujarati": ("gu", 0x0A81, 0x0AFF),
    "Oriya": ("or", 0x0B01, 0x0B77),
    "Tamil": ("ta", 0x0B82, 0x0BFA),
    "Telugu": ("te", 0x0C00, 0x0C7F),
    "Kannada": ("kn", 0x0C80, 0x0CF3),
    "Malayalam": ("ml", 0x0D00, 0x0D7F),
    "Sinhala": ("si", 0x0D81, 0x0DF4),
    "Thai": ("th", 0x0E01, 0x0E5B),
    "Lao": ("lo", 0x0E81, 0x0EDF),
    "Myanmar": ("my", 0x1000, 0x109F),
    "Georgian": ("ka", 0x10A0, 0x10FF),
    "Ethiopic": ("am", 0x1200, 0x137C),
    "Khmer": ("km", 0x1780, 0x17F9),
}

EXTRAS = (
    "\u0300\u0301\u0308\u0323"  # combining grave, acute, diaeresis, dot below
    "\u200c\u200d"  # zero-width non-joiner, joiner
    "   \u00a0\u202f\n\x1c"  # spaces, no-break and narrow no-break, a line break, a separator
    "0123456789"
    ".,;:!?'’-()«»\"/%"
    "😀\U0001d400"  # characters outside the Basic Multilingual Plane (two UTF-16 units)
)


@lru_cache(maxsize=None)
def alphabet(script: str) -> str:
    """The assigned characters of the script's block, and the extras."""
    _, first, last = BLOCKS[script]
    letters = "".join(
        chr(c) for c in range(first, last + 1) if unicodedata.category(chr(c)) != "Cn"
    )
    return letters + EXTRAS


WITHOUT_SPACES: dict[str, tuple[str, str]] = {
    "th": ("ผมไปโรงเรียนทุกวัน", "ผม|ไป|โรงเรียน|ทุก|วัน"),  # I go to school every day
    "lo": ("ຂ້ອຍໄປໂຮງຮຽນທຸກມື້", "ຂ້ອຍ|ໄປ|ໂຮງຮຽນ|ທຸກມື້"),
    "km": ("ខ្ញុំទៅសាលារៀនរាល់ថ្ងៃ", "ខ្ញុំ|ទៅ|សាលារៀន|រាល់ថ្ងៃ"),
    "my": ("ကျွန်တော်ကျောင်းကိုနေ့တိုင်းသွားတယ်", "ကျွန်တော်|ကျောင်း|ကို|နေ့|တိုင်း|သွား|တယ်"),
}
"""Sentences written without spaces, and their words as a speaker would split them (ICU's
dictionary keeps the lexicalized `every day` of Lao and Khmer as one word)."""

WITH_SPACES: dict[str, tuple[str, str | None]] = {
    "hi": ("मैं हर दिन स्कूल जाता हूँ।", "मैं|हर|दिन|स्कूल|जाता|हूँ|।"),  # vowel signs, candrabindu
    "bn": ("আমি প্রতিদিন স্কুলে যাই।", "আমি|প্রতিদিন|স্কুলে|যাই|।"),  # virama conjuncts
    "ta": ("நான் தினமும் பள்ளிக்குச் செல்கிறேன்.", "நான்|தினமும்|பள்ளிக்குச்|செல்கிறேன்|."),
    "si": ("ශ්\u200dරී ලංකාව ලස්සන රටකි.", "ශ්\u200dරී|ලංකාව|ලස්සන|රටකි|."),  # ZWJ in ශ්‍රී
    "ar": ("ذهبتُ إلى المدرسةِ اليومَ.", "ذهبتُ|إلى|المدرسةِ|اليومَ|."),  # harakat stay
    "he": ('הלכתי לבית־הספר עם צה"ל.', 'הלכתי|לבית|־|הספר|עם|צה"ל|.'),  # maqaf; gershayim
    "fa": ("من می\u200cخواهم به مدرسه بروم.", "من|می\u200cخواهم|به|مدرسه|بروم|."),  # ZWNJ
    "ur": ("میں ہر روز اسکول جاتا ہوں۔", "میں|ہر|روز|اسکول|جاتا|ہوں|۔"),
    "ru": ("Я хожу в школу каждый день.", "Я|хожу|в|школу|каждый|день|."),
    "el": ("Πηγαίνω στο σχολείο κάθε μέρα.", "Πηγαίνω|στο|σχολείο|κάθε|μέρα|."),
    "ka": ("მე ყოველ დღე სკოლაში დავდივარ.", "მე|ყოველ|დღე|სკოლაში|დავდივარ|."),
    "hy": ("Ես ամեն օր դպրոց եմ գնում։", "Ես|ամեն|օր|դպրոց|եմ|գնում|։"),  # Armenian full stop
    "am": ("እኔ በየቀኑ ወደ ትምህርት ቤት እሄዳለሁ።", "እኔ|በየቀኑ|ወደ|ትምህርት|ቤት|እሄዳለሁ|።"),
    "gu": ("હું દરરોજ શાળાએ જાઉં છું.", "હું|દરરોજ|શાળાએ|જાઉં|છું|."),
    "pa": ("ਮੈਂ ਹਰ ਰੋਜ਼ ਸਕੂਲ ਜਾਂਦਾ ਹਾਂ।", "ਮੈਂ|ਹਰ|ਰੋਜ਼|ਸਕੂਲ|ਜਾਂਦਾ|ਹਾਂ|।"),
    "kn": ("ನಾನು ಪ್ರತಿದಿನ ಶಾಲೆಗೆ ಹೋಗುತ್ತೇನೆ.", "ನಾನು|ಪ್ರತಿದಿನ|ಶಾಲೆಗೆ|ಹೋಗುತ್ತೇನೆ|."),
    "ml": ("ഞാൻ എല്ലാ ദിവസവും സ്കൂളിൽ പോകുന്നു.", "ഞാൻ|എല്ലാ|ദിവസവും|സ്കൂളിൽ|പോകുന്നു|."),
    "te": ("నేను ప్రతిరోజు బడికి వెళ్తాను.", "నేను|ప్రతిరోజు|బడికి|వెళ్తాను|."),
    "or": ("ମୁଁ ପ୍ରତିଦିନ ସ୍କୁଲ ଯାଏ।", "ମୁଁ|ପ୍ରତିଦିନ|ସ୍କୁଲ|ଯାଏ|।"),
    "yi": ("איך גיי יעדן טאָג אין שול.", "איך|גיי|יעדן|טאָג|אין|שול|."),
    "vi": (unicodedata.normalize("NFD", "Tôi đi học mỗi ngày."), None),  # NFD: marks apart
    "de": (
        "Die Datenschutz-Grundverordnung gilt für Kraftfahrzeughaftpflichtversicherungen.",
        "Die|Datenschutz|-|Grundverordnung|gilt|für|Kraftfahrzeughaftpflichtversicherungen|.",
    ),
    "uz": ("Oʻzbekiston va O‘zbekiston.", "Oʻzbekiston|va|O‘zbekiston|."),  # ‘ is part of O‘
}
"""Sentences of scripts written with spaces and their words (`|`-separated; None: the words of
the composed form, decomposed), with marks, viramas, joiners, elisions, compounds."""
