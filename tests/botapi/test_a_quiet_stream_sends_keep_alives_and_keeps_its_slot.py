"""Both NDJSON streams wait through one loop (`Subscription.messages`): a message as it comes,
a keep-alive after every quiet interval, and every third quiet interval the stream's slot under
the per-account cap is refreshed, so a long-lived quiet stream keeps its place."""
from contextlib import aclosing

import pytest

from botapi import services, streams

# The refresh runs through database_sync_to_async, which tidies the thread's connections.
pytestmark = pytest.mark.django_db


async def test_quiet_intervals_are_keep_alives_and_every_third_refreshes_the_slot(settings,
                                                                                  monkeypatch):
    settings.BOTAPI_KEEPALIVE_SECONDS = 0.01
    refreshed: list[list[str]] = []
    monkeypatch.setattr(services, "stream_slot_refresh", lambda keys: refreshed.append(keys))
    sub = streams.Subscription([])  # not entered: the test feeds its queue itself
    sub.queue.put_nowait({"event": "first"})
    seen = []
    async with aclosing(sub.messages(["slot-key"])) as messages:
        async for message in messages:
            seen.append(message)
            if len(seen) == 8:
                break
    assert seen == [{"event": "first"}] + [None] * 7
    # Six quiet intervals were waited through (the seventh keep-alive is the last line read).
    assert refreshed == [["slot-key"], ["slot-key"]]
