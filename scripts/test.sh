#!/usr/bin/env bash
# One command from a fresh clone to the whole test suite. Extra arguments go to pytest.
# With DATABASE_URL / REDIS_URL set (as .ci/run does) the tests that need PostgreSQL, Redis,
# Celery or a browser run against the real services; without them they are reported skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/pip install --quiet --disable-pip-version-check -r requirements-dev.txt
# The native engine core (engine/native/, C): built in place with the machine's compiler; without
# one the engine warns once and runs on the pure-Python core.
.venv/bin/python setup.py --quiet build_ext --inplace >/dev/null 2>&1 \
  || echo "warning: could not build the native engine core (no C compiler?); the engine runs on the pure-Python core" >&2
# The browser's engine (the same core as WebAssembly, for the analysis board): without it the
# board asks the server to search.
.venv/bin/python scripts/build_wasm.py >/dev/null \
  || echo "warning: could not build the browser engine (WebAssembly); the analysis board uses the server's search" >&2
exec .venv/bin/python -m pytest "$@"
