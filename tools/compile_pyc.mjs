// Compile the app's Python sources to bytecode with the Pyodide the app ships (a build step).
// Pyodide's CPython (3.14) must write the .pyc: its bytecode differs from the CPython running
// the build. Input on stdin: {"root": "/home/pyodide/app", "files": {"ui/views.py": "source"}}.
// Output on stdout: {"ui/__pycache__/views.cpython-314.pyc": "<base64>", ...}.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const request = JSON.parse(readFileSync(0, "utf-8"));
const indexURL = fileURLToPath(new URL("../node_modules/pyodide/", import.meta.url));
const pyodide = await loadPyodide({ indexURL, stdout: () => {}, stderr: (line) => console.error(line) });
pyodide.globals.set("request_json", JSON.stringify(request));
const result = pyodide.runPython(`
import base64, json, os, py_compile
from importlib.util import cache_from_source

request = json.loads(request_json)
root = request["root"]
compiled = {}
for name, source in request["files"].items():
    path = os.path.join(root, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as file:
        file.write(source)
    target = cache_from_source(path)
    py_compile.compile(
        path, cfile=target, doraise=True,
        invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
    )
    with open(target, "rb") as file:
        compiled[os.path.relpath(target, root)] = base64.b64encode(file.read()).decode()
json.dumps(compiled)
`);
process.stdout.write(result);
