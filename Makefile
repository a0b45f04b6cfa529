# Everything runs from the project's own virtualenv: no activation needed.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
ICU_STAMP := $(VENV)/.icu-installed
# Every dependency, transitive ones included, pinned with hashes (make lock rewrites it).
LOCK := requirements.lock
UV_VERSION := 0.13.9
# The site's Django apps, one per part of the game (docs/architecture.md).
APPS := common backups accounts rooms play friends coach daily notices ratings groups lobby moderation metrics games

.PHONY: install packages bytecode test-bytecode lock migrate strategy system-deps messages catalogs run serve test soak-test lint \
	lint-python lint-imports lint-migrations lint-js lint-css js-install js-test typecheck bench \
	clean schema

# Everything the lock names; packages: all but PyICU, which is enough for Django's set-up
# (common/text.py imports PyICU when it first compares names).
install: $(ICU_STAMP)
packages: $(STAMP)

# Awk programs that keep the lock's entry for PyICU, or every other entry.
LOCK_ICU := '/^[A-Za-z0-9]/ { icu = ($$1 ~ /^pyicu==/) } icu'
LOCK_REST := '/^[A-Za-z0-9]/ { icu = ($$1 ~ /^pyicu==/) } !icu'

# Install exactly what the lock names (again whenever it or pyproject.toml changes), with
# uv: about 12 s for everything instead of 47 s with pip (docs/decisions/0002). The
# virtualenv is made without pip (7 s less): the system's pip puts uv in it, or, where
# there is none, the virtualenv's own. Packages are compiled to bytecode once here, so
# that every process the suite starts does not compile them again where
# PYTHONDONTWRITEBYTECODE is set (docs/decisions/0007). PyICU comes after the rest: a
# clean machine builds it from source for about a minute on one core (decision 0026),
# while make test's set-up runs beside it.
$(STAMP): pyproject.toml $(LOCK)
	@command -v $(PYTHON) >/dev/null 2>&1 || { \
		echo "error: $(PYTHON) not found; this project needs Python 3.11 on PATH." >&2; exit 1; }
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))' || { \
		echo "error: $(PYTHON) is not Python 3.11." >&2; exit 1; }
	test -x $(BIN)/python || $(PYTHON) -m venv --without-pip $(VENV)
	test -x $(BIN)/uv || $(PYTHON) -m pip --python $(BIN)/python install --quiet "uv==$(UV_VERSION)" \
		|| { $(BIN)/python -m ensurepip --default-pip && \
			$(BIN)/python -m pip install --quiet "uv==$(UV_VERSION)"; }
	awk $(LOCK_REST) $(LOCK) > $(VENV)/requirements-rest.txt
	$(BIN)/uv pip sync --compile-bytecode --python $(BIN)/python $(VENV)/requirements-rest.txt
	$(BIN)/uv pip install --python $(BIN)/python --no-deps -e .
	touch $(STAMP)

$(ICU_STAMP): $(STAMP)
	bash .ci/icu
	awk $(LOCK_ICU) $(LOCK) > $(VENV)/requirements-icu.txt
	$(BIN)/uv pip install --require-hashes --no-deps --compile-bytecode --python $(BIN)/python \
		-r $(VENV)/requirements-icu.txt
	touch $(ICU_STAMP)

# Pin the newest versions pyproject.toml allows (then commit requirements.lock).
lock: install
	$(BIN)/uv pip compile pyproject.toml --extra dev --python-version 3.11 \
		--generate-hashes --upgrade -o $(LOCK)

# The project's own modules as bytecode (out-of-date files are ignored by Python).
bytecode: packages
	$(BIN)/python -m compileall -q -j 0 manage.py yahtzee_site $(APPS) scoring tests bench

# The test modules as pytest rewrites their asserts, written once before the suite: where
# PYTHONDONTWRITEBYTECODE is set, each test process would otherwise rewrite them all
# again (collecting took 7.9 s a process, 3.3 s with them written; decision 0007).
test-bytecode: packages
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/pytest --collect-only -q -p no:cacheprovider > /dev/null

