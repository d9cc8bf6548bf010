"""Closed eojeols (`closedeojeols.py`, stage `closed-eojeols`): a Korean span does not open with an eojeol that closes a
phrase of its own unless the vote ties it to the tag — hand-made cases with known answers (Hangul; Japanese, German
and Russian untouched) and a property over random spans."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.projection import detag
from tagmt.projection.closedeojeols import open_phrases
from tagmt.projection.context import PairContext, Profiles
from tagmt.projection.edges import Span
from tagmt.projection.wordseg import words_with_offsets


def run(source: str, target: str, lang: str, held: str, links: list[tuple[str, str]],
        weak: list[tuple[str, str]] = ()) -> str:
    """The stage on `source`'s one tag placed on `held` (a substring of `target`), `links` voted (share 2/3), `weak`
    one run's links; the target with the span's text bracketed."""
    detagged = detag(source)
    src = words_with_offsets(detagged.plain, "en", detagged.cuts())
    trg = words_with_offsets(target, lang)

    def index(words, text):
        return next(k for k, w in enumerate(words) if w.text == text)

    voted = {(index(src, s), index(trg, t)) for s, t in links}
    weights = {link: 2 / 3 for link in voted}
    weights.update({(index(src, s), index(trg, t)): 0.5 / 3 for s, t in weak})
    ctx = PairContext(detagged, target, src, trg, voted, weights, profiles=Profiles.of("en", lang))
    start = target.index(held)
    span = Span(detagged.tags[0], start, start + len(held), 0, False)
    (out,) = open_phrases([span], ctx)
    return f"{target[:out.start]}[{target[out.start:out.end]}]{target[out.end:]}"


UPLOAD = "then upload them to the <b>Mapped Accounts</b> table."
UPLOAD_KO = "이를 매핑된 계정 테이블에 업로드합니다."


def test_an_object_pronoun_leaves_the_label_korean():
    links = [("Mapped", "매핑"), ("Accounts", "계정"), ("table", "테이블"), ("upload", "업로드")]
    assert run(UPLOAD, UPLOAD_KO, "ko", "이를 매핑된 계정", links, weak=[("Mapped", "이")]) == "이를 [매핑된 계정] 테이블에 업로드합니다."
    # the vote ties it to the tag: it stays (a label that is a clause, `파일을 저장`)
    assert run(UPLOAD, UPLOAD_KO, "ko", "이를 매핑된 계정", links + [("Mapped", "이")]) == "[이를 매핑된 계정] 테이블에 업로드합니다."


def test_a_connective_ending_leaves_the_label_but_an_adnominal_one_stays_korean():
    source = "If you want this, select <b>Consider Price Changes</b> now."
    links = [("Price", "가격"), ("Changes", "변경"), ("Consider", "고려"), ("select", "선택")]
    target = "원하는 경우 하려면 가격 변경 고려를 선택합니다."
    assert run(source, target, "ko", "하려면 가격 변경 고려", links, weak=[("want", "려면")]) \
        == "원하는 경우 하려면 [가격 변경 고려]를 선택합니다."
    target = "원하는 가격 변경 고려를 선택합니다."
    assert run(source, target, "ko", "원하는 가격 변경 고려", links) == "[원하는 가격 변경 고려]를 선택합니다."


def test_a_genitive_or_a_glued_particle_is_no_closed_eojeol_korean():
    source = "Open the <b>Account Details</b> tab."
    links = [("Account", "계정"), ("Details", "세부"), ("tab", "탭")]
    assert run(source, "계정의 세부 사항 탭을 엽니다.", "ko", "계정의 세부 사항", links) == "[계정의 세부 사항] 탭을 엽니다."
    # the span is one eojeol: nothing after a space to keep
    assert run(source, "계정세부를 엽니다.", "ko", "계정세부를", [("Account", "계정")]) == "[계정세부를] 엽니다."


def test_japanese_german_and_russian_spans_are_left_alone():
    source = "then upload them to the <b>Mapped Accounts</b> table."
    ja = "これを マッピング済勘定 テーブルに アップロードします。"
    assert run(source, ja, "ja", "これを マッピング済勘定", [("Accounts", "勘定")]) \
        == "[これを マッピング済勘定] テーブルに アップロードします。"
    de = "laden Sie sie in die Tabelle Zugeordnete Konten hoch."
    assert run(source, de, "de", "sie in die Tabelle Zugeordnete Konten", [("Accounts", "Konten")]) \
        == "laden Sie [sie in die Tabelle Zugeordnete Konten] hoch."
    ru = "затем загрузите их в таблицу Сопоставленные счета."
    assert run(source, ru, "ru", "их в таблицу Сопоставленные счета", [("Accounts", "счета")]) \
        == "затем загрузите [их в таблицу Сопоставленные счета]."


WORDS = ["이를", "파일을", "가격", "변경", "하려면", "계정의", "원하는", "저장하고", "고려"]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(WORDS), min_size=2, max_size=7, unique=True), st.data())
def test_spans_only_shrink_to_an_eojeol_start_korean(words, data):
    target = " ".join(words) + "를 선택합니다."
    a = data.draw(st.integers(0, len(words) - 1))
    b = data.draw(st.integers(a, len(words) - 1))
    held = " ".join(words[a:b + 1])
    start = len(" ".join(words[:a])) + (1 if a else 0)
    out = run("Select <b>Price Changes</b> now.", target, "ko", held, [])
    inner = out[out.index("[") + 1:out.index("]")]
    assert out.replace("[", "").replace("]", "") == target
    assert inner and held.endswith(inner)
    assert out.index("[") >= start and (out.index("[") == start or target[out.index("[") - 1] == " ")
