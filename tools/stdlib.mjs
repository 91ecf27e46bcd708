// The app's standard library, made at build time with the Pyodide the app ships (tools/stdlib.py).
//
// Pyodide's python_stdlib.zip holds 559 modules as source, which every start without a snapshot
// compiles again; a start imports about 130 of them. This keeps the modules that Pyodide's start-up,
// PyScript and the app can import, compiled (sourceless, unchecked-hash .pyc, no column tables:
// PYTHONNODEBUGRANGES), in a zip of the same layout, which the page loads through stdLibURL.
//
// stdin {"mode": "make", "roots": {module: source}, "names": [module],
//        "bundle": path, "app": {path: source}, "pure": [module], "start": source}
//   roots: the app's and main.py's sources, whose imports are followed at every depth (every code
//   path of the app); names: modules named outright (PyScript's start-up code, lazy imports);
//   left_out: modules this interpreter never loads (another platform's, a C module's twin);
//   bundle: PyScript's core bundle, whose Python package (pyscript/*.py) is taken as roots too;
//   app and pure: the app's files (written where python.mjs unpacks app.zip) and its pure modules,
//   imported to learn which standard modules they load: the runtime snapshot holds those
//   (the zip's module _debertz_snapshot lists them in SNAPSHOT); start: tools/debertz_start.py,
//   put in the zip as _debertz_start with PYCACHE, PyScript's start-up modules compiled here
//   (checked-hash .pyc files, each under the path Python looks for it beside its source).
//   stdout {"zip": base64, "modules": [...], "startup": [...], "snapshot": [...], "frozen": [...]}
//   (frozen: the modules built into the interpreter, left out of the zip)
// stdin {"mode": "compile", "root": "/home/pyodide/app", "files": {"ui/views.py": source}, "data": {}}
//   the app's sources as bytecode (tools/build.py's app.zip): Pyodide's CPython (3.14) must write
//   them, its bytecode differs from the CPython running the build; sourceless, unchecked-hash .pyc
//   files, each code object keeping the source's path under root and its line table (a traceback
//   names file and line), no column tables (PYTHONNODEBUGRANGES, a third of a .pyc's size);
//   with "data": {path: text} (the app's data files), the modules are then imported from that
//   bytecode, and the code their dataclasses and named tuples generate is kept too
//   (app/generated.py); stdout {"ui/views.pyc": base64, ..., "generated.marshal": base64}.
// stdin {"mode": "check", "zip": path, "app": {path: source}, "imports": [module], "left_out": [...]}
//   starts Pyodide on the zip and imports every module of `imports` (the app's from `app`), then
//   fails a module of left_out that got imported after all;
//   stdout {"failed": {module: error}, "imported": [...]}.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import vm from "node:vm";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const request = JSON.parse(readFileSync(0, "utf-8"));
const indexURL = fileURLToPath(new URL("../node_modules/pyodide/", import.meta.url));
const quiet = { stdout: () => {}, stderr: (line) => console.error(line) };

// PyScript writes its Python package from an object literal in its bundle:
// {pyscript:{"__init__.py":"...", ...}}. Read it as JavaScript, in a context of its own: its
// files by path ("pyscript/context.py").
function pyscriptSources(bundle) {
  const text = readFileSync(bundle, "utf-8");
  const start = text.indexOf('{pyscript:{"__init__.py":');
  if (start < 0) throw new Error(`${bundle}: PyScript's Python package was not found in it`);
  let depth = 0;
  let quote = null;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'" || c === "`") quote = c;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) {
      const tree = vm.runInNewContext(`(${text.slice(start, i + 1)})`, {}, { timeout: 1000 });
      const files = {}; // "pyscript/context.py": source, as PyScript writes it under /home/pyodide
      const walk = (node, prefix) => {
        for (const [name, value] of Object.entries(node)) {
          if (typeof value !== "string") walk(value, `${prefix}${name}/`);
          else if (name.endsWith(".py")) files[prefix + name] = value;
        }
      };
      walk(tree, "");
      return files;
    }
  }
  throw new Error(`${bundle}: PyScript's Python package has no end`);
}

// "pyscript/__init__.py" -> "pyscript", "pyscript/context.py" -> "pyscript.context"
const moduleOf = (path) => path.slice(0, -3).replaceAll("/", ".").replace(/\.__init__$/, "");

const WRITE_APP = String.raw`
import os, sys

def write_app(files, root="/home/pyodide/app"):
    """The app's files (texts, or bytes) where PyScript unpacks app.zip, importable as the page
    imports them."""
    for path, content in files.items():
        os.makedirs(os.path.dirname(os.path.join(root, path)), exist_ok=True)
        with open(os.path.join(root, path), "wb") as file:
            file.write(content if isinstance(content, bytes) else content.encode("utf-8"))
    if os.path.dirname(root) not in sys.path:
        sys.path.insert(0, os.path.dirname(root))
`;

