"""The engine and the naive generator count the same Five Up perft to depth 2, move by move,
from the start and on 100 positions of seeded random games, castling off and on.  Comparing
the per-move counts (divide) makes a failure name the move under which they part."""
import pytest

from . import fiveup_engine as eng
from . import naive_fiveup as naive
from .fiveup_random_games import agreement_sample

CASTLING = pytest.mark.parametrize("castling", [False, True], ids=["castling-off", "castling-on"])


def naive_divide(fen: str, depth: int, castling: bool) -> dict[str, int]:
    state = naive.read(fen, castling)
    return {
        naive.coord(m): naive.perft(naive.play(state, m), depth - 1) for m in naive.legal_moves(state)
    }


def disagreements(engine: dict[str, int], oracle: dict[str, int]) -> dict[str, tuple]:
    moves = engine.keys() | oracle.keys()
    return {m: (engine.get(m), oracle.get(m)) for m in moves if engine.get(m) != oracle.get(m)}


@CASTLING
def test_from_the_start_both_count_the_rulings_42097(castling):
    pos = eng.position(naive.START, castling)
    engine, oracle = eng.divide(pos, 2), naive_divide(naive.START, 2, castling)
    assert disagreements(engine, oracle) == {}
    assert sum(engine.values()) == eng.count(pos, 2) == 42_097


@CASTLING
def test_on_100_random_game_positions_both_count_the_same(castling):
    sample = agreement_sample(100, castling)
    assert len({s.fen for s in sample}) == 100
    for s in sample:
        pos = eng.position(s.fen, castling)
        engine, oracle = eng.divide(pos, 2), naive_divide(s.fen, 2, castling)
        assert disagreements(engine, oracle) == {}, f"{s.fen}: move -> (engine, naive) perft(1)"
        assert eng.count(pos, 2) == sum(oracle.values()), s.fen


@CASTLING
def test_the_sample_holds_the_rare_moves(castling):
    possible = [s.possible for s in agreement_sample(100, castling)]
    for feature in ("en_passant", "promotion", "placement") + (("castling",) if castling else ()):
        assert sum(feature in p for p in possible) >= 5, feature
