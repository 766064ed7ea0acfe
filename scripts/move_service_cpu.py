"""Thread CPU of the move service alone (not a test): `games.services.game_play_move` called in
this process, as the server's database thread calls it, for random legal moves of fresh games,
and the CPU time of this thread per move - with parts of its work left out, to see what each
costs (scripts/move_cpu.py measures the whole server process instead).

    export DATABASE_URL=postgres://postgres@127.0.0.1:5432/<scratch db> \
           REDIS_URL=redis://127.0.0.1:6379/<n>
    .venv/bin/python manage.py migrate -v0
    .venv/bin/python scripts/move_service_cpu.py --moves 300 --rounds 3 \
        --parts all,orm-writes,no-signals,no-publish,no-flag-timer,bare --clock 300+5

Parts: all (as the server runs it); orm-writes (the game row's update and the move row's
insert through the ORM's update() and create(), as before core.prepared_writes); no-signals
(turn_passed's listeners - the bot check, notify, conditional moves - not called);
no-publish (the move event not handed to the channel layer); no-flag-timer (a live game's
flag timer not scheduled: games.services.clocks.flag_schedule, with REDIS_URL one ZADD per move
in the deadlines' sorted set, a Celery task with an ETA before); bare (none of the three). Each round runs
every part once, in turn, so a busy machine's load falls on all of them alike; the median
per part is printed. `--clock 300+5` plays live games (the clock's charge included).
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PARTS = ("all", "orm-writes", "no-signals", "no-publish", "no-flag-timer", "bare")


def setup():
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "raumschach_site.settings")
    os.environ.setdefault("FIRST_MOVE_SECONDS", "86400")  # games wait while others are played
    import django

    django.setup()


def patched(part: str):
    """Leave out what `part` names; returns a function that puts everything back."""
    from games import events, signals
    from games.models import Game, Move
    from games.services import clocks, play

    saved = (signals.send_after_commit, events.publish_move, play._UPDATE_ACTIVE,
             play._INSERT_MOVE, clocks.flag_schedule)

    class OrmUpdate:
        def update(self, *, where, values):
            pk, ply, status = where
            return Game.objects.filter(pk=pk, ply=ply, status=status).update(**values)

    class OrmInsert:
        def insert(self, **values):
            Move.objects.create(**values)

    if part in ("no-signals", "bare"):
        signals.send_after_commit = lambda **kwargs: None
    if part in ("no-publish", "bare"):
        events.publish_move = lambda **kwargs: None
    if part in ("no-flag-timer", "bare"):
        clocks.flag_schedule = lambda **kwargs: None
    if part == "orm-writes":
        play._UPDATE_ACTIVE, play._INSERT_MOVE = OrmUpdate(), OrmInsert()

    def restore() -> None:
        (signals.send_after_commit, events.publish_move, play._UPDATE_ACTIVE,
         play._INSERT_MOVE, clocks.flag_schedule) = saved

    return restore


def measure(moves: int, *, clock: tuple[int, int] | None, seed: int, label: str) -> float:
    """Thread CPU ms per move over `moves` moves of fresh games."""
    from django.contrib.auth import get_user_model

    import engine
    from games import selectors, services

    users = get_user_model()
    run = uuid.uuid4().hex[:6]
    rng = random.Random(seed)
    timing = {"clock_limit": clock[0], "clock_increment": clock[1]} if clock else {}
    played, cpu, index = 0, 0.0, 0
    while played < moves:
        white = users.objects.create_user(username=f"ms{run}{label[:3]}w{index}")
        black = users.objects.create_user(username=f"ms{run}{label[:3]}b{index}")
        index += 1
        challenge = services.challenge_create(challenger=white, opponent=black, color="white",
                                              days_per_move=None, **timing)
        game = services.challenge_accept(challenge=challenge, user=black)
        legal = [m.coord() for m in engine.Position.from_fen(game.fen).legal_moves()]
        for ply in range(40):
            started = time.thread_time()
            result = services.game_play_move(game=selectors.game_ref(game_id=game.pk),
                                             user=white if ply % 2 == 0 else black,
                                             move=rng.choice(legal), ply=ply)
            cpu += time.thread_time() - started
            played += 1
            legal = result.legal_moves
            if not legal or played >= moves:
                break
    return cpu / played * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--parts", default="all,orm-writes", help=f"comma list of {PARTS}")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--clock", default="", help="LIMIT+INCREMENT: live games")
    args = parser.parse_args()
    parts = args.parts.split(",")
    if any(part not in PARTS for part in parts):
        parser.error(f"parts are {', '.join(PARTS)}")
    clock = tuple(int(x) for x in args.clock.split("+")) if args.clock else None
    setup()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    measure(30, clock=clock, seed=0, label="warm")  # compiled queries, imports, connections
    figures: dict[str, list[float]] = {part: [] for part in parts}
    for round_ in range(args.rounds):
        for part in parts:
            restore = patched(part)
            try:
                figures[part].append(measure(args.moves, clock=clock, seed=round_, label=part))
            finally:
                restore()
    for part, values in figures.items():
        print(f"{part:11s} {statistics.median(values):.3f} ms thread CPU per move (median of "
              f"{len(values)}: {', '.join(f'{v:.3f}' for v in values)})")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
