"""The Bot API's challenge takes lichess's clock.limit / clock.increment (form fields or JSON),
shows lichess's timeControl and speed, and the game stream's gameFull and gameState carry the
clock (initial/increment; wtime, btime, winc, binc)."""
import pytest

from games.models import Game
from tests.botapi.conftest import bearer_client

pytestmark = pytest.mark.django_db


def test_a_form_challenge_with_a_clock_is_a_blitz_challenge(alice, bob):
    response = bearer_client(alice).post("/api/challenge/bob",
                                         {"clock.limit": "180", "clock.increment": "2"})
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["speed"] == "blitz"
    assert body["timeControl"] == {"type": "clock", "limit": 180, "increment": 2,
                                   "show": "3+2"}
    assert body["perf"]["name"] == "Blitz"


def test_a_json_challenge_with_a_clock_is_accepted_and_streams_the_clock(alice, bob):
    made = bearer_client(alice).post("/api/challenge/bob",
                                     {"clock.limit": 60, "clock.increment": 0,
                                      "color": "white"}, format="json").json()
    assert made["timeControl"]["show"] == "1+0" and made["speed"] == "bullet"
    as_bob = bearer_client(bob)
    assert as_bob.post(f"/api/challenge/{made['id']}/accept").status_code == 200
    game = Game.objects.get(public_id=made["id"])
    from botapi import selectors

    full = selectors.game_full_json(game)
    assert full["speed"] == "bullet"
    assert full["clock"] == {"initial": 60_000, "increment": 0}
    state = full["state"]
    assert (state["wtime"], state["btime"], state["winc"], state["binc"]) == (
        60_000, 60_000, 0, 0)
    assert state["clock"] == {"limit": 60, "increment": 0, "white": 60_000, "black": 60_000,
                              "running": None}


def test_the_players_ratings_are_those_of_the_game_s_speed(alice, bob):
    from ratings.models import Rating

    Rating.objects.create(user=alice, variant="raumschach", speed="bullet", rating=1811.0)
    Rating.objects.create(user=alice, variant="raumschach", rating=1402.0)  # correspondence
    made = bearer_client(alice).post("/api/challenge/bob", {"clock.limit": 60,
                                                            "color": "white"},
                                     format="json").json()
    assert made["challenger"]["rating"] == 1811
    assert bearer_client(bob).post(f"/api/challenge/{made['id']}/accept").status_code == 200
    from botapi import selectors

    full = selectors.game_full_json(Game.objects.get(public_id=made["id"]))
    assert full["white"]["rating"] == 1811
