"""Both NDJSON streams wait through one loop (`Subscription.messages`): a message as it comes,
a keep-alive after every quiet interval; the stream's slot under the per-account cap is
refreshed at every keep-alive and, while messages keep coming, once a keep-alive interval, so
an open stream keeps its place, busy or quiet; a lapsed slot is taken again; a stream ends when
a newer one of its token and target replaced it."""
import asyncio
from contextlib import aclosing

import pytest

from botapi import services, streams

# The refresh runs through database_sync_to_async, which tidies the thread's connections.
pytestmark = pytest.mark.django_db


async def test_quiet_intervals_are_keep_alives_and_each_refreshes_the_slot(settings,
                                                                          monkeypatch):
    settings.BOTAPI_KEEPALIVE_SECONDS = 0.01
    refreshed: list[services.StreamSlot] = []
    monkeypatch.setattr(services, "stream_slot_refresh",
                        lambda slot: refreshed.append(slot) or True)
    slot = services.StreamSlot("me", ("token-key", "account-key"), "group")
    sub = streams.Subscription([], slot)  # not entered: the test feeds its queue itself
    sub.queue.put_nowait({"event": "first"})
    seen = []
    async with aclosing(sub.messages()) as messages:
        async for message in messages:
            seen.append(message)
            if len(seen) == 8:
                break
    assert seen == [{"event": "first"}] + [None] * 7
    # Six quiet intervals were waited through (the seventh keep-alive is the last line read).
    assert refreshed == [slot] * 6


async def test_a_busy_stream_refreshes_its_slot_while_messages_keep_coming(settings,
                                                                           monkeypatch):
    """Messages closer together than a keep-alive interval, for several intervals: no quiet
    interval at all, yet the slot is refreshed (it lapsed before, and the stream ended in the
    first pause after a busy spell)."""
    settings.BOTAPI_KEEPALIVE_SECONDS = 0.05
    refreshed: list[services.StreamSlot] = []
    monkeypatch.setattr(services, "stream_slot_refresh",
                        lambda slot: refreshed.append(slot) or True)
    slot = services.StreamSlot("me", ("token-key", "account-key"), "group")
    sub = streams.Subscription([], slot)

    async def feed() -> None:
        for index in range(40):  # ~0.4 s of messages every 0.01 s: eight intervals
            sub.queue.put_nowait({"event": index})
            await asyncio.sleep(0.01)

    feeder = asyncio.ensure_future(feed())
    seen = []
    async with aclosing(sub.messages()) as messages:
        async for message in messages:
            assert message is not None, "a quiet interval in a busy stream"
            seen.append(message)
            if len(seen) == 40:
                break
    await feeder
    assert len(refreshed) >= 3, refreshed


def test_a_lapsed_slot_is_taken_again_and_a_replaced_one_is_not(settings):
    from django.core.cache import cache

    settings.BOTAPI_STREAM_KEY_PREFIX = "botapi-test-refresh"
    slot = services.stream_slot_acquire(user_id=1, token_id=1, what="events")
    cache.delete_many(list(slot.keys))  # lapsed, as after a stall longer than the TTL
    assert services.stream_slot_refresh(slot)
    assert set(cache.get_many(list(slot.keys))) == set(slot.keys)
    newer = services.stream_slot_acquire(user_id=1, token_id=1, what="events")
    assert not services.stream_slot_refresh(slot)
    assert services.stream_slot_refresh(newer)
    services.stream_slot_release(newer)


async def test_a_stream_replaced_by_a_newer_one_of_its_token_ends(settings, monkeypatch):
    settings.BOTAPI_KEEPALIVE_SECONDS = 0.01
    slot = services.StreamSlot("me", ("token-key", "account-key"), "group")
    sub = streams.Subscription([], slot)
    sub.queue.put_nowait({"event": "first"})
    sub.queue.put_nowait({"type": services.STOP, "stream": "me"})  # its own: ignored
    sub.queue.put_nowait({"event": "second"})
    sub.queue.put_nowait({"type": services.STOP, "stream": "newer"})
    sub.queue.put_nowait({"event": "never read"})
    async with aclosing(sub.messages()) as messages:
        seen = [message async for message in messages]
    assert seen == [{"event": "first"}, {"event": "second"}]


async def test_a_stream_whose_slot_was_taken_over_ends_at_its_next_keep_alive(settings,
                                                                          monkeypatch):
    settings.BOTAPI_KEEPALIVE_SECONDS = 0.01
    monkeypatch.setattr(services, "stream_slot_refresh", lambda slot: False)
    sub = streams.Subscription([], services.StreamSlot("me", ("t", "a"), "group"))
    async with aclosing(sub.messages()) as messages:
        seen = [message async for message in messages]
    assert seen == [None]
