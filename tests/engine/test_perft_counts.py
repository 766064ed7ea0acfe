"""Perft: the number of leaf nodes of the legal move tree, checked against known counts.

The counts in perft_positions.py were cross-checked with the naive generator; the cheap
depths are recomputed with both generators here on every run.
"""
import pytest

from . import naive_raumschach as naive
from .perft_positions import POSITIONS, START

from engine import Position
from engine.perft import divide, perft

CASES = [(name, fen, depth, count) for name, (fen, counts) in POSITIONS.items() for depth, count in enumerate(counts, 1)]
FAST_CASES = [case for case in CASES if case[3] < 1_000_000]


def test_the_start_position_has_61_moves_and_3615_replies():
    pos = Position.start()
    assert perft(pos, 1) == 61
    assert perft(pos, 2) == 3615


@pytest.mark.parametrize("name,fen,depth,count", FAST_CASES, ids=[f"{c[0]}-{c[2]}" for c in FAST_CASES])
def test_perft_matches_the_cross_checked_count(name, fen, depth, count):
    assert perft(Position.from_fen(fen), depth) == count


@pytest.mark.parametrize("name", [n for n in POSITIONS if n != "middlegame"])
def test_the_naive_generator_agrees_at_depth_two(name):
    fen, counts = POSITIONS[name]
    assert naive.perft_fen(fen, 2) == counts[1] == perft(Position.from_fen(fen), 2)


def test_counting_the_last_ply_in_bulk_gives_the_same_total_as_playing_it():
    for fen, _ in POSITIONS.values():
        pos = Position.from_fen(fen)
        assert perft(pos, 2, bulk=True) == perft(pos, 2, bulk=False)


def test_divide_splits_the_total_by_root_move():
    pos = Position.start()
    rows = divide(pos, 2)
    assert len(rows) == 61 and sum(n for _, n in rows) == 3615
    assert rows == sorted(rows)
    assert pos.fen() == START  # perft leaves the position as it found it


@pytest.mark.slow
@pytest.mark.parametrize("name", [n for n in POSITIONS if n not in ("start", "middlegame")])
def test_the_naive_generator_agrees_at_depth_three(name):
    fen, counts = POSITIONS[name]
    assert naive.perft_fen(fen, 3) == counts[2]


@pytest.mark.slow
def test_the_naive_generator_agrees_on_the_middlegame_at_depth_two():
    fen, counts = POSITIONS["middlegame"]
    assert naive.perft_fen(fen, 2) == counts[1]


@pytest.mark.slow
def test_start_perft_four():
    assert perft(Position.start(), 4) == POSITIONS["start"][1][3]
