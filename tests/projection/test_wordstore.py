"""The compact word and link stores of a projection batch (project/wordstore.py): they give back exactly
what was put in, and a batch projected through them gives exactly what it gives with plain lists."""

from __future__ import annotations

import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.markup import strip
from tagmt.projection import detag, project_batch
from tagmt.projection import linking
from tagmt.projection.wordseg import Word, words_with_offsets
from tagmt.projection.wordstore import LinkStore, WordStore

SAMPLES = {
    "en": "Click <b>Save</b> to keep the file (v2.1) & close it — l'homme's 2,383.36 EUR.",
    "fr": "Cliquez sur « Enregistrer » pour garder l'inflation à 3,5 %.",
    "de": "Klicken Sie auf <Speichern>, um die Datei 12 345 zu schließen.",
    "ja": "プロンプトウィンドウで「保存」をクリックして、ファイルを閉じます。",
    "ko": "자세한 내용은 에서 확인하십시오. 파일을 저장합니다.",
    "zh": "单击保存以保留文件，然后关闭它。SAP_BR 2024年",
    "th": "คลิกบันทึกเพื่อเก็บไฟล์",
    "hi": "फ़ाइल को सहेजने के लिए क्लिक करें।",
}


@pytest.mark.parametrize("lang", sorted(SAMPLES))
def test_store_gives_back_the_words_of_every_segmenter(lang):
    text = SAMPLES[lang]
    words = words_with_offsets(text, lang, cuts={6, 10})
    store = WordStore([(text, words), ("", []), (text, words_with_offsets(text, lang))])
    assert len(store) == 3
    assert store[0] == words and store[-3] == words
    assert store[1] == []
    assert store[2] == words_with_offsets(text, lang)
    assert all(type(w) is Word for w in store[0])
    assert store.text_of(0) == [w.text for w in words]
    assert list(store)[0] == words
    assert list(store[1:]) == [[], store[2]]
    assert [store.size(k) for k in (0, 1, 2, -1)] == [len(words), 0, len(store[2]), len(store[2])]
    picked = store.pick([2, 0])
    assert [picked.text_of(0), picked.text_of(1)] == [[w.text for w in store[2]], [w.text for w in words]]
    assert [picked.size(0), picked.size(-1)] == [len(store[2]), len(words)] and list(picked) == [store[2], words]
    with pytest.raises(IndexError):
        store[3]


def test_words_that_are_not_slices_of_their_text_are_kept_as_given():
    text = "ｆｕｌｌ width"
    odd = [Word("full", 0, 4, "content"), Word("width", 5, 10, "content")]  # a normalizing segmenter
    store = WordStore([(text, odd), ("ab", [Word("ab", 0, 2, "content")])])
    assert store[0] == odd
    assert store.text_of(0) == ["full", "width"] and store.size(0) == 2
    assert store[1] == [Word("ab", 0, 2, "content")]


def test_offsets_beyond_int32_and_odd_fields_are_kept():
    words = [Word("", 2**40, 2**40, "content")]
    floats = [Word("ab", 0.0, 2.0, "content")]  # type: ignore[arg-type]
    store = WordStore([("ab", words), ("ab", floats), ("ab", [Word("ab", 0, 2, "content")])])
    assert store[0] == words and store[1] == floats and type(store[1][0].start) is float
    assert store[2] == [Word("ab", 0, 2, "content")]


def test_more_kinds_than_one_byte_holds_are_kept():
    text = "x" * 300
    words = [Word("x", k, k + 1, f"kind{k}") for k in range(300)]
    store = WordStore([(text, words)])
    assert store[0] == words


LETTERS = st.sampled_from("ab c,.é日本語のを한국어ไทย-'1 2\u202f")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(alphabet=LETTERS, max_size=30), max_size=6),
       st.sampled_from(["en", "fr", "ja", "ko", "zh", "th"]))
