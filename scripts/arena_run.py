"""A live arena of the site's engine bots, run to its end on the real stack, then audited (issue 43:
"a 10-minute arena with 8 bots at 1+0 runs to its end with scores and streaks right").

The stack is docker-compose's: PostgreSQL (DATABASE_URL, migrated here: give it a scratch
database), Redis (REDIS_URL) and Celery workers on its queues - `bots,celery` (draw answers,
flags, the tournament's advances), `bots_deep` and `bots_live` (every bot move of a live game,
one process per board by default: `--live-concurrency`). Beat's part is played by this script
for the two entries an arena needs (the flag sweep every FLAG_SWEEP_SECONDS, the tournaments
sweep every minute: it ends the arena when its time is up), each published as beat publishes
it; the rest of beat's schedule (showcase, mail digests) would only add unrelated load.

The arena is the site's own (tournaments.services: create, invite the bots by level, start), at
`--clock` (60+0: 1+0), `--minutes` long (`--seconds` instead shortens it after the start, for
the test). The bots play on their real clocks; a flag is a result like any other. When the
arena is over and its last game has ended, `audit` recomputes every player's points, sheet
(points per game), wins and streak from the finished games' own records (Game rows: result,
termination, ended_at; lichess's arena rules as docs/architecture.md states them) - never from
the tournament's pairings or standings code - and compares them with what the site shows
(tournaments.selectors.tournament_detail), and checks that no game is left running or unscored.

The site has one engine bot account per level (six); `--bridge-levels 1,2` adds external bot
accounts at those levels, played by the same engine through the Bot API (scripts/bot_bridge.py
running `python -m engine bridge --level N`, against a Daphne server this script starts on
`--port`), for a field of eight.

    createdb -h 127.0.0.1 -U postgres rs_arena
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/rs_arena REDIS_URL=redis://127.0.0.1:6379/5 \\
        nice -n 10 .venv/bin/python scripts/arena_run.py --minutes 10 --levels 0,1,2,3,4,5 \\
        --bridge-levels 1,2

Exit code 0 when the audit found nothing wrong, 1 otherwise.
"""
from __future__ import annotations

import argparse
import os
import secrets
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

WIN, DRAW = 2, 1  # lichess's arena points; doubled while on a streak ("fire")
STREAK = 2  # wins in a row that light the fire
QUEUES = ("bots", "bots_deep", "bots_live", "celery")


# ---- the independent recomputation (plain data: no tournaments code) ----------------------------

@dataclass
class Recomputed:
    points: int = 0
    wins: int = 0
    games: int = 0
    in_a_row: int = 0
    sheet: list[str] = field(default_factory=list)

    @property
    def fire(self) -> bool:
        return self.in_a_row >= STREAK


def game_outcome(status: str, result: str, turn: str) -> str | None:
    """A finished game's result; an aborted one (its first move never made in time) is a
    forfeit loss for the side to move; a running one has none."""
    if status == "finished":
        return result
    if status == "aborted":
        return "0-1" if turn == "white" else "1-0"
    return None


def recompute(players: list[int], games: list[dict], ends_at) -> dict[int, Recomputed]:
    """Points, wins, sheet and streak per player from `games` (dicts: white, black, status,
    result, turn, ended_at): those that ended before `ends_at`, in the order each player played
    them (a player is in one game at a time)."""
    lines = {player: Recomputed() for player in players}
    counted = sorted((g for g in games if g["ended_at"] is not None and g["ended_at"] < ends_at),
                     key=lambda g: g["ended_at"])
    for game in counted:
        outcome = game_outcome(game["status"], game["result"], game["turn"])
        for player, score in ((game["white"], {"1-0": 1.0, "0-1": 0.0}.get(outcome, 0.5)),
                              (game["black"], {"1-0": 0.0, "0-1": 1.0}.get(outcome, 0.5))):
            line = lines[player]
            factor = 2 if line.fire else 1
            if score == 1.0:
                gained, line.in_a_row, line.wins = WIN * factor, line.in_a_row + 1, line.wins + 1
            elif score == 0.5:
                gained, line.in_a_row = DRAW * factor, 0
            else:
                gained, line.in_a_row = 0, 0
            line.points += gained
            line.games += 1
            line.sheet.append(str(gained))
    return lines


