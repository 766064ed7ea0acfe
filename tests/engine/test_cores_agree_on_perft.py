"""Both cores count the same perft: from the start to depth 4, and to depth 3 on 200
random-game positions.

CI time: the native core counts everything (about a second); the pure-Python core takes
~0.15 s per perft(3) here, so it re-counts every fifth of the 200 positions (the counts of the
others were made by it, see agreement_positions.py) and the start to depth 3 (its depth-4
count, 15,587,032, is pinned in perft_positions.py since it takes a minute)."""
import pytest

from .agreement_positions import POSITIONS as RANDOM_POSITIONS
from .perft_positions import POSITIONS

from engine import Position
from engine import core as cores
from .native_handles import rs

START_COUNTS = POSITIONS["start"][1]
PYTHON_SAMPLE = RANDOM_POSITIONS[::5]


def test_there_are_200_distinct_random_positions():
    assert len({fen for fen, _ in RANDOM_POSITIONS}) == 200


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_the_native_core_counts_the_start_position_to_depth_4(native, depth):
    pos = Position.start()
    assert native.perft(rs(), pos.sq, pos.side, depth, True) == START_COUNTS[depth - 1]


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_both_cores_count_the_start_position_alike(core, depth):
    assert cores.perft(Position.start(), depth, core=core) == START_COUNTS[depth - 1]


def test_the_native_core_counts_200_random_positions_to_depth_3_as_the_python_core_did(native):
    for fen, count in RANDOM_POSITIONS:
        pos = Position.from_fen(fen)
        assert native.perft(rs(), pos.sq, pos.side, 3, True) == count, fen


@pytest.mark.parametrize("fen, count", PYTHON_SAMPLE, ids=[f"random-{5 * i}" for i in range(len(PYTHON_SAMPLE))])
def test_the_python_core_still_counts_the_sample_the_same(fen, count):
    assert cores.perft(Position.from_fen(fen), 3, core="python") == count


def test_bulk_counting_does_not_change_the_native_count(native):
    pos = Position.start()
    assert native.perft(rs(), pos.sq, pos.side, 3, False) == native.perft(rs(), pos.sq, pos.side, 3, True)
    for fen, count in RANDOM_POSITIONS[:40]:
        pos = Position.from_fen(fen)
        assert native.perft(rs(), pos.sq, pos.side, 2, False) == native.perft(rs(), pos.sq, pos.side, 2, True)


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_the_native_core_counts_every_cross_checked_position(native, name):
    fen, counts = POSITIONS[name]
    pos = Position.from_fen(fen)
    for depth, count in enumerate(counts[:3], start=1):
        assert native.perft(rs(), pos.sq, pos.side, depth, True) == count
