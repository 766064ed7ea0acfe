"""A worker process killed while it searches (SIGKILL: no clean-up) still yields exactly one bot
move: the unacknowledged task is re-delivered with the same id, resumes its claim on the ply and
plays; the compare-and-set on the ply stores one move whatever happens.

Two real kills against a real Celery worker and Redis:
- the pool process doing the search is killed; the worker's main process re-queues the task
  (acks_late + reject_on_worker_lost) and a fresh pool process plays it;
- the whole worker is killed; a new worker restores the unacknowledged task once the broker's
  visibility timeout has passed (shortened to a few seconds for the test) and plays it.
"""
import os
import re
import signal
import time

import pytest
from django.core.cache import cache
from django.db import connection

from bots.claims import claim_key
from bots.models import Bot
from games import services
from games.models import Game, Move
from tests.bots.workers import Worker, purge_bot_queue, wait_until
from tests.site_fixtures import make_user

pytestmark = [
    pytest.mark.celery, pytest.mark.redis, pytest.mark.postgres, pytest.mark.slow,
    pytest.mark.django_db(transaction=True),
]

EXPERT = 4  # thinks 5 s a move: long enough to be killed mid-search
SEARCH_STARTS = 30  # seconds for the worker to pick the task up and start searching
REPLY = 90  # seconds for the re-delivered task to search and play
VISIBILITY_TIMEOUT = 5  # seconds; the test's broker restores unacked tasks this soon


@pytest.fixture
def workers(tmp_path):
    assert connection.vendor == "postgresql"
    purge_bot_queue()
    started: list[Worker] = []

    def start(**kwargs) -> Worker:
        worker = Worker(tmp_path / f"worker-{len(started)}.log", **kwargs)
        started.append(worker)
        return worker

    yield start
    for worker in started:
        worker.stop()


def human_move_against_expert() -> Game:
    alice = make_user("alice")
    expert = Bot.objects.get(level=EXPERT).user
    game = Game.objects.create(white=alice, black=expert)
    # Committed at once (transactional test): the on-commit hook queues the bot's task.
    services.game_play_move(game=game, user=alice, move="Bb2Cb2", ply=0)
    return game


def searching_pid(worker: Worker, game: Game) -> int:
    match = worker.wait_for_log(rf"searching game {game.pk} at ply 1 in process (\d+)",
                                timeout=SEARCH_STARTS)
    return int(match.group(1))


def assert_exactly_one_bot_move(game: Game) -> None:
    assert wait_until(lambda: Game.objects.get(pk=game.pk).ply == 2, timeout=REPLY)
    moves = list(Move.objects.filter(game=game).order_by("ply").values_list("ply", flat=True))
    assert moves == [1, 2]
    assert Game.objects.get(pk=game.pk).ply == 2


def test_a_pool_process_killed_mid_search_is_replaced_and_the_task_played_once(workers):
    worker = workers()
    game = human_move_against_expert()
    pid = searching_pid(worker, game)
    task_id = cache.get(claim_key(game, 1))
    assert task_id, "the searching task holds the claim on ply 1"
    os.kill(pid, signal.SIGKILL)  # the pool process, mid-search

    assert_exactly_one_bot_move(game)
    worker.wait_for_log(rf"played \S+ in game {game.pk} at ply 1", timeout=REPLY)
    log = worker.log()
    assert re.search(r"WorkerLostError|exited by signal 9|SIGKILL", log), log
    assert f"resumed by re-delivered job {task_id}" in log
    assert len(re.findall(rf"searching game {game.pk} at ply 1 ", log)) == 2
    assert len(re.findall(rf"played \S+ in game {game.pk} at ply 1", log)) == 1


def test_a_whole_worker_killed_mid_search_leaves_the_move_to_the_next_worker(workers):
    env = {"CELERY_VISIBILITY_TIMEOUT": str(VISIBILITY_TIMEOUT)}
    first = workers(extra_env=env)
    game = human_move_against_expert()
    searching_pid(first, game)
    task_id = cache.get(claim_key(game, 1))
    first.kill()  # main process and pool together: nobody re-queues the task
    assert Game.objects.get(pk=game.pk).ply == 1
    # A starting worker restores unacknowledged tasks older than the visibility timeout.
    time.sleep(VISIBILITY_TIMEOUT + 1)

    second = workers(extra_env=env)
    assert_exactly_one_bot_move(game)
    second.wait_for_log(rf"played \S+ in game {game.pk} at ply 1", timeout=REPLY)
    assert f"resumed by re-delivered job {task_id}" in second.log()
    assert len(re.findall(rf"played \S+ in game {game.pk} at ply 1", second.log())) == 1
