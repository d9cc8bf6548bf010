"""A tiny 4-way parallel data set in the upstream layout, for tests that must not need the real data.

Two documents (ids 2 and 10, so numeric and text order differ) with the markup the views must handle:
bpt/ept pairs with whitespace between them, an xref ``ph``, a protected SAP icon with a private-use
character, an SDL location mark, a locked reference, literal ``&`` and ``<…>`` text, a newline inside a
segment, two segments in one unit, ``translate="no"`` skeleton units and an empty unit. Each target
segment is its English source with ``<LANG> `` in front (``JA Post invoices``), which makes known
answers easy to write for every direction.
"""

from __future__ import annotations

from pathlib import Path

LANG_TAGS = {"ja": "ja-JP", "ko": "ko-KR", "zh": "zh-CN", "zf": "zh-TW"}

# Units as (kind, body): "skeleton" (translate="no" markup), "empty", "protected" (a unit without
# segments), or a context element type with [(mid, English segment as XLIFF markup), ...].
DOC_10 = [
    ("skeleton", '<ph id="0">&lt;!DOCTYPE task PUBLIC "-//SAP//DTD SAP DITA Task//EN" "sap-task.dtd"&gt;</ph>'
                 '<ph id="1">&lt;task id="t10" xml:lang="en-US"&gt;</ph>'),
    ("skeleton", '\n\t<ph id="2">&lt;title&gt;</ph>'),
    ("title", [("1", "Post Invoices")]),
    ("skeleton", '<ph id="3">&lt;/title&gt;</ph>\n\t<ph id="4">&lt;taskbody&gt;</ph><ph id="5">&lt;p&gt;</ph>'),
    ("p", [
        ("2", 'Click <bpt id="6">&lt;uicontrol&gt;</bpt>Save<ept id="6">&lt;/uicontrol&gt;</ept> '
              '<bpt id="7">&lt;b&gt;</bpt>now<ept id="7">&lt;/b&gt;</ept>.'),
        ("3", 'See <ph id="8">&lt;xref href="a.dita"/&gt;</ph> &amp; the \nlist of &lt;name of type&gt;.'),
    ]),
    ("skeleton", '<ph id="9">&lt;/p&gt;</ph><ph id="10">&lt;p&gt;</ph>'),
    ("p", [
        ("4", 'Use the <mrk mtype="protected"><bpt id="11">&lt;sap-icon-font-character&gt;</bpt>\ue0f1'
              '<ept id="11">&lt;/sap-icon-font-character&gt;</ept></mrk> icon'
              '<mrk mtype="x-sdl-location" mid="loc-1"/>.'),
    ]),
    ("p", [("5", 'Open <ph id="locked1" xid="lockTU_9"/>.')]),
    ("skeleton", '<ph id="12">&lt;/p&gt;</ph>\n\t<ph id="13">&lt;/taskbody&gt;</ph>\n<ph id="14">&lt;/task&gt;</ph>'),
]

DOC_2 = [
    ("skeleton", '<ph id="0">&lt;!DOCTYPE concept PUBLIC "-//SAP//DTD SAP DITA Composite//EN" '
                 '"sap-ditabase.dtd"&gt;</ph><ph id="1">&lt;concept id="c2"&gt;</ph><ph id="2">&lt;title&gt;</ph>'),
    ("title", [("1", "Hello.")]),
    ("empty", []),
    ("protected", '<mrk mtype="protected"><bpt id="3">&lt;source&gt;</bpt>In-App Help'
                  '<ept id="3">&lt;/source&gt;</ept></mrk>'),
    ("skeleton", '<ph id="4">&lt;/title&gt;</ph><ph id="5">&lt;/concept&gt;</ph>'),
]


def _prefix(segment_xml: str, lang: str) -> str:
    return f"{lang.upper()} {segment_xml}"


def document_xml(units: list, lang: str) -> str:
    """The XLIFF text of one document of pair ``en<lang>``."""
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">',
        f'<file original="dita" datatype="xml" source-language="en-US" target-language="{LANG_TAGS[lang]}">',
        "<body>",
    ]
    for n, (kind, body) in enumerate(units):
        uid = f"u{n}"
        if kind == "skeleton":
            out.append(f'<trans-unit translate="no" id="{uid}"><source>{body}</source></trans-unit>')
        elif kind == "empty":
            out.append(f'<trans-unit id="{uid}"><source/><seg-source/><target/></trans-unit>')
        elif kind == "protected":
            out.append(
                f'<trans-unit id="{uid}"><source>{body}</source><seg-source>{body}</seg-source>'
                f"<target>{body}</target></trans-unit>"
            )
        else:
            src = " ".join(f'<mrk mtype="seg" mid="{mid}">{xml}</mrk>' for mid, xml in body)
            trg = " ".join(f'<mrk mtype="seg" mid="{mid}">{_prefix(xml, lang)}</mrk>' for mid, xml in body)
            plain_source = " ".join(xml for _, xml in body)
            out.append(
                f'<group><context-group><context context-type="element">{kind}</context></context-group>'
                f'<trans-unit id="{uid}"><source>{plain_source}</source>'
                f"<seg-source>{src}</seg-source><target>{trg}</target></trans-unit></group>"
            )
    out += ["</body>", "</file>", "</xliff>", ""]
    return "\n".join(out)


def write_tiny_dataset(
    root: str | Path, split: str = "dev", langs: tuple[str, ...] = ("ja", "ko", "zh", "zf")
) -> Path:
    """Write ``root/<split>_data/en<xx>/documents/{2,10}.xlf`` for each language; returns ``root``."""
    root = Path(root)
    for lang in langs:
        docs = root / f"{split}_data" / f"en{lang}" / "documents"
        docs.mkdir(parents=True, exist_ok=True)
        (docs / "10.xlf").write_text(document_xml(DOC_10, lang), encoding="utf-8")
        (docs / "2.xlf").write_text(document_xml(DOC_2, lang), encoding="utf-8")
    return root