# ---- reading the arena back and comparing --------------------------------------------------------

@dataclass
class Audit:
    problems: list[str]
    summary: list[str]
    games: int
    counted: int  # games that ended before the arena's time was up
    flags: int


def audit(tournament_id: str) -> Audit:
    """Compare the site's standings with `recompute` over the arena's games; check that the
    arena ended and that every game ended and has its result in its pairing."""
    from games.models import Game
    from tournaments.models import Entrant, Pairing, Tournament
    from tournaments.selectors import tournament_detail

    arena = Tournament.objects.get(pk=tournament_id)
    problems: list[str] = []
    if arena.status != Tournament.Status.FINISHED:
        problems.append(f"the arena is {arena.status}, not finished")
    names = dict(Entrant.objects.filter(tournament=arena)
                 .values_list("user_id", "user__username"))
    games = list(Game.objects.filter(tournament_id=arena.pk).order_by("id").values(
        "id", "white", "black", "status", "result", "turn", "termination", "ended_at", "ply",
        "created_at", "white_clock_ms", "black_clock_ms", "clock_limit", "clock_increment"))
    pairings = {p.game_id: p for p in Pairing.objects.filter(tournament=arena, game__isnull=False)}
    for game in games:
        outcome = game_outcome(game["status"], game["result"], game["turn"])
        pairing = pairings.get(game["id"])
        if outcome is None:
            problems.append(f"game {game['id']} is still {game['status']}")
        elif pairing is None or pairing.result != outcome:
            problems.append(f"game {game['id']} ended {outcome} but its pairing says "
                            f"{pairing.result if pairing else 'nothing'!r}")
        elif pairing.counts != (game["ended_at"] < arena.ends_at):
            problems.append(f"game {game['id']}: counts={pairing.counts} but it ended "
                            f"{(game['ended_at'] - arena.ends_at).total_seconds():+.3f} s from "
                            "the arena's end")
    if len(pairings) != len(games):
        problems.append(f"{len(pairings)} pairings with a game, {len(games)} games")
    # lichess's pairing: never the opponent of one's last game again at once.
    last: dict[int, int] = {}
    for game in sorted(games, key=lambda g: g["created_at"]):
        if last.get(game["white"]) == game["black"] and last.get(game["black"]) == game["white"]:
            problems.append(f"game {game['id']}: {names[game['white']]} and "
                            f"{names[game['black']]} met twice in a row")
        last[game["white"]], last[game["black"]] = game["black"], game["white"]

    expected = recompute(list(names), games, arena.ends_at)
    shown = {s["username"]: s for s in tournament_detail(arena)["standings"]}
    for player, line in expected.items():
        site = shown.get(names[player])
        mine = (float(line.points), "".join(line.sheet), line.wins, line.fire)
        theirs = site and (site["score"], site["sheet"], site["wins"], site["fire"])
        if mine != theirs:
            problems.append(f"{names[player]}: recomputed (points, sheet, wins, fire) {mine}, "
                            f"the site shows {theirs}")
    if arena.status == Tournament.Status.FINISHED:
        best = max(expected.values(), key=lambda l: l.points, default=None)
        leaders = [p for p, l in expected.items() if best and l.points == best.points]
        if len(leaders) == 1 and arena.winner_id != leaders[0]:
            problems.append(f"winner {arena.winner_id}, recomputed {leaders[0]}")

    summary, flags = _summary(arena, games, names, expected, shown)
    counted = sum(1 for g in games if g["ended_at"] and g["ended_at"] < arena.ends_at)
    return Audit(problems=problems, summary=summary, games=len(games), counted=counted,
                 flags=flags)


