"""The match's SPRT: the GSPRT log-likelihood ratio on game pairs, its bounds, its stop, and
a baseline engine from another checkout played in its own process (``base:N --base DIR``)."""
import math
from pathlib import Path

import pytest

from engine.search.match import make_player, run_match
from engine.search.sprt import Sprt, bounds, elo_of_samples, llr

ROOT = Path(__file__).resolve().parents[3]


def test_the_bounds_are_the_usual_ones_for_five_percent_errors():
    lower, upper = bounds(0.05, 0.05)
    assert lower == pytest.approx(-2.944, abs=1e-3)
    assert upper == pytest.approx(2.944, abs=1e-3)


def test_the_llr_has_the_sign_of_the_evidence():
    winning = [0.75, 1.0, 0.5, 0.75, 1.0, 0.75, 0.5, 1.0]
    losing = [1 - x for x in winning]
    assert llr(winning, 0, 10) > 0 > llr(losing, 0, 10)
    # Close hypotheses: near the normal approximation n (s1 - s0)(2 mean - s0 - s1) / (2 var).
    sample = winning + losing + [0.5, 0.75, 0.5, 0.25, 0.75, 0.75] * 3
    n, mean = len(sample), sum(sample) / len(sample)
    var = sum((x - mean) ** 2 for x in sample) / n
    s0, s1 = 0.5, 1 / (1 + 10 ** (-10 / 400))
    assert llr(sample, 0, 10) == pytest.approx(n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var), rel=0.05)


def test_a_one_sided_run_decides_only_after_enough_pairs():
    # Each won pair is worth at most ~log 2 when H0 says an even score: two pairs never decide.
    assert llr([1.0] * 2, 0, 50) < bounds(0.05, 0.05)[1]
    assert llr([1.0] * 12, 0, 100) > bounds(0.05, 0.05)[1]


def test_pairs_are_scored_pentanomially_and_an_unfinished_pair_waits():
    test = Sprt(0, 10)
    for points in (1, 0.5, 0, 0, 1):
        test.add(points)
    assert test.pairs == [0.75, 0.0]
    assert test.pentanomial() == [1, 0, 0, 1, 0]


def test_a_clearly_stronger_player_is_accepted_and_an_even_one_rejected():
    strong, even = Sprt(0, 50), Sprt(0, 50)
    for _ in range(100):
        for points in (1, 1, 1, 0.5):
            strong.add(points)
        for points in (1, 1, 0, 0, 1, 0.5, 0.5, 0):
            even.add(points)
    assert strong.decision() == "H1"
    assert even.decision() == "H0"
    elo, margin = elo_of_samples(strong.pairs)
    assert elo > 100 and 0 < margin < 60


def test_elo0_must_be_below_elo1():
    with pytest.raises(ValueError):
        Sprt(10, 0)


def test_a_decided_sprt_ends_the_match_after_a_whole_pair():
    # Easy against Beginner decides fast at a wide hypothesis; --games is only the most.
    match = run_match("1", "0", 40, seed=3, max_plies=60, sprt=Sprt(0, 400, alpha=0.2, beta=0.2))
    played = len(match.games)
    assert played % 2 == 0 and played < 40
    assert match.sprt.decision() == "H1"
    assert "LLR" in match.summary() and "H1 accepted" in match.summary()


def test_a_base_player_searches_with_another_checkouts_engine_in_its_own_process():
    name, player = make_player("base:2@0.5", base_dir=ROOT, cpu_clock=True, min_depth=False)
    try:
        from engine import Position

        pos = Position.start()
        pos.push_checked("Bb2Cb2")
        result = player(pos, 7)
        assert result.move in pos.legal_moves()
        assert result.depth >= 1 and math.isfinite(result.score)
        assert player.proc is not None and player.proc.pid
    finally:
        player.close()
    assert name == "Base2@0.5s"


def test_a_base_player_needs_a_checkout():
    with pytest.raises(ValueError):
        make_player("base:3")
    with pytest.raises(ValueError):
        make_player("base:3", base_dir="/nonexistent")
