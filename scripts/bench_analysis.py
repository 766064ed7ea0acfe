"""Game analysis benchmark (issue 27; not a test): the CPU time of analysing an 80-ply game at
the default budget (settings ANALYSIS_DEPTH / ANALYSIS_NODES), median of --runs, and the time
to read the stored analysis through the REST endpoint, median of --reads.

    nice -n 10 python scripts/bench_analysis.py [--plies 80] [--runs 3] [--reads 50]

The game: the Normal level (depth 4, seeded noise) against itself from the start position, the
same game every run (fixed seeds). The analysis runs in this process on the core that plays
the variant (native when built), one thread: its CPU time is one core's. The read: a fresh
SQLite database in a temporary folder (or DATABASE_URL), the game and its analysis stored
as the job stores them, GET /api/v1/games/<id>/analysis/ through Django's full stack
(middleware, DRF, serializer; no network) with DEBUG off.
"""
from __future__ import annotations

import argparse
import os
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def play_game(plies: int) -> list[str]:
    from engine import Position
    from engine.search import choose_move

    position, coords = Position.start(), []
    while len(coords) < plies and position.outcome() is None:
        move = choose_move(position, 2, seed=1000 + len(coords)).move
        coords.append(position.coord(move))
        position.push(move)
    return coords


def bench_analysis(coords: list[str], runs: int):
    import engine
    from django.conf import settings

    from analysis.runner import Budget, analyse_game
    from analysis.services import budget

    if runs == 0:  # --runs 0: the read only, from a cheap analysis (the stored size is alike)
        return analyse_game(engine.RAUMSCHACH, engine.START_FEN, coords,
                            Budget(depth=None, nodes=20_000))[0]
    search = budget()
    times, walls, found = [], [], None
    for _ in range(runs):
        cpu, wall = time.process_time(), time.perf_counter()
        found, core = analyse_game(engine.RAUMSCHACH, engine.START_FEN, coords, search)
        times.append(time.process_time() - cpu)
        walls.append(time.perf_counter() - wall)
    depths = sorted(e.depth for e in found if e.best)
    print(f"analysis of {len(coords)} plies ({len(found)} positions), core {core}, "
          f"ANALYSIS_NODES={settings.ANALYSIS_NODES} ANALYSIS_DEPTH={settings.ANALYSIS_DEPTH}: "
          f"CPU s per run {[round(t, 2) for t in times]}, median {statistics.median(times):.2f} s "
          f"(wall median {statistics.median(walls):.2f} s); depth reached median "
          f"{statistics.median(depths)}, min {depths[0]}, max {depths[-1]}")
    return found


def bench_read(coords: list[str], evals, reads: int) -> None:
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client
    from django.utils import timezone

    from analysis.models import GameAnalysis
    from analysis.review import review_game
    from games import selectors as game_selectors
    from games import services
    from games.models import Game

    call_command("migrate", "--noinput", verbosity=0)
    users = get_user_model().objects
    white = users.create_user(f"bench-w-{secrets.token_hex(3)}")
    black = users.create_user(f"bench-b-{secrets.token_hex(3)}")
    game = Game.objects.create(white=white, black=black)
    for ply, coord in enumerate(coords):
        game = services.game_play_move(game=game, user=(white, black)[ply % 2], move=coord,
                                       ply=ply).game
    game = services.game_resign(game=Game.objects.get(pk=game.pk), user=white)
    review = review_game(evals, game_selectors.game_moves(game), white_first=True)
    GameAnalysis.objects.create(
        game=game, requested_by=white, requested_at=timezone.now(), status="done",
        progress=len(evals), total=len(evals), core="native", moves=review.moves,
        start_eval_cp=review.start.cp, start_mate=review.start.mate,
        white_accuracy=review.accuracy["white"], black_accuracy=review.accuracy["black"])
    client = Client()
    url = f"/api/v1/games/{game.public_id}/analysis/"
    for _ in range(5):  # warm-up: the first requests import and compile
        assert client.get(url).status_code == 200
    times, cpus = [], []
    for _ in range(reads):
        start, cpu = time.perf_counter(), time.process_time()
        response = client.get(url)
        cpus.append((time.process_time() - cpu) * 1000)
        times.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200 and len(response.json()["moves"]) == len(coords)
    print(f"GET {url} ({len(response.content)} bytes, {len(coords)} moves) over {reads} reads: "
          f"wall median {statistics.median(times):.2f} ms (p90 "
          f"{sorted(times)[int(reads * 0.9) - 1]:.2f} ms), CPU median "
          f"{statistics.median(cpus):.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--plies", type=int, default=80)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--reads", type=int, default=50)
    args = parser.parse_args()
    os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))
    os.environ.pop("REDIS_URL", None)  # no broker, no Redis channel layer: nothing leaves
    os.environ["DEBUG"] = "0"  # DEBUG records every query; the site runs without it
    workdir = tempfile.mkdtemp(prefix="bench-analysis-")
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{workdir}/db.sqlite3")
    os.environ["DJANGO_SETTINGS_MODULE"] = "raumschach_site.settings"
    import django

    django.setup()
    coords = play_game(args.plies)
    evals = bench_analysis(coords, args.runs)
    bench_read(coords, evals, args.reads)
    print(f"load: {os.getloadavg()}")


if __name__ == "__main__":
    main()
