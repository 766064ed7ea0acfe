"""A match's seeded opening (engine/search/match.py) never ends the game: Star Trek has a mate
in two (a board carrying a knight to K6d, seed 2601's pair), which the noisy one-ply draw finds;
a seeded pick among the moves that keep the game open replaces it."""
from engine import Position
from engine.search.match import OPENING_PLIES, opening

from tests.engine.startrek.helpers import STARTREK


def test_the_opening_of_seed_2601_leaves_the_game_open():
    pos = Position.start(STARTREK)
    line = opening(2601 * 7919, STARTREK)
    assert len(line) == OPENING_PLIES
    for move in line:
        pos.push(move)
    assert not pos.is_game_over(claim_draw=False) and pos.legal_moves()
