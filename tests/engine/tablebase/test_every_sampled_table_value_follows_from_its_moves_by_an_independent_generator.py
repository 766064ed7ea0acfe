"""A table's value of a position must follow from its moves: mated now with no legal move in
check, a draw by stalemate; else a win in 1 + the quickest loss among the successors, a draw
if a successor draws, a loss in 1 + the longest of the successors' wins.  The moves here come
from the naive generator (tests/engine/naive_raumschach.py, which shares no code with the
engine), the successors' values from the tables (a capture from the smaller table, K v K a
draw).  Values that satisfy this everywhere are the true ones (by induction on the distance
to mate), so each sampled position checks the table near it; the sample is random positions
of each ending, random won ones (rare in some endings) with the lost positions their best
moves lead to, and each table's longest mate."""
from __future__ import annotations

import random

import pytest

from engine import tablebase
from engine.position import Position
from tests.engine import naive_raumschach as naive
from tests.engine.tablebase.helpers import decisive_sample, expected, fen_of, random_legal

DECISIVE = 60  # won positions found by rejection, each with the loss its best move leads to
SAMPLES = {"KQvK": 1000, "KRvK": 200, "KBvK": 150, "KUvK": 150, "KNvK": 150, "KQvKR": 600, "KRRvK": 300}


@pytest.mark.slow
@pytest.mark.parametrize("name", list(SAMPLES))
def test_every_sampled_table_value_follows_from_its_moves(loaded, name):
    rng = random.Random(f"tb-{name}")
    cases = [random_legal(name, rng) for _ in range(SAMPLES[name])]
    if any(loaded["stats"][name]["wins"]):
        cases += decisive_sample(name, rng, DECISIVE)
        assert len(cases) >= SAMPLES[name] + DECISIVE, "too few wins found to test"
    for fen in loaded["stats"][name]["longest_fen"]:
        if fen:
            cases.append(naive.read(fen))
    for board, side in cases:
        fen = fen_of(board, side)
        got = tablebase.probe(Position.from_fen(fen))
        assert got is not None, fen
        assert (got.result, got.plies) == expected(board, side), fen
