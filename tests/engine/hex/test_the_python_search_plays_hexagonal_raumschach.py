"""The Python search plays Hexagonal Raumschach: every bot level answers with a legal move
(short move times: a reply, not its strength), it mates in one and takes a free queen, and the
evaluation scores a position and its colour mirror alike."""
import random

import pytest

from engine import Position
from engine.fen import placement_string
from engine.pieces import BLACK_BIT
from engine.search.evaluate import Evaluator
from engine.search.levels import PYTHON_LEVELS, choose_move
from engine.search.searcher import SearchLimits, Searcher

from tests.engine.hex.helpers import HEX, fen

# Black's king in the top-level corner Ea1 (9 cells around it); the queen's step Dc4-Db2,
# guarded by the rook below and the king beside it, covers all nine and the king's cell.
MATE_IN_ONE = fen({"Ea1": "k", "Db3": "K", "Dc4": "Q", "Cb2": "R"})
# Black's queen on Cd4 is attacked by the knight on Ad3 (two levels down, one step down) and
# guarded by nothing; White to move.
FREE_QUEEN = fen({"Ad1": "K", "Ed7": "k", "Ad3": "N", "Cd4": "q", "Ee1": "r"})


def test_the_search_mates_in_one():
    pos = Position.from_fen(MATE_IN_ONE, HEX)
    result = Searcher(seed=1).search(pos, SearchLimits(depth=2))
    assert result.move.coord(HEX) == "Dc4Db2"
    pos.push(result.move)
    assert pos.is_checkmate()


def test_the_search_takes_a_free_queen():
    pos = Position.from_fen(FREE_QUEEN, HEX)
    result = Searcher(seed=1).search(pos, SearchLimits(depth=3))
    assert result.move.coord(HEX) == "Ad3Cd4"


@pytest.mark.parametrize("level", sorted(PYTHON_LEVELS))
def test_each_level_answers_with_a_legal_move(level):
    for text in (HEX.start_fen, FREE_QUEEN):
        pos = Position.from_fen(text, HEX)
        result = choose_move(pos, level, seed=7, movetime=0.3, core="python")
        assert result.move in pos.legal_moves()
        assert pos.fen() == text


def mirrored(pos: Position) -> Position:
    """The colour mirror: every piece reflected (ruling section 3) with its colour swapped, the
    other side to move."""
    g = HEX.geometry
    board = [0] * g.ncells
    for cell, code in enumerate(pos.sq):
        if code:
            board[g.reflect_cell(cell)] = code ^ BLACK_BIT
    side = "b" if pos.turn else "w"
    return Position.from_fen(f"{placement_string(board, HEX)} {side} {pos.halfmove_clock} 1", HEX)


def test_the_evaluation_is_colour_symmetric_along_random_games():
    rng = random.Random(25)
    for _ in range(3):
        pos = Position.start(HEX)
        for _ in range(50):
            moves = pos.legal_moves()
            if not moves:
                break
            assert Evaluator().evaluate(pos) == Evaluator().evaluate(mirrored(pos))
            pos.push(rng.choice(moves))

