"""Perft 3 from the Hexagonal Raumschach start: the engine (Python core) and the naive generator
agree (168,511), root move by root move."""
import pytest

from engine import Position, variant_by_key
from engine.perft import perft

from . import naive_hex as naive

HEX = variant_by_key("hexraumschach")


@pytest.mark.slow  # about 6 s of CPU for the naive side
def test_perft_three_agrees_root_move_by_root_move():
    pos = Position.start(HEX)
    state = naive.read(naive.START)
    oracle = {naive.coord(m): naive.perft(naive.play(state, m), 2) for m in naive.legal_moves(state)}
    engine = {}
    for move in pos.legal_moves():
        pos.push(move)
        engine[move.coord(HEX)] = perft(pos, 2)
        pos.pop()
    assert engine == oracle
    assert sum(engine.values()) == 168_511

