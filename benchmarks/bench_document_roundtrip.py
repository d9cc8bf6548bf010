"""Real documents through ``translate --model copy`` and ``--model pseudo`` (issue 32's Done-when), each output
checked with the format's OWN parser, not tagmt's:

* copy: the output is the input byte for byte, but for the language declaration (the root's ``lang``/
  ``xml:lang``, HTML's ``content-language``, PO's ``Language:`` header) and character references (read as their
  characters); PO: every ``msgstr`` the input had is kept, the rest of the file is unchanged;
* pseudo: the output parses with the format's parser (PO: polib; JSON: json; YAML: ruamel.yaml; XML, DITA,
  Android: lxml; HTML: html5lib; Markdown: markdown-it-py's tokens; .properties and .strings: translate-toolkit;
  .stringsdict: plistlib), has the same structure (keys, elements, tokens), the same placeholders per string
  (printf, ``%(name)s``, ``{name}``, ``{{name}}``, ICU arguments and their plural/select keys) and its text
  replaced somewhere.

Every file under the DIRs (recursively) that tagmt reads as a document or resource file is run through the
user's CLI path (``tagmt.cli.main``, in this process); XLIFF, TMX and line files are skipped; a file with a
document's ending that tagmt's detection refuses (malformed XML…) is run all the same, counted under ``?.ext``. A run that ends
with one ``tagmt: error:`` line is *refused*; a traceback, several error lines or a failed check is *failed*.

Usage:  python benchmarks/bench_document_roundtrip.py DIR... [--verbose] [--limit N] [--max-mb MB]
Prints one line per file that is not ok (format, status, file, reason), then per format ok/refused/failed.
Exit status 1 when a file failed.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import plistlib
import re
import sys
import tempfile
import traceback
from collections import Counter
from pathlib import Path

SKIPPED = ("lines", "xliff12", "xliff2", "tmx")
#: Endings of the files a document reader would take: one that tagmt's detection refuses is run all the same
#: (the run should refuse it in one line), under ``?.ext``.
EXTENSIONS = (".html", ".htm", ".xhtml", ".md", ".markdown", ".xml", ".dita", ".ditamap", ".po", ".pot",
              ".json", ".yml", ".yaml", ".properties", ".strings", ".stringsdict")
_PRINTF = r"%(?:\d+\$)?[-+#0']*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:hh|h|ll|l|L|q|j|z|t)?[diouxXeEfFgGaAcspn@%]"
_PYTHON = r"%\([^()\s]+\)[-+#0]*(?:\d+|\*)?(?:\.(?:\d+|\*))?[diouxXeEfFgGcrsa%]"
_FLAT = re.compile(f"%#@[A-Za-z_]\\w*@|%[A-Za-z_][\\w.]*%|\\$[A-Za-z_]\\w*\\$|{_PYTHON}|{_PRINTF}")
_ICU_COMPLEX = re.compile(r"\s*([\w.$-]+)\s*,\s*(plural|select|selectordinal)\s*,")
_TEMPLATE = re.compile(r"<%.*?%>", re.S)
_TAGS = re.compile(r"</?[A-Za-z][\w:.-]*(?:\s[^<>]*)?/?>")
#: Formats whose strings hold markup as text (a tag there must come back as it was).
MARKUP_IN_STRINGS = ("json", "yaml", "properties", "strings", "stringsdict", "po", "android")
_LANG_KEY = re.compile(r"[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*")
#: a Rails-style root key (after a byte-order mark; a comment may follow it)
_YAML_ROOT = re.compile(r"^(\ufeff?)([\"']?)[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*\2:(?=[ \t]*(?:#[^\r\n]*)?(?:\r?\n|$))",
                        re.M)
_ICU_KEY = re.compile(r"\s*(offset:\s*\d+\s*)?(=?[\w.-]+)\s*\{")


def _closing(text: str, at: int) -> int:
    """The index of the ``}`` closing the ``{`` at ``at`` (-1 when unbalanced)."""
    depth = 0
    for i in range(at, len(text)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return i
    return -1


def placeholders(text: str, markup: bool = False) -> list[str]:
    """The placeholders of ``text`` in order: printf/python ones in text, each ``{…}`` argument (spaces
    dropped), and for an ICU plural/select its argument, type and keys with the placeholders of each branch.
    ``markup``: also the tags (``<b>``, ``</b>``) in a string. (Written here rather than taken from tagmt, so that
    the check does not trust what it checks.)"""
    out: list[str] = _TAGS.findall(text) if markup else []
    out += _TEMPLATE.findall(text)  # a template's <% … %> is a placeholder whole, whatever braces it holds
    text = _TEMPLATE.sub("\0", text)
    at = 0
    while at < len(text):
        brace = text.find("{", at)
        end = _closing(text, brace) if brace >= 0 else -1
        if brace < 0 or end < 0:
            out += _FLAT.findall(text[at:])
            break
        out += _FLAT.findall(text[at:brace])
        inner = text[brace + 1:end]
        complex_ = _ICU_COMPLEX.match(inner)
        if complex_:
            out.append(f"{{{complex_.group(1)},{complex_.group(2)}")
            pos = complex_.end()
            while True:
                key = _ICU_KEY.match(inner, pos)
                if not key:
                    break
                close = _closing(inner, key.end() - 1)
                if close < 0:
                    break
                out.append(f"key:{key.group(2)}")
                out += placeholders(inner[key.end():close], markup)
                pos = close + 1
            out.append("}")
        else:
            out.append(re.sub(r"\s+", "", text[brace:end + 1]))
        at = end + 1
    return out


# -- structure and strings per format: (structure, {place: text}) ---------------------------------------------

def _walk(value: object, path: str, shape: list, strings: dict) -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            shape.append(f"{path}/{key}")
            _walk(item, f"{path}/{key}", shape, strings)
    elif isinstance(value, list):
        shape.append(f"{path}[{len(value)}]")
        for n, item in enumerate(value):
            _walk(item, f"{path}[{n}]", shape, strings)
    elif isinstance(value, str):
        strings[path] = value
    else:
        shape.append(f"{path}={value!r}")


def parse_json(data: bytes):
    shape: list = []
    strings: dict = {}
    _walk(json.loads(data), "", shape, strings)  # (bytes: json finds UTF-8/16/32 and a byte-order mark)
    return shape, strings


def parse_yaml(data: bytes):
    from ruamel.yaml import YAML
    shape: list = []
    strings: dict = {}
    for n, document in enumerate(YAML(typ="safe", pure=True).load_all(data)):
        if isinstance(document, dict) and len(document) == 1 and _LANG_KEY.fullmatch(str(next(iter(document)))):
            document = {"LANG": next(iter(document.values()))}  # a Rails file's root key is its language
        _walk(document, f"#{n}", shape, strings)
    return shape, strings


def parse_stringsdict(data: bytes):
    shape: list = []
    strings: dict = {}
    _walk(plistlib.loads(data), "", shape, strings)
    return shape, strings


def parse_po(data: bytes):
    import polib
    catalog = polib.pofile(data.decode("utf-8", "replace"))
    shape, strings = [], {}
    for n, e in enumerate(catalog):
        key = f"{n}:{e.msgctxt!r}:{e.msgid!r}:{e.obsolete}"
        shape.append((key, e.msgid_plural, e.comment, e.tcomment, tuple(e.occurrences),
                      tuple(f for f in e.flags if f != "fuzzy"), e.previous_msgid))
        if e.msgid == "":
            continue
        strings[f"{key}:id"] = e.msgid
        if e.msgid_plural:
            strings[f"{key}:plural"] = e.msgid_plural
            for form, text in sorted(e.msgstr_plural.items()):
                strings[f"{key}:str[{form}]"] = text
        else:
            strings[f"{key}:str"] = e.msgstr
    return shape, strings


def _ttk(kind: str):
    def parse(data: bytes):
        from translate.storage import properties
        bom = data.startswith((b"\xff\xfe", b"\xfe\xff"))
        data = data[3:] if data.startswith(b"\xef\xbb\xbf") else data
        latin1 = kind == "propfile" and not bom and not _is_utf8(data)
        store = getattr(properties, kind)(io.BytesIO(data), encoding=None if bom else "latin-1" if latin1 else "utf-8")
        units = [u for u in store.units if not u.isheader() and u.name]
        return [u.name for u in units], {u.name: u.source for u in units}
    return parse


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def parse_xml(data: bytes):
    from lxml import etree
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=True)
    root = etree.fromstring(data, parser)
    return _tree(root, etree)


def _tree(root, etree):
    shape, strings = [], {}
    for n, element in enumerate(root.iter()):
        if not isinstance(element.tag, str):
            continue
        names = sorted(a for a in element.attrib if not a.endswith("lang"))
        shape.append((element.tag, tuple(names), element.get("name"), element.get("id")))
        strings[f"{n}:{element.tag}:text"] = element.text or ""
        strings[f"{n}:{element.tag}:tail"] = element.tail or ""
        for name in names:
            strings[f"{n}:@{name}"] = element.get(name)
    return shape, strings


def parse_html(data: bytes):
    import html5lib
    from lxml import etree
    utf8 = {"transport_encoding": "utf-8"} if _is_utf8(data) else {}  # (else html5lib sniffs, as a browser)
    root = html5lib.parse(data, treebuilder="lxml", namespaceHTMLElements=False, **utf8).getroot()
    return _tree(root, etree)


def parse_markdown(data: bytes):
    from markdown_it import MarkdownIt
    md = MarkdownIt("commonmark").enable("table").enable("strikethrough")
    shape, strings = [], {}
    for n, token in enumerate(md.parse(data.decode("utf-8-sig"))):
        children = token.children or []
        # (a soft line break is a space: a translation reflows its paragraph)
        shape.append((token.type, token.tag, token.nesting, token.info,
                      tuple((c.type, c.tag) for c in children if c.type not in ("text", "softbreak")),
                      tuple(c.content for c in children if c.type in ("code_inline", "html_inline")),
                      tuple(c.attrs.get("href") or c.attrs.get("src") or "" for c in children
                            if c.type in ("link_open", "image"))))
        if token.type in ("fence", "code_block"):
            shape.append(token.content)
        elif token.type == "html_block":  # its markup, not its text
            shape.append(tuple(re.findall(r"</?[\w:-]+", token.content)))
        if token.type == "inline":
            strings[str(n)] = " ".join(c.content for c in children if c.type == "text")
    return shape, strings


PARSERS = {"json": parse_json, "yaml": parse_yaml, "stringsdict": parse_stringsdict, "po": parse_po,
           "properties": _ttk("propfile"), "strings": _ttk("stringsfile"), "android": parse_xml, "its": parse_xml,
           "xhtml": parse_xml, "html": parse_html, "markdown": parse_markdown}


# -- copy: identical but the language declaration and character references ------------------------------------

_CHARREF = re.compile(r"&#(?:[xX]([0-9a-fA-F]+)|(\d+));")
_ROOT_TAG = re.compile(r"<!--.*?-->|<\?.*?\?>|<!DOCTYPE[^>\[]*(?:\[.*?\])?\s*>|(<(?![?!/])[^>]*>)", re.S | re.I)
_LANG_ATTR = re.compile(r"""\s(?:xml:)?lang\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)""")
_META_LANG = re.compile(r"""(<meta\s[^>]*http-equiv\s*=\s*["']?content-language["']?[^>]*>)""", re.I)
_PO_LANGUAGE = re.compile(r'^"Language: [^"\\]*\\n"\r?\n', re.M)


def normalize(text: str, fmt: str) -> str:
    if fmt == "po":
        return _PO_LANGUAGE.sub("", text)
    if fmt == "yaml":
        return _YAML_ROOT.sub(r"\1LANG:", text, count=1)
    if fmt in ("html", "xhtml", "its", "android"):
        root = next((m for m in _ROOT_TAG.finditer(text) if m.group(1)), None)
        if root:
            text = text[:root.start()] + _LANG_ATTR.sub("", root.group()) + text[root.end():]
        text = _META_LANG.sub("<meta content-language>", text)
        text = _CHARREF.sub(lambda m: chr(int(m.group(1), 16) if m.group(1) else int(m.group(2))), text)
    return text


def _first_difference(a: str, b: str) -> str:
    la, lb = a.splitlines(), b.splitlines()
    for n, (x, y) in enumerate(zip(la, lb), 1):
        if x != y:
            return f"line {n}: {x[:70]!r} became {y[:70]!r}"
    return f"{len(la)} lines became {len(lb)}"


def _decode(data: bytes) -> str:
    for bom, codec in ((b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be")):
        if data.startswith(bom):
            return data.decode(codec)
    return data.decode("utf-8", "replace")


def check_copy(fmt: str, source: bytes, output: bytes) -> str | None:
    if source == output:
        return None
    if fmt == "po":
        src_shape, src = parse_po(source)
        out_shape, out = parse_po(output)
        if src_shape != out_shape:
            return "copy: the catalog's entries or comments changed"
        import polib
        for old, new in zip(polib.pofile(source.decode("utf-8", "replace")),
                            polib.pofile(output.decode("utf-8", "replace"))):
            # (polib's own notion of a translation: a fuzzy msgstr is not one, and tagmt replaces it)
            if old.translated() and (old.msgstr, old.msgstr_plural) != (new.msgstr, new.msgstr_plural):
                return f"copy: an existing translation changed: {old.msgstr[:60]!r} became {new.msgstr[:60]!r}"
        return None
    a, b = normalize(_decode(source), fmt), normalize(_decode(output), fmt)
    return None if a == b else f"copy differs: {_first_difference(a, b)}"


def check_pseudo(fmt: str, source: bytes, output: bytes) -> str | None:
    try:
        src_shape, src = PARSERS[fmt](source)
    except Exception as exc:  # the input itself is not what its parser reads: nothing to compare
        return f"skip: the input does not parse ({type(exc).__name__}: {str(exc)[:80]})"
    try:
        out_shape, out = PARSERS[fmt](output)
    except Exception as exc:
        return f"pseudo output does not parse: {type(exc).__name__}: {str(exc)[:120]}"
    if src_shape != out_shape:
        diff = next(((a, b) for a, b in zip(src_shape, out_shape) if a != b), (len(src_shape), len(out_shape)))
        return f"pseudo: structure differs: {str(diff[0])[:90]} became {str(diff[1])[:90]}"
    for key, text in src.items():
        got = out.get(key)
        if got is None:
            return f"pseudo: {key[:60]} is missing"
        if fmt == "po" and ":str" in key and not text:
            base = src.get(key.split(":str")[0] + (":plural" if "[" in key and not key.endswith("[0]") else ":id"))
            text = base if base is not None else text
            if not got:
                continue
        if Counter(placeholders(text, fmt in MARKUP_IN_STRINGS)) != Counter(placeholders(got, fmt in MARKUP_IN_STRINGS)):
            return f"pseudo: placeholders differ in {key[:50]}: {text[:60]!r} became {got[:60]!r}"
    if source == output and any(re.search(r"[A-Za-z]{2}", t) for t in src.values()):
        return "pseudo: no text replaced"
    return None


# -- running the CLI -------------------------------------------------------------------------------------------

def detect_format(path: Path) -> str | None:
    from tagmt.corpus.detect import detect
    from tagmt.errors import TagmtError
    data = path.read_bytes()
    try:
        fmt, stream = detect(path, data, "a document")
    except TagmtError:
        return None
    if stream is not None:
        try:
            stream.drain()
        except TagmtError:  # (malformed past its root: the run refuses it, and says where)
            pass
    return fmt


#: What each run is told besides the file and the model (``--as-typed``: nothing, as a user types it).
GIVEN = ["--approach", "dt", "--src-lang", "en", "--trg-lang", "de"]


def run(path: Path, model: str, out: Path) -> tuple[str, str]:
    """(status, reason) of one ``translate`` run: ok, refused (one error line) or failed."""
    from tagmt.cli import main
    argv = ["translate", "--input", str(path), "--model", model, *GIVEN, "-o", str(out)]
    err, std = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(std):
            code = main(argv)
    except BaseException as exc:  # noqa: BLE001 — a crash is what this looks for
        if isinstance(exc, KeyboardInterrupt):
            raise
        last = traceback.format_exception(exc)[-2].strip().splitlines()[0]
        return "failed", f"{model}: {type(exc).__name__}: {str(exc)[:100]} ({last[:100]})"
    errors = [line for line in err.getvalue().splitlines() if line.startswith("tagmt: error:")]
    if code != 0:
        if len(errors) == 1 and "Traceback" not in err.getvalue():
            return "refused", errors[0][len("tagmt: error: "):][:160]
        return "failed", f"{model}: exit {code}: {err.getvalue().strip()[-200:]!r}"
    if not out.exists():
        return "failed", f"{model}: nothing written"
    return "ok", ""


def check(path: Path, fmt: str, work: Path) -> tuple[str, str]:
    source = path.read_bytes()
    for model, checker in (("copy", check_copy), ("pseudo", check_pseudo)):
        out = work / model / path.name
        out.parent.mkdir(parents=True, exist_ok=True)
        if out.exists():
            out.unlink()
        status, reason = run(path, model, out)
        if status != "ok":
            return status, reason
        problem = checker(fmt, source, out.read_bytes())
        if problem == "pseudo: no text replaced" and not _has_segments(path):
            problem = None  # (nothing to translate, as tagmt reads it: XML of attributes only, a PO file translated
            # throughout; nothing declared)
        if problem and problem.startswith("skip:"):
            return "skipped", problem[6:]
        if problem:
            return "failed", problem
    return "ok", ""


def _has_segments(path: Path) -> bool:
    """Whether the run had anything to write: a segment neither kept (a PO entry already translated) nor locked."""
    from tagmt.corpus import read_corpus
    return any(s.keep is None and s.locked is None for s in read_corpus(path).segments)


def files_under(dirs: list[str]):
    for given in dirs:
        root = Path(given)
        yield from ([root] if root.is_file() else sorted(p for p in root.rglob("*") if p.is_file()))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dirs", nargs="*", metavar="DIR")
    ap.add_argument("--verbose", action="store_true", help="also print the files that are ok")
    ap.add_argument("--limit", type=int, default=0, help="at most N files per format")
    ap.add_argument("--max-mb", type=float, default=5.0, help="skip files larger than this")
    ap.add_argument("--quick", action="store_true",
                    help="one hand-made file per format (tests/data/roundtrip): a check that the machinery runs")
    ap.add_argument("--as-typed", action="store_true",
                    help="run translate without --approach, --src-lang and --trg-lang, as a user types it (copy and "
                         "pseudo need none; nothing is then declared, and copy must give the file back as it is)")
    args = ap.parse_args(argv)
    if args.as_typed:
        GIVEN.clear()
    if args.quick:
        args.dirs, args.limit = args.dirs or [str(Path(__file__).resolve().parent.parent / "tests/data/roundtrip")], 1
    if not args.dirs:
        ap.error("give the folders to check (DIR …), or --quick")
    counts: dict[str, Counter] = {}
    with tempfile.TemporaryDirectory(prefix="tagmt-roundtrip-") as tmp:
        for n, path in enumerate(files_under(args.dirs)):
            if path.is_symlink() or path.stat().st_size > args.max_mb * 1e6 or path.stat().st_size == 0:
                continue
            fmt = detect_format(path)
            undetected = fmt is None and path.suffix.lower() in EXTENSIONS
            if undetected:  # tagmt cannot tell what it is (malformed XML…): what does the user's run say?
                fmt = f"?{path.suffix.lower()}"
            elif fmt is None or fmt in SKIPPED or fmt not in PARSERS:
                continue
            tally = counts.setdefault(fmt, Counter())
            if args.limit and sum(tally.values()) >= args.limit:
                continue
            if undetected:
                (Path(tmp) / str(n)).mkdir(parents=True, exist_ok=True)
                status, reason = run(path, "copy", Path(tmp) / str(n) / path.name)
                status = "failed" if status == "ok" else status  # (read by the run, not by detection: odd)
            else:
                status, reason = check(path, fmt, Path(tmp) / str(n))
            tally[status] += 1
            if status != "ok" or args.verbose:
                print(f"{fmt}\t{status}\t{path}\t{reason}", flush=True)
    print("format\tok\trefused\tfailed\tskipped\tok share")
    for fmt, tally in sorted(counts.items()):
        total = tally["ok"] + tally["refused"] + tally["failed"]
        share = f"{100 * tally['ok'] / total:.0f} %" if total else "-"
        print(f"{fmt}\t{tally['ok']}\t{tally['refused']}\t{tally['failed']}\t{tally['skipped']}\t{share}")
    checked = sum(t["ok"] + t["refused"] + t["failed"] for t in counts.values())
    if checked:
        print(f"ratio files ok / checked: {sum(t['ok'] for t in counts.values()) / checked:.2f}")
    return 1 if any(t["failed"] for t in counts.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
