"""``tagmt.translate(…)`` and ``tagmt.project(…)`` are both a public function (docs/api.md) and a package of
the library (``tagmt.translate.files``, ``tagmt.project.detag``). Python sets a package as an attribute of
its parent when it is imported, so a plain function of that name in ``tagmt/__init__.py`` would be replaced
(or would break ``tagmt.translate.files`` attribute look-ups, as ``mock.patch`` and pytest's monkeypatch do).
Instead the package's module object is made callable: calling it calls the API function."""

from __future__ import annotations

import sys
import types


def make_callable(module_name: str, function: str) -> None:
    """Make the module ``module_name`` callable as ``tagmt.api.<function>``."""
    module = sys.modules[module_name]

    class _CallableModule(types.ModuleType):
        def __call__(self, *args, **kwargs):
            from tagmt import api

            return getattr(api, function)(*args, **kwargs)

    _CallableModule.__name__ = f"callable module {module_name} (tagmt.api.{function})"
    module.__class__ = _CallableModule
