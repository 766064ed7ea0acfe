"""Shared site fixtures (see tests/site_fixtures.py) and tournament helpers."""
import pytest

from tests.bots.conftest import ensure_bot_accounts
from tests.site_fixtures import *  # noqa: F401,F403
from tests.site_fixtures import make_user, token_client


@pytest.fixture(autouse=True)
def _bot_accounts(request):
    # A transactional test elsewhere flushes the accounts the migrations made; the pages and
    # the invitations by level need the site's bots.
    if request.node.get_closest_marker("django_db") is not None:
        request.getfixturevalue("db")
        ensure_bot_accounts()


@pytest.fixture
def after_commit(django_capture_on_commit_callbacks):
    """Run what the site does after each commit (rounds paired, events, mail) as it happens:
    `with after_commit(): ...`."""
    def run():
        return django_capture_on_commit_callbacks(execute=True)
    return run


def players(*names):
    """(user, API client) per name."""
    return [(user, token_client(user)) for user in (make_user(name) for name in names)]
