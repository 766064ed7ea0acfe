"""The Celery task that plays a bot's move (queue `bots`, see CELERY_TASK_ROUTES).

Robustness: acks_late + reject_on_worker_lost put the message back when the worker process dies
mid-search (it is re-delivered with the same task id, which resumes its claim on the ply);
database errors are retried with backoff; per-level time limits stop a search that hangs. A
re-delivered or duplicate task cannot play twice: the game service accepts one move per ply.
"""
from __future__ import annotations

import logging

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded
from django.db import InterfaceError, OperationalError
from kombu.exceptions import OperationalError as KombuOperationalError
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from . import broker_retry, services
from .budget import HURRY_MOVETIME, longest_time_limits, time_limits

logger = logging.getLogger(__name__)

# What publishing a task raises while Redis is unreachable.
BROKER_DOWN = (KombuOperationalError, RedisConnectionError, RedisTimeoutError, OSError)

_DEFAULT_LIMITS = longest_time_limits()  # when a caller queues the task without per-level limits
MAX_COUNTDOWN = 60.0  # seconds


@shared_task(
    bind=True,
    acks_late=True,
    reject_on_worker_lost=True,
    ignore_result=True,
    autoretry_for=(OperationalError, InterfaceError),
    max_retries=5,
    retry_backoff=2,  # seconds before the first retry, doubling after each
    retry_backoff_max=60,
    retry_jitter=True,
    soft_time_limit=_DEFAULT_LIMITS.soft,
    time_limit=_DEFAULT_LIMITS.hard,
)
def play_bot_move(self, game_id: int) -> str:
    try:
        return services.bot_move_play(game_id=game_id, job_id=self.request.id).status
    except SoftTimeLimitExceeded:
        # The search overran its level's budget (a starved machine): answer quickly instead.
        return services.bot_move_play(game_id=game_id, job_id=self.request.id,
                                      movetime=HURRY_MOVETIME).status


@shared_task(ignore_result=True)
def requeue_stalled_bot_moves() -> int:
    return len(services.bot_moves_requeue_stalled())


@shared_task(ignore_result=True)
def ensure_showcase() -> None:
    from .showcase import showcase_ensure

    showcase_ensure()


def queue_bot_move(game_id: int, *, level: int, delay: float = 0.0) -> None:
    """Queue the bot's move with the time limits of its level, to run `delay` seconds from now
    (the paced showcase). If the broker is down, the move is queued as soon as it is back
    (bots.broker_retry); the caller is not held up."""
    limits = time_limits(level)
    # A bounded countdown; a longer wait is put off again by the task. (The worker holding the
    # message keeps it alive in the broker meanwhile: raumschach_site.celery.UnackedHeartbeat.)
    timing = {"countdown": min(delay, MAX_COUNTDOWN)} if delay > 0 else {}

    def publish() -> None:
        # No publish retries here: a request must not wait on a dead broker.
        play_bot_move.apply_async(args=(game_id,), soft_time_limit=limits.soft,
                                  time_limit=limits.hard, retry=False, **timing)

    try:
        publish()
    except BROKER_DOWN as exc:
        logger.error("bot move for game %s not queued (%s); retrying until the broker is back",
                     game_id, exc)
        broker_retry.retry_until_queued(game_id, publish)


@shared_task(ignore_result=True, acks_late=True, soft_time_limit=30, time_limit=60,
             autoretry_for=(OperationalError, InterfaceError), max_retries=3, retry_backoff=2)
def answer_draw_offer(game_id: int) -> str:
    from .draws import bot_draw_answer

    return bot_draw_answer(game_id=game_id).status


def queue_draw_answer(game_id: int) -> None:
    """Queue the bot's answer to a draw offer; if the broker is down the offer simply stands
    (the person can play on or withdraw it by moving)."""
    try:
        answer_draw_offer.apply_async(args=(game_id,), retry=False)
    except BROKER_DOWN as exc:
        logger.error("draw answer for game %s not queued (%s)", game_id, exc)
