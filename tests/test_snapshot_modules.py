"""What the Python snapshot holds (app/static/snapshot-worker.mjs), checked on CPython.

The snapshot carries every module it imports into each later start, so: only the standard library
and the app's pure modules (nothing that talks to the browser, whose objects a snapshot cannot keep),
every pure module of the app (a new one is not left to load at start-up), and no random generator
(a restored one would draw the same game ids at every start).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from tools.build import APP_DIR

ROOT = Path(__file__).resolve().parent.parent
WORKER = ROOT / "app/static/snapshot-worker.mjs"
BROWSER_ONLY = {"app.browser", "app.main"}


def snapshot_modules() -> list[str]:
    found = re.search(r"const PURE_MODULES = \[([^\]]*)\]", WORKER.read_text(encoding="utf-8"))
    assert found is not None, "snapshot-worker.mjs has lost its PURE_MODULES list"
    return re.findall(r'"([\w.]+)"', found.group(1))


def app_modules() -> set[str]:
    names = set()
    for path in (ROOT / "app").rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        names.add(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def imported_by(modules: list[str]) -> set[str]:
    script = (
        "import json, sys\n"
        f"before = set(sys.modules)\nimport {', '.join(modules)}\n"
        "print(json.dumps(sorted(set(sys.modules) - before)))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return set(json.loads(done.stdout))


def browser_only(name: str) -> bool:
    return any(name == b or name.startswith(b + ".") for b in BROWSER_ONLY)


def test_the_snapshot_imports_every_pure_module_of_the_app_and_nothing_of_the_browser() -> None:
    imported = imported_by(snapshot_modules())
    cli = {name for name in app_modules() if name.endswith(".__main__")}  # never run in the page
    pure = {name for name in app_modules() - cli if not browser_only(name)}
    assert {name for name in imported if name.split(".")[0] == "app"} == pure
    assert not {"js", "pyodide", "pyscript", "random"} & {n.split(".")[0] for n in imported}


def test_the_worker_unpacks_the_app_where_pyscript_does() -> None:
    assert f'const APP_DIR = "{APP_DIR}";' in WORKER.read_text(encoding="utf-8")
