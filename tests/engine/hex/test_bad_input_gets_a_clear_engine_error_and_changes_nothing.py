"""Bad input in a Hexagonal Raumschach position: a cell no hex level has (``Aa5``), a cube move,
a malformed hex position string - each a clear engine error (the ValueError subclasses of
engine/errors.py and engine/geometry.py), and the position is left as it was."""
import pytest

from engine import IllegalMoveError, MalformedMoveError, Move, Position, PositionError, RAUMSCHACH, START_FEN
from engine.geometry import CellNameError
from engine.step import play_step

from tests.engine.hex.helpers import HEX, fen


@pytest.mark.parametrize("name", ["Aa5", "Ag5", "Cd8", "Fd4", "Ah1", "Cd0"])
def test_a_cell_no_hex_level_has_is_not_a_cell_name(name):
    with pytest.raises(CellNameError, match=f"'{name}' is not a cell name .*rank 1-4 on files a and g"):
        HEX.geometry.parse_cell(name)


@pytest.mark.parametrize("text", ["Aa5Ab1", "Ab1Aa5", "RAa5-Ab1"])
def test_a_move_through_a_missing_cell_names_the_cell(text):
    pos = Position.start(HEX)
    with pytest.raises(MalformedMoveError, match="'Aa5' is not a cell name"):
        pos.push_checked(text)
    with pytest.raises(MalformedMoveError, match="'Aa5' is not a cell name"):
        play_step(HEX.start_fen, text.lstrip("R").replace("-", ""), variant=HEX)
    with pytest.raises(MalformedMoveError):
        Move.from_coord(text, HEX)
    assert pos.fen() == HEX.start_fen and not pos.move_stack


def test_a_cube_move_in_a_hex_game_is_refused():
    # Raumschach's knight move Ab1-Ac3, and Bb1-Cc3 (cells both boards have): in
    # the hex start Ab1 holds a pawn, which moves up its file or up a level only.
    pos = Position.start(HEX)
    with pytest.raises(IllegalMoveError, match="a pawn cannot move from Ab1 to Ac3 .one step up the file"):
        pos.push_checked("Ab1Ac3")
    with pytest.raises(IllegalMoveError, match="a pawn cannot move from Bb1 to Cc3"):
        play_step(HEX.start_fen, "Bb1Cc3", variant=HEX)
    # a Five Up placement is no hex move either
    with pytest.raises(MalformedMoveError, match="'w' is not a Hexagonal Raumschach piece letter"):
        pos.push_checked("Ab1Ab2/w")
    assert pos.fen() == HEX.start_fen and not pos.move_stack


def test_a_hex_move_on_the_cube_names_the_missing_cell():
    with pytest.raises(MalformedMoveError, match="'Cd7' is not a cell name"):
        play_step(START_FEN, "Cd5Cd7", variant=RAUMSCHACH)


@pytest.mark.parametrize("text,message", [
    ("", "expected 4 space-separated fields"),
    (START_FEN, "level E has 5 files separated by '/', expected 7 .a to g."),
    (HEX.start_fen.replace(" w 0 1", " w - - - 0 1"), "expected 4 space-separated fields .* got 7"),
    (HEX.start_fen.split("|", 1)[1], "placement has 4 levels separated by '|', expected 5 .E down to A."),
    (HEX.start_fen.replace("4/4p/4pq/", "5/4p/4pq/", 1), "level E file a: bad letter '5' .* digits 1-4"),
    (HEX.start_fen.replace("4/4p/4pq/", "3/4p/4pq/", 1), "level E file a has 3 cells, expected 4"),
    (HEX.start_fen.replace("KRP4", "KRX4"), "level A file d: bad letter 'X'"),
    (HEX.start_fen.replace(" w ", " x "), "side to move must be 'w' or 'b'"),
    (HEX.start_fen.replace("KRP4", "1RP4"), "white has no king"),
    (fen({"Ad1": "K", "Ed7": "k", "Ec6": "P"}), "white pawn on Ec6, its promotion row, should have promoted"),
    (fen({"Ad1": "K", "Ed7": "k", "Ac1": "p"}), "black pawn on Ac1, its promotion row, should have promoted"),
])
def test_a_malformed_hex_position_string_says_what_is_wrong(text, message):
    with pytest.raises(PositionError, match=message):
        Position.from_fen(text, HEX)


def test_a_pawn_at_the_end_of_a_file_below_level_e_is_not_promoted():
    # RULING section 4: only level E's file ends promote White; a pawn on Dd7 moves up a level.
    pos = Position.from_fen(fen({"Ad1": "K", "Eb1": "k", "Dd7": "P"}), HEX)
    moves = sorted(m.coord(HEX) for m in pos.legal_moves() if HEX.geometry.names[m.from_cell] == "Dd7")
    assert moves == ["Dd7Ed7b", "Dd7Ed7n", "Dd7Ed7q", "Dd7Ed7r", "Dd7Ed7u"]