migrate: packages bytecode
	$(BIN)/python manage.py migrate --noinput

# The exact solver's tables (seconds to build once, then read from var/strategy/). A server
# that starts without them builds them when the coach is first needed (it says it is
# warming up meanwhile), so run does not wait for them.
strategy: packages
	$(BIN)/python manage.py build_strategy

# Chromium, Redis and PostgreSQL for the browser tests and the second pass, and gettext
# (apt-get).
system-deps:
	bash .ci/system-deps

# The translation catalogs of locale/ compiled to the .mo files Django reads (build output,
# not committed), with GNU gettext, installed first when missing (.ci/gettext).
catalogs: packages
	bash .ci/gettext
	$(BIN)/python manage.py compilemessages --ignore='.venv/*' --ignore='var/*' -v 0

# Gather new and changed strings into locale/*/LC_MESSAGES/*.po, to translate (README).
messages: install
	bash .ci/gettext
	$(BIN)/python manage.py update_catalogs

# The site on this machine only, DEBUG on, at http://127.0.0.1:$(PORT)/ (PORT=8300 make run);
# the links of emails written with no request follow the port (common/site_address.py).
PORT ?= 8000
run: install migrate catalogs
	PORT=$(PORT) $(BIN)/daphne -b 127.0.0.1 -p $(PORT) yahtzee_site.asgi:application

# The site for real on this machine, for friends on the network: DEBUG off, a secret key
# kept in var/, data in var/site.sqlite3, one Daphne process on every interface (port
# SERVE_PORT, default 8000); it prints the addresses to share (yahtzee_site/serve.py).
serve: install bytecode catalogs
	$(BIN)/python -m yahtzee_site.serve

# Python with ruff (its rules, and its formatter's layout: docs/decisions/0063), who may
# import whom with import-linter (the contracts in pyproject.toml), new migrations with
# django-migration-linter, JavaScript with ESLint (eslint.config.js), CSS with stylelint
# (stylelint.config.js), side by side under make -j.
lint: lint-python lint-imports lint-migrations lint-js lint-css

lint-python: packages
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# The layers of the apps and inside them, and no cycle: about a second, so without
# import-linter's cache (docs/decisions/0061).
lint-imports: packages
	$(BIN)/lint-imports --no-cache

# Every migration not yet deployed can run beside the code before it, so that a rolling
# restart keeps the site serving: django-migration-linter reads the SQL each one runs on a
# throwaway PostgreSQL server (tests/support/migration_lint.py lists the migrations
# deployed before the check and the reviewed exceptions; docs/decisions/0080). About 2.5 s.
lint-migrations: packages | system-deps
	$(BIN)/python -m tests.support.migration_lint

# ESLint and its plugins exactly as package-lock.json names them (npm ci, again whenever
# the lock changes), on Node.js from the system (.ci/system-deps installs Debian's when it
# is missing; docs/decisions/0057).
NODE_STAMP := node_modules/.installed

js-install: $(NODE_STAMP)

$(NODE_STAMP): package.json package-lock.json | system-deps
	@command -v npm >/dev/null 2>&1 || { \
		echo "error: npm not found; run make system-deps as root (Debian's nodejs and npm)." >&2; exit 1; }
	npm ci --no-audit --no-fund
	touch $(NODE_STAMP)

lint-js: $(NODE_STAMP)
	node_modules/.bin/eslint static/js tests/js eslint.config.js stylelint.config.js

# The stylesheets with stylelint's standard rules, less those that fight the site's own
# style (each says why in stylelint.config.js; docs/decisions/0058).
lint-css: $(NODE_STAMP)
	node_modules/.bin/stylelint "static/css/**/*.css"