def _summary(arena, games, names, expected, shown) -> tuple[list[str], int]:
    from collections import Counter

    out = [f"arena {arena.pk}: {arena.started_at:%H:%M:%S} to {arena.ends_at:%H:%M:%S} UTC, "
           f"status {arena.status}, winner "
           f"{names.get(arena.winner_id, 'shared') if arena.winner_id else 'none (shared)'}"]
    counted = [g for g in games if g["ended_at"] and g["ended_at"] < arena.ends_at]
    out.append(f"games: {len(games)} ({len(counted)} counted, {len(games) - len(counted)} ended "
               "after the arena's time)")
    out.append("results: " + ", ".join(f"{k} {v}" for k, v in sorted(
        Counter(g["result"] if g["status"] == "finished" else g["status"]
                for g in games).items())))
    out.append("endings: " + ", ".join(f"{k or '-'} {v}" for k, v in sorted(
        Counter(g["termination"] for g in games).items())))
    flags = 0
    per_bot: dict[int, dict] = {p: {"games": 0, "used": [], "left": [], "moves": 0, "flags": 0}
                                for p in names}
    for g in games:
        full = (g["clock_limit"] or 0) * 1000
        for side, player in (("white", g["white"]), ("black", g["black"])):
            left = g[f"{side}_clock_ms"]
            left = full if left is None else left
            moves = (g["ply"] + (1 if side == "white" else 0)) // 2
            stats = per_bot[player]
            stats["games"] += 1
            stats["moves"] += moves
            stats["used"].append(full - left + moves * 1000 * (g["clock_increment"] or 0))
            stats["left"].append(left)
            lost = (g["result"] == "0-1") if side == "white" else (g["result"] == "1-0")
            if g["termination"] == "timeout" and lost:
                stats["flags"] += 1
                flags += 1
    out.append("player        pts  sheet                      wins fire  games moves "
               "clock-used-s(med) ms/move  least-left-ms flags")
    for line in sorted(shown.values(), key=lambda s: s["rank"]):
        player = next(p for p, n in names.items() if n == line["username"])
        stats = per_bot[player]
        per_move = sum(stats["used"]) / stats["moves"] if stats["moves"] else 0
        median_s = statistics.median(stats["used"]) / 1000 if stats["used"] else 0
        out.append(f"{line['username']:<13} {line['score']:>4.0f}  {line['sheet']:<26} "
                   f"{line['wins']:>4} {'yes' if line['fire'] else 'no':<5} {stats['games']:>5} "
                   f"{stats['moves']:>5} {median_s:>17.1f} "
                   f"{per_move:>7.0f} {min(stats['left'], default=0):>14} {stats['flags']:>5}")
    return out, flags


# ---- running it ----------------------------------------------------------------------------------

def create_arena(*, director, levels: list[int], clock: tuple[int, int], minutes: int,
                 seconds: float | None = None, others: tuple = ()):
    """The site's own arena of the bots of `levels` (and the bot accounts `others`), started;
    `seconds` shortens it (set after the start: the service's shortest arena is five minutes)."""
    from django.utils import timezone

    from bots.models import Bot
    from tournaments import services
    from tournaments.models import Tournament

    arena = services.tournament_create(
        creator=director, name=f"Bot arena {timezone.now():%H:%M}", system="arena",
        variant="raumschach", clock_limit=clock[0], clock_increment=clock[1], minutes=minutes,
        max_players=max(2, len(levels) + len(others)))
    bots = [Bot.objects.select_related("user").get(level=level, external=False).user
            for level in levels]
    for bot in [*bots, *others]:
        services.tournament_invite_bot(tournament_id=arena.pk, by=director, bot_user=bot)
    services.tournament_start(tournament_id=arena.pk, user=director)
    arena.refresh_from_db()
    if seconds is not None:
        Tournament.objects.filter(pk=arena.pk).update(
            ends_at=arena.started_at + timedelta(seconds=seconds))
        arena.refresh_from_db()
    return arena


def end_after_games(arena, *, games: int, give_up_after: float) -> bool:
    """Let the arena's time run out just after its `games`-th game has ended (its end set to
    one second from then): an arena of a given number of games rather than of a given time, so
    a test has games to score however slow the machine. False if `games` had not ended within
    `give_up_after` seconds."""
    from django.utils import timezone

    from games.models import Game
    from tournaments.models import Tournament

    deadline = time.monotonic() + give_up_after
    while Game.objects.filter(tournament_id=arena.pk).exclude(status="active").count() < games:
        if time.monotonic() > deadline:
            return False
        time.sleep(0.2)
    Tournament.objects.filter(pk=arena.pk).update(ends_at=timezone.now() + timedelta(seconds=1))
    arena.refresh_from_db()
    return True


