"""The layering rules of issue 35, read from the source (ast): every import of src/tagmt, at module level
and inside functions (blocks under ``if TYPE_CHECKING:`` are skipped: they never run).

1. no import cycle between modules (a package importing its own submodules does not count: a module's
   import of its own package is no edge; a cycle through a package's ``__init__`` and out of it is one);
2. no library module imports the public surface (``tagmt.api``, ``tagmt.cli``, ``tagmt.commands``, or an
   API name from ``tagmt`` itself); only ``tagmt/__init__.py``, the CLI and the commands may;
3. a lower layer never imports a higher one (``LAYERS``);
4. only ``tagmt/cli.py`` and ``tagmt/commands/*`` import argparse (library functions take plain values).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"

#: From the bottom: a module may import its own layer and those below, never one above. A module's layer is
#: that of its longest prefix listed here.
LAYERS: list[tuple[str, ...]] = [
    # leaves: common ground that imports only other leaves
    ("tagmt.errors", "tagmt.paths", "tagmt.languages", "tagmt.safeio", "tagmt.safexml", "tagmt.atomic",
     "tagmt.markup", "tagmt.plaintext", "tagmt.linecodec", "tagmt.standins", "tagmt.csvsafe", "tagmt.secrets",
     "tagmt.progress", "tagmt.hub", "tagmt.outputs", "tagmt.aligner_names", "tagmt.tables",
     "tagmt.significance", "tagmt.registry", "tagmt.xmltext", "tagmt.filekinds"),
    # the building blocks: reading corpora and data sets, metrics, MT engines, tag projection
    ("tagmt.corpus", "tagmt.data", "tagmt.metrics", "tagmt.engines", "tagmt.projection"),
    # the checks before a run: what the engines and the aligners need
    ("tagmt.preflight",),
    # what the commands do, built from the blocks (and test helpers built the same way)
    ("tagmt.translation", "tagmt.evaluation", "tagmt.evaluate_files", "tagmt.report", "tagmt.reproduce",
     "tagmt.workflows", "tagmt.demo", "tagmt.testing", "tagmt.serve"),
    # the documented surface, the package's lazy names, the commands and the CLI
    ("tagmt.api",),
    ("tagmt",),
    ("tagmt.commands",),
    ("tagmt.cli", "tagmt.__main__"),
]

#: Names ``tagmt/__init__.py`` holds itself; any other name imported from ``tagmt`` is the public API.
ROOT_NAMES = {"__version__"}

#: Edges allowed to break the rules, each with its reason. Empty: every cycle and upward import found while
#: restructuring (issue 35, step 1) was removed.
KNOWN_CYCLE_EDGES: set[tuple[str, str]] = set()

#: Upward edges allowed, each with its reason (none).
KNOWN_LAYER_VIOLATIONS: set[tuple[str, str]] = set()

SURFACE = ("tagmt.api", "tagmt.cli", "tagmt.commands")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES: dict[str, Path] = {_module_name(p): p for p in sorted((SRC / "tagmt").rglob("*.py"))}


def _within(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    """The ids of every node under an ``if TYPE_CHECKING:`` (or ``typing.TYPE_CHECKING``) block."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If):
            test = node.test
            name = test.id if isinstance(test, ast.Name) else test.attr if isinstance(test, ast.Attribute) else ""
            if name == "TYPE_CHECKING":
                for statement in node.body:
                    skipped.update(id(inner) for inner in ast.walk(statement))
    return skipped


def _known_module(name: str) -> str | None:
    """The module of ``tagmt`` that an imported name lives in (a name inside a module: that module)."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


class Imports:
    """Every import of one module: the tagmt modules it imports, API names it takes from ``tagmt``, and
    whether it imports argparse."""

    def __init__(self, module: str, path: Path):
        self.module = module
        self.targets: set[str] = set()
        self.root_names: set[str] = set()
        self.argparse = False
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        skipped = _type_checking_nodes(tree)
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        for node in ast.walk(tree):
            if id(node) in skipped:
                continue
            if isinstance(node, ast.Import):
                for alias in node.names:
                    self._add(alias.name)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")
                    parts = parts[: len(parts) - (node.level - 1)]
                    base = ".".join(parts + ([node.module] if node.module else []))
                for alias in node.names:
                    # ``from tagmt import csvsafe`` imports the module tagmt.csvsafe; ``from tagmt import x`` a name
                    if f"{base}.{alias.name}" in MODULES:
                        self._add(f"{base}.{alias.name}")
                    else:
                        self._add(base)
                        if base == "tagmt":
                            self.root_names.add(alias.name)

    def _add(self, name: str) -> None:
        if name == "argparse" or name.startswith("argparse."):
            self.argparse = True
        if not _within(name, "tagmt"):
            return
        target = _known_module(name)
        if target is not None and target != self.module:
            self.targets.add(target)


IMPORTS = {module: Imports(module, path) for module, path in MODULES.items()}


def _up_to_own_package(module: str, target: str) -> bool:
    """A module importing its own package (``from tagmt.projection import Detagged`` in projection.render):
    not an edge, so that a package importing its own submodules is no cycle. The package's edges to its
    submodules stay: a cycle that runs through a package's ``__init__`` and out of it is a real one."""
    return _within(module, target)


