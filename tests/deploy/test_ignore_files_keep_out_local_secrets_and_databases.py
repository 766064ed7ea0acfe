"""`.dockerignore` and `.gitignore` keep every local secret and database file out of the image's
build context and out of git (issue 24, finding 4): the SQLite write-ahead log holds users and
password hashes until a checkpoint, `.secret_key` signs every session, and the Dockerfile
copies the whole context. The build context of a clean checkout (the tracked files) loses
nothing the Dockerfile needs."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

LOCAL_FILES = [
    "db.sqlite3", "db.sqlite3-wal", "db.sqlite3-shm", "db.sqlite3-journal",
    "scratch/other.sqlite3", "scratch/other.sqlite3-wal", "data/site.db", "data/site.db-wal",
    ".secret_key", "keys/.secret_key", ".env", ".env.production", "certs/server.pem",
    "tls/server.key", ".venv/bin/python", ".venv/lib/python3.11/site-packages/x.py",
    "games/__pycache__/models.cpython-311.pyc", "staticfiles/games/board.css",
    "build/lib/engine/_rs_native.so", "engine/_rs_native.cpython-311-x86_64-linux-gnu.so",
    ".pytest_cache/v/cache/nodeids", ".hypothesis/examples/x", "test-artifacts/trace.zip",
    "celerybeat-schedule", "dump.rdb", "tablebases/KQvKR.rtb", ".git/config",
]
NEEDED_BY_THE_DOCKERFILE = ["requirements.txt", "setup.py", "manage.py",
                            "raumschach_site/settings.py", "engine/native/module.c"]


def _docker_regex(pattern: str) -> re.Pattern:
    """Docker's .dockerignore matching (moby/patternmatcher): anchored at the context's root,
    `*` and `?` stay within one path element, `**` spans any number of them."""
    out, i = "", 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out, i = out + "(?:.*/)?", i + 3
        elif pattern.startswith("**", i):
            out, i = out + ".*", i + 2
        elif pattern[i] == "*":
            out, i = out + "[^/]*", i + 1
        elif pattern[i] == "?":
            out, i = out + "[^/]", i + 1
        else:
            out, i = out + re.escape(pattern[i]), i + 1
    return re.compile(out + "$")


def docker_excludes(path: str) -> bool:
    rules = []
    for line in (ROOT / ".dockerignore").read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        negate = line.startswith("!")
        pattern = line.lstrip("!").strip().strip("/")
        rules.append((negate, _docker_regex(pattern)))
    parts = path.split("/")
    prefixes = ["/".join(parts[:n]) for n in range(1, len(parts) + 1)]
    excluded = False
    for negate, regex in rules:  # the last matching rule wins; a matched folder takes its files
        if any(regex.match(prefix) for prefix in prefixes):
            excluded = not negate
    return excluded


def test_the_build_context_leaves_out_every_local_secret_and_database():
    assert [p for p in LOCAL_FILES if not docker_excludes(p)] == []


def test_the_build_context_of_a_clean_checkout_keeps_what_the_dockerfile_needs():
    assert "COPY . ." in (ROOT / "Dockerfile").read_text()
    tracked = git("ls-files").splitlines()
    assert set(NEEDED_BY_THE_DOCKERFILE) <= set(tracked)
    assert [p for p in tracked if docker_excludes(p)] == []


def git(*args: str) -> str:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.fail("git and a checkout are needed to read .gitignore as git does")
    return subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True,
                          check=False).stdout


def test_git_ignores_every_local_secret_and_database():
    # --no-index: judge the paths by the ignore rules alone, tracked or not
    ignored = set(git("check-ignore", "--no-index", *LOCAL_FILES[:-1]).splitlines())
    assert [p for p in LOCAL_FILES[:-1] if p not in ignored] == []


def test_no_local_secret_or_database_is_tracked():
    tracked = git("ls-files").splitlines()
    assert [p for p in tracked if p in LOCAL_FILES or p.endswith((".sqlite3-wal", ".secret_key"))] == []
