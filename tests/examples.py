"""Which modules have examples in their docstrings (each folder's doctest test runs them all, so a
new module's examples cannot be left out of the run)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def modules_with_examples(folder: str) -> list[str]:
    """The dotted names of the modules under ``folder`` (``app/ui``) whose source has a ``>>>``.

    >>> "app.ui.core" in modules_with_examples("app/ui")
    True
    """
    names = []
    for path in sorted((ROOT / folder).rglob("*.py")):
        if ">>>" in path.read_text(encoding="utf-8"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names
