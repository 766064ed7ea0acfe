"""Publishing the bots' Celery tasks (bots/tasks.py) by name, with their options: per-level time
limits, a countdown for a put-off move, and re-publishing once a broker that was down is back
(bots.broker_retry). Imports nothing that plays, so bots.hooks can use it without a circle."""
from __future__ import annotations

import logging

from kombu.exceptions import OperationalError as KombuOperationalError
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from core import background

from . import broker_retry, lanes
from .budget import time_limits

logger = logging.getLogger(__name__)

# What publishing a task raises while Redis is unreachable.
BROKER_DOWN = (KombuOperationalError, RedisConnectionError, RedisTimeoutError, OSError)

MAX_COUNTDOWN = 60.0  # seconds


def queue_bot_move(game_id: int, *, level: int, delay: float = 0.0, live: bool = False) -> None:
    """Queue the bot's move with the time limits of its level, to run `delay` seconds from now
    (the paced showcase), on its lane's queue (`live`: the game has a clock). If the broker is
    down, the move is queued as soon as it is back (bots.broker_retry); the caller is not held
    up."""
    limits = time_limits(level)
    # A bounded countdown; a longer wait is put off again by the task. The worker holding the
    # message keeps it fresh in the broker meanwhile (raumschach_site.celery.UnackedHeartbeat).
    timing = {"countdown": min(delay, MAX_COUNTDOWN)} if delay > 0 else {}

    def publish() -> None:
        # No publish retries here: a request must not wait on a dead broker.
        background.task("bots.tasks.play_bot_move").apply_async(
            args=(game_id,), soft_time_limit=limits.soft, time_limit=limits.hard, retry=False,
            queue=lanes.lane(level, live=live), **timing)

    try:
        publish()
    except BROKER_DOWN as exc:
        logger.error("bot move for game %s not queued (%s); retrying until the broker is back",
                     game_id, exc)
        broker_retry.retry_until_queued(game_id, publish)


def queue_draw_answer(game_id: int) -> None:
    """Queue the bot's answer to a draw offer; if the broker is down the offer simply stands
    (the person can play on or withdraw it by moving)."""
    try:
        background.task("bots.tasks.answer_draw_offer").apply_async(args=(game_id,), retry=False)
    except BROKER_DOWN as exc:
        logger.error("draw answer for game %s not queued (%s)", game_id, exc)


def queue_takeback_answer(game_id: int) -> None:
    """Queue the bot's answer to a takeback offer; if the broker is down the offer stands (the
    person plays on, which lapses it)."""
    try:
        background.task("bots.tasks.answer_takeback_offer").apply_async(args=(game_id,),
                                                                         retry=False)
    except BROKER_DOWN as exc:
        logger.error("takeback answer for game %s not queued (%s)", game_id, exc)
