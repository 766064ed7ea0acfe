"""The database is the source of truth: a socket hears of a move only once its transaction has
committed, and never of one that was rolled back."""
import pytest
from django.db import transaction

from games import services
from games.models import Move
from tests.realtime.sockets import assert_silent, connected, db, receive, receive_state

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("layer")]


class Rollback(Exception):
    pass


async def test_a_rolled_back_move_is_never_announced(game, alice, bob):
    socket = await connected(f"/ws/games/{game.public_id}/", user=bob)
    await receive_state(socket)

    def play_then_roll_back():
        with transaction.atomic():
            services.game_play_move(game=game, user=alice, move="Bb2Cb2", ply=0)
            raise Rollback

    with pytest.raises(Rollback):
        await db(play_then_roll_back)()
    await assert_silent(socket)
    assert not await db(Move.objects.filter(game=game).exists)()
    await socket.disconnect()


async def test_a_move_is_announced_only_when_the_outer_transaction_commits(game, alice, bob):
    socket = await connected(f"/ws/games/{game.public_id}/", user=bob)
    await receive_state(socket)
    heard_before_commit = []

    async def listen_briefly():
        heard_before_commit.append(not await socket.receive_nothing(timeout=0.3))

    def play_inside_a_longer_transaction():
        with transaction.atomic():
            services.game_play_move(game=game, user=alice, move="Bb2Cb2", ply=0)
            # Still uncommitted: wait here while the socket listens.
            from asgiref.sync import async_to_sync
            async_to_sync(listen_briefly)()

    await db(play_inside_a_longer_transaction)()
    assert heard_before_commit == [False]
    assert (await receive(socket))["ply"] == 1  # announced after the commit
    await socket.disconnect()
