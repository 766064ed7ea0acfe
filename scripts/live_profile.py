"""Where the live path's time goes under load (not a test): runs scripts/loadtest.py and, while
it plays, records every Daphne process it started with py-spy, samples PostgreSQL's
pg_stat_activity for the load test's database, and reads Redis's SLOWLOG and command
statistics before and after; then prints a summary of each.

    export DATABASE_URL=postgres://postgres@127.0.0.1:5432/<scratch db> REDIS_URL=redis://127.0.0.1:6379/<n> DB_POOL_MAX=20
    .venv/bin/python scripts/live_profile.py --out /tmp/live -- --games 1000 --think 10 --servers 2

pg_stat_statements would say which statements cost most, but it needs the server started
with it in shared_preload_libraries; without it the samples of pg_stat_activity (what each
backend is doing, and what it waits for) stand in. SLOWLOG and INFO commandstats are the
whole Redis server's (other users of the server show up too).
"""
from __future__ import annotations

import argparse
import collections
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlparse

HERE = Path(__file__).resolve().parent


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid and b"daphne" in cmdline:
            found.append(int(entry.name))
    return found


def summarise_stacks(path: Path, top: int) -> list[str]:
    total, idle, inclusive = 0, 0, collections.Counter()
    for line in path.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        n = int(count)
        if not stack.strip(" ()"):  # no thread held the GIL: waiting, or in C code
            idle += n
            continue
        total += n
        seen = set()
        for frame in stack.split(";"):
            name = frame.split(" (")[0]
            where = frame.split("(")[1].split(":")[0].rsplit("/", 1)[-1] if "(" in frame else ""
            key = f"{name} ({where})"
            if key not in seen:
                seen.add(key)
                inclusive[key] += n
    lines = [f"{path.name}: {total} samples holding the GIL ({idle} without)"]
    lines += [f"  {n:6d} {100 * n / max(total, 1):5.1f}%  {key}"
              for key, n in inclusive.most_common(top)]
    return lines


class PgSampler(threading.Thread):
    def __init__(self, dsn: str, database: str, every: float) -> None:
        super().__init__(daemon=True)
        self.dsn, self.database, self.every = dsn, database, every
        self.states: collections.Counter = collections.Counter()
        self.slow: collections.Counter = collections.Counter()
        self.samples = 0
        self.stop = threading.Event()

    def run(self) -> None:
        import psycopg

        with psycopg.connect(self.dsn, autocommit=True) as conn:
            while not self.stop.wait(self.every):
                rows = conn.execute(
                    "SELECT state, coalesce(wait_event_type, '-'), coalesce(wait_event, '-'),"
                    " extract(epoch FROM now() - query_start) * 1000, left(query, 90)"
                    " FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
                    (self.database,)).fetchall()
                self.samples += 1
                for state, wait_type, wait, ms, query in rows:
                    self.states[(state, wait_type, wait)] += 1
                    if state == "active" and ms is not None and ms > 20:
                        self.slow[query] += 1


def redis_stats(client) -> tuple[int, dict]:
    last = client.slowlog_get(1)
    return (last[0]["id"] if last else -1), client.info("commandstats")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default="/tmp/live-profile", help="prefix of the stack files")
    parser.add_argument("--rate", type=int, default=100, help="py-spy samples per second")
    parser.add_argument("--top", type=int, default=45)
    parser.add_argument("loadtest", nargs=argparse.REMAINDER,
                        help="-- then the arguments of scripts/loadtest.py")
    args = parser.parse_args()
    loadtest_args = [a for a in args.loadtest if a != "--"]
    import redis

    url = os.environ["DATABASE_URL"]
    database = urlparse(url).path.lstrip("/")
    rds = redis.Redis.from_url(os.environ["REDIS_URL"])
    slow_before, commands_before = redis_stats(rds)
    sampler = PgSampler(url, database, 0.25)
    sampler.start()
    began = time.time()
    test = subprocess.Popen([sys.executable, str(HERE / "loadtest.py"), *loadtest_args])
    spies, seen = [], set()
    while test.poll() is None:
        for pid in children(test.pid):
            if pid in seen:
                continue
            seen.add(pid)
            time.sleep(3)  # let Daphne import Django before py-spy attaches
            out = Path(f"{args.out}-daphne-{pid}.txt")
            spies.append((out, subprocess.Popen(
                [str(Path(sys.executable).parent / "py-spy"), "record", "-p", str(pid),
                 "-o", str(out), "-r", str(args.rate), "-f", "raw", "--gil"],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)))
        time.sleep(0.5)
    sampler.stop.set()
    for _, spy in spies:
        if spy.poll() is None:
            spy.send_signal(signal.SIGINT)
        spy.wait(60)
    print(f"\n== live profile ({time.time() - began:.0f} s, load average after "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())})")
    for out, _ in spies:
        if out.exists():
            print("\n".join(summarise_stacks(out, args.top)))
    print(f"\npg_stat_activity, {sampler.samples} samples of the backends of {database}:")
    for (state, wait_type, wait), n in sampler.states.most_common(12):
        print(f"  {n / max(sampler.samples, 1):6.2f} backends on average  {state} "
              f"{wait_type}:{wait}")
    print("  active for more than 20 ms when sampled:")
    for query, n in sampler.slow.most_common(8):
        print(f"  {n:5d}  {query}")
    entries = [e for e in rds.slowlog_get(128) if e["id"] > slow_before]
    print(f"\nRedis SLOWLOG (slower than the server's slowlog-log-slower-than): "
          f"{len(entries)} new entries")
    for entry in entries[:10]:
        print(f"  {entry['duration']} us  {entry['command'][:100]!r}")
    after = rds.info("commandstats")
    print("Redis commands during the run (whole server):")
    deltas = []
    for name, stats in after.items():
        before = commands_before.get(name, {"calls": 0, "usec": 0})
        calls, usec = stats["calls"] - before["calls"], stats["usec"] - before["usec"]
        if calls:
            deltas.append((usec, calls, name))
    for usec, calls, name in sorted(deltas, reverse=True)[:10]:
        print(f"  {name:28s} {calls:8d} calls  {usec / 1000:9.1f} ms  "
              f"{usec / calls:7.1f} us/call")
    sys.exit(test.returncode)


if __name__ == "__main__":
    main()