const MAKE = String.raw`
import _imp, ast, base64, importlib, io, json, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
from importlib.util import source_hash

request = json.loads(request_json)
LIB = "/lib/python314.zip"  # Pyodide's python_stdlib.zip, as its start-up installs it
archive = zipfile.ZipFile(LIB)
available = {}  # module -> (zip path, is a package)
for path in archive.namelist():
    if path.endswith(".py"):
        name = path[:-3].replace("/", ".")
        package = name.endswith(".__init__")
        available[name.removesuffix(".__init__")] = (path, package)
startup = sorted(  # read from the zip (a frozen module's __file__ names it too)
    name for name, module in sys.modules.items()
    if name in available and (getattr(module.__spec__, "origin", None) or "").startswith(LIB + "/")
)

def is_main_guard(node):
    return isinstance(node, ast.If) and ast.unparse(node.test).replace("'", '"') in (
        '__name__ == "__main__"', '"__main__" == __name__')

def nodes(tree, every_depth):
    """The statements an import runs (not function bodies, not the __main__ block), or all."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if is_main_guard(child):
                continue
            if not every_depth and isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue
            stack.append(child)

def imports(source, name, package, every_depth):
    found = set()
    for node in nodes(ast.parse(source), every_depth):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = name.split(".") if package else name.split(".")[:-1]
                parts = parts[: len(parts) - node.level + 1]
                module = ".".join(parts + ([node.module] if node.module else []))
            else:
                module = node.module
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)  # maybe submodules
    return {".".join(n.split(".")[: i + 1]) for n in found for i in range(n.count(".") + 1)}

PYSCRIPT_HOME = "/home/pyodide"  # where PyScript writes its package at every start

def pyscript_bytecode(files):
    """PyScript's start-up modules (those its package imports when imported) compiled here:
    {the path Python looks for each .pyc at: a checked-hash .pyc}."""
    modules = {path[:-3].replace("/", ".").removesuffix(".__init__"): path for path in files}
    todo, started, pycache = ["pyscript"], set(), {}
    while todo:
        name = todo.pop()
        if name in started or name not in modules:
            continue
        started.add(name)
        path = modules[name]
        todo.extend(sorted(imports(files[path], name, path.endswith("/__init__.py"), False)))
        data = files[path].encode("utf-8")
        code = compile(data, f"{PYSCRIPT_HOME}/{path}", "exec", dont_inherit=True, optimize=2)
        pyc = _code_to_hash_pyc(code, source_hash(data), checked=True)
        pycache[importlib.util.cache_from_source(path)] = pyc
    return dict(sorted(pycache.items()))  # in name order: the same zip at every build

todo = set(startup) | set(request["names"])
for name, source in request["roots"].items():
    todo |= imports(source, name, False, True)
kept = set()
while todo:
    name = todo.pop()
    if name in kept or name not in available or name in request["left_out"]:
        continue  # not the standard library's (the app, js, pyscript), already in, or left out
    kept.add(name)
    path, package = available[name]
    todo |= imports(archive.read(path), name, package, False)

frozen = set(_imp._frozen_module_names())  # in the interpreter itself: never read from a zip
write_app(request["app"])
for name in request["pure"]:
    importlib.import_module(name)
snapshot = sorted(name for name in sys.modules if name in kept - frozen)  # the start-up's too
snapshot_source = (
    '"""The standard library modules the app\'s pure modules import: snapshot-worker.mjs imports\n'
    'them into the runtime snapshot (written by tools/stdlib.mjs)."""\n\n'
    f"SNAPSHOT = {tuple(snapshot)!r}\n"
).encode()
KEEP_DOCSTRINGS = ("_pyodide/", "pyodide/")
sources = {available[name][0]: archive.read(available[name][0]) for name in kept - frozen}
sources["_debertz_snapshot.py"] = snapshot_source
# tools/debertz_start.py, what python.mjs runs at every start, with PyScript's bytecode in it
start = f"{request['start']}\nPYCACHE = {pyscript_bytecode(request['pyscript'])!r}\n"
sources["_debertz_start.py"] = start.encode()

out = io.BytesIO()
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as target:
    for path, source in sorted(sources.items()):
        # Docstrings and asserts out (python -OO), but in Pyodide's own packages, whose
        # docstrings become the JavaScript API's (_pyodide.docstring reads them).
        level = 0 if path.startswith(KEEP_DOCSTRINGS) else 2
        code = compile(source, f"{LIB}/{path}", "exec", dont_inherit=True, optimize=level)
        info = zipfile.ZipInfo(path[:-3] + ".pyc", (2026, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        pyc = _code_to_hash_pyc(code, source_hash(source), checked=False)
        target.writestr(info, pyc, compresslevel=9)  # a ZipInfo's own level is 6, not the archive's
json.dumps({"zip": base64.b64encode(out.getvalue()).decode(), "modules": sorted(kept - frozen),
            "startup": startup, "snapshot": snapshot, "frozen": sorted(frozen)})
`;

