"""Every logged-in notification socket hears the lobby change: a seek posted, taken or
cancelled (the home page re-reads its lobby on each)."""
import pytest

from games import services
from tests.realtime.conftest import layer  # noqa: F401  (the channel layer per test)
from tests.realtime.sockets import assert_silent, connected, db, receive

RAUMSCHACH = {"key": "raumschach", "name": "Raumschach"}

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("layer")]


async def test_a_seek_posted_and_taken_reaches_everyone(alice, bob, carol):
    sockets = [await connected("/ws/notifications/", user=u) for u in (alice, bob, carol)]
    seek = await db(services.challenge_create)(challenger=alice, opponent=None, color="white",
                                               days_per_move=3, public=True)
    for socket in sockets:
        assert await receive(socket) == {"type": "lobby", "challenge": seek.pk, "change": "new",
                                         "variant": RAUMSCHACH}
    await db(services.challenge_accept)(challenge=seek, user=bob)
    # carol, a bystander, hears only that the seek is gone from the lobby.
    assert await receive(sockets[2]) == {"type": "lobby", "challenge": seek.pk,
                                         "change": "taken", "variant": RAUMSCHACH}
    await assert_silent(sockets[2])
    for socket in sockets:
        await socket.disconnect()


async def test_an_open_link_challenge_is_not_announced(alice, bob):
    socket = await connected("/ws/notifications/", user=bob)
    await db(services.challenge_create)(challenger=alice, opponent=None, color="white",
                                        days_per_move=3)
    await assert_silent(socket)
    await socket.disconnect()
