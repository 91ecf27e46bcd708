"""Assemble dist/, the whole deployable site (standard library only).

    python tools/build.py [--out dist]

dist/ holds the page and its assets (app/static/), the manifest, the service worker, the app's
Python code (main.py + app.zip, unpacked by python.mjs into ./app/, with bytecode compiled by the
shipped Pyodide so that start-up skips compiling it), and only the runtime files
the page really loads (vendor/pyodide, vendor/pyscript: see RUNTIME). Then the page gets the build
id (a hash of every file, ``<meta name="debertz-build">``) and precache.js lists every file for the
service worker with its revision (a hash of its content) and size, so that an update downloads
only the files whose revision changed. Every URL is relative, so dist/ works under any sub-path.

The texts have one source, the catalogues (app/ui/text/<lang>/*.json): the build writes them into
the page (each ``data-text="key"`` element, in the page's language), into boot.js (``TEXTS``, the
keys it names with ``text("key")``, in every language) and into the manifest (each ``"{{key}}"``
string, in the manifest's language). See :func:`write_texts`.
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import html
import json
import re
import shutil
import sys
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

if not __package__:  # run as a script (python tools/build.py): the checkout is the import root
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from app.summaries import STAMP_FILE, sources_stamp
from tools.debertz_start import APP_DIR  # where python.mjs unpacks app.zip in the page
from tools.stdlib import STDLIB_FILE, StdlibError, make_stdlib, run_node
from tools.zipping import rezip, write_zip

ROOT = Path(__file__).resolve().parent.parent
NODE = ROOT / "node_modules"

RUNTIME: dict[str, tuple[Path, tuple[str, ...]]] = {
    # dist folder: (package folder, file patterns; each must match exactly one file)
    "vendor/pyodide": (
        NODE / "pyodide",
        (
            "pyodide.mjs",
            "pyodide.asm.mjs",
            "pyodide.asm.wasm",
        ),
    ),
    "vendor/pyscript": (
        NODE / "@pyscript/core/dist",
        ("core.js", "core.css", "core-*.js", "error-*.js"),
    ),
}
"""Measured: these are all the files a boot requests (tests/e2e/test_shell_precache.py), with
pyodide-lock.json, which :func:`write_lock_file` writes reduced, and the standard library, which
tools/stdlib.py makes (STDLIB_FILE) in place of Pyodide's python_stdlib.zip."""
LOCK_FILE = "vendor/pyodide/pyodide-lock.json"
"""Pyodide fetches it at every start and checks two keys of it: ``packages`` and
``info.abi_version`` (its loader, pyodide.asm.mjs). The app loads no package, so the build keeps
``info`` and an empty ``packages`` (119 kB less on every first visit)."""

