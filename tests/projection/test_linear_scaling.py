"""Two quadratic blow-ups stay gone: the seam of a point in a long unspaced translation
(`edges._seam` walked back to the start of the run for every position: a 32,000-character Chinese
translation with two point tags took 5 s) and the re-pairing of repeated words
(`repeats.order_repeats` rebuilt the set of a form's copies for each copy and scanned every link
of the pair for each copy's neighbours: ×4 per doubling). Asserted on the Python lines executed
(loops included: the old walks were loops without calls), never on the wall clock."""

from __future__ import annotations

import sys

from tagmt.projection.context import PairContext
from tagmt.projection.detag import detag
from tagmt.projection.projector import project_tags
from tagmt.projection.repeats import order_repeats
from tagmt.projection.wordseg import Word, words_with_offsets


def lines_run(function, *args):
    """The Python lines (each pass of a loop counted) that `function(*args)` runs, and its result:
    a count that does not depend on the machine's speed."""
    lines = 0

    def trace(frame, event, arg):
        nonlocal lines
        lines += event == "line"
        return trace

    sys.settrace(trace)
    try:
        result = function(*args)
    finally:
        sys.settrace(None)
    return lines, result


def assert_linear(counts: list[int]) -> None:
    """Each doubling of the input (the runs of `lines_run`, in order) costs less than 2.5 times the one
    before: linear work, where quadratic work would cost 4 times."""
    for small, large in zip(counts, counts[1:]):
        assert large / small < 2.5, counts


def unspaced_case(n: int):
    """Two points between glued source words, placed at the end of an `n`-character translation
    written without a space, a mark or a repeat (one Han character a word)."""
    detagged = detag('Economic parity<x id="1"/>July and some words<x id="2"/>here')
    src = words_with_offsets(detagged.plain, "en", detagged.cuts())
    text = "".join(chr(0x4E00 + (k * 7919) % 20902) for k in range(n))
    trg = [Word(c, k, k + 1, "content") for k, c in enumerate(text)]
    links = {(0, 0), (1, n - 1), (2, 1), (3, 2), (4, 3), (5, n - 1), (6, 4)}
    return detagged, text, src, trg, links


def test_points_in_a_long_unspaced_translation_are_placed_in_linear_work():
    counts = []
    for n in (1000, 2000, 4000):
        count, out = lines_run(project_tags, *unspaced_case(n))
        assert out.count("<x ") == 2
        counts.append(count)
    assert_linear(counts)  # doubling the translation: ×4 when quadratic
    assert counts[-1] < 100 * 4000, counts


def repeated_case(m: int):
    """2m source and target words: `x w0 x w1 … x w(m-1)` twice, every copy linked across to the
    other half and the `x`s linked in reverse order: every form is repeated, every pairing crosses."""
    def sentence(prefix: str) -> list[Word]:
        texts = [t for _ in range(2) for k in range(m) for t in ("x", f"{prefix}{k}")]
        return [Word(t, 10 * p, 10 * p + len(t), "content") for p, t in enumerate(texts)]

    src, trg = sentence("w"), sentence("v")
    half = 2 * m
    links = {(i, (i + half) % (2 * half)) for i in range(1, 2 * half, 2)}  # w_k → the other half's v_k
    xs = list(range(0, 2 * half, 2))
    links |= {(i, j) for i, j in zip(xs, reversed(xs))}
    return src, trg, links


def test_repeated_words_are_re_paired_in_linear_work():
    counts = []
    for m in (250, 500, 1000):
        src, trg, links = repeated_case(m)
        count, out = lines_run(order_repeats, src, trg, links)
        assert len(out) == len(links)  # each copy keeps its one link
        counts.append(count)
    assert_linear(counts)  # doubling the words: ×4 when quadratic


def chains_case(n: int):
    """`n` tags, each placed on the first noun of its own Korean noun chain `세부 지정에서`."""
    from tagmt.projection.edges import Span

    detagged = detag(" ".join(f"<b>w{k}</b> x{k}" for k in range(n)))
    src = words_with_offsets(detagged.plain, "en", detagged.cuts())
    text = " ".join("세부 지정에서" for _ in range(n))
    trg = words_with_offsets(text, "ko")
    firsts = [j for j, w in enumerate(trg) if w.text == "세부"]
    spans = [Span(tag, trg[j].start, trg[j].end, k, False) for k, (tag, j) in enumerate(zip(detagged.tags, firsts))]
    links = {(2 * k, j) for k, j in enumerate(firsts)}
    return spans, PairContext(detagged, text, src, trg, links)


