"""Bad input through the native path is refused as the Python core refuses it: a move onto a
cell that does not exist now, a board move that breaks a condition of the rules (a board with
a king, an empty board, a taken pin, a pawn's ranks, a pin without a board) - IllegalMoveError
on both; a board whose missing cells do not match its pins, pins missing or given to a variant
without them - PositionError.  The Python position is left as it was."""
import pytest

from engine import IllegalMoveError, Position, PositionError, RAUMSCHACH
from engine import core as cores
from engine.board_pins import VOID
from engine.moves import BOARD_MOVE_FLAG, FROM_SHIFT, unpack_move

from tests.engine.native_handles import rs
from tests.engine.startrek.helpers import STARTREK

CELL = STARTREK.geometry.parse_cell


def piece_move(frm: str, to: str) -> int:
    return CELL(frm) << FROM_SHIFT | CELL(to)


def board_move(frm: str, to: str) -> int:
    return BOARD_MOVE_FLAG | STARTREK.pin_by_name[frm].anchor << FROM_SHIFT | STARTREK.pin_by_name[to].anchor


@pytest.fixture
def wide(native):
    return cores.native_module_for(STARTREK)


@pytest.mark.parametrize("move", [piece_move("Bd2", "Cd3"), piece_move("Bd1", "Cd3"), piece_move("Cz4", "Cz5"),
                                  board_move("K1d", "K1u"), board_move("Q3d", "K3d"), board_move("Q1d", "Q2u"),
                                  board_move("Q1d", "Q6u"), board_move("Q2u", "Q2d")],
                         ids=["onto-missing", "knight-onto-missing", "from-missing", "carries-king", "empty-board",
                              "pawn-ranks", "taken-pin", "no-board-there"])
def test_an_illegal_move_is_refused_by_both_cores(wide, move):
    pos = Position.start(STARTREK)
    args = cores.position_args(pos)
    assert move not in pos.generate_legal() and move not in cores.legal_moves(pos, core="native")
    with pytest.raises(IllegalMoveError):
        pos.push_checked(unpack_move(move))
    with pytest.raises(IllegalMoveError):
        wide.play(args["handle"], pos.sq, pos.side, 0, [move], args["extra"])
    assert pos.fen() == STARTREK.start_fen


def test_a_board_whose_missing_cells_do_not_match_its_pins_is_refused(wide):
    pos = Position.start(STARTREK)
    handle, extra = cores.native_handle(STARTREK), cores.position_args(pos)["extra"]
    wrong_pins = extra[:5] + ([p for p in extra[5] if p != STARTREK.pin_by_name["Q3d"].index]
                              + [STARTREK.pin_by_name["Q2u"].index],)
    hole = list(pos.sq)
    hole[CELL("Bb1")] = VOID  # a main board's cell marked missing
    for board, state in ((pos.sq, wrong_pins), (hole, extra), (pos.sq, extra[:5]), (pos.sq, None),
                         (pos.sq, extra[:5] + ([99],))):
        with pytest.raises(PositionError):
            wide.legal_moves(handle, board, 0, False, state)
    assert sorted(wide.legal_moves(handle, pos.sq, 0, False, extra)) == sorted(pos.generate_legal())


def test_pins_and_missing_cells_are_refused_in_a_variant_without_them(native):
    start = Position.start(RAUMSCHACH)
    with pytest.raises(PositionError):
        native.legal_moves(rs(), [VOID] + start.sq[1:], 0)
    with pytest.raises(PositionError):
        native.legal_moves(rs(), start.sq, 0, False, ([], [], [], [], -1, [0]))
