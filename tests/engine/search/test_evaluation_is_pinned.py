"""The static evaluation and the Zobrist hash give the numbers pinned in pinned_evaluations.py.

The native core copies both term by term, so any change here is a change of engine behaviour
that the core must follow: regenerate the pins only on purpose, never to make a refactor pass.
"""
import pytest
from pinned_evaluations import PINNED

from engine import Position, zobrist_hash
from engine.search.evaluate import Evaluator, fast_evaluate


@pytest.mark.parametrize("fen,full,fast,key", PINNED, ids=range(len(PINNED)))
def test_a_position_evaluates_to_its_pinned_score_and_hash(fen, full, fast, key):
    pos = Position.from_fen(fen)  # a Position is the engine's one Board: the search evaluates it
    assert Evaluator().evaluate(pos) == full
    assert fast_evaluate(pos) == fast
    assert zobrist_hash(pos) == key
    assert pos.zobrist == key
