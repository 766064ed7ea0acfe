"""CPU of an idle embedded server (not a test): start one Daphne process as scripts/serve.sh
does (SQLite, in-memory channel layer, bots in-process: the showcase game included), send it no
request, and read the CPU time of the server process (/proc/<pid>/stat) over windows of
`--window` seconds after a warm-up. What the server burns with nobody using it (the showcase's
bot moves, sweeps) slows every page and bot reply on a small machine.

Give it a migrated scratch database and a port:

    export DATABASE_URL=sqlite:////tmp/rs_idle.sqlite3; unset REDIS_URL
    .venv/bin/python manage.py migrate -v0
    .venv/bin/python scripts/idle_cpu.py --port 8300 --runs 3 --window 60
"""
from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from move_cpu import cpu_seconds  # noqa: E402  (same directory)

ROOT = Path(__file__).resolve().parent.parent
BOOT_TIMEOUT = 90  # seconds for Daphne to import Django on a busy machine


def wait_until_up(port: int) -> None:
    deadline = time.monotonic() + BOOT_TIMEOUT
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v1/bots/", timeout=5):
                return
        except OSError:
            time.sleep(0.5)
    raise SystemExit(f"the server did not answer on port {port} within {BOOT_TIMEOUT} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--window", type=float, default=60.0, help="seconds per measurement")
    parser.add_argument("--warmup", type=float, default=20.0,
                        help="seconds after start-up before the first window")
    args = parser.parse_args()
    if os.environ.get("REDIS_URL"):
        raise SystemExit("unset REDIS_URL: this measures the embedded set-up")
    env = {**os.environ, "DEBUG": os.environ.get("DEBUG", "0")}
    log_path = Path(tempfile.gettempdir()) / f"idle-cpu-daphne-{os.getpid()}.log"
    with open(log_path, "ab") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(args.port),
             "raumschach_site.asgi:application"],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        wait_until_up(args.port)
        time.sleep(args.warmup)
        figures = []
        for _ in range(args.runs):
            before = cpu_seconds(server.pid)
            time.sleep(args.window)
            figures.append(cpu_seconds(server.pid) - before)
            print(f"{args.window:.0f} s idle: server CPU {figures[-1]:.2f} s "
                  f"(load average {os.getloadavg()[0]:.2f})", flush=True)
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
    print(f"median of {args.runs}: {statistics.median(figures):.2f} CPU-s per "
          f"{args.window:.0f} s ({', '.join(f'{x:.2f}' for x in figures)}); log {log_path}")


if __name__ == "__main__":
    main()
