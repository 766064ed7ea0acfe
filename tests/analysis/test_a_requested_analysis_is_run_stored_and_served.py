"""POST /api/v1/games/<id>/analysis/ queues the analysis of a finished game (202), the job
searches every position and stores it, and GET serves it: per move the evaluation, the
engine's move and line, the judgement; per side the accuracy and the counts."""
import pytest

from analysis.models import GameAnalysis
from core import background

from .conftest import QUEEN_BEST, queen_blunder_game

pytestmark = pytest.mark.django_db(transaction=True)
URL = "/api/v1/games/{}/analysis/"


def test_the_queen_blunder_is_found_stored_and_served(alice, bob, as_alice, anon):
    game = queen_blunder_game(alice, bob)
    response = as_alice.post(URL.format(game.public_id))
    assert response.status_code == 202, response.content
    assert response.json()["status"] in ("queued", "running", "done")
    assert response.json()["total"] == 3
    assert background.wait_until_idle(120)
    body = anon.get(URL.format(game.public_id)).json()  # anyone may read it once the game is over
    assert body["status"] == "done"
    assert (body["progress"], body["total"], body["core"]) == (3, 3, "native")
    first, second = body["moves"]
    assert (first["ply"], first["san"], first["judgement"]) == (1, "QAc3-Ac5+", "blunder")
    assert (first["best"], first["best_san"]) == (QUEEN_BEST, "QAc3xAe5")
    assert first["pv"][0] == QUEEN_BEST and first["pv_san"][0] == "QAc3xAe5"
    assert first["eval_cp"] < -300 and first["mate"] is None
    assert second["judgement"] == ""  # Black took the queen: the engine's move
    assert body["start"]["eval_cp"] > 700
    assert body["players"]["white"]["blunders"] == 1
    assert body["players"]["black"] == {"accuracy": 100.0, "inaccuracies": 0, "mistakes": 0,
                                        "blunders": 0}
    assert body["players"]["white"]["accuracy"] < 50


def test_the_stored_row_holds_the_judgement_counts(alice, bob, as_bob):
    game = queen_blunder_game(alice, bob)
    assert as_bob.post(URL.format(game.public_id)).status_code == 202
    assert background.wait_until_idle(120)
    row = GameAnalysis.objects.get(game=game)
    assert (row.status, row.requested_by, row.white_blunders, row.black_blunders) == (
        "done", bob, 1, 0)
    assert row.finished_at is not None and row.started_at is not None
