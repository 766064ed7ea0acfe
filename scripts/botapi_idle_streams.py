"""Measure (not a test): what N open, idle Bot API event streams cost one Daphne process.

It creates bot accounts with API tokens in the database in DATABASE_URL (a migrated scratch
database; SQLite by default), starts one Daphne process on it, opens N `GET /api/stream/event`
streams (one token each, accounts holding BOTAPI_MAX_STREAMS streams each), waits until every
stream has sent its first line, lets them settle, then reads the server's CPU time from
/proc/<pid>/stat over a window and prints the share of one core. The streams only get
keep-alive lines meanwhile. The client reads with plain asyncio sockets in this process.

    export DATABASE_URL=sqlite:////tmp/botapi-idle.sqlite3   # or a scratch PostgreSQL
    .venv/bin/python manage.py migrate
    .venv/bin/python scripts/botapi_idle_streams.py --streams 200 --window 60 --runs 3

With REDIS_URL set, the server uses the Redis channel layer and cache as in production.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import signal
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.realtime.servers import free_port, listens  # noqa: E402 - the tests' port reservation


def make_tokens(count: int, per_account: int) -> list[str]:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "raumschach_site.settings")
    os.environ.setdefault("DEBUG", "1")
    import django

    django.setup()
    from django.contrib.auth import get_user_model

    from botapi.services import account_upgrade_to_bot
    from accounts import services

    run = uuid.uuid4().hex[:6]
    tokens: list[str] = []
    user = None
    for index in range(count):
        if index % per_account == 0:
            user = get_user_model().objects.create_user(f"idle-{run}-{index // per_account}")
            account_upgrade_to_bot(user=user)
        tokens.append(services.api_token_create(user=user, name=f"idle {index}")[1])
    return tokens


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks  # utime + stime


async def open_stream(port: int, token: str, ready: asyncio.Event, counter: list[int],
                      total: int) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write((f"GET /api/stream/event HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                  f"Authorization: Bearer {token}\r\n\r\n").encode())
    await writer.drain()
    status = await reader.readline()
    if b" 200 " not in status:
        raise SystemExit(f"stream refused: {status!r} {await reader.read(300)!r}")
    counter[0] += 1
    if counter[0] == total:
        ready.set()
    while await reader.read(4096):  # keep-alive lines until the server goes away
        pass


async def measure(port: int, pid: int, tokens: list[str], settle: float, window: float,
                  runs: int) -> list[float]:
    ready = asyncio.Event()
    counter = [0]
    tasks = [asyncio.ensure_future(open_stream(port, t, ready, counter, len(tokens)))
             for t in tokens]
    await asyncio.wait_for(ready.wait(), 120)
    print(f"{len(tokens)} streams open", flush=True)
    await asyncio.sleep(settle)
    shares = []
    for _ in range(runs):
        start_cpu, start = cpu_seconds(pid), time.monotonic()
        await asyncio.sleep(window)
        share = (cpu_seconds(pid) - start_cpu) / (time.monotonic() - start) * 100
        shares.append(share)
        print(f"server CPU over {window:.0f} s: {share:.2f} % of one core", flush=True)
    for task in tasks:
        task.cancel()
    return shares


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--streams", type=int, default=200)
    parser.add_argument("--per-account", type=int, default=20,
                        help="streams per account (the server's BOTAPI_MAX_STREAMS is set to it)")
    parser.add_argument("--settle", type=float, default=10.0, help="seconds before measuring")
    parser.add_argument("--window", type=float, default=60.0, help="seconds per measurement")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--keepalive", type=int, default=6, help="BOTAPI_KEEPALIVE_SECONDS")
    parser.add_argument("--server-log", default=os.devnull, help="file for the server's output")
    args = parser.parse_args()

    tokens = make_tokens(args.streams, args.per_account)
    port = free_port()
    env = {**os.environ, "BOTAPI_MAX_STREAMS": str(args.per_account),
           "BOTAPI_KEEPALIVE_SECONDS": str(args.keepalive), "RATE_LIMIT_BOTAPI_STREAM": "0/1",
           "BOTAPI_STREAM_KEY_PREFIX": f"idle-{uuid.uuid4().hex}"}
    log = open(args.server_log, "ab")  # noqa: SIM115 - open for the server's lifetime
    server = subprocess.Popen([sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p",
                               str(port), "raumschach_site.asgi:application"], cwd=ROOT,
                              env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        for _ in range(600):
            if listens(server.pid, port):
                break
            time.sleep(0.1)
        shares = asyncio.run(measure(port, server.pid, tokens, args.settle, args.window,
                                     args.runs))
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
    print(f"median of {len(shares)} windows: {statistics.median(shares):.2f} % of one core "
          f"for {args.streams} idle streams (keep-alive every {args.keepalive} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