PRELOADS_MARK = "  <!-- runtime preloads (tools/build.py fills this in) -->\n"
"""Inside ``<template id="shell-preloads">``: boot.js puts them into the page only when the service
worker serves it (on a first visit they would download the runtime a second time)."""
BUILD_MARK = "  <!-- build id (tools/build.py fills this in) -->\n"
BUILD_META = re.compile(r'  <meta name="debertz-build" content="[0-9a-f]*">\n')
"""The build id in the page: boot.js checks saved screens with it."""
RUNTIME_MARK = "  <!-- runtime (tools/build.py fills this in) -->\n"
"""Where the page says which runtime it starts, for python.mjs: the standard library's revision
(``debertz-stdlib``; with Pyodide's version, the key of the runtime snapshot) and the heap a
snapshot is restored into (``debertz-restore-heap``, bytes: a larger one cannot be restored)."""
MODULES = (
    "vendor/pyscript/core",
    "vendor/pyscript/error",
    "vendor/pyodide/pyodide.mjs",
    "vendor/pyodide/pyodide.asm.mjs",
)
"""Scripts the page imports while booting: fetched and compiled in parallel from the start."""
FETCHED = ("vendor/pyodide/pyodide", "vendor/pyodide/python_stdlib", "app.zip")
"""Files fetched during boot (by Pyodide and PyScript): fetched from the start, but for
:data:`NOT_PRELOADED`."""
NOT_PRELOADED = (".wasm",)
"""Pyodide's WebAssembly is not preloaded: Chromium hands the compiled code it keeps with the
service worker's response only to a fetch of its own, not to one that takes over a preload, and
without it compiles the module again (2,190 functions on the main thread). Measured in new tabs
at 4x CPU (Chromium 156, 6 starts each, two alternating runs): interactive 2,822 and 3,567 ms
with the preload, 2,028 and 2,185 ms without."""
PACKED = {"vendor/pyodide/pyodide.asm.wasm": "vendor/pyodide/pyodide.asm.wasm.gz"}
"""Files the build also ships gzipped, for the service worker to download and inflate
(``DecompressionStream``) instead: a host that compresses nothing would send Pyodide's
WebAssembly whole, 9.6 MB where the gzipped file is 3.5 MB. The file itself stays in the site, for
a browser without a service worker or without ``DecompressionStream``."""
NOT_PRECACHED = ("service-worker.js", "precache.js", "share-target.js")
"""The worker's own scripts: the browser keeps what a service worker imports with it."""
ONLINE_ONLY = ("screenshots/",)
"""Files that stay out of the precache: the install dialog's screenshots (the manifest names
them), which a browser shows only while the site is open online, where they are served."""
TOP_FILES = ("manifest.webmanifest", "service-worker.js", "share-target.js")
"""Files at the top of the repository copied as they are (share-target.js: imported by the
service worker)."""
DATA_FILES = ("ui/text/*/*.json", "_vendor/*/LICENSE")
"""Data files of the app package that go into app.zip beside the code: the text catalogues and
the licences of the vendored libraries."""
TEXT_DIR = ROOT / "app/ui/text"
"""The catalogues, one folder per language (the help page, help.json, is the app's own)."""
HELP_FILE = "help.json"
TEXTS_MARK = "  const TEXTS = {}; // texts: tools/build.py fills this in\n"
"""The line of boot.js that becomes its texts: ``const TEXTS = {"uk": {key: text}, ...};``."""
PAGE_TEXT = re.compile(r'<(\w+)\b[^>]*\bdata-text="([^"]*)"[^>]*>')
"""An element of the page whose text is a catalogue key: empty in the source, filled by the build."""
PAGE_LANG = re.compile(r'<html lang="(\w+)"')
TEXT_CALL = re.compile(r"(?<![\w.$])(?<!function )text\(")
TEXT_KEY = re.compile(r'(?<![\w.$])text\("([\w.]+)"\)')
"""boot.js names each text it shows with ``text("key")``, the key written out."""
MANIFEST_TEXT = re.compile(r'"\{\{([\w.]+)\}\}"')
"""A string of the manifest that is a catalogue key: ``"{{app.title}}"``."""
PRECACHE_FILE = "precache.js"
PRECACHE_PREFIX = "self.PRECACHE = "
EXTERNAL = re.compile(r"""(?:src|href)\s*=\s*["'](?!\./)([^"'#]+)["']""")
LOCAL_REF = re.compile(r"""(?:src|href)\s*=\s*["'](\./[^"'#?]+)["']""")


class BuildError(Exception):
    """The sources cannot be assembled; the message says what is missing or wrong."""


@dataclass(frozen=True)
class Revision:
    """One precached file: a hash of its content (first 16 hex digits of SHA-256) and its size;
    for a file of :data:`PACKED`, its gzipped copy ("./x.gz") and that copy's size.

    >>> Revision("e3b0c44298fc1c14", 900, "./a.wasm.gz", 300).download
    300
    """

    rev: str
    size: int
    packed: str | None = None
    packed_size: int | None = None

    @property
    def download(self) -> int:
        """Bytes the service worker downloads for it (the gzipped copy where there is one)."""
        return self.size if self.packed_size is None else self.packed_size


@dataclass(frozen=True)
class Precache:
    """What the service worker caches: the build id and every file (relative to dist/, "./x")."""

    build: str
    files: dict[str, Revision]


def build(out: Path = ROOT / "dist") -> Precache:
    """Assemble ``out`` from the sources and return its precache list.

    ``out`` must be missing, empty, or an earlier build (it holds precache.js): anything else
    is refused with :class:`BuildError` rather than deleted (``--out .`` must not wipe a checkout).
    """
    clear_output(out)
    out.mkdir(parents=True)
    shutil.copytree(ROOT / "app/static", out, dirs_exist_ok=True)
    for name in TOP_FILES:
        shutil.copy2(ROOT / name, out / name)
    write_texts(out)
    shutil.copy2(ROOT / "app/main.py", out / "main.py")
    write_app_zip(ROOT / "app", out / "app.zip")
    copy_runtime(out)
    patch_runtime(out)
    add_compile_hints(out)
    write_stdlib(out)
    write_preloads(out)
    check_references(out)
    return write_precache(out)


