"""Translation pipelines (DT, DP) and resumable runs (cache, resume, atomic output)."""

from tagmt.callable_module import make_callable as _make_callable

_make_callable(__name__, "translate")  # tagmt.translate(…) is the public API's translate (docs/api.md)
