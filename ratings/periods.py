"""How long a rating period is, and how a rating's deviation grows while a player is away.

Choice (as lichess does, see README "Ratings"): every rated game is rated on its own as it
ends, so a player sees the change at once, and the time since the player's previous rated game
counts as that many (fractional) Glicko-2 rating periods of inactivity, each adding the
volatility to the deviation (step 6 of Glickman's paper with no games). Batching games into
fixed periods (Glickman's recommendation of 10-15 games a period) suits a monthly list, not a
correspondence site where one game lasts weeks.
"""
from __future__ import annotations

import math
from datetime import datetime

from django.conf import settings

from . import glicko2

PROVISIONAL_RD = 110.0  # above this a rating is shown as provisional, "1500?" (lichess's bound)


def periods_between(earlier: datetime | None, later: datetime) -> float:
    if earlier is None:
        return 0.0
    days = max((later - earlier).total_seconds(), 0.0) / 86400.0
    return days * settings.RATING_PERIODS_PER_DAY


def rd_after_inactivity(*, rd: float, volatility: float, since: datetime | None,
                        now: datetime) -> float:
    """The deviation `rd` (as of `since`) grown by the inactive periods until `now`, at most the
    starting deviation."""
    periods = periods_between(since, now)
    if periods <= 0:
        return rd
    phi = rd / glicko2.SCALE
    phi_now = math.sqrt(phi * phi + periods * volatility * volatility)
    return min(phi_now * glicko2.SCALE, glicko2.START_RD)


def is_provisional(rd: float) -> bool:
    return rd > PROVISIONAL_RD


def shown(rating: float, rd: float) -> str:
    """A rating as people read it: "1500?" while provisional."""
    return f"{round(rating)}{'?' if is_provisional(rd) else ''}"