def test_noun_chains_of_many_tags_are_completed_in_linear_work():
    from tagmt.projection.nounchains import complete_chains

    counts = []
    for n in (200, 400, 800):
        spans, ctx = chains_case(n)
        count, out = lines_run(complete_chains, spans, ctx)
        assert all(ctx.translation[s.start:s.end] == "세부 지정" for s in out)
        counts.append(count)
    assert_linear(counts)


def circumposition_case(n: int):
    """`n` tags `<b>in scope</b>`, each placed on `在范围` of its `在范围内` and each after a `已`."""
    from tagmt.projection.edges import Span

    detagged = detag(", ".join("<b>in scope</b>" for _ in range(n)))
    src = words_with_offsets(detagged.plain, "en", detagged.cuts())
    text = "，".join("已在范围内" for _ in range(n))
    trg = words_with_offsets(text, "zh")
    spans = [Span(tag, 6 * k + 1, 6 * k + 4, k, False) for k, tag in enumerate(detagged.tags)]
    return spans, PairContext(detagged, text, src, trg, set())


def test_chinese_function_characters_at_many_edges_are_moved_in_linear_work():
    from tagmt.projection.chinesegrammar import keep_phrases

    keep_phrases(*circumposition_case(2))  # (jieba's dictionary loaded before counting)
    counts = []
    for n in (200, 400, 800):
        spans, ctx = circumposition_case(n)
        count, out = lines_run(keep_phrases, spans, ctx)
        assert all(ctx.translation[s.start:s.end] == "在范围内" for s in out)
        counts.append(count)
    assert_linear(counts)


def list_case(n: int):
    """A list of `n` coordinated tags (`<b>w0</b>, <b>w1</b>, …`), its translation `v0、v1、…` with
    each tag on its item, each word linked to its own translation."""
    from tagmt.projection.edges import Span

    source = ", ".join(f"<b>w{k}</b>" for k in range(n))
    detagged = detag(source)
    src = words_with_offsets(detagged.plain, "en", detagged.cuts())
    text = "、".join(f"v{k}" for k in range(n))
    trg = words_with_offsets(text, "ja")
    index = {w.text: k for k, w in enumerate(trg)}
    links = {(i, index[w.text.replace("w", "v")]) for i, w in enumerate(src) if w.text.startswith("w")}
    starts = [text.index(f"v{k}") for k in range(n)]
    spans = [Span(tag, starts[k], starts[k] + 2, k, False) for k, tag in enumerate(detagged.tags)]
    return spans, PairContext(detagged, text, src, trg, links)


def test_lists_are_placed_in_linear_work():
    from tagmt.projection.enumerations import respect_lists

    counts = []
    for n in (200, 400, 800):
        spans, ctx = list_case(n)
        spans[0].end = spans[0].start + 1  # `<b>v</b>0`: the list gives the first tag its whole item
        count, out = lines_run(respect_lists, spans, ctx)
        assert ctx.translation[out[0].start : out[0].end] == "v0"
        counts.append(count)
    assert_linear(counts)  # doubling the list: ×4 when quadratic


def test_the_pieces_of_a_long_paragraph_are_read_in_linear_work():
    # `sentencepairs.PieceWords` made the whole pair's word list again for each of its pieces
    from tagmt.projection.sentencepairs import PieceWords
    from tagmt.projection.wordstore import WordStore

    counts = []
    for n in (200, 400, 800):
        text = " ".join(f"w{k}." for k in range(n))
        store = WordStore([(text, words_with_offsets(text, "en"))])
        pieces = PieceWords(store, [(0, 2 * k, 2 * k + 2) for k in range(n)])  # a word and its stop
        count, texts = lines_run(lambda: [pieces.text_of(k) for k in range(n)] + [pieces[k] for k in range(n)])
        assert texts[0] == ["w0", "."] and [w.text for w in texts[-1]] == [f"w{n - 1}", "."]
        counts.append(count)
    assert_linear(counts)  # doubling the sentences: ×4 when quadratic


def test_the_units_a_ranker_candidate_keeps_are_checked_in_linear_work():
    # `units._Units.respects` (the span ranker's filter): per-offset tables made once, O(1) an edge;
    # scanning every group and token of both sides for each candidate was quadratic in a paragraph
    from tagmt.projection.units import target_units

    counts = []
    for n in (100, 200, 400):
        source = " ".join(f"({k}) <b>x{k}.y</b> [a{k}]" for k in range(n))
        detagged = detag(source)
        text = " ".join(f"（{k}）x{k}.y 「a{k}」" for k in range(n))

        starts = [text.index(f"x{k}.y") for k in range(n)]

        def check_all():
            units = target_units(detagged.plain, text)
            return [units.respects(tag, a, a + len(f"x{k}.y")) and not units.respects(tag, a + 1, a + 3)
                    for k, (tag, a) in enumerate(zip(detagged.tags, starts))]

        count, out = lines_run(check_all)
        assert all(out)
        counts.append(count)
    assert_linear(counts)