def clear_output(out: Path) -> None:
    """Delete ``out`` if it is an empty folder or an earlier build; refuse anything else.

    >>> clear_output(ROOT / "app")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tools.build.BuildError: .../app is not a previous build (no precache.js in it), so it is not deleted; ...
    """
    if not out.exists() and not out.is_symlink():
        return
    if out.is_symlink() or not out.is_dir():
        raise BuildError(f"{out} is not a folder; choose another --out")
    if any(out.iterdir()) and not (out / PRECACHE_FILE).is_file():
        raise BuildError(
            f"{out} is not a previous build (no {PRECACHE_FILE} in it), so it is not deleted; "
            "choose an empty or new folder for --out"
        )
    shutil.rmtree(out)


def catalogues(folder: Path = TEXT_DIR) -> dict[str, dict[str, str]]:
    """Every language's texts: the files of its folder merged, but the help page (as
    app/ui/i18n.py reads them; a key in two files of one language is refused)."""
    tables: dict[str, dict[str, str]] = {}
    for lang_dir in sorted(path for path in folder.iterdir() if path.is_dir()):
        table = tables.setdefault(lang_dir.name, {})
        for path in sorted(lang_dir.glob("*.json")):
            part = {} if path.name == HELP_FILE else json.loads(path.read_text(encoding="utf-8"))
            twice = sorted(table.keys() & part.keys())
            if twice:
                raise BuildError(f"{path}: keys already defined in another file: {twice}")
            table.update(part)
    return tables


def require_text(tables: dict[str, dict[str, str]], key: str, langs: list[str], where: str) -> None:
    """Refuse a key that a language of ``langs`` lacks."""
    missing = [lang for lang in langs if key not in tables.get(lang, {})]
    if missing:
        raise BuildError(f"{where}: no text {key!r} in the catalogues of {missing}")


def write_texts(out: Path, folder: Path = TEXT_DIR) -> None:
    """Write the catalogues' texts into the page, boot.js and the manifest of ``out``."""
    tables = catalogues(folder)
    fill_page(out / "index.html", tables)
    fill_boot(out / "boot.js", tables)
    fill_manifest(out / "manifest.webmanifest", tables)


def fill_page(path: Path, tables: dict[str, dict[str, str]]) -> None:
    """Give each ``data-text`` element of the page its text in the page's language (a
    ``<meta>`` its content attribute); the key must exist in every language (boot.js and
    Python say the page's texts in the others).

    >>> import tempfile
    >>> page = Path(tempfile.mkdtemp()) / "index.html"
    >>> _ = page.write_text('<html lang="en"><title data-text="app.title"></title>'
    ...     '<meta name="description" data-text="app.description" content="">')
    >>> fill_page(page, {"en": {"app.title": "A & B", "app.description": "Scores"}})
    >>> page.read_text()
    '<html lang="en"><title data-text="app.title">A &amp; B</title><meta name="description" data-text="app.description" content="Scores">'
    """
    page = path.read_text(encoding="utf-8")
    found = PAGE_LANG.search(page)
    if not found:
        raise BuildError('index.html must say its language: <html lang="...">')
    lang = found.group(1)

    def fill(element: re.Match[str]) -> str:
        tag, key = element.group(1), element.group(2)
        require_text(tables, key, sorted(tables), f'index.html <{tag} data-text="{key}">')
        said = html.escape(tables[lang][key])
        if tag == "meta":
            if ' content=""' not in element.group(0):
                raise BuildError(f'index.html: <meta data-text="{key}"> needs content=""')
            return element.group(0).replace(' content=""', f' content="{said}"')
        if not page.startswith(f"</{tag}>", element.end()):
            raise BuildError(f'index.html: <{tag} data-text="{key}"> must be empty: the build writes it')
        return element.group(0) + said

    path.write_text(PAGE_TEXT.sub(fill, page), encoding="utf-8")


