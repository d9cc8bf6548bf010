"""Inputs on which tagmt's ``compat="original"`` modes are compared with the originals' own outputs.

Deterministic (no randomness outside a seeded ``random.Random``), so the reference outputs in
``tests/metrics/data/originals.json`` — produced once by running the original scripts, rebuilt
outside the repository, on exactly these inputs (see that folder's NOTE.md) — stay valid.
"""

from __future__ import annotations

import random

#: English tagged references (DITA-like inline markup, entities, numbers, terms, odd text).
ENGLISH_REFERENCES = [
    "Choose <uicontrol>Save</uicontrol> to keep the changes.",
    "In the <uicontrol>Sales Order</uicontrol> app, enter the quantity 25 and press <uicontrol>Enter</uicontrol>.",
    "The report shows revenue for Q3 2019 in EUR.",
    "Use <codeph>SE38</codeph> to run the program <sap-technical-name>RFC_READ_TABLE</sap-technical-name>.",
    "For more information, see <xref keyref=\"note-1\">SAP Note 2345678</xref>.",
    "Select <menucascade><uicontrol>File</uicontrol><uicontrol>Open</uicontrol></menucascade> and confirm.",
    "Values between 1.5 and 3,000 are allowed; AT&amp;T uses &lt;default&gt; values.",
    "The field <emphasis>Company Code</emphasis> is mandatory for SAP S/4HANA Cloud.",
    "<uicontrol>Delete</uicontrol> removes the entry permanently.",
    "You can export the list to Microsoft Excel or as a CSV file.",
    "Enter the <userinput>user name</userinput> and the <userinput>password</userinput>.",
    "If the status is <systemoutput>Released</systemoutput>, the document 4711 can be posted.",
    "The icon <xref keyref=\"icon\"/> marks fields that you can edit.",
    "Version 2.0 of the API supports OData V4 and REST.",
    "Check the <i>Posting Date</i> and the <i>Document Date</i> before 12:00.",
    "No markup here, only text with the number 42.",
    "<cite>Guide</cite>: chapter 7 explains the <uicontrol>Settings</uicontrol> dialog.",
    "Press <uicontrol>Ctrl</uicontrol>+<uicontrol>S</uicontrol> to save.",
    "The SAP Fiori launchpad shows 3 tiles for HR.",
    "Set the indicator <uinolabel>Active</uinolabel> for 10 % of the items.",
]


def _words_swapped(text: str, rng: random.Random) -> str:
    words = text.split(" ")
    if len(words) > 3:
        i = rng.randrange(len(words) - 1)
        words[i], words[i + 1] = words[i + 1], words[i]
    return " ".join(words)


def _drop_tags(text: str) -> str:
    import re

    return re.sub(r"</?[A-Za-z][^<>]*>", "", text)


