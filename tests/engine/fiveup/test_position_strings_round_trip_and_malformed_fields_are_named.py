"""The seven-field position string (ruling section 9): round trips, and a clear PositionError
naming the field for each malformed one."""
import pytest

from engine import Position, PositionError

from tests.engine.fiveup.helpers import FIVEUP, fen, position

START = FIVEUP.start_fen
KINGS = {"Ac1": "K", "Ec5": "k"}


def test_the_start_string_is_the_rulings_and_round_trips():
    assert Position.start(FIVEUP).fen() == START
    assert START.split()[2:5] == ["WGSwgs", "Aa1,Ab1,Ac1,Ad1,Ae1,Ba1,Bb1,Bc1,Bd1,Be1,Da5,Db5,Dc5,Dd5,De5,Ea5,Eb5,Ec5,"
                                  "Ed5,Ee5", "-"]


@pytest.mark.parametrize("text", [
    fen(KINGS | {"Ab1": "N"}, reserves="Wgs", unmoved="Ab1,Ac1,Ec5", halfmove=7, fullmove=12),
    fen(KINGS | {"Ab4": "P", "Bb4": "p"}, side="b", ep="Ab3@Ab4"),
    fen(KINGS | {"Bb3": "P", "Bc3": "p"}, side="b", ep="Ab3,Bb2@Bb3"),
])
def test_reserves_unmoved_cells_and_en_passant_round_trip(text):
    assert Position.from_fen(text, FIVEUP).fen() == text


def test_unmoved_cells_of_a_side_without_reserve_are_dropped():
    text = fen(KINGS | {"Ab1": "N"}, reserves="w", unmoved="Ab1,Ac1,Ec5")
    assert Position.from_fen(text, FIVEUP).fen().split()[3] == "Ec5"


@pytest.mark.parametrize("text,message", [
    (START.rsplit(" ", 1)[0], "expected 7 space-separated fields"),
    (START.replace(" WGSwgs ", " WGX "), "reserves: 'X' is not a reserve piece"),
    (START.replace(" WGSwgs ", " GW "), "out of order"),
    (START.replace(" WGSwgs ", " WWgs "), "out of order or repeats"),
    (START.replace("Aa1,Ab1", "Aa1,Aa1"), "listed twice"),
    (START.replace("Aa1,Ab1", "Aa1,Zz9"), "unmoved: 'Zz9' is not a cell name"),
    (START.replace("Aa1,Ab1", "Aa1,Ca1"), "unmoved: Ca1 is empty"),
    (START.replace("Aa1,Ab1", "Aa1,Aa2"), "unmoved: Aa2 holds a pawn"),
    (START.replace(" - 0 1", " Ab3 0 1"), "ep: 'Ab3' is not"),
    (START.replace(" - 0 1", " Ab3@Ab2 0 1"), "ep: Ab2 must hold a black pawn"),
    (fen(KINGS | {"Ab4": "P"}, side="b", ep="Ac3@Ab4"), "no double step of a pawn to Ab4 passes Ac3"),
    (fen(KINGS | {"Bb3": "P", "Ab3": "N"}, side="b", ep="Ab3@Bb3"), "passed cell Ab3 must be empty"),
    (fen(KINGS | {"Bb3": "P"}, side="b", ep="Bb2,Ab3@Bb3"), "in order"),
    (START.replace(" w ", " x "), "side to move must be 'w' or 'b'"),
    (START.replace(" 0 1", " x 1"), "halfmove clock"),
    (START.replace(" 0 1", " 0 0"), "fullmove number"),
    (START.replace("rnknr", "rnkxr"), "level E rank 5: bad letter 'x'"),
])
def test_a_malformed_field_says_what_is_wrong(text, message):
    with pytest.raises(PositionError, match=message):
        Position.from_fen(text, FIVEUP)


def test_a_wizard_guard_and_silver_unicorn_are_read_as_pieces():
    pos = position(KINGS | {"Aa5": "W", "Cc4": "g", "Bb2": "S"})
    assert pos.fen().split()[0] == fen(KINGS | {"Aa5": "W", "Cc4": "g", "Bb2": "S"}).split()[0]
