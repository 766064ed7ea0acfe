"""Bots answer draw offers: accept when their own search says the position is a dead draw or
clearly worse for them, decline otherwise.

The offer arrives through `games.signals.draw_offered` (bots listen; games does not call bots).
The answer goes through `games.services.game_draw` like a person's, so an offer withdrawn by a
move or a game that ended meanwhile is refused there and nothing changes.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass


from games import services as game_services
from games.errors import Conflict, GameOver, NotFound
from games.models import Game
from games.selectors import game_get
from games.positions import search_position

from . import selectors
from .services import bot_search, move_seed

logger = logging.getLogger(__name__)

# Centipawns from the bot's side: at or below -CLEARLY_WORSE a draw is better than playing on.
CLEARLY_WORSE = 150
# A search score this close to 0 after DEAD_DRAW_AFTER plies is a dead draw: nothing to play for.
DEAD_DRAW_MARGIN = 10
DEAD_DRAW_AFTER = 60
# A random-moving bot (level 0) has no search of its own: it judges with the Easy level's.
JUDGING_LEVEL_FLOOR = 1
# The judging search never runs longer than this (seconds): the offer is answered promptly.
MAX_JUDGING_SECONDS = 5.0


@dataclass(frozen=True)
class DrawAnswer:
    status: str  # "accepted", "declined", "dropped" (no offer to the bot, or the game moved on)
    game_id: int
    score: int | None = None  # the bot's view, centipawns


def judge(position, *, level: int, bot_color: str, turn: str, ply: int,
          seed: int) -> tuple[bool, int]:
    """Whether the bot at `level`, playing `bot_color`, takes a draw in `position` (`turn` to
    move, `ply` plies into the game); and its score in centipawns from its own side."""
    if position.is_insufficient_material():
        return True, 0
    result = bot_search(position, max(level, JUDGING_LEVEL_FLOOR), seed=seed,
                        movetime=MAX_JUDGING_SECONDS)
    score = result.score if turn == bot_color else -result.score
    dead_draw = abs(score) <= DEAD_DRAW_MARGIN and ply >= DEAD_DRAW_AFTER
    return score <= -CLEARLY_WORSE or dead_draw, score


def bot_draw_answer(*, game_id: int) -> DrawAnswer:
    try:
        game = game_get(game_id=game_id)
    except NotFound:
        return DrawAnswer("dropped", game_id)
    bot = selectors.bot_to_answer_draw(game=game)
    if bot is None:
        return DrawAnswer("dropped", game_id)
    bot_color = game.player_color(bot.user)
    accept, score = judge(search_position(game), level=bot.level, bot_color=bot_color,
                          turn=game.turn, ply=game.ply, seed=move_seed(game, game.ply))
    action = "accept" if accept else "decline"
    try:
        game_services.game_draw(game=game, user=bot.user, action=action)
    except (Conflict, GameOver, NotFound) as exc:  # the offer went away meanwhile
        logger.info("%s's draw answer in game %s dropped: %s", bot.name, game_id, exc.detail)
        return DrawAnswer("dropped", game_id, score)
    logger.info("%s %sed a draw in game %s (score %s)", bot.name, action, game_id, score)
    return DrawAnswer("accepted" if accept else "declined", game_id, score)