def test_store_round_trip_property(texts, lang):
    words = [words_with_offsets(t, lang, cuts={len(t) // 2}) for t in texts]
    store = WordStore(zip(texts, words))
    assert list(store) == words
    assert [store.text_of(k) for k in range(len(texts))] == [[w.text for w in ws] for ws in words]


def test_link_store_gives_back_each_set():
    sets = [{(0, 0), (1, 2), (2, 1)}, set(), {(5, 7)}, {(2**40, 1)}, {(3, 3), (0, 4)}]
    store = LinkStore(sets)
    assert len(store) == 5
    assert list(store) == sets
    assert store[-1] == sets[-1] and store[1:3] == sets[1:3]
    with pytest.raises(IndexError):
        store[5]


def test_the_aligners_view_of_a_store_is_read_alike_from_several_threads():
    from tagmt.projection.alignunits import _Joined, _ViewTexts

    texts = [f"word{k} and more words {k}" for k in range(200)]
    store = WordStore((t, words_with_offsets(t, "en")) for t in texts)
    view = _ViewTexts(_Joined(store.pick(range(150)), store.pick(range(150, 200))), "en", [()] * 200, 0, True)
    expected = [[w.text for w in words_with_offsets(t, "en")] for t in texts]
    seen: list[list[list[str]]] = []

    def read() -> None:
        seen.append(list(view))

    threads = [threading.Thread(target=read) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen == [expected] * 3 and len(view) == 200 and view[-1] == expected[-1]


# --------------------------------------------------------------------------- the batch, compact or not


class _ListWords(list):
    """The plain-list storage the batch had before the compact store: one `list[Word]` per segment."""

    def __init__(self, items=()):
        super().__init__(list(words) for _, words in items)

    def pick(self, indices):
        return [self[k] for k in indices]


class _ListLinks(list):
    """One set of links per pair, as they came, and one dict of their weights (`LinkStore.weighted`)."""

    def __init__(self, items=()):
        super().__init__(set(links) for links in items)
        self.weights = [{} for _ in self]

    def append(self, links, weights=None):
        super().append(set(links))
        self.weights.append(dict(weights or {}))

    def weighted(self, k):
        return {**dict.fromkeys(self[k], 1.0), **self.weights[k]}

    def has_weights(self):
        return any(self.weights)


class _Lexical:
    """A deterministic aligner: equal words (case aside), else the diagonal of unlinked words."""

    name = "lexical"
    learns_from_corpus = True

    def align(self, src_words, trg_words):
        out = []
        for src, trg in zip(src_words, trg_words):
            links = {(i, j) for i, s in enumerate(src) for j, t in enumerate(trg) if s.lower() == t.lower()}
            done_i, done_j = {i for i, _ in links}, {j for _, j in links}
            links |= {(i, i) for i in range(min(len(src), len(trg))) if i not in done_i and i not in done_j}
            out.append(links)
        return out


def _pairs(eurlex_dir, sap_dir):
    """Tagged (source, reference) samples: the bundled sample's, then the dev sets' when present."""
    from tagmt.linecodec import decode_line

    found = []
    if eurlex_dir is not None:
        for name, lang in (("eurlex", "de"), ("glossary", "fr"), ("glossary", "hu")):
            lines = [[decode_line(line) for line in
                      (eurlex_dir / f"dev-{name}.{side}").read_text("utf-8").split("\n")[:60]]
                     for side in ("en", lang)]
            found.append((lang, list(zip(*lines))))
    if sap_dir is not None:
        from tagmt.data.dataset import open_dataset
        from tagmt.data.views import parallel_segments

        for direction in ("en-ja", "en-ko", "en-zh"):
            got = parallel_segments(open_dataset(sap_dir), "dev", direction)[:60]
            found.append((direction[3:], [(p.source, p.target) for p in got]))
    return found


HAND_MADE = [
    ("fr", [("Click <b>Save</b> to keep <x id=\"2\"/> the file.", "Cliquez sur <b>Enregistrer</b> pour garder "
             "<x id=\"2\"/> le fichier."),
            ("Open the <i>Settings</i> window &amp; choose <b>Print</b>.", "Ouvrez la fenêtre <i>Paramètres</i> "
             "&amp; choisissez <b>Imprimer</b>."),
            ("Save", "Enregistrer"),
            ("Press <b>Save</b> twice.", "Appuyez deux fois sur <b>Enregistrer</b>.")]),
    ("ja", [("Click <b>Save</b> in the <i>Prompt window</i>.",
             "<i>プロンプトウィンドウ</i>で<b>保存</b>をクリックします。"),
            ("Save", "保存")]),
    ("zh", [("Set the <b>due date</b> in <i>Settings</i>.", "在<i>设置</i>中设置<b>到期日期</b>。"),
            ("Save", "保存")]),  # Chinese: aligned on two views (alignunits.py), read from the stores
]


@pytest.fixture
def dev_pairs(request):
    eurlex = sap = None
    for name in ("eurlex_dev", "sap_dev"):
        try:
            value = request.getfixturevalue(name)
        except pytest.skip.Exception:
            continue
        if name == "eurlex_dev":
            eurlex = value
        else:
            sap = value
    return HAND_MADE + _pairs(eurlex, sap)


def test_compact_batch_projects_exactly_what_plain_lists_project(dev_pairs, monkeypatch):
    """The batch with compact stores (and the glossary anchors made per pair as each pass reads it)
    against the same batch with one `list[Word]` and one link set per segment: equal outputs,
    on hand-made segments and samples of the dev sets (half projected, half as tagged examples)."""
    compared = 0
    for lang, pairs in dev_pairs:
        half = len(pairs) // 2
        batch, shown = pairs[:half] or pairs, pairs[half:]
        sources = [detag(s) for s, _ in batch]
        translations = [strip(t) for _, t in batch]
        args = (sources, translations, "en", lang, _Lexical())
        compact = project_batch(*args, examples=shown)
        with monkeypatch.context() as patch:
            patch.setattr(linking, "WordStore", _ListWords)
            patch.setattr(linking, "LinkStore", _ListLinks)
            plain = project_batch(*args, examples=shown)
        assert compact == plain, lang
        assert any(c != t for c, t in zip(compact, translations))  # tags were projected
        compared += len(batch)
    assert compared >= sum(len(pairs) // 2 or len(pairs) for _, pairs in HAND_MADE)  # every hand-made batch


def test_text_of_indexes_from_the_end_as_the_store_does():
    store = WordStore([("a b", words_with_offsets("a b", "en")), ("c", words_with_offsets("c", "en"))])
    assert store.text_of(-1) == [w.text for w in store[-1]] == ["c"]
    with pytest.raises(IndexError):
        store.text_of(2)