const COMPILE = String.raw`
import ast, base64, json, posixpath
from importlib._bootstrap_external import _code_to_hash_pyc
from importlib.util import source_hash

DOCUMENTED = (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef)


def without_docstrings(tree):
    # The app's docstrings (a sixth of its bytecode) are for readers and doctests; the page
    # never reads them. Asserts and every line number stay, unlike with python -OO. A class
    # keeps its own: a dataclass without one gets one made from its signature as it is made.
    for node in ast.walk(tree):
        body = getattr(node, "body", None) if isinstance(node, DOCUMENTED) else None
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str):
            if len(body) > 1:
                del body[0]  # (so that "from __future__" still comes first)
            else:
                body[0] = ast.copy_location(ast.Pass(), body[0])
    return tree


request = json.loads(request_json)
compiled = {}
for name, source in request["files"].items():
    data = source.encode("utf-8")
    path = posixpath.join(request["root"], name)
    tree = without_docstrings(ast.parse(data, path))
    code = compile(tree, path, "exec", dont_inherit=True)
    pyc = _code_to_hash_pyc(code, source_hash(data), checked=False)
    compiled[name.removesuffix(".py") + ".pyc"] = base64.b64encode(pyc).decode()
`;

// The code the app's dataclasses and named tuples generate (app/generated.py), made by importing
// the bytecode just compiled, with the data files, where the page unpacks app.zip.
const GENERATE = String.raw`
import importlib, marshal

root = request["root"]
write_app({**{name: base64.b64decode(pyc) for name, pyc in compiled.items()}, **request["data"]},
          root)
package = posixpath.basename(root)
generated = importlib.import_module(f"{package}.generated")

codes = {}
with generated.compiled_ahead(codes, record=True):
    for name in sorted(request["files"]):
        module = name.removesuffix(".py").removesuffix("__init__").rstrip("/").replace("/", ".")
        if module.endswith("__main__"):  # a command line: running it is not importing it
            continue
        try:
            importlib.import_module(f"{package}.{module}" if module else package)
        except Exception:  # a module of the page alone (its classes generate no code)
            pass
compiled[generated.GENERATED_FILE] = base64.b64encode(marshal.dumps(codes)).decode()
json.dumps(compiled)
`;

const CHECK = String.raw`
import importlib, json, sys, traceback
request = json.loads(request_json)
write_app(request["app"])
failed = {}
for name in request["imports"]:
    try:
        importlib.import_module(name)
    except BaseException as error:
        failed[name] = "".join(traceback.format_exception_only(error)).strip()
for name in request["left_out"]:
    if name in sys.modules:
        failed[name] = "left out of the zip, yet imported"
json.dumps({"failed": failed, "imported": sorted(
    name for name, module in sys.modules.items()
    if (getattr(module, "__file__", None) or "").startswith("/lib/python314.zip/"))})
`;

async function main() {
  if (request.mode === "make") {
    const pyodide = await loadPyodide({ indexURL, env: { PYTHONNODEBUGRANGES: "1" }, ...quiet });
    const pyscript = pyscriptSources(request.bundle);
    const modules = Object.entries(pyscript).map(([path, source]) => [moduleOf(path), source]);
    const roots = { ...request.roots, ...Object.fromEntries(modules) };
    pyodide.globals.set("request_json", JSON.stringify({ ...request, roots, pyscript }));
    return pyodide.runPython(WRITE_APP + MAKE);
  }
  if (request.mode === "compile") {
    const pyodide = await loadPyodide({ indexURL, env: { PYTHONNODEBUGRANGES: "1" }, ...quiet });
    pyodide.globals.set("request_json", JSON.stringify(request));
    return pyodide.runPython(WRITE_APP + COMPILE + GENERATE);
  }
  if (request.mode === "check") {
    const pyodide = await loadPyodide({ indexURL, stdLibURL: request.zip, ...quiet });
    pyodide.globals.set("request_json", JSON.stringify(request));
    return pyodide.runPython(WRITE_APP + CHECK);
  }
  throw new Error(`unknown mode ${request.mode}`);
}

process.stdout.write(await main());
