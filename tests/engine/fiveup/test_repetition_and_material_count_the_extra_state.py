"""End rules (ruling section 7): repetition compares reserves, unmoved pieces and en-passant
cells too; insufficient material only when no side can still place a reserve piece
(RULING in docs/rules/fiveup.md)."""
from engine import Position, Termination

from tests.engine.fiveup.helpers import FIVEUP, position


def test_the_same_placement_with_another_reserve_is_another_position():
    a = position({"Ac1": "K", "Ab1": "N", "Ec5": "k"}, reserves="W", unmoved="Ab1,Ac1")
    b = position({"Ac1": "K", "Ab1": "N", "Ec5": "k"}, reserves="G", unmoved="Ab1,Ac1")
    c = position({"Ac1": "K", "Ab1": "N", "Ec5": "k"})
    assert len({a.zobrist, b.zobrist, c.zobrist}) == 3


def test_knights_shuffling_back_leave_the_unmoved_set_changed():
    pos = Position.start(FIVEUP)
    start = pos.zobrist
    for move in ["Ab1Bb3", "Eb5Db3", "Bb3Ab1", "Db3Eb5"]:
        pos.push_checked(move)
    assert pos.fen().split()[0] == FIVEUP.start_fen.split()[0]
    assert pos.zobrist != start  # the knights are no longer unmoved
    assert not pos.is_repetition(2)


def test_a_threefold_repetition_ends_the_game():
    pos = position({"Ac1": "K", "Ec5": "k", "Ca1": "R"})
    for _ in range(2):
        for move in ["Ac1Ad1", "Ec5Ed5", "Ad1Ac1", "Ed5Ec5"]:
            pos.push_checked(move)
    assert pos.outcome().termination == Termination.THREEFOLD_REPETITION


def test_bare_kings_are_a_draw_only_when_nothing_can_be_placed():
    bare = position({"Ac1": "K", "Ec5": "k"})
    assert bare.outcome().termination == Termination.INSUFFICIENT_MATERIAL
    hands = position({"Ac1": "K", "Ec5": "k"}, reserves="W", unmoved="Ac1")
    assert hands.outcome() is None and not hands.is_insufficient_material()
