"""A player's conditional moves are theirs alone: the opponent and spectators never read them
(REST, game state, game socket, notification socket); only the owner is told when one of
their lines is dropped."""
import json

import pytest

from tests.conditionals.conftest import move, plan
from tests.realtime.sockets import assert_silent, connected, db, receive, receive_state
from tests.site_fixtures import assert_error, make_user, token_client

pytestmark = pytest.mark.django_db


def test_the_opponent_reads_only_their_own_lines_and_a_spectator_none(started, as_alice,
                                                                       as_bob, as_carol):
    plan(as_alice, started, ["Db4Db3", "Bc2Bc3"])
    url = f"/api/v1/games/{started.public_id}/conditional-moves/"
    assert as_alice.get(url).json()["lines"] == [
        {"ply": 1, "moves": ["Db4Db3", "Bc2Bc3"], "san": ["Db4-Db3", "Bc2-Bc3"]}]
    assert as_bob.get(url).json()["lines"] == []
    assert_error(as_carol.get(url), 403, "not_a_player")
    for client in (as_bob, as_carol):
        state = client.get(f"/api/v1/games/{started.public_id}/").content.decode()
        assert "Bc2Bc3" not in state and "conditional" not in state


def test_the_opponent_clearing_their_lines_leaves_the_owners(started, as_alice, as_bob):
    plan(as_alice, started, ["Db4Db3", "Bc2Bc3"])
    assert as_bob.delete(f"/api/v1/games/{started.public_id}/conditional-moves/").status_code == 204
    url = f"/api/v1/games/{started.public_id}/conditional-moves/"
    assert len(as_alice.get(url).json()["lines"]) == 1


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("layer")
async def test_over_sockets_only_the_owner_hears_of_a_dropped_line(started, alice, bob):
    carol = await db(make_user)("carol")
    await db(lambda: plan(token_client(alice), started, ["Db4Db3", "Bc2Bc3"]))()
    game_sockets = {}
    for user in (alice, bob, carol):
        game_sockets[user.username] = await connected(f"/ws/games/{started.public_id}/", user=user)
        await receive_state(game_sockets[user.username])
    notes = {}
    for user in (alice, bob):
        notes[user.username] = await connected("/ws/notifications/", user=user)

    await db(lambda: move(token_client(bob), started, "Dd4Dd3", 1))()  # not alice's plan

    dropped = None
    while dropped is None:  # alice also hears "your_turn"; order among notes is not promised
        note = await receive(notes["alice"])
        if note["type"] == "conditional_dropped":
            dropped = note
    assert dropped["game"] == started.public_id and dropped["moves"] == ["Db4Db3", "Bc2Bc3"]
    assert "Dd4Dd3" in dropped["reason"]
    heard_by_others = []
    for socket in (*game_sockets.values(), notes["bob"]):
        while not await socket.receive_nothing(timeout=0.3, interval=0.02):
            heard_by_others.append(await receive(socket))
    # (Move events list the legal moves, so alice's planned reply may appear there as a legal
    # move; what must never appear is her plan itself.)
    assert "conditional" not in json.dumps(heard_by_others)
    assert not any("reason" in m or "moves" in m for m in heard_by_others)
    # The game sockets heard the move itself, and nothing else.
    assert [m["type"] for m in heard_by_others] == ["move", "move", "move"]
    for socket in (*game_sockets.values(), *notes.values()):
        await assert_silent(socket)
        await socket.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("layer")
async def test_only_the_owner_hears_that_a_planned_reply_was_played(started, alice, bob):
    await db(lambda: plan(token_client(alice), started, ["Db4Db3", "Bc2Bc3"]))()
    notes = {user.username: await connected("/ws/notifications/", user=user)
             for user in (alice, bob)}

    await db(lambda: move(token_client(bob), started, "Db4Db3", 1))()

    heard = {name: [] for name in notes}
    for name, socket in notes.items():
        while not await socket.receive_nothing(timeout=0.3, interval=0.02):
            heard[name].append(await receive(socket))
    played = [n for n in heard["alice"] if n["type"] == "conditional_played"]
    assert played == [{"type": "conditional_played", "game": started.public_id,
                       "variant": {"key": "raumschach", "name": "Raumschach"}, "ply": 3,
                       "move": "Bc2Bc3", "san": "Bc2-Bc3"}]
    # bob hears that it is his turn again, with alice's reply, and nothing of her plan.
    assert [n["type"] for n in heard["bob"]] == ["your_turn"]
    assert heard["bob"][0]["move"] == "Bc2Bc3"
    for socket in notes.values():
        await socket.disconnect()
