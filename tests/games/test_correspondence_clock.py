"""Days per move: the deadline is set at the start and after every move; a passed deadline
ends the game when it is swept, read or played — and before both sides moved it aborts it."""
from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.errors import GameOver, NotAPlayer
from games.models import Game
from games.tasks import sweep_expired_games
from tests.site_fixtures import make_game, play

pytestmark = pytest.mark.django_db


def expire(game: Game) -> None:
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    game.refresh_from_db()


def test_each_move_sets_the_deadline_days_per_move_ahead(alice, bob):
    game = make_game(alice, bob, days_per_move=3)
    before = timezone.now()
    play(game, "Bb2Cb2")
    assert before + timedelta(days=3) <= game.deadline <= timezone.now() + timedelta(days=3)


def test_a_game_without_a_clock_has_no_deadline(game):
    play(game, "Bb2Cb2")
    assert game.deadline is None


def test_the_sweep_ends_an_expired_game_against_the_side_to_move(alice, bob):
    game = make_game(alice, bob, days_per_move=1)
    play(game, "Bb2Cb2", "Dc4Dc3")  # White to move
    expire(game)
    assert services.games_sweep_expired() == 1
    game.refresh_from_db()
    assert (game.status, game.result, game.termination) == ("finished", "0-1", "timeout")
    assert game.deadline is None


def test_the_sweep_leaves_running_clocks_alone(alice, bob):
    game = make_game(alice, bob, days_per_move=1)
    assert services.games_sweep_expired() == 0
    game.refresh_from_db()
    assert game.status == "active"


def test_an_expired_game_before_both_sides_moved_is_aborted_not_lost(alice, bob):
    game = make_game(alice, bob, days_per_move=2)
    play(game, "Bb2Cb2")
    expire(game)
    services.games_sweep_expired()
    game.refresh_from_db()
    assert (game.status, game.result, game.termination) == ("aborted", "*", "abort")


def test_reading_an_expired_game_ends_it(alice, bob):
    game = make_game(alice, bob, days_per_move=1)
    play(game, "Bb2Cb2", "Dc4Dc3", "Bc2Cc2")  # Black to move
    expire(game)
    assert services.game_expire_if_due(game=game) is True
    assert (game.status, game.result, game.termination) == ("finished", "1-0", "timeout")


def test_a_move_after_the_deadline_is_refused_and_the_timeout_is_kept(alice, bob):
    game = make_game(alice, bob, days_per_move=1)
    play(game, "Bb2Cb2", "Dc4Dc3")
    expire(game)
    with pytest.raises(GameOver):
        services.game_play_move(game=game, user=alice, move="Bc2Cc2", ply=2)
    game.refresh_from_db()
    assert (game.result, game.termination, game.ply) == ("0-1", "timeout", 2)


def test_a_spectator_poking_an_expired_game_is_still_not_a_player(alice, bob, carol):
    game = make_game(alice, bob, days_per_move=1)
    play(game, "Bb2Cb2", "Dc4Dc3")
    expire(game)
    with pytest.raises(NotAPlayer):
        services.game_play_move(game=game, user=carol, move="Bc2Cc2", ply=2)


def test_the_celery_sweep_task_runs_the_sweep(alice, bob):
    game = make_game(alice, bob, days_per_move=1)
    play(game, "Bb2Cb2", "Dc4Dc3")
    expire(game)
    assert sweep_expired_games.apply().get() == 1
    game.refresh_from_db()
    assert game.termination == "timeout"
