"""Bots answer takeback offers: in casual games they accept (lichess's bots do the same; a
misclick costs a friendly game nothing). Rated games never get this far: the game service
refuses the offer.

The offer arrives through `games.signals.takeback_offered`; the answer goes through
`games.services.game_takeback` like a person's, so an offer that lapsed meanwhile (a move, the
end of the game) is refused there and nothing changes.
"""
from __future__ import annotations

import logging

from games import services as game_services
from games.errors import Conflict, GameOver, NotFound, StalePly
from games.selectors import game_get

from . import selectors

logger = logging.getLogger(__name__)


def bot_takeback_answer(*, game_id: int) -> str:
    """"accepted", or "dropped" (no offer to a bot that may answer it, or it lapsed)."""
    try:
        game = game_get(game_id=game_id)
    except NotFound:
        return "dropped"
    bot = selectors.bot_to_answer_takeback(game=game)
    if bot is None:
        return "dropped"
    try:
        game_services.game_takeback(game=game, user=bot.user, action="accept")
    except (Conflict, GameOver, NotFound, StalePly) as exc:  # the offer went away meanwhile
        logger.info("%s's takeback answer in game %s dropped: %s", bot.name, game_id, exc.detail)
        return "dropped"
    logger.info("%s accepted a takeback in game %s", bot.name, game_id)
    return "accepted"
