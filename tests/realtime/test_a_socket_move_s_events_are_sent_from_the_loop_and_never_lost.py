"""A move sent over the socket announces itself from the event loop once its database thread is
done (games.events.Outbox): the thread collects what it announces after the commit instead of
handing each announcement back to the loop. Every announcement still goes out - a move's, the
end of a game a move after the flag ended, and those of a thread whose socket went while it ran
(the thread, or the loop if the thread was done first, sends them)."""
import asyncio
import threading

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.utils import timezone

from games import events
from games.realtime import reads
from tests.clocks.helpers import live_game, move_at, ms
from tests.realtime.sockets import connected, db, receive, receive_state

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("layer")]


async def _listening(group: str) -> str:
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.group_add(group, channel)
    return channel


async def _heard(channel: str) -> list:
    layer, heard = get_channel_layer(), []
    while True:
        try:
            heard.append((await asyncio.wait_for(layer.receive(channel), 1))["data"]["n"])
        except TimeoutError:
            return heard


async def _unpinged(socket, count: int) -> list:
    """The next `count` messages but the lag pings (a live player's socket is pinged)."""
    heard = []
    while len(heard) < count:
        message = await receive(socket)
        if message["type"] != "ping":
            heard.append(message)
    return heard


def _announce(outbox: events.Outbox, numbers: range, started=None, go_on=None) -> None:
    with events.collected(outbox):
        if started is not None:
            started.set()
            go_on.wait(5)
        for n in numbers:
            events.publish_to_group("game-77", "chat", {"n": n})


async def test_a_socket_move_after_the_flag_is_refused_and_both_sockets_hear_the_end(
        alice, bob, monkeypatch):
    # Connecting would end the flagged game itself (as a read does): here the move finds it.
    monkeypatch.setattr(reads.services, "game_expire_if_due", lambda game: None)
    def flagged():
        game = live_game(alice, bob, limit=60)
        t0 = timezone.now() - ms(65)
        move_at(game, "Bb2Cb2", t0)
        move_at(game, "Dc4Dc3", t0)
        return game

    game = await db(flagged)()
    white = await connected(f"/ws/games/{game.public_id}/", user=alice)
    black = await connected(f"/ws/games/{game.public_id}/", user=bob)
    for socket in (white, black):
        await receive_state(socket)
    await white.send_json_to({"type": "move", "move": "Bc2Cc2", "ply": 2})
    heard = {"white": await _unpinged(white, 2), "black": await _unpinged(black, 1)}
    assert [m["type"] for m in heard["black"]] == ["end"]
    assert heard["black"][0]["termination"] == "timeout"
    assert sorted((m["type"], m.get("error")) for m in heard["white"]) == [
        ("end", None), ("error", "time_out")]
    await white.disconnect()
    await black.disconnect()


async def test_what_a_thread_collects_is_sent_in_order_by_the_loop():
    channel = await _listening("game-77")
    outbox = events.Outbox()
    await sync_to_async(_announce, thread_sensitive=False)(outbox, range(3))
    assert await _heard(channel) == []  # collected, not sent
    await events.send_collected(outbox)
    assert await _heard(channel) == [0, 1, 2]


async def test_a_thread_whose_loop_stopped_waiting_sends_what_it_collects_itself():
    channel = await _listening("game-77")
    outbox = events.Outbox()
    started, go_on = threading.Event(), threading.Event()
    thread = asyncio.ensure_future(
        sync_to_async(_announce, thread_sensitive=False)(outbox, range(2), started, go_on))
    await asyncio.to_thread(started.wait, 5)
    outbox.abandon()  # the socket's task was cancelled while the move ran
    go_on.set()
    await thread
    assert await _heard(channel) == [0, 1]


async def test_a_loop_that_stops_waiting_after_the_thread_is_done_sends_it():
    channel = await _listening("game-77")
    outbox = events.Outbox()
    await sync_to_async(_announce, thread_sensitive=False)(outbox, range(2))
    outbox.abandon()
    assert await _heard(channel) == [0, 1]
