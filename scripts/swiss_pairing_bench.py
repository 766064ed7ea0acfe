"""How long one Swiss round takes to pair (issue 43: 200 players in < 1 s): the site's pairing
call (tournaments.swiss.swiss_pair: the history handed to py4swiss's Dutch engine as an
in-memory TRF, and its pairs read back) for every round of a simulated Swiss.

Each round's results are drawn at random (seeded: the same tournament every run), the stronger
player more often winning, a fifth of the games drawn; each round's pairing is timed `--repeats`
times. Prints per round the median wall time (what a player waits) and CPU time (what the
pairing costs, less bent by other processes on a busy machine) and the load average. No database: it
measures the pairing itself, which runs with the tournament's row locked after the commit of a
round's last game (tournaments/rounds.py, tournament_advance); the round's games are then made
in the same transaction (not timed here).

    .venv/bin/python scripts/swiss_pairing_bench.py --players 200 --rounds 7 --repeats 5
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournaments.standings import Board  # noqa: E402
from tournaments.swiss import SwissEntrant, swiss_pair  # noqa: E402


def _result(rng: random.Random, white: SwissEntrant, black: SwissEntrant) -> str:
    if rng.random() < 0.2:
        return "1/2-1/2"
    expected = 1 / (1 + 10 ** ((black.rating - white.rating) / 400))
    return "1-0" if rng.random() < expected else "0-1"


def simulate(players: int, rounds: int, repeats: int, seed: int) -> list[list[float]]:
    rng = random.Random(seed)
    ratings = sorted((rng.randint(1000, 2400) for _ in range(players)), reverse=True)
    entrants = [SwissEntrant(player=1000 + i, seed=i + 1, rating=r) for i, r in enumerate(ratings)]
    by_player = {e.player: e for e in entrants}
    boards: list[Board] = []
    timings = []
    for number in range(1, rounds + 1):
        times = []
        for _ in range(repeats):
            start, cpu = time.perf_counter(), time.process_time()
            pairs = swiss_pair(entrants, boards, rounds=rounds)
            times.append((time.perf_counter() - start, time.process_time() - cpu))
        timings.append(times)
        for white, black in pairs:
            if black is None:
                boards.append(Board(round=number, white=white, black=None, result="bye"))
            else:
                boards.append(Board(round=number, white=white, black=black,
                                    result=_result(rng, by_player[white], by_player[black])))
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=43)
    args = parser.parse_args()
    print(f"load before: {os.getloadavg()}")
    timings = simulate(args.players, args.rounds, args.repeats, args.seed)
    for number, times in enumerate(timings, start=1):
        wall, cpu = [w for w, _ in times], [c for _, c in times]
        print(f"round {number}: wall median {statistics.median(wall) * 1000:.0f} ms, slowest "
              f"{max(wall) * 1000:.0f} ms; CPU median {statistics.median(cpu) * 1000:.0f} ms "
              f"({len(times)} runs)")
    walls = [statistics.median([w for w, _ in times]) for times in timings]
    cpus = [statistics.median([c for _, c in times]) for times in timings]
    print(f"{args.players} players, {args.rounds} rounds: slowest round's median wall "
          f"{max(walls) * 1000:.0f} ms, CPU {max(cpus) * 1000:.0f} ms; every round's median "
          f"wall {statistics.median(walls) * 1000:.0f} ms")
    print(f"load after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
