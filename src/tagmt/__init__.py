"""tagmt — machine translation of structured documents (inline markup carried across).

The public API (docs/api.md), imported on first use so that ``import tagmt`` and ``tagmt --help`` stay fast::

    import tagmt
    tagmt.metric("xml-bleu", trg_lang="de").corpus_score(hyps, [refs]).score
    tagmt.evaluate(refs, {"mt": hyps}, trg_lang="de").to_dict()
    tagmt.project(['Save &amp; <g id="1">close</g>'], ["Sichern & schließen"], src_lang="en", trg_lang="de")
    corpus = tagmt.read("file.xlf"); corpus.write("out.xlf", targets)
    tagmt.translate(["Open <g id=\"1\">Settings</g>"], src_lang="en", trg_lang="de", model="copy")
"""

__version__ = "0.1.0"

#: The documented names and the module that holds them. ``tagmt.project`` and ``tagmt.translate`` are plain
#: functions of ``tagmt.api``; the library's packages are ``tagmt.projection`` and ``tagmt.translation``.
_API = {"metric": "tagmt.api", "evaluate": "tagmt.api", "read": "tagmt.api", "project": "tagmt.api",
        "translate": "tagmt.api", "Score": "tagmt.api", "Metric": "tagmt.api", "Results": "tagmt.api",
        "TagmtError": "tagmt.errors"}

__all__ = ["__version__", *_API]


def __getattr__(name: str):
    import importlib

    module = _API.get(name)
    if module is None:
        raise AttributeError(f"module 'tagmt' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_API))
