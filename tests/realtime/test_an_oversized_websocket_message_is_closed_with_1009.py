"""A websocket message over WEBSOCKET_MAX_MESSAGE_BYTES closes the connection with the close
code 1009, "message too big" (issue 24, finding 7: the probe's 2 MB frame dropped the TCP
connection with no close code). A message under the limit but over the consumers' 4096
characters is answered with an error and the connection stays open. A real Daphne process."""
from __future__ import annotations

import asyncio
import json

import pytest
import websockets

from tests.realtime.embedded import migrated_database, sign_up, start_embedded

pytestmark = [pytest.mark.live_server_process, pytest.mark.slow]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    directory = tmp_path_factory.mktemp("ws1009")
    database = migrated_database(directory, tmp_path_factory.getbasetemp())
    server = start_embedded(directory / "daphne.log", database)
    yield server
    server.stop()


async def _close_code_after(server, token: str, payload: str) -> tuple[int | None, list[dict]]:
    heard: list[dict] = []
    async with websockets.connect(f"{server.ws}/ws/notifications/", max_size=None,
                                  additional_headers={"Authorization": f"Token {token}"}) as ws:
        await ws.send(payload)
        try:
            while True:
                heard.append(json.loads(await asyncio.wait_for(ws.recv(), 10)))
                if heard[-1].get("type") == "error":
                    return None, heard
        except websockets.ConnectionClosed as closed:
            return (closed.rcvd.code if closed.rcvd else None), heard


def test_a_2_mb_message_is_closed_with_1009(server):
    token = sign_up(server, "bigsender")
    code, _ = asyncio.run(_close_code_after(server, token, "x" * (2 * 1024 * 1024)))
    assert code == 1009


def test_a_message_under_the_limit_is_answered_with_an_error(server):
    token = sign_up(server, "chatty")
    code, heard = asyncio.run(_close_code_after(server, token, "x" * 10_000))
    assert code is None and heard[-1]["type"] == "error"
