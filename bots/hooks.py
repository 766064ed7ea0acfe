"""What bots do when games announces a turn (see `BotsConfig.ready`): queue the bot's move.

Dispatch: with REDIS_URL set (settings.BOTS_RUN_IN_PROCESS false) the move is queued as the
Celery task `bots.tasks.play_bot_move` on the `bots` queue with its level's time limits; without
it, it runs in a background thread of this process (`bots.runner`).
"""
from __future__ import annotations

from django.conf import settings

from . import selectors


def request_bot_move_if_needed(game_id: int, player_id: int | None = None) -> bool:
    """Queue the bot's move if a bot is to move; returns whether a move was queued. Called
    after every committed move, human games included: one query answers it (a small one when
    the announcement names the player to move). The task checks again before it searches, so a
    game that moved on meanwhile costs nothing."""
    if player_id is not None:
        level = selectors.bot_level_of_user(user_id=player_id)
    else:
        bot = selectors.bot_to_move(game_id=game_id)
        level = None if bot is None else bot.level
    if level is None:
        return False
    return dispatch_bot_move(game_id, level)


def dispatch_bot_move(game_id: int, level: int, *, delay: float = 0.0) -> bool:
    """Start (or queue) the bot's move in game `game_id`, `delay` seconds from now."""
    if settings.BOTS_RUN_IN_PROCESS:
        from . import runner

        runner.start_bot_move(game_id, delay=delay)
        return True
    from . import tasks

    tasks.queue_bot_move(game_id, level=level, delay=delay)
    return True


def answer_draw_offer_if_to_a_bot(game_id: int) -> bool:
    """Queue the bot's answer when a draw was offered to a bot; returns whether one was."""
    from games.models import Game

    from .draws import _bot_to_answer

    game = Game.objects.select_related("white", "black").filter(pk=game_id).first()
    if game is None or _bot_to_answer(game) is None:
        return False
    if settings.BOTS_RUN_IN_PROCESS:
        from . import runner

        runner.start_draw_answer(game_id)
        return True
    from . import tasks

    tasks.queue_draw_answer(game_id)
    return True
