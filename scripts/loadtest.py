"""Load test for live play (not a test): N pairs of players on loopback, each player connected
by websocket to its game, playing random legal moves through the REST API with API tokens, or
over the game socket (--via socket), in correspondence games or live ones (--clock).

For every move it measures the latency from just before the mover sends the move to the moment
the opponent's socket receives it (HTTP request or socket message, service, commit, on-commit
publish through the channel layer, consumer, websocket), and prints moves per second and
p50/p95/p99 of it, and the CPU the server processes used per move.

It creates its players and games (through the services) in the database in DATABASE_URL and, by
default, starts its own Daphne server(s) against the same DATABASE_URL / REDIS_URL; give it a
migrated scratch database:

    createdb -h 127.0.0.1 -U postgres rs_live_load
    export DATABASE_URL=postgres://postgres@127.0.0.1:5432/rs_live_load \\
           REDIS_URL=redis://127.0.0.1:6379/5
    .venv/bin/python manage.py migrate
    nice .venv/bin/python scripts/loadtest.py --games 200 --plies 20 --think 1.0 --servers 1

--servers K starts K Daphne processes sharing one listening socket (the kernel spreads
connections across them; the Redis channel layer carries events between them), --url uses a
server that is already running instead. --think S makes each player wait a random 0..2S seconds
before moving (S=0: as fast as the server allows, i.e. a saturation test). The client runs in
this one process: on a small machine its own CPU use is part of what is measured.

Live games (issue 46): --clock 300+5 creates every game with a clock of 300 s and 5 s a move;
each player answers the server's pings on its socket (the lag measurement), so their cost is
in the server's CPU figure. --via api,socket plays the load once per way, one after the other
on the same servers (fresh games each), so the CPU per REST move and per socket move come from
one run:

    nice .venv/bin/python scripts/loadtest.py --games 300 --plies 20 --think 1.0 --servers 2 \
        --clock 300+5 --via api,socket
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse

import websockets

ROOT = Path(__file__).resolve().parent.parent
BOOT_TIMEOUT = 90  # seconds for Daphne to import Django on a busy machine
CONNECT_CONCURRENCY = 50  # handshakes in flight at once while the players connect
RECEIVE_TIMEOUT = 30  # seconds before a move that never reaches the opponent counts as lost


# ---- set-up: players, tokens and games through the site's services ---------------------------

def create_games(count: int, clock: tuple[int, int] | None = None) -> list[dict]:
    """`count` games between fresh players, live with `clock` (limit, increment in seconds) or
    correspondence without; returns their ids and both players' raw tokens."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "raumschach_site.settings")
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.db import connections

    from accounts import services as account_services
    from games import services

    user_model = get_user_model()
    run = uuid.uuid4().hex[:6]
    games = []
    for index in range(count):
        # No password: these players only ever use their API tokens.
        white = user_model.objects.create_user(username=f"lt{run}w{index}")
        black = user_model.objects.create_user(username=f"lt{run}b{index}")
        timing = ({"clock_limit": clock[0], "clock_increment": clock[1]} if clock else {})
        challenge = services.challenge_create(challenger=white, opponent=black, color="white",
                                              days_per_move=None, **timing)
        game = services.challenge_accept(challenge=challenge, user=black)
        games.append({"id": game.public_id,
                      "white": account_services.api_token_create(user=white, name="load")[1],
                      "black": account_services.api_token_create(user=black, name="load")[1]})
    connections.close_all()
    return games


# ---- the servers -----------------------------------------------------------------------------

