"""The engine runs in the browser and in CPython alike: nothing under app/engine may touch the DOM."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "app" / "engine"
FORBIDDEN = {"js", "pyodide", "pyscript"}


def imported_roots(source: str) -> set[str]:
    roots: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id == "__import__" and node.args
              and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            roots.add(node.args[0].value.split(".")[0])
    return roots


def test_the_checker_sees_every_import_form() -> None:
    source = "import js\nfrom pyodide.ffi import x\nimport a.b as c\n__import__('pyscript')\n"
    assert imported_roots(source) == {"js", "pyodide", "a", "pyscript"}


@pytest.mark.parametrize("path", sorted(ENGINE.rglob("*.py")), ids=lambda p: p.name)
def test_no_engine_module_imports_the_browser(path: Path) -> None:
    assert not imported_roots(path.read_text(encoding="utf-8")) & FORBIDDEN


def test_the_engine_imports_only_the_standard_library_and_itself() -> None:
    import sys

    allowed = set(sys.stdlib_module_names) | {"app"}
    for path in ENGINE.rglob("*.py"):
        extra = imported_roots(path.read_text(encoding="utf-8")) - allowed
        assert not extra, f"{path.name} imports {sorted(extra)}"
