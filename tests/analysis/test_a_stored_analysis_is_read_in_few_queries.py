"""Reading a stored analysis costs a fixed number of queries, whatever the game's length: the
game, the analysis row (its moves are one JSON column)."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from core import background

from .conftest import finished_game

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("plies", [4, 20])
def test_reading_an_analysis_costs_two_queries(alice, bob, as_alice, anon, plies):
    game = finished_game(alice, bob, plies=plies)
    assert as_alice.post(f"/api/v1/games/{game.public_id}/analysis/").status_code == 202
    assert background.wait_until_idle(120)
    with CaptureQueriesContext(connection) as captured:
        response = anon.get(f"/api/v1/games/{game.public_id}/analysis/")
    assert response.status_code == 200 and len(response.json()["moves"]) == plies
    assert len(captured) == 2, [q["sql"] for q in captured]
