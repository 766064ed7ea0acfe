"""What bots do when games announces a turn (see `BotsConfig.ready`): queue the bot's move.

Dispatch: with REDIS_URL set (settings.BOTS_RUN_IN_PROCESS false) the move is queued as the
Celery task `bots.tasks.play_bot_move` on the `bots` queue with its level's time limits; without
it, it runs in a background thread of this process (`bots.runner`).
"""
from __future__ import annotations

from django.conf import settings

from . import selectors


def request_bot_move_if_needed(game_id: int) -> bool:
    """Queue the bot's move if a bot is to move; returns whether a move was queued. Called
    after every committed move, human games included: one query answers it."""
    bot = selectors.bot_to_move(game_id=game_id)
    if bot is None:
        return False
    return dispatch_bot_move(game_id, bot.level)


def dispatch_bot_move(game_id: int, level: int) -> bool:
    if settings.BOTS_RUN_IN_PROCESS:
        from . import runner

        runner.start_bot_move(game_id)
        return True
    from . import tasks

    tasks.queue_bot_move(game_id, level=level)
    return True
