"""The app's layers, read from its import graph (every import, inside functions too).

- No import circle anywhere in app/: a module can be read knowing only what it imports.
- Only the shell (app/browser/ and app/main.py) touches the browser: the pure packages (the
  engine, the UI, sharing, storage) import nothing of ``js``, ``pyodide``, ``pyscript`` or
  ``app.browser``, so they run and are tested on CPython.
- The engine imports nothing of the app outside itself.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "app"
BROWSER = ("js", "pyodide", "pyodide_js", "pyscript", "app.browser", "app.main")
SHELL = ("app.browser", "app.main")


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {
    module_name(path): path
    for path in APP.rglob("*.py")
    if "_vendor" not in path.parts
}


def _resolve(module: str, level: int, here: str, is_package: bool) -> str:
    if not level:
        return module
    base = here.split(".") if is_package else here.split(".")[:-1]
    base = base[: len(base) - (level - 1)]
    return ".".join([*base, module] if module else base)


def imports_of(name: str) -> Iterator[str]:
    """Every module ``name`` imports (``from pkg import sub`` names the submodule)."""
    path = MODULES[name]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            source = _resolve(node.module or "", node.level, name, path.name == "__init__.py")
            yield source
            for alias in node.names:
                if f"{source}.{alias.name}" in MODULES:
                    yield f"{source}.{alias.name}"


def graph() -> dict[str, set[str]]:
    """The import graph among the app's own modules (a module's own package left out: a
    package's ``__init__`` that gathers its submodules is no circle)."""
    edges: dict[str, set[str]] = {}
    for name in MODULES:
        edges[name] = {
            target
            for target in imports_of(name)
            if target in MODULES and target != name and not name.startswith(target + ".")
        }
    return edges


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The import circles (strongly connected components of more than one module), Tarjan."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(edges[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def _touches(target: str, names: tuple[str, ...]) -> bool:
    return any(target == name or target.startswith(name + ".") for name in names)


def test_no_import_circle_in_the_app() -> None:
    assert circles(graph()) == []


def test_the_circle_finder_finds_one() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(edges) == [["a", "b", "c"]]


def test_only_the_shell_touches_the_browser() -> None:
    touching = {
        name: sorted(t for t in imports_of(name) if _touches(t, BROWSER))
        for name in MODULES
        if not _touches(name, SHELL)
    }
    assert {name: found for name, found in touching.items() if found} == {}


def test_the_shell_is_where_the_browser_is_used() -> None:
    """The check above is not empty: the shell does import the browser's modules."""
    shell = {t for name in MODULES if name.startswith("app.browser") for t in imports_of(name)}
    assert {"js", "pyodide.ffi"} <= shell


def test_the_engine_imports_nothing_of_the_app_outside_itself() -> None:
    outside = {
        name: sorted(t for t in imports_of(name) if t.startswith("app.") and not t.startswith("app.engine"))
        for name in MODULES
        if name.startswith("app.engine")
    }
    assert {name: found for name, found in outside.items() if found} == {}
