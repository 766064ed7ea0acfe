"""Two deliveries of a bot move for the same ply, running at the same time in two processes of a
real Celery worker (what a duplicate hook call or a broker re-delivery looks like): only one
searches, the other sees the claim and stops, and exactly one move is stored."""
import re

import pytest
from django.db import connection

from bots import queueing, tasks
from bots.models import Bot
from games import services
from games.models import Game, Move
from tests.bots.workers import Worker, purge_bot_queue, wait_until
from tests.site_fixtures import make_user

pytestmark = [
    pytest.mark.celery, pytest.mark.redis, pytest.mark.postgres, pytest.mark.slow,
    pytest.mark.django_db(transaction=True),
]

HARD = 3  # searches for a second or more: the second delivery arrives mid-search
REPLY = 90  # seconds; bounds a failure only


@pytest.fixture
def worker(tmp_path):
    assert connection.vendor == "postgresql"
    purge_bot_queue()
    worker = Worker(tmp_path / "worker.log", concurrency=2)
    yield worker
    worker.stop()


def test_a_second_delivery_for_the_same_ply_does_not_search_it_again(worker):
    alice = make_user("alice")
    game = Game.objects.create(white=alice, black=Bot.objects.get(level=HARD).user)
    services.game_play_move(game=game, user=alice, move="Bb2Cb2", ply=0)  # queues task 1
    queueing.queue_bot_move(game.pk, level=HARD)  # task 2, same game and ply

    assert wait_until(lambda: Game.objects.get(pk=game.pk).ply == 2, timeout=REPLY)
    worker.wait_for_log(rf"game {game.pk} at ply 1 skipped: another job is searching it",
                        timeout=REPLY)
    log = worker.log()
    assert len(re.findall(rf"searching game {game.pk} at ply 1 ", log)) == 1
    assert list(Move.objects.filter(game=game).values_list("ply", flat=True)) == [1, 2]
