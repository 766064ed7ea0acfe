#!/usr/bin/env bash
# One command from a fresh clone to the whole test suite. Extra arguments go to pytest.
# With DATABASE_URL / REDIS_URL set (as .ci/run does) the tests that need PostgreSQL, Redis,
# Celery or a browser run against the real services; without them they are reported skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/pip install --quiet --disable-pip-version-check -r requirements-dev.txt
# The translation catalogues (locale/*/LC_MESSAGES/*.po -> .mo; the .mo files are not in git).
.venv/bin/python scripts/compile_messages.py >/dev/null
# The native engine core (engine/native/, C): built in place with the machine's compiler; without
# one the engine warns once and runs on the pure-Python core.
.venv/bin/python setup.py --quiet build_ext --inplace >/dev/null 2>&1 \
  || echo "warning: could not build the native engine core (no C compiler?); the engine runs on the pure-Python core" >&2
# The browser's engine (the same core as WebAssembly, for the analysis board): without it the
# board asks the server to search.
.venv/bin/python scripts/build_wasm.py >/dev/null \
  || echo "warning: could not build the browser engine (WebAssembly); the analysis board uses the server's search" >&2
# The suite runs in parallel (pytest-xdist). Each worker has its own test database (pytest-django's
# test_<name>_gwN) and Redis index (REDIS_URL's + N, tests/settings.py). --dist load hands the
# tests out in collection order, so every worker still runs pytest-django's order: the tests in
# a transaction first, then the transactional ones, whose flush deletes the bot accounts (and
# other rows the migrations made) that the former rely on; --dist loadfile broke that order.
# Workers: TEST_WORKERS if set (0: one process, e.g. for --pdb), else one per CPU, 2 to 4; a run
# of chosen test files or folders runs in one process unless TEST_WORKERS says otherwise.
workers="${TEST_WORKERS:-}"
if [ -z "$workers" ]; then
  workers=$(nproc 2>/dev/null || echo 2)
  if [ "$workers" -lt 2 ]; then workers=2; fi
  if [ "$workers" -gt 4 ]; then workers=4; fi
  for arg in "$@"; do
    if [ -e "${arg%%::*}" ]; then workers=0; break; fi
  done
fi
exec .venv/bin/python -m pytest -n "$workers" --dist load "$@"
