"""``POST /v1/project`` and ModernMT's ``GET``/``POST /tags-projection``: the projection of ``tagmt project``
and ``tagmt.project`` (``translation.pipelines.project_translations`` with a ``ProjectionSetup``, the aligner's
preflight, the pair's ``--projection-model``), the aligner and model kept warm (``serve.warm``).

``/v1/project`` takes what ``tagmt.project`` takes: tagged ``source`` segments and their ``translation`` as
an MT system writes it (natural text, ``R&D``; with ``"xml_references": true`` read as ``tagmt project`` reads
the lines of ``--translation``, ``R&amp;D`` being ``R&D``); ``/tags-projection`` takes ModernMT's parameters, whose
``translation`` is XML-encoded text as ModernMT documents it, read as ``tagmt project`` reads a
``--translation`` line (every XML reference as its character, any other ``&``, ``<``, ``>`` as itself).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping, Sequence

from tagmt.errors import TagmtError
from tagmt.serve.problems import ServeError
from tagmt.serve.warm import Warm, symmetrization

PROJECT_FIELDS = ("source", "translation", "src_lang", "trg_lang", "examples", "placeholders", "alignment",
                  "tokens", "aligner", "lexicon", "symmetrization", "xml_references")
#: what ``lexicon`` may name: the installed dictionaries, none, CEDICT (never a path)
LEXICON_NAMES = ("auto", "none", "cedict")


def strings(data: Mapping[str, Any], name: str, *, required: bool = True) -> list[str] | None:
    """The list of strings ``data[name]`` (400 when it is something else)."""
    value = data.get(name)
    if value is None:
        if required:
            raise ServeError(400, f"the JSON body needs {name!r}: a list of strings, one per segment")
        return None
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ServeError(400, f"{name!r} must be a list of strings, one per segment")
    return value


def text(data: Mapping[str, Any], name: str) -> str:
    value = data.get(name)
    if not isinstance(value, str) or not value.strip():
        raise ServeError(400, f"{name!r} is required: a string")
    return value


def given_aligner(alignment: Sequence[str], tokens: Any, count: int):
    """``tagmt.projection.given.GivenAligner`` over the request's alignments (Pharaoh lines) and tokens (two
    lists of whitespace-tokenized lines); 501 when this tagmt has no such aligner."""
    if not isinstance(tokens, (list, dict)):
        raise ServeError(400, "'tokens' must be [source lines, target lines] or {\"source\": […], \"target\": […]}")
    pair = [tokens.get("source"), tokens.get("target")] if isinstance(tokens, dict) else tokens
    if len(pair) != 2 or not all(isinstance(side, list) and all(isinstance(x, str) for x in side) for side in pair):
        raise ServeError(400, "'tokens' must hold two lists of strings: the source and the target tokens, one "
                              "whitespace-separated line per segment")
    for what, lines in (("alignment", alignment), ("source tokens", pair[0]), ("target tokens", pair[1])):
        if len(lines) != count:
            raise ServeError(400, f"{len(lines)} lines of {what} for {count} segments; give one per segment")
    try:
        from tagmt.projection.given import GivenAligner  # type: ignore[import-not-found]
    except ImportError:
        raise ServeError(501, "alignments given with the request need tagmt.projection.given (issue 34, item 2), "
                              "which this tagmt does not have; leave out 'alignment' and 'tokens'") from None
    return GivenAligner(list(alignment), list(pair[0]), list(pair[1]))


def project_segments(warm: Warm, sources: list[str], translations: list[str], src_lang: str, trg_lang: str,
                     options: Mapping[str, Any]) -> dict[str, Any]:
    """The tagged translations and the notes ``tagmt project`` prints, for lists of tagged sources and natural
    translations (``options``: the optional fields of ``/v1/project``)."""
    from tagmt.languages import normalize
    from tagmt.translation.guide import Guide
    from tagmt.translation.hygiene import RunReport
    from tagmt.translation.pipelines import ProjectionSetup
    from tagmt.translation.tagged import prepare, project_prepared
    from tagmt.translation.projection import _has_source_tags

    if len(sources) != len(translations):
        raise ServeError(400, f"{len(sources)} sources but {len(translations)} translations; give one translation "
                              "per source")
    placeholders = options.get("placeholders")
    if placeholders is not None and not (isinstance(placeholders, str) or (
            isinstance(placeholders, list) and all(isinstance(kind, str) for kind in placeholders))):
        raise ServeError(400, "'placeholders' takes what tagmt project --placeholders takes: a comma list or a list "
                              "of kinds (printf, python, brace, icu, mustache, auto, none)")
    src, trg = normalize(src_lang, "src_lang"), normalize(trg_lang, "trg_lang")
    tagged = [k for k, (t, s) in enumerate(zip(translations, sources)) if _has_source_tags(t, s)]
    if tagged:
        raise TagmtError(f"translation {tagged[0]} already contains tags of its source ({len(tagged)} do); "
                         "project takes the plain MT output")
    prepared = prepare(sources, placeholders)  # (a source nested too deep: one line naming it)
    if options.get("alignment") is not None or options.get("tokens") is not None:
        alignment = strings(options, "alignment")
        aligner = given_aligner(alignment or [], options.get("tokens"), len(sources))
    else:
        name = options.get("aligner") or warm.settings.aligner
        if not isinstance(name, str):
            raise ServeError(400, "'aligner' must be a name (eflomal, awesome, eflomal+awesome)")
        warm.check_aligner(name, src, trg)
        symmetrize = options.get("symmetrization")
        aligner = warm.aligner(name, symmetrization(symmetrize) if symmetrize else None)
    guide = _guide(options, src, trg)
    model = warm.model(src, trg)
    if model is not None:
        guide = replace(guide or Guide(), model=model)
    report = RunReport()
    setup = ProjectionSetup(src, trg, aligner, escaped=True, guide=guide, remove_tags=False)
    outputs = project_prepared(prepared, translations, setup, report)  # = tagmt.project and tagmt project
    notes = [f"learned from {guide.describe()}"] if guide else []
    return {"tagged": outputs, "notes": notes + report.lines()}


def _guide(options: Mapping[str, Any], src: str, trg: str):
    """``examples`` (``[[tagged source, tagged target], …]``) and ``lexicon`` as a ``Guide``, or None."""
    from tagmt.corpus import Corpus, Segment
    from tagmt.translation.guide import Guide, make_guide, with_lexicon

    examples = options.get("examples")
    lexicon = options.get("lexicon")
    guide = None
    if examples:
        if not (isinstance(examples, list) and all(isinstance(e, list) and len(e) == 2 and
                                                   all(isinstance(x, str) for x in e) for e in examples)):
            raise ServeError(400, "'examples' must be a list of [tagged source, tagged target] pairs")
        segments = [Segment(str(k), s, t) for k, (s, t) in enumerate(examples)]
        guide = make_guide([Corpus("segments", segments, escaped=True)])
    if lexicon is not None:
        if isinstance(lexicon, str):
            lexicon = [lexicon]
        if not (isinstance(lexicon, list) and all(x in LEXICON_NAMES for x in lexicon)):
            raise ServeError(400, "'lexicon' takes the names tagmt project --lexicon takes, without a path (the "
                                  "server reads no file a request names): " + ", ".join(LEXICON_NAMES))
        guide = with_lexicon(guide or Guide(), lexicon, src, trg)
    return guide


def project_request(warm: Warm, data: Mapping[str, Any]) -> dict[str, Any]:
    """``POST /v1/project``'s answer for its JSON body."""
    unknown = sorted(set(data) - set(PROJECT_FIELDS))
    if unknown:
        raise ServeError(400, f"unknown field {unknown[0]!r}; /v1/project takes {', '.join(PROJECT_FIELDS)}")
    sources, translations = strings(data, "source"), strings(data, "translation")
    assert sources is not None and translations is not None
    references = data.get("xml_references", False)
    if not isinstance(references, bool):
        raise ServeError(400, "'xml_references' must be true or false")
    if references:  # the translations as tagmt project reads --translation lines: &amp; and &#10; are characters
        from tagmt.xmltext import unescape

        translations = [unescape(t) for t in translations]
    return project_segments(warm, sources, translations, text(data, "src_lang"), text(data, "trg_lang"), data)


def modernmt_request(warm: Warm, params: Mapping[str, str]) -> dict[str, Any]:
    """``/tags-projection``'s answer (ModernMT's shape) for its parameters."""
    from tagmt.xmltext import unescape

    for name in ("text", "translation", "source", "target"):
        if not isinstance(params.get(name), str) or (name in ("source", "target") and not params[name].strip()):
            raise ServeError(400, f"Missing parameter {name}", "ParameterParsingException")
    if str(params.get("verbose", "false")).lower() in ("1", "true", "yes"):
        raise ServeError(501, "verbose=true (the source and target tokens and their alignment) is not answered "
                              "here; leave it out")
    options = {"symmetrization": params.get("symmetrization")} if params.get("symmetrization") else {}
    done = project_segments(warm, [params["text"]], [unescape(params["translation"])], params["source"],
                            params["target"], options)
    return {"status": 200, "data": {"translation": done["tagged"][0]}}
