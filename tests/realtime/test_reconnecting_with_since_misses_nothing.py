"""A client reconnecting with ?since=<ply> gets every move after that ply, in order, before
any new event, and no move twice, even when a move is stored while it reconnects."""
import pytest

from games import services
from games.realtime import consumers, reads
from tests.realtime.sockets import assert_silent, connected, db, receive, receive_state
from tests.site_fixtures import play

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("layer")]

OPENING = ("Bb2Cb2", "Db4Cb4", "Bc2Cc2", "Dc4Cc4")


def move_plies(messages: list[dict]) -> list[int]:
    return [m["ply"] for m in messages if m["type"] == "move"]


async def test_the_moves_after_since_come_in_order_and_then_the_state(game, bob):
    await db(play)(game, *OPENING)
    socket = await connected(f"/ws/games/{game.public_id}/?since=1", user=bob)
    missed = [await receive(socket) for _ in range(3)]
    assert [(m["type"], m["ply"], m["move"]) for m in missed] == [
        ("move", 2, "Db4Cb4"), ("move", 3, "Bc2Cc2"), ("move", 4, "Dc4Cc4")]
    assert all(m["game"] == game.public_id and m["fen"] and m["san"] for m in missed)
    state = await receive_state(socket)
    assert state["ply"] == 4 and len(state["moves"]) == 4
    await assert_silent(socket)
    await socket.disconnect()


async def test_since_the_current_ply_sends_only_the_state(game, bob):
    await db(play)(game, *OPENING[:2])
    socket = await connected(f"/ws/games/{game.public_id}/?since=2", user=bob)
    assert (await receive_state(socket))["ply"] == 2
    await assert_silent(socket)
    await socket.disconnect()


async def test_a_move_stored_while_the_client_reconnects_is_sent_once(game, alice, bob,
                                                                     monkeypatch):
    """The move is stored (and announced to the group the consumer has just joined) before
    the consumer reads the database: it is in the snapshot AND on its way as an event."""
    await db(play)(game, *OPENING[:2])

    def snapshot_racing_a_move(**kwargs):
        services.game_play_move(game=game, user=alice, move="Bc2Cc2", ply=2)
        return reads.game_snapshot(**kwargs)

    monkeypatch.setattr(consumers, "snapshot_async", db(snapshot_racing_a_move))
    socket = await connected(f"/ws/games/{game.public_id}/?since=1", user=bob)
    first = [await receive(socket) for _ in range(3)]
    assert move_plies(first) == [2, 3] and first[-1]["type"] == "state"
    await assert_silent(socket)  # the event for ply 3 was dropped, not sent again

    await db(services.game_play_move)(game=game, user=bob, move="Dc4Cc4", ply=3)
    assert move_plies([await receive(socket)]) == [4]  # later moves still come through
    await socket.disconnect()


async def test_a_move_stored_after_the_snapshot_comes_as_an_event(game, alice, bob):
    await db(play)(game, *OPENING[:2])
    socket = await connected(f"/ws/games/{game.public_id}/?since=2", user=bob)
    await receive_state(socket)
    await db(services.game_play_move)(game=game, user=alice, move="Bc2Cc2", ply=2)
    assert (await receive(socket))["ply"] == 3
    await socket.disconnect()


async def test_a_game_that_ended_while_away_shows_in_the_state_and_no_end_is_repeated(
        game, alice, bob, monkeypatch):
    def snapshot_racing_a_resignation(**kwargs):
        services.game_resign(game=game, user=alice)
        return reads.game_snapshot(**kwargs)

    monkeypatch.setattr(consumers, "snapshot_async", db(snapshot_racing_a_resignation))
    socket = await connected(f"/ws/games/{game.public_id}/?since=0", user=bob)
    state = await receive_state(socket)
    assert (state["status"], state["result"], state["termination"]) == (
        "finished", "0-1", "resign")
    await assert_silent(socket)  # the racing "end" event is not sent after the state says so
    await socket.disconnect()
