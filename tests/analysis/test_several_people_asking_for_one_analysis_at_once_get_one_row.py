"""Several people ask for the same game's analysis at the same moment (issue 38): every caller
is answered 202 (queued) or 200, never 500, and the game has one analysis row and one job.
Needs real row locks and concurrent connections (PostgreSQL): without the lock on the game's
row each request found no row and inserted one, and all but one failed on the unique game."""
import threading

import pytest
from django.db import connection

from analysis.models import GameAnalysis
from core import background
from tests.site_fixtures import make_user, token_client

from .conftest import finished_game

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

URL = "/api/v1/games/{}/analysis/"
CALLERS = 4
ROUNDS = 5  # repeat the race: one lucky interleaving must not pass the test


@pytest.fixture
def queued(monkeypatch):
    """Jobs are recorded, not run: the rows stay queued while the test counts them."""
    found = []
    monkeypatch.setattr(background, "submit", lambda *a, **k: found.append(a))
    return found


def race(clients, game) -> list[int]:
    barrier = threading.Barrier(len(clients))
    statuses: list[object] = [None] * len(clients)

    def ask(index: int) -> None:
        try:
            barrier.wait()
            statuses[index] = clients[index].post(URL.format(game.public_id)).status_code
        except Exception as exc:  # recorded and asserted on below
            statuses[index] = exc
        finally:
            connection.close()  # each thread has its own connection

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(len(clients))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return statuses


def test_four_concurrent_requests_store_one_analysis_and_none_fails(queued, settings):
    assert connection.vendor == "postgresql"
    settings.ANALYSIS_MAX_RUNNING = ROUNDS  # each caller asks once per round
    white, black = make_user("analysed-white"), make_user("analysed-black")
    clients = [token_client(make_user(f"asker{i}")) for i in range(CALLERS)]
    for round_number in range(ROUNDS):
        game = finished_game(white, black)
        statuses = race(clients, game)
        assert all(status in (200, 202) for status in statuses), (round_number, statuses)
        assert GameAnalysis.objects.filter(game=game).count() == 1
        assert len(queued) == round_number + 1  # one job per game, not one per caller
