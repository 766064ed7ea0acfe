"""With DEBUG off (the default) the site refuses to start without a real SECRET_KEY: it used to
fall back to a fixed string published in this repository, which lets anyone forge sessions."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
REAL_KEY = "k" * 10 + "a-real-key-of-fifty-characters-or-more-1234567890"


def start_django(tmp_path: Path, **env: str) -> subprocess.CompletedProcess:
    """`manage.py check` in a fresh process with exactly these settings variables."""
    clean = {k: v for k, v in os.environ.items()
             if k not in {"SECRET_KEY", "SECRET_KEY_FILE", "DEBUG", "DJANGO_SETTINGS_MODULE"}}
    return subprocess.run([sys.executable, "manage.py", "check"], cwd=ROOT, capture_output=True,
                          text=True, timeout=60,
                          env={**clean, "DATABASE_URL": f"sqlite:///{tmp_path}/db.sqlite3",
                               "DJANGO_SETTINGS_MODULE": "raumschach_site.settings", **env})


@pytest.mark.parametrize("env", [
    {},
    {"DEBUG": "0"},
    {"SECRET_KEY": ""},
    {"SECRET_KEY": "insecure-local-development-key-change-me"},
    {"SECRET_KEY": "change-me-in-production"},
    {"SECRET_KEY": "django-insecure-abcdefghijklmnopqrstuvwxyz0123456789abcdefghijkl"},
], ids=["nothing", "debug-off", "empty", "old-default", "old-compose-default",
        "startproject-key"])
def test_the_site_refuses_to_start_without_a_real_key(tmp_path, env):
    done = start_django(tmp_path, **env)
    assert done.returncode != 0
    assert "Set SECRET_KEY" in done.stderr


def test_debug_is_off_unless_asked_for(tmp_path):
    code = "from django.conf import settings; print('DEBUG', settings.DEBUG)"
    for env, expected in (({"SECRET_KEY": REAL_KEY}, "DEBUG False"),
                          ({"SECRET_KEY": REAL_KEY, "DEBUG": "1"}, "DEBUG True")):
        clean = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "SECRET_KEY"}}
        done = subprocess.run([sys.executable, "manage.py", "shell", "-c", code], cwd=ROOT,
                              capture_output=True, text=True, timeout=60,
                              env={**clean, "DJANGO_SETTINGS_MODULE": "raumschach_site.settings",
                                   "DATABASE_URL": f"sqlite:///{tmp_path}/db.sqlite3", **env})
        assert expected in done.stdout, done.stderr


def test_a_real_key_from_the_environment_or_a_file_starts_it(tmp_path):
    assert start_django(tmp_path, SECRET_KEY=REAL_KEY).returncode == 0
    key_file = tmp_path / "secret_key"
    key_file.write_text(REAL_KEY + "\n")
    assert start_django(tmp_path, SECRET_KEY_FILE=str(key_file)).returncode == 0


def test_development_with_debug_on_needs_no_key(tmp_path):
    assert start_django(tmp_path, DEBUG="1").returncode == 0
