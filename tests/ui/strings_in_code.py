"""Which strings the app's code can put in a place: read from its source, never run.

Text keys built with f-strings (``t(f"notice.{state.notice}")``) cannot be found by a search;
tests/ui/test_i18n_keys.py checks them family by family, with the values the code can put in.
Where the engine or the UI names a closed set in a tuple, the test takes the tuple; where the
values are only written where they are made (``state.notice = "saved"``), these functions
gather them from the source:

>>> sorted(given_to("decided_by", "app/engine"))[:3]
['None', 'claim', 'debertz']
>>> sorted(passed_to("_refused", "why", "app/ui"))
['delete', 'redo', 'undo']

A value the source builds at run time is kept as a pattern, ``{}`` for each part it cannot
know (``state.notice = f"blocked_{why}"`` gives ``blocked_{}``); a value it takes from
elsewhere (a variable, another object's field) is not followed.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


@cache
def modules(package: str) -> tuple[ast.Module, ...]:
    """The parsed modules of a folder of the repository (``app/ui``, sub-folders included) or
    of one file (``app/storage.py``)."""
    where = ROOT / package
    paths = [where] if where.is_file() else sorted(where.rglob("*.py"))
    return tuple(ast.parse(path.read_text(encoding="utf-8")) for path in paths)


def strings(node: ast.expr | None, module: ast.Module) -> set[str]:
    """The strings an expression can be, as far as its source says: constants (``None`` as
    ``"None"``, as an f-string would write it), both arms of ``a if c else b``, ``x or y``,
    ``TABLE.get(key, default)`` of a dict written in the module, f-strings as patterns."""
    if isinstance(node, ast.Constant) and (node.value is None or isinstance(node.value, str)):
        return {str(node.value)}
    if isinstance(node, ast.IfExp):
        return strings(node.body, module) | strings(node.orelse, module)
    if isinstance(node, ast.BoolOp):
        return set().union(*(strings(value, module) for value in node.values))
    if isinstance(node, ast.JoinedStr):
        return {"".join(p.value if isinstance(p, ast.Constant) else "{}" for p in node.values)}
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "get"
        and isinstance(node.func.value, ast.Name)
    ):
        table = module_dict(node.func.value.id, module)
        default = strings(node.args[1], module) if len(node.args) > 1 else set()
        return default | set().union(*(strings(v, module) for v in table.values if v))
    return set()


def module_dict(name: str, module: ast.Module) -> ast.Dict:
    """The dict literal a module assigns to ``name`` at its top (an empty one if none)."""
    for node in module.body:
        target = node.target if isinstance(node, ast.AnnAssign) else None
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
        value = getattr(node, "value", None)
        if isinstance(target, ast.Name) and target.id == name and isinstance(value, ast.Dict):
            return value
    return ast.Dict(keys=[], values=[])


def given_to(name: str, package: str) -> set[str]:
    """Every string the code of ``package`` gives to a field ``name``: assigned to ``x.name``
    (also as part of ``a.x, a.name = ..., ...``, or from a function of the module returning
    pairs), passed as ``name=...``, or written as ``{"name": ...}``."""
    found: set[str] = set()
    for module in modules(package):
        for node in ast.walk(module):
            for value in _values_for(name, node, module):
                found |= strings(value, module)
    return found


def _values_for(name: str, node: ast.AST, module: ast.Module) -> Iterator[ast.expr | None]:
    if isinstance(node, ast.keyword) and node.arg == name:
        yield node.value
    elif isinstance(node, ast.Dict):
        yield from (v for k, v in zip(node.keys, node.values) if _is_str(k, name))
    elif isinstance(node, ast.AnnAssign) and _is_field(node.target, name):
        yield node.value
    elif isinstance(node, ast.Assign):
        for target in node.targets:
            if _is_field(target, name):
                yield node.value
            elif isinstance(target, ast.Tuple):
                at = [i for i, part in enumerate(target.elts) if _is_field(part, name)]
                for i in at:
                    yield from _part(node.value, i, module)


def _part(value: ast.expr, index: int, module: ast.Module) -> Iterator[ast.expr]:
    """Part ``index`` of what a tuple assignment unpacks: of a tuple written out, or of every
    tuple a function of the module returns."""
    if isinstance(value, ast.Tuple) and index < len(value.elts):
        yield value.elts[index]
    elif isinstance(value, ast.Call) and isinstance(value.func, ast.Name):
        for function in ast.walk(module):
            if isinstance(function, ast.FunctionDef) and function.name == value.func.id:
                for node in ast.walk(function):
                    if isinstance(node, ast.Return) and isinstance(node.value, ast.Tuple):
                        yield from _part(node.value, index, module)


def passed_to(callable_name: str, param: str, package: str) -> set[str]:
    """Every string the code of ``package`` passes as ``param`` to ``callable_name`` (a
    function, or a class whose fields or ``__init__`` say the order of its arguments),
    by position or by name; a variable of the calling function is followed to what it is
    assigned there."""
    index = _parameters(callable_name, package).index(param)
    found: set[str] = set()
    for call, scope, module in calls(package):
        if _name(call.func) == callable_name:
            named = [k.value for k in call.keywords if k.arg == param]
            for value in call.args[index : index + 1] or named:
                found |= _followed(value, scope, module)
    return found


@cache
def calls(package: str) -> tuple[tuple[ast.Call, ast.AST, ast.Module], ...]:
    """Every call of the package's code with the function it is in (or its module)."""
    found: list[tuple[ast.Call, ast.AST, ast.Module]] = []

    def visit(node: ast.AST, scope: ast.AST, module: ast.Module) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Call):
                found.append((child, scope, module))
            inner = child if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else scope
            visit(child, inner, module)

    for module in modules(package):
        visit(module, module, module)
    return tuple(found)


