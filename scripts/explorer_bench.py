"""How fast the opening explorer answers (not a test): fill the explorer's table of a scratch
PostgreSQL database with the counts of N games, then time reads of the endpoint.

The rows are generated directly (no games or moves are stored, and the end hook is not run):
the games are walked as a tree from the start position. At each position the games there are
shared among its moves by a Zipf law (exponent --zipf over the legal moves in a seeded random
order: the favourite takes about a third, as openings go), a game ends before the counted depth
with a small chance per ply from ply 10 on, and results are drawn per game (White 45 %, draws
15 %, Black 40 %). While a position holds at least --real games its moves are the engine's (so
the popular positions, which have the most rows, are real positions with real keys, moves and
text, and transpositions merge as in the site); below that, where lines thin out to one game
each, keys and moves are drawn at random (those positions hold a row or two, like a real
archive's). One row per (position, move, source), as explorer.services writes them, written by
COPY with the unique index in place, as a site's table grows.

No ANALYZE is run by hand: the reads are timed first as the table is after the bulk load (no
planner statistics for it), then after the site's own job (core.statistics.statistics_refresh,
which runs after migrate and every 10 minutes) has run, and the plan of the read is printed for
each. Autovacuum may analyse the table meanwhile; the first line says whether it has.

Reads are timed in this process through Django's test client (request to rendered JSON: the
server's time without the network) and the selector alone, --repeat times after one warm-up;
medians and 95th percentiles are printed.

    export DATABASE_URL=postgres://postgres@127.0.0.1:5432/rs_explorer  # a scratch database
    .venv/bin/python manage.py migrate -v0
    .venv/bin/python scripts/explorer_bench.py --games 200000 --bot-games 50000
"""
from __future__ import annotations

import argparse
import bisect
import itertools
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLIES = 30
RESULTS = ("white", "draws", "black")
RESULT_WEIGHTS = (0.45, 0.60, 1.0)  # cumulative: 45 % White, 15 % draws, 40 % Black
MASK = (1 << 64) - 1


def setup_django() -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "raumschach_site.settings")
    os.environ.setdefault("DEBUG", "1")  # a scratch database: no secret key needed
    os.environ.setdefault("DB_CONN_MAX_AGE", "600")
    os.environ.setdefault("RATE_LIMIT_EXPLORER", "0/60")  # timing, not limiting
    import django

    django.setup()


class Tree:
    """Walks N games down the tree and yields the explorer's rows
    (key, variant, source, move, san, games, white, draws, black)."""

    def __init__(self, *, variant, source: str, zipf: float, real: int, seed: int) -> None:
        from explorer.lines import signed_key

        self.variant, self.source, self.zipf, self.real = variant, source, zipf, real
        self.rng = random.Random(seed)
        self.signed = signed_key
        self.merged: dict[tuple, list] = {}  # rows of real positions (transpositions meet)
        self.cum: dict[int, list[float]] = {}
        names = variant.geometry.names
        self.fake_moves = [f"{a}{b}" for a, b in itertools.islice(
            ((self.rng.choice(names), self.rng.choice(names)) for _ in itertools.count()), 4000)]

    def weights(self, n: int) -> list[float]:
        if n not in self.cum:
            self.cum[n] = list(itertools.accumulate(1 / (i + 1) ** self.zipf for i in range(n)))
        return self.cum[n]

    def share(self, games: int, choices: int) -> list[int]:
        """How many of `games` take each of `choices` moves (Zipf by rank)."""
        cum = self.weights(choices)
        counts = [0] * choices
        top = cum[-1]
        for _ in range(games):
            counts[bisect.bisect_left(cum, self.rng.random() * top)] += 1
        return counts

    def result(self) -> int:
        return bisect.bisect_left(RESULT_WEIGHTS, self.rng.random())

    def ends_here(self, ply: int) -> bool:
        return ply >= 10 and self.rng.random() < 0.012

    def walk(self, games: int):
        import engine

        yield from self._real(engine.Position.start(self.variant), games, 0)
        for (key, move), (san, n, w, d, b) in self.merged.items():
            yield (key, self.variant.key, self.source, move, san, n, w, d, b)

    def _split(self, games: int, ply: int) -> tuple[int, list[int]]:
        """(games ending here, their results as counts)"""
        ending = sum(1 for _ in range(games) if self.ends_here(ply))
        totals = [0, 0, 0]
        for _ in range(ending):
            totals[self.result()] += 1
        return ending, totals

    def _real(self, pos, games: int, ply: int):
        """Rows below a real position reached by `games` games (yields fake-part rows, keeps
        real rows in self.merged); returns its games' results through the generator's value."""
        ending, totals = self._split(games, ply)
        going = games - ending
        if ply == PLIES or not going:
            for _ in range(going):
                totals[self.result()] += 1
            return totals
        moves = pos.legal_moves()
        order = list(range(len(moves)))
        self.rng.shuffle(order)
        key = self.signed(pos.zobrist)
        for rank, n in enumerate(self.share(going, len(moves))):
            if not n:
                continue
            move = moves[order[rank]]
            coord, san = pos.coord(move), pos.san(move)
            if n >= self.real:
                pos.push(move)
                below = yield from self._real(pos, n, ply + 1)
                pos.pop()
            else:
                below = yield from self._fake(n, ply + 1)
            entry = self.merged.setdefault((key, coord), [san, 0, 0, 0, 0])
            entry[1] += n
            for i in range(3):
                entry[2 + i] += below[i]
                totals[i] += below[i]
        return totals

    def _fake(self, games: int, ply: int):
        ending, totals = self._split(games, ply)
        going = games - ending
        if ply == PLIES or not going:
            for _ in range(going):
                totals[self.result()] += 1
            return totals
        key = self.signed(self.rng.getrandbits(64))
        choices = self.rng.randint(20, 60)
        for rank, n in enumerate(self.share(going, choices)):
            if not n:
                continue
            move = self.fake_moves[self.rng.randrange(len(self.fake_moves))]
            move = f"{move}{rank}" if rank else move  # distinct moves of one position
            below = yield from self._fake(n, ply + 1)
            yield (key, self.variant.key, self.source, move, move, n, *below)
            for i in range(3):
                totals[i] += below[i]
        return totals


