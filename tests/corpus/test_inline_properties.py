"""Property: whatever mix of inline codes and text a segment holds, reading it gives a well-formed tagged
string whose text is the segment's text, and restoring the codes gives the original XML back exactly."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.corpus import read_corpus
from tagmt.xmltext import escape
from tagmt.markup import is_well_formed, strip, tokenize

TEXT = st.text(alphabet=st.sampled_from(list("ab <>&'\"\u00e9\u3042\u00a0")), max_size=6).map(escape)


def nodes_12(depth: int = 2):
    """XLIFF 1.2 inline content as a list of renderers (functions of an id counter)."""
    leaf = st.one_of(
        TEXT.map(lambda t: lambda ids: t),
        st.just(lambda ids: f'<x id="{next(ids)}"/>'),
        st.just(lambda ids: f'<bx id="{next(ids)}"/>'),
        st.just(lambda ids: f'<ex id="{next(ids)}"/>'),
        TEXT.map(lambda t: lambda ids: f'<ph id="{next(ids)}">{t}&lt;br/&gt;<sub>s{t}</sub></ph>'),
        st.sampled_from(["open", "close"]).map(lambda pos: lambda ids: f'<it id="{next(ids)}" pos="{pos}">[i]</it>'),
        TEXT.map(lambda t: lambda ids: f'<mrk mtype="protected">{t}</mrk>'),
    )
    if depth == 0:
        return st.lists(leaf, max_size=4)
    inner = nodes_12(depth - 1)

    def g(children):
        return lambda ids: (lambda n: f'<g id="{n}" ctype="bold">' + render(children, ids) + "</g>")(next(ids))

    def pair(children):
        def out(ids):
            n = next(ids)
            return f'<bpt id="{n}">&lt;b&gt;</bpt>' + render(children, ids) + f'<ept id="{n}">&lt;/b&gt;</ept>'
        return out

    def term(children):
        return lambda ids: '<mrk mtype="term">' + render(children, ids) + "</mrk>"

    return st.lists(st.one_of(leaf, inner.map(g), inner.map(pair), inner.map(term)), max_size=4)


def nodes_2(depth: int = 2):
    leaf = st.one_of(
        TEXT.map(lambda t: lambda ids: t),
        st.just(lambda ids: f'<ph id="{next(ids)}" dataRef="d1"/>'),
        st.just(lambda ids: f'<sc id="{next(ids)}" isolated="yes"/>'),
        st.just(lambda ids: f'<ec id="{next(ids)}" isolated="yes"/>'),
        st.just(lambda ids: '<cp hex="0001"/>'),
        TEXT.map(lambda t: lambda ids: f'<mrk id="m{next(ids)}" translate="no">{t}</mrk>'),
    )
    if depth == 0:
        return st.lists(leaf, max_size=4)
    inner = nodes_2(depth - 1)

    def pc(children):
        return lambda ids: (lambda n: f'<pc id="{n}">' + render(children, ids) + "</pc>")(next(ids))

    def sc_ec(children):
        def out(ids):
            n = next(ids)
            return f'<sc id="{n}"/>' + render(children, ids) + f'<ec startRef="{n}"/>'
        return out

    def sm_em(children):
        def out(ids):
            n = next(ids)
            return f'<sm id="s{n}" type="comment"/>' + render(children, ids) + f'<em startRef="s{n}"/>'
        return out

    return st.lists(st.one_of(leaf, inner.map(pc), inner.map(sc_ec), inner.map(sm_em)), max_size=4)


def render(nodes, ids) -> str:
    return "".join(node(ids) for node in nodes)


def check(path, inner: str) -> None:
    (segment,) = read_corpus(path).segments
    tokens = tokenize(segment.source)
    assert is_well_formed(tokens)
    assert segment.restore(segment.source) == inner
    assert all(t.name in ("g", "x", "bx", "ex") for t in tokens if t.is_markup)
    # no code content reaches the text (ph's native code, sub, protected text are inside codes)
    assert "&lt;br/&gt;" not in strip(segment.source) and "[i]" not in strip(segment.source)


@settings(max_examples=150, deadline=None)
@given(nodes_12())
def test_xliff12_codes_round_trip(tmp_path_factory, nodes):
    inner = render(nodes, itertools.count(1))
    path = tmp_path_factory.mktemp("x12") / "p.xlf"
    path.write_text('<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file source-language="en" '
                    f'datatype="x" original="x"><body><trans-unit id="u"><source>{inner}</source></trans-unit>'
                    "</body></file></xliff>", encoding="utf-8")
    check(path, inner)
    corpus = read_corpus(path)
    out = corpus.write(path.parent / "o.xlf", corpus.sources)
    if not corpus.sources[0].strip():  # an empty source never gets (or loses) a target
        assert "<target" not in out.read_text("utf-8")
        return
    assert f"<target state=\"needs-review-translation\" state-qualifier=\"mt-suggestion\">{inner}</target>" \
        in out.read_text("utf-8")


@settings(max_examples=150, deadline=None)
@given(nodes_2())
def test_xliff2_codes_round_trip(tmp_path_factory, nodes):
    inner = render(nodes, itertools.count(1))
    path = tmp_path_factory.mktemp("x2") / "p.xlf"
    path.write_text('<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en"><file id="f">'
                    f'<unit id="u"><segment><source>{inner}</source></segment></unit></file></xliff>', encoding="utf-8")
    check(path, inner)
    corpus = read_corpus(path)
    out = corpus.write(path.parent / "o.xlf", corpus.sources)
    if not corpus.sources[0].strip():  # an empty source never gets (or loses) a target
        assert "<target" not in out.read_text("utf-8")
        return
    assert f"</source><target>{inner}</target>" in out.read_text("utf-8")
