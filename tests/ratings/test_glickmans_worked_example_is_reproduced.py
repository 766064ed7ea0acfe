"""The worked example of Glickman's paper, and the inactivity rule (step 6 alone).

The paper rounds its intermediate values; exact arithmetic gives 1464.0507 / 151.5165 / 0.059996,
within 0.01 of the printed 1464.06 / 151.52 / 0.05999.
"""
import pytest

from ratings.glicko2 import Rating, Result, rate


def test_glickmans_worked_example_is_reproduced():
    player = Rating(1500, 200, 0.06)
    after = rate(player, [
        Result(Rating(1400, 30), 1.0),
        Result(Rating(1550, 100), 0.0),
        Result(Rating(1700, 300), 0.0),
    ])
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_period_without_games_only_widens_the_deviation():
    player = Rating(1620, 80, 0.06)
    after = rate(player, [])
    assert after.rating == 1620
    assert after.volatility == 0.06
    assert after.rd == pytest.approx((80 ** 2 + (0.06 * 173.7178) ** 2) ** 0.5)


def test_inactivity_never_widens_the_deviation_beyond_a_new_players():
    assert rate(Rating(1500, 349.9, 0.06), []).rd == 350
