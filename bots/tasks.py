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

from . import services
from .budget import HURRY_MOVETIME, longest_time_limits

logger = logging.getLogger(__name__)

_DEFAULT_LIMITS = longest_time_limits()  # when a caller queues the task without per-level limits


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


@shared_task(ignore_result=True, acks_late=True, soft_time_limit=30, time_limit=60,
             autoretry_for=(OperationalError, InterfaceError), max_retries=3, retry_backoff=2)
def answer_draw_offer(game_id: int) -> str:
    from .draws import bot_draw_answer

    return bot_draw_answer(game_id=game_id).status


@shared_task(ignore_result=True, acks_late=True, soft_time_limit=30, time_limit=60,
             autoretry_for=(OperationalError, InterfaceError), max_retries=3, retry_backoff=2)
def answer_takeback_offer(game_id: int) -> str:
    from .takebacks import bot_takeback_answer

    return bot_takeback_answer(game_id=game_id)
