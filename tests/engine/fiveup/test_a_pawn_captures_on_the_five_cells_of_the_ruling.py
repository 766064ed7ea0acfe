"""A White pawn on Cc3 captures on Cb4, Cd4, Db3, Dd3 and Dc4 (ruling section 4, Figure 4);
Black's are the mirror image."""
from tests.engine.fiveup.helpers import coords_of_moves, mirror, position

AROUND = ["Cb4", "Cd4", "Db3", "Dd3", "Dc4", "Bb4", "Bd4", "Cb2", "Cd2", "Db4", "Dd4", "Bc4", "Dc2"]


def test_a_white_pawn_captures_on_five_cells():
    pieces = {cell: "p" for cell in AROUND} | {"Cc3": "P", "Aa1": "K", "Ee5": "k"}
    pos = position(pieces)
    captures = {m[3:6] for m in coords_of_moves(pos, "Cc3")} & set(AROUND)
    assert captures == {"Cb4", "Cd4", "Db3", "Dd3", "Dc4"}


def test_a_black_pawn_captures_on_the_mirrored_five_cells():
    pieces = {mirror(cell): "P" for cell in AROUND} | {"Cc3": "p", "Aa1": "K", "Ee5": "k"}
    pos = position(pieces, side="b")
    captures = {m[3:6] for m in coords_of_moves(pos, "Cc3")} & {mirror(c) for c in AROUND}
    assert captures == {mirror(c) for c in ("Cb4", "Cd4", "Db3", "Dd3", "Dc4")}
