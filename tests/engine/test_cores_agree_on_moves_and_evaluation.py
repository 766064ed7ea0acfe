"""Both cores list the same legal moves and give the same static evaluation, position by
position, on 2,000 random-game positions - and the naive generator agrees with the native one."""
import pytest

from . import naive_raumschach as naive
from .perft_positions import POSITIONS
from .random_positions import random_game_positions

from engine import core as cores
from engine.moves import unpack_move
from engine.search.evaluate import Evaluator, fast_evaluate
from .native_handles import rs

POSITION_COUNT = 2000


@pytest.fixture(scope="module")
def positions():
    return random_game_positions(POSITION_COUNT, seed=11)


def test_both_cores_list_the_same_legal_moves_in_2000_random_positions(native, positions):
    for pos in positions:
        assert sorted(native.legal_moves(rs(), pos.sq, pos.side)) == sorted(pos.generate_legal()), pos.fen()


def test_both_cores_list_the_same_captures_and_promotions(native, positions):
    for pos in positions[::4]:
        assert sorted(native.legal_moves(rs(), pos.sq, pos.side, True)) == sorted(pos.generate_legal(True)), pos.fen()


def test_both_cores_evaluate_2000_random_positions_identically(native, positions):
    evaluator = Evaluator()
    for pos in positions:
        assert native.evaluate(rs(), pos.sq, pos.side) == evaluator.evaluate(pos), pos.fen()
        assert native.evaluate(rs(), pos.sq, pos.side, True) == fast_evaluate(pos), pos.fen()


def test_the_core_front_gives_both_cores_answers(core, positions):
    pos = positions[123]
    assert sorted(cores.legal_moves(pos, core=core)) == sorted(pos.generate_legal())
    assert cores.evaluate(pos, core=core) == Evaluator().evaluate(pos)


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_the_naive_generator_agrees_with_the_native_one(native, name):
    fen = POSITIONS[name][0]
    from engine import Position

    pos = Position.from_fen(fen)
    coords = sorted(unpack_move(m).coord() for m in native.legal_moves(rs(), pos.sq, pos.side))
    assert coords == naive.legal_coords(fen)


def test_the_naive_generator_agrees_with_the_native_one_along_random_games(native, positions):
    for pos in positions[::50]:
        coords = sorted(unpack_move(m).coord() for m in native.legal_moves(rs(), pos.sq, pos.side))
        assert coords == naive.legal_coords(pos.fen()), pos.fen()
