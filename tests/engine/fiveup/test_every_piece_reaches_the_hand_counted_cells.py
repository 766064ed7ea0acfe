"""The hand counts of docs/rules/fiveup.md section 3 (empty board; centre Cc3, face centre Ac3,
edge Aa3, corner Aa1), for White and for Black on the mirrored cells."""
from itertools import product

import pytest

from tests.engine.fiveup.helpers import coords, coords_of_moves, mirror, name, position

TABLE = {  # piece: (Cc3, Ac3, Aa3, Aa1)
    "R": (12, 12, 12, 12),
    "B": (24, 16, 12, 12),
    "Q": (36, 28, 24, 24),
    "K": (6, 5, 4, 3),
    "N": (24, 16, 10, 6),
    "U": (24, 12, 6, 3),
    "G": (26, 17, 11, 7),
    "W": (40, 24, 16, 16),
    "S": (40, 20, 10, 7),
    "P": (2, 2, 2, 2),
}
CELLS = ("Cc3", "Ac3", "Aa3", "Aa1")


def unrelated(a: str, b: str) -> bool:
    """No straight line (any of the 26 directions), knight or unicorn leap joins the two cells,
    and they are not neighbours: a king there neither blocks nor is reached nor attacks."""
    d = sorted(abs(x - y) for x, y in zip(coords(a), coords(b)))
    nonzero = [x for x in d if x]
    on_line = len(set(nonzero)) <= 1
    leap = d in ([0, 1, 2], [1, 1, 2])
    return not on_line and not leap and max(d) >= 2


def quiet_kings(cell: str) -> tuple[str, str]:
    cells = [name(*c) for c in product(range(5), repeat=3)]
    spots = [c for c in cells if unrelated(c, cell)]
    for a in spots:
        for b in spots:
            if unrelated(a, b):
                return a, b
    raise AssertionError(f"no quiet cells for the kings around {cell}")


@pytest.mark.parametrize("letter", sorted(TABLE))
@pytest.mark.parametrize("where", range(4), ids=CELLS)
@pytest.mark.parametrize("colour", ["white", "black"])
def test_a_piece_alone_on_the_board_has_the_ruled_number_of_moves(letter, where, colour):
    cell = CELLS[where] if colour == "white" else mirror(CELLS[where])
    mine, theirs = quiet_kings(cell)
    own = letter if colour == "white" else letter.lower()
    pieces = {cell: own}
    if letter != "K":
        pieces[mine] = "K" if colour == "white" else "k"
    pieces[theirs] = "k" if colour == "white" else "K"
    pos = position(pieces, side="w" if colour == "white" else "b")
    assert len(coords_of_moves(pos, cell)) == TABLE[letter][where]
