"""Server CPU per move (not a test): start one Daphne process, play random legal moves one at a
time over the REST API (or over the websocket), and divide the CPU time the server process used
while playing by the number of moves.

Both players of every game have their game socket open, as in a browser, so the cost of
publishing each move to two sockets is part of the figure. Moves are played one after another
(no concurrency): the figure is CPU per move, not latency under load. The CPU time is read from
/proc/<pid>/stat of the Daphne process just before the first and after the last move, so start-up
and the set-up of games are not counted.

Give it a migrated scratch database (it creates players and games through the services):

    # embedded set-up (SQLite file, in-memory channel layer)
    export DATABASE_URL=sqlite:////tmp/rs_movecpu.sqlite3; unset REDIS_URL
    .venv/bin/python manage.py migrate -v0
    .venv/bin/python scripts/move_cpu.py --moves 300 --via api
    # PostgreSQL + Redis
    export DATABASE_URL=postgres://postgres@127.0.0.1:5432/rs_movepath REDIS_URL=redis://127.0.0.1:6379/3
    .venv/bin/python manage.py migrate -v0
    .venv/bin/python scripts/move_cpu.py --moves 300 --via socket --runs 3

--profile FILE writes a py-spy flame graph (.svg) or collapsed stacks (.txt) of the server while it plays (needs py-spy).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import loadtest  # noqa: E402  (same directory: its set-up, server start and HTTP client)

TICKS = os.sysconf("SC_CLK_TCK")


def cpu_times(pid: int) -> tuple[float, float]:
    """(utime, stime) of process `pid` (all its threads), in seconds."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return int(fields[11]) / TICKS, int(fields[12]) / TICKS


def cpu_seconds(pid: int) -> float:
    """utime + stime of process `pid` (all its threads)."""
    return sum(cpu_times(pid))


def legal_from_event(message: dict) -> list[str]:
    """The legal moves a move event carries; computed here from the position string for a
    server that does not send them."""
    if "legal_moves" in message:
        return message["legal_moves"]
    import engine

    return [m.coord() for m in engine.Position.from_fen(message["fen"]).legal_moves()]


async def play(args: argparse.Namespace, games: list[dict], base: str, pid: int,
               on_ready=None) -> tuple[int, tuple[float, float]]:
    ws_base = base.replace("http://", "ws://", 1)
    await loadtest.wait_until_up(loadtest.HttpConnection(base))
    http = loadtest.HttpConnection(base)
    players = []
    for game in games:
        pair = (loadtest.Player(game["white"]), loadtest.Player(game["black"]))
        for player in pair:
            await player.connect(ws_base, game["id"])
            await asyncio.wait_for(player.state, loadtest.BOOT_TIMEOUT)
        players.append(pair)
    if on_ready is not None:
        on_ready()
    rng = random.Random(args.seed)
    moves = 0
    loop = asyncio.get_running_loop()
    user_before, system_before = cpu_times(pid)
    for game, (white, black) in zip(games, players):
        state = white.state.result()
        ply, legal, active = state["ply"], state["legal_moves"], True
        while active and legal and moves < args.moves:
            mover = white if ply % 2 == 0 else black
            move = rng.choice(legal)
            arrival = loop.create_future()
            # The mover hears its own move on its socket too; wait for it there.
            mover.waiting[ply + 1] = arrival
            if args.via == "probe":
                # The fixed cost of any API request (server, middleware, DRF, token, one
                # query): an authenticated GET of a game that does not exist, answered 404.
                # A public id no game has (an all-digit id would be answered by the old-id
                # redirect, which skips DRF and the token).
                status, _ = await http.request("GET", "/api/v1/games/NoSuchG1/", None,
                                               mover.token)
                assert status == 404, status
                mover.waiting.pop(ply + 1)
            elif args.via == "api":
                status, body = await http.request(
                    "POST", f"/api/v1/games/{game['id']}/moves/", {"move": move, "ply": ply},
                    mover.token)
                if status != 201:
                    raise SystemExit(f"move {move} at ply {ply} refused: {status} {body}")
                await asyncio.wait_for(arrival, loadtest.RECEIVE_TIMEOUT)
                ply, legal = body["ply"], body["game"]["legal_moves"]
                active = body["game"]["status"] == "active"
            else:
                await mover.socket.send(json.dumps({"type": "move", "move": move, "ply": ply}))
                _, message = await asyncio.wait_for(arrival, loadtest.RECEIVE_TIMEOUT)
                ply, legal = message["ply"], legal_from_event(message)
            moves += 1
        if moves >= args.moves:
            break
    user_after, system_after = cpu_times(pid)
    cpu = (user_after - user_before, system_after - system_before)
    http.close()
    for pair in players:
        for player in pair:
            await player.socket.close()
    return moves, cpu


