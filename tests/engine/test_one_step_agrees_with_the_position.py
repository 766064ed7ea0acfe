"""`engine.step.play_step` (one pass: the site's move) answers exactly what the full Position
API answers - notation, position string, end of game, the next legal moves - in random games and
in a repetition, given only the stored keys instead of the move history."""
import random

import pytest

import engine
from engine.step import legal_coords, play_step, repetition_hashes


def _expected(pos: engine.Position, move: engine.Move):
    san = pos.san(move)
    pos.push(move)
    outcome = pos.outcome(claim_draw=True)
    legal = [] if outcome else sorted(m.coord() for m in pos.legal_moves())
    return san, pos.fen(), outcome, legal


@pytest.mark.parametrize("seed", range(6))
def test_a_step_agrees_with_the_position_in_random_games(seed):
    rng = random.Random(seed)
    pos = engine.Position()
    hashes = repetition_hashes(pos)
    fen = pos.fen()
    for _ in range(120):
        move = rng.choice(pos.legal_moves())
        step = play_step(fen, move.coord(), hashes)
        san, fen_after, outcome, legal = _expected(pos, move)
        assert (step.san, step.fen, step.outcome, step.legal_moves) == (san, fen_after, outcome,
                                                                       legal)
        assert step.hashes == repetition_hashes(pos)
        if outcome:
            break
        fen, hashes = step.fen, step.hashes


def test_a_threefold_repetition_is_seen_from_the_stored_keys():
    shuffle = ["Ab1Ac3", "Ed5Ec3", "Ac3Ab1", "Ec3Ed5"] * 2
    fen, hashes = engine.START_FEN, None
    for coord in shuffle:
        step = play_step(fen, coord, hashes)
        fen, hashes = step.fen, step.hashes
    assert step.outcome == engine.Outcome(engine.Termination.THREEFOLD_REPETITION, None)
    assert step.legal_moves == []


def test_bad_and_illegal_text_raise_the_engine_errors():
    with pytest.raises(engine.MalformedMoveError):
        play_step(engine.START_FEN, "hello")
    with pytest.raises(engine.IllegalMoveError) as refused:
        play_step(engine.START_FEN, "Cc3Cc4")
    assert refused.value.reason
    assert legal_coords(engine.Position()) == sorted(
        m.coord() for m in engine.Position().legal_moves())