def _graph(ignore: set[tuple[str, str]]) -> dict[str, set[str]]:
    return {m: {t for t in imports.targets if not _up_to_own_package(m, t) and (m, t) not in ignore}
            for m, imports in IMPORTS.items()}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def layer_of(module: str) -> int:
    best, level = "", -1
    for k, layer in enumerate(LAYERS):
        for prefix in layer:
            if _within(module, prefix) and len(prefix) > len(best):
                best, level = prefix, k
    return level


def test_every_module_has_a_layer():
    assert [m for m in MODULES if layer_of(m) < 0] == []


def test_no_import_cycle():
    cycles = _cycles(_graph(KNOWN_CYCLE_EDGES))
    assert cycles == [], "import cycles: " + "; ".join(" <-> ".join(c) for c in cycles)


def test_the_known_cycles_are_still_there():
    """An allowed edge that is gone should leave the allow-list (so that it cannot come back unseen)."""
    gone = sorted(edge for edge in KNOWN_CYCLE_EDGES | KNOWN_LAYER_VIOLATIONS if edge[1] not in IMPORTS[edge[0]].targets)
    if gone:
        pytest.skip(f"allowed edges no longer in the source (empty them from the allow-lists): {gone}")


def test_no_library_module_imports_the_public_surface():
    allowed = ("tagmt", "tagmt.cli", "tagmt.__main__", "tagmt.commands")
    offenders = []
    for module, imports in IMPORTS.items():
        if module in allowed or _within(module, "tagmt.commands"):
            continue
        offenders += [f"{module} -> {t}" for t in sorted(imports.targets) if any(_within(t, s) for s in SURFACE)]
        offenders += [f"{module} -> tagmt.{name}" for name in sorted(imports.root_names - ROOT_NAMES)]
    assert offenders == []


def test_no_lower_layer_imports_a_higher_one():
    upward = []
    for module, targets in _graph(KNOWN_CYCLE_EDGES | KNOWN_LAYER_VIOLATIONS).items():
        for target in sorted(targets):
            if target == "tagmt" and not (IMPORTS[module].root_names - ROOT_NAMES):
                continue  # only __version__ from the package itself: no dependency on what it resolves
            if layer_of(target) > layer_of(module):
                upward.append(f"{module} (layer {layer_of(module)}) -> {target} (layer {layer_of(target)})")
    assert upward == []


def test_only_the_cli_and_the_commands_import_argparse():
    users = [m for m, imports in IMPORTS.items() if imports.argparse]
    assert [m for m in users if not (m == "tagmt.cli" or _within(m, "tagmt.commands"))] == []


# The checks themselves, on made-up graphs and sources.

def test_a_cycle_is_found_and_a_package_with_its_children_is_not():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []
    assert _up_to_own_package("tagmt.report.html", "tagmt.report")
    assert not _up_to_own_package("tagmt.report", "tagmt.report.html")
    assert not _up_to_own_package("tagmt.report.html", "tagmt.reproduce")


def test_imports_inside_functions_count_and_type_checking_ones_do_not(tmp_path):
    path = tmp_path / "m.py"
    path.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from tagmt.api import Results\n"
                    "def f():\n    from tagmt.cli import main\n    import argparse\n"
                    "from tagmt import __version__, evaluate\n", encoding="utf-8")
    imports = Imports("tagmt.errors", path)
    assert imports.targets == {"tagmt.cli", "tagmt"} and imports.argparse and imports.root_names == {"__version__",
                                                                                                      "evaluate"}


def test_layer_order():
    assert layer_of("tagmt.errors") < layer_of("tagmt.corpus.xliff12") < layer_of("tagmt.translation.files")
    assert layer_of("tagmt.translation.files") < layer_of("tagmt.api") < layer_of("tagmt.commands.shared")
    assert layer_of("tagmt.commands.shared") < layer_of("tagmt.cli")
