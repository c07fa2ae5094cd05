# pysettlers — set-up, tests and demos. `make test` works on a fresh machine with Python 3.11+.
PYTHON ?= python3
VENV   ?= .venv
PY      = $(VENV)/bin/python
STAMP   = $(VENV)/.installed

.PHONY: test lint typecheck pytest demo bench clean

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
	$(VENV)/bin/mypy --strict src/pysettlers/engine

pytest: $(STAMP)
	$(VENV)/bin/pytest -q

demo: $(STAMP)
	$(VENV)/bin/pysettlers demo --seed 1

bench: $(STAMP)
	$(PY) bench/throughput.py

clean:
	rm -rf $(VENV) build dist src/*.egg-info .mypy_cache .ruff_cache .pytest_cache .hypothesis
