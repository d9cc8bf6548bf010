"""Projection models (`tagmt learn`, `--projection-model`): learned once with real eflomal, reused, refused
when they do not fit; and the misses a `--ref --report` lists."""

from __future__ import annotations

import json

import pytest

from tagmt.cli import main
from tagmt.corpus.lines import read_segments, write_lines
from tagmt.errors import TagmtError
from tagmt.markup import strip
from tagmt.projection import detag, project_batch
from tagmt.projection.align import EflomalAligner
from tagmt.projection.model import FORMAT_VERSION, MANIFEST, learn_model, line_pairs, load_model
from tagmt.translation.guide import example_detagged, read_examples

pytest.importorskip("eflomal")

# Russian UI labels: the target adds «» that the English source lacks; whether they go inside or outside
# the tag only the examples show (they put them outside here, against the default).
TERMS = [("End date", "Дата завершения"), ("Start date", "Дата начала"), ("Name", "Имя"), ("Status", "Статус"),
         ("Owner", "Владелец"), ("Price", "Цена"), ("Amount", "Сумма"), ("Region", "Регион"),
         ("Currency", "Валюта"), ("Country", "Страна"), ("Language", "Язык"), ("Title", "Заголовок")]
FRAMES = [("Enter the {} here.", "Введите здесь {}."), ("Choose the {} field.", "Выберите поле {}."),
          ("The {} is required.", "Поле {} обязательно.")]


def _tagged() -> tuple[list[str], list[str]]:
    sources, targets = [], []
    for k, (en, ru) in enumerate(TERMS):
        source, target = FRAMES[k % 3]
        sources.append(source.format(f"<parmname>{en}</parmname>"))
        targets.append(target.format(f"«<parmname>{ru}</parmname>»"))
    return sources, targets


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """Examples (8 tagged pairs), a plain corpus (the frames with every term), a test set (4 pairs) and a
    model learned from the examples and the corpus."""
    tmp = tmp_path_factory.mktemp("model")
    sources, targets = _tagged()
    plain = [(f.format(en), r.format(ru)) for en, ru in TERMS for f, r in FRAMES]
    files = {
        "ex_src": write_lines(tmp / "ex.en", sources[:8]),
        "ex_trg": write_lines(tmp / "ex.ru", targets[:8]),
        "corpus_src": write_lines(tmp / "corpus.en", [s for s, _ in plain]),
        "corpus_trg": write_lines(tmp / "corpus.ru", [t for _, t in plain]),
        "source": write_lines(tmp / "test.en", sources[8:]),
        "mt": write_lines(tmp / "mt.ru", [strip(t) for t in targets[8:]]),
        "ref": write_lines(tmp / "ref.ru", targets[8:]),
        "model": tmp / "en-ru.model",
    }
    assert main(["learn", "--src-lang", "en", "--trg-lang", "ru", "--corpus", str(files["corpus_src"]),
                 str(files["corpus_trg"]), "--examples", str(files["ex_src"]), str(files["ex_trg"]),
                 "-o", str(files["model"]), "--no-progress"]) == 0
    return files


def test_learn_writes_a_versioned_manifest(made):
    manifest = json.loads((made["model"] / MANIFEST).read_text("utf-8"))
    assert manifest["format"] == "tagmt-projection-model" and manifest["format_version"] == FORMAT_VERSION
    assert (manifest["src_lang"], manifest["trg_lang"]) == ("en", "ru")
    assert manifest["pairs"] == 36 + 8 and manifest["examples"] == 8
    assert [(s["role"], s["name"], s["pairs"]) for s in manifest["sources"]] == [
        ("corpus", "corpus.en", 36), ("corpus", "corpus.ru", 36), ("examples", "ex.en", 8), ("examples", "ex.ru", 8)]
    assert all(len(s["sha256"]) == 64 and s["bytes"] > 0 for s in manifest["sources"])
    assert manifest["tokenization"]["src"] == "uax29" and manifest["eflomal"]["src_prefix"] == 4
    model = load_model(made["model"], "en", "ru")
    assert model.terms["End date"] == {"Дата завершения"}  # a tagged term of the examples
    assert len(model.conventions) > 0
    src_forms, trg_forms = {"name", "ente"}, {"имя", "введ"}
    lex, hmmf, hmmr, ferf, ferr = model.priors_of(src_forms, trg_forms)
    assert ("name", "имя") in {(a, b) for a, b, _ in lex}  # eflomal linked them in the corpus
    assert all(a in src_forms and b in trg_forms for a, b, _ in lex) and hmmf and hmmr


