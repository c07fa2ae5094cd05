# pysettlers — set-up, tests and demos. `make test` works on a fresh machine with Python 3.11+.
PYTHON ?= python3
VENV   ?= .venv
PY      = $(VENV)/bin/python
# One venv, a stamp per set of extras installed into it, so that each target installs only
# what it needs: `make play` the server's extra, `make demo` the package alone, `make dev`
# (and `make test`) the developer tools; a later target adds its extras to the same venv.
STAMP      = $(VENV)/.installed
VENV_STAMP = $(VENV)/.created
PLAY_STAMP = $(VENV)/.installed-play
DEMO_STAMP = $(VENV)/.installed-demo
DOCS_STAMP = $(VENV)/.installed-docs
DIST_STAMP = $(VENV)/.installed-release

.PHONY: test lint typecheck pytest soak demo play dev docs dist bench bench-server \
	venv-package mypyc fast pure bench-mypyc test-mypyc clean

# `python3 -m venv` needs ensurepip, which Debian and Ubuntu ship apart from Python, in the
# python3-venv package (python3.X-venv); without it venv stops half-way, leaving a .venv with
# no pip. So ask first: as root with apt-get (CI, a fresh container) install it, else say
# what to install. `import ensurepip` is the test: the module is what that package adds.
VENV_PACKAGE = python3-venv
APT_GET ?= apt-get

$(VENV_STAMP):
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null || { \
	  echo "pysettlers needs Python 3.11 or newer as '$(PYTHON)' (make PYTHON=python3.12 ...)."; \
	  if ! command -v $(PYTHON) >/dev/null 2>&1; then \
	    echo "On Debian or Ubuntu: sudo apt-get install $(VENV_PACKAGE)"; fi; \
	  exit 1; } >&2
	@$(PYTHON) -c 'import ensurepip' 2>/dev/null || $(MAKE) --no-print-directory venv-package
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	touch $(VENV_STAMP)

# The developer tools: the `dev` extra (pytest, hypothesis, mypy, ruff, Playwright, and the
# `web` and `rl` extras the tests need).
$(STAMP): pyproject.toml | $(VENV_STAMP)
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# Playing needs the server's extra only.
$(PLAY_STAMP): pyproject.toml | $(VENV_STAMP)
	$(PY) -m pip install --quiet -e '.[web]'
	touch $(PLAY_STAMP)

# The demo needs the package alone: the engine, the bots and the command have no dependencies.
$(DEMO_STAMP): pyproject.toml | $(VENV_STAMP)
	$(PY) -m pip install --quiet -e .
	touch $(DEMO_STAMP)

$(DOCS_STAMP): pyproject.toml | $(VENV_STAMP)
	$(PY) -m pip install --quiet -e '.[docs]'
	touch $(DOCS_STAMP)

$(DIST_STAMP): pyproject.toml | $(VENV_STAMP)
	$(PY) -m pip install --quiet -e '.[release]'
	touch $(DIST_STAMP)

dev: $(STAMP)

# The versioned package (python3.11-venv) is the one that holds ensurepip for that Python;
# python3-venv is only the default Python's alias of it.
venv-package:
	@pkg=python$$($(PYTHON) -c 'import sys; print("%d.%d" % sys.version_info[:2])')-venv; \
	if [ "$$(id -u)" = 0 ] && command -v $(APT_GET) >/dev/null 2>&1; then \
	  echo "Installing $$pkg ($(VENV_PACKAGE)): $(PYTHON) -m venv needs its ensurepip"; \
	  $(APT_GET) update -qq && DEBIAN_FRONTEND=noninteractive $(APT_GET) install -y -qq $$pkg \
	    || DEBIAN_FRONTEND=noninteractive $(APT_GET) install -y -qq $(VENV_PACKAGE) || exit 1; \
	  $(PYTHON) -c 'import ensurepip' 2>/dev/null \
	    || { echo "$(PYTHON) still has no ensurepip after installing $$pkg"; exit 1; }; \
	else \
	  echo "$(PYTHON) -m venv needs ensurepip, which is not installed. On Debian or Ubuntu it"; \
	  echo "is in the $(VENV_PACKAGE) package; install it, then run make again:"; \
	  echo "    sudo apt-get install $$pkg"; \
	  exit 1; \
	fi >&2

