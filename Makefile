# The two commands of the README: `make play` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# Stamps record which extras are installed, so a second run does not reinstall.
PLAY_STAMP  := $(VENV)/.stamp-play
TEST_STAMP  := $(VENV)/.stamp-test
BENCH_STAMP := $(VENV)/.stamp-bench

.PHONY: play test lint bench screenshots clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(PLAY_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(TEST_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(PLAY_STAMP)

$(BENCH_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	touch $@ $(TEST_STAMP) $(PLAY_STAMP)

play: $(PLAY_STAMP)
	$(BIN)/tableau

lint: $(TEST_STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/lint-imports
	$(BIN)/mypy --strict src/tableau/cards.py src/tableau/text.py src/tableau/engines src/tableau/ai src/tableau/sessions src/tableau/storage

test: lint
	$(BIN)/pytest

bench: $(BENCH_STAMP)
	$(BIN)/python -m bench

screenshots: $(TEST_STAMP)
	$(BIN)/python -m tableau.ui.screenshots screenshots

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
