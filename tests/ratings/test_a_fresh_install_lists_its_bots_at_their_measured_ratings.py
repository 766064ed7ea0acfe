"""A fresh install's bots start from ratings measured by matches between the levels
(bots.calibration), settled, so the leaderboard lists them from the first day and a game
moves them a little, not ~160 points (issue 29, item 11). The test database is a fresh
install: its migrate ran the seeding."""
import importlib
import pkgutil

import pytest

from bots.calibration import CHAINS, SETTLED_RD, bot_ratings_seed, calibrated_ratings
import engine.variants
from engine.variants import Variant
from games import services
from ratings.models import Rating
from tests.bots.conftest import bot_user

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("variant", ["raumschach", "fiveup", "startrek", "hexraumschach"])
def test_every_level_starts_at_the_one_below_plus_its_measured_match_result(variant):
    start = calibrated_ratings(variant)
    assert start[0] == 600 and sorted(start) == [0, 1, 2, 3, 4, 5]
    for step in CHAINS[variant]:
        assert start[step.level] - start[step.level - 1] == step.elo > 0
    assert calibrated_ratings("no-such-variant") == {}


def test_every_variant_the_site_plays_has_its_levels_measured():
    # The variants engine/variants/ declares (VARIANTS also holds what other tests register).
    declared = {getattr(importlib.import_module(f"engine.variants.{m.name}"), "VARIANT", None)
                for m in pkgutil.iter_modules(engine.variants.__path__)}
    assert set(CHAINS) == {v.key for v in declared if isinstance(v, Variant)}


@pytest.mark.parametrize("variant", ["fiveup", "startrek", "hexraumschach"])
def test_every_calibrated_variants_leaderboard_lists_its_bots_too(anon, variant):
    rows = anon.get(f"/api/v1/leaderboard/?variant={variant}").json()
    assert [r["username"] for r in rows] == [bot_user(level).username for level in range(5, -1, -1)]


def test_the_leaderboard_of_a_fresh_install_lists_the_six_bots_strongest_first(anon):
    rows = anon.get("/api/v1/leaderboard/").json()
    start = calibrated_ratings("raumschach")
    expected = [(bot_user(level).username, round(start[level])) for level in range(5, -1, -1)]
    assert [(r["username"], round(r["rating"])) for r in rows] == expected
    assert all(r["is_bot"] and r["rd"] <= SETTLED_RD + 1 for r in rows)


def test_seeding_again_creates_nothing_and_keeps_a_rating_earned_in_games():
    Rating.objects.filter(user=bot_user(2), variant="raumschach").update(rating=1234.0)
    assert bot_ratings_seed() == 0
    assert Rating.objects.get(user=bot_user(2), variant="raumschach").rating == 1234.0


def test_a_lost_game_moves_a_settled_bot_by_tens_of_points_not_a_hundred(alice):
    before = Rating.objects.get(user=bot_user(1), variant="raumschach").rating
    game = services.challenge_create(challenger=alice, opponent=bot_user(1), color="white",
                                     days_per_move=None).game
    services.game_resign(game=game, user=bot_user(1))
    after = Rating.objects.get(user=bot_user(1), variant="raumschach").rating
    assert 0 < before - after < 60
