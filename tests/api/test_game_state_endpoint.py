"""GET /api/v1/games/{id}/: the documented state shape, for players and spectators."""
from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Game
from tests.site_fixtures import assert_error, make_game, play

pytestmark = pytest.mark.django_db

STATE_KEYS = {"id", "white", "black", "status", "result", "termination", "fen", "ply", "turn",
              "deadline", "moves", "legal_moves", "draw_offer", "days_per_move", "your_color",
              "created_at", "ended_at"}


def test_the_state_has_every_documented_field(as_alice, game):
    play(game, "Bb2Cb2")
    body = as_alice.get(f"/api/v1/games/{game.public_id}/").json()
    assert STATE_KEYS <= set(body)
    assert (body["white"], body["black"], body["status"], body["result"]) == (
        "alice", "bob", "active", "*")
    assert (body["ply"], body["turn"], body["your_color"]) == (1, "black", "white")
    assert body["moves"] == [{"ply": 1, "move": "Bb2Cb2", "san": "Bb2-Cb2", "fen": game.fen}]
    assert "Dc4Dc3" in body["legal_moves"]


def test_spectators_may_read_a_game(anon, game):
    body = anon.get(f"/api/v1/games/{game.public_id}/").json()
    assert body["your_color"] is None and len(body["legal_moves"]) == 61


def test_since_ply_lists_only_the_missed_moves(anon, game):
    play(game, "Bb2Cb2", "Dc4Dc3", "Bc2Cc2")
    body = anon.get(f"/api/v1/games/{game.public_id}/?since_ply=2").json()
    assert [m["ply"] for m in body["moves"]] == [3]


def test_reading_a_game_past_its_deadline_ends_it(anon, alice, bob):
    game = make_game(alice, bob, days_per_move=1)
    play(game, "Bb2Cb2", "Dc4Dc3")
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    body = anon.get(f"/api/v1/games/{game.public_id}/").json()
    assert (body["status"], body["result"], body["termination"]) == ("finished", "0-1",
                                                                     "timeout")


@pytest.mark.parametrize("path", ["/api/v1/games/999999/", "/api/v1/games/0/",
                                  "/api/v1/games/99999999999999999999999/",
                                  "/api/v1/games/abc/"])
def test_an_unknown_game_is_a_json_404(anon, path):
    assert_error(anon.get(path), 404, "not_found")
