"""Every 3-piece position with Black to move (White's king on one cell of each orbit of the
cube's symmetries) is a checkmate by the core's legal move generator exactly when the table
says "mated now" - so K+R, K+B, K+U and K+N v K, whose tables hold no win at all, have no
checkmate position, which the rules' generator confirms position by position."""
from __future__ import annotations

import pytest

from engine.core import native_handle, native_module
from engine.errors import PositionError
from engine.fen import write_fen
from engine.pieces import BISHOP, KNIGHT, QUEEN, ROOK, UNICORN
from engine.position import Position
from engine.variants import variant_by_key
from tests.engine.tablebase.helpers import three_piece_boards

LOSS = 3


@pytest.mark.slow
@pytest.mark.parametrize("kind", [QUEEN, UNICORN, ROOK, BISHOP, KNIGHT])
def test_the_tables_checkmates_of_three_pieces_are_exactly_the_rules_checkmates(loaded, kind):
    native = native_module()
    handle = native_handle(variant_by_key("raumschach"))
    by_rules, by_table = set(), set()
    for wk, bk, x, board in three_piece_boards(kind):
        try:
            moves = native.legal_moves(handle, board, 1)
        except PositionError:  # White in check with Black to move
            continue
        if not moves and Position.from_fen(write_fen(board, True, 0, 1)).is_check():
            by_rules.add((wk, bk, x))
        if native.tb_probe(handle, board, 1) == (LOSS, 0):
            by_table.add((wk, bk, x))
    assert by_rules == by_table
    assert bool(by_rules) == (kind == QUEEN)
