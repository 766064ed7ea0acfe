"""The fast generator and the naive one list the same legal moves along random games."""
import random

from . import naive_raumschach as naive
import pytest
from .perft_positions import POSITIONS

from engine import Position

PLIES = 40  # long enough to open lines, give checks and trade pieces


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("name", ["start", "promotions", "middlegame"])
def test_both_generators_list_the_same_moves_along_a_random_game(name, seed):
    rng = random.Random(seed)
    pos = Position.from_fen(POSITIONS[name][0])
    for _ in range(PLIES):
        fast = sorted(m.coord() for m in pos.legal_moves())
        assert fast == naive.legal_coords(pos.fen()), pos.fen()
        if not fast:
            break
        pos.push(rng.choice(pos.legal_moves()))


def test_both_generators_agree_when_pieces_are_pinned_and_the_king_is_in_check():
    for name in ("pins", "check"):
        fen = POSITIONS[name][0]
        assert sorted(m.coord() for m in Position.from_fen(fen).legal_moves()) == naive.legal_coords(fen)
