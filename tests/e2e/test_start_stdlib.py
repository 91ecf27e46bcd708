"""The trimmed standard library in the page: after every screen and feature, each module Python
has loaded came from the app's zip (tools/stdlib.py), app.zip or PyScript's package, and no import
looked in vain for a module Pyodide's own standard library has. The build-time side of the same
check is tests/tools/test_stdlib.py.

Also here: app.zip ships bytecode only, and a traceback still names the app's file and line.
"""

from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from app.share.link import game_fragment
from tests.e2e.test_share import seeded, typical
from tests.e2e.test_ui import assert_no_app_errors, saved, start
from tools.serve import DistServer

ROOT = Path(__file__).resolve().parents[2]
PYTHON = """async (code) => {
  const { loadPyodide } = await import(new URL("./python.mjs", location.href).href);
  const pyodide = await loadPyodide(); // the page's own Python, already started
  const dict = pyodide.globals.get("dict");
  const scope = dict();
  try {
    return pyodide.runPython(code, { globals: scope });
  } finally {
    scope.destroy();
    dict.destroy();
  }
}"""
WATCH = """
import importlib.machinery, sys

class Missed:
    \"\"\"Asked after every finder of the standard library and the app: a module none found.\"\"\"
    names = []

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        cls.names.append(name)

at = sys.meta_path.index(importlib.machinery.PathFinder) + 1
sys.meta_path.insert(at, Missed)
sys.debertz_missed = Missed.names
"""
LOADED = """  # a frozen module is in the interpreter itself (its __file__ names the zip all the same)
import json, sys
json.dumps({
    "missed": sorted(set(getattr(sys, "debertz_missed", ["<the watch was not installed>"]))),
    "files": {name: getattr(module, "__file__", None) or "" for name, module in
              list(sys.modules.items())
              if getattr(getattr(module, "__spec__", None), "origin", None) != "frozen"},
})
"""
TRACEBACK = """
import traceback, app.jsonlimits
try:
    app.jsonlimits.loads("[" * 1000)
except Exception as error:
    said = "".join(traceback.format_exception(error))
said
"""
SOURCES = ("/lib/python314.zip/", "/home/pyodide/app/", "/home/pyodide/pyscript/")
"""Where a module's file may be: the trimmed standard library, app.zip, PyScript's package."""


def python(page: Page, code: str) -> Any:
    return page.evaluate(PYTHON, code)


def pyodide_modules() -> set[str]:
    """Every module of Pyodide's own python_stdlib.zip."""
    names = zipfile.ZipFile(ROOT / "node_modules/pyodide/python_stdlib.zip").namelist()
    return {
        name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        for name in names
        if name.endswith(".py")
    }


def every_screen(page: Page, app_url: str, tmp_path: Path) -> None:
    """Each screen and feature once: a restore, a game, its chart, the hand form, the statistics,
    a QR code, a rules link, a shared game, the import screen, help, the new-game form."""
    seeded(page, {"g1": typical("g1"), "g2": typical("g2", players=2, hands=12, seed=2)}, tmp_path)
    page.goto(app_url + "#/game/g1")
    page.click("#chart-fold > summary")
    expect(page.locator("#chart-fold svg.chart")).to_be_visible()
    page.click("#new-hand")
    expect(page.locator("#save-hand")).to_be_visible()
    page.goto(app_url + "#/stats")
    expect(page.locator("#player-0")).to_be_visible()
    page.goto(app_url + "#/game/g1")
    page.click("#share-game")
    expect(page.locator("#qr svg")).to_be_visible()
    page.goto(app_url + "#/new")
    expect(page.locator("#start-game")).to_be_visible()
    page.goto(app_url + "#/share/rules")
    expect(page.locator("#qr svg")).to_be_visible()
    page.goto(app_url + game_fragment(typical("g3", players=3, hands=20, seed=3)))
    expect(page.locator("#save-shared")).to_be_visible()
    page.goto(app_url + "#/import")
    page.goto(app_url + "#/help")
    expect(page.locator("#app h2").first).to_be_visible()
    page.goto(app_url + "#/")
    saved(page)