def fill_boot(path: Path, tables: dict[str, dict[str, str]]) -> None:
    """Put the texts boot.js names (``text("key")``) into its ``TEXTS``, in every language."""
    script = path.read_text(encoding="utf-8")
    if TEXTS_MARK not in script:
        raise BuildError(f"boot.js has lost the line {TEXTS_MARK.strip()!r}")
    for call in TEXT_CALL.finditer(script):
        if not TEXT_KEY.match(script, call.start()):
            line = script.count("\n", 0, call.start()) + 1
            raise BuildError(f'boot.js:{line}: text() must name its key as text("key")')
    keys = sorted(set(TEXT_KEY.findall(script)))
    for key in keys:
        require_text(tables, key, sorted(tables), "boot.js")
    texts = {lang: {key: table[key] for key in keys} for lang, table in tables.items()}
    written = json.dumps(texts, ensure_ascii=False, indent=2).replace("\n", "\n  ")
    filled = f"  const TEXTS = {written};\n"
    path.write_text(script.replace(TEXTS_MARK, filled), encoding="utf-8")


def fill_manifest(path: Path, tables: dict[str, dict[str, str]]) -> None:
    """Replace each ``"{{key}}"`` string of the manifest by its text in the manifest's language."""
    source = path.read_text(encoding="utf-8")
    lang = str(json.loads(source).get("lang", ""))

    def fill(string: re.Match[str]) -> str:
        require_text(tables, string.group(1), [lang], "manifest.webmanifest")
        return json.dumps(tables[lang][string.group(1)], ensure_ascii=False)

    filled = MANIFEST_TEXT.sub(fill, source)
    if "{{" in filled:
        raise BuildError('manifest.webmanifest: a text must be a whole string "{{key}}"')
    path.write_text(filled, encoding="utf-8")


def app_sources(package: Path) -> dict[str, str]:
    """The package's Python modules by zip path (not main.py, not static files)."""
    sources = sorted(
        path
        for path in package.rglob("*.py")
        if "__pycache__" not in path.parts
        and path.relative_to(package).parts[0] != "static"
        and path.relative_to(package) != Path("main.py")
    )
    return {path.relative_to(package).as_posix(): path.read_text("utf-8") for path in sources}


def app_files(package: Path) -> dict[str, str]:
    """The package's modules and text data files by zip path, as text (tools/stdlib.py imports
    the modules, which read the texts)."""
    return {**app_sources(package), **app_texts(package)}


def app_texts(package: Path) -> dict[str, str]:
    """The package's data files by zip path, as text (see DATA_FILES: texts only)."""
    return {name: data.decode("utf-8") for name, data in app_data(package).items()}


def app_data(package: Path) -> dict[str, bytes]:
    """The package's data files by zip path (see DATA_FILES)."""
    return {
        path.relative_to(package).as_posix(): path.read_bytes()
        for pattern in DATA_FILES
        for path in sorted(package.glob(pattern))
    }


def write_app_zip(package: Path, target: Path) -> None:
    """Zip the package's Pyodide bytecode (in place of its sources) and its data files,
    reproducibly and deflated by Zopfli (tools/zipping.py)."""
    entries = compile_bytecode(app_sources(package), app_texts(package))
    entries.update(app_data(package))
    stamp = sources_stamp(package / "engine")  # the site ships no source to stamp
    if stamp is None:
        raise BuildError(f"no engine source in {package / 'engine'}")
    entries[f"engine/{STAMP_FILE}"] = stamp.encode("ascii")
    target.write_bytes(write_zip(entries))


_compiled: dict[str, dict[str, bytes]] = {}


def compile_bytecode(sources: dict[str, str], texts: dict[str, str]) -> dict[str, bytes]:
    """Sourceless ``.pyc`` files for ``sources`` (``ui/views.py`` -> ``ui/views.pyc``), written
    by the shipped Pyodide under Node (tools/stdlib.mjs, its ``compile`` mode), and the code
    their classes generate as they are made (``generated.marshal``, app/generated.py), made by
    importing them there with the package's data files (``texts``).

    Unchecked-hash .pyc files, each code object naming its source path and lines, so that a
    traceback in the page says file and line. Memoised per process (tests build several times).
    """
    request = {"mode": "compile", "root": APP_DIR, "files": sources, "data": texts}
    key = hashlib.sha256(json.dumps(request, sort_keys=True).encode()).hexdigest()
    if key not in _compiled:
        try:
            compiled = run_node(request)
        except StdlibError as error:
            raise BuildError(f"compiling the app with Pyodide failed: {error}") from error
        _compiled[key] = {name: base64.b64decode(data) for name, data in compiled.items()}
    return _compiled[key]


