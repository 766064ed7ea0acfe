"""The interface `games.bot_hook` calls: is this user a bot, queue a bot's move, a bot's profile.

Dispatch: with REDIS_URL set (settings.BOTS_RUN_IN_PROCESS false) the move is queued as the
Celery task `bots.tasks.play_bot_move` on the `bots` queue with its level's time limits; without
it, it runs in a background thread of this process (`bots.runner`).
"""
from __future__ import annotations

from django.conf import settings

from . import selectors


def is_bot(user) -> bool:
    return selectors.bot_of_user(user=user) is not None


def bot_profile(user) -> dict | None:
    """The bot part of `user`'s public profile (level, description, record), None for a human."""
    return selectors.bot_profile_of_user(user=user)


def bot_to_move(game_id: int):
    """The Bot whose turn it is in an active game, or None."""
    from games.models import Game

    # Called after every committed move, human games included: one query (the game with its
    # players' bot levels) answers it, and only a bot's turn reads the Bot itself.
    rows = Game.objects.filter(pk=game_id).order_by().values(
        "status", "fen", "white__bot__level", "black__bot__level")
    row = next(iter(rows), None)
    if row is None or row["status"] != Game.Status.ACTIVE:
        return None
    white_to_move = Game(fen=row["fen"]).turn == Game.Color.WHITE
    level = row["white__bot__level"] if white_to_move else row["black__bot__level"]
    if level is None:
        return None
    from .models import Bot

    return Bot.objects.select_related("user").filter(level=level).first()


def request_bot_move_if_needed(game_id: int) -> bool:
    """Queue the bot's move if a bot is to move; returns whether a move was queued."""
    if bot_to_move(game_id) is None:
        return False
    return dispatch_bot_move(game_id)


def dispatch_bot_move(game_id: int) -> bool:
    if settings.BOTS_RUN_IN_PROCESS:
        from . import runner

        runner.start_bot_move(game_id)
        return True
    from . import tasks

    bot = bot_to_move(game_id)
    if bot is None:  # the game moved on between the two reads; nothing to queue
        return False
    tasks.queue_bot_move(game_id, level=bot.level)
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
