"""The arithmetic of analysis.judge against lichess's: the win % curve and the per-move
accuracy fit (lila, AccuracyPercent.scala: the data the curve was fitted to), and a game's
accuracy from its evaluations."""
import math

import pytest

from analysis.judge import Score, game_accuracy, move_accuracy, win_percent, winning_chances


def test_winning_chances_are_lichess_logistic_ceiled_at_1000_cp():
    assert winning_chances(Score(cp=0)) == 0
    assert winning_chances(Score(cp=100)) == pytest.approx(0.1820, abs=1e-4)
    assert winning_chances(Score(cp=-300)) == pytest.approx(-0.5023, abs=1e-4)
    assert winning_chances(Score(cp=5000)) == winning_chances(Score(cp=1000))
    assert win_percent(Score(mate=3)) == win_percent(Score(cp=1000))
    assert win_percent(Score(mate=-1)) == win_percent(Score(cp=-1000))
    # Mated now: the side to move has lost.
    assert win_percent(Score(mate=0, white_to_move=False)) == win_percent(Score(cp=1000))


@pytest.mark.parametrize("drop, fitted", [(0, 100), (5, 75), (10, 60), (20, 42), (40, 20),
                                          (60, 5), (80, 0)])
def test_a_moves_accuracy_follows_lichess_fit(drop, fitted):
    # The fit's own data points; the +1 "uncertainty bonus" and the fit's residuals (up to
    # 5.8 points, at a drop of 5) allowed.
    assert move_accuracy(60, 60 - drop) == pytest.approx(fitted, abs=6)


def test_a_move_that_keeps_the_win_chance_is_perfect():
    assert move_accuracy(40, 55) == 100


def test_a_perfect_game_is_100_and_one_blunder_costs_its_side_only():
    flat = [Score(cp=20)] * 21
    assert game_accuracy(flat, white_first=True) == {"white": 100, "black": 100}
    blunder = [Score(cp=20)] * 11 + [Score(cp=-800)] * 10  # White's 6th move drops a piece
    found = game_accuracy(blunder, white_first=True)
    assert found["black"] == 100
    assert 40 < found["white"] < 90
    assert not math.isnan(found["white"])


def test_a_game_of_black_first_counts_the_first_move_for_black():
    found = game_accuracy([Score(cp=0), Score(cp=900), Score(cp=900)], white_first=False)
    assert found["black"] < 50 and found["white"] == 100