def test_the_edges_of_many_sibling_tags_and_points_are_adjusted_in_linear_work():
    # `edges._adjust` took each span's free region as the max/min over all its siblings before/after it
    # (a scan of the siblings per sibling), and `source_edges`/`_measure_whitespace` copied the source
    # before/after each tag to read the whitespace at its edge; the points' spacing likewise
    # (`_point_offset`: `plain[: tag.start].rstrip()` per point)
    from tagmt.projection.conventions import default_decision
    from tagmt.projection.edges import Span, adjust_edges

    counts = []
    for n in (200, 400, 800):
        detagged = detag(" ".join(f"<b> w{k} </b><x id=\"{k}\"/>" for k in range(n)))
        text = " ".join(f" v{k} " for k in range(n))
        trg = words_with_offsets(text, "en")
        starts = [text.index(f" v{k} ") for k in range(n)]
        spans = []
        for k, (bold, point) in enumerate(zip(detagged.tags[0::2], detagged.tags[1::2])):
            spans.append(Span(bold, starts[k], starts[k] + len(f" v{k} "), 2 * k, False))
            spans.append(Span(point, starts[k] + len(f" v{k} "), starts[k] + len(f" v{k} "), 2 * k + 1, True))
        count, out = lines_run(adjust_edges, spans, detagged.plain, text, trg, default_decision)
        assert [text[s.start : s.end].strip() for s in out[0::2]] == [f"v{k}" for k in range(n)]
        counts.append(count)
    assert_linear(counts)  # doubling the siblings: ×4 when quadratic


def test_points_among_many_sibling_spans_find_their_place_in_linear_work():
    # `inside_outside._Projector.place`: for each point, `_stuck` scanned every placed sibling span and
    # `_edge`/`_between` every taken range (`_allowed_splits(k, k, taken)`); now the spans' source edges
    # and the free splits are found once for all the points. Counted: the lines of the point rules only
    # (placing the spans themselves, `_free_gaps`, is another matter).
    rules = {"_stuck", "_edge", "_between", "_allowed_splits", "__init__"}
    counts = []
    for n in (200, 400, 800):
        source = " ".join(f'<p>Open file {k}.</p><x id="{k}"/>' for k in range(n))
        detagged = detag(source)
        src = words_with_offsets(detagged.plain, "en", detagged.cuts())
        text = " ".join(f"Öffnen Datei {k}." for k in range(n))
        trg = words_with_offsets(text, "de")
        links = {(i, i) for i in range(min(len(src), len(trg)))}
        lines = 0

        def trace(frame, event, arg):
            nonlocal lines
            code, caller = frame.f_code, frame.f_back.f_code if frame.f_back else None
            if code.co_filename.endswith(("inside_outside.py", "points.py")) and (
                    code.co_name in rules or (code.co_name.startswith("<") and caller and caller.co_name in rules)):
                lines += event == "line"
            return trace

        sys.settrace(trace)
        try:
            out = project_tags(detagged, text, src, trg, links)
        finally:
            sys.settrace(None)
        assert out.count("<x ") == n and out.count("<p>") == n
        counts.append(lines)
    assert_linear(counts)  # doubling the points and spans: ×4 when quadratic


def test_the_span_rankers_candidates_are_made_in_linear_work():
    # `rerank.tag_case` found the region's first word by a scan from word 0, the tag's source words by a
    # scan of all of them and the link counts over every link and word of the segment, for each tag
    from tagmt.projection.edges import Span
    from tagmt.projection.rerank import Segment, cases_of

    counts = []
    for n in (200, 400, 800):
        detagged = detag(" ".join(f"<b>w{k} y{k}</b> x{k}" for k in range(n)))
        src = words_with_offsets(detagged.plain, "en", detagged.cuts())
        text = " ".join(f"v{k} y{k} u{k}" for k in range(n))
        trg = words_with_offsets(text, "en")
        links = {(i, i) for i in range(len(src))}
        starts = [text.index(f"v{k} ") for k in range(n)]
        spans = [Span(tag, a, a + len(f"v{k}"), k, False) for k, (tag, a) in enumerate(zip(detagged.tags, starts))]
        seg = Segment(detagged, text, src, trg, links, {})
        count, cases = lines_run(cases_of, seg, spans)
        assert len(cases) == n and all((s.start, s.end) in case.spans for s, case in cases)
        counts.append(count)
    assert_linear(counts)  # doubling the tags: ×4 when quadratic
