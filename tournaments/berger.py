"""Round-robin schedules by FIDE's Berger tables (FIDE Handbook C.05, Annex 1). Pure: no Django.

Players are starting numbers 1..n. With an odd n a dummy n+1 is added, and whoever meets it
has no game that round (no points: a round robin's byes are not scored). For an even n, in round
r (1-based) the players a, b < n with a + b = r + 1 (mod n - 1) meet, and the one left over
(2a = r + 1) meets n; n has White in even rounds, and of two others the one from whom the
opponent is an odd number of steps ahead (mod n - 1) has White. This reproduces the published
tables (tests/tournaments checks 4 and 6 players against them). A double round robin plays the
tables twice, colours reversed in the second cycle.
"""
from __future__ import annotations


def berger_round(n: int, round_number: int) -> list[tuple[int, int]]:
    """The (white, black) pairs of round `round_number` (1..n-1) for an even `n` >= 2 (the
    pair with n first)."""
    if n < 2 or n % 2:
        raise ValueError("berger_round needs an even number of players")
    if not 1 <= round_number <= n - 1:
        raise ValueError("no such round")
    m = n - 1
    target = (round_number + 1) % m
    pairs: list[tuple[int, int]] = []
    seen: set[int] = set()
    for a in range(1, n):
        if a in seen:
            continue
        b = (target - a) % m or m  # values 1..m
        if b == a:
            pair = (n, a) if round_number % 2 == 0 else (a, n)
            pairs.insert(0, pair)
            seen.add(a)
            continue
        seen.update((a, b))
        white, black = (a, b) if (b - a) % m % 2 == 1 else (b, a)
        pairs.append((white, black))
    return pairs


def round_robin_schedule(players: int, *, double: bool = False) -> list[list[tuple[int, int]]]:
    """Every round's (white, black) pairs for `players` starting numbers; the dummy's
    opponent (odd `players`) is left out of its round."""
    if players < 2:
        return []
    n = players + players % 2
    cycle = []
    for round_number in range(1, n):
        cycle.append([(w, b) for w, b in berger_round(n, round_number)
                      if w <= players and b <= players])
    if double:
        cycle += [[(b, w) for w, b in pairs] for pairs in cycle]
    return cycle
