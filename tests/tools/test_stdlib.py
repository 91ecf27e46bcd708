"""The app's trimmed, compiled standard library (tools/stdlib.py), checked at build time.

Every standard module the app's code names (anywhere: inside functions too), Pyodide's start-up
and PyScript's are in the zip, as bytecode only; and a zip that lacks one stops the build. The
browser side (every module loaded after visiting every screen comes from the zip) is
tests/e2e/test_start_stdlib.py.
"""

from __future__ import annotations

import ast
import io
import json
import re
import zipfile
from pathlib import Path

import pytest

from tools.build import app_files
from tools.stdlib import (
    BROWSER_ONLY,
    NAMED,
    Stdlib,
    StdlibError,
    check_stdlib,
    imported_names,
    is_pure,
    make_stdlib,
    module_name,
)

ROOT = Path(__file__).resolve().parents[2]
PYODIDE_ZIP = ROOT / "node_modules/pyodide/python_stdlib.zip"

pytestmark = pytest.mark.slow  # Pyodide runs under Node, twice


@pytest.fixture(scope="module")
def stdlib() -> Stdlib:
    return make_stdlib(app_files(ROOT / "app"), (ROOT / "app/main.py").read_text("utf-8"))


def zip_modules(data: bytes, suffix: str) -> set[str]:
    """The modules of a zip of the standard library's layout, by their files ending in suffix."""
    names = zipfile.ZipFile(io.BytesIO(data)).namelist()
    return {
        name.removesuffix(suffix).removesuffix("/__init__").replace("/", ".")
        for name in names
        if name.endswith(suffix)
    }


def standard_modules() -> set[str]:
    return zip_modules(PYODIDE_ZIP.read_bytes(), ".py")


def app_imports() -> set[str]:
    """Every module the app's files and main.py name in an import statement (CPython's ast)."""
    names: set[str] = set()
    for path in (ROOT / "app").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
    return names


def test_the_zip_holds_every_standard_module_the_app_names_and_pyodide_starts_with(
    stdlib: Stdlib,
) -> None:
    kept = zip_modules(stdlib.zip, ".pyc") | set(stdlib.frozen)  # frozen: in the interpreter
    named = {name for name in app_imports() if name in standard_modules()}
    assert {"json", "dataclasses", "html", "asyncio"} <= named
    assert named - kept == set(), "the app imports these, the trimmed standard library lacks them"
    assert set(stdlib.startup) - kept == set(), "Pyodide's start-up imports these"
    assert set(NAMED) - kept == set()
    ours = {"_debertz_snapshot", "_debertz_start"}  # the snapshot's list, python.mjs's helper
    assert set(stdlib.modules) == kept - set(stdlib.frozen) - ours
    assert "codecs" in stdlib.frozen and "codecs" not in stdlib.modules


def test_the_zip_is_bytecode_only_and_much_smaller_than_pyodides(stdlib: Stdlib) -> None:
    archive = zipfile.ZipFile(io.BytesIO(stdlib.zip))
    assert all(name.endswith(".pyc") for name in archive.namelist())
    flags = int.from_bytes(archive.read("json/__init__.pyc")[4:8], "little")
    assert flags == 0b01, "unchecked-hash bytecode: no source to compare it with"
    assert len(standard_modules()) > 500 and len(stdlib.modules) < 200
    assert len(stdlib.zip) < PYODIDE_ZIP.stat().st_size * 0.6


def test_the_snapshot_list_holds_standard_modules_only(stdlib: Stdlib) -> None:
    """The runtime snapshot (snapshot-worker.mjs) imports them: none of the app (an update of the
    app keeps the snapshot), none that holds a JavaScript object."""
    assert set(stdlib.snapshot) <= set(stdlib.modules)
    assert {"json", "dataclasses", "typing", "asyncio", "datetime"} <= set(stdlib.snapshot)
    tops = {name.split(".")[0] for name in stdlib.snapshot}
    assert not tops & {"app", "js", "pyodide_js", "pyscript", "_pyscript", "polyscript"}


def test_a_zip_without_a_module_the_app_imports_stops_the_build(stdlib: Stdlib) -> None:
    source = zipfile.ZipFile(io.BytesIO(stdlib.zip))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as target:
        for name in source.namelist():
            if not name.startswith("html/"):
                target.writestr(name, source.read(name))
    files = app_files(ROOT / "app")
    pure = sorted(module_name(p) for p in files if p.endswith(".py") and is_pure(module_name(p)))
    with pytest.raises(StdlibError, match=r"(?s)cannot import:.*  html: .*No module named 'html'"):
        check_stdlib(out.getvalue(), files, ["html", *pure])


def test_imports_are_read_at_every_depth() -> None:
    found = imported_names("def f():\n    import a.b\n    from c.d import e\nfrom . import f\n")
    assert found == {"a", "a.b", "c", "c.d"}


def test_the_snapshot_worker_leaves_out_of_the_apps_layer_what_the_closure_calls_browser_only() -> None:
    """snapshot-worker.mjs imports every module of the app but these into the app's layer."""
    worker = (ROOT / "app/static/snapshot-worker.mjs").read_text(encoding="utf-8")
    found = re.search(r"const APP_BROWSER_ONLY = (\[.*?\]);", worker)
    assert found is not None
    assert tuple(json.loads(found.group(1))) == BROWSER_ONLY
