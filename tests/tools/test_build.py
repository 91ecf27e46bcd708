"""tools/build.py and the static shell files, checked without a browser."""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import re
import shutil
import struct
import subprocess
import zipfile
from pathlib import Path
from typing import Any

import pytest

import tools.build as build_module
import tools.stdlib as stdlib_module
from app.generated import GENERATED_FILE
from app.summaries import engine_stamp
from tools.build import (
    COMPILE_HINT,
    HINTED,
    PACKED,
    RUNTIME,
    BuildError,
    build,
    check_references,
    read_precache,
    total_size,
    write_packed,
    write_precache,
)
from tools.stdlib import STDLIB_FILE

ROOT = Path(__file__).resolve().parents[2]

# Most tests here build the whole site (Node compiles the app with the shipped Pyodide).
pytestmark = pytest.mark.slow


def files_of(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}


def test_dist_holds_the_site_and_only_the_listed_runtime_files(dist: Path) -> None:
    files = files_of(dist)
    for name in (
        "index.html",
        "boot.js",
        "shell.css",
        "manifest.webmanifest",
        "service-worker.js",
        "precache.js",
        "main.py",
        "app.zip",
    ):
        assert name in files
    runtime = {name for name in files if name.startswith("vendor/")}
    expected = sum(len(patterns) for _source, patterns in RUNTIME.values())
    assert len(runtime) == expected + 3, "and the reduced lock file, the trimmed stdlib, the .gz"
    assert {"vendor/pyodide/pyodide-lock.json", STDLIB_FILE, *PACKED.values()} <= runtime
    assert "vendor/pyodide/python_stdlib.zip" not in runtime
    assert not [
        name for name in files if name.endswith((".map", ".d.ts", ".html")) and name != "index.html"
    ]


def test_the_precache_lists_every_file_but_the_worker_and_the_screenshots_with_its_revision(
    dist: Path,
) -> None:
    precache = read_precache(dist)
    listed = {name.removeprefix("./") for name in precache.files}
    shots = {name for name in files_of(dist) if name.startswith("screenshots/")}
    assert len(shots) == 3, "the install dialog's screenshots are served, not precached"
    packed = {"vendor/pyodide/pyodide.asm.wasm.gz"}
    assert set(PACKED.values()) == packed, "listed with the file it is a copy of"
    workers = {"service-worker.js", "precache.js", "share-target.js"}
    assert listed == files_of(dist) - workers - shots - packed
    assert all(name.startswith("./") for name in precache.files)
    for name, entry in precache.files.items():
        data = (dist / name).read_bytes()
        assert (entry.rev, entry.size) == (hashlib.sha256(data).hexdigest()[:16], len(data)), name
        if entry.packed is None:
            assert entry.download == entry.size
            continue
        copy = (dist / entry.packed).read_bytes()
        assert gzip.decompress(copy) == data and entry.packed_size == entry.download == len(copy)
    wasm = precache.files["./vendor/pyodide/pyodide.asm.wasm"]
    assert wasm.download < 0.4 * wasm.size, "Pyodide's WebAssembly is downloaded gzipped"


def test_the_first_visits_hint_says_the_size_the_worker_downloads(dist: Path) -> None:
    """The boot screen's "the first start downloads about N MB" in every language, within
    0.5 MB of what the service worker downloads (the progress line beside it gives the total)."""
    downloaded = total_size(read_precache(dist)) / 1e6
    for catalogue in sorted((ROOT / "app/ui/text").glob("*/shell.json")):
        hint = json.loads(catalogue.read_text(encoding="utf-8"))["shell.hint"]
        [said] = re.findall(r"(\d+(?:[.,]\d+)?) (?:MB|МБ)", hint)
        assert abs(float(said.replace(",", ".")) - downloaded) <= 0.5, (catalogue, downloaded)


def test_a_changed_file_gets_a_new_gzipped_copy_and_an_unchanged_one_keeps_its_own(
    tmp_path: Path,
) -> None:
    out = tmp_path / "out"
    (out / "vendor/pyodide").mkdir(parents=True)
    wasm = out / "vendor/pyodide/pyodide.asm.wasm"
    wasm.write_bytes(b"\0asm" + bytes(1000))
    write_packed(out)
    copy = out / "vendor/pyodide/pyodide.asm.wasm.gz"
    first = copy.read_bytes()
    write_packed(out)
    assert copy.read_bytes() == first, "the same file, the same copy (no time stamp in it)"
    wasm.write_bytes(b"\0asm" + bytes(2000))
    write_packed(out)
    assert gzip.decompress(copy.read_bytes()) == wasm.read_bytes()


