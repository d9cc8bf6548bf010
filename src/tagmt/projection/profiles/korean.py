"""Korean: MeCab-ko with mecab-ko-dic, which splits particles off their nouns (`유형|을`).

The rules that read Korean find it by its script today (Hangul: `scripts`); the word kinds come from
mecab-ko-dic's tags (`wordseg._ko_kind`) and the lists here.
"""

from __future__ import annotations

from tagmt.projection.profiles import Profile

FAMILY = "korean"
LANGUAGES = frozenset({"ko"})
SEGMENTER = "mecab-ko"

DETACHED_PARTICLES = frozenset("에서 에게 에는 에서는 으로 으로는 로는 를 을 의".split())
"""Korean case particles that MeCab-ko, finding one alone after a space, takes for a noun: no
Korean word begins with one, so there it is a particle whose noun was a self-closing tag
(`자세한 내용은 에서 확인` for `see <xref/>`)."""
NOT_TERM_NOUN_TAGS = ("NNB", "NR", "NP")
"""Korean nouns that are no part of a term: bound nouns (의존 명사: `중`, `수`, `것`, `때`, which
head a phrase built on the words before them), numerals (`하나`, `일`) and pronouns (mecab-ko-dic's tags,
matched as prefixes: `NNBC` too)."""

CASE_PARTICLES = ("을(를)", "를", "을", "이(가)", "이", "가", "은(는)", "은", "는", "에서", "에게", "에", "의", "와", "과",
                  "으로", "로", "까지", "부터", "도", "님")
"""Case particles and the honorific `님`, written onto the noun phrase they follow (`%s을(를) 삭제`)."""
COUNTERS = ("개", "명", "번", "초", "분", "일", "시간", "페이지", "바이트", "%")
"""Counters and units written after their number (`%d개`)."""

PHRASE_INTERNAL = frozenset({"으로", "로", "의"})
"""Particles that join two parts of one noun phrase (`정상으로 표시` for `Marked as Correct`, `다른 이름으로 저장` for
`Save As`, `X의 Y`): a label's phrase holds them; the case particles after it (`을`/`를`, `이`/`가`, `에`, `에서`)
tie it to the sentence (`labelphrases.py`)."""
PHRASE_FINAL = frozenset({"은", "는", "이", "가", "을", "를", "도", "을(를)", "이(가)", "은(는)"})
"""The topic, subject and object particles (and `도`): they end a noun phrase, never join two parts of one."""
COPULAS = frozenset({"이", "인", "입니다", "이며", "이고", "일", "임", "이다", "이므로", "이면", "라는", "이라는", "라고",
                     "이라고"})
"""The copula `이다`'s forms written onto a noun (`전기인 경우`; quoting, `MKTG라는 노드`: `X라는`, `X이라고`): the
sentence's predicate."""


def profile(code: str) -> Profile:
    return Profile(code=code, family=FAMILY, segmenter=SEGMENTER, particles=DETACHED_PARTICLES,
                   phrase_followers=(*CASE_PARTICLES, *COUNTERS), counters=frozenset(COUNTERS),
                   honorifics=frozenset({"님"}), compound_particles=("을(를)", "이(가)", "은(는)", "와(과)", "(으)로"),
                   head_final=True, genitive_first=True, phrase_internal=PHRASE_INTERNAL, phrase_final=PHRASE_FINAL,
                   copulas=COPULAS, extra_stages=("whole-eojeols", "closed-eojeols", "clause-heads"))
