"""How list reads and moves scale (not a test): run it on a database filled by
scripts/fill_archive.py, once small and once large, and compare.

Reads (`--part reads`): requests handled in this process by Django's test client, timed from
the request to the rendered answer (the server's time without the network; wall time, and this
process's CPU time, which a loaded machine inflates less; on PostgreSQL also the database's
own execution and planning time of the request's queries, by EXPLAIN ANALYZE): the archive's
first page, a page deep in it by cursor, a filtered page and a player's page (API), the web
archive, the home page, a profile (page and API) and the leaderboard. Each is read once to warm
up, then --repeat times; the median is printed with the plan of its list queries (EXPLAIN on
PostgreSQL, EXPLAIN QUERY PLAN on SQLite), flagged when the plan sorts instead of reading an
index in order. The first line says what statistics the planner has for the games table (none,
on a database filled by fill_archive without --analyze: as a grown site has).

Moves (`--part moves`): as scripts/move_cpu.py, one Daphne process and REST moves with both
players' sockets open; server CPU per move over --moves moves from ply 10 and from ply 200 of a
game that goes on (a fixed random line checked with the engine), alternated, --runs times.

    export DATABASE_URL=postgres://postgres@127.0.0.1:5432/rs_flat_1m REDIS_URL=redis://127.0.0.1:6379/8
    .venv/bin/python scripts/archive_bench.py --part reads
    .venv/bin/python scripts/archive_bench.py --part moves --runs 3
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "raumschach_site.settings")
    # Reads are timed on a kept connection: opening one per request (the PostgreSQL default
    # without DB_POOL_MAX) costs the same at any size and would only blur the comparison.
    os.environ.setdefault("DB_CONN_MAX_AGE", "600")
    os.environ.setdefault("DEBUG", "1")
    import django

    django.setup()


# ---- reads -----------------------------------------------------------------------------------

def read_targets() -> list[tuple[str, str, str]]:
    """(name, URL, who reads it): "anon", "session" (the player logged in) or "bearer" (the
    player's token, as a bot or board client sends it)."""
    from django.contrib.auth import get_user_model

    from chat.models import ChatMessage
    from games import keyset
    from games.models import Game

    ended = Game.objects.filter(status=Game.Status.FINISHED, ended_at__isnull=False)
    first, last = ended.order_by("pk").values_list("pk", flat=True)[:1][0], \
        ended.order_by("-pk").values_list("pk", flat=True)[:1][0]
    middle = ended.filter(pk__gte=(first + last) // 2).order_by("pk").first()
    # The cursor a client would hold after following `next` to the middle of the archive.
    deep = keyset._encode("n", "e", middle.ended_at, middle.pk)
    player = (get_user_model().objects.filter(username__startswith="fill")
              .order_by("pk").values_list("username", flat=True).first())
    # The game whose players' room holds the most lines (fill_archive's busy game).
    chatty = (ChatMessage.objects.filter(room="players").order_by("-game_id")
              .values_list("game__public_id", flat=True).first())
    others = ",".join(get_user_model().objects.filter(username__startswith="fill")
                      .order_by("pk").values_list("username", flat=True)[:20])
    return [
        ("api first page", "/api/v1/games/?status=finished", "anon"),
        ("api deep page (cursor)", f"/api/v1/games/?status=finished&cursor={deep}", "anon"),
        ("api filtered page", "/api/v1/games/?status=finished&result=white&rated=true", "anon"),
        ("api player's page", f"/api/v1/games/?status=finished&player={player}", "anon"),
        ("api player's deep page", f"/api/v1/games/?player={player}&cursor={deep}", "anon"),
        ("web archive", "/archive/", "anon"),
        ("web archive deep (cursor)", f"/archive/?cursor={deep}", "anon"),
        ("web home", "/", "anon"),
        ("web home, logged in", "/", "session"),
        ("web profile", f"/players/{player}/", "anon"),
        ("api profile", f"/api/v1/users/{player}/", "anon"),
        ("api leaderboard", "/api/v1/leaderboard/", "anon"),
        ("api lobby (seeks)", "/api/v1/seeks/", "anon"),
        ("api challenges (pending)", "/api/v1/challenges/", "session"),
        ("api chat history", f"/api/v1/games/{chatty}/chat/", "chat"),
        ("bot api account/playing", "/api/account/playing", "bearer"),
        ("bot api challenge list", "/api/challenge", "bearer"),
        ("bot api users/status (20)", f"/api/users/status?ids={others}&withGameIds=true",
         "anon"),
        ("bot api user", f"/api/user/{player}", "anon"),
        ("bot api bot/online", "/api/bot/online", "anon"),
    ]


def clients() -> dict:
    """A test client per kind of reader: anonymous, the bench player logged in, the player's
    token, and a player of the chat game."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    from accounts.services import api_token_create
    from chat.models import ChatMessage

    users = get_user_model().objects
    player = users.filter(username__startswith="fill").order_by("pk").first()
    session = Client(HTTP_HOST="127.0.0.1")
    session.force_login(player)
    _, raw = api_token_create(user=player, name="archive_bench")
    chatty = (ChatMessage.objects.filter(room="players").select_related("game")
              .order_by("-game_id").first().game)
    chat = Client(HTTP_HOST="127.0.0.1")
    chat.force_login(chatty.white)
    return {"anon": Client(HTTP_HOST="127.0.0.1"), "session": session, "chat": chat,
            "bearer": Client(HTTP_HOST="127.0.0.1", HTTP_AUTHORIZATION=f"Bearer {raw}")}


# The tables whose lists grow with the site; an ordered read of one is a list read.
LISTED = ('"games_game"', '"games_challenge"', '"chat_chatmessage"', '"ratings_rating"')


def _sorts(plan: str, vendor: str) -> bool:
    if vendor == "sqlite":
        return "TEMP B-TREE FOR ORDER BY" in plan
    return any(line.strip().startswith(("Sort ", "-> Sort ")) for line in plan.splitlines())


def planned_as_run(pinned: bool):
    """The planner settings a read ran with: games.keyset pins the archive's reads' plans on
    PostgreSQL (SET LOCAL), and a read replayed under EXPLAIN must get the same."""
    from contextlib import nullcontext

    from games.keyset import in_index_order

    return in_index_order() if pinned else nullcontext()


def explain(sql: str, pinned: bool = False) -> str:
    from django.db import connection

    prefix = "EXPLAIN QUERY PLAN " if connection.vendor == "sqlite" else "EXPLAIN "
    with planned_as_run(pinned), connection.cursor() as cursor:
        cursor.execute(prefix + sql)
        rows = cursor.fetchall()
    return "\n".join(str(row[-1]) for row in rows)


def executed_ms(sql: str, pinned: bool = False) -> float:
    """PostgreSQL's own execution time of a read (EXPLAIN ANALYZE), apart from this process."""
    from django.db import connection

    if not sql.lstrip().upper().startswith("SELECT") or "set_config(" in sql:
        return 0.0
    with planned_as_run(pinned), connection.cursor() as cursor:
        cursor.execute("EXPLAIN ANALYZE " + sql)
        lines = [row[0] for row in cursor.fetchall()]
    return sum(float(line.split(":")[1].split()[0]) for line in lines
               if line.startswith(("Execution Time", "Planning Time")))


def statistics_state() -> str:
    """What the planner knows of the games table: the figures mean little without saying so
    (issue 38: fill_archive's ANALYZE had hidden plans that sorted every finished game)."""
    from django.db import connection

    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute("SELECT count(*) FROM sqlite_master WHERE name = 'sqlite_stat1'")
            if not cursor.fetchone()[0]:
                return "no statistics (never analysed)"
            cursor.execute("SELECT count(*) FROM sqlite_stat1 WHERE tbl = 'games_game'")
            rows = cursor.fetchone()[0]
            return f"sqlite_stat1 rows for games_game: {rows}" if rows else \
                "no statistics for games_game"
        cursor.execute("SELECT last_analyze, last_autoanalyze FROM pg_stat_user_tables "
                       "WHERE relname = 'games_game'")
        manual, auto = cursor.fetchone()
        cursor.execute("SELECT count(*) FROM pg_stats WHERE tablename = 'games_game'")
        columns = cursor.fetchone()[0]
        cursor.execute("SELECT reloptions FROM pg_class WHERE relname = 'games_game'")
        options = cursor.fetchone()[0] or []
        return (f"column statistics for games_game: {columns}; last analyze {manual}, "
                f"last autoanalyze {auto}; table options {options}")


def time_reads(repeat: int, show_plans: bool, only: str = "") -> None:
    from django.db import connection

    readers = clients()
    count = __import__("games.models", fromlist=["Game"]).Game.objects.count()
    print(f"{connection.vendor}: {count} games; medians of {repeat}, "
          f"load average {os.getloadavg()[0]:.2f}; {statistics_state()}")
    for name, url, who in read_targets():
        if only not in name:
            continue
        client = readers[who]
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code, response.content[:300])
        times, cpu = [], []
        for _ in range(repeat):
            began, began_cpu = time.perf_counter(), time.process_time()
            client.get(url)
            times.append((time.perf_counter() - began) * 1000)
            cpu.append((time.process_time() - began_cpu) * 1000)
        captured: list[tuple[str, bool]] = []

        def record(execute, sql, params, many, context):
            # As run, with its parameters (runnable again under EXPLAIN), and whether the
            # planner pin was on (asked on the raw connection, past this wrapper).
            result = execute(sql, params, many, context)
            pinned = False
            if connection.vendor == "postgresql":
                with context["connection"].connection.cursor() as raw:
                    raw.execute("SELECT current_setting('enable_sort')")
                    pinned = raw.fetchone()[0] == "off"
            captured.append((connection.ops.last_executed_query(context["cursor"], sql, params),
                             pinned))
            return result

        with connection.execute_wrapper(record):
            client.get(url)
        lists = [(sql, pinned) for sql, pinned in captured if "ORDER BY" in sql and any(
            table in sql for table in LISTED)]
        plans = [explain(sql, pinned) for sql, pinned in lists]
        db = sum(executed_ms(sql, pinned) for sql, pinned in captured) \
            if connection.vendor != "sqlite" else None
        flag = "SORTS" if any(_sorts(plan, connection.vendor) for plan in plans) else "index order"
        in_db = f", {db:.2f} ms in the database" if db is not None else ""
        print(f"  {name:28s} {statistics.median(times):7.2f} ms wall, "
              f"{statistics.median(cpu):6.2f} ms CPU  "
              f"({len(captured)} queries{in_db}; list plans: {flag})", flush=True)
        if show_plans:
            for (sql, _), plan in zip(lists, plans):
                print("    SQL:", sql[:300])
                print("\n".join("      " + line for line in plan.splitlines()))


# ---- moves -----------------------------------------------------------------------------------

def long_line(plies: int, seed: int) -> list[str]:
    """A random line of legal moves that leaves the game running for `plies` plies."""
    import engine

    while True:
        rng, position, line = random.Random(seed), engine.Position.start(), []
        for _ in range(plies):
            move = rng.choice(position.legal_moves())
            line.append(move.coord())
            position.push(move)
            if position.is_game_over():
                break
        else:
            return line
        seed += 1000


async def play_line(http, game: dict, tokens: tuple, line: list[str], start: int,
                    stop: int) -> None:
    for ply in range(start, stop):
        status, body = await http.request("POST", f"/api/v1/games/{game['id']}/moves/",
                                          {"move": line[ply], "ply": ply}, tokens[ply % 2])
        if status != 201:
            raise SystemExit(f"move {line[ply]} at ply {ply} refused: {status} {body}")


async def measure_moves(args, games: list[dict], base: str, pid: int) -> dict[int, list[float]]:
    import loadtest
    from move_cpu import cpu_seconds

    await loadtest.wait_until_up(loadtest.HttpConnection(base))
    http = loadtest.HttpConnection(base)
    ws_base = base.replace("http://", "ws://", 1)
    line = long_line(200 + args.moves + 1, args.seed)
    figures: dict[int, list[float]] = {10: [], 200: []}
    sockets = []
    for run in range(args.runs):
        for at in (10, 200) if run % 2 == 0 else (200, 10):
            game = games.pop()
            tokens = (game["white"], game["black"])
            await play_line(http, game, tokens, line, 0, at)  # not measured
            for token in tokens:  # both players watch, as in a browser
                player = loadtest.Player(token)
                await player.connect(ws_base, game["id"])
                await asyncio.wait_for(player.state, loadtest.BOOT_TIMEOUT)
                sockets.append(player)
            before = cpu_seconds(pid)
            await play_line(http, game, tokens, line, at, at + args.moves)
            await asyncio.sleep(0.2)  # the pushes of the last move
            per_move = (cpu_seconds(pid) - before) / args.moves * 1000
            figures[at].append(per_move)
            print(f"  run {run + 1}: ply {at}-{at + args.moves}: {per_move:.2f} ms CPU/move "
                  f"(load average {os.getloadavg()[0]:.2f})", flush=True)
    http.close()
    for player in sockets:
        await player.socket.close()
    return figures


def time_moves(args) -> None:
    import loadtest

    os.environ.setdefault("SHOWCASE_ENABLED", "0")
    os.environ.setdefault("BOTS_RESUME_ON_START", "0")
    games = loadtest.create_games(2 * args.runs)
    processes, base = loadtest.start_servers(
        1, Path(tempfile.gettempdir()) / f"archive-bench-daphne-{os.getpid()}.log")
    try:
        figures = asyncio.run(measure_moves(args, games, base, processes[0].pid))
    finally:
        loadtest.stop_servers(processes)
    low, high = statistics.median(figures[10]), statistics.median(figures[200])
    print(f"REST move, server CPU: ply 10 {low:.2f} ms, ply 200 {high:.2f} ms "
          f"(medians of {args.runs}; ply 200 / ply 10 = {high / low:.2f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--part", choices=["reads", "moves", "all"], default="all")
    parser.add_argument("--repeat", type=int, default=7, help="reads: timed reads of each")
    parser.add_argument("--plans", action="store_true", help="reads: print the plans")
    parser.add_argument("--only", default="", help="reads: those whose name contains this")
    parser.add_argument("--runs", type=int, default=3, help="moves: runs at each ply")
    parser.add_argument("--moves", type=int, default=40, help="moves: measured per run")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    setup_django()
    if args.part in ("reads", "all"):
        time_reads(args.repeat, args.plans, args.only)
    if args.part in ("moves", "all"):
        time_moves(args)


if __name__ == "__main__":
    main()