def test_the_build_id_follows_the_content_and_a_change_touches_only_its_file(
    dist: Path, tmp_path: Path
) -> None:
    first = read_precache(dist)
    assert f'<meta name="debertz-build" content="{first.build}">' in (
        dist / "index.html"
    ).read_text(encoding="utf-8")
    again = tmp_path / "again"
    build_module._compiled.clear()  # compile the bytecode again too: it must come out the same
    stdlib_module._made.clear()  # and the standard library, in another Pyodide (hash seed)
    assert build(again) == first, "an unchanged source must keep its build id and revisions"
    with (again / "app.css").open("a", encoding="utf-8") as css:
        css.write("/* one line more */\n")
    second = write_precache(again)
    assert second.build != first.build
    changed = {name for name in first.files if first.files[name] != second.files[name]}
    assert changed == {"./app.css", "./index.html"}, "the page changes only by its build id"
    assert write_precache(again) == second, "stamping again changes nothing"


def test_the_app_zip_has_the_python_package_as_bytecode_its_texts_and_licences_only(
    dist: Path,
) -> None:
    """And the code its classes generate (app/generated.py: tests/e2e/test_start_stdlib.py)."""
    names = set(zipfile.ZipFile(dist / "app.zip").namelist())
    bytecode = {name for name in names if name.endswith(".pyc")}
    assert "storage.pyc" in bytecode and "browser/store.pyc" in bytecode
    assert "main.pyc" not in names and not [name for name in names if name.endswith(".py")]
    expected = {
        p.relative_to(ROOT / "app").with_suffix(".pyc").as_posix()
        for p in (ROOT / "app").rglob("*.py")
        if "__pycache__" not in p.parts
    }
    assert bytecode == expected - {"main.pyc"}
    data = {name for name in names if name.endswith(".json")}
    assert data == {
        p.relative_to(ROOT / "app").as_posix() for p in (ROOT / "app/ui/text").rglob("*.json")
    }
    assert "ui/text/uk/ui.json" in data and "ui/text/en/help.json" in data
    licences = {name for name in names if name.endswith("/LICENSE")}
    assert licences == {"_vendor/segno/LICENSE"}
    assert names == bytecode | data | licences | {"engine/STAMP", GENERATED_FILE}


def test_the_site_stamps_the_engine_as_python_does_from_its_sources(dist: Path) -> None:
    """A summary written on CPython (a bench, a test) is current in the page and the other way
    round: the site ships no source, so the build writes the stamp of the sources it compiled."""
    stamp = zipfile.ZipFile(dist / "app.zip").read("engine/STAMP").decode("ascii")
    assert stamp == engine_stamp()


def test_the_bytecode_is_unchecked_hash_pyc_for_pyodides_python(dist: Path) -> None:
    archive = zipfile.ZipFile(dist / "app.zip")
    data = archive.read("storage.pyc")
    flags = int.from_bytes(data[4:8], "little")
    assert flags == 0b01, "hash-based (bit 0) and not checked against the source (bit 1 clear)"
    source = (ROOT / "app/storage.py").read_bytes()
    assert b"/home/pyodide/app/storage.py" in data, "tracebacks name the source file"
    assert source not in data


def test_the_bytecode_leaves_out_the_docstrings_and_keeps_the_code(dist: Path) -> None:
    data = zipfile.ZipFile(dist / "app.zip").read("storage.pyc")
    assert b"Stored records: encoding, schema versions" not in data, "the module's docstring"
    assert b"Every game and the settings, as the browser store loads them" not in data
    assert b"has an id no address can name: " in data, "the code's own texts stay"


def test_pyodide_gets_a_lock_file_of_its_abi_and_no_packages(dist: Path) -> None:
    lock = json.loads((dist / "vendor/pyodide/pyodide-lock.json").read_text(encoding="utf-8"))
    shipped = json.loads((ROOT / "node_modules/pyodide/pyodide-lock.json").read_text("utf-8"))
    assert lock == {"info": shipped["info"], "packages": {}}
    assert lock["info"]["abi_version"]


def run_pyodide(
    tmp_path: Path, script: str, loader: Path, dist: Path, *args: str
) -> dict[str, Any]:
    """Run ``script`` (an ES module) in Node with Pyodide's ``loader`` and the build's standard
    library as its first arguments, ``args`` after them; what it printed last, as JSON."""
    path = tmp_path / "script.mjs"
    path.write_text(script, encoding="utf-8")
    command = ["node", str(path), str(loader), str(dist / STDLIB_FILE), *args]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


