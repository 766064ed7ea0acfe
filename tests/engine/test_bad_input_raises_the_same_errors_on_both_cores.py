"""Bad input to either core raises the same Python exceptions: a malformed position string,
a position with no legal move, impossible search limits, an illegal move."""
import pytest

from engine import Position, variant_by_key
from engine import core as cores
from engine.errors import IllegalMoveError, PositionError
from engine.search import SearchLimits
from engine.search.levels import choose_move, levels_for, make_searcher
from tests.engine.native_handles import rs

MATED = "5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/1Q3/k1K2 b 0 1"
STALEMATE = "5/5/5/5/5|5/5/5/5/5|5/5/5/5/K4|5/5/5/5/5|5/5/5/2Q2/k4 b 0 1"


@pytest.mark.parametrize("fen", ["", "rnknr w 0 1", Position.start().fen().replace(" w ", " x "),
                                 Position.start().fen().replace("K", "Q")])
def test_a_malformed_position_string_is_a_position_error_on_both_cores(core, fen):
    with pytest.raises(PositionError):
        cores.perft(Position.from_fen(fen), 2, core=core)


def test_the_native_core_refuses_an_impossible_board_with_a_position_error(native):
    start = Position.start()
    no_white_king = [0 if code == 7 else code for code in start.sq]
    for board, side in ((no_white_king, 0), ([0] * 125, 0), (start.sq[:124], 0), (start.sq, 2),
                        ([99] + start.sq[1:], 0)):
        with pytest.raises(PositionError):
            native.legal_moves(rs(), board, side)


@pytest.mark.parametrize("fen", [MATED, STALEMATE])
def test_a_position_without_legal_moves_has_no_move_to_choose_on_either_core(core, fen):
    with pytest.raises(ValueError, match="no legal move"):
        choose_move(Position.from_fen(fen), 3, core=core)


@pytest.mark.parametrize("fen, score", [(MATED, -30000), (STALEMATE, 0)])
def test_a_searcher_of_either_core_reports_mate_or_stalemate_without_a_move(core, fen, score):
    result = make_searcher(levels_for(core)[3], seed=1, core=core).search(Position.from_fen(fen), SearchLimits(depth=3))
    assert (result.move, result.score, result.depth) == (None, score, 0)


@pytest.mark.parametrize("limits", [SearchLimits(depth=-1), SearchLimits(depth=0), SearchLimits(depth=500), SearchLimits(movetime=0),
                                    SearchLimits(movetime=-2.0), SearchLimits(movetime=float("nan")),
                                    SearchLimits(nodes=0), SearchLimits(depth=3, min_depth=-1)])
def test_impossible_limits_are_a_value_error_on_both_cores(core, limits):
    searcher = make_searcher(levels_for(core)[3], seed=1, core=core)
    with pytest.raises(ValueError):
        searcher.search(Position.start(), limits)


def test_the_native_search_refuses_impossible_raw_limits(native):
    start = Position.start()
    for kwargs in ({"depth": -1}, {"nodes": -5}, {"movetime": -1.0}, {"noise": -3}, {"tt_bytes": 10}):
        with pytest.raises(ValueError):
            native.search(rs(), start.sq, 0, 0, **kwargs)
    with pytest.raises(TypeError):
        native.search(rs(), start.sq, 0, 0, depth=2, stop=object())


def test_an_illegal_move_is_an_illegal_move_error_on_both_cores(native):
    pos = Position.start()
    with pytest.raises(IllegalMoveError):
        pos.push_checked("Aa1Ea5")
    with pytest.raises(IllegalMoveError):
        native.play(rs(), pos.sq, pos.side, 0, [0 << 9 | 124])


@pytest.mark.parametrize("extra", [([8], [], [], [], -1),  # a reserve kind Raumschach does not place
                                   ([], [], [], [60], 35),  # en passant in a variant without it
                                   ([], [], [7], [], -1),  # an unmoved cell that holds a pawn
                                   ([], [], [200], [], -1),  # no such cell
                                   ([], [], [], [], 7),  # an en-passant pawn without passed cells
                                   ([], []), "reserves"])
def test_extra_state_the_variant_cannot_have_is_a_position_error(native, extra):
    start = Position.start()
    with pytest.raises(PositionError):
        native.legal_moves(rs(), start.sq, 0, False, extra)
    with pytest.raises(PositionError):
        native.search(rs(), start.sq, 0, 0, depth=1, extra=extra)


FIVEUP_START = Position.start(variant_by_key("fiveup"))
# (the position string's extra fields, the same state as the native core's extra tuple):
# a kind Five Up does not place, an unmoved cell holding a pawn, an en-passant pawn that is not
# the mover's enemy's pawn, an occupied passed cell.
FIVEUP_BAD = [("N - - 0 1", ([2], [], [], [], -1)),
              ("WGSwgs Aa2 - 0 1", ([8, 9, 10], [8, 9, 10], [5], [], -1)),
              ("- - Bc3@Cc3 0 1", ([], [], [], [57], 62)),
              ("- - Ab2@Ac2 0 1", ([], [], [], [6], 7))]


@pytest.mark.parametrize("fields, extra", FIVEUP_BAD)
def test_fiveup_extra_state_out_of_range_is_a_position_error_on_both_cores(native, fields, extra):
    placement = FIVEUP_START.fen().split(" ")[0]
    with pytest.raises(PositionError):
        Position.from_fen(f"{placement} w {fields}", FIVEUP_START.variant)
    handle = cores.position_args(FIVEUP_START)["handle"]
    with pytest.raises(PositionError):
        native.legal_moves(handle, FIVEUP_START.sq, 0, False, extra)
    with pytest.raises(PositionError):
        native.search(handle, FIVEUP_START.sq, 0, 0, depth=1, extra=extra)
