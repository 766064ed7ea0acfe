"""A socket on the game hears the analysis under way: queued, running with its progress
("3/3" at the end), done; the events carry no evaluation."""
import asyncio

import pytest

from core import background
from tests.realtime.sockets import connected, db, receive_state
from tests.site_fixtures import make_user, token_client

from .conftest import queen_blunder_game

pytestmark = pytest.mark.django_db(transaction=True)


def request_analysis(game, user):
    return token_client(user).post(f"/api/v1/games/{game.public_id}/analysis/").status_code


async def test_the_game_socket_hears_queued_running_and_done():
    alice, bob = await db(make_user)("alice"), await db(make_user)("bob")
    game = await db(queen_blunder_game)(alice, bob)
    socket = await connected(f"/ws/games/{game.public_id}/", user=bob)
    await receive_state(socket)
    assert await db(request_analysis)(game, alice) == 202
    seen = []
    while not seen or seen[-1]["status"] not in ("done", "failed"):
        event = await socket.receive_json_from(timeout=60)
        if event["type"] == "analysis":
            seen.append(event)
    # Waited for off the event loop: the job's last step runs on it.
    assert await asyncio.to_thread(background.wait_until_idle, 60)
    assert seen[0]["status"] == "queued" or seen[0]["status"] == "running"
    assert "running" in [e["status"] for e in seen]
    assert (seen[-1]["status"], seen[-1]["progress"], seen[-1]["total"]) == ("done", 3, 3)
    assert all(set(e) == {"type", "game", "status", "progress", "total", "variant"}
               or set(e) == {"type", "game", "status", "progress", "total"} for e in seen)
    await socket.disconnect()
