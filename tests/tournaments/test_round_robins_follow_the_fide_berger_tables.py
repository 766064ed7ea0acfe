"""Round-robin schedules are FIDE's Berger tables (FIDE Handbook C.05, Annex 1): the published
tables for four and six players round by round, colours included; for any number of players
everyone meets everyone once (twice in a double round robin, colours reversed), nobody plays
twice in a round, and colours are as even as a round robin allows."""
from collections import Counter
from itertools import combinations

import pytest

from tournaments.berger import berger_round, round_robin_schedule

# FIDE's tables, (white, black) per board.
FIDE_4 = [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
FIDE_6 = [[(1, 6), (2, 5), (3, 4)], [(6, 4), (5, 3), (1, 2)], [(2, 6), (3, 1), (4, 5)],
          [(6, 5), (1, 4), (2, 3)], [(3, 6), (4, 2), (5, 1)]]


@pytest.mark.parametrize("n, table", [(4, FIDE_4), (6, FIDE_6)])
def test_the_published_tables_are_reproduced(n, table):
    for number, boards in enumerate(table, start=1):
        assert set(berger_round(n, number)) == set(boards)


@pytest.mark.parametrize("players", range(2, 21))
def test_everyone_meets_everyone_once_with_even_colours(players):
    schedule = round_robin_schedule(players)
    assert len(schedule) == players - 1 + players % 2
    games = [pair for boards in schedule for pair in boards]
    assert sorted(tuple(sorted(p)) for p in games) == list(
        combinations(range(1, players + 1), 2))
    for boards in schedule:
        seated = [p for pair in boards for p in pair]
        assert len(seated) == len(set(seated))
    whites = Counter(w for w, _ in games)
    blacks = Counter(b for _, b in games)
    for player in range(1, players + 1):
        assert abs(whites[player] - blacks[player]) <= 1


def test_a_double_round_robin_plays_the_tables_again_with_colours_reversed():
    single = round_robin_schedule(5)
    double = round_robin_schedule(5, double=True)
    assert double[:len(single)] == single
    assert double[len(single):] == [[(b, w) for w, b in boards] for boards in single]