def copy_runtime(out: Path) -> None:
    """Copy the runtime files listed in RUNTIME, failing if the packages are not installed."""
    for folder, (source, patterns) in RUNTIME.items():
        if not source.is_dir():
            raise BuildError(f"{source} is missing: run `npm ci` first")
        (out / folder).mkdir(parents=True)
        for pattern in patterns:
            found = sorted(source.glob(pattern))
            if len(found) != 1:
                names = [p.name for p in found]
                raise BuildError(f"{source}/{pattern} must match one file, not {names}")
            shutil.copy2(found[0], out / folder / found[0].name)
    write_lock_file(NODE / "pyodide/pyodide-lock.json", out / LOCK_FILE)


Replacements = tuple[tuple[str, str], ...]
"""Code to find (exactly once) and what replaces it."""

WRAPPER_CACHE: Replacements = (
    (
        "var convertJsFunctionToWasm=(func,sig)=>{",
        "var wrapperModules=new Map;var convertJsFunctionToWasm=(func,sig)=>{",
    ),
    (
        "var module=new WebAssembly.Module(bytes);var instance=",
        (
            "var key=bytes.join(),module=wrapperModules.get(key);if(!module){"
            "module=new WebAssembly.Module(bytes);wrapperModules.set(key,module)}var instance="
        ),
    ),
)
"""Pyodide's loader (Emscripten's dynamic linking) puts every JavaScript function the C code takes
the address of into the function table, and a browser without WebAssembly's type reflection
(Chromium, Firefox, WebKit today) takes only WebAssembly functions there: for each, Emscripten's
``convertJsFunctionToWasm`` compiles a module of one import and one export, then instantiates it.
That is 259 modules at every start, a snapshot's too, of 29 kinds: the module depends only on the
function's type, so the build keeps one of each (``wrapperModules``, keyed by its bytes) and
instantiates it for each function. The table slots are handed out in the same order as before, so
a snapshot made before still restores. Measured in new tabs at 4x CPU (Chromium 156, 8 starts of
each build in turn, twice with the order swapped; the time inside ``convertJsFunctionToWasm``):
medians 94 and 128 ms before, 34 and 51 ms after."""

EARLY_WASM: Replacements = (
    (
        'let{binary:t,response:n}=_(e+"pyodide.asm.wasm"),i=K();',
        (
            "let p=globalThis.debertzWasm;"
            'let{binary:t,response:n}=p?{}:_(e+"pyodide.asm.wasm"),i=K();'
        ),
    ),
    (
        "try{let l;n?l=await WebAssembly.instantiateStreaming(n,s):",
        (
            "try{let l,m=p&&await p;"
            'if(p&&!m)({binary:t,response:n}=_(e+"pyodide.asm.wasm"));'
            "m?l={module:m,instance:await WebAssembly.instantiate(m,s)}:"
            "n?l=await WebAssembly.instantiateStreaming(n,s):"
        ),
    ),
)
"""Pyodide fetches its WebAssembly once its loader has been imported and Python's start has
begun, 230 ms after boot.js starts Python in a new tab at 4x CPU, and the main thread then waits
for it. boot.js now compiles it from the start (``globalThis.debertzWasm``, a promise of the
module, or of null if that failed) when the service worker serves the page, and Pyodide's
``getInstantiateWasmFunc`` instantiates that module (at each start of the page: a restore that
fails and the normal start after it), or fetches the file as before when there is none; the
compile is the same streaming one of a fetch of the page's own, so Chromium's code kept with the
worker's copy serves it as before."""

RUNTIME_PATCHES = {
    "vendor/pyodide/pyodide.asm.mjs": ("Emscripten's convertJsFunctionToWasm", WRAPPER_CACHE),
    "vendor/pyodide/pyodide.mjs": ("getInstantiateWasmFunc", EARLY_WASM),
}
"""What the build changes in Pyodide's JavaScript: file, (what is changed, replacements)."""


COMPILE_HINT = "//# allFunctionsCalledOnLoad\n"
"""V8's file-level compile hint (Chromium 136 and later; other engines read a comment): compile
every function of the file with the file, not each when it is first called. The runtime's
JavaScript (Pyodide's loader, PyScript) mostly runs at every start, so its code cache, kept
with the service worker's response, then holds every function: measured in a new tab at 4x CPU
(Chromium 156, 7 starts), functions compiled on the main thread 832 → 151, main-thread work
2.9 → 2.5 s, interactive 2,791 → 2,471 ms (median)."""
HINTED = ("boot.js", "python.mjs")
"""The app's own scripts that get :data:`COMPILE_HINT` (they run whole at every start), besides
the runtime's (``vendor/``)."""


