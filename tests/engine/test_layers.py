"""The engine's modules import each other in layers, never in a circle.

The graph is read from the source (every import statement, those inside functions and under
``if TYPE_CHECKING:`` too), so an import made late to dodge a circle still counts.

    python tests/engine/test_layers.py [FOLDER]   prints the circles of a folder (default app/)
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "app" / "engine"
# Each module may import only modules of an earlier layer (app.engine itself, the package,
# gathers them all and sits on top with the command line).
LAYERS = [
    ["app.engine.errors"],
    ["app.engine.checks"],
    ["app.engine.rules"],
    ["app.engine.records"],
    ["app.engine.facts"],
    ["app.engine.scoring"],
    ["app.engine.claims"],
    ["app.engine.model"],
    ["app.engine", "app.engine.__main__"],
]


def module_name(path: Path, root: Path = ROOT) -> str:
    """``app/engine/model.py`` -> ``app.engine.model``; a package's ``__init__`` is the package."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(source: str, name: str, is_package: bool, known: set[str]) -> set[str]:
    """The modules of ``known`` that a module's source imports anywhere in it.

    ``from a import b`` counts as importing ``a.b`` when that is a module, else ``a``; relative
    imports are resolved against ``name``.
    """
    package = name if is_package else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                child = f"{base}.{alias.name}"
                found.add(child if child in known else base)
    return found & known


def import_graph(folder: Path, root: Path = ROOT) -> dict[str, set[str]]:
    """Module -> the modules of ``folder`` it imports."""
    paths = sorted(folder.rglob("*.py"))
    known = {module_name(p, root) for p in paths}
    return {module_name(p, root): imports_of(p.read_text(encoding="utf-8"), module_name(p, root),
                                             p.name == "__init__.py", known) - {module_name(p, root)}
            for p in paths}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of two or more modules (each one import circle or more)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_reader_counts_imports_inside_functions_and_relative_ones() -> None:
    source = ("from app.engine.errors import Report\n"
              "def f():\n    from app.engine import rules\n    from . import scoring\n"
              "    from .model import Game\n")
    known = {"app.engine", "app.engine.errors", "app.engine.rules", "app.engine.scoring",
             "app.engine.model"}
    assert imports_of(source, "app.engine.claims", False, known) == {
        "app.engine.errors", "app.engine.rules", "app.engine.scoring", "app.engine.model"}


def test_a_circle_of_two_or_three_modules_is_found() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a", "e"}, "e": {"d"}, "f": set()}
    assert circles(graph) == [["a", "b", "c"], ["d", "e"]]


def test_no_engine_module_imports_another_in_a_circle() -> None:
    assert circles(import_graph(ENGINE)) == []


def test_model_reaches_the_replay_only_through_the_claim_check() -> None:
    graph = import_graph(ENGINE)
    assert "app.engine.scoring" not in graph["app.engine.model"]
    assert "app.engine.claims" in graph["app.engine.model"]


def test_each_engine_module_imports_only_modules_of_earlier_layers() -> None:
    graph = import_graph(ENGINE)
    assert sorted(graph) == sorted(name for layer in LAYERS for name in layer)
    layer_of = {name: i for i, layer in enumerate(LAYERS) for name in layer}
    upward = sorted((name, other) for name, imported in graph.items() for other in imported
                    if layer_of[other] >= layer_of[name])
    assert upward == []


if __name__ == "__main__":
    folder = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else ROOT / "app"
    found = circles(import_graph(folder))
    for group in found:
        print(" <-> ".join(group))
    print(f"{len(found)} import circle(s) in {folder.relative_to(ROOT)}")
    sys.exit(1 if found else 0)
