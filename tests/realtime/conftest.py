"""Fixtures for the websocket tests (helpers are in tests/realtime/sockets.py).

The consumers read and write through `database_sync_to_async` in another thread, so these tests
use committed data (`django_db(transaction=True)`)."""
from __future__ import annotations

import pytest

from tests.realtime.sockets import MEMORY_LAYER, redis_layer
from tests.site_fixtures import *  # noqa: F401,F403


@pytest.fixture(params=["memory", pytest.param("redis", marks=pytest.mark.redis)])
def layer(request, settings):
    """Run the test once on each channel layer (setting CHANNEL_LAYERS resets Channels' cache,
    so every test gets a fresh layer in its own event loop)."""
    settings.CHANNEL_LAYERS = MEMORY_LAYER if request.param == "memory" else redis_layer()
    return request.param