def add_compile_hints(out: Path) -> None:
    """:func:`add_compile_hint` to the runtime's JavaScript and to :data:`HINTED`."""
    vendor = [path for path in sorted((out / "vendor").rglob("*")) if path.suffix in (".js", ".mjs")]
    for path in [*vendor, *(out / name for name in HINTED)]:
        add_compile_hint(path)


def add_compile_hint(path: Path) -> None:
    """Put :data:`COMPILE_HINT` at the head of a JavaScript file (once).

    >>> import tempfile
    >>> script = Path(tempfile.mkdtemp()) / "a.mjs"
    >>> _ = script.write_text("export const a = 1;\\n")
    >>> add_compile_hint(script); add_compile_hint(script)
    >>> script.read_text()
    '//# allFunctionsCalledOnLoad\\nexport const a = 1;\\n'
    """
    data = path.read_bytes()
    if not data.startswith(COMPILE_HINT.encode()):
        path.write_bytes(COMPILE_HINT.encode() + data)


def patch_runtime(out: Path) -> None:
    """:data:`RUNTIME_PATCHES` applied to the copies of Pyodide's files in ``out``."""
    for name, (what, replacements) in RUNTIME_PATCHES.items():
        path = out / name
        path.write_text(patched(path.read_text("utf-8"), name, what, replacements), "utf-8")


def patched(script: str, name: str, what: str, replacements: Replacements) -> str:
    """``script`` with ``replacements``, each of which must find its code exactly once (another
    Pyodide stops the build until the change is looked at again).

    >>> patched("var a=1;", "x.mjs", "a", (("a=1", "a=2"),))
    'var a=2;'
    >>> patched("var a=1;", "x.mjs", "b", (("b=1", "b=2"),))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tools.build.BuildError: x.mjs: b is not as expected ('b=1' found 0 times); see RUNTIME_PATCHES...
    """
    for old, new in replacements:
        if script.count(old) != 1:
            raise BuildError(
                f"{name}: {what} is not as expected ({old!r} found {script.count(old)} times); "
                "see RUNTIME_PATCHES in tools/build.py"
            )
        script = script.replace(old, new)
    return script


def write_stdlib(out: Path) -> None:
    """The trimmed, compiled standard library (tools/stdlib.py) and the page's runtime marks."""
    try:
        stdlib = make_stdlib(app_files(ROOT / "app"), (ROOT / "app/main.py").read_text("utf-8"))
    except StdlibError as error:
        raise BuildError(str(error)) from error
    archive = rezip(stdlib.zip)  # deflated by Zopfli: 3.5 % smaller than zlib's level 9
    (out / STDLIB_FILE).write_bytes(archive)
    heap = restore_heap((out / "vendor/pyodide/pyodide.asm.wasm").read_bytes())
    marks = (
        f'  <meta name="debertz-stdlib" content="{revision(archive)}">\n'
        f'  <meta name="debertz-restore-heap" content="{heap}">\n'
    )
    page = (out / "index.html").read_text(encoding="utf-8")
    if RUNTIME_MARK not in page:
        raise BuildError(f"index.html has lost the line {RUNTIME_MARK.strip()!r}")
    (out / "index.html").write_text(page.replace(RUNTIME_MARK, marks), encoding="utf-8")


def restore_heap(wasm: bytes) -> int:
    """The initial size of the WebAssembly module's own memory, in bytes: the heap Pyodide
    restores a snapshot into (its memory section; 480 pages of 64 KiB in Pyodide 314.0.7).

    >>> restore_heap(bytes.fromhex("0061736d01000000" "0504" "0100e003"))  # one memory of 480 pages
    31457280
    """
    if wasm[:8] != b"\0asm\1\0\0\0":
        raise BuildError("pyodide.asm.wasm is not a WebAssembly module")
    at = 8
    while at < len(wasm):
        section, at = wasm[at], at + 1
        size, at = _leb128(wasm, at)
        if section == 5:  # memory: count, then flags and the initial page count
            _count, inner = _leb128(wasm, at)
            initial, _ = _leb128(wasm, inner + 1)
            return initial * 65536
        at += size
    raise BuildError("pyodide.asm.wasm defines no memory of its own: the restore heap is unknown")


def _leb128(data: bytes, at: int) -> tuple[int, int]:
    """An unsigned LEB128 number at ``at``, and the position after it."""
    value = shift = 0
    while True:
        byte, at = data[at], at + 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, at