COUNT_WRAPPERS = """
const [loader, stdlib] = process.argv.slice(2);
const Compiled = WebAssembly.Module;
const tiny = [];  // Emscripten's one-function wrapper modules are some 30 bytes
WebAssembly.Module = new Proxy(Compiled, {
  construct(target, [bytes, ...rest]) {
    if (bytes.length < 100) tiny.push(Buffer.from(bytes).toString("hex"));
    return Reflect.construct(target, [bytes, ...rest]);
  },
});
const { loadPyodide } = await import(loader);
const pyodide = await loadPyodide({ stdLibURL: stdlib });
const answer = pyodide.runPython("6 * 7");
console.log(JSON.stringify({ answer, compiled: tiny.length, kinds: new Set(tiny).size }));
"""


@pytest.mark.parametrize("built", [True, False], ids=["built", "as-shipped"])
def test_pyodide_compiles_one_wrapper_module_of_each_kind(
    dist: Path, tmp_path: Path, built: bool
) -> None:
    """The build's loader (WRAPPER_CACHE) starts Python compiling each of Emscripten's
    one-function modules once for each type; Pyodide's own compiles one per function."""
    folder = dist / "vendor/pyodide" if built else ROOT / "node_modules/pyodide"
    seen = run_pyodide(tmp_path, COUNT_WRAPPERS, folder / "pyodide.mjs", dist)
    assert seen["answer"] == 42
    assert seen["kinds"] > 20, seen  # 29 kinds of 259 functions in Pyodide 314.0.7
    if built:
        assert seen["compiled"] == seen["kinds"], seen
    else:
        assert seen["compiled"] > 5 * seen["kinds"], seen  # one per function


TAKE_EARLY_WASM = """
import { readFileSync } from "node:fs";
const [loader, stdlib, wasm, early] = process.argv.slice(2);
let awaited = 0;  // how often the loader awaited boot.js's compile
const compiled = early === "module" ? WebAssembly.compile(readFileSync(wasm)) : null;
globalThis.debertzWasm = { then: (resolve, reject) => {
  awaited += 1;
  return Promise.resolve(compiled).then(resolve, reject);
} };
const { loadPyodide } = await import(loader);
const first = await loadPyodide({ stdLibURL: stdlib });
const again = await loadPyodide({ stdLibURL: stdlib });  // as after a restore that failed
console.log(JSON.stringify({ answer: first.runPython("6 * 7") + again.runPython("1"), awaited }));
"""


@pytest.mark.parametrize("early", ["module", "failed"])
def test_pyodide_takes_over_the_webassembly_boot_js_compiled_or_fetches_it(
    dist: Path, tmp_path: Path, early: str
) -> None:
    """EARLY_WASM: the build's loader starts Python, each time, from ``globalThis.debertzWasm``
    (a loader without its WebAssembly file beside it starts twice), and reads the file as
    before when that compile failed (null)."""
    wasm = dist / "vendor/pyodide/pyodide.asm.wasm"
    folder = tmp_path / "pyodide"
    shutil.copytree(dist / "vendor/pyodide", folder)
    if early == "module":
        (folder / wasm.name).unlink()
    seen = run_pyodide(tmp_path, TAKE_EARLY_WASM, folder / "pyodide.mjs", dist, str(wasm), early)
    assert seen == {"answer": 43, "awaited": 2}


def test_the_page_uses_only_relative_urls_and_the_local_interpreter(dist: Path) -> None:
    page = (dist / "index.html").read_text(encoding="utf-8")
    assert '<main id="app"' in page
    assert "http://" not in page and "https://" not in page
    config = json.loads(re.search(r"config='([^']+)'", page).group(1))  # type: ignore[union-attr]
    assert config["interpreter"] == "./python.mjs"
    assert (dist / config["interpreter"]).is_file()
    assert 'from "./vendor/pyodide/pyodide.mjs"' in (dist / "python.mjs").read_text("utf-8")
    preloads = page.split('<template id="shell-preloads">')[1].split("</template>")[0]
    assert '<link rel="modulepreload" href="./vendor/pyodide/pyodide.mjs">' in preloads
    assert 'as="fetch" crossorigin="anonymous" href="./app.zip"' in preloads
    assert ".wasm" not in preloads, "a preloaded module loses its compiled code (NOT_PRELOADED)"
    scripts = [*HINTED, "vendor/pyodide/pyodide.asm.mjs", "vendor/pyscript/core.js"]
    assert all((dist / name).read_text("utf-8").startswith(COMPILE_HINT) for name in scripts)
    assert '<link rel="preload"' not in page.replace(preloads, ""), "on a first visit: twice"
    assert "runtime preloads" not in page and "build id (tools" not in page


