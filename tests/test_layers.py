"""The app's layers, read from its import graph (every import, inside functions too).

- No import circle anywhere in app/ (the graph and the circle finder are the engine's layer
  test's, tests/engine/test_layers.py): a module can be read knowing only what it imports.
- Only the shell (app/browser/ and app/main.py) touches the browser: the pure packages (the
  engine, the UI, sharing, storage) import nothing of ``js``, ``pyodide``, ``pyscript`` or
  ``app.browser``, so they run and are tested on CPython.
- The engine imports nothing of the app outside itself.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from tests.engine.test_layers import circles, import_graph, module_name

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "app"
BROWSER = ("js", "pyodide", "pyodide_js", "pyscript", "app.browser", "app.main")
SHELL = ("app.browser", "app.main")

MODULES = {module_name(path): path for path in APP.rglob("*.py") if "_vendor" not in path.parts}


def named_imports(name: str) -> Iterator[str]:
    """Every module name a module's import statements name, the browser's own included (the
    engine's reader keeps only the app's modules)."""
    for node in ast.walk(ast.parse(MODULES[name].read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            yield node.module
            yield from (f"{node.module}.{alias.name}" for alias in node.names)


def _touches(target: str, names: tuple[str, ...]) -> bool:
    return any(target == name or target.startswith(name + ".") for name in names)


def test_no_import_circle_in_the_app() -> None:
    assert circles(import_graph(APP)) == []


def test_only_the_shell_touches_the_browser() -> None:
    touching = {
        name: sorted(t for t in named_imports(name) if _touches(t, BROWSER))
        for name in MODULES
        if not _touches(name, SHELL)
    }
    assert {name: found for name, found in touching.items() if found} == {}


def test_the_shell_is_where_the_browser_is_used() -> None:
    """The check above is not empty: the shell does import the browser's modules."""
    shell = {t for name in MODULES if name.startswith("app.browser") for t in named_imports(name)}
    assert {"js", "pyodide.ffi"} <= shell


def test_the_engine_imports_nothing_of_the_app_outside_itself() -> None:
    outside = {
        name: sorted(
            t for t in named_imports(name) if t.startswith("app.") and not t.startswith("app.engine")
        )
        for name in MODULES
        if name.startswith("app.engine")
    }
    assert {name: found for name, found in outside.items() if found} == {}
