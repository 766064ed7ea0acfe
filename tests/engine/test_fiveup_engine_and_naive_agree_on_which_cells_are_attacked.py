"""On the start and on positions of the seeded random games, the engine's attack test and the
naive generator's (each piece asked whether its rule reaches the cell; the king along its
orthogonal and 3D-diagonal steps, never the 2D diagonals) mark the same cells, for both sides."""
from engine.pieces import BLACK, WHITE

from . import fiveup_engine as eng
from . import naive_fiveup as naive
from .fiveup_random_games import agreement_sample

CELLS = [(level, rank, file) for level in range(5) for rank in range(5) for file in range(5)]


def test_both_mark_the_same_attacked_cells():
    fens = [naive.START] + [s.fen for s in agreement_sample(100, False)[::4]]
    for fen in fens:
        pos, board = eng.position(fen), naive.read(fen).board
        for colour, side in ((WHITE, "w"), (BLACK, "b")):
            engine = {naive.name(c) for c in CELLS if pos.is_attacked(eng.cell(pos, naive.name(c)), colour)}
            oracle = {naive.name(c) for c in CELLS if naive.attacked(board, c, side)}
            assert engine == oracle, (
                f"{fen} by {side}: engine only {engine - oracle}, naive only {oracle - engine}"
            )
