"""The helper the placeholder put-back tests share (test_phrase_points_lost.py, test_placeholders_glued.py):
a projected translation written with ``#N`` marks, put back through `restore` as `tagmt project` does."""

import re

from tagmt.corpus.placeholders import protect_tagged, unprotect
from tagmt.projection import detag
from tagmt.translation.phrase_points import restore, sources_of
from tagmt.translation.pins import placeholder_groups, stand_ins
from tagmt.xmltext import escape

MARK = re.compile(r"#(\d)")


def restored(source: str, projected: str, lang: str, escaped: bool = False) -> str:
    """``projected``: the translation with ``#N`` where the projection put the source's N-th placeholder; the
    output of ``restore`` with the placeholders as text (``escaped``: source and translation as XML text, as
    `tagmt project` reads line files)."""
    wrap = escape if escaped else str
    tagged, codes = protect_tagged(wrap(source), ["auto"])
    detagged = detag(tagged)
    tokens = stand_ins(detagged, codes, "", neutral=False)
    tags = [tag for tag, token in zip(re.findall(r'<x id="\d+"/>', tagged), tokens) if token]
    with_tags = MARK.sub(lambda m: tags[int(m.group(1)) - 1], wrap(projected))
    out = restore(with_tags, placeholder_groups(detagged, tokens), sources_of(detagged, tokens, "en", escaped),
                  escaped, lang)
    return unprotect(out, codes)
