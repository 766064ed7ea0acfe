"""A move event carries the legal moves of the side to move, the same list a fresh GET of the
game returns, so a client never needs to read the game again after a move (only on reconnect).
Moves sent over the socket and the mating move (no legal moves left) included."""
import pytest

from tests.realtime.sockets import connected, db, receive, receive_state
from tests.site_fixtures import MATE_IN_ONE_FEN, MATE_IN_ONE_MOVE, make_game, token_client

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("layer")]


def fresh_get(user, game_id: str) -> dict:
    response = token_client(user).get(f"/api/v1/games/{game_id}/")
    assert response.status_code == 200, response.content
    return response.json()


async def test_each_socket_move_event_lists_what_a_fresh_get_lists(game, alice, bob):
    white = await connected(f"/ws/games/{game.public_id}/", user=alice)
    black = await connected(f"/ws/games/{game.public_id}/", user=bob)
    state = await receive_state(white)
    await receive_state(black)
    players = {0: (white, alice), 1: (black, bob)}
    legal = state["legal_moves"]
    for ply, coord in enumerate(("Bb2Cb2", "Db4Cb4", "Ab1Ac3", "Eb5Ec3")):
        assert coord in legal
        socket, user = players[ply % 2]
        await socket.send_json_to({"type": "move", "move": coord, "ply": ply})
        event = await receive(black if socket is white else white)
        await receive(socket)  # the mover hears its move too
        fresh = await db(fresh_get)(user, game.public_id)
        assert event["ply"] == fresh["ply"] == ply + 1
        assert event["legal_moves"] == fresh["legal_moves"] and event["legal_moves"]
        legal = event["legal_moves"]
    await white.disconnect()
    await black.disconnect()


async def test_the_mating_move_event_lists_no_legal_moves(alice, bob):
    game = await db(make_game)(alice, bob, fen=MATE_IN_ONE_FEN)
    watcher = await connected(f"/ws/games/{game.public_id}/", user=bob)
    await receive_state(watcher)
    response = await db(lambda: token_client(alice).post(
        f"/api/v1/games/{game.public_id}/moves/", {"move": MATE_IN_ONE_MOVE, "ply": 0},
        format="json"))()
    assert response.status_code == 201
    event = await receive(watcher)
    assert event["type"] == "move"
    assert event["legal_moves"] == (await db(fresh_get)(bob, game.public_id))["legal_moves"] == []
    await watcher.disconnect()