def test_a_model_projects_like_the_examples_on_the_fly(made, tmp_path, capsys):
    """The model learned from the examples (and a corpus) places the added quotes outside, as the examples do,
    like the on-the-fly projection with the same examples; both give the references exactly."""
    def project(*extra: str) -> list[str]:
        out = tmp_path / "out.ru"
        assert main(["project", "--source", str(made["source"]), "--translation", str(made["mt"]),
                     "--src-lang", "en", "--trg-lang", "ru", "-o", str(out), *extra]) == 0
        return read_segments(out)

    expected = read_segments(made["ref"])
    assert project("--projection-model", str(made["model"])) == expected
    assert "learned from projection model" in capsys.readouterr().err
    assert project("--examples", str(made["ex_src"]), str(made["ex_trg"])) == expected


def test_the_library_takes_a_model(made):
    model = load_model(made["model"], "en", "ru")
    sources, targets = _tagged()
    detagged = [detag(s) for s in sources[8:]]
    got = project_batch(detagged, [strip(t) for t in targets[8:]], "en", "ru", EflomalAligner(), model=model)
    assert got == targets[8:]


def test_priors_reach_eflomal(made, monkeypatch):
    """With a model, eflomal is run with its priors file (-p) written by eflomal's own writer."""
    import tagmt.projection.align as align

    model = load_model(made["model"], "en", "ru")
    seen = []
    real = align.subprocess.run

    def spy(args, **kw):
        seen.append(list(args))
        if "-p" in args:
            text = (kw["cwd"] / "priors").read_text()
            header = [int(x) for x in text.split("\n")[0].split()]
            assert len(header) == 7 and header[2] > 0  # vocabulary sizes, lexical priors used, …
        return real(args, **kw)

    monkeypatch.setattr(align.subprocess, "run", spy)
    aligner = model.aligner_for(EflomalAligner(runs=1))
    links = aligner.align([["Enter", "the", "Name", "here", "."]], [["Введите", "здесь", "Имя", "."]])
    assert seen and "-p" in seen[0]
    assert (2, 2) in links[0]  # Name ~ Имя


def test_learning_twice_gives_the_same_model(made, tmp_path):
    """eflomal's runs are seeded and single-threaded (its OpenMP samplers would split the random state in
    thread order): the same inputs give the same priors and conventions, byte for byte."""
    from tagmt.projection.model import CONVENTIONS, PRIORS

    again = tmp_path / "again.model"
    assert main(["learn", "--src-lang", "en", "--trg-lang", "ru", "--corpus", str(made["corpus_src"]),
                 str(made["corpus_trg"]), "--examples", str(made["ex_src"]), str(made["ex_trg"]),
                 "-o", str(again), "--no-progress"]) == 0
    for name in (PRIORS, CONVENTIONS):
        assert (again / name).read_bytes() == (made["model"] / name).read_bytes(), name


def _copy(model, tmp_path):
    import shutil

    target = tmp_path / "copy.model"
    shutil.copytree(model, target)
    return target


def _edit_manifest(path, **changes):
    manifest = json.loads((path / MANIFEST).read_text("utf-8"))
    manifest.update(changes)
    (path / MANIFEST).write_text(json.dumps(manifest), "utf-8")


