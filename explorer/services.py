"""Writes of the opening explorer: a finished game's first moves added to the counts, exactly
once per game however often or however concurrently it is asked (the end hook, a repeated
hook, the backfill command).

Exactly once: in one transaction, the game's ExplorerGame row is inserted with ON CONFLICT DO
NOTHING and the counts are added only for the games whose row this insert created (RETURNING
names them). A second writer of the same game waits on the first one's uncommitted row
(PostgreSQL) or on the database's write lock (SQLite), then inserts nothing and adds nothing.
The counts are added by upserts that increment (ON CONFLICT DO UPDATE SET games = games +
excluded.games), never read-modify-write, in one order (by key, variant, source, move) in every
transaction, so two games ending at once wait for each other's rows instead of deadlocking.
"""
from __future__ import annotations

import logging
from collections import defaultdict
from datetime import datetime, timedelta

import engine
from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from games import selectors as game_selectors

from . import lines
from .models import ExplorerGame, ExplorerMove, Source

logger = logging.getLogger(__name__)

BATCH = 500  # games read and counted per transaction by the backfill
ROWS_PER_STATEMENT = 500  # rows of one upsert (9 parameters each: far below SQLite's cap)
_FIELDS = ("key", "variant", "source", "move", "san", "games", "white", "draws", "black")


def max_plies() -> int:
    return int(getattr(settings, "EXPLORER_MAX_PLIES", lines.MAX_PLIES))


def _claim(game_ids: list[int], counted: dict[int, bool]) -> set[int]:
    """Insert the games' ExplorerGame rows; the ids whose row this call created."""
    if not game_ids:
        return set()
    table = connection.ops.quote_name(ExplorerGame._meta.db_table)
    now = timezone.now()
    values = ", ".join(["(%s, %s, %s)"] * len(game_ids))
    params: list = []
    for game_id in sorted(game_ids):
        params += [game_id, counted[game_id], now]
    with connection.cursor() as cursor:
        cursor.execute(f"INSERT INTO {table} (game_id, counted, at) VALUES {values} "
                       f"ON CONFLICT (game_id) DO NOTHING RETURNING game_id", params)
        return {row[0] for row in cursor.fetchall()}


def _add(totals: dict[tuple, list]) -> None:
    """Add `totals` ({(key, variant, source, move): [san, games, white, draws, black]}) to the
    stored counts, in the one lock order."""
    if not totals:
        return
    table = connection.ops.quote_name(ExplorerMove._meta.db_table)
    q = connection.ops.quote_name
    columns = ", ".join(q(name) for name in _FIELDS)
    added = ", ".join(f"{q(name)} = {table}.{q(name)} + excluded.{q(name)}"
                      for name in ("games", "white", "draws", "black"))
    conflict = ", ".join(q(name) for name in ("key", "variant", "source", "move"))
    rows = sorted(totals.items())
    with connection.cursor() as cursor:
        for start in range(0, len(rows), ROWS_PER_STATEMENT):
            chunk = rows[start:start + ROWS_PER_STATEMENT]
            values = ", ".join(["(%s, %s, %s, %s, %s, %s, %s, %s, %s)"] * len(chunk))
            params: list = []
            for where, counts in chunk:
                params += [*where, *counts]
            cursor.execute(f"INSERT INTO {table} ({columns}) VALUES {values} "
                           f"ON CONFLICT ({conflict}) DO UPDATE SET {added}", params)


def _contribution(opening: dict, plies: int) -> list[tuple] | None:
    """The (key, variant, source, move, san, result column) a game adds, or None when it does
    not count (other rules, another start, no decisive or drawn result)."""
    variant = lines.standard_variant(opening["variant"], opening["variant_options"])
    outcome = lines.RESULTS.get(opening["result"])
    if variant is None or outcome is None or not lines.from_start(variant, opening["start_fen"]):
        return None
    source = Source.BOTS if opening["bots"] else Source.PLAYERS
    try:
        played = lines.opening(variant, opening["moves"], plies)
    except (engine.MoveError, engine.PositionError, ValueError):
        # A stored move the engine cannot replay (never seen; a hand-edited row): that game is
        # marked and skipped rather than stopping the batch or counting half a line.
        logger.warning("explorer: game %s's moves do not replay; not counted", opening["game_id"],
                       exc_info=True)
        return None
    return [(p.key, variant.key, source.value, p.move, p.san, outcome) for p in played]


def explorer_count_games(*, game_ids: list[int]) -> int:
    """Add each finished game of `game_ids` to the explorer unless it was already; returns how
    many games' counts were added now. Games that do not count are marked, not counted."""
    plies = max_plies()
    openings = game_selectors.finished_game_openings(game_ids=list(game_ids), plies=plies)
    contributions = {opening["game_id"]: _contribution(opening, plies) for opening in openings}
    with transaction.atomic():
        claimed = _claim(list(contributions),
                         {game_id: found is not None for game_id, found in contributions.items()})
        totals: dict[tuple, list] = defaultdict(lambda: ["", 0, 0, 0, 0])
        for game_id in claimed:
            for key, variant, source, move, san, outcome in contributions[game_id] or ():
                entry = totals[(key, variant, source, move)]
                entry[0] = san
                entry[1] += 1
                entry[2 + ("white", "draws", "black").index(outcome)] += 1
        _add(totals)
    return sum(1 for game_id in claimed if contributions[game_id] is not None)


def explorer_count_game(*, game_id: int) -> bool:
    """The end hook's call: add one finished game (once). Whether it was added now."""
    return explorer_count_games(game_ids=[game_id]) == 1


def explorer_catch_up(*, hours: int = 24) -> int:
    """Count the games finished in the last `hours` that no end hook counted (one lost to a
    crash between the game's commit and the hook, or to a write that failed): the periodic
    job's net, so a lost count is made up within minutes without anyone running the backfill.
    Reads one day's ended games through their index, never the archive."""
    since = timezone.now() - timedelta(hours=hours)
    ids = game_selectors.finished_game_ids_ended_since(since=since)
    counted = 0
    for start in range(0, len(ids), BATCH):
        batch = ids[start:start + BATCH]
        seen = set(ExplorerGame.objects.filter(game_id__in=batch).values_list("game_id", flat=True))
        todo = [game_id for game_id in batch if game_id not in seen]
        if todo:
            counted += explorer_count_games(game_ids=todo)
    if counted:
        logger.warning("explorer: %s finished games had not been counted; counted now", counted)
    return counted


def explorer_backfill(*, ended_since: datetime | None = None, batch: int = BATCH) -> int:
    """Count every finished game not counted yet (all, or those ended since `ended_since`), in
    batches of one transaction each; returns the games counted. Safe to run while games end
    and to run again: what is counted is never counted twice."""
    after, counted = 0, 0
    while True:
        ids = game_selectors.finished_game_ids(after_id=after, ended_since=ended_since, limit=batch)
        if not ids:
            return counted
        after = ids[-1]
        seen = set(ExplorerGame.objects.filter(game_id__in=ids).values_list("game_id", flat=True))
        todo = [game_id for game_id in ids if game_id not in seen]
        if todo:
            counted += explorer_count_games(game_ids=todo)
