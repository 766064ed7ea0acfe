"""POST /api/v1/challenges/ with clock_limit / clock_increment: the challenge, the lobby's seek,
the game it starts (REST detail: speed and clock), and the rematch keep the time control."""
from unittest import mock

import pytest

from games.models import Game

pytestmark = pytest.mark.django_db


def test_a_challenge_with_a_clock_makes_a_live_game_with_both_clocks_full(as_alice, as_bob):
    made = as_alice.post("/api/v1/challenges/", {"opponent": "bob", "color": "white",
                                                 "clock_limit": 180, "clock_increment": 2},
                         format="json")
    assert made.status_code == 201, made.content
    body = made.json()
    assert (body["clock_limit"], body["clock_increment"], body["days_per_move"],
            body["speed"]) == (180, 2, None, "blitz")
    game_id = as_bob.post(f"/api/v1/challenges/{body['id']}/accept/").json()["game"]
    game = Game.objects.get(public_id=game_id)
    assert (game.clock_limit, game.clock_increment, game.speed) == (180, 2, "blitz")
    assert game.deadline is not None  # White's first-move timer
    state = as_alice.get(f"/api/v1/games/{game_id}/").json()
    assert state["speed"] == "blitz"
    assert state["clock"] == {"limit": 180, "increment": 2, "white": 180_000,
                              "black": 180_000, "running": None}


def test_a_game_by_days_has_no_clock_and_is_correspondence(as_alice, as_bob):
    made = as_alice.post("/api/v1/challenges/", {"opponent": "bob", "days_per_move": 3},
                         format="json").json()
    assert (made["speed"], made["clock_limit"]) == ("correspondence", None)
    game_id = as_bob.post(f"/api/v1/challenges/{made['id']}/accept/").json()["game"]
    state = as_alice.get(f"/api/v1/games/{game_id}/").json()
    assert (state["speed"], state["clock"]) == ("correspondence", None)


@pytest.mark.parametrize("limit, increment, speed", [
    (15, 0, "bullet"), (60, 2, "bullet"), (120, 1, "bullet"), (120, 2, "blitz"), (180, 0, "blitz"),
    (300, 3, "blitz"), (300, 5, "rapid"), (600, 0, "rapid"), (900, 10, "rapid"),
    (1500, 0, "classical"), (1800, 20, "classical"), (10_800, 180, "classical")])
def test_the_speed_is_lichess_s_estimate_of_limit_and_forty_increments(as_alice, limit,
                                                                        increment, speed):
    made = as_alice.post("/api/v1/challenges/", {"opponent": None, "clock_limit": limit,
                                                 "clock_increment": increment},
                         format="json")
    assert made.status_code == 201, made.content
    assert made.json()["speed"] == speed


def test_a_seek_with_a_clock_is_listed_with_it(as_alice, anon):
    made = as_alice.post("/api/v1/challenges/", {"opponent": None, "public": True,
                                                 "clock_limit": 300, "clock_increment": 3},
                         format="json")
    assert made.status_code == 201, made.content
    [seek] = anon.get("/api/v1/seeks/").json()
    assert (seek["clock_limit"], seek["clock_increment"], seek["speed"],
            seek["days_per_move"]) == (300, 3, "blitz", None)


def test_a_rematch_keeps_the_clock(as_alice, as_bob):
    made = as_alice.post("/api/v1/challenges/", {"opponent": "bob", "color": "white",
                                                 "clock_limit": 60, "clock_increment": 1},
                         format="json").json()
    game_id = as_bob.post(f"/api/v1/challenges/{made['id']}/accept/").json()["game"]
    assert as_alice.post(f"/api/v1/games/{game_id}/resign/").status_code == 200
    rematch = as_bob.post(f"/api/v1/games/{game_id}/rematch/")
    assert rematch.status_code == 201, rematch.content
    assert (rematch.json()["clock_limit"], rematch.json()["clock_increment"],
            rematch.json()["speed"]) == (60, 1, "bullet")


def test_a_bot_challenge_with_a_clock_starts_a_live_game_at_once(as_alice):
    with mock.patch("bots.hooks.request_bot_move_if_needed"):
        made = as_alice.post("/api/v1/challenges/", {"opponent": "hard-bot", "clock_limit": 120,
                                                     "clock_increment": 2, "color": "black"},
                             format="json")
    assert made.status_code == 201, made.content
    game = Game.objects.get(public_id=made.json()["game"])
    assert (game.clock_limit, game.clock_increment, game.speed) == (120, 2, "blitz")