def test_refusals(made, tmp_path):
    with pytest.raises(TagmtError, match="is for en-ru, not en-de"):
        load_model(made["model"], "en", "de")
    with pytest.raises(TagmtError, match="no such projection model"):
        load_model(tmp_path / "nothing", "en", "ru")
    foreign = tmp_path / "foreign"
    foreign.mkdir()
    (foreign / "weights.bin").write_bytes(b"\0" * 8)
    with pytest.raises(TagmtError, match="not a tagmt projection model"):
        load_model(foreign, "en", "ru")
    with pytest.raises(TagmtError, match="not a tagmt projection model"):
        load_model(made["ex_src"], "en", "ru")  # a file
    other = _copy(made["model"], tmp_path)
    _edit_manifest(other, format="something-else")
    with pytest.raises(TagmtError, match="not a tagmt projection model"):
        load_model(other, "en", "ru")


def test_refuses_corrupt_and_future_models(made, tmp_path):
    future = _copy(made["model"], tmp_path / "a")
    _edit_manifest(future, format_version=FORMAT_VERSION + 1)
    with pytest.raises(TagmtError, match=f"has format {FORMAT_VERSION + 1}.*upgrade tagmt"):
        load_model(future, "en", "ru")
    broken = _copy(made["model"], tmp_path / "b")
    (broken / MANIFEST).write_text("{not json", "utf-8")
    with pytest.raises(TagmtError, match="corrupt projection model"):
        load_model(broken, "en", "ru")
    changed = _copy(made["model"], tmp_path / "c")
    terms = changed / "terms.json"
    terms.write_text(terms.read_text("utf-8").replace("Имя", "Ымя"), "utf-8")  # same size, other bytes
    with pytest.raises(TagmtError, match="terms.json does not match its SHA-256"):
        load_model(changed, "en", "ru")
    cut = _copy(made["model"], tmp_path / "d")
    (cut / "priors.sqlite").write_bytes((cut / "priors.sqlite").read_bytes()[:100])
    with pytest.raises(TagmtError, match="priors.sqlite is missing or not"):
        load_model(cut, "en", "ru")
    garbage = _copy(made["model"], tmp_path / "g")
    size = (garbage / "priors.sqlite").stat().st_size
    (garbage / "priors.sqlite").write_bytes(b"x" * size)  # right size, not a database
    with pytest.raises(TagmtError, match="corrupt projection model.*priors.sqlite"):
        load_model(garbage, "en", "ru")
    tokens = _copy(made["model"], tmp_path / "e")
    _edit_manifest(tokens, tokenization={"src": "latin", "trg": "uax29"})
    with pytest.raises(TagmtError, match="splits en with 'latin'.*learn the model again"):
        load_model(tokens, "en", "ru")


def test_cli_refusals_are_one_line(made, tmp_path, capsys):
    out = tmp_path / "out.de"
    code = main(["project", "--source", str(made["source"]), "--translation", str(made["mt"]), "--src-lang", "en",
                 "--trg-lang", "de", "--projection-model", str(made["model"]), "-o", str(out)])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "is for en-ru, not en-de" in err
    assert not out.exists()
    # learn refuses to write over a folder that is not a model
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("keep me")
    code = main(["learn", "--src-lang", "en", "--trg-lang", "ru", "--examples", str(made["ex_src"]),
                 str(made["ex_trg"]), "-o", str(mine)])
    assert code == 2 and "not a projection model" in capsys.readouterr().err
    assert (mine / "notes.txt").read_text() == "keep me"


def test_learn_replaces_a_model_atomically_and_leaves_no_temporaries(made, tmp_path):
    target = _copy(made["model"], tmp_path)
    examples = example_detagged(read_examples([made["ex_src"], made["ex_trg"]]))
    done = learn_model(target, src_lang="en", trg_lang="ru", examples=examples, progress=False)
    assert done.pairs == 8 and load_model(target, "en", "ru").manifest["pairs"] == 8
    assert sorted(p.name for p in tmp_path.iterdir()) == ["copy.model"]


