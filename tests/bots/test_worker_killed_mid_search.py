"""A worker process killed while it searches (SIGKILL: no clean-up) still yields exactly one bot
move: the unacknowledged task is re-delivered with the same id, resumes its claim on the ply and
plays; the compare-and-set on the ply stores one move whatever happens.

Two real kills against a real Celery worker and Redis:
- the pool process doing the search is killed; the worker's main process re-queues the task
  (acks_late + reject_on_worker_lost) and a fresh pool process plays it;
- the whole worker is killed and started again (chaos, issue 24): its heartbeat stops, so the
  unacknowledged task is restored once the broker's visibility timeout (the deployment's own,
  15 s) has passed, and the bot answers less than 30 s after the worker is back, exactly once.
"""
import os
import re
import signal
import time

import pytest
from django.core.cache import cache

from bots.claims import claim_key
from bots.models import Bot
from games import services
from games.models import Game, Move
from tests.bots.workers import Worker, wait_until
from tests.site_fixtures import make_user

pytestmark = [
    pytest.mark.celery, pytest.mark.redis, pytest.mark.postgres, pytest.mark.slow,
    pytest.mark.django_db(transaction=True),
]

EXPERT = 4  # thinks 5 s a move: long enough to be killed mid-search
SEARCH_STARTS = 30  # seconds for the worker to pick the task up and start searching
REPLY = 90  # seconds for the re-delivered task to search and play
ANSWER_AFTER_THE_WORKER_IS_BACK = 30  # seconds (issue 24; it took 107-116 s)


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


def test_a_whole_worker_killed_mid_search_answers_within_30_s_of_its_return_once(workers):
    """With the deployment's own visibility timeout (settings): no shortening for the test."""
    first = workers()
    game = human_move_against_expert()
    searching_pid(first, game)
    task_id = cache.get(claim_key(game, 1))
    first.kill()  # main process and pool together: nobody re-queues the task
    assert Game.objects.get(pk=game.pk).ply == 1

    # The worker is back (a new process, as a restarted container): it restores the task.
    second = workers()
    back_at = time.monotonic()
    assert wait_until(lambda: Game.objects.get(pk=game.pk).ply == 2,
                      timeout=ANSWER_AFTER_THE_WORKER_IS_BACK, interval=0.25), second.log()
    answered_after = time.monotonic() - back_at
    print(f"\nbot answered {answered_after:.1f} s after its worker was back")
    assert answered_after < ANSWER_AFTER_THE_WORKER_IS_BACK
    time.sleep(3)  # a second delivery would play now
    assert list(Move.objects.filter(game=game).order_by("ply")
                .values_list("ply", flat=True)) == [1, 2]
    second.wait_for_log(rf"played \S+ in game {game.pk} at ply 1", timeout=10)
    # The same task, re-delivered, resuming its own claim on the ply.
    assert re.search(rf"play_bot_move\[{task_id}\] succeeded", second.log())
    assert len(re.findall(rf"played \S+ in game {game.pk} at ply 1", second.log())) == 1
