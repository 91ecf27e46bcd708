# Деберц: `make serve` to run the app locally, `make test` to run every test, `make check` for the
# quick tier before a commit (pure tests, doctests and lint; no build, no browser).
# All set up .venv (pip install -e .[dev]) when it is missing; serve and test also node_modules.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
VENV_STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.package-lock.json
PORT ?= 8000

MUTATION_STAMP := $(VENV)/.mutation-installed
MUTATION_JOBS ?= 2

.PHONY: serve test check build bench icons clean mutation

serve: build
	$(PY) tools/serve.py --port $(PORT)

# Processes for `make test` (pytest-xdist): one per core, at most 4 (they share one build; each
# has its own server and Chromium). TEST_JOBS=0 runs the whole suite in this one process.
# --dist worksteal: a process that has run out of tests takes half of another's. With xdist's
# default (load) the first chunk of tests went whole to one process, and with it every
# end-to-end test: the other ran out of pure tests at 5 min and sat idle for 10.
TEST_JOBS ?= $(shell n=$$(nproc 2>/dev/null || echo 2); [ $$n -gt 4 ] && n=4; echo $$n)

# A test whose browser tab crashed (Chromium's "Target crashed", not an assertion) runs once more;
# the summary lists it as RERUN, so a crash is reported, never hidden.
test: $(VENV_STAMP) $(NODE_STAMP)
	$(PY) -m pytest -n $(TEST_JOBS) --dist worksteal -raR --reruns 1 --only-rerun "Target crashed"

# The tiers are in tests/conftest.py: no e2e test, no test marked slow, every Hypothesis test with a
# tenth of its examples. `make test` runs all of them in full.
check: $(VENV_STAMP)
	$(PY) -m pytest --ignore=tests/e2e -m "not slow" --short-drills -q

build: $(VENV_STAMP) $(NODE_STAMP)
	$(PY) tools/build.py

bench: build
	$(PY) bench/bench_boot.py

# Mutation testing of app/engine (mutmut, configured in pyproject.toml; not part of `make test`).
# Starts afresh, runs $(MUTATION_JOBS) mutants at a time, then prints the score per file with the
# equivalent mutants of docs/MUTATION.md taken out. Survivors: .venv/bin/mutmut show NAME.
mutation: $(VENV_STAMP) $(MUTATION_STAMP)
	rm -rf mutants
	$(VENV)/bin/mutmut run --max-children $(MUTATION_JOBS)
	$(PY) tools/mutation_score.py

$(MUTATION_STAMP): pyproject.toml
	$(PY) -m pip install --quiet -e '.[dev,mutation]'
	touch $@

icons: $(VENV_STAMP)
	$(PY) tools/make_icons.py app/static/icons

$(VENV_STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	# Debian's Chromium is used when present; otherwise Playwright's own build is needed.
	test -x /usr/bin/chromium || $(PY) -m playwright install chromium
	touch $@

$(NODE_STAMP): package.json package-lock.json
	npm ci --ignore-scripts --no-audit --no-fund
	touch $@

clean:
	rm -rf dist .pytest_cache mutants
