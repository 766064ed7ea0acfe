"""Refused Bot/Board API requests: lichess's status, a JSON `{"error": message, "code"}` body,
and nothing changed."""
from __future__ import annotations

import pytest

from games.models import Game
from tests.botapi.conftest import bearer_client
from tests.site_fixtures import db_snapshot, make_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def robo_v_alice(robo, alice) -> Game:
    return make_game(robo, alice)  # robo (a bot) White, alice Black


def refused(response, status: int, code: str) -> dict:
    assert response.status_code == status, (response.status_code, response.content[:300])
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert body["code"] == code and isinstance(body["error"], str) and body["error"]
    return body


@pytest.mark.parametrize("path, status, code", [
    ("move/Bb2Bb5", 400, "illegal_move"),
    ("move/Zz9", 400, "unknown_cell"),  # no cube cell: named
])
def test_a_bad_move_is_refused(as_robo, robo_v_alice, path, status, code):
    before = db_snapshot()
    refused(as_robo.post(f"/api/bot/game/{robo_v_alice.public_id}/{path}"), status, code)
    assert db_snapshot() == before


def test_a_move_out_of_turn_is_refused(robo_v_alice, alice):
    client = bearer_client(alice)
    before = db_snapshot()
    refused(client.post(f"/api/board/game/{robo_v_alice.public_id}/move/Db4Cb4"), 400, "not_your_turn")
    assert db_snapshot() == before


# The stream views read through database_sync_to_async, which closes a connection held in a
# test transaction (on PostgreSQL): tests that open streams commit for real.
@pytest.mark.django_db(transaction=True)
def test_a_bot_path_with_a_human_token_is_refused(robo_v_alice, alice):
    client = bearer_client(alice)
    before = db_snapshot()
    refused(client.post(f"/api/bot/game/{robo_v_alice.public_id}/resign"), 400, "not_a_bot")
    refused(client.get(f"/api/bot/game/stream/{robo_v_alice.public_id}"), 400, "not_a_bot")
    assert db_snapshot() == before


def test_a_board_path_with_a_bot_token_is_refused(as_robo, robo_v_alice):
    before = db_snapshot()
    refused(as_robo.post(f"/api/board/game/{robo_v_alice.public_id}/move/Bb2Cb2"), 400, "bot_account")
    assert db_snapshot() == before


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("game_id", ["999999", "abc", "99999999999999999999999"])
def test_an_unknown_game_is_a_404(as_robo, game_id):
    refused(as_robo.post(f"/api/bot/game/{game_id}/move/Bb2Cb2"), 404, "not_found")
    refused(as_robo.get(f"/api/bot/game/stream/{game_id}"), 404, "not_found")


def test_someone_elses_game_is_refused(as_robo, alice, bob):
    game = make_game(alice, bob)
    before = db_snapshot()
    refused(as_robo.post(f"/api/bot/game/{game.public_id}/resign"), 400, "not_a_player")
    assert db_snapshot() == before


def test_a_finished_game_refuses_moves(as_robo, robo_v_alice):
    assert as_robo.post(f"/api/bot/game/{robo_v_alice.public_id}/resign").json() == {"ok": True}
    before = db_snapshot()
    refused(as_robo.post(f"/api/bot/game/{robo_v_alice.public_id}/move/Bb2Cb2"), 400, "game_over")
    assert db_snapshot() == before


@pytest.mark.parametrize("body, code", [
    ({"rated": "maybe"}, "invalid"),
    ({"variant": "standard"}, "unknown_variant"),
    ({"variant": "raumschach", "fen": "8/8/8/8/8/8/8/8 w - - 0 1"}, "bad_position"),
    ({"clock.limit": 5, "clock.increment": 2}, "invalid_clock"),
    ({"clock.limit": 300, "clock.increment": 2, "days": 3}, "invalid_clock"),
    ({"clock.limit": "five"}, "invalid_clock"),
    ({"days": 4}, "invalid"),
    ({"color": "green"}, "invalid"),
])
def test_bad_challenges_are_refused(as_robo, alice, body, code):
    before = db_snapshot()
    refused(as_robo.post("/api/challenge/alice", body, format="json"), 400, code)
    assert db_snapshot() == before


def test_a_challenge_to_nobody_is_a_404(as_robo):
    refused(as_robo.post("/api/challenge/nobody-here"), 404, "not_found")


def test_too_many_actions_are_429_with_a_body(as_robo, robo_v_alice, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "botapi_action": (2, 60)}
    for _ in range(2):
        as_robo.post(f"/api/bot/game/{robo_v_alice.public_id}/move/Zz9")
    response = as_robo.post(f"/api/bot/game/{robo_v_alice.public_id}/move/Bb2Cb2")
    refused(response, 429, "rate_limited")
    assert int(response["Retry-After"]) > 0
    assert Game.objects.get(pk=robo_v_alice.pk).ply == 0


def test_bad_chat_lines_are_refused(as_robo, robo_v_alice, alice, bob):
    from chat.models import ChatMessage

    game = robo_v_alice.public_id
    as_bob = bearer_client(bob)
    before = db_snapshot()
    refused(as_robo.post(f"/api/bot/game/{game}/chat", {"room": "player", "text": ""}), 400,
            "invalid_chat_text")
    refused(as_robo.post(f"/api/bot/game/{game}/chat", {"room": "lobby", "text": "hi"}),
            400, "room")  # lichess's rooms are player and spectator
    refused(as_robo.post(f"/api/bot/game/{game}/chat", {"room": "spectator", "text": ""}),
            400, "invalid_chat_text")
    refused(as_bob.post(f"/api/board/game/{game}/chat", {"room": "spectator", "text": "hi"}),
            400, "not_a_player")
    refused(as_bob.post(f"/api/board/game/{game}/chat", {"text": "hi"}), 400, "not_a_player")
    # lichess requires the room (issue 38): a line without one lands in no room
    refused(as_robo.post(f"/api/bot/game/{game}/chat", {"text": "hi"}), 400, "room")
    assert db_snapshot() == before
    assert not ChatMessage.objects.exists()
