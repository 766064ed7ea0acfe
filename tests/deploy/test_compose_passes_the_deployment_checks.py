"""docker-compose.yml carries no fixed secret, and Django's deployment checks
(`manage.py check --deploy`) pass without a single warning for the settings it gives the app."""
from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
_VARIABLE = re.compile(r"\$\{(\w+)(?::([-?])([^}]*))?\}")


def interpolate(value: str, env: dict[str, str]) -> str:
    """Compose's ${VAR}, ${VAR:-default} and ${VAR:?error} (an error when VAR is unset)."""
    def replace(match: re.Match) -> str:
        name, kind, arg = match.groups()
        if env.get(name):
            return env[name]
        if kind == "?":
            raise KeyError(f"{name}: {arg}")
        return arg if kind == "-" else ""
    return _VARIABLE.sub(replace, value)


@pytest.fixture(scope="module")
def app_environment() -> dict[str, str]:
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    return {k: str(v) for k, v in compose["services"]["web"]["environment"].items()}


@pytest.mark.parametrize("secret", ["SECRET_KEY", "POSTGRES_PASSWORD"])
def test_compose_refuses_to_start_without_the_secrets(app_environment, secret):
    given = {"SECRET_KEY": "s" * 60, "POSTGRES_PASSWORD": "p" * 20}
    del given[secret]
    with pytest.raises(KeyError, match=secret):
        {k: interpolate(v, given) for k, v in app_environment.items()}


def test_check_deploy_is_clean_for_the_compose_settings(app_environment):
    given = {"SECRET_KEY": secrets.token_urlsafe(50), "POSTGRES_PASSWORD": "pw"}
    env = {k: interpolate(v, given) for k, v in app_environment.items()}
    clean = {k: v for k, v in os.environ.items()
             if k not in {"SECRET_KEY", "SECRET_KEY_FILE", "DEBUG", "DJANGO_SETTINGS_MODULE"}}
    done = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
        env={**clean, **env, "DJANGO_SETTINGS_MODULE": "raumschach_site.settings"})
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues (0 silenced)" in done.stdout


def test_forwarded_proto_is_believed_only_behind_the_trusted_proxy(app_environment):
    """Believed from anyone, `X-Forwarded-Proto: https` over plain http earned HSTS and Secure
    cookies (issue 24, finding 5); compose trusts it because its proxy is the only way in."""
    given = {"SECRET_KEY": secrets.token_urlsafe(50), "POSTGRES_PASSWORD": "pw"}
    env = {k: interpolate(v, given) for k, v in app_environment.items()}
    assert int(env["TRUSTED_PROXY_COUNT"]) >= 1
    script = "from django.conf import settings as s; print(s.SECURE_PROXY_SSL_HEADER)"
    clean = {k: v for k, v in os.environ.items()
             if k not in {"SECRET_KEY", "SECRET_KEY_FILE", "DEBUG", "DJANGO_SETTINGS_MODULE",
                          "TRUSTED_PROXY_COUNT"}}
    base = {**clean, "SECRET_KEY": given["SECRET_KEY"],
            "DJANGO_SETTINGS_MODULE": "raumschach_site.settings"}
    def header(extra):
        done = subprocess.run([sys.executable, "-c", "import django; django.setup(); " + script],
                              cwd=ROOT, capture_output=True, text=True, timeout=60,
                              env={**base, **extra})
        assert done.returncode == 0, done.stderr
        return done.stdout.strip()
    assert header({}) == "None"
    assert header(env) == "('HTTP_X_FORWARDED_PROTO', 'https')"
