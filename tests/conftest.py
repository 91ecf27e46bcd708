"""The two tiers of the suite (README: `make check`, `make test`).

``make test`` runs every test as written. ``make check`` is the tier to run before a commit, in
well under a minute and with no browser: ``-m "not e2e and not slow" --short-drills``. Markers:

- ``e2e``: tests/e2e/, the built site in Chromium, Firefox and WebKit (set by
  tests/e2e/conftest.py);
- ``slow``: a pure test that costs many seconds of CPU for what it adds to a quick check: a build
  of the whole site (Node compiles the app with Pyodide), the engine's command line started in
  hundreds of subprocesses, a search through thousands of generated games.

``--short-drills`` runs every Hypothesis test with a tenth of the examples it asks for (at
least 10, never more than it asks): the same properties, drawn from fewer games. Without the
option each runs exactly as its ``@settings`` say.
"""

from __future__ import annotations

import fcntl
import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings

from tools.build import build

SHORT = 10
"""``--short-drills`` divides each Hypothesis test's example count by this (keeping at least 10)."""


@pytest.fixture(scope="session")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built site (tools/build.py), made once for the whole run and shared by every test
    process (pytest-xdist's processes take turns at a lock; the first one builds): the one the
    end-to-end tests serve and the build's tests read. Tests must not change it
    (tests/e2e/conftest.py's ``dist_copy`` gives a private copy). With
    ``DEBERTZ_TEST_DIST=folder`` every test, the build's own included, uses that site instead."""
    given = os.environ.get("DEBERTZ_TEST_DIST")
    if given:
        return Path(given).resolve()
    # every process of one run has its base folder in the same run folder; without xdist the
    # parent folder outlives the run, so the build goes into the run's own folder
    run = tmp_path_factory.getbasetemp()
    shared = run.parent if os.environ.get("PYTEST_XDIST_WORKER") else run
    out = shared / "site"
    with open(shared / "site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not out.exists():  # built whole in a folder of its own, then named: never half
            building = Path(tempfile.mkdtemp(prefix="site-", dir=shared))
            build(building / "dist")
            (building / "dist").rename(out)
    return out


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--short-drills",
        action="store_true",
        help="run each Hypothesis test with a tenth of its examples, at least 10 (make check)",
    )


def longest_first(item: pytest.Item) -> int:
    """Where a test goes in the run: the index of its marker in :data:`FIRST`, others after."""
    for place, marker in enumerate(FIRST):
        if item.get_closest_marker(marker):
            return place
    return len(FIRST)


def short(examples: int) -> int:
    """The example count ``--short-drills`` gives a test that asks for ``examples``: 500 -> 50,
    200 -> 20, 100 (Hypothesis's default) -> 10, 40 -> 10, 3 -> 3."""
    return min(examples, max(SHORT, examples // SHORT))


FIRST = ("webkit", "firefox")
"""Markers of the longest tests (a WebKit scenario takes a minute or more, a Firefox one half of
that), which run before all others: pytest-xdist hands tests out in collection order, so a long
test collected last runs alone at the end of the run while the other processes have finished."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The longest tests first (:data:`FIRST`); with ``--short-drills``, shorten every Hypothesis
    test's run (see :func:`short`)."""
    items.sort(key=longest_first)
    if not config.getoption("--short-drills"):
        return
    shortened: set[int] = set()  # a parametrized test is one function for several items
    for item in items:
        test = getattr(item, "obj", None)
        if not getattr(getattr(test, "hypothesis", None), "inner_test", None):
            continue  # not a Hypothesis test
        if id(test) in shortened:
            continue
        shortened.add(id(test))
        # Hypothesis keeps a test's settings here and reads them at each run; it offers no public
        # way to change them after @settings. If a new version moves them, say so and stop.
        given: settings | None = getattr(test, "_hypothesis_internal_use_settings", None)
        if not isinstance(given, settings):
            raise pytest.UsageError(
                f"--short-drills cannot find the Hypothesis settings of {item.nodeid}: "
                "this Hypothesis keeps them elsewhere (tests/conftest.py)"
            )
        test._hypothesis_internal_use_settings = settings(  # type: ignore[union-attr]
            given, max_examples=short(given.max_examples)
        )
