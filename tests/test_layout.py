"""Who may import whom (docs/architecture.md, "Layout"): only the CLI parses arguments, commands never import
each other, and the library never imports the CLI."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "tagmt"
#: modules of tagmt/commands/ that are not commands: what commands share
SHARED = {"tagmt.commands.shared", "tagmt.commands.parser"}


def imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def module_name(path: Path) -> str:
    return ".".join(("tagmt", *path.relative_to(SRC).with_suffix("").parts)).removesuffix(".__init__")


def test_only_the_cli_parses_arguments():
    offenders = [module_name(p) for p in SRC.rglob("*.py")
                 if "argparse" in imports(p) and not module_name(p).startswith(("tagmt.commands", "tagmt.cli"))]
    assert offenders == []


def test_commands_do_not_import_each_other():
    for path in (SRC / "commands").glob("*.py"):
        other = {name for name in imports(path) if name.startswith("tagmt.commands.")} - SHARED
        assert other == set(), f"{module_name(path)} imports {other}"


def test_the_library_does_not_import_the_cli():
    for path in SRC.rglob("*.py"):
        name = module_name(path)
        if name.startswith(("tagmt.commands", "tagmt.cli", "tagmt.__main__")):
            continue
        assert not {i for i in imports(path) if i.startswith(("tagmt.commands", "tagmt.cli"))}, name
