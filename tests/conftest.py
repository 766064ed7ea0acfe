"""Shared fixtures and the rules for tests that need real services.

A test marked `postgres`, `redis`, `celery`, `browser`, `proxy` or `live_server_process` needs
something outside the Python process. When it is missing the test is *skipped with the reason*
on a developer's machine, and *fails* when REQUIRE_SERVICES=1 (as .ci/run sets), so CI can never
go green by silently skipping the tests that matter.
"""
from __future__ import annotations

import os
import shutil
import socket
from urllib.parse import urlparse

import pytest

# The engine's searches in tests are the plain ones: endgame tables a working copy may hold
# (python -m engine tablebase generate, in tablebases/) would change their scores and node
# counts.  tests/engine/tablebase/ makes and loads its own.
os.environ["RAUMSCHACH_TB_DIR"] = "off"


def _postgres_missing() -> str | None:
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        return "needs PostgreSQL: set DATABASE_URL=postgres://... (as .ci/run does)"
    return None


def _redis_missing() -> str | None:
    url = os.environ.get("REDIS_URL", "")
    if not url:
        return "needs Redis: set REDIS_URL=redis://... (as .ci/run does)"
    parsed = urlparse(url)
    try:
        with socket.create_connection((parsed.hostname or "127.0.0.1", parsed.port or 6379), 2):
            return None
    except OSError as exc:
        return f"needs Redis at {url}: {exc}"


def _browser_missing() -> str | None:
    path = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
    if not (os.path.exists(path) or shutil.which(path)):
        return f"needs Chromium at {path} (apt-get install chromium; .ci/run does)"
    return None


def _nginx_missing() -> str | None:
    if not (shutil.which("nginx") or os.path.exists("/usr/sbin/nginx")):
        return "needs nginx (apt-get install nginx-light; .ci/run does)"
    return None


def _wasm_missing() -> str | None:
    import importlib.util

    if not shutil.which("node"):
        return "needs Node (apt-get install nodejs; .ci/run does)"
    if importlib.util.find_spec("ziglang") is None:
        return "needs the ziglang wheel (requirements.txt) to build the WebAssembly core"
    return None


def _wordlists_missing() -> str | None:
    from scripts.german_words import missing_lists

    missing = missing_lists()
    return f"needs {missing} (apt-get install wamerican wbritish wngerman)" if missing else None


_REQUIREMENTS = {
    "postgres": _postgres_missing,
    "redis": _redis_missing,
    "celery": _redis_missing,
    "browser": _browser_missing,
    "proxy": _nginx_missing,
    "wasm": _wasm_missing,
    "wordlists": _wordlists_missing,
}


def pytest_runtest_setup(item: pytest.Item) -> None:
    for marker, check in _REQUIREMENTS.items():
        if item.get_closest_marker(marker) is None:
            continue
        reason = check()
        if reason is None:
            continue
        if os.environ.get("REQUIRE_SERVICES") == "1":
            pytest.fail(f"REQUIRE_SERVICES=1 but {reason}", pytrace=False)
        pytest.skip(reason)


def declared_variant_keys() -> list[str]:
    """The keys of the variants engine/variants/ declares: the site's own games, whatever other
    tests of the same process registered (a six-cube, Raumschach without unicorns)."""
    import importlib
    import pkgutil

    import engine.variants

    found = (getattr(importlib.import_module(f"engine.variants.{m.name}"), "VARIANT", None)
             for m in pkgutil.iter_modules(engine.variants.__path__))
    return sorted(v.key for v in found if isinstance(v, engine.variants.Variant))


@pytest.fixture
def site_games_only(monkeypatch):
    """The registry holds the site's own games only during the test (other tests of the
    process may have registered variants and left them), restored after it."""
    import engine.variants

    declared = set(declared_variant_keys())
    for key in [k for k in engine.variants.VARIANTS if k not in declared]:
        monkeypatch.delitem(engine.variants.VARIANTS, key)
