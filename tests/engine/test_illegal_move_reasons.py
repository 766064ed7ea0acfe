"""validate() names the reason a move is illegal; push_checked changes nothing on refusal."""
import pytest

from engine import IllegalMoveError, MalformedMoveError, Move, MoveError, Position, parse_cell



def reason(fen, coord):
    pos = Position.from_fen(fen) if fen else Position.start()
    with pytest.raises(IllegalMoveError) as info:
        pos.validate(Move.from_coord(coord))
    return info.value.reason


@pytest.mark.parametrize(
    "coord,expected",
    [
        ("Cc3Cc4", "no piece on Cc3"),
        ("Eb5Cb4", "that is not your piece (black knight on Eb5)"),
        ("Aa1Ab1", "Ab1 is occupied by your own knight"),
        ("Aa1Ca1", "path is blocked (by a piece on Ba1)"),
        ("Ab1Bb1", "Bb1 is occupied by your own unicorn"),
        ("Ab1Bc3", "a knight cannot move from Ab1 to Bc3"),
        ("Bc1Cc3", "a queen cannot move from Bc1 to Cc3"),
        ("Bc2Dc2", "a pawn cannot move from Bc2 to Dc2"),
        ("Bc2Cd2", "a pawn moves diagonally only to capture (Cd2 is empty)"),
        ("Bc2Cc2q", "only a pawn reaching its last row can promote"),
        ("Ab1Cb2q", "only pawns promote (that is a knight)"),
    ],
)
def test_an_illegal_move_in_the_start_position_names_its_reason(coord, expected):
    assert reason(None, coord).startswith(expected)


# White king Ac1, white rook Bc1 pinned by the black rook on Ec1; black king Ea5.
PIN = "k4/5/5/5/2r2|5/5/5/5/5|5/5/5/5/5|5/5/5/5/2R2|5/5/5/5/2K2 w 0 1"
# White king Ac1 in check from the black rook on Ec1; white knight on Ba2 could move but not help.
CHECK = "k4/5/5/5/2r2|5/5/5/5/5|5/5/5/5/5|5/5/5/N4/5|5/5/5/5/2K2 w 0 1"
PROMO = "k4/5/5/5/5|4P/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/2K2 w 0 1"
# White pawn Cc3 with a black pawn straight ahead on Cc4.
BLOCKED_PAWN = "k4/5/5/5/5|5/5/5/5/5|5/2p2/2P2/5/5|5/5/5/5/5|5/5/5/5/2K2 w 0 1"


def test_moving_a_pinned_piece_off_its_line_leaves_the_king_in_check():
    assert reason(PIN, "Bc1Bd1") == "leaves the king in check"
    assert Position.from_fen(PIN).is_legal(Move.from_coord("Bc1Dc1"))  # along the pin line is fine


def test_a_move_that_ignores_a_check_leaves_the_king_in_check():
    # a knight leap that does not block the c1 column
    assert reason(CHECK, "Ba2Bc3") == "leaves the king in check"
    assert Position.from_fen(CHECK).is_legal(Move.from_coord("Ba2Bc1"))  # blocking is fine


def test_the_king_cannot_step_along_the_checking_line_away_from_the_checker():
    # Rook on Ec1 checks down the column; the cell behind the king is off the board, but
    # stepping up to Bc1 stays on the line.
    assert reason(CHECK, "Ac1Bc1") == "leaves the king in check"


def test_a_promotion_without_a_piece_is_refused():
    assert reason(PROMO, "De5Ee5").startswith("promotion piece missing")


def test_a_pawn_cannot_capture_straight_ahead():
    assert reason(BLOCKED_PAWN, "Cc3Cc4").startswith("a pawn cannot capture straight ahead")


def test_push_checked_refuses_and_leaves_the_position_unchanged():
    pos = Position.start()
    before = (pos.fen(), pos.zobrist, pos.ply)
    with pytest.raises(IllegalMoveError):
        pos.push_checked("Aa1Ca1")
    with pytest.raises(MalformedMoveError):
        pos.push_checked("Aa1-")
    assert (pos.fen(), pos.zobrist, pos.ply) == before


def test_a_move_value_that_is_not_a_move_is_malformed():
    pos = Position.start()
    for bad in [Move(200, 3), Move(-1, 3), Move(3, 3), (1, 2), "Bc2Cc2", Move(1, 2, 9)]:
        with pytest.raises(MalformedMoveError):
            pos.validate(bad)
        assert not pos.is_legal(bad)


def test_move_errors_are_value_errors_with_a_shared_base():
    assert issubclass(IllegalMoveError, MoveError) and issubclass(MalformedMoveError, MoveError)
    assert issubclass(MoveError, ValueError)


def test_every_legal_move_passes_validation():
    pos = Position.start()
    for move in pos.legal_moves():
        pos.validate(move)
    assert parse_cell("Cc3") not in {m.from_cell for m in pos.legal_moves()}
