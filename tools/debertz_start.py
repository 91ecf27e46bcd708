"""What python.mjs runs in the page at every start, before it hands Python to PyScript.

The build ships this file in the app's standard library zip as the module ``_debertz_start``,
with :data:`PYCACHE` filled in (tools/stdlib.mjs); on CPython only its tests run it.

- :func:`write_pyscript_bytecode`: PyScript writes its Python package as source under
  :data:`HOME` at every start and imports it, which compiled it each time (79-100 ms at 4x CPU,
  measured in the page). The build compiles the modules that importing ``pyscript`` loads into
  checked-hash ``.pyc`` files, and this puts them in ``__pycache__`` first: Python uses one only
  while the source beside it hashes to the hash inside it, and compiles the source otherwise.
- :func:`unpack_app`: app.zip where the app imports it from (:data:`APP_DIR`), but for the
  bytecode of the modules already imported: after a start from the snapshot's app layer that is
  all but the browser's, whose files Python never reads again (16 ms at 4x instead of Pyodide's
  ``unpackArchive``, 51-84 ms, which PyScript ran for its ``files`` setting).
"""

from __future__ import annotations

import io
import os
import sys
import zipfile

HOME = "/home/pyodide"
"""Python's working folder in the page: PyScript writes its package here, the app under app/."""
APP_DIR = HOME + "/app"
PYCACHE: dict[str, bytes] = {}
"""``pyscript/__pycache__/context.cpython-314.pyc`` -> its bytes (the build fills it in)."""


def write_pyscript_bytecode(home: str = HOME) -> int:
    """Put every file of :data:`PYCACHE` under ``home``; how many."""
    for path, data in PYCACHE.items():
        _write(os.path.join(home, path), data)
    return len(PYCACHE)


def unpack_app(data: bytes, root: str = APP_DIR, package: str = "app") -> int:
    """Write the zip archive ``data`` (the package ``package``'s files) under ``root``, but the
    ``.pyc`` of a module already in ``sys.modules``; how many files were written.

    >>> import tempfile
    >>> archive = io.BytesIO()
    >>> with zipfile.ZipFile(archive, "w") as files:
    ...     for name in ("__init__.pyc", "ui/__init__.pyc", "ui/views.pyc", "ui/text/en.json"):
    ...         files.writestr(name, name)
    >>> sys.modules["demo_app.ui"] = sys  # imported already: its bytecode is not needed
    >>> folder = tempfile.mkdtemp()
    >>> unpack_app(archive.getvalue(), folder, "demo_app")
    3
    >>> sorted(os.path.relpath(os.path.join(d, f), folder) for d, _, fs in os.walk(folder) for f in fs)
    ['__init__.pyc', 'ui/text/en.json', 'ui/views.pyc']
    >>> del sys.modules["demo_app.ui"]
    """
    written = 0
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        for info in archive.infolist():
            if info.is_dir() or _imported(info.filename, package):
                continue
            _write(os.path.join(root, info.filename), archive.read(info))
            written += 1
    return written


def _imported(name: str, package: str) -> bool:
    """Whether the archive's file ``name`` is the bytecode of a module already imported.

    >>> _imported("ui/__init__.pyc", "app") == ("app.ui" in sys.modules)
    True
    >>> _imported("ui/text/en.json", "sys")
    False
    """
    if not name.endswith(".pyc"):
        return False
    module = f"{package}.{name[:-4].replace('/', '.')}".removesuffix(".__init__")
    return module in sys.modules


def _write(path: str, data: bytes) -> None:
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as file:
        file.write(data)
