# Two commands: `make serve` (build the site and serve it as readers get it,
# service worker included: offline after one visit) and `make test` (the whole
# suite). Both install what they need into .venv/ and node_modules/. For
# writers, `make live` rebuilds on every change (mkdocs serve: live reload, but
# no offline copy and no security policy).

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000
# mkdocs-material's notice about MkDocs 2.0 is not for readers of our build log.
export NO_MKDOCS_2_WARNING := 1

.PHONY: serve live test lint build dist pdf bench soak lighthouse deps clean

serve: build
	$(PY) tools/serve.py site --host $(HOST) --port $(PORT)

live: deps
	$(PY) -m mkdocs serve --strict --dev-addr $(HOST):$(PORT)

build: deps
	$(PY) -m mkdocs build --strict

dist: build
	$(PY) tools/make_dist.py site dist/jeux-de-nim.zip

# « Le livre » (every chapter, in reading order) printed to A4 by the tests' Chromium.
pdf: build
	./tools/ensure-chromium $(PY)
	$(PY) tools/make_pdf.py site dist/jeux-de-nim.pdf

bench: deps
	./tools/ensure-chromium $(PY)
	$(PY) bench/browser.py
	for script in bench/*.py; do [ "$$script" = bench/browser.py ] || $(PY) "$$script"; done

# What the engine withstands (not part of `make test`): the tests marked `soak`
# (the whole 3-spot Sprouts game against a brute force, 5 spots), 10 000 games a game
# through the bridge, and a 1 000-move browser session. Hours, not minutes: the
# committed result (10 000 games for each of the 12 games) took 9 524 s of
# bridge time on two processes, and the browser session 30 min; see README.md.
soak: deps
	./tools/ensure-chromium $(PY)
	$(PY) -m pytest -m soak -n $(JOBS)
	$(PY) bench/soak.py

# Lighthouse (npm, pinned in bench/lighthouse/) on every kind of page, with the system's Chromium.
lighthouse: deps bench/lighthouse/node_modules/.installed
	./tools/ensure-chromium $(PY)
	$(PY) bench/lighthouse.py

bench/lighthouse/node_modules/.installed: bench/lighthouse/package.json bench/lighthouse/package-lock.json
	cd bench/lighthouse && npm ci --no-audit --no-fund
	touch $@

# The suite runs in JOBS processes (pytest-xdist): the browser tests spend much
# of their time waiting for a page or an engine, so on two cores three processes
# finish before two (two left 16 % of the CPU idle; three leave none). Measured on
# fresh clones on November 28: two, 14 min 34 s of pytest; three, with the Sprouts
# board's tests added, 13 min 24 s, then 15 min 29 s on a second clone (this VM's
# speed drifts through the day; see the closing note of stop 41).
JOBS ?= 3

test: deps lint
	./tools/ensure-chromium $(PY)
	$(PY) -m pytest -n $(JOBS)

# Static checks: ruff (rules in pyproject.toml), its formatter, mypy --strict on
# nimcore and site_hooks, and TypeScript on the boards' JSDoc (jsconfig.json).
lint: deps
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy
	node_modules/.bin/tsc -p jsconfig.json

deps: $(VENV)/.installed node_modules/.installed

$(VENV)/.installed: requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

clean:
	rm -rf site dist .pytest_cache .hypothesis
