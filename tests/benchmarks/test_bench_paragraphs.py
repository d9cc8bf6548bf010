"""benchmarks/bench_projection.py `--paragraphs`: how sentences are joined into paragraphs, wrapped in
(nested) block tags, and stripped of their final full stops, with hand-made known answers."""

import importlib.util
import sys
from pathlib import Path

import pytest

_PATH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_projection.py"
_SPEC = importlib.util.spec_from_file_location("bench_projection", _PATH)
bench = importlib.util.module_from_spec(_SPEC)
sys.modules.setdefault("bench_projection", bench)  # dataclasses look their module up
_SPEC.loader.exec_module(bench)

PAIRS = [
    bench.Pair('Click <g id="1">Save</g>.', '<g id="1">保存</g>をクリックします。', 0),
    bench.Pair("Close it.", "閉じます。", 0),
    bench.Pair('Open <x id="1"/>files', '<x id="1"/>ファイルを開く', 1),
]


def test_parse_wrap_forms():
    assert bench.parse_wrap("") == bench.Wrap()
    assert bench.parse_wrap("p") == bench.Wrap((), ("p",))
    assert bench.parse_wrap("ul/li") == bench.Wrap(("ul",), ("li",))
    assert bench.parse_wrap("ul/li>p") == bench.Wrap(("ul",), ("li", "p"))
    assert bench.parse_wrap("/li>p", stops=False) == bench.Wrap((), ("li", "p"), False)
    assert bench.parse_wrap("note/") == bench.Wrap(("note",), ())
    for bad in ("ul//li", "a>", "<p>", "1x", "ul/li/p"):
        with pytest.raises(ValueError):
            bench.parse_wrap(bad)


def test_join_plain_and_single_tag_keep_the_old_behaviour():
    joined = bench.join_paragraphs(PAIRS, "ja", 2)
    assert joined[0].source == 'Click <g id="1">Save</g>. Close it.'
    assert joined[0].target == '<g id="1">保存</g>をクリックします。閉じます。'
    assert [p.group for p in joined] == [0, 1]  # SAP-like groups: runs never cross a document
    assert bench.join_paragraphs(PAIRS, "ja", 2, "p")[0].source == '<p>Click <g id="1">Save</g>.</p> <p>Close it.</p>'


def test_join_nested_wrap_renumbers_ids():
    pairs = [PAIRS[0], bench.Pair('<g id="1">Back</g>.', '<g id="1">Zurück</g>.', 0)]
    joined = bench.join_paragraphs(pairs, "de", 3, bench.parse_wrap("ul/li>p"))
    assert joined[0].source == ('<ul><li><p>Click <g id="1">Save</g>.</p></li> '
                                '<li><p><g id="2">Back</g>.</p></li></ul>')
    assert joined[0].target.startswith('<ul><li><p><g id="1">保存</g>をクリックします。</p></li> <li><p><g id="2">')


def test_no_stops_drops_only_the_final_stop_on_both_sides():
    joined = bench.join_paragraphs(PAIRS, "ja", 2, bench.parse_wrap("ul/li", stops=False))
    assert joined[0].source == '<ul><li>Click <g id="1">Save</g></li> <li>Close it</li></ul>'
    assert joined[0].target == '<ul><li><g id="1">保存</g>をクリックします</li><li>閉じます</li></ul>'
    assert joined[1].source == '<ul><li>Open <x id="1"/>files</li></ul>'  # no stop: unchanged


@pytest.mark.parametrize("text, expected", [
    ("Save the file.", "Save the file"),
    ('Click <g id="1">Save.</g> ', 'Click <g id="1">Save</g> '),  # before closing tags and spaces
    ("ファイルを保存します。", "ファイルを保存します"),
    ("全角の句点．", "全角の句点"),
    ("Сохраните файл.", "Сохраните файл"),
    ("파일을 저장합니다.", "파일을 저장합니다"),
    ("Wait...", "Wait..."),  # an ellipsis is not a full stop
    ("Version 1.2 is out", "Version 1.2 is out"),  # a dot inside is kept
    ("Why?", "Why?"),
])
def test_drop_final_stop(text, expected):
    assert bench.drop_final_stop(text) == expected


