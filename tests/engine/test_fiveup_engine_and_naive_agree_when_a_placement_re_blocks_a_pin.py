"""A pinned unmoved piece may move only with a placement that fills the cell it left (ruling
section 5: legality is judged after the placement): the engine and the naive generator list
the same moves, and those are exactly the knight's moves with a placement."""
from . import fiveup_engine as eng
from . import naive_fiveup as naive

CELL = naive.parse_cell
# White's king Aa1 and unmoved knight Ac1, pinned by Black's rook Ae1 along rank 1.
PINNED = naive.write(naive.State(
    {CELL("Aa1"): "K", CELL("Ac1"): "N", CELL("Ae1"): "r", CELL("Ee5"): "k"},
    "w", frozenset("WGS"), frozenset({CELL("Aa1"), CELL("Ac1")}), None, 0, 30,
))


def test_both_list_the_same_moves():
    assert eng.coords(eng.position(PINNED)) == naive.legal_coords(PINNED)


def test_the_knight_moves_only_with_a_placement():
    knight = [m for m in naive.legal_coords(PINNED) if m.startswith("Ac1")]
    assert knight and all(m[-2:] in ("/w", "/g", "/s") for m in knight)
    assert len(knight) == 3 * len({m[:6] for m in knight})
