"""Move sets counted by hand from the ruling (docs/rules/startrek.md sections 1, 3 and 4), not
from the engine: on a main board, on an attack board and across the gap between boards.

Counting notes (file, rank, level): a slider steps through existing cells only; on the even
levels only the main boards' files a-d exist, on the odd levels only the occupied pins'
cells (files z, a or d, e), so a slider changes main board only through an attack board."""
import pytest

from tests.engine.startrek.helpers import position, targets

# No attack board near board N's Db4 (the ruling's self-test): Q2u, Q2d, K2u, Q3u, Q3d, Q5d, K5d empty.
FAR_PINS = "K1d,K1u,K4u,K6u,Q4u,Q6u"
KINGS = {"Ad0": "K", "Gd9": "k"}


@pytest.mark.parametrize("letter,expected", [
    # in-level a4 c4 d4 b3 b5 b6; no other line has a cell (file b has none on C or E)
    ("R", {"Da4", "Dc4", "Dd4", "Db3", "Db5", "Db6"}),
    # in-level c5 d6 a5 a3 c3; every 3D diagonal leads to a pin that is empty
    ("B", {"Dc5", "Dd6", "Da5", "Da3", "Dc3"}),
    ("Q", {"Da4", "Dc4", "Dd4", "Db3", "Db5", "Db6", "Dc5", "Dd6", "Da5", "Da3", "Dc3"}),
    # the ruling: 4 in-level + Ba4 Bc4 Bb3 Fb5
    ("N", {"Dd5", "Dd3", "Dc6", "Da6", "Ba4", "Bc4", "Bb3", "Fb5"}),
])
def test_pieces_on_a_main_board_with_no_attack_board_near(letter, expected):
    pos = position({**KINGS, "Db4": letter}, pins=FAR_PINS)
    assert targets(pos, "Db4") == expected


def test_the_king_in_a_main_boards_corner_with_no_attack_board_near():
    pos = position({"Ba1": "K", "Gd9": "k"}, pins=FAR_PINS)
    assert targets(pos, "Ba1") == {"Bb1", "Ba2", "Bb2"}  # the ruling's 3


def test_a_queen_on_an_attack_board():
    # Aa1 on Q1d (start pins): its own board Az1 Aa0 Az0; up to W: Ba1, Bb1, Bb2, and
    # forward-up Ba2 -> Ca3 (on Q3d) -> Da4 (N) -> Ea5 missing (Q5d empty); nothing below A.
    pos = position({**KINGS, "Aa1": "Q"})
    assert targets(pos, "Aa1") == {"Az1", "Aa0", "Az0", "Ba1", "Bb1", "Bb2", "Ba2", "Ca3", "Da4"}


def test_a_rook_crosses_the_gap_through_an_attack_board():
    # Ba3: in-level b3 c3 d3, a4, a2 a1; up Ca3 (Q3d) then Da3 (N), Ea3 missing; up-left Cz3
    # and down... none; back-up Ca2 (Q3d) then Da1 missing: the ruling's "Ca3 and Da3".
    pos = position({**KINGS, "Ba3": "R"})
    assert targets(pos, "Ba3") == {"Bb3", "Bc3", "Bd3", "Ba4", "Ba2", "Ba1", "Ca3", "Da3", "Cz3", "Ca2"}


def test_a_knight_on_an_attack_board_leaps_to_three_boards():
    # Ca2 on Q3d: Bc2 and Ba4 on W, Da4 on N, Aa1 on Q1d; every other leap lands on no cell.
    pos = position({**KINGS, "Ca2": "N"})
    assert targets(pos, "Ca2") == {"Bc2", "Ba4", "Da4", "Aa1"}


def test_a_bishop_steps_onto_an_attack_board_and_stops_at_its_edge():
    # Bb1, start pins, no pawns: in-level Ba2, Bc2 Bd3; up-left-forward Ca2 on Q3d, then Dz3
    # is no cell; down-left-back Aa0 on Q1d, then nothing below level A.
    pos = position({**KINGS, "Bb1": "B"})
    assert targets(pos, "Bb1") == {"Ba2", "Bc2", "Bd3", "Ca2", "Aa0"}


def test_a_pawn_captures_on_its_level_and_above_but_not_below():
    # White pawn Ba3: captures on files z/b, rank 4, levels B and up where a cell exists:
    # Bb4 (W), Db4 (N); Az4 (Q2d, below) is not one of its cells.  Forward: Ba4, and Aa4 one
    # level down on Q2d (Ca4 would be on the empty Q2u).
    pos = position({**KINGS, "Ba3": "P", "Bb4": "n", "Db4": "n", "Az4": "n"}, pins="K1d,K6u,Q1d,Q2d,Q3d,Q6u")
    assert targets(pos, "Ba3") == {"Bb4", "Db4", "Ba4", "Aa4"}


def test_a_black_pawn_captures_on_its_level_and_below():
    # Black pawn Db4 (mirror rules): rank 3, files a/c, levels D and down: Da3 (N), Ba3 (W),
    # Bc3 (W); Ca3 is on Q3d (present) too; Fa3 above is no cell; forward Db3.
    pos = position({**KINGS, "Db4": "p", "Da3": "N", "Ba3": "N", "Bc3": "N", "Ca3": "N"}, side="b")
    assert targets(pos, "Db4") == {"Da3", "Ba3", "Bc3", "Ca3", "Db3"}


def test_a_pawn_at_its_boards_end_steps_sideways():
    # Bb4 is W's last rank: sideways Ba4 and Bc4; no cell ahead on any level.
    pos = position({**KINGS, "Bb4": "P"})
    assert targets(pos, "Bb4") == {"Ba4", "Bc4"}


def test_a_pawn_leaves_an_attack_board_forward_and_steps_sideways_on_its_end():
    # Ca3 is Q3d's higher rank: forward Ba4 (W, one level down), Da4 (N, one up), Ca4 missing;
    # sideways Cz3 on its board.
    pos = position({**KINGS, "Ca3": "P"})
    assert targets(pos, "Ca3") == {"Ba4", "Da4", "Cz3"}


def test_an_unmoved_pawn_steps_two_and_a_moved_one_does_not():
    assert targets(position({**KINGS, "Bb2": "P"}, unmoved="Bb2"), "Bb2") == {"Bb3", "Bb4"}
    assert targets(position({**KINGS, "Bb2": "P"}), "Bb2") == {"Bb3"}
    # blocked in between: no two-step
    assert targets(position({**KINGS, "Bb2": "P", "Bb3": "n"}, unmoved="Bb2"), "Bb2") == set()


def test_a_pawn_promotes_to_a_queen_only():
    pos = position({**KINGS, "Fb7": "P"})
    assert sorted(pos.coord(m) for m in pos.legal_moves() if pos.coord(m).startswith("Fb7")) == ["Fb7Fb8q"]
