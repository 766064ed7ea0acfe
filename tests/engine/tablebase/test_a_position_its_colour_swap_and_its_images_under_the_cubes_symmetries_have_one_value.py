"""A table answers a position (random ones, and won ones with the losses their best moves lead
to), the same position with the colours swapped (and the other side to move), and its images
under the cube's 48 symmetries (axes permuted and reflected, done here on coordinates, not
with the tables' own transforms) alike - so the stored orbit representative and the colour
flip in the probe are right."""
from __future__ import annotations

import random
from itertools import permutations, product

import pytest

from engine import tablebase
from engine.position import Position
from tests.engine.tablebase.helpers import decisive_sample, fen_of, random_legal

SYMMETRIES = [(perm, signs) for perm in permutations(range(3)) for signs in product((False, True), repeat=3)]


def image(board: dict, perm, signs) -> dict:
    out = {}
    for cell, letter in board.items():
        moved = tuple(cell[perm[i]] for i in range(3))
        out[tuple(4 - v if flip else v for v, flip in zip(moved, signs))] = letter
    return out


def swapped(board: dict) -> dict:
    return {cell: letter.swapcase() for cell, letter in board.items()}


@pytest.mark.slow
@pytest.mark.parametrize("name", ["KQvK", "KQvKR", "KRRvK"])
def test_a_position_its_colour_swap_and_its_images_have_one_value(loaded, name):
    rng = random.Random(f"sym-{name}")
    decisive = 0
    cases = [random_legal(name, rng) for _ in range(150)] + decisive_sample(name, rng, 20)
    for board, side in cases:
        want = tablebase.probe(Position.from_fen(fen_of(board, side)))
        decisive += want.result != "draw"
        other = "b" if side == "w" else "w"
        assert tablebase.probe(Position.from_fen(fen_of(swapped(board), other))) == want
        for perm, signs in rng.sample(SYMMETRIES, 6):
            assert tablebase.probe(Position.from_fen(fen_of(image(board, perm, signs), side))) == want
    assert len(SYMMETRIES) == 48 and decisive >= 20
