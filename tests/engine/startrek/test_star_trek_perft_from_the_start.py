"""Perft from the start (docs/rules/startrek.md section 8): 15 and 225 follow from the ruling,
the 15 first moves are the ruling's list; deeper counts are the ones the rules page publishes."""
from engine import Position
from engine.core import perft
from engine.search.levels import core_for

from tests.engine.startrek.helpers import STARTREK

RULINGS_FIRST_MOVES = ("Ba1Bb3 Ba1Ca3 Ba2Ba3 Ba2Ba4 Ba2Ca3 Bb1Ca2 Bb2Bb3 Bb2Bb4 Bc2Bc3 Bc2Bc4 Bd1Bc3 Bd2Bd3 "
                       "Bd2Bd4 Q1dK1u Q1dQ1u").split()


def test_the_first_moves_are_the_rulings_fifteen():
    pos = Position.start(STARTREK)
    assert sorted(pos.coord(m) for m in pos.legal_moves()) == RULINGS_FIRST_MOVES


def test_perft_1_to_3_on_the_core_that_plays_star_trek():
    pos = Position.start(STARTREK)
    core = core_for(STARTREK)
    assert [perft(pos, d, core=core) for d in (1, 2, 3)] == [15, 225, 4446]


def test_perft_4_with_and_without_bulk_counting():
    pos = Position.start(STARTREK)
    assert perft(pos, 4, core="python") == 87834
    assert perft(pos, 3, bulk=False, core="python") == 4446
    assert pos.fen() == STARTREK.start_fen
