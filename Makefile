# Every target bootstraps its own virtual environment: a fresh machine needs only Python 3.11+ and make.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

# pytest workers: browser and pin-timing tests mostly wait, so more workers than the two
# cores still help; --dist loadgroup spreads the tests one by one but keeps the browser
# tests (xdist_group "browser": one server and one Chromium) on one worker.
WORKERS ?= 4
PYTEST := $(BIN)/python -m pytest -n $(WORKERS) --dist loadgroup

.PHONY: run test check lint typecheck pytest pytest-fast browser bench clean

run: $(STAMP)
	$(BIN)/niagara-companion serve

test: $(STAMP) browser lint typecheck pytest

# The quick tier for day-to-day work: no slow or browser tests, fewer hypothesis examples.
check: $(STAMP) lint typecheck pytest-fast

lint: $(STAMP)
	$(BIN)/ruff check companion vision hardware web tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(PYTEST)

pytest-fast: $(STAMP)
	HYPOTHESIS_PROFILE=dev $(PYTEST) -m "not slow and not browser"

# Browser tests drive Debian's Chromium (Playwright cannot download its own browser here).
browser:
	@if [ ! -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" = "0" ] && command -v apt-get >/dev/null; then \
	    echo "Installing Debian's chromium for the browser tests"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else \
	    echo "Chromium is missing: install Debian's 'chromium' package (sudo apt-get install chromium)"; exit 1; \
	  fi; \
	fi

bench: $(STAMP)
	$(BIN)/python benchmarks/playouts.py
	$(BIN)/python benchmarks/vision_speed.py
	$(BIN)/python benchmarks/vision_accuracy.py --scenes 300
	$(BIN)/python benchmarks/hardware_latency.py
	$(BIN)/python benchmarks/web_load.py

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $(STAMP)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