def write_lock_file(source: Path, target: Path) -> None:
    """Pyodide's lock file with its ``info`` (the ABI version it checks) and no packages.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "in.json").write_text('{"info": {"abi_version": "2026_0"}, "packages": {"a": {}}}')
    >>> write_lock_file(folder / "in.json", folder / "out.json")
    >>> (folder / "out.json").read_text()
    '{"info":{"abi_version":"2026_0"},"packages":{}}'
    """
    info = json.loads(source.read_text(encoding="utf-8"))["info"]
    lock = {"info": info, "packages": {}}
    target.write_text(json.dumps(lock, separators=(",", ":")), encoding="utf-8")


def write_preloads(out: Path) -> None:
    """Put preload links for the boot files into the page's preload template (boot.js adds them
    to the page when the service worker serves it), so that they load in parallel."""
    page = (out / "index.html").read_text(encoding="utf-8")
    if PRELOADS_MARK not in page:
        raise BuildError(f"index.html has lost the line {PRELOADS_MARK.strip()!r}")
    names = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    links = [
        f'  <link rel="modulepreload" href="./{name}">\n'
        for name in names
        if name.startswith(MODULES) and name.endswith((".js", ".mjs"))
    ] + [
        f'  <link rel="preload" as="fetch" crossorigin="anonymous" href="./{name}">\n'
        for name in names
        if name.startswith(FETCHED) and not name.endswith((".js", ".mjs", *NOT_PRELOADED))
    ]
    page = page.replace(PRELOADS_MARK, "".join(links))
    (out / "index.html").write_text(page, encoding="utf-8")


def check_references(out: Path) -> None:
    """Every src/href of the page is relative (./...) and names a file in ``out``."""
    page = (out / "index.html").read_text(encoding="utf-8")
    for url in EXTERNAL.findall(page):
        raise BuildError(f"index.html: {url!r} must be a relative ./ URL (dist/ may live anywhere)")
    manifest = json.loads((out / "manifest.webmanifest").read_text(encoding="utf-8"))
    for url in LOCAL_REF.findall(page) + manifest_files(manifest) + manifest_addresses(manifest):
        if not url.startswith("./"):
            raise BuildError(f"manifest.webmanifest: {url!r} must be a relative ./ URL")
        if url != "./" and not (out / url).is_file():
            raise BuildError(f"{url} is referenced but not in {out}")
    for url in manifest_actions(manifest):
        if not url.startswith("./"):
            raise BuildError(f"manifest.webmanifest: action {url!r} must be a relative ./ URL")


def manifest_actions(manifest: dict[str, Any]) -> list[str]:
    """The URLs the manifest sends shared and opened files to (handled by the service worker
    and the page, not files).

    >>> manifest_actions({"share_target": {"action": "./share-target"},
    ...                   "file_handlers": [{"action": "./"}]})
    ['./share-target', './']
    """
    target = manifest.get("share_target")
    actions = [str(target["action"])] if isinstance(target, dict) else []
    return actions + [str(handler["action"]) for handler in manifest.get("file_handlers", [])]


def revision(data: bytes) -> str:
    """A file's revision: the first 16 hex digits of the SHA-256 of its bytes.

    The service worker checks every file it downloads against it (tests/e2e check both agree).

    >>> revision(b"")
    'e3b0c44298fc1c14'
    """
    return hashlib.sha256(data).hexdigest()[:16]


def site_files(out: Path) -> list[str]:
    """Every file of the build but precache.js, relative to ``out``, sorted."""
    return sorted(
        path.relative_to(out).as_posix()
        for path in out.rglob("*")
        if path.is_file() and path.name != PRECACHE_FILE
    )


def stamp_build(out: Path) -> str:
    """Put the build id into the page and return it: a hash of every file of the build, the page
    taken as it was before the stamp (so that stamping again after a change is reproducible)."""
    page_path = out / "index.html"
    page = BUILD_META.sub(BUILD_MARK, page_path.read_text(encoding="utf-8"))
    if BUILD_MARK not in page:
        raise BuildError(f"index.html has lost the line {BUILD_MARK.strip()!r}")
    digest = hashlib.sha256()
    for name in site_files(out):
        data = page.encode() if name == "index.html" else (out / name).read_bytes()
        digest.update(f"{name}\0{revision(data)}\n".encode())
    build_id = digest.hexdigest()[:16]
    meta = f'  <meta name="debertz-build" content="{build_id}">\n'
    page_path.write_text(page.replace(BUILD_MARK, meta), encoding="utf-8")
    return build_id


