# Every target bootstraps its own virtual environment: a fresh machine needs only Python 3.11+ and make.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

# pytest workers: browser and pin-timing tests partly wait, so more workers than the two
# cores still help; --dist loadgroup spreads the tests one by one but keeps each group of
# browser tests on one worker, with its own server (xdist_group "browser-round",
# "browser-camera", "browser-partner": computers and practice, "browser-i18n": French and
# German; the two whole games and the three languages' axe audits go one by one). Each
# worker starts Chromium once, for every browser test it runs. The longest tests go out
# first (tests/conftest.py).
WORKERS ?= 4
PYTEST := $(BIN)/python -m pytest -n $(WORKERS) --dist loadgroup

# The Raspberry Pi's versions: a second venv built with the constraints of the Pi's OS
# (constraints/bookworm.txt: numpy 1.26, OpenCV 4.11; Bookworm's Python is 3.11 like CI's)
# runs the hardware and vision tests again, so that a change that breaks them fails CI.
PI_VENV        ?= .venv-pi
PI_CONSTRAINTS ?= constraints/bookworm.txt
PI_STAMP       := $(PI_VENV)/.installed

.PHONY: run test check lint typecheck pytest pytest-fast browser bench clean pi-compat install-pi translations

run: $(STAMP)
	$(BIN)/niagara-companion serve

test: $(STAMP) browser lint typecheck pytest pi-compat

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

# The pages' languages: extract every msgid (engine, table service, vision, web, templates,
# scripts), merge them into web/translations/{fr,de}/LC_MESSAGES/messages.po (new ones
# empty, changed ones fuzzy) and compile the .mo files (committed: a fresh clone needs no
# build step). Then fill in the empty and fuzzy lines and run it again; it lists what is
# still missing (tests/web/test_translations.py fails on the same).
translations: $(STAMP)
	$(BIN)/python -m web.catalogue

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

pi-compat: $(PI_STAMP)
	$(PI_VENV)/bin/python -m pytest -p no:cacheprovider -n $(WORKERS) tests/hardware tests/vision

$(PI_STAMP): pyproject.toml $(PI_CONSTRAINTS)
	test -x $(PI_VENV)/bin/python || $(PYTHON) -m venv $(PI_VENV)
	$(PI_VENV)/bin/python -m pip install -q -c $(PI_CONSTRAINTS) -e . pytest pytest-xdist hypothesis
	$(PI_VENV)/bin/python -c "import numpy, cv2; print('Pi versions: numpy', numpy.__version__, '/ OpenCV', cv2.__version__)"
	touch $(PI_STAMP)

# On the Raspberry Pi (64-bit Raspberry Pi OS Bookworm or Trixie), as root: apt packages,
# the service user, the venv, the systemd unit and a self-check (docs/hardware.md).
install-pi:
	hardware/install-pi.sh

bench: $(STAMP)
	$(BIN)/python benchmarks/playouts.py
	$(BIN)/python benchmarks/replay.py
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
	rm -rf $(VENV) $(PI_VENV) .pytest_cache .mypy_cache .ruff_cache
