"""`make test` enforces the linters: ruff on the whole tree and mypy --strict on app/, tools/ and
bench/ (the benchmarks print the figures the README reports: a type error there is a wrong one).

Both run as subprocesses of this Python (so the .venv's versions, pinned in pyproject.toml), with
the project's own configuration. A test is skipped, with the reason, when its tool is missing.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run_tool(module: str, *args: str) -> subprocess.CompletedProcess[str]:
    """Run ``python -m module args`` in the checkout; skip the test if the module is missing."""
    if importlib.util.find_spec(module) is None:
        pytest.skip(f"{module} is not installed here: pip install -e '.[dev]' to lint")
    return subprocess.run(
        [sys.executable, "-m", module, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )


def test_ruff_finds_nothing() -> None:
    done = run_tool("ruff", "check", "--no-cache", ".")
    assert done.returncode == 0, f"ruff check . failed:\n{done.stdout}{done.stderr}"


def test_mypy_strict_passes_on_app_tools_and_bench() -> None:
    done = run_tool("mypy", "--strict", "app", "tools", "bench")
    assert done.returncode == 0, f"mypy --strict app tools bench failed:\n{done.stdout}{done.stderr}"
    assert done.stdout.startswith("Success: no issues found")
