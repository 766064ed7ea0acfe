"""A resignation and the deadline sweep end the same rated game at the same moment on two
connections: the game ends once and is rated once. Needs PostgreSQL (real row locks)."""
import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from games import services
from games.models import Game
from ratings.models import Rating, RatingChange
from tests.ratings.helpers import rated_game
from tests.site_fixtures import make_user, play

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

ROUNDS = 8  # one lucky interleaving must not pass the test


def race(*actions) -> list[object]:
    barrier = threading.Barrier(len(actions))
    outcomes: list[object] = [None] * len(actions)

    def attempt(index: int) -> None:
        try:
            barrier.wait()
            outcomes[index] = actions[index]()
        except Exception as exc:  # recorded and asserted on below
            outcomes[index] = exc
        finally:
            connection.close()  # each thread has its own connection

    threads = [threading.Thread(target=attempt, args=(i,)) for i in range(len(actions))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def test_a_resignation_racing_the_timeout_sweep_rates_once():
    assert connection.vendor == "postgresql"
    white, black = make_user("race-white"), make_user("race-black")
    for round_number in range(ROUNDS):
        game = rated_game(white, black, days_per_move=1)
        play(game, "Bb2Cb2", "Dc4Dc3")  # both moved: running out of time loses
        Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(seconds=1))
        game.refresh_from_db()
        outcomes = race(lambda: services.games_sweep_expired(),
                        lambda: services.game_resign(game=game, user=white))
        assert not any(isinstance(o, Exception) and o.__class__.__name__ != "GameOver"
                       for o in outcomes), outcomes
        game.refresh_from_db()
        assert game.status == "finished" and game.result == "0-1", (round_number, outcomes)
        assert RatingChange.objects.filter(game=game).count() == 2
    assert Rating.objects.get(user=white).games_rated == ROUNDS
    assert Rating.objects.get(user=black).games_rated == ROUNDS
    assert Rating.objects.get(user=black).rating > 1500 > Rating.objects.get(user=white).rating


def test_two_rated_games_of_one_player_ending_at_once_both_count():
    assert connection.vendor == "postgresql"
    alice, bob, carol = make_user("ra"), make_user("rb"), make_user("rc")
    first, second = rated_game(alice, bob), rated_game(alice, carol)
    outcomes = race(lambda: services.game_resign(game=first, user=bob),
                    lambda: services.game_resign(game=second, user=carol))
    assert all(isinstance(o, Game) for o in outcomes), outcomes
    row = Rating.objects.get(user=alice)
    assert (row.games_rated, row.wins) == (2, 2)
    changes = list(RatingChange.objects.filter(user=alice).order_by("id"))
    # Serialised by the row lock: the later change starts where the earlier one ended.
    assert changes[1].rating_before == pytest.approx(changes[0].rating_after)
