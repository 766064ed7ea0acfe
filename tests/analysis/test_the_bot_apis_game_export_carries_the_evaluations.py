"""lichess's game export (GET /game/export/{id}) is the site's export text: with the computer
analysis's evaluations by default, without them with evals=false; a bad flag or an unknown
game gets lichess's error shape; a running game's export carries no evaluation."""
import pytest

from core import background
from tests.site_fixtures import make_game, play

from .conftest import easy_moves, queen_blunder_game

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_export_with_and_without_evals(alice, bob, as_alice, anon):
    game = queen_blunder_game(alice, bob)
    assert as_alice.post(f"/api/v1/games/{game.public_id}/analysis/").status_code == 202
    assert background.wait_until_idle(120)
    site = anon.get(f"/api/v1/games/{game.public_id}/export/").content.decode()
    response = anon.get(f"/game/export/{game.public_id}")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/x-chess-pgn")
    assert response.content.decode() == site
    assert "[%eval" in site and "QAc3-Ac5+??" in site
    bare = anon.get(f"/game/export/{game.public_id}?evals=false").content.decode()
    assert "[%eval" not in bare and bare.rstrip().endswith("1. QAc3-Ac5+ RAe5xAc5 0-1")


def test_bad_input_gets_lichess_errors(alice, bob, anon):
    game = queen_blunder_game(alice, bob)
    for url, status, code in ((f"/game/export/{game.public_id}?evals=maybe", 400, "invalid"),
                              (f"/game/export/{game.public_id}?clocks=true", 400, "invalid"),
                              ("/game/export/987654", 404, "not_found")):
        response = anon.get(url)
        assert response.status_code == status, (url, response.content)
        assert response.json()["code"] == code and response.json()["error"]


def test_a_running_game_exports_no_evaluation(alice, bob, anon):
    from django.utils import timezone

    from analysis.models import GameAnalysis

    game = play(make_game(alice, bob), *easy_moves(2))
    GameAnalysis.objects.create(game=game, requested_at=timezone.now(), status="done",
                                moves=[{"ply": 1, "eval_cp": 10, "mate": None,
                                        "judgement": "blunder", "best_san": "x"}])
    text = anon.get(f"/game/export/{game.public_id}").content.decode()
    assert "[%eval" not in text and "??" not in text