# The JavaScript unit tests (tests/js), with Node's own test runner: no packages needed.
js-test: system-deps
	node --test --test-reporter=spec tests/js/*.test.js

# mypy --strict on scoring, games, yahtzee_site, tests and bench, with django-stubs'
# plugin; settings (and the few modules left out, and why) in pyproject.toml
# (docs/decisions/0033).
typecheck: packages
	$(BIN)/mypy

# docs/protocol.schema.json made from the protocol's types in common/protocol/ (a test
# fails when the file and the types differ).
schema: install
	$(BIN)/python -m common.protocol.schema > docs/protocol.schema.json

# The whole suite on SQLite + the in-memory layer, then the games suite again on
# PostgreSQL + Redis (throwaway servers on loopback, started and stopped by
# bench/harness/servers.py).
# The second pass leaves out the tests marked ``sqlite_pass_only``: nothing they check
# depends on the database, and each says why where the mark is set (docs/decisions/0007);
# the first, those marked ``postgres_pass_only``.
# The passes spread their tests over WORKERS and PG_WORKERS processes (pytest-xdist;
# tests/support/workers.py keeps them apart on the shared servers), a whole module to a
# worker: a module's servers and browser start once (docs/decisions/0007). The second pass
# starts its longest modules first (tests/conftest.py).
# The first pass waits on its live servers, bots and browsers about half the time: more
# workers than cores beat two, and with today's suite three beat four (docs/decisions/
# 0007). The second pass waits on PostgreSQL and Redis a little: three workers beat two
# and four.
# Beside the first pass runs the soak's two minutes (tests/games/test_soak.py, marked
# ``soak``, make soak-test alone: every mode played through every fault, on a PostgreSQL
# and a Redis of its own): its players wait most of the time, so it costs the pass its
# CPU, not its two minutes. Its report follows the first pass's.
WORKERS ?= 3
PG_WORKERS ?= 3
PYTEST_ARGS := --dist loadfile --durations=15
PYTEST := $(BIN)/pytest -n $(WORKERS) $(PYTEST_ARGS)
SOAK := SOAK_STACK=postgres $(BIN)/pytest -p no:cacheprovider -m soak tests/games/test_soak.py
# Before the suite: the system packages beside the Python packages but PyICU
# (.ci/apt-install lets one apt-get run at a time), then PyICU (a clean machine builds it
# on one core for about a minute, decision 0026) beside the rest, at a lower priority so
# that the build keeps its core: the solver's tables (built once up front, about 20 s,
# skipped when up to date, instead of by each test process and live server that first
# needs them), the project's bytecode and its test modules' rewritten asserts, ruff,
# import-linter, the migration linter, ESLint and stylelint, mypy, the JavaScript unit
# tests and the translation catalogs.
test:
	$(MAKE) --no-print-directory --output-sync=target -j 2 packages system-deps
	$(MAKE) --no-print-directory install & icu=$$!; \
	nice -n 5 $(MAKE) --no-print-directory --output-sync=target -j 3 bytecode test-bytecode \
		strategy lint typecheck js-test catalogs; checked=$$?; \
	wait $$icu && test $$checked -eq 0
	mkdir -p var
	$(SOAK) > var/soak-test.log 2>&1 & soak=$$!; \
	$(PYTEST) -m "not soak and not postgres_pass_only"; passed=$$?; \
	wait $$soak; soaked=$$?; cat var/soak-test.log; \
	test $$passed -eq 0 -a $$soaked -eq 0
	$(BIN)/python -m bench.harness.servers $(BIN)/pytest -n $(PG_WORKERS) $(PYTEST_ARGS) \
		--no-loadscope-reorder -p no:cacheprovider tests/games \
		-m "not browser and not sqlite_pass_only and not soak"

soak-test: install system-deps
	$(SOAK)

bench: install
	$(BIN)/python bench/rules_engine.py
	$(BIN)/python bench/solver.py
	$(BIN)/python bench/bots.py

clean:
	rm -rf $(VENV) node_modules var staticfiles .pytest_cache .ruff_cache .mypy_cache .hypothesis test-results
	find locale -name '*.mo' -delete
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