def test_line_corpora_stream_and_unequal_ones_are_refused(tmp_path):
    src = write_lines(tmp_path / "a.en", ["one", "two", "three"])
    trg = write_lines(tmp_path / "a.de", ["eins", "zwei"])
    pairs = line_pairs(src, trg)
    assert pairs.total == 3
    with pytest.raises(TagmtError, match="different line counts"):
        list(pairs.open())
    with pytest.raises(TagmtError, match="no such file"):
        line_pairs(tmp_path / "missing.en", trg)


def test_report_lists_every_miss(made, tmp_path):
    """--ref with --report: the JSON keeps its keys and adds `misses`, each located by its line."""
    wrong = tmp_path / "wrong.ru"
    refs = read_segments(made["ref"])
    refs[1] = refs[1].replace("«<parmname>", "<parmname>«").replace("</parmname>»", "»</parmname>")
    write_lines(wrong, refs)
    report = tmp_path / "report.json"
    assert main(["project", "--source", str(made["source"]), "--translation", str(made["mt"]), "--src-lang", "en",
                 "--trg-lang", "ru", "--projection-model", str(made["model"]), "-o", str(tmp_path / "out.ru"),
                 "--ref", str(wrong), "--report", str(report)]) == 0
    record = json.loads(report.read_text("utf-8"))
    assert {"tagged_segments", "exact_segments", "exact_percent", "errors", "by_tag", "misses"} <= set(record)
    assert record["exact_segments"] == 3
    (miss,) = record["misses"]
    assert miss["id"] == "2" and miss["id_kind"] == "line"
    assert miss["source"] == read_segments(made["source"])[1]
    assert miss["expected"] == refs[1] and miss["got"] == read_segments(made["ref"])[1]
    assert miss["error"] == "punctuation"
    assert miss["tag_errors"] == [{"name": "parmname", "error": "punctuation"}]


def _xliff(path, sources, targets):
    sources, targets = ([x.replace("<parmname>", '<g id="1">').replace("</parmname>", "</g>") for x in side]
                        for side in (sources, targets))
    units = "".join(f'<trans-unit id="u{k}"><source>{s}</source><target>{t}</target></trans-unit>'
                    for k, (s, t) in enumerate(zip(sources, targets), start=1))
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?><xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">'
        f'<file original="t" source-language="en" target-language="ru" datatype="plaintext"><body>{units}'
        '</body></file></xliff>', encoding="utf-8")
    return path


def test_translate_dp_takes_a_model(made, tmp_path):
    sources, refs = read_segments(made["source"]), read_segments(made["ref"])
    xliff = _xliff(tmp_path / "in.xlf", sources, refs)
    out = tmp_path / "out.xlf"
    assert main(["translate", "--input", str(xliff), "--approach", "dp", "--model", "reference", "--no-cache",
                 "--projection-model", str(made["model"]), "--overwrite", "-o", str(out)]) == 0
    from tagmt.corpus import read_corpus

    assert [s.reference for s in read_corpus(out).segments] == [r.replace("<parmname>", '<g id="1">').replace(
        "</parmname>", "</g>") for r in refs]


def test_xliff_report_locates_misses_by_unit_id(made, tmp_path):
    sources, refs = read_segments(made["source"]), read_segments(made["ref"])
    plain = _xliff(tmp_path / "mt.xlf", sources, [strip(r) for r in refs])
    wrong = list(refs)
    wrong[2] = wrong[2].replace("«<parmname>", "<parmname>«").replace("</parmname>»", "»</parmname>")
    ref = _xliff(tmp_path / "ref.xlf", sources, wrong)
    report = tmp_path / "report.json"
    assert main(["project", "--xliff", str(plain), "--projection-model", str(made["model"]), "--ref", str(ref),
                 "--report", str(report), "--overwrite", "-o", str(tmp_path / "out.xlf")]) == 0
    (miss,) = json.loads(report.read_text("utf-8"))["misses"]
    assert (miss["id"], miss["id_kind"], miss["error"]) == ("u3", "unit", "punctuation")
    def g(x):
        return x.replace("<parmname>", '<g id="1">').replace("</parmname>", "</g>")

    assert miss["source"] == g(sources[2]) and miss["expected"] == g(wrong[2]) and miss["got"] == g(refs[2])


