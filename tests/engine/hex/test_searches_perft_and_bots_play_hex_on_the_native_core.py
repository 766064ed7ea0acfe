"""The native core plays the 185-cell board (its wide build, issue 25): engine.search.levels
sends hex searches, perft and bots to it, and the native search returns a legal move."""
from engine import Position, core
from engine.search.levels import choose_move, core_for

from tests.engine.hex.helpers import HEX


def test_searches_perft_and_bots_go_to_the_native_core(native):
    assert core.native_supports(HEX)
    assert core_for(HEX, "native") == "native"
    pos = Position.start(HEX)
    assert core.perft(pos, 2, core=core_for(HEX, "native")) == 2_807
    result = choose_move(pos, 2, seed=7, core="native")
    assert result.move in pos.legal_moves()
