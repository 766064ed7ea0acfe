"""A live game's clock in the game row (issue 46): the fields a new game, a move and an ending
write, and the flag timer. The arithmetic is games/clock.py's; the stored values are the only
truth (each side's ms as of `clock_started_at`, and `deadline`), so any process - a timer, the
sweep, a request - can tell whether a flag fell, and the compare-and-set on the game's ply and
status (games/services/play.py) lets exactly one of them end the game.

The clocks start as on lichess: each side's first move has a first-move timer
(settings.FIRST_MOVE_SECONDS; run out, the game is aborted); a side's clock runs from the
opponent's reply to its first move on (from ply 2).
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from types import SimpleNamespace

from django.conf import settings

from core import background
from core.due_set import DueSet
from games import clock
from games.models import Game

FLAG_TASK = "games.tasks.flag_game"
# With a broker: every running live game's deadline (game id -> Unix time) in one sorted set,
# claimed when due by the flag poller of a server process (games/runner.py).
DEADLINES = DueSet(getattr(settings, "FLAG_DEADLINES_KEY", "flags:deadlines"))


def is_live(game: Game) -> bool:
    return game.clock_limit is not None


def _rules(game_or_limit, increment: int | None = None) -> clock.LagRules:
    if isinstance(game_or_limit, Game):
        limit, increment = game_or_limit.clock_limit, game_or_limit.clock_increment
    else:
        limit = game_or_limit
    return clock.lag_rules(limit, increment or 0, per_move_ms=settings.LAG_CREDIT_MAX_MS)


def first_move_deadline(now: datetime) -> datetime:
    return now + timedelta(seconds=settings.FIRST_MOVE_SECONDS)


def clock_new_game_fields(*, clock_limit: int | None, clock_increment: int | None,
                          days_per_move: int | None, now: datetime) -> dict:
    """The time-control fields of a game made now (its speed; for a live game both full
    clocks, the lag quotas and the first mover's first-move timer)."""
    fields = {"speed": clock.speed_of(clock_limit, clock_increment)}
    if clock_limit is None:
        return fields
    rules = _rules(clock_limit, clock_increment)
    return {**fields, "clock_limit": clock_limit, "clock_increment": clock_increment,
            "white_clock_ms": clock_limit * 1000, "black_clock_ms": clock_limit * 1000,
            "clock_started_at": None, "white_lag_quota_ms": rules.start_ms,
            "black_lag_quota_ms": rules.start_ms, "deadline": first_move_deadline(now),
            "clock_paused_remaining": None}


@dataclass(frozen=True)
class MoveClock:
    """What a move does to a live game's clock: the fields to write, the mover's charge."""

    fields: dict
    flagged: bool  # the mover's time had run out when the move arrived
    credit_ms: int = 0


def clock_for_move(game: Game, *, color: str, received: datetime, lag_ms: int) -> MoveClock:
    """The clock fields after `color`'s move on a locked, live game at `game.ply`, received at
    `received` (the mover's clock is charged up to then, less the lag credit)."""
    other = "black" if color == "white" else "white"
    if game.ply == 0:  # the first mover's first move: the other side's first-move timer
        return MoveClock({"deadline": first_move_deadline(received), "clock_started_at": None},
                         flagged=False)
    if game.ply == 1 or game.clock_started_at is None:
        # The second side's first move: the first mover's clock starts (its first charge
        # comes with its next move).
        return MoveClock({"clock_started_at": received,
                          "deadline": _deadline(received, getattr(game, f"{other}_clock_ms"))},
                         flagged=False)
    charged = clock.charge_move(
        remaining_ms=getattr(game, f"{color}_clock_ms"),
        elapsed_ms=clock.elapsed_ms(game.clock_started_at, received),
        lag_ms=lag_ms, quota_ms=getattr(game, f"{color}_lag_quota_ms"),
        increment_s=game.clock_increment or 0, rules=_rules(game))
    if charged.flagged:
        return MoveClock({}, flagged=True, credit_ms=charged.credit_ms)
    return MoveClock({f"{color}_clock_ms": charged.remaining_ms,
                      f"{color}_lag_quota_ms": charged.quota_ms,
                      "clock_started_at": received,
                      "deadline": _deadline(received, getattr(game, f"{other}_clock_ms"))},
                     flagged=False, credit_ms=charged.credit_ms)


def _deadline(start: datetime, remaining_ms: int) -> datetime:
    return start + timedelta(milliseconds=remaining_ms)


def clock_stop_fields(game: Game, *, now: datetime, flagged: bool = False) -> dict:
    """The clock fields of a live game ending now: the running side's time charged up to now
    (0 when its flag fell), no clock running."""
    if not is_live(game):
        return {}
    fields: dict = {"clock_started_at": None}
    if game.clock_started_at is not None:
        key = f"{game.turn}_clock_ms"
        spent = max(0, clock.elapsed_ms(game.clock_started_at, now))
        fields[key] = 0 if flagged else max(0, getattr(game, key) - spent)
    return fields


def flag_schedule(*, game_id: int, ply: int, deadline: datetime | None) -> None:
    """After commit: end the game at `deadline` if it still runs then. With a broker, one
    ZADD in the deadlines' sorted set (a member per game, only ever moved earlier: a poller
    that claims it too early reads the stored deadline and puts it back); in this process, the
    timer thread's entry for the game, replaced. `ply`: the embedded timer's check that the
    game has not moved on (the poller reads the game's ply and deadline when it is due)."""
    if not background.in_process():
        if deadline is None:
            DEADLINES.forget(game_id)
        else:
            DEADLINES.due_at(game_id, deadline.timestamp())
        return
    if deadline is None:
        background.cancel_at(f"flag-{game_id}")
        return
    background.submit_at(FLAG_TASK, game_id, ply, pool="clocks", at=deadline,
                         key=f"flag-{game_id}")


def flags_schedule_many(running: Iterable[tuple[int, int, datetime]]) -> int:
    """`flag_schedule` for many (game id, ply, deadline): a server's start. With a broker the
    ZADDs go in pipelines. Returns how many were set."""
    if not background.in_process():
        return DEADLINES.due_at_many((game_id, deadline.timestamp())
                                     for game_id, _, deadline in running)
    count = 0
    for game_id, ply, deadline in running:
        flag_schedule(game_id=game_id, ply=ply, deadline=deadline)
        count += 1
    return count


_SHOWN = ("clock_limit", "clock_increment", "white_clock_ms", "black_clock_ms",
          "clock_started_at")


def clock_json_after(game: Game, fields: dict, *, turn: str, now: datetime,
                     ended: bool) -> dict | None:
    """The `clock` of a move's event: the game's clock with the move's `fields` written, as of
    `now` (the move's receipt: the opponent's clock has just started)."""
    view = SimpleNamespace(**{name: fields.get(name, getattr(game, name)) for name in _SHOWN},
                           turn=turn, status="finished" if ended else game.status)
    if ended:
        view.clock_started_at = None
    return clock.clock_json(view, now=now)
