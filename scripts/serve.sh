#!/usr/bin/env bash
# One command from a fresh clone to a running server on the embedded defaults:
# SQLite, the in-memory channel layer, bots computed in-process. No Redis, no PostgreSQL.
# DEBUG is off unless DEBUG=1; the secret key is generated once into .secret_key (git-ignored,
# readable by you only) and kept, so sessions survive a restart.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/pip install --quiet --disable-pip-version-check -r requirements.txt
# The translation catalogues (locale/*/LC_MESSAGES/*.po -> .mo; the .mo files are not in git).
.venv/bin/python scripts/compile_messages.py >/dev/null
# The native engine core (engine/native/, C): built in place with the machine's compiler; without
# one the bots still play, slower, on the pure-Python core (one warning line).
.venv/bin/python setup.py --quiet build_ext --inplace >/dev/null 2>&1 \
  || echo "warning: could not build the native engine core (no C compiler?); the engine runs on the pure-Python core" >&2
# The browser's engine (the same core as WebAssembly, for the analysis board): without it the
# board asks the server to search.
.venv/bin/python scripts/build_wasm.py >/dev/null \
  || echo "warning: could not build the browser engine (WebAssembly); the analysis board uses the server's search" >&2
# Endgame tablebases (docs/tablebases.md): the 3-piece ones take about a second and are kept;
# the 4-piece ones (597 MiB, ~2 CPU minutes) are the operator's: python -m engine tablebase generate --pieces 4
.venv/bin/python -m engine tablebase generate --pieces 3 >/dev/null \
  || echo "warning: could not make the endgame tablebases; the engine plays without them" >&2
if [ -z "${SECRET_KEY:-}" ]; then
  export SECRET_KEY_FILE="${SECRET_KEY_FILE:-$PWD/.secret_key}"
  [ -s "$SECRET_KEY_FILE" ] || (umask 077 && .venv/bin/python -c \
    'import secrets; print(secrets.token_urlsafe(50))' > "$SECRET_KEY_FILE")
fi
.venv/bin/python manage.py migrate --noinput
.venv/bin/python manage.py collectstatic --noinput --verbosity 0
echo "Raumschach server on http://127.0.0.1:${PORT:-8000}/"
exec .venv/bin/daphne -b "${HOST:-127.0.0.1}" -p "${PORT:-8000}" raumschach_site.asgi:application