def play_beat(arena, *, give_up_after: float, report=print, every: float = 30.0) -> bool:
    """Publish beat's flag sweep and tournaments sweep on their schedules until the arena is
    finished and none of its games runs; False if that took longer than `give_up_after`
    seconds past the arena's end."""
    from django.conf import settings
    from django.utils import timezone

    from games.models import Game
    from raumschach_site.celery import app
    from tournaments.models import Tournament

    next_flags = next_sweep = next_report = time.monotonic()
    while True:
        now = time.monotonic()
        if now >= next_flags:
            app.send_task("games.tasks.sweep_expired_games")
            next_flags = now + settings.FLAG_SWEEP_SECONDS
        if now >= next_sweep:
            app.send_task("tournaments.tasks.sweep")
            next_sweep = now + 60.0
        status = Tournament.objects.filter(pk=arena.pk).values_list("status", flat=True).get()
        running = Game.objects.filter(tournament_id=arena.pk, status="active").count()
        ended = Game.objects.filter(tournament_id=arena.pk).exclude(status="active").count()
        if now >= next_report:
            report(f"{timezone.now():%H:%M:%S} arena {status}: {ended} games ended, "
                   f"{running} running; load {os.getloadavg()[0]:.2f}")
            next_report = now + every
        if status == Tournament.Status.FINISHED and not running:
            return True
        if (timezone.now() - arena.ends_at).total_seconds() > give_up_after:
            return False
        time.sleep(1.0)


def purge_queues() -> None:
    """Tasks left by earlier runs name other databases' games."""
    from raumschach_site.celery import app

    with app.connection_for_write() as conn:
        for queue in QUEUES:
            conn.default_channel.queue_purge(queue)


def start_workers(live_concurrency: int, log_dir: Path) -> list[subprocess.Popen]:
    """docker-compose's workers: `bots,celery` (2), `bots_deep` (2, nice 5), `bots_live`."""
    layout = [("bots,celery", 2, 0), ("bots_deep", 2, 5), ("bots_live", live_concurrency, 0)]
    started = []
    for queues, concurrency, nice in layout:
        log = open(log_dir / f"worker-{queues.replace(',', '-')}.log", "ab")  # noqa: SIM115
        started.append(subprocess.Popen(
            ["nice", "-n", str(nice), sys.executable, "-m", "celery", "-A", "raumschach_site",
             "worker", "-Q", queues, "-c", str(concurrency), "--pool=prefork", "-l", "INFO",
             "-n", f"arena-{queues.replace(',', '-')}-{secrets.token_hex(3)}@%h",
             "--without-gossip", "--without-mingle", "--without-heartbeat"],
            cwd=ROOT, env={**os.environ, "FLAGS_ON_START": "0", "PYTHONUNBUFFERED": "1"},
            stdout=log, stderr=subprocess.STDOUT, start_new_session=True))
    return started