def test_a_reference_to_a_missing_file_stops_the_build(dist: Path, tmp_path: Path) -> None:
    broken = tmp_path / "broken"
    broken.mkdir()
    page = (dist / "index.html").read_text(encoding="utf-8")
    (broken / "index.html").write_text(page, encoding="utf-8")
    (broken / "manifest.webmanifest").write_bytes((dist / "manifest.webmanifest").read_bytes())
    with pytest.raises(BuildError, match="referenced but not in"):
        check_references(broken)


def test_an_absolute_url_in_the_page_stops_the_build(dist: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    shutil.copytree(dist, site)
    page = (site / "index.html").read_text(encoding="utf-8")
    (site / "index.html").write_text(
        page.replace('href="./shell.css"', 'href="/shell.css"'), encoding="utf-8"
    )
    with pytest.raises(BuildError, match="'/shell.css' must be a relative ./ URL"):
        check_references(site)


def test_an_earlier_build_is_replaced(tmp_path: Path) -> None:
    out = tmp_path / "site"
    build(out)
    (out / "left-over.txt").write_text("from an older build", encoding="utf-8")
    build(out)
    assert not (out / "left-over.txt").exists()
    empty = tmp_path / "empty"
    empty.mkdir()
    build(empty)
    assert (empty / "precache.js").is_file()


@pytest.mark.parametrize("kind", ["folder", "file"])
def test_a_folder_that_is_not_a_build_is_never_deleted(tmp_path: Path, kind: str) -> None:
    out = tmp_path / "checkout"
    if kind == "folder":
        out.mkdir()
        (out / "notes.txt").write_text("keep me", encoding="utf-8")
        expected = "is not a previous build (no precache.js in it), so it is not deleted"
    else:
        out.write_text("keep me", encoding="utf-8")
        expected = "is not a folder"
    with pytest.raises(BuildError, match=re.escape(expected)):
        build(out)
    kept = out / "notes.txt" if kind == "folder" else out
    assert kept.read_text(encoding="utf-8") == "keep me"


def test_the_command_line_refuses_the_checkout_itself(capsys: pytest.CaptureFixture[str]) -> None:
    assert build_module.main(["--out", str(ROOT)]) == 1
    assert (ROOT / ".git").exists() and (ROOT / "tools/build.py").is_file()
    assert "is not a previous build" in capsys.readouterr().err


def test_the_build_module_examples_hold() -> None:
    import doctest

    assert doctest.testmod(build_module).failed == 0


def _ci_run(tmp_path: Path, node_version: str) -> tuple[int, str, bool]:
    """Run .ci/run as a non-root user (no apt) with a stub node; report exit, stderr, make ran."""
    stubs = tmp_path / "bin"
    stubs.mkdir()
    ran = tmp_path / "make-ran"
    major = node_version.split(".")[0]
    scripts = {
        "id": "echo 1000",
        "make": f"touch {ran}",
        "npm": "echo 10.0.0",
        "node": f'case "$1" in -p) echo {major};; *) echo v{node_version};; esac',
    }
    for name, body in scripts.items():
        (stubs / name).write_text(f"#!/bin/sh\n{body}\n", encoding="utf-8")
        (stubs / name).chmod(0o755)
    path = f"{stubs}:{os.environ['PATH']}"  # the stubs shadow the real id, make, node, npm
    done = subprocess.run(
        ["bash", str(ROOT / ".ci/run")],
        env={**os.environ, "PATH": path},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    return done.returncode, done.stderr, ran.exists()


def test_ci_refuses_a_node_older_than_20_with_the_reason(tmp_path: Path) -> None:
    code, err, make_ran = _ci_run(tmp_path, "18.20.4")
    assert code == 1 and not make_ran
    assert "Node 20 or newer is needed, found v18.20.4" in err


def test_ci_goes_on_to_make_test_with_node_20(tmp_path: Path) -> None:
    code, err, make_ran = _ci_run(tmp_path, "20.20.2")
    assert (code, err, make_ran) == (0, "", True)


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_manifest_is_ukrainian_relative_and_has_every_icon(dist: Path) -> None:
    manifest = json.loads((dist / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["short_name"] == "Деберц" and manifest["lang"] == "uk"
    assert manifest["name"].startswith("Деберц")
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"] and manifest["background_color"] and manifest["description"]
    sizes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for icon in manifest["icons"]:
        side = int(icon["sizes"].split("x")[0])
        assert png_size(ROOT / "app/static" / icon["src"]) == (side, side)
    assert png_size(ROOT / "app/static/icons/apple-touch-icon.png") == (180, 180)


def webp_size(path: Path) -> tuple[int, int]:
    """Width and height of a WebP file (lossy VP8, lossless VP8L or extended VP8X)."""
    data = path.read_bytes()
    assert data[:4] == b"RIFF" and data[8:12] == b"WEBP", path
    kind = data[12:16]
    if kind == b"VP8 ":
        width, height = struct.unpack("<HH", data[26:30])
        return width & 0x3FFF, height & 0x3FFF
    if kind == b"VP8L":
        bits = int.from_bytes(data[21:25], "little")
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    assert kind == b"VP8X", kind
    return int.from_bytes(data[24:27], "little") + 1, int.from_bytes(data[27:30], "little") + 1


def test_the_manifest_offers_screenshots_shortcuts_a_monochrome_icon_and_one_window(
    dist: Path,
) -> None:
    manifest = json.loads((dist / "manifest.webmanifest").read_text(encoding="utf-8"))
    shots = manifest["screenshots"]
    assert {shot["form_factor"] for shot in shots} == {"narrow", "wide"}
    total = 0
    for shot in shots:
        path = ROOT / "app/static" / shot["src"]
        width, height = webp_size(path)
        assert shot["sizes"] == f"{width}x{height}" and shot["type"] == "image/webp"
        assert shot["label"] and max(width, height) / min(width, height) <= 2.3
        assert (width > height) == (shot["form_factor"] == "wide")
        total += path.stat().st_size
    assert total < 250_000, "the install dialog downloads them: keep them small"
    urls = {shortcut["url"] for shortcut in manifest["shortcuts"]}
    assert urls == {"./#/new", "./#/last"}
    assert all(shortcut["name"] and shortcut["icons"] for shortcut in manifest["shortcuts"])
    purposes = {icon["purpose"] for icon in manifest["icons"]}
    assert "monochrome" in purposes
    mono = next(icon for icon in manifest["icons"] if icon["purpose"] == "monochrome")
    assert png_size(ROOT / "app/static" / mono["src"]) == (512, 512)
    assert manifest["launch_handler"]["client_mode"][0] in ("focus-existing", "navigate-existing")


def test_a_screenshot_the_manifest_names_must_be_in_the_site(dist: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    shutil.copytree(dist, site)
    (site / "screenshots/wide-game.webp").unlink()
    with pytest.raises(BuildError, match="./screenshots/wide-game.webp is referenced but not in"):
        check_references(site)


def test_the_page_starts_in_the_players_colour_scheme() -> None:
    page = (ROOT / "app/static/index.html").read_text(encoding="utf-8")
    assert '<meta name="color-scheme" content="light dark">' in page
    assert 'name="theme-color" content="#1f5135" media="(prefers-color-scheme: light)"' in page
    assert 'name="theme-color" content="#163a26" media="(prefers-color-scheme: dark)"' in page


def test_the_service_worker_stays_short_and_keeps_the_wasm_type() -> None:
    worker = (ROOT / "service-worker.js").read_text(encoding="utf-8")
    # 129 lines before it kept the server's responses as they are, 146 before it downloaded
    # gzipped copies and said which files it keeps (181), 181 before it served a waiting
    # version's files at the tap on Update (205), 205 before it kept the running version's
    # WebAssembly under its plain URL, where Chromium keeps its compiled code (225)
    assert len(worker.splitlines()) <= 225
    assert 'importScripts("./precache.js")' in worker
    assert "application/wasm" in worker and "skip-waiting" in worker
    assert "DecompressionStream" in worker


def test_the_dev_server_serves_a_sub_path_with_the_types_pyodide_needs(dist: Path) -> None:
    from urllib.error import HTTPError
    from urllib.request import urlopen

    from tools.serve import DistServer

    server = DistServer(dist, base="/a/b/")
    server.start()
    try:
        expected = {
            "vendor/pyodide/pyodide.asm.wasm": "application/wasm",
            "vendor/pyodide/pyodide.mjs": "text/javascript",
            "manifest.webmanifest": "application/manifest+json",
            "": "text/html",
        }
        for name, kind in expected.items():
            with urlopen(server.url + name) as response:
                assert response.headers["Content-Type"].split(";")[0] == kind, name
        with pytest.raises(HTTPError, match="404"):
            urlopen(f"http://{server.host}:{server.port}/index.html")
    finally:
        server.stop()
