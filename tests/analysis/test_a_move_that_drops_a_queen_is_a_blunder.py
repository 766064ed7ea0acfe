"""The engine's judgement on a position where the answer is known: White can take Black's rook
with the queen; moving the queen where the rook takes her is a blunder, and the better move
named is the capture."""
import engine
from analysis.judge import judge_move
from analysis.runner import Budget, evaluate, searcher_for
from engine import Position

from .conftest import QUEEN_BEST, QUEEN_BLUNDER, QUEEN_FEN

BUDGET = Budget(depth=None, nodes=60_000)


def test_hanging_the_queen_is_a_blunder_and_taking_the_rook_is_best():
    position = Position.from_fen(QUEEN_FEN)
    searcher, _ = searcher_for(position.variant)
    before = evaluate(position, searcher, BUDGET)
    assert before.best == QUEEN_BEST
    assert before.score.cp > 700  # a queen against a rook, from White's side
    position.push(engine.Move.from_coord(QUEEN_BLUNDER, position.variant))
    after = evaluate(position, searcher, BUDGET)
    assert after.best == "Ae5Ac5"  # Black takes the queen
    assert after.score.cp < -300  # now a rook against nothing
    assert judge_move(before.score, after.score, white_moved=True, best=False) == "blunder"


def test_a_small_slip_is_an_inaccuracy_and_a_middling_one_a_mistake():
    from analysis.judge import Score

    # Winning chances 2/(1+exp(-0.00368208 cp)) - 1: 0 -> 0; -60 -> -0.110; -120 -> -0.218.
    assert judge_move(Score(cp=0), Score(cp=-60), white_moved=True, best=False) == "inaccuracy"
    assert judge_move(Score(cp=0), Score(cp=-120), white_moved=True, best=False) == "mistake"
    assert judge_move(Score(cp=0), Score(cp=-40), white_moved=True, best=False) == ""
    # Black's drop is White's rise.
    assert judge_move(Score(cp=0), Score(cp=200), white_moved=False, best=False) == "blunder"
