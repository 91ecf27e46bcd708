"""The app's standard library: Pyodide's, trimmed to what the page can import, and compiled.

Pyodide ships ``python_stdlib.zip``: 559 modules as source, compiled again at every start that is
not restored from a snapshot (about 2 s of CPU at 1x), of which a start imports about 130.
:func:`make_stdlib` keeps the modules that can be imported in the page, compiled by the shipped
Pyodide under Node (tools/stdlib.mjs), and :func:`check_stdlib` starts Pyodide on the result and
imports every module the app, PyScript and the snapshot name: a module left out stops the build.
The page loads the zip through Pyodide's ``stdLibURL`` (app/static/python.mjs).

What is kept (the import closure, over Pyodide's own zip):
- every module Pyodide's start-up imports (measured: ``sys.modules`` after ``loadPyodide()``);
- every import of the app (``app/**/*.py`` and ``main.py``) and of PyScript's Python package (read
  from its bundle), at any depth: every code path of the app;
- :data:`NAMED`: modules code imports without an import statement we can read;
- and, from each module kept, the modules its import runs import (module level and class bodies,
  not function bodies, not ``if __name__ == "__main__"``), but :data:`LEFT_OUT` (another
  platform's, or a C module's pure-Python twin). An import inside a standard library function
  is followed only when named in :data:`NAMED`; the browser tests check that every module the
  app has loaded after visiting every screen is in the zip (tests/e2e/test_start_stdlib.py).

Compiled as ``python -OO`` would (no docstrings, no asserts) but for Pyodide's own packages, whose
docstrings it hands to its JavaScript API; no column tables (``PYTHONNODEBUGRANGES``). The
frozen modules (built into the interpreter: ``codecs``, ``os``, ``site``...) are left out.
"""

from __future__ import annotations

import ast
import base64
import hashlib
import json
import subprocess
import sys
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "tools/stdlib.mjs"
PYSCRIPT_DIST = ROOT / "node_modules/@pyscript/core/dist"
STDLIB_FILE = "vendor/pyodide/python_stdlib.app.zip"
"""Where the build writes the zip in dist/ (python.mjs and snapshot-worker.mjs load it)."""
NAMED: dict[str, str] = {
    "os": "PyScript's start-up code writes its package with `import os as _os`",
    "pathlib": "and `from pathlib import Path as _Path` (strings in PyScript's bundle)",
}
"""Modules kept though no import statement the closure reads names them, with the reason. (Not
difflib: traceback imports it inside ``suppress(Exception)`` to suggest a keyword for a
SyntaxError of code compiled at run time, which the app never does.)"""
LEFT_OUT: dict[str, str] = {
    "asyncio.windows_events": "asyncio imports it when sys.platform is win32",
    "asyncio.windows_utils": "imported by asyncio.windows_events only",
    "asyncio.proactor_events": "imported by asyncio.windows_events only",
    "encodings._win_cp_codecs": "encodings imports it when sys.platform is win32",
    "_pydatetime": "datetime's fallback where the C module _datetime is missing (Pyodide has it)",
    "_py_abc": "abc's fallback where the C module _abc is missing (Pyodide has it)",
    "_threading_local": "threading's fallback where _thread._local is missing (Pyodide has it)",
}
"""Modules of the import closure that this interpreter never loads, with the reason: left out of
the zip. The build's check fails if one is imported after all, and so does the browser test."""
BROWSER_ONLY = ("app.browser", "app.main")
"""The app's modules that talk to the page (js, pyodide.ffi, pyscript): not imported under Node."""
PYODIDE_PACKAGES = ("pyodide", "pyodide.ffi", "pyodide.code", "_pyodide")
START_FILE = ROOT / "tools/debertz_start.py"
START_MODULE = "_debertz_start"
"""tools/debertz_start.py in the zip: what python.mjs runs at every start (its imports are kept)."""


class StdlibError(Exception):
    """The standard library cannot be made, or lacks a module the app imports."""


@dataclass(frozen=True)
class Stdlib:
    """The trimmed, compiled standard library and what went into it."""

    zip: bytes
    modules: tuple[str, ...]
    """Every module in it."""
    startup: tuple[str, ...]
    """The modules Pyodide's own start-up imported (under Node)."""
    snapshot: tuple[str, ...]
    """The modules the app's pure modules import: the runtime snapshot holds them imported."""
    frozen: tuple[str, ...]
    """The modules frozen into the interpreter (codecs, os, site...): never read from a zip."""


def module_name(path: str, package: str = "app") -> str:
    """The module a file of the package is.

    >>> module_name("ui/__init__.py"), module_name("ui/views.py"), module_name("ids.py")
    ('app.ui', 'app.ui.views', 'app.ids')
    """
    parts = [package, *path.removesuffix(".py").split("/")]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_pure(module: str) -> bool:
    """A module of the app that imports nothing of the browser and is not a command line.

    >>> is_pure("app.ui.views"), is_pure("app.browser.shell"), is_pure("app.engine.__main__")
    (True, False, False)
    """
    browser = any(module == name or module.startswith(name + ".") for name in BROWSER_ONLY)
    return not browser and not module.endswith(".__main__")


