# pysettlers — set-up, tests and demos. `make test` works on a fresh machine with Python 3.11+.
PYTHON ?= python3
VENV   ?= .venv
PY      = $(VENV)/bin/python
STAMP   = $(VENV)/.installed

.PHONY: test lint typecheck pytest soak demo play bench bench-server venv-package mypyc bench-mypyc \
	test-mypyc clean

# `python3 -m venv` needs ensurepip, which Debian and Ubuntu ship apart from Python, in the
# python3-venv package (python3.X-venv); without it venv stops half-way, leaving a .venv with
# no pip. So ask first: as root with apt-get (CI, a fresh container) install it, else say
# what to install. `import ensurepip` is the test: the module is what that package adds.
VENV_PACKAGE = python3-venv
APT_GET ?= apt-get

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null || { \
	  echo "pysettlers needs Python 3.11 or newer as '$(PYTHON)' (make PYTHON=python3.12 ...)."; \
	  if ! command -v $(PYTHON) >/dev/null 2>&1; then \
	    echo "On Debian or Ubuntu: sudo apt-get install $(VENV_PACKAGE)"; fi; \
	  exit 1; } >&2
	@$(PYTHON) -c 'import ensurepip' 2>/dev/null || $(MAKE) --no-print-directory venv-package
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

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
	$(VENV)/bin/pytest -q

# The full-size invariant harnesses and bot runs (2,000 base games, 2,000 5–6 player games,
# 240 helper games, 3,800 bot games): about 25 CPU-minutes; `make test` plays smaller runs.
SOAK_TESTS = tests/test_invariants.py tests/test_invariants_extension.py \
	tests/test_helpers_invariants.py tests/test_bots_many_games.py \
	tests/test_server_noleak.py tests/test_server_crash.py tests/test_server_fuzz.py
soak: $(STAMP)
	PYSETTLERS_SOAK=1 $(VENV)/bin/pytest -q --durations=5 $(SOAK_TESTS)

demo: $(STAMP)
	$(VENV)/bin/pysettlers demo --seed 1

# The game server on http://127.0.0.1:8000/ with its database in ./pysettlers.db (SQLite).
# HOST=0.0.0.0 lets the LAN in; DB=postgresql://... uses PostgreSQL.
HOST ?= 127.0.0.1
PORT ?= 8000
DB   ?= sqlite:///pysettlers.db
play: $(STAMP)
	$(VENV)/bin/pysettlers serve --host $(HOST) --port $(PORT) --db $(DB)

bench: $(STAMP)
	$(PY) bench/throughput.py

# The server under load: concurrent games whose every seat is a WebSocket client.
bench-server: $(STAMP)
	$(PY) bench/server_load.py

# Optional: the same engine sources compiled with mypyc into build/mypyc (src stays pure
# Python; nothing is installed). Use it with PYTHONPATH=build/mypyc.
MYPYC_DIR = build/mypyc
ENGINE_MODULES = $(filter-out %/__init__.py,$(wildcard src/pysettlers/engine/*.py src/pysettlers/engine/scenarios/helpers/*.py))
mypyc: $(STAMP)
	rm -rf $(MYPYC_DIR) && mkdir -p $(MYPYC_DIR)
	cp -r src/pysettlers $(MYPYC_DIR)/
	cd $(MYPYC_DIR) && $(abspath $(VENV))/bin/mypyc $(ENGINE_MODULES:src/%=%) >mypyc.log 2>&1 \
		|| (tail -20 mypyc.log; exit 1)

bench-mypyc: mypyc
	PYTHONPATH=$(MYPYC_DIR) $(PY) bench/throughput.py

test-mypyc: mypyc
	PYTHONPATH=$(MYPYC_DIR) $(VENV)/bin/pytest -q -p no:randomly tests/test_rules_*.py tests/test_extension.py

clean:
	rm -rf $(VENV) build dist src/*.egg-info .mypy_cache .ruff_cache .pytest_cache .hypothesis
