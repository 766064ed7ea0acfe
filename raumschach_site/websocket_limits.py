"""Websocket frames and messages over WEBSOCKET_MAX_MESSAGE_BYTES are refused with the close
code 1009 (message too big, RFC 6455), so a client learns why it was cut off.

Daphne gives autobahn a 1 MB limit, and autobahn "fails" a connection that passes it by
dropping the TCP connection (its failByDrop option, on by default): the probe's 2 MB frame
closed the connection with no close code at all. Daphne's command line sets neither, so the
options are set on its websocket factory when the server configures it."""
from __future__ import annotations

from django.conf import settings


def install() -> None:
    """Make every Daphne server started in this process close oversized messages with 1009."""
    try:
        from daphne.ws_protocol import WebSocketFactory
    except ImportError:  # not served by Daphne (e.g. a test client): nothing to configure
        return
    if getattr(WebSocketFactory, "_rs_limits_installed", False):
        return
    original = WebSocketFactory.setProtocolOptions

    def set_protocol_options(self, *args, **kwargs):
        limit = settings.WEBSOCKET_MAX_MESSAGE_BYTES
        kwargs["maxMessagePayloadSize"] = limit
        kwargs["maxFramePayloadSize"] = limit
        kwargs["failByDrop"] = False  # close with the code (1009) instead of dropping TCP
        return original(self, *args, **kwargs)

    WebSocketFactory.setProtocolOptions = set_protocol_options
    WebSocketFactory._rs_limits_installed = True
