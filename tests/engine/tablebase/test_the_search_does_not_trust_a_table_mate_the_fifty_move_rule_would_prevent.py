"""The tables know no 50-move rule: when the halfmove clock leaves too few plies for the
table's mate, the search does not take the table's mate score (it searches as without them)."""
from __future__ import annotations

import pytest

from engine.position import Position
from engine.search.native import NativeSearcher
from engine.search.searcher import MATE, SearchLimits


@pytest.mark.slow
def test_the_search_does_not_trust_a_table_mate_the_fifty_move_rule_would_prevent(loaded):
    fen = loaded["stats"]["KQvKR"]["longest_fen"][0]
    plies = loaded["stats"]["KQvKR"]["longest"][0]
    fields = fen.split()
    late = Position.from_fen(" ".join([*fields[:2], str(100 - plies), *fields[3:]]))
    in_time = Position.from_fen(" ".join([*fields[:2], str(99 - plies), *fields[3:]]))
    assert NativeSearcher(tt_mb=4).search(in_time, SearchLimits(depth=2)).score == MATE - plies
    assert abs(NativeSearcher(tt_mb=4).search(late, SearchLimits(depth=2)).score) < MATE - 1000