def fill(args) -> dict:
    from django.core.management import call_command
    from django.db import connection

    import engine
    from explorer.models import ExplorerMove

    table = ExplorerMove._meta.db_table
    columns = ("key", "variant", "source", "move", "san", "games", "white", "draws", "black")
    variant = engine.VARIANTS[args.variant]
    written = {}
    # A new table (the explorer's migrations undone and done again): no rows and no planner
    # statistics left from an earlier run, as on a site whose table grew from nothing.
    call_command("migrate", "explorer", "zero", verbosity=0)
    call_command("migrate", "explorer", verbosity=0)
    connection.ensure_connection()
    for source, games, seed in (("players", args.games, args.seed), ("bots", args.bot_games, args.seed + 1)):
        if not games:
            continue
        started = time.perf_counter()
        tree = Tree(variant=variant, source=source, zipf=args.zipf, real=args.real, seed=seed)
        count = 0
        with connection.connection.cursor() as cursor:
            with cursor.copy(f"COPY {table} ({', '.join(columns)}) FROM STDIN") as copy:
                for row in tree.walk(games):
                    copy.write_row(row)
                    count += 1
        connection.connection.commit()
        written[source] = count
        print(f"{source}: {games:,} games -> {count:,} rows in {time.perf_counter() - started:.0f} s", flush=True)
    return written


def positions(variant_key: str) -> list[tuple[str, str]]:
    """(name, fen) of the positions read: the start (the most rows), two plies down the most
    played line, the deepest position of that line that has rows (below it the generator's
    positions are drawn at random, without a position string), and one no game reached."""
    import engine
    from explorer.lines import signed_key
    from explorer.models import ExplorerMove

    variant = engine.VARIANTS[variant_key]
    pos = engine.Position.start(variant)
    found = [("start position", pos.fen())]
    deepest = None
    for ply in range(1, PLIES):
        rows = ExplorerMove.objects.filter(key=signed_key(pos.zobrist), variant=variant_key, source="players")
        best = rows.order_by("-games").first()
        if best is None:
            break
        if ply > 1:
            deepest = (f"after {ply - 1} plies of the most played line", pos.fen())
        if ply == 3:
            found.append(deepest)
        pos.push(engine.Move.from_coord(best.move, variant))
    if deepest is not None and deepest not in found:
        found.append(deepest)
    unseen = engine.Position.start(variant)
    for coord in ("Bb2Bb3", "Dd4Dd3", "Ba2Ba3", "Da4Da3") if variant_key == "raumschach" else ():
        unseen.push(engine.Move.from_coord(coord, variant))
    found.append(("a position with no rows", unseen.fen()))
    return found


def statistics_state(table: str) -> str:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT EXISTS (SELECT 1 FROM pg_statistic WHERE starelid = %s::regclass)", [table])
        has = cursor.fetchone()[0]
        cursor.execute("SELECT last_analyze, last_autoanalyze FROM pg_stat_user_tables WHERE relname = %s", [table])
        last = cursor.fetchone()
    return f"statistics: {'yes' if has else 'none'} (last analyze {last[0]}, last autoanalyze {last[1]})"


def plan(variant_key: str, fen: str) -> str:
    from django.db import connection

    import engine
    from explorer.lines import signed_key
    from explorer.models import ExplorerMove

    pos = engine.Position.from_fen(fen, engine.VARIANTS[variant_key])
    query = (ExplorerMove.objects.filter(key=signed_key(pos.zobrist), variant=variant_key, source="players")
             .order_by("-games", "move").values("move", "san", "games", "white", "draws", "black"))
    sql, params = query.query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute("EXPLAIN (ANALYZE, BUFFERS) " + sql, params)
        return "\n".join("      " + line for (line,) in cursor.fetchall())


