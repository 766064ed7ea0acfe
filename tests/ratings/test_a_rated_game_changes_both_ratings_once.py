"""A rated game's result moves the winner up and the loser down by Glicko-2, once, and the
players' ratings are written on the game (archive, export)."""
import pytest

from games import services
from ratings import glicko2
from ratings.models import Rating, RatingChange
from tests.ratings.helpers import rate_by_challenge

pytestmark = pytest.mark.django_db


def test_a_challenge_between_two_people_is_rated_by_default(alice, bob):
    game = rate_by_challenge(alice, bob)
    assert game.rated is True


def test_the_winner_gains_and_the_loser_loses_what_glicko2_says(alice, bob):
    game = rate_by_challenge(alice, bob)
    services.game_resign(game=game, user=bob)  # alice (White) wins
    alice_rating, bob_rating = Rating.objects.get(user=alice), Rating.objects.get(user=bob)
    start = glicko2.Rating()
    expected_alice = glicko2.rate(start, [glicko2.Result(start, 1.0)])
    expected_bob = glicko2.rate(start, [glicko2.Result(start, 0.0)])
    assert alice_rating.rating == pytest.approx(expected_alice.rating)
    assert bob_rating.rating == pytest.approx(expected_bob.rating)
    assert alice_rating.rating > 1500 > bob_rating.rating
    assert alice_rating.rd < 350 and bob_rating.rd < 350
    assert (alice_rating.games_rated, alice_rating.wins) == (1, 1)
    assert (bob_rating.games_rated, bob_rating.losses) == (1, 1)
    changes = RatingChange.objects.filter(game=game)
    assert sorted(c.score for c in changes) == [0.0, 1.0]
    assert all(c.rating_before == 1500 for c in changes)
    game.refresh_from_db()
    assert (game.white_rating, game.black_rating) == (1500, 1500)


def test_a_draw_between_equal_players_keeps_the_ratings_and_narrows_the_deviation(alice, bob):
    game = rate_by_challenge(alice, bob)
    services.game_draw(game=game, user=alice, action="offer")
    services.game_draw(game=game, user=bob, action="accept")
    for user in (alice, bob):
        row = Rating.objects.get(user=user)
        assert row.rating == pytest.approx(1500)
        assert row.rd < 350
        assert row.draws == 1


def test_the_second_game_uses_the_first_games_ratings(alice, bob):
    first = rate_by_challenge(alice, bob)
    services.game_resign(game=first, user=bob)
    after_first = Rating.objects.get(user=alice).rating
    second = rate_by_challenge(alice, bob)
    services.game_resign(game=second, user=bob)
    change = RatingChange.objects.get(game=second, user=alice)
    assert change.rating_before == pytest.approx(after_first)
    assert change.rating_after > after_first
    assert Rating.objects.get(user=alice).games_rated == 2