def imported_names(source: str) -> set[str]:
    """The absolute modules a source imports anywhere (functions too), and their parents.

    >>> sorted(imported_names("import a.b\\ndef f():\\n    from c import d\\nfrom . import e"))
    ['a', 'a.b', 'c']
    """
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
    return {".".join(name.split(".")[: i + 1]) for name in found for i in range(name.count(".") + 1)}


def pyscript_bundle() -> Path:
    """PyScript's core bundle (``core-<hash>.js``), which holds its Python package."""
    found = sorted(PYSCRIPT_DIST.glob("core-*.js"))
    if len(found) != 1:
        raise StdlibError(f"{PYSCRIPT_DIST}/core-*.js must match one file, not {found}")
    return found[0]


def run_node(request: Mapping[str, object]) -> dict[str, Any]:
    """Run tools/stdlib.mjs (the shipped Pyodide under Node) with ``request``; its answer.

    Raises :class:`StdlibError` with the script's last lines when it fails (or Node is missing).
    """
    try:
        done = subprocess.run(
            ["node", str(SCRIPT)],
            input=json.dumps(request),
            capture_output=True,
            text=True,
            check=False,
            timeout=600,
        )
    except FileNotFoundError as error:
        raise StdlibError("node is missing: Node 20+ is needed to build") from error
    if done.returncode != 0:
        said = [line for line in done.stderr.splitlines() if len(line) < 400]  # not Pyodide's code
        raise StdlibError(f"tools/stdlib.mjs ({request['mode']}) failed:\n" + "\n".join(said[-30:]))
    result: dict[str, Any] = json.loads(done.stdout)
    return result


_made: dict[str, Stdlib] = {}


def make_stdlib(files: dict[str, str], main: str) -> Stdlib:
    """The standard library the app needs, compiled and checked (memoised per process).

    ``files``: the app package's files as app.zip holds them (``ui/views.py``, the texts its
    modules read when imported); ``main``: main.py's source.
    """
    sources = {path: text for path, text in files.items() if path.endswith(".py")}
    roots = {module_name(path): text for path, text in sources.items()}
    roots = {name: text for name, text in roots.items() if not name.endswith(".__main__")}
    roots["__main__"] = main
    roots[START_MODULE] = START_FILE.read_text(encoding="utf-8")
    request = {
        "mode": "make",
        "bundle": str(pyscript_bundle()),
        "roots": roots,
        "names": sorted(NAMED),
        "left_out": sorted(LEFT_OUT),
        "app": files,
        "pure": sorted(name for name in map(module_name, sources) if is_pure(name)),
        "start": roots[START_MODULE],
    }
    key = hashlib.sha256(json.dumps(request, sort_keys=True).encode()).hexdigest()
    if key not in _made:
        made = run_node(request)
        stdlib = Stdlib(
            base64.b64decode(made["zip"]),
            tuple(made["modules"]),
            tuple(made["startup"]),
            tuple(made["snapshot"]),
            tuple(made["frozen"]),
        )
        check_stdlib(stdlib.zip, files, wanted_imports(sources, main, stdlib))
        _made[key] = stdlib
    return _made[key]


def wanted_imports(sources: dict[str, str], main: str, stdlib: Stdlib) -> list[str]:
    """What :func:`check_stdlib` imports: the app's pure modules, every standard module the app
    names (in the browser modules and main.py too), Pyodide's own, NAMED, the snapshot's and
    :data:`START_MODULE`."""
    pure = [name for name in map(module_name, sources) if is_pure(name)]
    named = set().union(*(imported_names(source) for source in [*sources.values(), main]))
    standard = {name for name in named if name.split(".")[0] not in ("app", "js", "pyscript")}
    return sorted({*pure, *standard, *PYODIDE_PACKAGES, *NAMED, *stdlib.snapshot, START_MODULE})


def check_stdlib(data: bytes, files: dict[str, str], imports: list[str]) -> list[str]:
    """Start Pyodide (under Node) on the zip ``data`` and import ``imports``; raise
    :class:`StdlibError` naming each module that failed. Returns the standard modules loaded."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "stdlib.zip"
        path.write_bytes(data)
        request = {"mode": "check", "zip": str(path), "app": files, "imports": imports}
        done = run_node({**request, "left_out": sorted(LEFT_OUT)})
    failed: dict[str, str] = done["failed"]
    if failed:
        lines = "\n".join(f"  {name}: {error}" for name, error in sorted(failed.items()))
        raise StdlibError(f"the trimmed standard library cannot import:\n{lines}")
    return list(done["imported"])


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    from tools.build import app_files

    made = make_stdlib(app_files(ROOT / "app"), (ROOT / "app/main.py").read_text("utf-8"))
    print(f"{len(made.modules)} modules, {len(made.zip)} bytes; snapshot: {made.snapshot}")
