"""CPU floors (not a test): what one Daphne process spends per request or websocket message on
applications that do nothing, so that scripts/move_cpu.py's figures can be read against what
the stack itself costs. Sequential keep-alive requests (or messages on one socket); the CPU time
of the server process (/proc/<pid>/stat) divided by their number, after 50 warm-up requests.

    export SECRET_KEY=<long random> DATABASE_URL=sqlite:////tmp/rs_movecpu.sqlite3; unset REDIS_URL
    python scripts/cpu_floor.py floor_asgi:hello http            # bare ASGI, HTTP
    python scripts/cpu_floor.py floor_asgi:hello ws              # bare ASGI, websocket echo
    python scripts/cpu_floor.py floor_asgi:application plain     # constant Django view
    python scripts/cpu_floor.py floor_asgi:application drf --token <an API token>
    python scripts/cpu_floor.py floor_asgi:application ws        # Channels echo consumer
    FLOOR_STOCK=1 FLOOR_ASYNC=1 python scripts/cpu_floor.py floor_asgi:application async

FLOOR_STOCK=1: Django's stock ASGI handler; FLOOR_ASYNC=1: the site's middleware without its
sync-only innermost one, so an async view runs on the event loop. The applications are in
scripts/floor_apps/.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import subprocess
import sys
from pathlib import Path

import websockets

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import loadtest  # noqa: E402
from move_cpu import cpu_seconds  # noqa: E402

PATHS = {"http": "/", "plain": "/plain/", "drf": "/drf/", "async": "/async/"}
WARM_UP = 50


def one_run(app: str, kind: str, count: int, token: str | None) -> float:
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(128)
    listener.set_inheritable(True)
    port = listener.getsockname()[1]
    env = {**os.environ, "PYTHONPATH": f"{HERE / 'floor_apps'}:{loadtest.ROOT}", "DEBUG": "0"}
    server = subprocess.Popen([sys.executable, "-m", "daphne", "--fd", str(listener.fileno()), app],
                              cwd=loadtest.ROOT, env=env, pass_fds=(listener.fileno(),),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    listener.close()

    async def measure() -> float:
        http = loadtest.HttpConnection(f"http://127.0.0.1:{port}")
        for _ in range(int(loadtest.BOOT_TIMEOUT / 0.2)):
            try:
                await http.request("GET", "/plain/" if app.endswith(":application") else "/")
                break
            except OSError:
                http.close()
                await asyncio.sleep(0.2)
        if kind == "ws":
            path = "/echo/"
            sock = await websockets.connect(f"ws://127.0.0.1:{port}{path}", compression=None,
                                            ping_interval=None)
            text = '{"type": "move", "move": "Bb2Cb2", "ply": 0}'
            for _ in range(WARM_UP):
                await sock.send(text)
                await sock.recv()
            before = cpu_seconds(server.pid)
            for _ in range(count):
                await sock.send(text)
                await sock.recv()
            used = cpu_seconds(server.pid) - before
            await sock.close()
            return used
        for _ in range(WARM_UP):
            await http.request("GET", PATHS[kind], None, token)
        before = cpu_seconds(server.pid)
        for _ in range(count):
            status, _ = await http.request("GET", PATHS[kind], None, token)
            if status != 200:
                raise SystemExit(f"{PATHS[kind]} answered {status}")
        return cpu_seconds(server.pid) - before

    try:
        used = asyncio.run(measure())
    finally:
        server.terminate()
        server.wait()
    return used / count * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("app", help="floor_asgi:hello or floor_asgi:application")
    parser.add_argument("kind", choices=["http", "plain", "drf", "async", "ws"])
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--token", default=None, help="an API token (for drf)")
    args = parser.parse_args()
    figures = [one_run(args.app, args.kind, args.requests, args.token) for _ in range(args.runs)]
    print(f"{args.app} {args.kind}: median {statistics.median(figures):.3f} ms per request "
          f"({', '.join(f'{x:.3f}' for x in figures)}), load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
