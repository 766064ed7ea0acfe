"""The archive's reads are served in order from an index on a large database whose planner has
no statistics (issue 38): as a site grows, nobody runs ANALYZE on the embedded SQLite, and
PostgreSQL has none until autovacuum's first analyze. With 200,000 games and no statistics
SQLite took `game_status_active_idx` for `status = 'finished'` and sorted every finished game
(home 1.1 s, /archive/ 1.3-2.1 s).

>= 100,000 finished games are written with bulk_create, no ANALYZE is run (the test checks that
the planner has no statistics for the table), and every archive read of the pages and the API
is planned by the database itself, unhelped: none may sort (SQLite: a temp B-tree for ORDER
BY; PostgreSQL: a Sort node) or scan the whole table. Runs on the database of the run (SQLite
without DATABASE_URL, PostgreSQL with it). Timings: scripts/archive_bench.py, figures in
docs/performance.md.

On PostgreSQL a sort of one player's games (an index condition on the player) is allowed: the
brief is "no sort over the whole table". Without statistics PostgreSQL guesses that
`status = 'finished'` leaves a handful of rows, and would take a bitmap scan and sort what it
finds; a page's reads are therefore planned with sorts and bitmap scans priced out
(games.keyset.in_index_order), and the plans are read the same way. After the checks without
statistics the table is analysed and the same plans checked again: the pin must hold with
statistics too."""
from __future__ import annotations

import random
import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.utils import timezone

from games import keyset
from games.models import Game

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

FINISHED = 100_000
RUNNING = 300
PLAYERS = 200
BATCH = 5_000


def fill() -> dict:
    """FINISHED finished games (ending over three years, newest with the highest ids, as an
    archive grows) and RUNNING running ones between PLAYERS players, in bulk."""
    users = get_user_model().objects.bulk_create(
        get_user_model()(username=f"plan{i:03d}", password="!") for i in range(PLAYERS))
    ids = [user.pk for user in users]
    rng = random.Random(38)
    now = timezone.now()
    start = now - timedelta(days=3 * 365)
    step = (now - start) / (FINISHED + 1)
    results = ("1-0", "0-1", "1/2-1/2")

    def game(i: int) -> Game:
        white, black = rng.sample(ids, 2)
        if i >= FINISHED:
            return Game(white_id=white, black_id=black, ply=1 + i % 40,
                        updated_at=now - timedelta(seconds=i))
        ended = start + step * (i + 1)
        return Game(white_id=white, black_id=black, status=Game.Status.FINISHED,
                    result=results[i % 3], termination="resign", rated=i % 2 == 0,
                    ply=10 + i % 100, ended_at=ended, updated_at=ended)

    total = FINISHED + RUNNING
    for first in range(0, total, BATCH):
        # bulk_create sets neither auto_now nor Game.save's turn; both are given.
        Game.objects.bulk_create(game(i) for i in range(first, min(first + BATCH, total)))
    middle = Game.objects.filter(status=Game.Status.FINISHED).order_by("pk")[FINISHED // 2]
    return {"player": users[0], "deep": keyset._encode("n", "e", middle.ended_at, middle.pk)}


def has_statistics() -> bool:
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute("SELECT count(*) FROM sqlite_master WHERE name = 'sqlite_stat1'")
            if not cursor.fetchone()[0]:
                return False
            cursor.execute("SELECT count(*) FROM sqlite_stat1 WHERE tbl = 'games_game'")
        else:
            cursor.execute("SELECT count(*) FROM pg_stats WHERE tablename = 'games_game'")
        return cursor.fetchone()[0] > 0


def list_reads(client: Client, url: str) -> list[str]:
    """The ordered reads and the counts of games a request runs, as run (with their values)."""
    sqls: list[str] = []

    def record(execute, sql, params, many, context):
        result = execute(sql, params, many, context)
        sqls.append(connection.ops.last_executed_query(context["cursor"], sql, params))
        return result

    with connection.execute_wrapper(record):
        response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    return [sql for sql in sqls if 'FROM "games_game"' in sql
            and ("ORDER BY" in sql or "COUNT(" in sql)]


def plan_of(sql: str) -> str:
    # As keyset.paginate runs its reads (PostgreSQL: the planner pin; SQLite: nothing).
    with keyset.in_index_order(), connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute("EXPLAIN QUERY PLAN " + sql)
        else:
            cursor.execute("EXPLAIN " + sql)
        return "\n".join(str(row[-1]) for row in cursor.fetchall())


# An index condition naming one player: what is read (and maybe sorted) is that player's games.
ONE_PLAYER = re.compile(r"Index Cond: \(\((white|black)_id = \d+\)")


def sorts_or_scans_all(plan: str, *, count: bool = False) -> bool:
    """count: the plan of a count capped by a LIMIT, which stops any scan in any order after the
    cap's rows; only a plan reading every match first (a sort, a bitmap scan) reads them all."""
    if connection.vendor == "sqlite":
        return ("USE TEMP B-TREE FOR ORDER BY" in plan
                or (not count and any(line.strip() == "SCAN games_game"
                                      for line in plan.splitlines())))
    if "Bitmap Heap Scan on games_game" in plan:
        return True
    if not count and "Seq Scan on games_game" in plan:
        return True
    return "Sort" in plan and not ONE_PLAYER.search(plan)


def test_every_archive_read_is_served_in_order_by_an_index_without_statistics():
    site = fill()
    assert Game.objects.filter(status=Game.Status.FINISHED).count() >= 100_000
    assert not has_statistics(), "the test needs a planner without statistics on games_game"
    player, deep = site["player"].username, site["deep"]
    anonymous, logged_in = Client(), Client()
    logged_in.force_login(site["player"])
    reads = [
        ("home", anonymous, "/"),
        ("home, logged in", logged_in, "/"),
        ("web archive", anonymous, "/archive/"),
        ("web archive, deep page", anonymous, f"/archive/?cursor={deep}"),
        ("api first page", anonymous, "/api/v1/games/"),
        ("api first page, finished", anonymous, "/api/v1/games/?status=finished"),
        ("api deep page", anonymous, f"/api/v1/games/?status=finished&cursor={deep}"),
        ("api filtered page", anonymous, "/api/v1/games/?status=finished&result=white&rated=true"),
        ("api filtered deep page", anonymous,
         f"/api/v1/games/?status=finished&result=draw&cursor={deep}"),
        ("api player's page", anonymous, f"/api/v1/games/?status=finished&player={player}"),
        ("api player's deep page", anonymous, f"/api/v1/games/?player={player}&cursor={deep}"),
        ("api player's won games", anonymous,
         f"/api/v1/games/?status=finished&player={player}&result=won"),
        ("player's page", anonymous, f"/players/{player}/"),
    ]
    bad = plans_that_sort(reads)
    assert not has_statistics()
    assert not bad, "reads that sort or scan every game:\n" + "\n".join(bad)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE games_game" if connection.vendor == "postgresql" else "ANALYZE")
    assert has_statistics()
    bad = plans_that_sort(reads)
    assert not bad, "with statistics, reads that sort or scan every game:\n" + "\n".join(bad)


def plans_that_sort(reads: list[tuple[str, Client, str]]) -> list[str]:
    bad = []
    for name, client, url in reads:
        sqls = list_reads(client, url)
        assert sqls, f"{name}: no ordered read of games ({url})"
        for sql in sqls:
            plan = plan_of(sql)
            if sorts_or_scans_all(plan, count="COUNT(" in sql):
                bad.append(f"{name} ({url}):\n  {sql}\n  {plan}")
    return bad