def test_show_error_refuses_an_unknown_class_naming_the_valid_ones(capsys):
    with pytest.raises(SystemExit) as raised:
        bench.main(["--show-error", "white"])  # the table header's abbreviation of `whitespace`
    assert raised.value.code == 2
    message = capsys.readouterr().err.strip().splitlines()[-1]
    assert "'white'" in message and all(name in message for name in bench.ERRORS)


@pytest.mark.parametrize("text, lang, expected", [
    ("Close the file.", "en", True),
    ('Click <g id="1">Save</g> to keep it:', "en", True),  # a colon ends a sentence that a list follows
    ("the follow-up of the findings;", "en", True),
    ('He said "stop it."', "en", True),  # closing quotes after the stop
    ("Schließen Sie die Datei.", "de", True),
    ("Закройте этот файл.", "ru", True),
    ("ファイルを保存します。", "ja", True),
    ("파일을 저장합니다.", "ko", True),
    ("Bosnia and Herzegovina (Sarajevo)", "en", False),  # a name: no final mark
    ("Conclusions and next steps", "en", False),  # a heading
    ('<g id="1">Briefly:</g>', "en", False),  # one word
    ("- EUR 965,31.", "en", False),  # a table cell: numbers are no words
    ("3.", "en", False),
    ("保存。", "ja", False),
])
def test_is_sentence(text, lang, expected):
    assert bench.is_sentence(text, lang) is expected


def test_sentence_pairs_need_a_sentence_on_both_sides_and_keep_order_and_groups():
    pairs = [
        bench.Pair("Brazil", "Bosnien und Herzegowina (Sarajewo)", 0),  # a sorted list's line
        bench.Pair('Save <g id="1">the file</g> now.', 'Speichern Sie <g id="1">die Datei</g> jetzt.', 1),
        bench.Pair("Inspections in Denmark and Austria", "Kontrollen in Dänemark und Österreich.", 2),
        bench.Pair("Close it when done.", "Schließen Sie sie danach.", 3),
    ]
    assert bench.sentence_pairs(pairs, "en", "de") == [pairs[1], pairs[3]]
    joined = bench.join_paragraphs(bench.sentence_pairs(pairs, "en", "de"), "de", 3)
    assert [p.source for p in joined] == ['Save <g id="1">the file</g> now. Close it when done.']


def test_sentences_option_is_documented_in_help(capsys):
    with pytest.raises(SystemExit):
        bench.main(["--help"])
    assert "--sentences" in capsys.readouterr().out


def test_the_lockbox_holds_whole_documents_and_a_contiguous_block():
    """`--part`: SAP's lockbox is every third document, whole; a line file's is its last third, in one block;
    the two parts are disjoint and together the set."""
    sap = [bench.Pair(f"s{k}", f"t{k}", doc) for k, doc in enumerate([7, 7, 3, 3, 3, 9, 1, 1, 5, 12, 12, 4])]
    dev, lockbox = bench.split_lockbox(sap, "sap")
    # documents in id order 1 3 4 5 7 9 12: the third and sixth (4, 9) are shut away
    assert {p.group for p in lockbox} == {4, 9}
    assert not {p.group for p in dev} & {p.group for p in lockbox}
    assert sorted(dev + lockbox, key=lambda p: int(p.source[1:])) == sap
    lines = [bench.Pair(f"s{k}", f"t{k}", k) for k in range(10)]
    dev, lockbox = bench.split_lockbox(lines, "eurlex")
    assert [p.group for p in lockbox] == [7, 8, 9] and dev == lines[:7]
    assert bench.split_lockbox(lines, "sample") == (lines, [])
