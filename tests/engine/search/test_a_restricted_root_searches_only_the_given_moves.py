"""UCI's searchmoves on both searchers (``root_moves``): the search chooses among the given
moves only, completes the asked depth even for one move, and refuses an empty list or a move
that is not legal (engine/puzzles asks for the best score without the best move this way)."""
import pytest

from engine import Move, Position
from engine.search import SearchLimits, Searcher
from engine.search.native import NativeSearcher
from tests.engine.conftest import require_native


def searcher(core):
    if core == "native":
        require_native()
        return NativeSearcher(tt_mb=1)
    return Searcher(tt_bits=12)


def test_the_best_move_is_one_of_the_given_ones(core):
    pos = Position.start()
    full = searcher(core).search(pos, SearchLimits(depth=3))
    others = [m for m in pos.legal_moves() if m != full.move][:7]
    result = searcher(core).search(pos, SearchLimits(depth=3), root_moves=others)
    assert result.move in others
    assert result.move != full.move


def test_one_given_move_is_searched_to_the_full_depth(core):
    pos = Position.start()
    move = pos.legal_moves()[3]
    result = searcher(core).search(pos, SearchLimits(depth=4), root_moves=[move])
    assert result.move == move
    assert result.depth == 4


@pytest.mark.parametrize("moves, message", [([], "empty"), ([Move(0, 124)], "not legal")])
def test_an_empty_or_illegal_list_is_refused(core, moves, message):
    with pytest.raises(ValueError, match=message):
        searcher(core).search(Position.start(), SearchLimits(depth=2), root_moves=moves)


def test_the_native_module_refuses_an_illegal_packed_move_itself():
    require_native()
    from engine.core import native_module, position_args

    with pytest.raises(ValueError, match="not legal"):
        native_module().search(**position_args(Position.start()), depth=2, root_moves=[12345678])