def test_every_module_loaded_after_every_screen_comes_from_the_trimmed_stdlib_or_the_app(
    page: Page, app_url: str, wait_ready: Any, recorder: Any, tmp_path: Path
) -> None:
    start(page, app_url, wait_ready, "en")
    python(page, WATCH)
    every_screen(page, app_url, tmp_path)
    found = json.loads(python(page, LOADED))
    missed = sorted(set(found["missed"]) & pyodide_modules())
    assert missed == [], "imported, in Pyodide's standard library, left out of the app's"
    elsewhere = {
        name: path for name, path in found["files"].items() if path and not path.startswith(SOURCES)
    }
    assert elsewhere == {}, "loaded from outside the app's zips"
    standard = [path for path in found["files"].values() if path.startswith(SOURCES[0])]
    assert len(standard) > 100 and all(path.endswith(".pyc") for path in standard)
    assert "app._vendor.segno.encoder" in found["files"], "the QR code was drawn"
    assert_no_app_errors(recorder)


def test_app_zip_is_bytecode_and_a_traceback_names_the_apps_file_and_line(
    page: Page, app_url: str, wait_ready: Any
) -> None:
    page.goto(app_url)
    wait_ready(page)
    said = python(page, TRACEBACK)
    source = (ROOT / "app/jsonlimits.py").read_text(encoding="utf-8").splitlines()
    frames = re.findall(r'File "/home/pyodide/app/jsonlimits\.py", line (\d+), in (\w+)', said)
    assert frames, said
    for line, function in frames:  # each line is in the function the traceback names
        above = [text for text in source[: int(line)] if text.lstrip().startswith("def ")]
        assert above and f"def {function}(" in above[-1], (line, function)
    files = python(page, "import app.storage\napp.storage.__file__")
    assert files == "/home/pyodide/app/storage.pyc"


PYSCRIPT_IMPORTED = """
import importlib.util, json, sys, types
modules = {name: module for name, module in list(sys.modules.items())
           if name.split(".")[0] == "pyscript" and getattr(module, "__file__", None)}
found = {}
for name, module in modules.items():
    source = open(module.__file__, "rb").read()
    try:
        pyc = open(importlib.util.cache_from_source(module.__file__), "rb").read()
    except OSError:
        pyc = b""
    functions = [value for value in vars(module).values()
                 if isinstance(value, types.FunctionType) and value.__module__ == name]
    found[name] = {
        "flags": int.from_bytes(pyc[4:8], "little") if pyc else None,
        "current": pyc[8:16] == importlib.util.source_hash(source),
        # the build compiles without column tables (PYTHONNODEBUGRANGES), the page with them
        "columns": [list(function.__code__.co_positions())[-1][2] for function in functions],
    }
json.dumps(found)
"""


def test_pyscripts_package_is_imported_from_the_bytecode_the_build_made(
    page: Page, app_url: str, wait_ready: Any
) -> None:
    """PyScript writes its Python package as source at every start; python.mjs has put its
    checked-hash .pyc files beside it first (tools/debertz_start.py), so nothing was compiled."""
    page.goto(app_url)
    wait_ready(page)
    found = json.loads(python(page, PYSCRIPT_IMPORTED))
    assert {"pyscript", "pyscript.context", "pyscript.display", "pyscript.workers"} <= set(found)
    for name, seen in found.items():
        assert seen["flags"] == 0b11, f"{name}: no checked-hash .pyc beside its source"
        assert seen["current"], f"{name}: its .pyc is of another source than PyScript's"
    columns = [column for seen in found.values() for column in seen["columns"]]
    assert columns and set(columns) == {None}, "a module was compiled in the page after all"


GENERATED = """
import dataclasses, collections, json
from app import generated
from app.storage import GameWrite
json.dumps({"left": [hasattr(dataclasses, "exec"), hasattr(collections, "eval")],
            "shipped": len(generated.shipped()), "write": repr(GameWrite("g1", {}, None))[:20]})
"""


@pytest.mark.fresh_context
def test_the_code_the_apps_classes_generate_was_compiled_by_the_build(
    page: Page, server: DistServer, wait_ready: Any
) -> None:
    """A start without a snapshot (a new profile) makes the app's dataclasses and named
    tuples: the code they generate comes from generated.marshal (app/generated.py), none is
    compiled in the page, and the standard library is left as it was."""
    page.goto(server.url)
    wait_ready(page)
    assert page.get_attribute("html", "data-python") == "normal"
    made = page.get_attribute("html", "data-python-generated") or ""
    ahead, compiled = re.fullmatch(r"(\d+) ahead, (\d+) compiled", made).groups()  # type: ignore[union-attr]
    found = json.loads(python(page, GENERATED))
    assert int(ahead) >= 50 and int(compiled) == 0 and int(ahead) <= found["shipped"], made
    assert found["left"] == [False, False]
    assert found["write"].startswith("GameWrite(game_id=")
