"""How late do flags fall? (issue 46) N live games whose side to move sits idle; nobody sends
anything; each game's flag must fall when its clock runs out. Prints, over the N games, how
long after its deadline each game ended (`ended_at - deadline`: p50 / p95 / max) and the load
average.

The flags are the server's own: `--stack embedded` (default) runs them in this process as the
embedded server does (one timer thread, the `clocks` pool); `--stack redis` keeps each game's
deadline in the Redis sorted set a move writes and runs a server process's poller
(games.runner.poll_forever) in this process (needs REDIS_URL; a sorted set of the run's own).
It migrates DATABASE_URL (give it a scratch database; default a temporary SQLite file).

    .venv/bin/python scripts/flag_latency.py --games 50 --clock 15
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/rs_flag_bench \\
    REDIS_URL=redis://127.0.0.1:6379/6 .venv/bin/python scripts/flag_latency.py --stack redis
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

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _setup(stack: str) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "raumschach_site.settings")
    os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(40))
    os.environ.setdefault("DATABASE_URL",
                          f"sqlite:///{tempfile.mkdtemp(prefix='flag-bench-')}/db.sqlite3")
    if stack == "embedded":
        os.environ["REDIS_URL"] = ""
    elif not os.environ.get("REDIS_URL"):
        sys.exit("--stack redis needs REDIS_URL")
    else:
        os.environ["FLAG_DEADLINES_KEY"] = f"flag-bench-{secrets.token_hex(4)}"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def _poller():
    """A server process's flag poller, in this process, until the returned event is set."""
    import threading

    from django.conf import settings

    from games.runner import poll_forever

    stop = threading.Event()
    threading.Thread(target=poll_forever, args=(settings.FLAG_POLL_SECONDS, stop),
                     daemon=True).start()
    return stop


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--clock", type=int, default=15, help="seconds on each clock")
    parser.add_argument("--stack", choices=("embedded", "redis"), default="embedded")
    args = parser.parse_args()
    _setup(args.stack)

    from django.contrib.auth import get_user_model
    from django.db import transaction

    from games import services
    from games.models import Game

    poller = _poller() if args.stack == "redis" else None
    run = secrets.token_hex(3)
    users = get_user_model().objects
    deadlines = {}
    for n in range(args.games):
        white = users.create_user(f"w{run}{n}", password=secrets.token_urlsafe(16))
        black = users.create_user(f"b{run}{n}", password=secrets.token_urlsafe(16))
        with transaction.atomic():
            challenge = services.challenge_create(challenger=white, opponent=black,
                                                  color="white", days_per_move=None,
                                                  clock_limit=args.clock, clock_increment=0)
            game = services.challenge_accept(challenge=challenge, user=black)
        services.game_play_move(game=game, user=white, move="Bb2Cb2", ply=0)
        played = services.game_play_move(game=game, user=black, move="Dc4Dc3", ply=1)
        deadlines[game.pk] = played.game.deadline  # White's clock runs; nobody moves again
    until = time.monotonic() + args.clock + 60
    while time.monotonic() < until:
        if not Game.objects.filter(pk__in=deadlines, status="active").exists():
            break
        time.sleep(0.5)
    if poller is not None:
        poller.set()
        from games.services.clocks import DEADLINES

        DEADLINES.redis.delete(DEADLINES.key)
    games = list(Game.objects.filter(pk__in=deadlines))
    late = sorted((g.ended_at - deadlines[g.pk]).total_seconds() * 1000
                  for g in games if g.status != "active")
    running = sum(g.status == "active" for g in games)
    lost = sum(g.termination == "timeout" for g in games)
    print(f"stack={args.stack} games={args.games} clock={args.clock}s "
          f"flagged={lost} still running={running}")
    if late:
        p95 = late[min(len(late) - 1, int(0.95 * len(late)))]
        print(f"ended after the deadline, ms: p50 {statistics.median(late):.0f} "
              f"p95 {p95:.0f} max {late[-1]:.0f} min {late[0]:.0f}")
    print("load average:", " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
