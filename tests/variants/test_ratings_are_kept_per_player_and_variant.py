"""Ratings are kept per (player, variant), as lichess does: a rated game changes only its
variant's ratings, and the leaderboard, the profile, the rating history and a seek's rating
check each read the variant's own."""
from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from ratings.models import Rating
from tests.site_fixtures import assert_error, token_client

KEY = "fiveup"

pytestmark = pytest.mark.django_db


def rated_game(white, black, variant: str):
    challenge = services.challenge_create(challenger=white, opponent=black, color="white",
                                          days_per_move=None, rated=True, variant=variant)
    return services.challenge_accept(challenge=challenge, user=black)


def test_a_rated_game_changes_only_its_variants_ratings(fiveup, alice, bob):
    Rating.objects.create(user=alice, variant="raumschach", rating=1700, rd=60,
                          rated_at=timezone.now())
    game = rated_game(alice, bob, KEY)
    services.game_resign(game=game, user=bob)
    mine = Rating.objects.get(user=alice, variant=KEY)
    assert mine.rating > 1500 and mine.games_rated == 1  # started at 1500, not at 1700
    raumschach = Rating.objects.get(user=alice, variant="raumschach")
    assert (raumschach.rating, raumschach.games_rated) == (1700, 0)
    assert not Rating.objects.filter(user=bob, variant="raumschach").exists()
    game.refresh_from_db()
    assert (game.white_rating, game.black_rating) == (1500, 1500)  # the variant's ratings


def test_leaderboard_profile_and_history_read_one_variant(fiveup, alice, bob, as_carol):
    now = timezone.now()
    Rating.objects.create(user=alice, variant="raumschach", rating=1800, rd=60, rated_at=now,
                          games_rated=20)
    Rating.objects.create(user=bob, variant=KEY, rating=1650, rd=60, rated_at=now,
                          games_rated=12)
    board = as_carol.get("/api/v1/leaderboard/").json()
    assert [row["username"] for row in board if not row["is_bot"]] == ["alice"]
    board = as_carol.get(f"/api/v1/leaderboard/?variant={KEY}").json()
    assert [(row["username"], row["rating"]) for row in board if not row["is_bot"]] == [("bob", 1650)]

    profile = as_carol.get("/api/v1/users/bob/").json()
    assert profile["rating"] == 1500  # the Raumschach rating: bob never played it rated
    assert profile["ratings"] == [{"variant": {"key": KEY, "name": fiveup.name},
                                   "speed": "correspondence", "rating": 1650, "rd": 60, "provisional": False,
                                   "games_rated": 12}]

    game = rated_game(alice, bob, KEY)
    services.game_resign(game=game, user=alice)
    history = as_carol.get(f"/api/v1/users/bob/rating-history/?variant={KEY}").json()
    assert [(c["game"], c["variant"]["key"]) for c in history] == [(game.public_id, KEY)]
    assert as_carol.get("/api/v1/users/bob/rating-history/?variant=raumschach").json() == []


def test_a_seeks_rating_range_is_checked_in_the_seeks_variant(fiveup, alice, bob, as_bob):
    Rating.objects.create(user=bob, variant="raumschach", rating=1900, rd=60,
                          rated_at=timezone.now() - timedelta(days=1))
    seek = services.challenge_create(challenger=alice, opponent=None, color="white",
                                     days_per_move=3, public=True, rating_min=1800,
                                     variant=KEY)
    listed = as_bob.get(f"/api/v1/seeks/?fits_me=true&variant={KEY}").json()
    assert listed == []  # bob is 1500 in this variant, whatever he is in Raumschach
    assert_error(as_bob.post(f"/api/v1/challenges/{seek.pk}/accept/"), 403,
                 "rating_out_of_range")
    lobby = token_client(alice).get("/api/v1/seeks/").json()
    assert [(s["id"], s["variant"]["key"], s["rating"]) for s in lobby] == [(seek.pk, KEY, 1500)]
