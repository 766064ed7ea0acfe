"""`Board.attackers(cell, by)` names every piece of a side that attacks a cell: what
`attacked` answers yes or no to, with the pieces named (for the board's hover help)."""
from engine import Position
from engine.geometry import CELL_NAMES, CELLS, parse_cell
from tests.engine.random_positions import random_game_positions


def names(cells: list[int]) -> list[str]:
    return [CELL_NAMES[c] for c in cells]


def test_the_start_position_names_the_defenders_of_a_pawn():
    pos = Position.start()
    # The white pawn on Bc2 is guarded by pieces on level A and B; none of Black's reach it.
    defenders = names(pos.attackers(parse_cell("Bc2"), 0))
    assert defenders and all(name[0] in "AB" for name in defenders)
    assert pos.attackers(parse_cell("Bc2"), 1) == []


def test_a_rook_and_a_bishop_both_bear_on_the_cell_between():
    # White rook Aa2 and bishop Ac1 (on level A), black king Ea5, white king Ae1.
    pos = Position.from_fen("k4/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/R4/2B1K w 0 1")
    assert sorted(names(pos.attackers(parse_cell("Ab2"), 0))) == ["Aa2", "Ac1"]
    # Straight up the levels only the rook reaches Ea2.
    assert names(pos.attackers(parse_cell("Ea2"), 0)) == ["Aa2"]
    assert pos.attackers(parse_cell("Ab2"), 1) == []


def test_attackers_agree_with_attacked_on_random_positions():
    for pos in random_game_positions(12, seed=16, max_plies=60):
        for cell in CELLS:
            for by in (0, 1):
                assert bool(pos.attackers(cell, by)) == pos.attacked(cell, by)
