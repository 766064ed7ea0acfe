"""The embedded set-up as scripts/serve.sh runs it, in a process of its own: Daphne on a SQLite
file, the in-memory channel layer, bots in server threads, no Redis. The database is migrated
once per test session into a template file and copied for each server."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

from tests.realtime.servers import ROOT, DaphneServer

_TEMPLATE: dict[str, Path] = {}


def embedded_env(database: Path, **extra: str) -> dict[str, str]:
    return {"DATABASE_URL": f"sqlite:///{database}", "REDIS_URL": "", "DEBUG": "0",
            "SHOWCASE_ENABLED": "0", "BOTS_RESUME_ON_START": "1",
            "NOTIFY_PERIODIC_ON_START": "0", **extra}


def migrated_database(directory: Path, template_dir: Path) -> Path:
    """A migrated SQLite file in `directory` (copied from the session's template)."""
    if "db" not in _TEMPLATE:
        template = template_dir / "template.sqlite3"
        env = {**os.environ, **embedded_env(template)}
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT,
                       env=env, check=True, timeout=300)
        _TEMPLATE["db"] = template
    target = directory / "site.sqlite3"
    shutil.copy(_TEMPLATE["db"], target)
    return target


def start_embedded(log: Path, database: Path, **extra: str) -> DaphneServer:
    return DaphneServer(log, database_url=f"sqlite:///{database}",
                        extra_env=embedded_env(database, **extra))


def call(server: DaphneServer, method: str, path: str, body: dict | None = None,
         token: str | None = None) -> tuple[int, object]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Token {token}"
    request = urllib.request.Request(server.http + path, method=method, headers=headers,
                                     data=json.dumps(body).encode() if body is not None else None)
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            status, raw = answer.status, answer.read()
    except urllib.error.HTTPError as error:
        status, raw = error.code, error.read()
    try:
        return status, json.loads(raw)
    except ValueError:
        return status, raw.decode(errors="replace")


def sign_up(server: DaphneServer, username: str) -> str:
    status, body = call(server, "POST", "/api/v1/accounts/signup/",
                        {"username": username, "password": "a-long-Passphrase-7"})
    assert status == 201, body
    return body["token"]
