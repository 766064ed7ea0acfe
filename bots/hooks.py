"""What bots do when games announces a turn, a draw or a takeback offer (see
`BotsConfig.ready`): start the bot's move or answer through the background seam
(core/background.py): the Celery task `bots.tasks.play_bot_move` on its lane's queue
(bots/lanes.py: `bots`, `bots_deep` or `bots_live`) with its time limits when a broker is
configured, a thread of that lane's pool otherwise. The jobs are named, not imported: the tasks
call bots.services, which calls back here."""
from __future__ import annotations

from core import background

from . import lanes, queueing, selectors


def request_bot_move_if_needed(game_id: int, player_id: int | None = None,
                               live: bool | None = None) -> bool:
    """Queue the bot's move if a bot is to move; returns whether a move was queued. Called
    after every committed move, human games included: one query answers it (a small one when
    the announcement names the player to move). `live`: whether the game has a clock (its
    bot's moves take the live lane); None: not said, read when a bot is to move. The task
    checks again before it searches, so a game that moved on meanwhile costs nothing."""
    if player_id is not None:
        level = selectors.bot_level_of_user(user_id=player_id)
    else:
        bot = selectors.bot_to_move(game_id=game_id)
        level = None if bot is None else bot.level
    if level is None:
        return False
    if live is None:  # only a bot's turn the announcement did not describe pays this query
        live = selectors.game_is_live(game_id=game_id)
    return dispatch_bot_move(game_id, level, live=live)


def dispatch_bot_move(game_id: int, level: int, *, delay: float = 0.0,
                      live: bool = False) -> bool:
    """Start (or queue) the bot's move in game `game_id`, `delay` seconds from now, in the lane
    of its level, or the live lane when the game has a clock (`live`)."""
    background.submit("bots.tasks.play_bot_move", game_id, pool=lanes.lane(level, live=live),
                      delay=delay, what=f"bot move for game {game_id}",
                      publish=lambda: queueing.queue_bot_move(game_id, level=level, delay=delay,
                                                              live=live))
    return True


def answer_draw_offer_if_to_a_bot(game_id: int) -> bool:
    """Queue the bot's answer when a draw was offered to a bot; returns whether one was."""
    if selectors.bot_to_answer_draw(game_id=game_id) is None:
        return False
    background.submit("bots.tasks.answer_draw_offer", game_id, pool="bots",
                      what=f"draw answer for game {game_id}",
                      publish=lambda: queueing.queue_draw_answer(game_id))
    return True


def answer_takeback_offer_if_to_a_bot(game_id: int) -> bool:
    """Queue the bot's answer when a takeback was offered to a bot; returns whether one was.
    The quick lane: the answer needs no search."""
    if selectors.bot_to_answer_takeback(game_id=game_id) is None:
        return False
    background.submit("bots.tasks.answer_takeback_offer", game_id, pool=lanes.QUICK,
                      what=f"takeback answer for game {game_id}",
                      publish=lambda: queueing.queue_takeback_answer(game_id))
    return True