def returned_by(function_name: str, package: str) -> set[str]:
    """Every string a function of ``package`` returns (as far as its ``return`` lines say).

    >>> sorted(returned_by("matching_preset", "app/ui/scoring.py"))
    ['custom']
    """
    found: set[str] = set()
    for module in modules(package):
        for function in ast.walk(module):
            if isinstance(function, ast.FunctionDef) and function.name == function_name:
                for node in ast.walk(function):
                    if isinstance(node, ast.Return):
                        found |= strings(node.value, module)
    return found


def _followed(value: ast.expr, scope: ast.AST, module: ast.Module) -> set[str]:
    if not isinstance(value, ast.Name):
        return strings(value, module)
    assigned = [
        node.value
        for node in ast.walk(scope)
        if isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == value.id for t in node.targets)
    ]
    return set().union(*(strings(v, module) for v in assigned))


def _parameters(callable_name: str, package: str) -> list[str]:
    for module in modules(package):
        for node in ast.walk(module):
            if isinstance(node, ast.FunctionDef) and node.name == callable_name:
                return [a.arg for a in node.args.args]
            if isinstance(node, ast.ClassDef) and node.name == callable_name:
                return _fields(node, package)
    raise LookupError(f"no function or class {callable_name} in {package}")


def _fields(node: ast.ClassDef, package: str) -> list[str]:
    """A class's arguments: its ``__init__``'s, else its fields (a dataclass, a named tuple),
    else its base class's."""
    for part in node.body:
        if isinstance(part, ast.FunctionDef) and part.name == "__init__":
            return [a.arg for a in part.args.args[1:]]
    fields = [
        part.target.id
        for part in node.body
        if isinstance(part, ast.AnnAssign) and isinstance(part.target, ast.Name)
    ]
    if fields or not node.bases:
        return fields
    return _parameters(_name(node.bases[0]), package)


def _name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    return node.attr if isinstance(node, ast.Attribute) else ""


def _is_field(node: ast.expr, name: str) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == name


def _is_str(node: ast.expr | None, value: str) -> bool:
    return isinstance(node, ast.Constant) and node.value == value
