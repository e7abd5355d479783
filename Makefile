# pokerroom — `make run` plays a hand-by-hand game; `make test` runs every check.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.stamp-install

.PHONY: run test install lint typecheck unit bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev]'
	$(BIN)/python -m compileall -q src  # editable installs are not byte-compiled by pip
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	$(BIN)/pokerroom play

lint: $(STAMP)
	$(BIN)/ruff check src tests bench tools
	$(BIN)/lint-imports

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/pytest -n 2

test: lint typecheck unit

BENCH := .venv-bench
BENCH_STAMP := $(BENCH)/.stamp-install

$(BENCH_STAMP): bench/requirements.txt pyproject.toml
	$(PYTHON) -m venv $(BENCH)
	$(BENCH)/bin/pip install -q --upgrade pip
	$(BENCH)/bin/pip install -q -r bench/requirements.txt
	$(BENCH)/bin/pip install -q -e .
	touch $(BENCH_STAMP)

# Side-by-side benchmarks against the peers (PokerKit, phevaluator), one run, one table.
bench: $(BENCH_STAMP)
	$(BENCH)/bin/python bench/run.py

clean:
	rm -rf $(VENV) .venv-bench .mypy_cache .ruff_cache .pytest_cache
