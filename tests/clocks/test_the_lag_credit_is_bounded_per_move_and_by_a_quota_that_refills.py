"""A move is charged its time less a credit for the mover's measured network lag, as lichess
does: at most LAG_CREDIT_MAX_MS a move, at most what is left of the side's quota (3 gains at
the start, +1 gain a move, at most 7 gains), and never more than the time the server measured,
so a client claiming a huge lag gets back no more than the bounds."""
import pytest
from django.utils import timezone

from games.clock import charge_move, lag_credit, lag_rules
from tests.clocks.helpers import live_game, move_at, ms

pytestmark = pytest.mark.django_db

BLITZ = lag_rules(180, 2, per_move_ms=1000)  # estimate 260 s: a gain of 1 s


def test_the_quota_follows_lichess_s_gain_for_the_estimate():
    assert (BLITZ.gain_ms, BLITZ.start_ms, BLITZ.max_ms) == (1000, 3000, 7000)
    assert lag_rules(15, 0, per_move_ms=1000).gain_ms == 200
    assert lag_rules(60, 0, per_move_ms=1000).gain_ms == 400  # 60 / 2 + 10 centiseconds


@pytest.mark.parametrize("lag, quota, elapsed, credit", [
    (300, 3000, 5000, 300),  # the whole lag
    (5000, 3000, 9000, 1000),  # the per-move cap
    (900, 400, 9000, 400),  # what is left of the quota
    (800, 3000, 500, 500),  # never more than the server measured
    (-50, 3000, 5000, 0),  # a negative lag is none
])
def test_the_credit_is_the_least_of_lag_cap_quota_and_measured_time(lag, quota, elapsed, credit):
    assert lag_credit(lag_ms=lag, elapsed_ms=elapsed, quota_ms=quota, rules=BLITZ)[0] == credit


def test_a_client_claiming_a_huge_lag_every_move_gets_the_quota_s_refill_only():
    quota, credits = BLITZ.start_ms, []
    for _ in range(10):
        charged = charge_move(remaining_ms=100_000, elapsed_ms=4000, lag_ms=60_000,
                              quota_ms=quota, increment_s=0, rules=BLITZ)
        credits.append(charged.credit_ms)
        quota = charged.quota_ms
    assert credits == [1000] * 10  # the cap; the quota refills 1 s a move, so it holds
    rules = lag_rules(60, 0, per_move_ms=1000)  # gain 0.4 s: the quota runs dry
    quota, credits = rules.start_ms, []
    for _ in range(6):
        charged = charge_move(remaining_ms=60_000, elapsed_ms=4000, lag_ms=60_000,
                              quota_ms=quota, increment_s=0, rules=rules)
        credits.append(charged.credit_ms)
        quota = charged.quota_ms
    assert credits == [1000, 600, 400, 400, 400, 400]
    assert sum(credits) <= rules.start_ms + 6 * rules.gain_ms


def test_a_stored_move_is_charged_less_its_bounded_credit(alice, bob):
    game = live_game(alice, bob, limit=180, increment=0)
    t0 = timezone.now()
    move_at(game, "Bb2Cb2", t0)
    move_at(game, "Dc4Dc3", t0)
    move_at(game, "Bc2Cc2", t0 + ms(5), lag_ms=250)  # 5 s measured, 0.25 s of it lag
    assert game.white_clock_ms == 180_000 - 4_750
    assert game.white_lag_quota_ms == 3000 - 250 + 1000
    move_at(game, "Dd4Dd3", t0 + ms(10), lag_ms=30_000)  # a claimed 30 s: 1 s credited
    assert game.black_clock_ms == 180_000 - 4_000