def one_run(args: argparse.Namespace) -> float:
    # 40 plies per game on average before a random game ends is plenty; make enough games.
    games = loadtest.create_games(max(2, args.moves // args.plies_per_game + 2))
    log_path = Path(tempfile.gettempdir()) / f"move-cpu-daphne-{os.getpid()}.log"
    processes, base = loadtest.start_servers(1, log_path)
    pid = processes[0].pid
    spy = None

    def start_profiler() -> None:
        nonlocal spy
        if args.profile:
            # A .txt file gets collapsed stacks (one line per stack: easy to grep and sum).
            # --gil: only the thread holding the GIL is sampled, so the samples approximate
            # the process's Python CPU rather than wall time of waiting threads.
            fmt = "raw" if args.profile.endswith(".txt") else "flamegraph"
            spy = subprocess.Popen([str(Path(sys.executable).parent / "py-spy"), "record",
                                    "-p", str(pid), "-o", args.profile, "-r", "200",
                                    "-f", fmt, "--gil"])
            time.sleep(1)  # let py-spy attach before the first move

    try:
        moves, (user, system) = asyncio.run(play(args, games, base, pid, start_profiler))
    finally:
        if spy is not None:
            spy.send_signal(2)
            spy.wait(60)
        loadtest.stop_servers(processes)
    cpu = user + system
    per_move = cpu / moves * 1000
    print(f"{args.via}: {moves} moves, server CPU {cpu:.2f} s (user {user:.2f}, system "
          f"{system:.2f}) => {per_move:.2f} ms/move (load average {os.getloadavg()[0]:.2f})",
          flush=True)
    return per_move


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--via", choices=["api", "socket", "probe"], default="api",
                        help="probe: no moves, the same number of 404 API requests (the "
                             "fixed cost of a request on this stack)")
    parser.add_argument("--runs", type=int, default=1, help="report the median of this many")
    parser.add_argument("--plies-per-game", type=int, default=30,
                        help="games are created for moves / this (random games end early)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", default="", help="py-spy output: .svg flame graph or .txt collapsed stacks")
    args = parser.parse_args()
    # The embedded server plays bots in its own process: the never-ending showcase game and any
    # bot move waiting since the last run would be counted as CPU of the moves measured here
    # (an idle server burned ~0.5 CPU-s per second with them on). Off unless asked for.
    os.environ.setdefault("SHOWCASE_ENABLED", "0")
    os.environ.setdefault("BOTS_RESUME_ON_START", "0")
    setup = ("PostgreSQL" if os.environ.get("DATABASE_URL", "").startswith("postgres")
             else "SQLite") + (" + Redis" if os.environ.get("REDIS_URL") else
                               ", in-memory channel layer")
    print(f"set-up: {setup}")
    figures = [one_run(args) for _ in range(args.runs)]
    if args.runs > 1:
        print(f"median of {args.runs} runs: {statistics.median(figures):.2f} ms/move "
              f"({', '.join(f'{x:.2f}' for x in figures)})")


if __name__ == "__main__":
    main()
