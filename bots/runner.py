"""Bot work in the embedded set-up (no broker): the bot's jobs started in their lane's pool
(bots/lanes.py: `bots`, `bots_deep` or `bots_live`) of the background seam
(core/background.py), and the restart of waiting moves at start-up."""
from __future__ import annotations

import logging
from concurrent.futures import Future

from django.db import DatabaseError, connections

from core import background

from . import lanes, selectors

logger = logging.getLogger(__name__)


def start_bot_move(game_id: int, *, delay: float = 0.0, level: int | None = None,
                   live: bool = False) -> Future | None:
    """Compute and play the bot's move in game `game_id` in the background, `delay` seconds
    from now (the paced showcase), in the pool of the bot's `level`, or the live pool when the
    game has a clock (bots/lanes.py)."""
    return background.submit("bots.tasks.play_bot_move", game_id,
                             pool=lanes.lane(level, live=live), delay=delay,
                             what=f"bot move for game {game_id}")


def start_draw_answer(game_id: int) -> Future | None:
    """Let the bot answer the draw offer standing in game `game_id`, in the background."""
    return background.submit("bots.tasks.answer_draw_offer", game_id, pool="bots",
                             what=f"draw answer for game {game_id}")


def resume_waiting_bot_moves() -> list[int]:
    """Start the bot's move in every running game waiting for a bot: at server start-up, since
    searches running in the previous process died with it (there is no broker to re-deliver
    them and no beat to sweep). Returns the games' ids."""
    try:
        waiting = list(selectors.games_waiting_for_a_bot().values_list("pk", flat=True))
        levels, live = {}, {}  # each move resumes in its lane
        for game_id in waiting:
            bot = selectors.bot_to_move(game_id=game_id)
            levels[game_id] = None if bot is None else bot.level
            live[game_id] = selectors.game_is_live(game_id=game_id)
    except DatabaseError:  # e.g. not migrated yet: the server must still start
        logger.exception("could not look for games waiting for a bot")
        return []
    finally:
        connections.close_all()  # this (start-up) thread's connection is not needed again
    for game_id in waiting:
        logger.warning("game %s was waiting for its bot when the server started; "
                       "starting the move again", game_id)
        start_bot_move(game_id, level=levels[game_id], live=live[game_id])
    return waiting
