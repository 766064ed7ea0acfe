"""A player may send {"type": "move", "move": ..., "ply": N} over the game socket: it goes
through the same service as the REST call; refusals come back as error messages (the REST
API's codes), change nothing, and keep the connection open."""
import json

import pytest

from games.models import Move
from tests.realtime.sockets import assert_silent, connected, db, receive, receive_state
from tests.site_fixtures import db_snapshot

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("layer")]


async def game_socket(game, user):
    socket = await connected(f"/ws/games/{game.public_id}/", user=user)
    await receive_state(socket)
    return socket


async def assert_refused(socket, message, code: str) -> None:
    before = await db(db_snapshot)()
    if isinstance(message, str):
        await socket.send_to(text_data=message)
    else:
        await socket.send_json_to(message)
    reply = await receive(socket)
    assert reply["type"] == "error" and reply["error"] == code, reply
    assert isinstance(reply["detail"], str) and reply["detail"]
    assert set(reply) == {"type", "error", "detail"}
    assert await db(db_snapshot)() == before


async def test_a_players_socket_move_is_stored_and_pushed_to_both(game, alice, bob):
    white, black = await game_socket(game, alice), await game_socket(game, bob)
    await white.send_json_to({"type": "move", "move": "Bb2Cb2", "ply": 0})
    for socket in (white, black):
        message = await receive(socket)
        assert (message["type"], message["ply"], message["move"]) == ("move", 1, "Bb2Cb2")
    stored = await db(lambda: list(Move.objects.filter(game=game).values_list("ply", "coord")))()
    assert stored == [(1, "Bb2Cb2")]
    await white.disconnect()
    await black.disconnect()


async def test_a_stale_ply_is_refused(game, alice):
    socket = await game_socket(game, alice)
    await assert_refused(socket, {"type": "move", "move": "Bb2Cb2", "ply": 3}, "stale_ply")
    await socket.disconnect()


async def test_an_illegal_move_is_refused(game, alice):
    socket = await game_socket(game, alice)
    await assert_refused(socket, {"type": "move", "move": "Bb2Db2", "ply": 0}, "illegal_move")
    await socket.disconnect()


async def test_a_malformed_move_is_refused(game, alice):
    socket = await game_socket(game, alice)
    await assert_refused(socket, {"type": "move", "move": "e2e4", "ply": 0}, "malformed_move")
    await assert_refused(socket, {"type": "move", "ply": 0}, "malformed_move")
    await assert_refused(socket, {"type": "move", "move": "Bb2Cb2", "ply": "0"}, "invalid")
    await socket.disconnect()


async def test_moving_out_of_turn_is_refused(game, bob):
    socket = await game_socket(game, bob)
    await assert_refused(socket, {"type": "move", "move": "Db2Cb2", "ply": 0}, "not_your_turn")
    await socket.disconnect()


async def test_a_watcher_cannot_move_but_stays_connected(game, alice, carol):
    watcher = await game_socket(game, carol)
    await assert_refused(watcher, {"type": "move", "move": "Bb2Cb2", "ply": 0}, "not_a_player")
    player = await game_socket(game, alice)
    await player.send_json_to({"type": "move", "move": "Bb2Cb2", "ply": 0})
    assert (await receive(watcher))["move"] == "Bb2Cb2"  # still watching
    await watcher.disconnect()
    await player.disconnect()


async def test_garbage_gets_an_error_not_a_disconnect(game, alice):
    socket = await game_socket(game, alice)
    await assert_refused(socket, "not json {", "invalid")
    await assert_refused(socket, {"type": "resign"}, "invalid")
    await assert_refused(socket, ["move"], "invalid")
    await assert_refused(socket, json.dumps({"type": "move", "move": "x" * 5000, "ply": 0}),
                         "invalid")
    await socket.send_json_to({"type": "move", "move": "Bb2Cb2", "ply": 0})
    assert (await receive(socket))["type"] == "move"  # the connection still works
    await assert_silent(socket)
    await socket.disconnect()
