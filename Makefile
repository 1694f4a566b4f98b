# The two commands of the README: `make play` and `make test`.
# make test      everything a change must pass: lint, then the tests (quick Hypothesis
#                profile, the short form of the exhaustive checks)
# make test-all  the exhaustive lane only: the checks marked `exhaustive` (every theme's
#                contrast, every storm, 24 kill -9 rounds, the browser), the long UI flows of
#                tests/long_flows.txt and the Hypothesis properties at their full example
#                counts; .ci/run runs it after make test when there is time
# make bench     every benchmark row, samples sized to finish in 10 minutes, with 95% intervals
# make bench-full  the full studies behind the README's figures
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# Stamps record which extras are installed, so a second run does not reinstall.
PLAY_STAMP  := $(VENV)/.stamp-play
TEST_STAMP  := $(VENV)/.stamp-test
ALL_STAMP   := $(VENV)/.stamp-test-all
BENCH_STAMP := $(VENV)/.stamp-bench
WARM_STAMP  := $(VENV)/.stamp-warm
# pip's own version check and byte-compiling every installed file cost more than they give a
# fresh venv: Python compiles what it imports.
PIP := $(BIN)/python -m pip install --quiet --no-compile --disable-pip-version-check

.PHONY: play test test-all lint bench bench-full screenshots clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(PLAY_STAMP): pyproject.toml | $(BIN)/python
	$(PIP) -e .
	touch $@

$(TEST_STAMP): pyproject.toml | $(BIN)/python
	$(PIP) -e '.[test]'
	touch $@ $(PLAY_STAMP)

$(ALL_STAMP): pyproject.toml | $(BIN)/python
	$(PIP) -e '.[test,browser]'
	touch $@ $(TEST_STAMP) $(PLAY_STAMP)

$(BENCH_STAMP): pyproject.toml | $(BIN)/python
	$(PIP) -e '.[test,bench]'
	touch $@ $(TEST_STAMP) $(PLAY_STAMP)

play: $(PLAY_STAMP)
	$(BIN)/tableau

lint: $(TEST_STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/lint-imports
	$(BIN)/mypy --strict src/tableau/cards.py src/tableau/text.py src/tableau/engines src/tableau/ai src/tableau/sessions src/tableau/storage src/tableau/tables src/tableau/registry.py

# PYTHONDONTWRITEBYTECODE (set on this machine) would make every test worker and every
# subprocess compile textual, rich and hypothesis from source again, and pytest rewrite every
# test module again: the tests write their bytecode (into .venv and __pycache__, both ignored).
# The six test workers start together, so on a fresh venv each would compile textual, rich
# and hypothesis and rewrite every test module itself. One collection first, once a venv,
# writes that bytecode for all of them (a fresh clone: pytest 153 s cold; 7.6 s, then 127 s).
# A failing collection makes no stamp; pytest itself then shows why.
$(WARM_STAMP): $(TEST_STAMP)
	if PYTHONDONTWRITEBYTECODE= $(BIN)/pytest -q --collect-only -p no:xdist -o addopts= \
		> /dev/null; then touch $@; fi

test: lint $(WARM_STAMP)
	PYTHONDONTWRITEBYTECODE= $(BIN)/pytest

test-all: $(ALL_STAMP)
	PYTHONDONTWRITEBYTECODE= HYPOTHESIS_PROFILE=ci $(BIN)/pytest -m "exhaustive or long_flow or hypothesis"

bench: $(BENCH_STAMP)
	$(BIN)/python -m bench

bench-full: $(BENCH_STAMP)
	$(BIN)/python -m bench --full

screenshots: $(TEST_STAMP)
	$(BIN)/python -m tableau.ui.screenshots screenshots

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
