"""Shared site fixtures (see tests/site_fixtures.py) and tournament helpers."""
from contextlib import contextmanager

import pytest

from core import background
from tests.bots.conftest import ensure_bot_accounts
from tests.site_fixtures import *  # noqa: F401,F403
from tests.site_fixtures import make_user, token_client

WAIT = 60  # seconds for the background work a step started (a pairing takes milliseconds)


@pytest.fixture(autouse=True)
def _bot_accounts(request):
    # A transactional test elsewhere flushes the accounts the migrations made; the pages and
    # the invitations by level need the site's bots.
    if request.node.get_closest_marker("django_db") is not None:
        request.getfixturevalue("db")
        ensure_bot_accounts()


@pytest.fixture(autouse=True)
def in_process_background(settings):
    """The embedded set-up's background threads (core.background): a round's pairing runs
    there after the commit of the game's end (tournaments.rounds.advance_later). A test that
    plays on Celery workers sets BACKGROUND_IN_PROCESS back to False."""
    settings.BACKGROUND_IN_PROCESS = True
    yield
    assert background.wait_until_idle(WAIT), "background work still running after the test"


@pytest.fixture
def after_commit(django_capture_on_commit_callbacks):
    """`with after_commit(): ...`: do it, run what the site does after each commit (in a test
    inside one transaction, the captured callbacks; in a transactional test they ran at each
    commit), then wait for the background work that started - the next round's pairing, an
    arena's pairings, mail - to finish. The pairing itself runs in the background thread, on
    its own database connection: a test that ends games and expects the next round needs
    django_db(transaction=True), so that thread sees what the test wrote."""
    @contextmanager
    def run():
        with django_capture_on_commit_callbacks(execute=True) as callbacks:
            yield callbacks
        assert background.wait_until_idle(WAIT), "background work still running"
    return run


def players(*names):
    """(user, API client) per name."""
    return [(user, token_client(user)) for user in (make_user(name) for name in names)]
