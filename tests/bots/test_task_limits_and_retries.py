"""The Celery task: queued with its level's time limits, retried on database errors, and
answering quickly when the soft time limit interrupts a search."""
from unittest import mock

from celery.exceptions import SoftTimeLimitExceeded
from django.db import OperationalError
from engine.search import LEVELS

from bots import budget, queueing, tasks
from bots.services import BotMoveOutcome


def test_each_level_is_queued_with_limits_above_its_thinking_time():
    for level, cfg in LEVELS.items():
        with mock.patch.object(tasks.play_bot_move, "apply_async") as apply_async:
            queueing.queue_bot_move(42, level=level)
        options = apply_async.call_args.kwargs
        assert options["args"] == (42,)
        thinking = cfg.movetime or 0
        assert thinking < options["soft_time_limit"] < options["time_limit"]


def test_the_task_default_covers_the_level_with_the_longest_limit():
    longest = max(budget.time_limits(level).hard for level in LEVELS)
    assert tasks.play_bot_move.time_limit == longest == budget.longest_time_limits().hard
    assert budget.time_limits(5).hard > budget.time_limits(4).hard  # Master thinks 30 s, not 5


def test_the_task_is_acked_late_and_requeued_if_its_worker_dies():
    task = tasks.play_bot_move
    assert task.acks_late and task.reject_on_worker_lost
    assert OperationalError in task.autoretry_for


def test_a_database_error_is_retried():
    played = BotMoveOutcome("played", 42)
    with mock.patch("bots.services.bot_move_play",
                    side_effect=[OperationalError("server closed the connection"), played]) as run:
        result = tasks.play_bot_move.apply(args=(42,))  # eager: retries run at once, no backoff
    assert (result.state, result.result, run.call_count) == ("SUCCESS", "played", 2)


def test_a_database_that_stays_down_fails_the_task_after_the_last_retry():
    with mock.patch("bots.services.bot_move_play",
                    side_effect=OperationalError("could not connect")) as run:
        result = tasks.play_bot_move.apply(args=(42,))
    assert result.state == "FAILURE" and isinstance(result.result, OperationalError)
    assert run.call_count == 1 + tasks.play_bot_move.max_retries


def test_a_search_cut_short_by_the_soft_limit_is_replaced_by_a_quick_one():
    calls = []

    def bot_move_play(**kwargs):
        calls.append(kwargs)
        if len(calls) == 1:
            raise SoftTimeLimitExceeded()
        return BotMoveOutcome("played", 42)

    with mock.patch("bots.services.bot_move_play", side_effect=bot_move_play):
        result = tasks.play_bot_move.apply(args=(42,), task_id="t-1").get()
    assert result == "played"
    assert [c.get("movetime") for c in calls] == [None, budget.HURRY_MOVETIME]
    assert {c["job_id"] for c in calls} == {"t-1"}