test: lint typecheck pytest

lint: $(STAMP)
	$(VENV)/bin/ruff check src tests bench
	$(VENV)/bin/ruff format --check src tests bench

typecheck: $(STAMP)
	$(VENV)/bin/mypy --strict src/pysettlers

pytest: $(STAMP)
	PYTHONPATH=src $(VENV)/bin/pytest -q

# The full-size invariant harnesses and bot runs (2,000 base games, 2,000 5–6 player games,
# 500 of 7–8 players, 240 helper games, 500 games of each alternate rule that changes a
# turn's flow, 560 pirate games, 500 on each islands map, 3,800 bot games): about 50
# CPU-minutes; `make test` plays smaller runs.
SOAK_TESTS = \
	tests/engine/test_invariants.py \
	tests/engine/test_invariants_extension.py \
	tests/engine/test_invariants_eight.py \
	tests/scenarios/islands/test_invariants_islands.py \
	tests/scenarios/helpers/test_helpers_invariants.py \
	tests/scenarios/alternate/test_alternate.py \
	tests/scenarios/pirate/test_pirate.py \
	tests/scenarios/ships/test_invariants_ships.py \
	tests/scenarios/ships/test_bots_ships.py \
	tests/bots/test_bots_many_games.py \
	tests/server/test_server_noleak.py \
	tests/server/test_server_crash.py \
	tests/server/test_server_fuzz.py
soak: $(STAMP)
	PYSETTLERS_SOAK=1 PYTHONPATH=src $(VENV)/bin/pytest -q --durations=5 $(SOAK_TESTS)

demo: $(DEMO_STAMP)
	$(VENV)/bin/pysettlers demo --seed 1

# The game server on http://127.0.0.1:8000/ with its database in ./pysettlers.db (SQLite).
# HOST=0.0.0.0 lets the LAN in; DB=postgresql://... uses PostgreSQL.
HOST ?= 127.0.0.1
PORT ?= 8000
DB   ?= sqlite:///pysettlers.db
play: $(PLAY_STAMP)
	$(VENV)/bin/pysettlers serve --host $(HOST) --port $(PORT) --db $(DB)

# The documentation site (mkdocs.yml) into site/; strict, so any warning — a broken link or
# anchor, a page left out of the nav, a docstring the reference cannot read — fails it.
docs: $(DOCS_STAMP)
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --strict --site-dir site

