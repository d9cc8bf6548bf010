"""Repeated words (`repeats.order_repeats`): the k-th source occurrence is linked to the k-th target copy unless
the neighbours' links say otherwise — ties go to the order, links between a word and a punctuation mark and other
copies are no evidence; copies linked in order stay so. Hand-made cases in German, Japanese and Korean."""

from __future__ import annotations

from tagmt.projection.repeats import order_repeats

from test_repeats import words


def test_german_crossed_copies_of_a_verb_follow_their_objects():
    # <g>change</g> the item and change the price → the tag's `change` is the first `ändern`
    src = words("change the item and change the price")
    trg = words("ändern Sie den Artikel und ändern Sie den Preis")
    links = {(0, 5), (4, 0), (1, 2), (5, 7), (2, 3), (3, 4), (6, 8)}
    out = order_repeats(src, trg, links)
    assert {(0, 0), (4, 5)} <= out and not {(0, 5), (4, 0)} & out


def test_japanese_copies_with_no_evidence_but_punctuation_take_the_order():
    # agree with the proposal, click Adopt Proposal → 提案に同意、提案採用をクリック: the aligner crossed the two
    # `proposal`s and linked `the` to the comma, which said nothing
    src = words("agree with the proposal , click Adopt Proposal")
    trg = words("提案 に 同意 、 提案 採用 を クリック")
    links = {(0, 2), (2, 3), (3, 4), (7, 0), (5, 7)}
    out = order_repeats(src, trg, links)
    assert {(3, 0), (7, 4)} <= out and not {(3, 4), (7, 0)} & out


def test_japanese_copies_linked_in_order_stay_in_order():
    # Your own CDS views … with the Custom CDS Views app → カスタム CDS ビューアプリで … 独自の CDS ビュー: the
    # translation writes the copies the other way round, but reversing ordered links on the neighbours' word
    # broke more than it mended (repeats.py): they stay
    src = words("own CDS views created with Custom CDS Views app")
    trg = words("カスタム CDS ビュー アプリ で 登録 した 独自 の CDS ビュー")
    links = {(0, 7), (1, 1), (2, 2), (3, 5), (4, 4), (5, 0), (6, 9), (7, 10), (8, 3)}
    assert order_repeats(src, trg, links) == links


def test_korean_ordered_copies_whose_neighbours_agree_stay():
    # Move Up and Move Down → 위로 이동, 아래로 이동
    src = words("Move Up and Move Down")
    trg = words("위 로 이동 , 아래 로 이동")
    ordered = {(0, 2), (1, 0), (3, 6), (4, 4)}
    assert order_repeats(src, trg, ordered) == ordered


def test_korean_copies_whose_neighbours_follow_the_reversed_order_keep_it():
    # select Save to save your changes → 변경사항 저장 하려면 저장 선택 (verb-final: the first `Save` is the second 저장)
    src = words("select Save to save your changes")
    trg = words("변경사항 저장 하려면 저장 선택")
    links = {(0, 4), (1, 3), (2, 2), (3, 1), (5, 0)}
    assert order_repeats(src, trg, links) == links