def test_learn_reads_a_tmx_corpus(tmp_path):
    """--corpus FILE: a TMX file's text (tags stripped) is parallel text to learn from."""
    units = "".join(
        f'<tu><tuv xml:lang="en"><seg>{f.format(en)}</seg></tuv><tuv xml:lang="ru"><seg>{r.format(ru)}</seg></tuv></tu>'
        for en, ru in TERMS for f, r in FRAMES)
    tmx = tmp_path / "memory.tmx"
    tmx.write_text('<?xml version="1.0" encoding="UTF-8"?><tmx version="1.4"><header srclang="en" datatype="plaintext" '
                   'segtype="sentence" adminlang="en" o-tmf="x" creationtool="t" creationtoolversion="1"/>'
                   f"<body>{units}</body></tmx>", encoding="utf-8")
    model = tmp_path / "m"
    assert main(["learn", "--src-lang", "en", "--trg-lang", "ru", "--corpus", str(tmx), "-o", str(model),
                 "--no-progress"]) == 0
    manifest = json.loads((model / MANIFEST).read_text("utf-8"))
    assert manifest["pairs"] == 36 and manifest["sources"][0]["name"] == "memory.tmx"
    lex = load_model(model, "en", "ru").priors_of({"name"}, {"имя"})[0]
    assert [(a, b) for a, b, _ in lex] == [("name", "имя")]


def test_a_chinese_model_learns_both_views_and_refuses_one_from_before_units(tmp_path):
    """Chinese is aligned on characters and on dictionary words (`alignunits.py`): a model learns the
    priors of both views, records the unit rule, and one from before the rule (no `units`) is refused."""
    pytest.importorskip("icu")
    plain = [("Select the due date.", "选择到期日期。"), ("Enter the date.", "输入日期。"),
             ("The due amount.", "到期金额。"), ("Select the amount.", "选择金额。")]
    src = write_lines(tmp_path / "c.en", [s for s, _ in plain])
    trg = write_lines(tmp_path / "c.zh", [t for _, t in plain])
    model_dir = tmp_path / "en-zh.model"
    assert main(["learn", "--src-lang", "en", "--trg-lang", "zh", "--corpus", str(src), str(trg),
                 "-o", str(model_dir), "--no-progress"]) == 0
    manifest = json.loads((model_dir / MANIFEST).read_text("utf-8"))
    assert manifest["tokenization"]["units"] == {"src": "words", "trg": "icu-words"}
    assert manifest["pairs"] == len(plain) and manifest["eflomal"]["sentences"] == 2 * len(plain)  # a line a view
    model = load_model(model_dir, "en", "zh")
    lex = {(a, b) for a, b, _ in model.priors_of({"sele", "ente"}, {"选", "择", "选择", "输", "入", "输入"})[0]}
    assert ("sele", "选择") in lex and ("ente", "输入") in lex  # the words' view
    assert {("sele", "选"), ("sele", "择")} & lex and {("ente", "输"), ("ente", "入")} & lex  # the characters' view
    old = _copy(model_dir, tmp_path / "old")
    _edit_manifest(old, tokenization={"src": "uax29", "trg": "chars"})
    with pytest.raises(TagmtError, match="aligns zh on 'words' units, this tagmt on 'icu-words'.*learn the model"):
        load_model(old, "en", "zh")
