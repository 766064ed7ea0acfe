"""Layering (issue 12, docs/architecture.md): games may import accounts, accounts never imports games
(or bots); the account services take plain values and import nothing of HTTP."""
from pathlib import Path

import accounts
from tests.architecture.imports import imported_modules

ROOT = Path(accounts.__file__).parent


def test_no_module_of_accounts_imports_games_or_bots():
    offenders = {
        str(path.relative_to(ROOT)): sorted(m for m in imported_modules(path)
                                           if m.split(".")[0] in ("games", "bots"))
        for path in ROOT.rglob("*.py")
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_the_account_services_import_nothing_of_http():
    for name in ("services.py", "selectors.py", "ratelimit.py", "usernames.py", "profiles.py"):
        modules = imported_modules(ROOT / name)
        assert not [m for m in modules if m.startswith(("django.http", "rest_framework"))], name
        assert "HttpRequest" not in (ROOT / name).read_text(), name
