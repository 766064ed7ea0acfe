"""Email settings: a safe default (console) and the environment's choice honoured."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _setting(names: str, env: dict[str, str]) -> str:
    code = ("import os; os.environ['DJANGO_SETTINGS_MODULE']='raumschach_site.settings';"
            "from django.conf import settings;"
            f"print('|'.join(str(getattr(settings, n, '')) for n in {names.split()!r}))")
    clean = {k: v for k, v in __import__("os").environ.items()
             if not k.startswith(("EMAIL_", "SITE_URL", "DEFAULT_FROM_EMAIL"))}
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env={**clean, **env},
                            capture_output=True, text=True, check=True)
    return result.stdout.strip()


def test_without_configuration_mail_goes_to_the_console() -> None:
    assert _setting("EMAIL_BACKEND SITE_URL", {}) == (
        "django.core.mail.backends.console.EmailBackend|http://127.0.0.1:8000")


def test_the_environment_chooses_a_file_backend_and_the_public_url() -> None:
    env = {"EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend",
           "EMAIL_FILE_PATH": "/tmp/raumschach-mail", "SITE_URL": "https://example.org/"}
    assert _setting("EMAIL_BACKEND EMAIL_FILE_PATH SITE_URL", env) == (
        "django.core.mail.backends.filebased.EmailBackend|/tmp/raumschach-mail|https://example.org")


def test_smtp_is_configured_from_the_environment() -> None:
    env = {"EMAIL_HOST": "smtp.example.org", "EMAIL_PORT": "587", "EMAIL_USE_TLS": "1",
           "EMAIL_HOST_USER": "mailer"}
    assert _setting("EMAIL_HOST EMAIL_PORT EMAIL_USE_TLS EMAIL_HOST_USER", env) == (
        "smtp.example.org|587|True|mailer")
