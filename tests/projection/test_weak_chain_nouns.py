"""A noun after a Korean label that the vote leaves unlinked but one eflomal run links to a word outside the tag is
not the label's (`nounchains._Chains.free`, `weak_elsewhere`): hand-made cases in Hangul, kana/kanji, Latin and
Cyrillic, and properties over random weak links."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.projection import detag, project_tags
from tagmt.projection.wordseg import words_with_offsets


def project(source: str, target: str, lang: str, links: list[tuple[str, str]],
            weak: list[tuple[str, str]] = (), shares: dict[tuple[str, str], float] | None = None) -> str:
    """`source`'s tags on `target`: `links` the voted links (share 2/3 unless `shares` says), `weak` links one run of
    three found (below the vote: `confidence.voted` keeps them as weights of 0.5 × 1/3), first occurrences."""
    detagged = detag(source)
    src = words_with_offsets(detagged.plain, "en", detagged.cuts())
    trg = words_with_offsets(target, lang)

    def index(words, text):
        return next(k for k, w in enumerate(words) if w.text == text)

    voted = {(index(src, s), index(trg, t)): (shares or {}).get((s, t), 2 / 3) for s, t in links}
    weights = dict(voted)
    weights.update({(index(src, s), index(trg, t)): 0.5 / 3 for s, t in weak})
    return project_tags(detagged, target, src, trg, set(voted), weights=weights)


def test_a_class_noun_one_run_links_outside_stays_out_korean():
    source = "Use the <b>Manage Cash</b> app now."
    target = "현금 관리 앱을 지금 사용합니다."
    links = [("Manage", "관리"), ("Cash", "현금"), ("now", "지금"), ("Use", "사용")]
    # the vote dropped `앱`–`app` (one run of three): before, `앱` counted as unlinked and joined the label
    assert project(source, target, "ko", links) == "<b>현금 관리 앱</b>을 지금 사용합니다."
    assert project(source, target, "ko", links, weak=[("app", "앱")]) == "<b>현금 관리</b> 앱을 지금 사용합니다."
    # a 2-of-3 link to `app` said the same already: the two seeds now agree
    assert project(source, target, "ko", links + [("app", "앱")]) == "<b>현금 관리</b> 앱을 지금 사용합니다."


def test_a_weak_link_into_the_tag_keeps_the_noun_free_korean():
    source = "Go from <b>Refinement</b> now."
    target = "세부 지정에서 이동합니다."
    links = [("Refinement", "세부"), ("Go", "이동")]
    assert project(source, target, "ko", links, weak=[("Refinement", "지정")]) == "<b>세부 지정</b>에서 이동합니다."
    # a weak link to a mark or a weak link inside beside one outside: the noun stays the chain's / stays out
    assert project(source, target, "ko", links, weak=[(".", "지정")]) == "<b>세부 지정</b>에서 이동합니다."
    assert project(source, target, "ko", links, weak=[("now", "지정")]) == "<b>세부</b> 지정에서 이동합니다."


def test_one_runs_choice_between_two_copies_is_no_evidence_korean():
    # every run links `back` to the first `지정`; one run links it to the second too: a guess between the copies
    source = "Go from <b>Refinement</b> back to <b>Scoping</b> now."
    target = "세부 지정에서 범위 지정으로 이동합니다."
    detagged = detag(source)
    src = words_with_offsets(detagged.plain, "en", detagged.cuts())
    trg = words_with_offsets(target, "ko")
    s = {w.text: k for k, w in enumerate(src)}
    t = [w.text for w in trg]
    first, second = t.index("지정"), len(t) - 1 - t[::-1].index("지정")
    links = {(s["Refinement"], t.index("세부")), (s["back"], first), (s["Scoping"], t.index("범위")),
             (s["Go"], t.index("이동"))}
    weights = {link: 1.0 for link in links}
    weights[(s["back"], second)] = 0.5 / 3
    out = project_tags(detagged, target, src, trg, links, weights=weights)
    assert detag(out).plain == target
    assert "<b>범위 지정</b>으로" in out  # (the first copy is `back`'s: the second is the chain's)
    # a 2-of-3 link to `back` for the first copy: the weak link to the second is evidence again
    weights[(s["back"], first)] = 2 / 3
    assert "<b>범위</b> 지정으로" in project_tags(detagged, target, src, trg, links, weights=weights)


def test_a_weak_link_to_a_copy_follows_the_votes_copy_rule_korean():
    # `cash` outside the tag copies the tag's `Cash`, already translated in the span (`현금`): the copy keeps its own
    # links (`nounchains`' rule for the vote's links), so one run's link to it ties `풀` elsewhere as `pool` does
    source = "Open <b>Cash</b> pool for cash now."
    target = "현금 풀을 지금 엽니다."
    links = [("Cash", "현금"), ("Open", "엽"), ("now", "지금")]
    assert project(source, target, "ko", links) == "<b>현금 풀</b>을 지금 엽니다."
    assert project(source, target, "ko", links, weak=[("cash", "풀")]) == "<b>현금</b> 풀을 지금 엽니다."
    assert project(source, target, "ko", links, weak=[("pool", "풀")]) == "<b>현금</b> 풀을 지금 엽니다."


def test_the_chain_stops_where_a_weakly_linked_noun_breaks_it_korean():
    # `작업` has no link at all, `상자` one run's link to `boxes`: the chain does not end at `작업`, so nothing is taken
    source = "Tick the <b>Delete</b> operation boxes."
    target = "삭제 작업 상자를 체크합니다."
    links = [("Delete", "삭제"), ("Tick", "체크")]
    assert project(source, target, "ko", links) == "<b>삭제 작업 상자</b>를 체크합니다."
    assert project(source, target, "ko", links, weak=[("boxes", "상자")]) == "<b>삭제</b> 작업 상자를 체크합니다."


def test_glued_nouns_keep_their_rule_korean():
    # one eojeol: a compound's part is the label's unless a sure link ties it elsewhere (unchanged)
    out = project("the <b>Balance Sheet</b> review", "대차대조표 검토에서", "ko",
                  [("Sheet", "대조표"), ("review", "검토")], weak=[("review", "대차")])
    assert out == "<b>대차대조표</b> 검토에서"


def test_japanese_chains_take_only_linked_nouns_with_or_without_weak_links():
    source = "Use the <b>Manage Cash</b> app."
    target = "現金管理アプリを使用します。"
    links = [("Manage", "管理"), ("Cash", "現金"), ("Use", "使用")]
    plain = project(source, target, "ja", links)
    assert detag(plain).plain == target and plain.startswith("<b>現金管理")
    assert project(source, target, "ja", links, weak=[("app", "アプリ")]) == plain


def test_latin_and_cyrillic_spans_are_not_noun_chains():
    de = project("Open the <b>Cash</b> app.", "Öffnen Sie die App Bargeld.", "de",
                 [("Open", "Öffnen"), ("Cash", "Bargeld"), ("the", "die")], weak=[("app", "App")])
    assert de == "Öffnen Sie die App <b>Bargeld</b>."
    ru = project("Open the <b>Cash</b> app.", "Откройте приложение Касса.", "ru",
                 [("Open", "Откройте"), ("Cash", "Касса")], weak=[("app", "приложение")])
    assert ru == "Откройте приложение <b>Касса</b>."


NOUNS = ["현금", "관리", "앱", "작업", "상자", "일정"]


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(NOUNS), min_size=2, max_size=6, unique=True),
       st.sets(st.integers(0, 5)), st.sets(st.integers(0, 5)))
def test_weak_links_outside_only_ever_shrink_a_korean_chain(nouns, weak_targets, linked):
    """Text never changes, the tag stays whole, and a weak link to a word outside the tag never makes the span
    longer than without it."""
    target = " ".join(nouns) + "을 선택합니다."
    source = "Choose the <b>Cash</b> app box plan."
    links = [("Cash", nouns[0]), ("Choose", "선택")]
    links += [("Cash", nouns[k]) for k in linked if 0 < k < len(nouns) and k == 1]
    weak = [("plan", nouns[k]) for k in weak_targets if 0 < k < len(nouns)]
    without = project(source, target, "ko", links)
    with_weak = project(source, target, "ko", links, weak=weak)
    for out in (without, with_weak):
        assert detag(out).plain == target
        assert out.count("<b>") == 1 and out.count("</b>") == 1
    span = detag(with_weak).tags[0]
    wider = detag(without).tags[0]
    assert wider.start <= span.start and span.end <= wider.end
