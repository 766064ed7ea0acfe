"""A live game's clock as arithmetic (issue 46): speeds, time-control bounds, charging a move,
increments and the lag credit. No database and no Django models: the services
(games/services/clocks.py) store what these functions compute, and everything shown derives
from the stored values and the time, so a restarted server knows both clocks.

lichess's rules, followed here:
- speed: the estimated duration, limit + 40 x increment seconds: bullet < 180 <= blitz < 480 <=
  rapid < 1500 <= classical (lila's `Speed`); a game with days per move (or none) is
  correspondence.
- lag: each side has a quota of credit for network lag (lila's `LagTracker`): it starts at
  3 gains, refills by one gain a move up to 7 gains, and a move is credited at most its
  measured lag, the quota, and `per_move_ms` (the setting LAG_CREDIT_MAX_MS); the gain is 1 s
  for games of 3 minutes' estimate and more, 0.2 s at 15 s, in between estimate/2 + 10 cs.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.errors import InvalidClock

BULLET, BLITZ, RAPID, CLASSICAL, CORRESPONDENCE = (
    "bullet", "blitz", "rapid", "classical", "correspondence")
LIVE_SPEEDS = (BULLET, BLITZ, RAPID, CLASSICAL)
SPEEDS = (*LIVE_SPEEDS, CORRESPONDENCE)
# What pages call each speed (lichess's names).
SPEED_NAMES = {BULLET: gettext_lazy("Bullet"), BLITZ: gettext_lazy("Blitz"),
               RAPID: gettext_lazy("Rapid"), CLASSICAL: gettext_lazy("Classical"),
               CORRESPONDENCE: gettext_lazy("Correspondence")}
# The upper bound (exclusive) of each live speed's estimate, in seconds.
_SPEED_BOUNDS = ((180, BULLET), (480, BLITZ), (1500, RAPID))

CLOCK_LIMIT_MIN, CLOCK_LIMIT_MAX = 15, 10_800  # 15 s to 180 min
CLOCK_INCREMENT_MIN, CLOCK_INCREMENT_MAX = 0, 180


def estimate_seconds(limit: int, increment: int) -> int:
    """lichess's estimate of a game's length per side: limit + 40 moves' increments."""
    return limit + 40 * increment


def speed_of(limit: int | None, increment: int | None) -> str:
    """The speed of a time control; no clock (days per move, or unlimited) is correspondence."""
    if limit is None:
        return CORRESPONDENCE
    estimate = estimate_seconds(limit, increment or 0)
    for bound, speed in _SPEED_BOUNDS:
        if estimate < bound:
            return speed
    return CLASSICAL


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_time_control(*, clock_limit: object, clock_increment: object,
                       days_per_move: object) -> tuple[int | None, int | None]:
    """The (limit, increment) of a challenge's clock, or (None, None) without one. An increment
    alone, a number out of bounds or not whole, or a clock and days per move together are
    InvalidClock (400 invalid_clock). A limit without an increment has none (0)."""
    if clock_limit is None:
        if clock_increment is not None:
            raise InvalidClock(_("An increment needs a clock limit (clock_limit)."))
        return None, None
    if days_per_move is not None:
        raise InvalidClock(_("A game has a clock (clock_limit) or days per move, not both."))
    if clock_increment is None:
        clock_increment = 0
    if not _whole(clock_limit) or not CLOCK_LIMIT_MIN <= clock_limit <= CLOCK_LIMIT_MAX:
        raise InvalidClock(_("clock_limit must be whole seconds from %(low)d to %(high)d.")
                           % {"low": CLOCK_LIMIT_MIN, "high": CLOCK_LIMIT_MAX})
    if (not _whole(clock_increment)
            or not CLOCK_INCREMENT_MIN <= clock_increment <= CLOCK_INCREMENT_MAX):
        raise InvalidClock(_("clock_increment must be whole seconds from %(low)d to %(high)d.")
                           % {"low": CLOCK_INCREMENT_MIN, "high": CLOCK_INCREMENT_MAX})
    return clock_limit, clock_increment


# ---- lag credit ----

@dataclass(frozen=True)
class LagRules:
    gain_ms: int  # the quota's refill per move
    start_ms: int  # the quota at the start of the game
    max_ms: int  # the quota's ceiling
    per_move_ms: int  # the most one move is credited


def lag_rules(limit: int, increment: int, *, per_move_ms: int) -> LagRules:
    estimate = estimate_seconds(limit, increment)
    if estimate >= 180:
        gain_cs = 100
    elif estimate <= 15:
        gain_cs = 20
    else:
        gain_cs = estimate // 2 + 10
    gain = gain_cs * 10
    return LagRules(gain_ms=gain, start_ms=3 * gain, max_ms=7 * gain, per_move_ms=per_move_ms)


def lag_credit(*, lag_ms: int, elapsed_ms: int, quota_ms: int, rules: LagRules
               ) -> tuple[int, int]:
    """(credit, quota after the move): the credit is at most the lag, the per-move cap, the
    quota and the time the server measured (a move is never charged less than nothing)."""
    credit = max(0, min(int(lag_ms), rules.per_move_ms, quota_ms, elapsed_ms))
    return credit, min(rules.max_ms, quota_ms - credit + rules.gain_ms)


@dataclass(frozen=True)
class Charged:
    remaining_ms: int  # the mover's time after the move, increment added (0 when flagged)
    credit_ms: int  # the lag credit given
    quota_ms: int  # the mover's lag quota after the move
    flagged: bool  # the time ran out before the move arrived, credit included


def charge_move(*, remaining_ms: int, elapsed_ms: int, lag_ms: int, quota_ms: int,
                increment_s: int, rules: LagRules) -> Charged:
    """Charge a move received `elapsed_ms` after the mover's clock started, less the lag
    credit; the increment is added to a move made in time."""
    credit, quota = lag_credit(lag_ms=lag_ms, elapsed_ms=max(0, elapsed_ms), quota_ms=quota_ms,
                               rules=rules)
    left = remaining_ms - max(0, elapsed_ms - credit)
    if left <= 0:
        return Charged(remaining_ms=0, credit_ms=credit, quota_ms=quota, flagged=True)
    return Charged(remaining_ms=left + 1000 * increment_s, credit_ms=credit, quota_ms=quota,
                   flagged=False)


def elapsed_ms(since: datetime, now: datetime) -> int:
    return int((now - since).total_seconds() * 1000)


# ---- what a game's clock shows ----

def clock_json(game, *, now: datetime) -> dict | None:
    """The `clock` of a game answer or event: null without a clock, else {limit, increment,
    white, black, running}: ms left as of `now` (the running side's time charged, never below
    0) and the side whose clock runs (null before the clocks start and after the end)."""
    if game.clock_limit is None:
        return None
    white, black = game.white_clock_ms, game.black_clock_ms
    full = game.clock_limit * 1000
    white = full if white is None else white
    black = full if black is None else black
    running = None
    if game.status == "active" and game.clock_started_at is not None:
        running = game.turn
        spent = max(0, elapsed_ms(game.clock_started_at, now))
        if running == "white":
            white = max(0, white - spent)
        else:
            black = max(0, black - spent)
    return {"limit": game.clock_limit, "increment": game.clock_increment,
            "white": white, "black": black, "running": running}
