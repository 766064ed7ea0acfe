"""The interface `games.bot_hook` calls: is this user a bot, and queue a bot's move.

Dispatch: with REDIS_URL set (settings.BOTS_RUN_IN_PROCESS false) the move is queued as the
Celery task `bots.tasks.play_bot_move` on the `bots` queue; without it, it runs in a background
thread of this process via `bots.runner.start_bot_move`. Both are provided by the bots work
(issue 6); until they exist the request is logged and dropped.
"""
from __future__ import annotations

import importlib
import importlib.util
import logging

from django.conf import settings

logger = logging.getLogger(__name__)


def is_bot(user) -> bool:
    if user is None or not getattr(user, "pk", None):
        return False
    from .models import Bot

    return Bot.objects.filter(user_id=user.pk).exists()


def bot_to_move(game_id: int):
    """The Bot whose turn it is in an active game, or None."""
    from games.models import Game

    from .models import Bot

    game = Game.objects.filter(pk=game_id, status=Game.Status.ACTIVE).first()
    if game is None:
        return None
    mover_id = game.white_id if game.turn == Game.Color.WHITE else game.black_id
    return Bot.objects.filter(user_id=mover_id).first()


def request_bot_move_if_needed(game_id: int) -> bool:
    """Queue the bot's move if a bot is to move; returns whether a move was queued."""
    bot = bot_to_move(game_id)
    if bot is None:
        return False
    return dispatch_bot_move(game_id)


def dispatch_bot_move(game_id: int) -> bool:
    module_name = "bots.runner" if settings.BOTS_RUN_IN_PROCESS else "bots.tasks"
    if importlib.util.find_spec(module_name) is None:
        logger.warning("%s is not installed; bot move for game %s not queued",
                       module_name, game_id)
        return False
    module = importlib.import_module(module_name)
    if settings.BOTS_RUN_IN_PROCESS:
        module.start_bot_move(game_id)
    else:
        module.play_bot_move.delay(game_id)
    return True
