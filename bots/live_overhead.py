"""What a bot's live moves cost besides their search, as measured in this game.

A bot's clock runs from the opponent's move to the bot's move being stored: the wait in the
live lane, loading the game, the search, storing the move. bots.budget keeps back a fixed
LIVE_OVERHEAD (0.25 s) for each move still to come, but on a loaded machine the rest cost 0.2-
0.6 s a move and bots lost on time in 1+0 arenas. So each live bot move measures its own cost
besides the search (the time charged to its clock less the search's own time), and the next
budget of the game keeps back a smoothed figure of it instead: never less than LIVE_OVERHEAD,
never more than LIVE_OVERHEAD_MOST, so one starved move cannot leave a bot searching nothing
for the rest of the game.

The figure lives in the cache (Redis in production, shared by every worker that may play the
game's next move; the embedded set-up's bots run in the server process, whose memory cache they
share) and expires with the game's last move.
"""
from __future__ import annotations

import logging
from datetime import datetime

from django.core.cache import cache

from .budget import LIVE_OVERHEAD, LIVE_OVERHEAD_MOST

logger = logging.getLogger(__name__)

# A new measurement counts for this share of the figure: a slow move raises it at once by half
# the difference, so two slow moves in a row are almost all of it.
WEIGHT_OF_NEW = 0.5

# Forgotten this long after the game's last bot move (a 1+0 game lasts minutes).
KEPT_SECONDS = 3600


def overhead_key(game_id: int) -> str:
    return f"bots:live-overhead:{game_id}"


def bounded(seconds: float) -> float:
    return min(LIVE_OVERHEAD_MOST, max(LIVE_OVERHEAD, seconds))


def live_overhead(game_id: int) -> float:
    """Seconds to keep back for each move still to come in `game_id`: its measured figure, or
    LIVE_OVERHEAD before its bot has moved."""
    try:
        value = cache.get(overhead_key(game_id))
    except Exception:  # noqa: BLE001 - the cache away: the fixed reserve, the move goes on
        logger.warning("bots: live overhead of game %s unreadable", game_id, exc_info=True)
        value = None
    return LIVE_OVERHEAD if value is None else bounded(float(value))


def charged_besides_search(*, turn_started: datetime, moved: datetime, searched: float) -> float:
    """Seconds the bot's clock ran for a move beyond its search's own `searched` seconds."""
    return max(0.0, (moved - turn_started).total_seconds() - searched)


def live_overhead_record(game_id: int, seconds: float) -> float:
    """Fold a move's measured cost besides its search into the game's figure; returns it."""
    try:
        old = cache.get(overhead_key(game_id))
        figure = bounded(seconds if old is None
                         else (1 - WEIGHT_OF_NEW) * float(old) + WEIGHT_OF_NEW * seconds)
        cache.set(overhead_key(game_id), figure, timeout=KEPT_SECONDS)
    except Exception:  # noqa: BLE001 - the move is stored; only its measurement is lost
        logger.warning("bots: live overhead of game %s not stored", game_id, exc_info=True)
        return bounded(seconds)
    return figure
