"""The search probes the tables in its tree: at depth 2 it scores KQvKR's longest win (far
past its horizon) as the table's mate and plays a move the table calls best; without the
tables the same search sees no mate."""
from __future__ import annotations

import pytest

from engine import tablebase
from engine.position import Position
from engine.search.native import NativeSearcher
from engine.search.searcher import MATE, SearchLimits


@pytest.mark.slow
def test_the_search_scores_a_table_position_exactly_when_tables_are_loaded(loaded):
    fen = loaded["stats"]["KQvKR"]["longest_fen"][0]
    plies = loaded["stats"]["KQvKR"]["longest"][0]
    assert plies > 20
    pos = Position.from_fen(fen)
    result = NativeSearcher(tt_mb=4).search(pos, SearchLimits(depth=2))
    assert result.score == MATE - plies
    assert result.move in tablebase.best_moves(pos)
    tablebase.unload()
    try:
        result = NativeSearcher(tt_mb=4).search(pos, SearchLimits(depth=2))
        assert abs(result.score) < MATE - 1000
    finally:
        tablebase.load(loaded["dir"], force=True)
