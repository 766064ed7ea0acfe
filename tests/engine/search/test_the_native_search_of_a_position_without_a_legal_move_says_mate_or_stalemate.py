"""The native searcher no longer asks the Python generator for legal moves before each search:
the core refuses a position with none, and the searcher then answers as before - no move, a
mated side's score -MATE, a stalemated side's 0 - and passes any other refusal on."""
import pytest
from search_positions import MATE_IN_ONE, mating_moves

from engine import Position
from engine.search import SearchLimits
from engine.search.native import NativeSearcher
from engine.search.searcher import MATE


def mated() -> Position:
    pos = Position.from_fen(MATE_IN_ONE[0])
    pos.push(mating_moves(pos)[0])
    return pos


def test_a_mated_side_gets_no_move_and_the_mate_score():
    pos = mated()
    assert pos.in_check() and not pos.generate_legal()
    result = NativeSearcher(tt_mb=1).search(pos, SearchLimits(depth=3))
    assert (result.move, result.score, result.nodes) == (None, -MATE, 0)


def test_a_stalemated_side_gets_no_move_and_a_draw_score():
    # A lone black king in its corner, every cell around it covered by White's queen and rook.
    pos = Position.from_fen("k4/2Q2/5/5/5|5/5/R4/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/4K b 0 1")
    assert not pos.in_check() and not pos.generate_legal()
    result = NativeSearcher(tt_mb=1).search(pos, SearchLimits(depth=3))
    assert (result.move, result.score) == (None, 0)


def test_a_refusal_of_a_position_with_legal_moves_is_passed_on(monkeypatch):
    pos = Position.from_fen(MATE_IN_ONE[0])

    def refuse(**kwargs):
        raise ValueError("the core refuses")

    from engine.search import native
    module = native.native_module_for(pos.variant)
    monkeypatch.setattr(module, "search", refuse, raising=False)
    with pytest.raises(ValueError, match="the core refuses"):
        NativeSearcher(tt_mb=1).search(pos, SearchLimits(depth=1))
