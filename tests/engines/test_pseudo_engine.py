"""--model pseudo: look-alikes, expansion by a share, brackets; tags, placeholders and references kept;
deterministic; through translate on a line file and an XLIFF (output parses, same codes)."""

import math
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings, strategies as st
from lxml import etree

from tagmt.engines import load_engine
from tagmt.engines.offline import PseudoEngine, pseudo_translate
from tagmt.markup import tokenize

SAMPLE = Path(__file__).resolve().parents[2] / "data" / "sample" / "files"


def _tags(tagged):
    return [t.text for t in tokenize(tagged, orphans=True) if t.kind != "text"]


def test_known_output():
    assert pseudo_translate("Delete %1$s?", 0.5) == "[Ðéļéţé %1$s?······]"
    assert pseudo_translate('Open <g id="1">Settings</g> &amp; {n}', 0.0) == '[Öþéñ <g id="1">Šéţţîñĝš</g> &amp; {n}]'


def test_nothing_to_translate_is_kept():
    assert pseudo_translate("<x id=\"1\"/> 42 ", 0.3) != "<x id=\"1\"/> 42 "  # digits are text
    assert pseudo_translate('<x id="1"/> - ', 0.3) == '<x id="1"/> - '


def test_plain_text_for_dp_keeps_stand_ins():
    assert pseudo_translate("Click \ufde0 now", 0.0, tagged=False) == "[Çļîçķ \ufde0 ñöŵ]"


def test_loaded_by_name_with_its_expansion():
    engine = load_engine("pseudo", pseudo_expansion=1.0)
    assert isinstance(engine, PseudoEngine) and engine.offline
    assert engine.translate(["ab"], "en", "de") == ["[åƀ··]"]
    assert engine.for_approach("dp").tagged is False


_pieces = st.lists(st.one_of(st.text(alphabet="abc XYZ.&<>%sd{}", max_size=8),
                             st.sampled_from(['<g id="1">', "</g>", '<x id="2"/>'])), max_size=6)


@settings(max_examples=150, deadline=None)
@given(_pieces, st.floats(min_value=0, max_value=2))
def test_tags_kept_and_length_expanded(pieces, share):
    from tagmt.xmltext import escape, unescape

    tagged = "".join(p if p.startswith("<") and p.endswith(">") else escape(p) for p in pieces)
    out = pseudo_translate(tagged, share)
    assert _tags(out) == _tags(tagged)
    assert pseudo_translate(tagged, share) == out  # deterministic
    plain = "".join(unescape(t.text) for t in tokenize(tagged, orphans=True) if t.kind == "text")
    if any(c.isalnum() for c in plain):
        new = "".join(unescape(t.text) for t in tokenize(out, orphans=True) if t.kind == "text")
        assert len(new) == len(plain) + 2 + math.ceil(share * len(plain.strip()))


def test_translate_pseudo_on_xliff_parses_with_the_same_codes(tmp_path):
    out = tmp_path / "out.xlf"
    done = subprocess.run([sys.executable, "-m", "tagmt", "translate", "--input", str(SAMPLE / "guide.xliff2.xlf"),
                           "--model", "pseudo", "--approach", "dt", "--overwrite", "--trg-lang", "de", "-o", str(out)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    ns = "{urn:oasis:names:tc:xliff:document:2.0}"
    root = etree.parse(str(out)).getroot()
    checked = 0
    for segment in root.iter(ns + "segment"):
        source, target = segment.find(ns + "source"), segment.find(ns + "target")
        if target is None:
            continue  # an empty source, a unit that is translate="no": never written
        checked += 1
        assert [e.tag for e in source.iter()][1:] == [e.tag for e in target.iter()][1:]
        assert "".join(target.itertext()).startswith("[")
    assert checked >= 7


def test_icu_syntax_kept_and_sub_messages_pseudo_translated():
    from tagmt.engines.offline import pseudo_text
    message = "{count, plural, offset:1 =0 {No files} one {# file from {sender}} other {# files}} left"
    assert pseudo_text(message) == ("{count, plural, offset:1 =0 {Ñö ƒîļéš} one {# ƒîļé ƒŕöɱ {sender}} "
                                    "other {# ƒîļéš}} ļéƒţ")
    nested = "{n, plural, one {{g, select, female {her} other {their}}} other {#}}"
    assert pseudo_text(nested) == "{n, plural, one {{g, select, female {ĥéŕ} other {ţĥéîŕ}}} other {#}}"


def test_balanced_brace_groups_kept_and_unbalanced_braces_are_text():
    from tagmt.engines.offline import pseudo_text
    assert pseudo_text("{f{a}{e}} and {{user}}") == "{f{a}{e}} åñð {{user}}"
    assert pseudo_text("a { b {name}") == "å { ƀ {name}"
    assert pseudo_text("x }{ y") == "ẋ }{ ý"
    deep = "{" * 60 + "{a}" + "}" * 60 + " b"
    assert pseudo_text(deep) == deep[:-1] + "ƀ"  # nesting past the bound: text (its {a} a placeholder)


def test_tagged_icu_message_with_codes_is_read_whole():
    from tagmt.engines.offline import pseudo_translate
    out = pseudo_translate('{n, plural, one {# file} other {<x id="1"/> files &amp; more}}', 0)
    assert out == '[{n, plural, one {# ƒîļé} other {<x id="1"/> ƒîļéš &amp; ɱöŕé}}]'
    kept = pseudo_translate('{0,choice,0#none|1&lt;<x id="1"/> files} left <g id="2">now</g>', 0)
    assert kept == '[{0,choice,0#none|1&lt;<x id="1"/> files} ļéƒţ <g id="2">ñöŵ</g>]'


def test_blank_space_around_the_text_stays_outside_the_brackets():
    from tagmt.engines.offline import pseudo_translate
    assert pseudo_translate("Done.\n", 0) == "[Ðöñé.]\n"
    assert pseudo_translate("  two <x id=\"1\"/> ", 0) == '  [ţŵö <x id="1"/>] '
    assert pseudo_translate("plain\n", 0, tagged=False) == "[þļåîñ]\n"


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_PIECES = st.sampled_from(list("ab {}%s#,=") + ["{n, plural, one {", "} other {", "{{x}}", "%1$s", "select,", "}}"])


@settings(max_examples=200, deadline=None)
@given(st.lists(_PIECES, max_size=30).map("".join))
def test_pseudo_text_maps_each_character_to_itself_or_its_look_alike(text):
    from tagmt.engines.offline import _LOOKALIKE, pseudo_text
    out = pseudo_text(text)
    assert len(out) == len(text)
    assert all(a == b or a.translate(_LOOKALIKE) == b for a, b in zip(text, out))


def test_other_placeholder_styles_urls_and_addresses_kept():
    from tagmt.engines.offline import pseudo_text
    assert pseudo_text("%count% for $USER$ and :attribute, __name__") == "%count% ƒöŕ $USER$ åñð :attribute, __name__"
    assert pseudo_text("See https://example.com/a?b=c or me@example.org.") == (
        "Šéé https://example.com/a?b=c öŕ me@example.org.")
    assert pseudo_text("Note: done at 10:30") == "Ñöţé: ðöñé åţ 10:30"
