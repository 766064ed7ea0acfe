"""Promotion (ruling section 4): any piece but a king - Q R B N U and the reserve kinds W G S,
whether or not they are still in reserve."""
from engine import Move

from tests.engine.fiveup.helpers import coords_of_moves, position


def test_a_pawn_reaching_the_far_row_has_eight_choices():
    pos = position({"Ec4": "P", "Aa1": "K", "Ae5": "k"})
    assert coords_of_moves(pos, "Ec4") == {f"Ec4Ec5{x}" for x in "qrbnuwgs"}


def test_promoting_to_a_reserve_kind_leaves_the_reserve_alone():
    pos = position({"Ec4": "P", "Aa1": "K", "Ae5": "k"}, reserves="WGSwgs")
    pos.push_checked("Ec4Ec5s")
    assert pos.fen().split()[0].startswith("2S2/")
    assert pos.fen().split()[2] == "WGSwgs"
    assert pos.unmoved == frozenset()  # a promoted piece counts as moved


def test_the_readable_form_names_the_promotion():
    pos = position({"Ec4": "P", "Aa1": "K", "Ae5": "k"})
    assert pos.san(Move.from_coord("Ec4Ec5w", pos.variant)) == "Ec4-Ec5=W"
