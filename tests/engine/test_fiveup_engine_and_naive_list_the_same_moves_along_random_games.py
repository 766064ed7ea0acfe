"""Along seeded random Five Up games (played by the naive generator, biased toward en passant,
promotions, castling and placements), the engine and the naive generator list the same legal
moves in every position, castling off and on."""
import pytest

from . import fiveup_engine as eng
from . import naive_fiveup as naive
from .fiveup_random_games import walked

CASTLING = pytest.mark.parametrize("castling", [False, True], ids=["castling-off", "castling-on"])


def differences(engine: list[str], oracle: list[str]) -> str:
    return f"engine only {sorted(set(engine) - set(oracle))}, naive only {sorted(set(oracle) - set(engine))}"


@CASTLING
def test_every_position_has_the_same_legal_move_set(castling):
    positions, _ = walked(castling)
    for sample in positions:
        engine = eng.coords(eng.position(sample.fen, castling))
        oracle = naive.legal_coords(sample.fen, castling)
        assert engine == oracle, f"{sample.fen}: {differences(engine, oracle)}"


@CASTLING
def test_the_games_did_play_the_rare_moves(castling):
    # the bias is what makes the agreement above cover these rules; check it still does
    _, played = walked(castling)
    assert played["en_passant"] >= 3 and played["promotion"] >= 3 and played["placement"] >= 6
    assert (played["castling"] >= 3) == castling