def manifest_files(manifest: dict[str, Any]) -> list[str]:
    """Every file the manifest names: its icons, screenshots and the shortcuts' icons.

    >>> manifest_files({"icons": [{"src": "./a.png"}], "screenshots": [{"src": "./b.webp"}],
    ...                 "shortcuts": [{"url": "./#/new", "icons": [{"src": "./a.png"}]}]})
    ['./a.png', './b.webp']
    """
    images = [*manifest["icons"], *manifest.get("screenshots", [])]
    images += [icon for shortcut in manifest.get("shortcuts", []) for icon in shortcut["icons"]]
    return list(dict.fromkeys(image["src"] for image in images))


def manifest_addresses(manifest: dict[str, Any]) -> list[str]:
    """The pages the manifest opens: the start, the scope and each shortcut's (without the
    ``#/...`` part, which the app resolves)."""
    urls = [manifest["start_url"], manifest["scope"]]
    urls += [shortcut["url"].split("#")[0] for shortcut in manifest.get("shortcuts", [])]
    return urls


def file_hash(path: Path) -> str:
    """SHA-256 of a file's bytes."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def write_packed(out: Path) -> None:
    """Write the gzipped copy of each file of :data:`PACKED` in ``out`` (again only when it no
    longer holds the file's bytes; ``mtime=0``, so the same file gives the same copy)."""
    for name, packed in PACKED.items():
        data = (out / name).read_bytes()
        copy = out / packed
        if not copy.exists() or gzip.decompress(copy.read_bytes()) != data:
            copy.write_bytes(gzip.compress(data, compresslevel=9, mtime=0))


def write_precache(out: Path) -> Precache:
    """Stamp the build id and write precache.js for the files now in ``out`` (call again after
    changing a file, as a rebuild would); the gzipped copies of :data:`PACKED` are made again
    when their file changed, and listed with it, not on their own."""
    write_packed(out)
    build_id = stamp_build(out)
    files = {
        f"./{name}": revision_of(out, name)
        for name in site_files(out)
        if name not in NOT_PRECACHED and not name.startswith(ONLINE_ONLY)
        and name not in PACKED.values()
    }
    precache = Precache(build_id, files)
    lines = ",\n".join(
        f"  {json.dumps(name)}: {json.dumps(entry_json(entry))}" for name, entry in files.items()
    )
    body = f'{{"build": "{build_id}", "files": {{\n{lines}\n}}}}'
    (out / PRECACHE_FILE).write_text(f"{PRECACHE_PREFIX}{body};\n", encoding="utf-8")
    return precache


def revision_of(out: Path, name: str) -> Revision:
    """The precache entry of the file ``name`` of ``out`` (with its gzipped copy, if it has one)."""
    data = (out / name).read_bytes()
    packed = PACKED.get(name)
    if packed is None:
        return Revision(revision(data), len(data))
    return Revision(revision(data), len(data), f"./{packed}", (out / packed).stat().st_size)


def entry_json(entry: Revision) -> dict[str, Any]:
    """An entry as precache.js lists it.

    >>> entry_json(Revision("e3b0c44298fc1c14", 0))
    {'rev': 'e3b0c44298fc1c14', 'size': 0}
    """
    return {key: value for key, value in asdict(entry).items() if value is not None}


def read_precache(out: Path) -> Precache:
    """The precache list a build wrote into ``out``."""
    text = (out / PRECACHE_FILE).read_text(encoding="utf-8")
    data = json.loads(text.removeprefix(PRECACHE_PREFIX).rstrip().rstrip(";"))
    files = {
        name: Revision(entry["rev"], entry["size"], entry.get("packed"), entry.get("packed_size"))
        for name, entry in data["files"].items()
    }
    return Precache(data["build"], files)


def total_size(precache: Precache) -> int:
    """Bytes the service worker downloads at install (the gzipped copies where there are some)."""
    return sum(entry.download for entry in precache.files.values())


def main(argv: list[str] | None = None) -> int:
    """Command line: build and print a one-line summary."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist")
    args = parser.parse_args(argv)
    try:
        precache = build(args.out)
    except BuildError as error:
        print(f"build failed: {error}", file=sys.stderr)
        return 1
    size = total_size(precache) / 1e6
    print(f"{args.out}: {len(precache.files)} files, {size:.2f} MB, build {precache.build}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
