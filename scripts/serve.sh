#!/usr/bin/env bash
# One command from a fresh clone to a running server on the embedded defaults:
# SQLite, the in-memory channel layer, bots computed in-process. No Redis, no PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/pip install --quiet --disable-pip-version-check -r requirements.txt
.venv/bin/python manage.py migrate --noinput
.venv/bin/python manage.py collectstatic --noinput --verbosity 0
echo "Raumschach server on http://127.0.0.1:${PORT:-8000}/"
exec .venv/bin/daphne -b "${HOST:-127.0.0.1}" -p "${PORT:-8000}" raumschach_site.asgi:application
