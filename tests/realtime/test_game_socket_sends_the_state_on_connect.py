"""On connect a game socket sends the full game state, the same as the REST game detail."""
import pytest

from tests.realtime.sockets import assert_closed_with, connected, db, receive, receive_state
from tests.site_fixtures import play, token_client

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("layer")]


def rest_detail(user, game_id: str) -> dict:
    response = token_client(user).get(f"/api/v1/games/{game_id}/")
    assert response.status_code == 200
    return response.json()


async def test_a_player_gets_the_same_state_as_the_rest_game_detail(game, alice):
    await db(play)(game, "Bb2Cb2", "Db4Cb4")
    socket = await connected(f"/ws/games/{game.public_id}/", user=alice)
    state = await receive_state(socket)
    assert state == await db(rest_detail)(alice, game.public_id)
    assert state["ply"] == 2 and [m["move"] for m in state["moves"]] == ["Bb2Cb2", "Db4Cb4"]
    assert state["your_color"] == "white" and state["legal_moves"]
    await socket.disconnect()


async def test_a_logged_in_non_player_may_watch(game, carol):
    socket = await connected(f"/ws/games/{game.public_id}/", user=carol)
    state = await receive_state(socket)
    assert state["id"] == game.public_id and state["your_color"] is None
    await socket.disconnect()


async def test_an_unknown_game_is_refused_with_an_error_and_a_4404_close(alice):
    socket = await connected("/ws/games/NoSuchG1/", user=alice)
    assert await receive(socket) == {"type": "error", "error": "not_found",
                                     "detail": "No such game."}
    await assert_closed_with(socket, 4404)


async def test_an_old_integer_id_is_refused_with_a_hint_and_a_4404_close(game, alice):
    # A socket cannot be redirected: the old integer id of a real game is refused, saying how
    # games are named now.
    socket = await connected(f"/ws/games/{game.pk}/", user=alice)
    refused = await receive(socket)
    assert refused["type"] == "error" and refused["error"] == "not_found"
    assert "public id" in refused["detail"]
    await assert_closed_with(socket, 4404)


async def test_a_malformed_since_is_refused_with_an_error_and_a_4400_close(game, alice):
    socket = await connected(f"/ws/games/{game.public_id}/?since=-1", user=alice)
    message = await receive(socket)
    assert (message["type"], message["error"]) == ("error", "invalid")
    await assert_closed_with(socket, 4400)
