"""Both NDJSON streams wait through one loop (`Subscription.messages`): a message as it comes,
a keep-alive after every quiet interval, and every third quiet interval the stream's slot under
the per-account cap is refreshed, so a long-lived quiet stream keeps its place; a stream ends
when a newer one of its token and target replaced it."""
from contextlib import aclosing

import pytest

from botapi import services, streams

# The refresh runs through database_sync_to_async, which tidies the thread's connections.
pytestmark = pytest.mark.django_db


async def test_quiet_intervals_are_keep_alives_and_every_third_refreshes_the_slot(settings,
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
    assert refreshed == [slot, slot]


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


async def test_a_stream_whose_slot_was_taken_over_ends_at_its_next_refresh(settings,
                                                                          monkeypatch):
    settings.BOTAPI_KEEPALIVE_SECONDS = 0.01
    monkeypatch.setattr(services, "stream_slot_refresh", lambda slot: False)
    sub = streams.Subscription([], services.StreamSlot("me", ("t", "a"), "group"))
    async with aclosing(sub.messages()) as messages:
        seen = [message async for message in messages]
    assert seen == [None] * streams.REFRESH_EVERY
