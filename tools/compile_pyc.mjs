// Compile the app's Python sources to bytecode with the Pyodide the app ships (a build step).
// Pyodide's CPython (3.14) must write the .pyc: its bytecode differs from the CPython running
// the build. Input on stdin: {"root": "/home/pyodide/app", "files": {"ui/views.py": "source"}}.
// Output on stdout: {"ui/views.pyc": "<base64>", ...}: sourceless, unchecked-hash .pyc files that
// take the module's place in app.zip (the sources are not shipped). Each code object keeps the
// source's path (/home/pyodide/app/ui/views.py) and its line table, so a traceback names the file
// and the line; the column tables are left out (PYTHONNODEBUGRANGES), a third of a .pyc's size.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const request = JSON.parse(readFileSync(0, "utf-8"));
const indexURL = fileURLToPath(new URL("../node_modules/pyodide/", import.meta.url));
const pyodide = await loadPyodide({
  indexURL,
  env: { PYTHONNODEBUGRANGES: "1" },
  stdout: () => {},
  stderr: (line) => console.error(line),
});
pyodide.globals.set("request_json", JSON.stringify(request));
const result = pyodide.runPython(`
import base64, json, posixpath
from importlib._bootstrap_external import _code_to_hash_pyc
from importlib.util import source_hash

request = json.loads(request_json)
compiled = {}
for name, source in request["files"].items():
    data = source.encode("utf-8")
    code = compile(data, posixpath.join(request["root"], name), "exec", dont_inherit=True)
    pyc = _code_to_hash_pyc(code, source_hash(data), checked=False)
    compiled[name.removesuffix(".py") + ".pyc"] = base64.b64encode(pyc).decode()
json.dumps(compiled)
`);
process.stdout.write(result);