def english_systems() -> dict[str, list[str]]:
    """Eleven English-target 'systems' of different quality, from the references above."""
    rng = random.Random(20190704)
    refs = ENGLISH_REFERENCES
    systems: dict[str, list[str]] = {}
    systems["copy"] = list(refs)
    systems["no-tags"] = [_drop_tags(r) for r in refs]
    systems["swap"] = [_words_swapped(r, rng) for r in refs]
    systems["b-wrap"] = ["<b>" + r.split(" ", 1)[0] + "</b> " + r.split(" ", 1)[1] for r in refs]
    systems["truncate"] = [" ".join(r.split(" ")[: max(2, len(r.split(" ")) * 2 // 3)]) for r in refs]
    systems["lower"] = [r.lower() for r in refs]
    systems["broken"] = [r.replace("</uicontrol>", "", 1) for r in refs]
    systems["renamed"] = [r.replace("uicontrol", "guilabel") for r in refs]
    systems["numbers"] = [r.replace("2", "3").replace("1", "7") for r in refs]
    systems["extra-words"] = [r.replace(" the ", " the very ") for r in refs]
    systems["mixed"] = [
        [r, _drop_tags(r), _words_swapped(r, rng), r.upper()][i % 4] for i, r in enumerate(refs)
    ]
    return systems


def _delete_words(text: str, rng: random.Random) -> str:
    """Every third word left out, tags kept (a tag written inside a word stays with it)."""
    words = text.split(" ")
    return " ".join(w for i, w in enumerate(words) if i % 3 != 1 or "<" in w)


def _shuffle_words(text: str, rng: random.Random) -> str:
    words = text.split(" ")
    rng.shuffle(words)
    return " ".join(words)


def _drop_first_pair(text: str) -> str:
    import re

    match = re.search(r"<([A-Za-z][\w-]*)(?: [^<>]*)?>(.*?)</\1>", text)
    return text if match is None else text[: match.start()] + match.group(2) + text[match.end():]


#: References that exercise the script's line files and Moses's last-word rule.
EXTRA_REFERENCES = [
    "Members of the <uicontrol>Czech Rep.</uicontrol> board meet at 10 a.m.",
    "See the report fullrep_en.pdf.",
    "The first line\nand the second line of <b>one</b> segment.",
]


def english_systems_round2() -> dict[str, list[str]]:
    """Systems with words deleted, shuffled, a tag pair dropped, and line breaks inside segments, on the
    references above plus ``EXTRA_REFERENCES`` (``extended_references()``)."""
    rng = random.Random(20260101)
    refs = extended_references()
    return {
        "deleted-words": [_delete_words(r, rng) for r in refs],
        "shuffled": [_shuffle_words(r, rng) for r in refs],
        "dropped-pair": [_drop_first_pair(r) for r in refs],
        "copy-extended": list(refs),
        "joined-lines": [r.replace("\n", " ") for r in refs],
    }


def extended_references() -> list[str]:
    return ENGLISH_REFERENCES + EXTRA_REFERENCES


#: NE&NUM's English term list for the cases above (the original reads such a list from JSON).
ENGLISH_TERMS = ["SAP", "EUR", "API", "REST", "HR", "CSV", "OData", "V4", "Q3", "AT&T", "S/4HANA"]


def _topic(rng: random.Random, paragraphs: int) -> str:
    words = ["click", "the", "button", "to", "save", "file", "settings", "open", "AT&amp;T", "data", "server",
             "backup", "select", "menu", "value", "&lt;name&gt;", "report", "user"]
    body = []
    for k in range(paragraphs):
        text = " ".join(rng.choice(words) for _ in range(rng.randint(3, 12)))
        kind = rng.randrange(4)
        if kind == 0:
            body.append(f"<p>{text} <uicontrol>{rng.choice(words)}</uicontrol> {rng.choice(words)}</p>")
        elif kind == 1:
            body.append(f'<p id="p{k}">{text}</p>')
        elif kind == 2:
            items = "".join(f"<li>{rng.choice(words)} {rng.choice(words)}</li>" for _ in range(rng.randint(1, 4)))
            body.append(f"<ul>{items}</ul>")
        else:
            body.append(f'<note type="tip">{text}<!-- c --></note>')
    return f'<topic id="t1"><title>Topic {paragraphs}</title><body>\n  ' + "\n  ".join(body) + "\n</body></topic>"


def _perturb(document: str, rng: random.Random, how: str) -> str:
    lines = document.split("\n")
    inner = lines[1:-1]
    if how == "move" and len(inner) > 2:
        i, j = rng.sample(range(len(inner)), 2)
        inner.insert(j, inner.pop(i))
    elif how == "drop" and len(inner) > 1:
        inner.pop(rng.randrange(len(inner)))
    elif how == "rename":
        inner = [line.replace("<p>", "<section>").replace("</p>", "</section>") for line in inner]
    elif how == "words":
        inner = [line.replace(" the ", " a ").replace("save", "store") for line in inner]
    elif how == "flatten":
        inner = [line.replace("<uicontrol>", "").replace("</uicontrol>", "") for line in inner]
    elif how == "reverse":
        inner = inner[::-1]
    return "\n".join(lines[:1] + inner + lines[-1:])


def xml_document_pairs() -> list[tuple[str, str, str]]:
    """(name, hypothesis, reference) XML documents of growing size with different kinds of damage."""
    rng = random.Random(2023)
    pairs = []
    for size in (2, 4, 8, 16):
        reference = _topic(rng, size)
        for how in ("same", "move", "drop", "rename", "words", "flatten", "reverse"):
            pairs.append((f"{how}-{size}", _perturb(reference, rng, how), reference))
    pairs.append(("malformed", "<topic><p>unclosed</topic>", _topic(rng, 2)))
    return pairs


def validity_documents() -> list[tuple[str, str]]:
    """Documents for the validation error metric (no external DTD: the original's catalog is its own)."""
    internal = "<!DOCTYPE doc [<!ELEMENT doc (p)*><!ELEMENT p (#PCDATA)>]>"
    return [
        ("valid", "<doc><p>a</p><p>b</p></doc>"),
        ("mismatch", "<doc><p>a</doc>"),
        ("comment", "<doc><!-- c --><p>a</p><?pi x?></doc>"),
        ("unclosed-two", "<doc><p>a<p>b</doc>"),
        ("undefined-entity", "<doc><p>&nbsp;a</p></doc>"),
        ("bad-attribute", "<doc><p a=1>a</p></doc>"),
        ("internal-valid", internal + "<doc><p>a</p></doc>"),
        ("internal-invalid", internal + "<doc><p>a</p><q>b</q></doc>"),
        ("internal-malformed", internal + "<doc><p>a</p><p>b</doc>"),
        ("many-errors", "<doc><a><b><c></doc>"),
    ]


def markdown_pairs() -> list[tuple[str, str, str]]:
    """(name, hypothesis, reference) Markdown texts: lists, tables, code, raw HTML, comments and math."""
    base = (
        "# Setup\n\nInstall the **server** and run `init`.\n\n"
        "1. Open the *settings*\n2. Choose [Save](http://x/save)\n\n"
        "| key | value |\n|---|---|\n| a | 1 |\n\n"
        "> Note: the <b>backup</b> runs at $t = 2$ hours.\n\n"
        "```python\nprint('x')\n```\n\n<!-- internal -->\nThe energy is \\(E = mc^2\\) and $$\\sum_i x_i$$.\n"
    )
    variants = {
        "same": base,
        "no-bold": base.replace("**server**", "server"),
        "no-table": base.split("| key")[0] + "\n> Note" + base.split("> Note")[1],
        "no-math": base.replace("$t = 2$", "t = 2").replace("\\(E = mc^2\\)", "E = mc^2"),
        "no-comment": base.replace("<!-- internal -->\n", ""),
        "bullets": base.replace("1. Open", "- Open").replace("2. Choose", "- Choose"),
        "plain": "Setup. Install the server and run init. Open the settings, choose Save.",
        "html": base.replace("**server**", "<strong>server</strong>"),
        "heading2": base.replace("# Setup", "## Setup"),
        "fence-tilde": base.replace("```python", "~~~python").replace("```\n\n<!--", "~~~\n\n<!--"),
        "extra-list": base + "\n- one\n- two\n- three\n",
        "dollars": base.replace("2 hours", "2 hours and costs $5 or $6"),
    }
    pairs = [(name, text, base) for name, text in variants.items()]
    pairs.append(("both-plain", "just text", "other text"))
    pairs.append(("nested", "- a\n    - b\n        - c\n", "- a\n  - b\n    - c\n"))
    return pairs


#: SAP-like references for Lilt's tag placement: unbalanced text, <field name>, <br>, entities, comments.
LILT_REFERENCES = [
    "Choose <uicontrol>Save</uicontrol> to keep the changes.",
    "Enter a value in <field name> and press <b>Enter</b>.",
    "Line one<br>line two with <i>style</i>.",
    "If a < b, the <codeph>MIN</codeph> function returns a.",
    "AT&amp;T uses <b>default</b> values&#160;here.",
    "No markup here.",
    "<b>Bold</b> and <i>italic</i> and <b>bold</b> again.",
    "Keep <!-- note --> the comment <ph/> and the placeholder.",
    "Values > 10 are <b>invalid</b>.",
    "<menucascade><uicontrol>File</uicontrol><uicontrol>Open</uicontrol></menucascade>",
]


def _move_first_tag(text: str) -> str:
    """The first tag moved one word to the right (the text without tags unchanged)."""
    import re

    match = re.search(r"<[^<>]*>", text)
    if match is None:
        return text
    rest = text[: match.start()] + text[match.end():]
    space = rest.find(" ", match.start() + 1)
    if space < 0:
        return text
    return rest[:space] + match.group(0) + rest[space:]


def lilt_systems() -> tuple[list[str], dict[str, list[str]]]:
    """(references, systems) for tag placement as Lilt computes it."""
    import re

    refs = LILT_REFERENCES
    return refs, {
        "copy": list(refs),
        "moved": [_move_first_tag(r) for r in refs],
        "open-b": [r.replace("</b>", "", 1) for r in refs],
        "no-tags": [re.sub(r"<[^<>]*>", "", r) for r in refs],
        "unbalanced": [r.replace("<", "<<", 1) for r in refs],
        "other-text": [r.replace("the", "a") for r in refs],
    }


#: References for tower-eval's XML-chrF / XML-Match: what lxml refuses (bare &, &nbsp;, <field name>),
#: character references, CDATA, processing instructions, comments, and an element called root.
TOWER_REFERENCES = [
    "Choose <uicontrol>Save</uicontrol> to keep the changes.",
    "AT&T uses <b>default</b> values.",
    "Press&nbsp;<b>Enter</b> now.",
    "Enter a value in <field name> and press <b>Enter</b>.",
    "Prices&#160;in <b>EUR</b> only.",
    "Use <![CDATA[a < b]]> in <codeph>code</codeph>.",
    "Run <?setup fast?> the <b>installer</b> first.",
    "Keep <!-- note --> the <i>comment</i> here.",
    "Open <root>the</root> menu and <b>go</b>.",
    "<b>Bold</b> <i>italic</i>",
    "No markup here, only text.",
    "  Spaces around <b>bold</b> text.  ",
]


def tower_systems() -> tuple[list[str], dict[str, list[str]]]:
    """(references, systems) for tower-eval's XML-chrF and XML-Match."""
    import re

    refs = TOWER_REFERENCES
    return refs, {
        "copy": list(refs),
        "no-tags": [re.sub(r"<[^<>]*>", "", r) for r in refs],
        "words": [r.replace("the", "a").replace("Bold", "Strong") for r in refs],
        "renamed": [r.replace("<b>", "<strong>").replace("</b>", "</strong>") for r in refs],
        "unescaped": [r.replace("&#160;", "\u00a0").replace("&nbsp;", " ").replace("AT&T", "AT&amp;T") for r in refs],
        "stripped": [r.strip() for r in refs],
        "tags-only": [re.sub(r">[^<>]*<", "><", "<x>" + r + "</x>") for r in refs],
    }


def tower_systems_without_parts() -> tuple[list[str], list[str]]:
    """A corpus where no segment has a text part on both sides of a matching tree (tower-eval crashes)."""
    return ["<b>a</b>", "x <i>y</i>"], ["<i>a</i>", "&bad; <i>y</i>"]
