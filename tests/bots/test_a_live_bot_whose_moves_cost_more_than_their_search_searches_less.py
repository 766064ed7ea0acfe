"""A live bot keeps back for every move still to come what its own moves in this game cost its
clock besides their search (bots.live_overhead: the wait in the live lane, loading, storing),
not only the fixed LIVE_OVERHEAD: on a loaded machine that cost was 0.2-0.6 s a move and bots
lost 1+0 games on time. The figure is measured by each bot move, smoothed, and bounded."""
import uuid
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.utils import timezone

from bots import services
from bots.budget import LIVE_OVERHEAD, LIVE_OVERHEAD_MOST, clock_movetime
from bots.live_overhead import live_overhead, live_overhead_record, overhead_key
from bots.models import Bot
from engine.search import LEVELS
from engine.search.searcher import MIN_DEPTH_CAP
from games import services as game_services
from games.models import Game
from tests.bots.conftest import bot_user
from tests.site_fixtures import play

SEARCHING_LEVELS = [level for level, config in sorted(LEVELS.items()) if config.depth != 0]


def worst_case(level: int, movetime: float) -> float:
    return movetime * (MIN_DEPTH_CAP if LEVELS[level].min_depth else 1)


@pytest.mark.parametrize("level", SEARCHING_LEVELS)
def test_a_higher_overhead_leaves_less_to_search_and_is_bounded(level):
    usual = clock_movetime(level, remaining=60, increment=0)
    assert clock_movetime(level, remaining=60, increment=0, overhead=0.6) < usual
    assert clock_movetime(level, remaining=60, increment=0, overhead=0.1) == usual
    assert (clock_movetime(level, remaining=60, increment=0, overhead=100)
            == clock_movetime(level, remaining=60, increment=0, overhead=LIVE_OVERHEAD_MOST))


@pytest.mark.parametrize("level", SEARCHING_LEVELS)
def test_at_the_arenas_overhead_a_one_minute_game_lasts_longer_with_the_measured_figure(level):
    """0.6 s a move besides the search (a 1+0 arena at load 25-30): the budget that keeps that
    back plays more moves before its flag falls than the one that keeps back 0.25 s."""
    def moves_before_the_flag(kept_back: float) -> int:
        remaining, moves = 60.0, 0
        while moves < 500:
            remaining -= worst_case(level, clock_movetime(
                level, remaining=remaining, increment=0, overhead=kept_back)) + 0.6
            if remaining <= 0:
                break
            moves += 1
        return moves

    assert moves_before_the_flag(0.6) > moves_before_the_flag(LIVE_OVERHEAD)
    assert moves_before_the_flag(0.6) >= 60


def test_the_figure_starts_at_the_fixed_overhead_and_follows_the_measurements():
    game_id = uuid.uuid4().int % 10**12  # a game no other run of this test has measured
    assert live_overhead(game_id) == LIVE_OVERHEAD
    assert live_overhead_record(game_id, 0.05) == LIVE_OVERHEAD  # never below it
    assert live_overhead_record(game_id, 0.85) == pytest.approx(0.55)  # halfway from 0.25
    assert live_overhead(game_id) == pytest.approx(0.55)
    assert live_overhead_record(game_id, 60.0) == LIVE_OVERHEAD_MOST  # one move: bounded


def test_with_the_cache_away_the_bot_keeps_the_fixed_reserve_and_moves_on(monkeypatch):
    def away(*args, **kwargs):
        raise ConnectionError("Redis is down")

    monkeypatch.setattr(cache, "get", away)
    assert live_overhead(17) == LIVE_OVERHEAD
    assert live_overhead_record(17, 0.9) == pytest.approx(0.9)  # said, not stored, not raised


def live_game_against_easy(alice) -> tuple[Game, Bot]:
    bot = bot_user(1)
    challenge = game_services.challenge_create(
        challenger=alice, opponent=bot, color="white", days_per_move=None,
        clock_limit=60, clock_increment=0)
    game = play(Game.objects.get(public_id=challenge.pk), "Bb2Cb2")  # the bot's clock runs
    # The cache outlives the test database: an earlier run's game of this id measured nothing
    # that counts here.
    cache.delete(overhead_key(game.pk))
    return game, Bot.objects.get(user=bot)


@pytest.mark.django_db
def test_a_bot_move_that_waited_long_makes_the_next_budget_of_its_game_smaller(alice):
    game, bot = live_game_against_easy(alice)
    before = services.live_movetime(game, bot, None)
    # The move waited 3 s before it was searched (a busy live lane): its clock was charged
    # for it, on top of the search.
    Game.objects.filter(pk=game.pk).update(
        clock_started_at=timezone.now() - timedelta(seconds=3))
    assert services.bot_move_play(game_id=game.pk).status == "played"
    assert live_overhead(game.pk) == LIVE_OVERHEAD_MOST
    game = play(game, "Bc2Cc2")  # the bot's turn again, its clock as it was, less the 3 s
    after = services.live_movetime(game, bot, None)
    fresh, _ = live_game_against_easy(alice)
    assert after < services.live_movetime(fresh, bot, None) < before + 0.01
    # What keeping back 1.5 s instead of 0.25 s for each of the 30 moves to come takes away.
    remaining = game.black_clock_ms / 1000
    assert after == pytest.approx(clock_movetime(1, remaining=remaining, increment=0,
                                                 overhead=LIVE_OVERHEAD_MOST), abs=0.01)
