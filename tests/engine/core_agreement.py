"""The checks every both-cores agreement test makes on a sample of positions (one variant's
positions, its native module from engine.core.native_module_for): the same legal moves, the
same evaluation, the same hash, pawn key, sums and extra state before and after a move made on
the native board, the same perft(2).  Each assert names the position string it failed on."""
from __future__ import annotations

from engine import core as cores
from engine.search.evaluate import Evaluator, fast_evaluate


def assert_same_legal_moves(positions) -> None:
    for pos in positions:
        assert sorted(cores.legal_moves(pos, core="native")) == sorted(pos.generate_legal()), pos.fen()
        assert sorted(cores.legal_moves(pos, True, core="native")) == sorted(pos.generate_legal(True)), pos.fen()


def assert_same_evaluation(native, positions) -> None:
    evaluator = Evaluator()
    for pos in positions:
        args = cores.position_args(pos)
        assert cores.evaluate(pos, core="native") == evaluator.evaluate(pos), pos.fen()
        assert native.evaluate(args["handle"], pos.sq, pos.side, True, args["extra"]) == fast_evaluate(pos), pos.fen()


def assert_same_board(native, positions, moves_every: int | None = 7) -> None:
    """The native board set up from each position keeps its hash, pawn key and sums; after
    every ``moves_every``-th legal move (None: none) also its placement, side, clock and extra
    state."""
    for pos in positions:
        args = cores.position_args(pos)
        state = native.play(args["handle"], pos.sq, pos.side, pos.hmc, [], args["extra"])
        assert state[3:8] == (pos.hash, pos.pawn_hash, pos.mg, pos.eg, pos.phase), pos.fen()
        for m in pos.generate_legal()[::moves_every] if moves_every else ():
            after = pos.copy()
            after.push_packed(m)
            state = native.play(args["handle"], pos.sq, pos.side, pos.hmc, [m], args["extra"])
            assert state[:8] == (after.sq, after.side, after.hmc, after.hash, after.pawn_hash, after.mg, after.eg,
                                 after.phase), (pos.fen(), m)
            expect = cores.position_args(after)["extra"]
            assert state[8] == (None if expect is None else tuple(expect)), (pos.fen(), m)


def assert_same_perft_2(positions) -> None:
    for pos in positions:
        assert cores.perft(pos, 2, core="native") == cores.perft(pos, 2, core="python"), pos.fen()
