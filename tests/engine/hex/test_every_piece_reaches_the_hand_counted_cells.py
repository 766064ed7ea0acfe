"""The hand counts of docs/rules/hexraumschach.md section 2 (a piece alone with two kings that
neither block nor attack: centre Cd4, edge Cb1, top-level corner Ea1), in the level and between
levels, for White and for Black on the mirrored cells; and the whole move set from the centre,
listed by hand from the ruling's direction tables and cell names (sections 1, 2 and 4)."""
import pytest

from engine import Position

from tests.engine.hex.helpers import HEX, fen, mirror, quiet_kings

# piece: ((total, in its level) at Cd4, at Cb1, at Ea1) - the ruling's table and its
# "in-level only" line; the rest are moves to other levels.  The pawn (section 4): up the file
# and up a level (Ea1 is on the top level: up the file only).
TABLE = {
    "R": ((22, 18), (16, 12), (16, 12)),
    "B": ((18, 6), (13, 6), (10, 6)),
    "U": ((12, 0), (7, 0), (6, 0)),
    "Q": ((52, 24), (36, 18), (32, 18)),
    "K": ((26, 12), (17, 7), (9, 5)),
    "N": ((24, 12), (12, 5), (6, 4)),
    "P": ((2, 1), (2, 1), (1, 1)),
}
CELLS = ("Cd4", "Cb1", "Ea1")


def targets(letter: str, cell: str, colour: str) -> list[str]:
    mine, theirs = quiet_kings(cell)
    white = colour == "white"
    pieces = {cell: letter if white else letter.lower()}
    if letter != "K":
        pieces[mine] = "K" if white else "k"
    pieces[theirs] = "k" if white else "K"
    pos = Position.from_fen(fen(pieces, "w" if white else "b"), HEX)
    return [HEX.geometry.names[m.to_cell] for m in pos.legal_moves() if HEX.geometry.names[m.from_cell] == cell]


@pytest.mark.parametrize("letter", sorted(TABLE))
@pytest.mark.parametrize("where", range(3), ids=CELLS)
@pytest.mark.parametrize("colour", ["white", "black"])
def test_a_piece_alone_has_the_ruled_number_of_moves_in_and_between_levels(letter, where, colour):
    cell = CELLS[where] if colour == "white" else mirror(CELLS[where])
    found = targets(letter, cell, colour)
    total, in_level = TABLE[letter][where]
    assert len(found) == len(set(found)) == total
    assert sum(1 for t in found if t[0] == cell[0]) == in_level


# From Cd4, by hand: each list is the ruling's directions in its order (section 1: up, up-right,
# down-right, down, down-left, up-left; diagonals 1, 3, 5, 7, 9, 11 o'clock), named by
# "rank = r - max(-3, -3 - q) + 1".
ROOK = ["Cd5", "Cd6", "Cd7", "Ce4", "Cf4", "Cg4", "Ce3", "Cf2", "Cg1", "Cd3", "Cd2", "Cd1",
        "Cc3", "Cb2", "Ca1", "Cc4", "Cb4", "Ca4", "Dd4", "Ed4", "Bd4", "Ad4"]
BISHOP = ["Ce5", "Cf3", "Ce2", "Cc2", "Cb3", "Cc5",
          "Dd5", "Ed6", "De3", "Ef2", "Dc3", "Eb2",  # up a level: up, down-right, down-left
          "Be4", "Af4", "Bd3", "Ad2", "Bc4", "Ab4"]  # down: up-right, down, up-left
UNICORN = ["De4", "Ef4", "Dd3", "Ed2", "Dc4", "Eb4",  # up: up-right, down, up-left
           "Bd5", "Ad6", "Be3", "Af2", "Bc3", "Ab2"]  # down: up, down-right, down-left
KNIGHT = ["Ce6", "Cf5", "Cg3", "Cg2", "Cf1", "Ce1", "Cc1", "Cb1", "Ca2", "Ca3", "Cb5", "Cc6",
          "Dd6", "Df2", "Db2",  # level +1, two steps up / down-right / down-left of Dd4
          "Bf4", "Bd2", "Bb4",  # level -1, two steps up-right / down / up-left of Bd4
          "Ed5", "Ee3", "Ec3",  # level +2, one step up / down-right / down-left of Ed4
          "Ae4", "Ad3", "Ac4"]  # level -2, one step up-right / down / up-left of Ad4
KING = ["Cd5", "Ce4", "Ce3", "Cd3", "Cc3", "Cc4", "Ce5", "Cf3", "Ce2", "Cc2", "Cb3", "Cc5",
        "Dd4", "Dd5", "De3", "Dc3", "De4", "Dd3", "Dc4",
        "Bd4", "Be4", "Bd3", "Bc4", "Bd5", "Be3", "Bc3"]
HAND = {"R": ROOK, "B": BISHOP, "U": UNICORN, "Q": ROOK + BISHOP + UNICORN, "N": KNIGHT, "K": KING,
        "P": ["Cd5", "Dd4"]}


@pytest.mark.parametrize("letter", sorted(HAND))
def test_the_move_set_from_the_centre_is_the_hand_listed_one(letter):
    assert len(HAND[letter]) == len(set(HAND[letter])) == TABLE[letter][0][0]
    assert sorted(targets(letter, "Cd4", "white")) == sorted(HAND[letter])


def test_a_pawn_captures_where_the_ruling_says():
    # White pawn on Cd4 captures Cc4 Ce4 Dc4 De4; a Black pawn on Cd4 moves to Cd3, Bd4 and
    # captures Cc3 Ce3 Bc3 Be3 (section 4).  Enemy knights stand on every neighbour.
    ring = ["Cd5", "Ce4", "Ce3", "Cd3", "Cc3", "Cc4", "Dd4", "Dc4", "De4", "Bd4", "Bc3", "Be3"]
    for colour, pawn, caught in (("w", "P", {"Cc4", "Ce4", "Dc4", "De4"}), ("b", "p", {"Cc3", "Ce3", "Bc3", "Be3"})):
        enemy = "n" if colour == "w" else "N"
        pieces = {"Ad1": "K", "Ed7": "k", "Cd4": pawn} | {c: enemy for c in ring}
        pos = Position.from_fen(fen(pieces, colour), HEX)
        moves = {HEX.geometry.names[m.to_cell] for m in pos.legal_moves() if HEX.geometry.names[m.from_cell] == "Cd4"}
        assert moves == caught