def wait_ready(log_dir: Path, count: int, timeout: float = 120.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready = sum(" ready." in path.read_text(errors="replace")
                    for path in log_dir.glob("worker-*.log"))
        if ready >= count:
            return
        time.sleep(0.5)
    sys.exit(f"the workers did not start in {timeout} s; see {log_dir}")


def stop_workers(workers: list[subprocess.Popen]) -> None:
    import signal

    for worker in workers:
        worker.terminate()
    for worker in workers:
        try:
            worker.wait(30)
        except subprocess.TimeoutExpired:
            pass
        try:
            os.killpg(worker.pid, signal.SIGKILL)  # pool children left behind
        except ProcessLookupError:
            pass


def start_bridges(levels: list[int], port: int, log_dir: Path) -> tuple[list, list]:
    """External bot accounts played by the engine at `levels` through the Bot API
    (scripts/bot_bridge.py, `python -m engine bridge --level N`) against a Daphne server on
    `port`: the site has one engine bot account per level, so a field of more bots than
    levels needs these. Returns (their users, the processes started)."""
    import urllib.request

    from django.contrib.auth import get_user_model

    from accounts.services import api_token_create
    from botapi.services import account_upgrade_to_bot

    env = {**os.environ, "PYTHONUNBUFFERED": "1", "FLAGS_ON_START": "0",
           "BOTS_RESUME_ON_START": "0", "NOTIFY_PERIODIC_ON_START": "0"}
    server_log = open(log_dir / "daphne.log", "ab")  # noqa: SIM115
    processes = [subprocess.Popen(
        [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
         "raumschach_site.asgi:application"],
        cwd=ROOT, env=env, stdout=server_log, stderr=subprocess.STDOUT, start_new_session=True)]
    deadline = time.monotonic() + 120
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5)
            break
        except OSError:
            if time.monotonic() > deadline:
                sys.exit(f"the server did not answer; see {log_dir / 'daphne.log'}")
            time.sleep(0.5)
    users = []
    for level in levels:
        user = get_user_model().objects.create_user(
            username=f"bridge{level}-{secrets.token_hex(2)}", password=secrets.token_urlsafe(16))
        account_upgrade_to_bot(user=user, description=f"the engine at level {level}",
                               variants=["raumschach"])
        _, raw = api_token_create(user=user, name="arena", scopes="bot:play")
        log = open(log_dir / f"bridge-{user.username}.log", "ab")  # noqa: SIM115
        processes.append(subprocess.Popen(
            [sys.executable, "scripts/bot_bridge.py", "--server", f"http://127.0.0.1:{port}",
             "--engine", f"{sys.executable} -m engine bridge --level {level}"],
            cwd=ROOT, env={**env, "RAUMSCHACH_TOKEN": raw}, stdout=log,
            stderr=subprocess.STDOUT, start_new_session=True))
        users.append(user)
    time.sleep(5)  # the bridges open their event streams (a game started before is picked up
    # from the stream's opening burst anyway)
    return users, processes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=None,
                        help="shorten the arena to this many seconds after its start")
    parser.add_argument("--levels", default="0,1,2,3,4,5",
                        help="the site's bots by level (one account per level)")
    parser.add_argument("--clock", default="60+0", help="seconds+increment")
    parser.add_argument("--live-concurrency", type=int, default=None,
                        help="bots_live worker processes (default: one per board)")
    parser.add_argument("--bridge-levels", default="",
                        help="also external bots at these levels, played by the engine through "
                             "the Bot API (scripts/bot_bridge.py; starts Daphne on --port)")
    parser.add_argument("--port", type=int, default=18484)
    parser.add_argument("--log-dir", default="/tmp/arena-run")
    args = parser.parse_args()
    levels = [int(x) for x in args.levels.split(",")]
    limit, increment = (int(x) for x in args.clock.split("+"))

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "raumschach_site.settings")
    os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(40))
    if not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")):
        sys.exit("DATABASE_URL=postgres://... (a scratch database) is needed")
    if not os.environ.get("REDIS_URL"):
        sys.exit("REDIS_URL is needed (the workers' broker)")
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    log_dir = Path(args.log_dir)
    log_dir.mkdir(parents=True, exist_ok=True)
    for old in log_dir.glob("worker-*.log"):
        old.unlink()
    purge_queues()
    bridge_levels = [int(x) for x in args.bridge_levels.split(",") if x]
    boards = (len(levels) + len(bridge_levels)) // 2
    workers = start_workers(args.live_concurrency or max(1, boards), log_dir)
    others: list = []
    try:
        wait_ready(log_dir, len(workers))
        if bridge_levels:
            others, bridges = start_bridges(bridge_levels, args.port, log_dir)
            workers += bridges
        director = get_user_model().objects.create_user(
            username=f"director-{secrets.token_hex(3)}", password=secrets.token_urlsafe(16))
        arena = create_arena(director=director, levels=levels, clock=(limit, increment),
                             minutes=args.minutes, seconds=args.seconds, others=others)
        bridged = f"; through the Bot API: {args.bridge_levels}" if others else ""
        print(f"arena {arena.pk}: {len(levels) + len(others)} bots (levels {args.levels}"
              f"{bridged}) at {args.clock}, "
              f"ends {arena.ends_at:%H:%M:%S} UTC; workers' logs in {log_dir}", flush=True)
        finished = play_beat(arena, give_up_after=2 * limit + 120,
                             report=lambda line: print(line, flush=True))
        result = audit(arena.pk)
    finally:
        stop_workers(workers)
    print("\n".join(result.summary))
    print(f"load average {os.getloadavg()}")
    problems = result.problems + ([] if finished else ["the arena or a game did not end"])
    if problems:
        print("PROBLEMS:", *problems, sep="\n  ")
        sys.exit(1)
    print("audit: every score, sheet, win count and streak equals the recomputation from the "
          "games; every game ended and is scored")


if __name__ == "__main__":
    main()