def start_servers(count: int, log_path: Path) -> tuple[list[subprocess.Popen], str]:
    """`count` Daphne processes accepting on one shared loopback socket."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1024)  # backlog: a thousand players connect within seconds
    listener.set_inheritable(True)
    port = listener.getsockname()[1]
    log = open(log_path, "ab")  # noqa: SIM115 - lives as long as the servers
    # As in production unless told otherwise: DEBUG on records every SQL query in memory.
    env = {**os.environ, "DEBUG": os.environ.get("DEBUG", "0")}
    # Every simulated player connects from 127.0.0.1: the per-address websocket cap (50, issue
    # 38) would turn the load test into a test of the cap. (A --url server needs the same.)
    env.setdefault("WEBSOCKET_MAX_PER_ADDRESS", "1000000")
    processes = [
        subprocess.Popen([sys.executable, "-m", "daphne", "--fd", str(listener.fileno()),
                          "raumschach_site.asgi:application"],
                         cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                         pass_fds=(listener.fileno(),), start_new_session=True)
        for _ in range(count)
    ]
    listener.close()  # the children hold it now
    return processes, f"http://127.0.0.1:{port}"


def stop_servers(processes: list[subprocess.Popen]) -> None:
    for process in processes:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
    for process in processes:
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()  # reaped, so its CPU time is counted below


async def wait_until_up(http: HttpConnection) -> None:
    deadline = time.monotonic() + BOOT_TIMEOUT
    while time.monotonic() < deadline:
        try:
            status, _ = await http.request("GET", "/api/v1/bots/")
            if status == 200:
                return
        except OSError:
            pass
        http.close()
        await asyncio.sleep(0.2)
    raise SystemExit(f"the server did not answer within {BOOT_TIMEOUT} s")


# ---- the client ------------------------------------------------------------------------------

class HttpConnection:
    """A minimal HTTP/1.1 keep-alive client (JSON in, JSON out): one per pair of players, whose
    requests never overlap, so no connection pool is needed."""

    def __init__(self, base: str) -> None:
        url = urlparse(base)
        self.host, self.port = url.hostname, url.port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, body: dict | None = None,
                      token: str | None = None) -> tuple[int, dict]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        data = json.dumps(body).encode() if body is not None else b""
        head = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}",
                "Content-Type: application/json", f"Content-Length: {len(data)}"]
        if token:
            head.append(f"Authorization: Token {token}")
        self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + data)
        await self.writer.drain()
        status = int((await self.reader.readline()).split()[1])
        headers = {}
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            headers[name.strip().lower()] = value.strip()
        if "content-length" in headers:
            raw = await self.reader.readexactly(int(headers["content-length"]))
        elif headers.get("transfer-encoding") == "chunked":
            raw = b""
            while size := int((await self.reader.readline()).strip(), 16):
                raw += await self.reader.readexactly(size)
                await self.reader.readexactly(2)
            await self.reader.readline()
        else:
            raw = await self.reader.read()
            headers["connection"] = "close"
        if headers.get("connection", "").lower() == "close":
            self.close()
        try:
            return status, json.loads(raw) if raw else {}
        except ValueError:  # e.g. an HTML error page from an overloaded server
            return status, {"error": "not JSON"}

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


@dataclass
class Player:
    token: str
    socket: object = None
    state: asyncio.Future | None = None
    waiting: dict[int, asyncio.Future] = field(default_factory=dict)  # ply -> (time, message)
    refused: asyncio.Future | None = None  # set by an error message on this socket
    pongs: int = 0  # the server's pings this player answered (live games: lag measurement)

    async def connect(self, ws_base: str, game_id: str) -> None:
        self.state = asyncio.get_running_loop().create_future()
        self.socket = await websockets.connect(
            f"{ws_base}/ws/games/{game_id}/",
            additional_headers={"Authorization": f"Token {self.token}"},
            compression=None, ping_interval=None, open_timeout=BOOT_TIMEOUT)
        asyncio.create_task(self.read())

    async def read(self) -> None:
        try:
            async for raw in self.socket:
                received = time.perf_counter()
                message = json.loads(raw)
                if message["type"] == "ping":  # answered at once, as the browser does
                    await self.socket.send(json.dumps({"type": "pong", "id": message["id"]}))
                    self.pongs += 1
                elif message["type"] == "move":
                    waiter = self.waiting.pop(message["ply"], None)
                    if waiter is not None and not waiter.done():
                        waiter.set_result((received, message))
                elif message["type"] == "state" and not self.state.done():
                    self.state.set_result(message["game"])
                elif message["type"] == "error" and self.refused and not self.refused.done():
                    self.refused.set_result(message)
        except websockets.ConnectionClosed:
            pass


@dataclass
class Results:
    latencies: list[float] = field(default_factory=list)  # POST sent -> opponent's socket
    posts: list[float] = field(default_factory=list)  # POST sent -> its response read
    errors: dict[str, int] = field(default_factory=dict)
    # (wall-clock time the POST was sent, latency to the opponent's socket, POST's own time), to
    # see whether the tail is spread over the run or bunched (a pause, a burst): --timeline.
    timeline: list[tuple[float, float, float]] = field(default_factory=list)
    lost: int = 0
    finished_games: int = 0
    client_cpu: float = 0.0  # CPU seconds this process (the simulated players) used
    server_cpu: float | None = None  # CPU seconds the Daphne processes used while playing
    # Garbage collections of this process over 10 ms while playing (ms): a pause here delays
    # every measurement in flight, so it is counted against the server unless looked at.
    client_gc_pauses: list[float] = field(default_factory=list)
    pongs: int = 0  # the servers' pings the players answered (live games)

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1


async def play_pair(game: dict, white: Player, black: Player, http: HttpConnection,
                    args: argparse.Namespace, via: str, rng: random.Random,
                    results: Results) -> None:
    state = white.state.result()
    ply, legal = state["ply"], state["legal_moves"]
    if state["status"] != "active" or not legal:
        results.error(f"game {state['status']} before its first move")
        return
    loop = asyncio.get_running_loop()
    for _ in range(args.plies):
        mover, opponent = (white, black) if ply % 2 == 0 else (black, white)
        if args.think:
            await asyncio.sleep(rng.uniform(0, 2 * args.think))
        arrival = loop.create_future()
        opponent.waiting[ply + 1] = arrival
        move = rng.choice(legal)
        if via == "socket":
            outcome = await move_over_socket(mover, arrival, move, ply, results)
            if outcome is None:
                return
            ply, legal, active = outcome
        else:
            outcome = await move_over_api(game, mover, http, arrival, move, ply, results)
            if outcome is None:
                return
            ply, legal, active = outcome
        if not active or not legal:
            results.finished_games += 1
            return


async def move_over_api(game: dict, mover: Player, http: HttpConnection,
                        arrival: asyncio.Future, move: str, ply: int,
                        results: Results) -> tuple[int, list[str], bool] | None:
    """POST the move; the next legal moves come with the response."""
    sent = time.perf_counter()
    try:
        status, body = await http.request("POST", f"/api/v1/games/{game['id']}/moves/",
                                          {"move": move, "ply": ply}, mover.token)
    except (OSError, asyncio.IncompleteReadError, IndexError) as exc:
        results.error(type(exc).__name__)
        http.close()
        return None
    results.posts.append(time.perf_counter() - sent)
    if status != 201:
        results.error(f"HTTP {status} {body.get('error', '')}".strip())
        return None
    try:
        received, _ = await asyncio.wait_for(arrival, RECEIVE_TIMEOUT)
    except TimeoutError:
        results.lost += 1
        return None
    results.latencies.append(received - sent)
    results.timeline.append((time.time() - (time.perf_counter() - sent), received - sent,
                             results.posts[-1]))
    return body["ply"], body["game"]["legal_moves"], body["game"]["status"] == "active"


async def move_over_socket(mover: Player, arrival: asyncio.Future, move: str, ply: int,
                           results: Results) -> tuple[int, list[str], bool] | None:
    """Send the move on the mover's game socket; the next legal moves come with the event the
    opponent receives (computed here with the engine for a server that does not send them)."""
    mover.refused = asyncio.get_running_loop().create_future()
    sent = time.perf_counter()
    await mover.socket.send(json.dumps({"type": "move", "move": move, "ply": ply}))
    done, _ = await asyncio.wait({arrival, mover.refused}, timeout=RECEIVE_TIMEOUT,
                                 return_when=asyncio.FIRST_COMPLETED)
    if mover.refused in done:
        results.error(f"socket {mover.refused.result().get('error')}")
        return None
    if not done:
        results.lost += 1
        return None
    received, message = arrival.result()
    results.latencies.append(received - sent)
    results.timeline.append((time.time() - (time.perf_counter() - sent), received - sent, 0.0))
    if "legal_moves" in message:
        legal = message["legal_moves"]
    else:
        import engine

        legal = [m.coord() for m in engine.Position.from_fen(message["fen"]).legal_moves()]
    return message["ply"], legal, bool(legal)


def watch_gc(pauses: list[float]):
    began = [0.0]

    def callback(phase: str, info: dict) -> None:
        if phase == "start":
            began[0] = time.perf_counter()
        elif (took := (time.perf_counter() - began[0]) * 1000) > 10:
            pauses.append(took)

    return callback


def percentile(values: list[float], pct: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(pct / 100 * len(ordered)) - 1))]


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU seconds the processes have used so far (/proc/<pid>/stat)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / ticks


async def run(args: argparse.Namespace, games_by_way: dict[str, list[dict]], base: str,
              server_pids: list[int]) -> None:
    """Play the load once per way of moving (args.via), one after the other."""
    await wait_until_up(HttpConnection(base))
    for via, games in games_by_way.items():
        await run_one_way(args, via, games, base, server_pids)
        if len(games_by_way) > 1:
            await asyncio.sleep(2)  # the servers finish with the closed sockets first


async def run_one_way(args: argparse.Namespace, via: str, games: list[dict], base: str,
                      server_pids: list[int]) -> None:
    ws_base = base.replace("http://", "ws://", 1)
    rng = random.Random(args.seed)
    pairs = [(game, Player(game["white"]), Player(game["black"]), HttpConnection(base))
             for game in games]
    gate = asyncio.Semaphore(CONNECT_CONCURRENCY)

    async def connect(player: Player, game_id: str) -> None:
        async with gate:
            await player.connect(ws_base, game_id)
            await asyncio.wait_for(player.state, BOOT_TIMEOUT)

    started = time.perf_counter()
    await asyncio.gather(*(connect(p, g["id"]) for g, w, b, _ in pairs for p in (w, b)))
    print(f"connected {2 * len(pairs)} websockets in {time.perf_counter() - started:.1f} s")

    results = Results()
    if args.client_gc == "frozen":
        # Django (loaded to create the games) and the players' sockets live until the end:
        # out of the collector's walk, so its pauses in this process stay short.
        gc.collect()
        gc.freeze()
    watch = watch_gc(results.client_gc_pauses)
    gc.callbacks.append(watch)
    started, cpu_started = time.perf_counter(), time.process_time()
    server_cpu_started = cpu_seconds(server_pids)
    await asyncio.gather(*(play_pair(g, w, b, http, args, via, random.Random(rng.random()),
                                     results) for g, w, b, http in pairs))
    elapsed = time.perf_counter() - started
    results.client_cpu = time.process_time() - cpu_started
    results.server_cpu = cpu_seconds(server_pids) - server_cpu_started if server_pids else None
    gc.callbacks.remove(watch)
    if args.client_gc == "frozen":
        gc.unfreeze()  # the next way's players are new objects; these go
    results.pongs = sum(player.pongs for _, white, black, _ in pairs for player in (white, black))
    for _, white, black, http in pairs:
        http.close()
        await white.socket.close()
        await black.socket.close()
    report(args, via, results, elapsed)
    if args.timeline:
        path = args.timeline if len(args.via.split(",")) == 1 else f"{args.timeline}.{via}"
        with open(path, "w") as out:
            out.write("sent_unix_s,latency_ms,post_ms\n")
            for sent, latency, post in sorted(results.timeline):
                out.write(f"{sent:.4f},{latency * 1000:.2f},{post * 1000:.2f}\n")
        print(f"timeline of {len(results.timeline)} moves in {path}")


def report(args: argparse.Namespace, via: str, results: Results, elapsed: float) -> None:
    moves = len(results.latencies)
    print(f"games {args.games}  servers {args.servers or args.url}  moves via {via}  "
          f"clock {args.clock or 'none (correspondence)'}  plies/game {args.plies}  "
          f"think {args.think:g} s  moves {moves}  in {elapsed:.1f} s  "
          f"=> {moves / elapsed:.1f} moves/s")
    if moves:
        ms = [x * 1000 for x in results.latencies]
        posts = [x * 1000 for x in results.posts]
        print("sent -> opponent's socket (ms): p50 {:.1f}  p95 {:.1f}  p99 {:.1f}  max {:.1f}"
              .format(percentile(ms, 50), percentile(ms, 95), percentile(ms, 99), max(ms)))
        if posts:
            print("POST -> its response    (ms): p50 {:.1f}  p95 {:.1f}  p99 {:.1f}  max {:.1f}"
                  .format(percentile(posts, 50), percentile(posts, 95), percentile(posts, 99),
                          max(posts)))
    print(f"games ended by the rules {results.finished_games}  "
          f"moves stored but not on the opponent's socket within {RECEIVE_TIMEOUT} s "
          f"{results.lost}  "
          f"errors {results.errors or 'none'}")
    print(f"CPU used by the players (this process) while playing: {results.client_cpu:.1f} s")
    if args.clock:
        print(f"pings answered (lag measurement): {results.pongs}"
              + (f", {results.pongs / moves:.2f} per move" if moves else ""))
    if results.server_cpu is not None and moves:
        # The figure load does not distort: the servers' own work per move (both sockets'
        # pushes, keep-alive pings and garbage collection included), while the games play.
        print(f"CPU used by the Daphne process(es) while playing: {results.server_cpu:.1f} s, "
              f"{results.server_cpu / moves * 1000:.2f} ms per move")
    pauses = results.client_gc_pauses
    print(f"the players' own GC pauses over 10 ms: {len(pauses)}"
          + (f", longest {max(pauses):.0f} ms, together {sum(pauses):.0f} ms" if pauses else ""))
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50, help="concurrent games (pairs)")
    parser.add_argument("--plies", type=int, default=20, help="moves each game plays at most")
    parser.add_argument("--think", type=float, default=1.0,
                        help="mean seconds a player waits before moving (0: no wait)")
    parser.add_argument("--servers", type=int, default=1,
                        help="Daphne processes to start (0: use --url)")
    parser.add_argument("--url", default="", help=(
        "an already running server, e.g. http://127.0.0.1:8000 (with --servers 0; start it "
        "with WEBSOCKET_MAX_PER_ADDRESS high: every player connects from one address)"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--via", default="api",
                        help="send moves by POST to the REST API (api, the default) or over "
                             "the mover's game socket (socket); api,socket: one after the "
                             "other on the same servers, each with its own games")
    parser.add_argument("--clock", default="",
                        help="live games: LIMIT+INCREMENT in seconds, e.g. 300+5 (default: "
                             "correspondence games without a clock)")
    parser.add_argument("--client-gc", choices=["frozen", "python"], default="frozen",
                        help="this process's garbage collector while playing: frozen (what "
                             "was set up is not walked again) or python (as Python sets it)")
    parser.add_argument("--timeline", default="",
                        help="write each move's send time (Unix s), latency to the "
                             "opponent's socket and POST time (ms; 0 over the socket) to this "
                             "CSV file (FILE.api, FILE.socket for two ways)")
    args = parser.parse_args()
    ways = args.via.split(",")
    if not ways or any(way not in ("api", "socket") for way in ways) or len(set(ways)) < len(ways):
        parser.error("--via takes api, socket or api,socket")
    clock = None
    if args.clock:
        limit, _, increment = args.clock.partition("+")
        if not (limit.isdigit() and increment.isdigit()):
            parser.error("--clock takes LIMIT+INCREMENT in seconds, e.g. 300+5")
        clock = (int(limit), int(increment))
        # The games are made before the servers start and wait for their players: a first-move
        # timer (FIRST_MOVE_SECONDS, 30 s) would abort them meanwhile. For this run only.
        os.environ.setdefault("FIRST_MOVE_SECONDS", "86400")
    if not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")):
        print("note: DATABASE_URL is not PostgreSQL; measuring the embedded SQLite setup")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    started = time.perf_counter()
    games_by_way = {way: create_games(args.games, clock) for way in ways}
    print(f"created {args.games * len(ways)} games in {time.perf_counter() - started:.1f} s")
    processes: list[subprocess.Popen] = []
    base = args.url
    if args.servers:
        log_path = Path(tempfile.gettempdir()) / f"loadtest-daphne-{os.getpid()}.log"
        processes, base = start_servers(args.servers, log_path)
        print(f"started {args.servers} Daphne process(es) at {base}, log {log_path}")
    try:
        asyncio.run(run(args, games_by_way, base, [p.pid for p in processes]))
    finally:
        stop_servers(processes)
    if processes:
        used = resource.getrusage(resource.RUSAGE_CHILDREN)
        print(f"CPU used by the Daphne process(es), start to stop: "
              f"{used.ru_utime + used.ru_stime:.1f} s")


if __name__ == "__main__":
    main()
