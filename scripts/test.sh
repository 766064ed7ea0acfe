#!/usr/bin/env bash
# One command from a fresh clone to the whole test suite. Extra arguments go to pytest.
# With DATABASE_URL / REDIS_URL set (as .ci/run does) the tests that need PostgreSQL, Redis,
# Celery or a browser run against the real services; without them they are reported skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/pip install --quiet --disable-pip-version-check -r requirements-dev.txt
exec .venv/bin/python -m pytest "$@"
