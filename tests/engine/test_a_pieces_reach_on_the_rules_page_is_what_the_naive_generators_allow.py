"""The rules page's piece demo shows `engine.reach.piece_reach`: where a lone piece moves and
what it attacks. Compared here, for every piece of both colours on a centre, face, edge and
corner cell (and pawns on their home and middle cells), with the naive generators written
from the rules pages (tests/engine/naive_*.py, no shared code): moves are the naive
generator's moves on an empty board; attacks are the cells where the naive generator would
capture an enemy piece standing there."""
import pytest

import engine
from engine.reach import UnknownPieceError, piece_reach

from . import naive_fiveup, naive_raumschach

CELLS = ["Cc3", "Cc1", "Ca3", "Aa1", "Ee5", "Bb2", "Dd4", "Ab2", "Ed4"]


def naive_raumschach_reach(letter: str, cell: str) -> tuple[set, set]:
    at = naive_fiveup.parse_cell(cell)  # the same (level, rank, file) cells
    side = "w" if letter.isupper() else "b"
    moves = {naive_raumschach.name(m[1]) for m in naive_raumschach.pseudo_moves({at: letter}, side)}
    enemy = "p" if letter.isupper() else "P"
    attacks = {naive_raumschach.name(to) for to in _all_cells() if to != at and any(
        m[1] == to for m in naive_raumschach.pseudo_moves({at: letter, to: enemy}, side))}
    return moves, attacks


def naive_fiveup_reach(letter: str, cell: str) -> tuple[set, set]:
    at = naive_fiveup.parse_cell(cell)
    side = "w" if letter.isupper() else "b"
    state = naive_fiveup.State(board={at: letter}, side=side, reserves=frozenset(), unmoved=frozenset(),
                               ep=None, halfmove=0, fullmove=1)
    moves = {naive_fiveup.name(m[1]) for m in naive_fiveup.pseudo_moves(state)}
    attacks = {naive_fiveup.name(t) for t in _all_cells()
               if t != at and naive_fiveup.attacks({at: letter}, at, t)}
    return moves, attacks


def _all_cells():
    return [(level, rank, file) for level in range(5) for rank in range(5) for file in range(5)]


NAIVE = {"raumschach": naive_raumschach_reach, "fiveup": naive_fiveup_reach}


@pytest.mark.parametrize("key", sorted(NAIVE))
def test_every_pieces_moves_and_attacks_are_the_naive_generators(key):
    variant = engine.variant_by_key(key)
    names = variant.geometry.names
    letters = sorted(variant.letters[k] for k in variant.kinds)
    checked = 0
    for letter in letters + [x.upper() for x in letters]:
        for cell in CELLS:
            if letter in "Pp" and cell[2] in ("1", "5") and cell[0] in "AE":
                continue  # a pawn never stands on its own first row or the promotion row
            reach = piece_reach(variant, letter, variant.geometry.parse_cell(cell))
            moves, attacks = NAIVE[key](letter, cell)
            assert {names[c] for c in reach.moves} == moves, (letter, cell)
            assert {names[c] for c in reach.attacks} == attacks, (letter, cell)
            checked += 1
    assert checked >= 2 * len(letters) * 7


def test_a_letter_the_variant_lacks_is_refused_by_name():
    with pytest.raises(UnknownPieceError, match="Raumschach has no piece 'w'"):
        piece_reach(engine.variant_by_key("raumschach"), "w", 62)
