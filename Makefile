# pysettlers — set-up, tests and demos. `make test` works on a fresh machine with Python 3.11+.
PYTHON ?= python3
VENV   ?= .venv
PY      = $(VENV)/bin/python
STAMP   = $(VENV)/.installed

.PHONY: test lint typecheck pytest soak demo bench mypyc bench-mypyc test-mypyc clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

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
	tests/test_helpers_invariants.py tests/test_bots_many_games.py
soak: $(STAMP)
	PYSETTLERS_SOAK=1 $(VENV)/bin/pytest -q --durations=5 $(SOAK_TESTS)

demo: $(STAMP)
	$(VENV)/bin/pysettlers demo --seed 1

bench: $(STAMP)
	$(PY) bench/throughput.py

# Optional: the same engine sources compiled with mypyc into build/mypyc (src stays pure
# Python; nothing is installed). Use it with PYTHONPATH=build/mypyc.
MYPYC_DIR = build/mypyc
ENGINE_MODULES = $(filter-out %/__init__.py,$(wildcard src/pysettlers/engine/*.py))
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