def time_reads(variant_key: str, repeat: int) -> None:
    from django.test import Client

    import engine
    from explorer import selectors

    client = Client()
    variant = engine.VARIANTS[variant_key]
    for name, fen in positions(variant_key):
        url = "/api/v1/explorer/"
        query = {"variant": variant_key, "fen": fen}
        first = client.get(url, query)
        assert first.status_code == 200, first.content[:300]
        body = first.json()
        api_ms, api_cpu, sel_ms, sel_cpu = [], [], [], []
        for _ in range(repeat):
            started, cpu = time.perf_counter(), time.thread_time()
            response = client.get(url, query)
            api_ms.append((time.perf_counter() - started) * 1000)
            api_cpu.append((time.thread_time() - cpu) * 1000)
            assert response.status_code == 200
            started, cpu = time.perf_counter(), time.thread_time()
            selectors.explorer_moves(variant=variant, position=selectors.parse_position(fen, variant),
                                     source="players")
            sel_ms.append((time.perf_counter() - started) * 1000)
            sel_cpu.append((time.thread_time() - cpu) * 1000)
        print(f"  {name}: {len(body['moves'])} moves, {body['games']:,} games")
        # Wall time includes waiting for the CPU and for PostgreSQL's process on a loaded
        # machine; CPU time is this process's own work (PostgreSQL's: the plan's Execution Time).
        for label, values in (("endpoint wall", api_ms), ("endpoint CPU", api_cpu),
                              ("selector wall", sel_ms), ("selector CPU", sel_cpu)):
            values.sort()
            print(f"    {label}: median {statistics.median(values):.2f} ms, "
                  f"p95 {values[int(len(values) * 0.95) - 1]:.2f} ms, max {values[-1]:.2f} ms")
        print(plan(variant_key, fen))


def time_hook(games: int, plies: int) -> None:
    """The end hook's cost: `games` games of `plies` random legal moves played through the
    services (their ends are counted as on the site), then each game counted again inside a
    transaction that is rolled back (its ExplorerGame row removed first): read, replay, claim
    and the upserts into the filled table, commit excepted."""
    from django.contrib.auth import get_user_model
    from django.db import transaction

    import engine
    from explorer.models import ExplorerGame
    from explorer.services import explorer_count_game
    from games import services
    from games.models import Game

    rng = random.Random(7)
    User = get_user_model()
    white, _ = User.objects.get_or_create(username="explorer-bench-w")
    black, _ = User.objects.get_or_create(username="explorer-bench-b")
    ids = []
    for _ in range(games):
        game = Game.objects.create(white=white, black=black)
        for ply in range(plies):
            pos = engine.Position.from_fen(game.fen)
            moves = pos.legal_moves()
            if not moves:
                break
            services.game_play_move(game=game, user=white if ply % 2 == 0 else black,
                                    move=pos.coord(rng.choice(moves)), ply=ply)
            game.refresh_from_db()
        if game.status == Game.Status.ACTIVE:
            services.game_resign(game=game, user=white if game.turn == "white" else black)
        ids.append(game.pk)
    wall, cpu = [], []
    for game_id in ids:
        with transaction.atomic():
            ExplorerGame.objects.filter(game_id=game_id).delete()
            started, used = time.perf_counter(), time.thread_time()
            assert explorer_count_game(game_id=game_id)
            wall.append((time.perf_counter() - started) * 1000)
            cpu.append((time.thread_time() - used) * 1000)
            transaction.set_rollback(True)
    print(f"end hook, {len(ids)} games of {plies} plies: wall median {statistics.median(wall):.2f} ms "
          f"(max {max(wall):.2f}), CPU median {statistics.median(cpu):.2f} ms; load {os.getloadavg()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200_000, help="games between people")
    parser.add_argument("--bot-games", type=int, default=50_000, help="games with a bot")
    parser.add_argument("--variant", default="raumschach")
    parser.add_argument("--zipf", type=float, default=1.1)
    parser.add_argument("--real", type=int, default=100,
                        help="positions with at least this many games are the engine's")
    parser.add_argument("--seed", type=int, default=41)
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--reuse", action="store_true", help="time the rows already there")
    parser.add_argument("--hook", type=int, default=20,
                        help="games whose counting is timed after the reads (0: none)")
    args = parser.parse_args()
    setup_django()
    from django.db import connection

    from core.statistics import statistics_refresh
    from explorer.models import ExplorerMove

    if connection.vendor != "postgresql":
        sys.exit("explorer_bench.py measures PostgreSQL: set DATABASE_URL=postgres://...")
    table = ExplorerMove._meta.db_table
    if not args.reuse:
        fill(args)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT count(*), pg_size_pretty(pg_total_relation_size('{table}')) FROM {table}")
        rows, size = cursor.fetchone()
    print(f"{rows:,} rows, {size} with its indexes; load: {os.getloadavg()}")
    print(statistics_state(table))
    time_reads(args.variant, args.repeat)
    analysed = statistics_refresh()
    print(f"after the site's statistics job (analysed: {', '.join(analysed) or 'nothing due'}); "
          f"{statistics_state(table)}")
    time_reads(args.variant, args.repeat)
    print(f"load: {os.getloadavg()}")
    if args.hook:
        time_hook(args.hook, 40)


if __name__ == "__main__":
    main()
