"""Issue 38, finding 8: invalid data a fuzz found accepted. The attackers of a cell on no board
(Star Trek's `Ee5`, an attack board's cell when no attack board stands on its pin) answered 200
with empty lists where the docs promise 400 `bad_cell`; `?player=` (empty) was read as no
filter; a Bot API chat line without `room` went to the players' room; `POST /api/challenge/ai`
with no body started a game (lichess requires the room and the level)."""
from __future__ import annotations

import pytest

from games.models import Challenge, Game
from tests.botapi.conftest import bearer_client
from tests.site_fixtures import accepted_challenge_game, assert_error, db_snapshot, make_game

pytestmark = pytest.mark.django_db


def test_the_attackers_of_a_cell_on_no_board_are_a_bad_cell(alice, bob, anon):
    game = accepted_challenge_game(alice, bob, "startrek")
    url = f"/api/v1/games/{game.public_id}/attackers/"
    assert_error(anon.get(url, {"cell": "Ee5"}), 400, "bad_cell")
    served = anon.get(url, {"cell": "Ba1"})  # a cell of a main board
    assert served.status_code == 200, served.content
    assert set(served.json()) >= {"white", "black"}


@pytest.mark.parametrize("query", ["player=", "opponent=", "player=alice&opponent="])
def test_an_empty_player_filter_is_refused(alice, bob, anon, query):
    make_game(alice, bob)
    assert_error(anon.get(f"/api/v1/games/?{query}"), 400, "invalid")


def test_a_bot_api_chat_line_needs_its_room(alice, bob):
    game = make_game(alice, bob)
    client = bearer_client(alice)
    before = db_snapshot()
    refused = client.post(f"/api/board/game/{game.public_id}/chat", {"text": "hi"})
    assert refused.status_code == 400 and refused.json()["code"] == "room"
    assert db_snapshot() == before
    said = client.post(f"/api/board/game/{game.public_id}/chat", {"room": "player", "text": "hi"})
    assert said.json() == {"ok": True}


@pytest.mark.parametrize("body", [None, {}, {"level": ""}, {"color": "white"}])
def test_a_challenge_of_the_ai_needs_its_level(alice, built_in_bots, body):
    client = bearer_client(alice)
    response = client.post("/api/challenge/ai", body) if body is not None else client.post(
        "/api/challenge/ai")
    assert response.status_code == 400, response.content
    assert response.json()["code"] == "level"
    assert not Game.objects.exists() and not Challenge.objects.exists()
    started = client.post("/api/challenge/ai", {"level": "1"})
    assert started.status_code == 201, started.content
