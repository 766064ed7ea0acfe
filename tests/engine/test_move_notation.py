"""Coordinate moves and readable moves, both written and read (docs/rules/raumschach.md: Notation)."""
import pytest

from engine import (
    AmbiguousMoveError,
    IllegalMoveError,
    MalformedMoveError,
    Move,
    Position,
    QUEEN,
    KNIGHT,
    UNICORN,
    parse_cell,
)

BOARDMATE = "5/R4/2k2/R4/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/R4/5/K4 w 0 1"
PLAIN_CHECK = "5/5/2k2/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/R4/5/K4 w 0 1"
SPACEMATE = "4k/5/5/5/5|5/5/5/5/3Q1|5/5/5/5/5|5/5/5/5/5|5/3R1/5/5/K4 w 0 1"
PROMOTION = "2k2/5/5/5/5|4P/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/K4 w 0 1"


def test_a_coordinate_move_is_read_and_written():
    move = Move.from_coord("Bc2Cc2")
    assert move == Move(parse_cell("Bc2"), parse_cell("Cc2"))
    assert move.coord() == "Bc2Cc2"


def test_a_coordinate_promotion_carries_a_lower_case_letter():
    assert Move.from_coord("De5Ee5q") == Move(parse_cell("De5"), parse_cell("Ee5"), QUEEN)
    assert Move.from_coord("De5Ee5u").coord() == "De5Ee5u"
    assert Move.from_coord("De5Ee5s").promotion == KNIGHT  # S (Springer) accepted for the knight


@pytest.mark.parametrize("text", ["", "Bc2", "Bc2Cc", "bc2Cc2", "Bc2Cc2Q", "Bc2Cc2k", "Bc2Cc2p", "Bc2-Cc2x", "Bc2Bc2", 42])
def test_a_malformed_coordinate_move_is_rejected(text):
    with pytest.raises(MalformedMoveError):
        Move.from_coord(text)


def test_moves_are_hashable_values():
    assert {Move.from_coord("Bc2Cc2"), Move(parse_cell("Bc2"), parse_cell("Cc2"), None)} == {Move.from_coord("Bc2Cc2")}


@pytest.mark.parametrize(
    "fen,coord,readable",
    [
        (None, "Ab1Cb2", "NAb1-Cb2"),
        (None, "Bc2Cc2", "Bc2-Cc2"),
        (None, "Bb1Cc2", "UBb1-Cc2"),
        (PLAIN_CHECK, "Aa3Ea3", "RAa3-Ea3+"),
        (BOARDMATE, "Aa3Ea3", "RAa3-Ea3++"),
        (SPACEMATE, "Dd1Dd4", "QDd1-Dd4#"),
        (PROMOTION, "De5Ee5q", "De5-Ee5=Q+"),
        (PROMOTION, "De5Ee5n", "De5-Ee5=N"),
    ],
)
def test_readable_moves_are_written_and_read_back(fen, coord, readable):
    pos = Position.from_fen(fen) if fen else Position.start()
    move = Move.from_coord(coord)
    assert pos.san(move) == readable
    assert pos.parse_san(readable) == move
    assert pos.parse_san(coord) == move


def test_a_capture_is_written_with_x():
    # (docs/rules/raumschach.md's format example "Bc2xCd3" is a space-diagonal step no pawn can make; the
    # pawn capture from Bc2 one level up and one file right is Bc2xCd2.)
    pos = Position.from_fen("4k/5/5/5/5|5/5/5/5/5|5/5/5/3p1/5|5/5/5/2P2/5|5/5/5/5/K4 w 0 1")
    move = Move.from_coord("Bc2Cd2")
    assert pos.san(move) == "Bc2xCd2"
    assert pos.parse_san("Bc2xCd2") == move
    with pytest.raises(IllegalMoveError, match="write x for a capture"):
        pos.parse_san("Bc2-Cd2")


def test_boardmate_means_the_king_can_only_leave_its_level():
    pos = Position.from_fen(BOARDMATE)
    pos.push(Move.from_coord("Aa3Ea3"))
    king_moves = [m for m in pos.legal_moves()]
    # every reply is a king step from Ec3 down to level D (3 x 3 cells)
    assert len(king_moves) == 9 and all(m.to_cell // 25 == 3 for m in king_moves)
    assert pos.outcome() is None  # a boardmate is only an annotation


def test_short_readable_forms_are_accepted_when_unambiguous():
    pos = Position.start()
    assert pos.parse_san("NCb2") == Move.from_coord("Ab1Cb2")
    assert pos.parse_san("Cc2") == Move.from_coord("Bc2Cc2")
    assert pos.parse_san("SAb1-Cb2") == Move.from_coord("Ab1Cb2")


def test_a_short_form_that_fits_two_moves_is_ambiguous():
    pos = Position.start()
    # Both knights of level A can reach Ac3 (Ab1 and Ad1).
    with pytest.raises(AmbiguousMoveError, match="NAb1-Ac3.*NAd1-Ac3"):
        pos.parse_san("NAc3")


def test_annotations_on_input_are_ignored():
    pos = Position.start()
    assert pos.parse_san("NAb1-Cb2+") == pos.parse_san("NAb1-Cb2#") == Move.from_coord("Ab1Cb2")


@pytest.mark.parametrize(
    "text,error,message",
    [
        ("hello", MalformedMoveError, "not a move"),
        ("NAb1-Cb9", MalformedMoveError, "not a move"),
        ("QAb1-Cb2", IllegalMoveError, "Ab1 holds a knight, not a queen"),
        ("Ab1-Cb2", IllegalMoveError, "Ab1 holds a knight, not a pawn"),
        ("NAb1xCb2", IllegalMoveError, "nothing to capture on Cb2"),
        ("QCc3", IllegalMoveError, "no queen of yours can legally move to Cc3"),
        ("Dc4", IllegalMoveError, "no pawn of yours"),
    ],
)
def test_a_bad_readable_move_says_what_is_wrong(text, error, message):
    with pytest.raises(error, match=message):
        Position.start().parse_san(text)


def test_writing_an_illegal_move_is_refused():
    with pytest.raises(IllegalMoveError):
        Position.start().san(Move.from_coord("Bc2Ec2"))


def test_a_unicorn_promotion_is_written_with_u():
    pos = Position.from_fen(PROMOTION)
    assert pos.san(Move(parse_cell("De5"), parse_cell("Ee5"), UNICORN)).startswith("De5-Ee5=U")
