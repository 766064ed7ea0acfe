"""The channel layer down (Redis unreachable) loses the progress events, never the analysis:
it runs to the end and is stored."""
import pytest

from analysis.models import GameAnalysis
from core import background
from games import events

from .conftest import queen_blunder_game

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_analysis_is_stored_though_no_event_goes_out(alice, bob, as_alice, monkeypatch):
    def down(*args, **kwargs):
        raise ConnectionError("channel layer unreachable")

    monkeypatch.setattr(events, "publish_to_group", down)
    game = queen_blunder_game(alice, bob)
    assert as_alice.post(f"/api/v1/games/{game.public_id}/analysis/").status_code == 202
    assert background.wait_until_idle(120)
    row = GameAnalysis.objects.get(game=game)
    assert (row.status, row.white_blunders) == ("done", 1)
