"""The embedded server stopping (SIGTERM) stops a running analysis between two positions and
puts it back in the queue; the next start runs it again to the end."""
import threading

import pytest

from analysis import runner, services
from analysis.models import GameAnalysis
from core import background
from tests.site_fixtures import token_client

from .conftest import finished_game

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def fresh_runner():
    yield
    runner._stopping.clear()  # the next test's process is not stopping


def test_a_stopped_analysis_is_queued_again_and_resumed(alice, bob, monkeypatch, fresh_runner):
    game = finished_game(alice, bob, plies=10)
    first_position = threading.Event()
    original = runner.evaluate

    def evaluate(*args, **kwargs):
        found = original(*args, **kwargs)
        if not first_position.is_set():
            first_position.set()
            runner.stop_all()  # SIGTERM arrives while the analysis runs
        return found

    monkeypatch.setattr(runner, "evaluate", evaluate)
    assert token_client(alice).post(f"/api/v1/games/{game.public_id}/analysis/").status_code == 202
    assert background.wait_until_idle(120)
    row = GameAnalysis.objects.get(game=game)
    assert (row.status, row.progress, row.moves) == ("queued", 0, [])

    runner._stopping.clear()  # a new process starts
    assert services.analyses_resume() == [row.pk]
    assert background.wait_until_idle(120)
    row.refresh_from_db()
    assert (row.status, row.progress, len(row.moves)) == ("done", 11, 10)
