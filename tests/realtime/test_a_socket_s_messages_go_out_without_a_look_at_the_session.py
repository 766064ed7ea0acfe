"""The sockets' session middleware (games.realtime.auth) passes every websocket message
straight on: Channels' wrapper saves a session only on HTTP message types, so its look at the
lazy session before each frame sent (every move event, every ping) was for nothing. Anything
else still goes through Channels' own send."""
import pytest
from channels.sessions import InstanceSessionWrapper

from games.realtime.auth import _SocketSessionWrapper


class Untouchable:
    def __getattr__(self, name):
        raise AssertionError(f"the session was looked at: {name}")


def test_channels_saves_sessions_on_http_messages_only():
    # The premise: were a websocket message type ever to save the session, the pass-through
    # below would skip that save.
    types = (set(InstanceSessionWrapper.save_message_types)
             | set(InstanceSessionWrapper.cookie_response_message_types))
    assert types and all(kind.startswith("http.") for kind in types)


async def test_websocket_messages_pass_without_the_session_and_http_ones_do_not():
    sent = []

    async def real_send(message):
        sent.append(message)

    wrapper = _SocketSessionWrapper({"type": "websocket", "cookies": {}}, real_send)
    wrapper.activated = True
    wrapper.scope["session"] = Untouchable()
    for message in ({"type": "websocket.accept"}, {"type": "websocket.send", "text": "{}"},
                    {"type": "websocket.close", "code": 1000}):
        await wrapper.send(message)
    assert [m["type"] for m in sent] == ["websocket.accept", "websocket.send", "websocket.close"]
    with pytest.raises(AssertionError, match="the session was looked at"):
        await wrapper.send({"type": "http.response.start", "status": 200})
