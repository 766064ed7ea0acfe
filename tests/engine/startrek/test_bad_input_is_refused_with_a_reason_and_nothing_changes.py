"""A move onto a cell that does not exist in the current arrangement, a board move that breaks a
condition, a malformed move or position string: a clear engine error, the position unchanged."""
import pytest

from engine import IllegalMoveError, MalformedMoveError, Position, PositionError
from engine.step import play_step

from tests.engine.startrek.helpers import STARTREK, fen


@pytest.mark.parametrize("move,reason", [
    ("Bd2Cd3", "Cd3 does not exist in the current arrangement (no attack board stands on K3d)"),
    ("Bd1Cd3", "Cd3 does not exist"),
    ("Cz4Cz5", "Cz4 does not exist"),
    ("K1dK1u", "carries a king"),
    ("Q3dK3d", "empty"),
    ("Q1dQ2u", "must keep its ranks (0-1); Q2u stands on ranks 4-5"),
    ("Q1dQ6u", "taken"),
    ("Q2uQ2d", "no attack board stands on Q2u"),
])
def test_an_illegal_move_names_its_reason(move, reason):
    pos = Position.start(STARTREK)
    with pytest.raises(IllegalMoveError) as info:
        pos.push_checked(move)
    assert reason in info.value.reason
    assert pos.fen() == STARTREK.start_fen
    with pytest.raises(IllegalMoveError):
        play_step(STARTREK.start_fen, move, variant=STARTREK)


def test_a_slider_may_not_cross_a_cell_that_is_not_there():
    pos = Position.from_fen(fen({"Ad0": "K", "Gd9": "k", "Ba4": "R"}), STARTREK)
    before = pos.fen()
    with pytest.raises(IllegalMoveError, match="path crosses Ca4, which does not exist in the current arrangement"):
        pos.push_checked("Ba4Da4")  # Ca4 is on Q2u, which holds no board
    assert pos.fen() == before


@pytest.mark.parametrize("text", ["Dz4Dz5", "Q1dQ1d", "Q7dQ1u", "Bb1", "Hb1Hb2", "Ba2Ba4r", "Q1d-"])
def test_a_malformed_move_is_refused(text):
    pos = Position.start(STARTREK)
    with pytest.raises((MalformedMoveError, IllegalMoveError)):
        pos.push_checked(text)
    with pytest.raises(MalformedMoveError):
        pos.parse_coord(text)
    assert pos.fen() == STARTREK.start_fen


START = STARTREK.start_fen.split()


@pytest.mark.parametrize("text,message", [
    (" ".join(START[:5]), "expected 6 space-separated fields"),
    (" ".join([START[0], "w", "K1d,K6u,Q1d,Q3d,Q4u", *START[3:]]), "5 pins listed, expected the 6"),
    (" ".join([START[0], "w", "K1d,K6u,Q1d,Q3d,Q4u,Q9u", *START[3:]]), "'Q9u' is not a pin"),
    (" ".join([START[0], "w", "K1d,K6u,Q1d,Q1d,Q4u,Q6u", *START[3:]]), "listed twice"),
    (" ".join([START[0], "w", "K1d,K6u,Q1u,Q3d,Q4u,Q6u", *START[3:]]), "a piece stands on Az0, but no attack board "
                                                                         "stands on Q1d"),
    (" ".join([*START[:3], "Az0", *START[4:]]), "unmoved: Az0 holds no pawn"),
    (START[0].replace("6/1nbbn1", "6/1nbbn2", 1) + " " + " ".join(START[1:]), "has 7 places, expected 6"),
    (fen({"Ad0": "K", "Gd9": "k", "Ab5": "R"}), "a piece on Ab5, which is on no board"),
    (fen({"Ad0": "K", "Gd9": "k", "Fb8": "P"}), "should have promoted"),
    (fen({"Ad0": "K"}), "black has no king"),
    (START[0].replace("|", "/", 1) + " " + " ".join(START[1:]), "placement has 6 levels"),
])
def test_a_malformed_position_string_names_what_is_wrong(text, message):
    with pytest.raises(PositionError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Position.from_fen(text, STARTREK)


def test_a_string_of_another_variant_is_refused():
    from engine import START_FEN

    with pytest.raises(PositionError, match="expected 6"):
        Position.from_fen(START_FEN, STARTREK)
    with pytest.raises(PositionError):
        Position.from_fen(STARTREK.start_fen)