# The sdist and the wheel into dist/, their metadata checked (the README renders on PyPI),
# and their contents: the browser client's static files and the migrations must be in both.
dist: $(DIST_STAMP)
	rm -rf dist
	$(PY) -m build --outdir dist .
	$(VENV)/bin/twine check --strict dist/*
	$(PY) .ci/check_dist.py dist

bench: $(STAMP)
	$(PY) bench/throughput.py

# The server under load: concurrent games whose every seat is a WebSocket client.
bench-server: $(STAMP)
	$(PY) bench/server_load.py

# Optional: the engine compiled with mypyc. `make mypyc` builds it into build/mypyc (a copy of
# src/pysettlers with the engine modules compiled next to their sources; src stays pure
# Python); `make fast` also makes this venv import it, `make pure` goes back to the sources.
# `make test` always tests the sources (PYTHONPATH=src), `make test-mypyc` the compiled build.
# Three kinds of modules stay interpreted, as they gain nothing from compiling and mypyc would
# change what they do: the event modules (mypyc's dataclasses take the kinds' ClassVar
# declarations for fields and keep no Annotated field roles, which redact and the JSON read)
# config.py (compiled, Rules' typed attributes would reject a wrong option with a
# TypeError before __post_init__ could name it in a ValueError) and views.py (a lazy view
# fills itself in through __getattr__, which mypyc's native classes do not call; the work of
# making a view is engine/viewfields.py, compiled), and
# errors.py (adapters subclass IllegalActionError — the RL env's IllegalActionIndex — and an
# interpreted class cannot subclass a native one; it is raised, never in the game loop).
# The map descriptions (engine/maps/) stay interpreted too: they run once per game, when the
# board is laid out, and never in the game loop.
MYPYC_DIR = build/mypyc
MYPYC_STAMP = $(MYPYC_DIR)/.built
INTERPRETED = %/events.py %/config.py %/views.py %/errors.py
ENGINE_MODULES = $(filter-out $(INTERPRETED),$(wildcard src/pysettlers/engine/[!_]*.py \
	src/pysettlers/engine/scenarios/helpers/*.py src/pysettlers/engine/scenarios/alternate/*.py \
	src/pysettlers/engine/scenarios/pirate/*.py src/pysettlers/engine/scenarios/islands/*.py \
	src/pysettlers/engine/scenarios/ships/*.py))
# The RL environments' hot path (issue 32) joins them: the encoder, the table (masks, the
# legal actions by index), the layout's fields and the frame, the opponents' turns of the
# single-agent environment (turns.py), and the random bot the environments' opponents
# usually are. Not the layout itself (a test swaps its table of families, which a compiled
# caller would not see), nor the other bots (tests patch their methods), nor the
# environments (Gymnasium's and PettingZoo's classes are their bases).
RL_MODULES = src/pysettlers/rl/encode.py src/pysettlers/rl/core.py src/pysettlers/rl/fields.py \
	src/pysettlers/rl/frame.py src/pysettlers/rl/turns.py src/pysettlers/bots/random_bot.py
SOURCES = $(shell find src/pysettlers -name '*.py')
# The build needs a C compiler and Python's headers (Python.h); say which ones are missing.
CC_CHECK = $(PY) -c 'import os, shutil, sys, sysconfig; \
	cc = (sysconfig.get_config_var("CC") or "cc").split()[0]; \
	h = os.path.join(sysconfig.get_paths()["include"], "Python.h"); \
	miss = [m for m, ok in (("a C compiler (" + cc + ")", shutil.which(cc)), (h, os.path.exists(h))) if not ok]; \
	miss and sys.exit("make mypyc needs " + " and ".join(miss) + "; on Debian or Ubuntu: apt-get install gcc python%d.%d-dev" % sys.version_info[:2])'

mypyc: $(MYPYC_STAMP)

$(MYPYC_STAMP): $(STAMP) $(SOURCES) Makefile
	@$(CC_CHECK)
	rm -rf $(MYPYC_DIR) && mkdir -p $(MYPYC_DIR)
	cp -r src/pysettlers $(MYPYC_DIR)/
	cd $(MYPYC_DIR) && $(abspath $(VENV))/bin/mypyc $(ENGINE_MODULES:src/%=%) \
		$(RL_MODULES:src/%=%) >mypyc.log 2>&1 \
		|| (tail -20 mypyc.log; exit 1)
	touch $@

# `make fast`: this venv imports the compiled build (a .pth file puts build/mypyc ahead of the
# editable install's src). Rebuilds only when a source changed; run it again after editing.
FAST_PTH = 000-pysettlers-compiled.pth
SITE_PACKAGES = $$($(PY) -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
fast: $(MYPYC_STAMP)
	echo "$(abspath $(MYPYC_DIR))" > "$(SITE_PACKAGES)/$(FAST_PTH)"
	@cd / && $(abspath $(PY)) -c 'import pysettlers.engine.game as g; \
		assert not g.__file__.endswith(".py"), g.__file__; print("compiled engine in use:", g.__file__)'

pure: $(STAMP)
	rm -f "$(SITE_PACKAGES)/$(FAST_PTH)"
	@cd / && $(abspath $(PY)) -c 'import pysettlers.engine.game as g; print("engine in use:", g.__file__)'

bench-mypyc: $(MYPYC_STAMP)
	PYTHONPATH=$(MYPYC_DIR) $(PY) bench/throughput.py

# The pytest suite against the compiled build, but for the server's and the browser's tests,
# which drive the engine through the API the rest of the suite covers (MYPYC_TESTS=
# "tests/engine" for fewer, MYPYC_TESTS= for all). PYSETTLERS_COMPILED=1 makes
# the run check that the compiled modules are the ones imported, and expects the known
# differences marked compiled_differs (tests/conftest.py).
MYPYC_TESTS = --ignore=tests/server --ignore=tests/web
test-mypyc: $(MYPYC_STAMP)
	PYSETTLERS_COMPILED=1 PYTHONPATH=$(MYPYC_DIR) $(VENV)/bin/pytest -q $(MYPYC_TESTS)

clean:
	rm -rf $(VENV) build dist site src/*.egg-info .mypy_cache .ruff_cache .pytest_cache .hypothesis
