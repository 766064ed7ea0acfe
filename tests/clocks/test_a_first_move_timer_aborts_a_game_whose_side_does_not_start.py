"""Each side's first move has a first-move timer (FIRST_MOVE_SECONDS, 30 by default): run out,
the game is aborted (unrated, nobody loses) - by the sweep, a request, or the timer with nobody
asking."""
import time

import pytest
from django.utils import timezone

from games import services
from games.errors import GameOver
from games.models import Game
from tests.clocks.helpers import live_game, move_at, ms

pytestmark = pytest.mark.django_db


def test_the_first_mover_has_first_move_seconds(alice, bob, settings):
    settings.FIRST_MOVE_SECONDS = 30
    before = timezone.now()
    game = live_game(alice, bob, limit=60)
    assert before + ms(30) <= game.deadline <= timezone.now() + ms(30)
    assert game.clock_started_at is None


def test_the_second_side_s_first_move_timer_runs_out_and_the_game_is_aborted(alice, bob):
    game = live_game(alice, bob, limit=60, rated=True)
    move_at(game, "Bb2Cb2", timezone.now() - ms(40))  # Black had until 10 s ago
    assert services.games_sweep_expired() == 1
    game.refresh_from_db()
    assert (game.status, game.result, game.termination) == ("aborted", "*", "abort")


def test_a_first_move_after_its_timer_is_refused_and_aborts(alice, bob):
    game = live_game(alice, bob, limit=60)
    with pytest.raises(GameOver):
        services.game_play_move(game=game, user=alice, move="Bb2Cb2", ply=0,
                                received_at=timezone.now() + ms(31))
    game.refresh_from_db()
    assert (game.status, game.termination, game.ply) == ("aborted", "abort", 0)


@pytest.mark.django_db(transaction=True)  # the timer thread reads what the test committed
def test_the_timer_aborts_an_unstarted_game_with_nobody_asking(alice, bob, settings):
    settings.BACKGROUND_IN_PROCESS = True
    settings.FIRST_MOVE_SECONDS = 1
    game = live_game(alice, bob, limit=60)
    deadline = game.deadline
    waited = time.monotonic() + 20
    while time.monotonic() < waited:
        game.refresh_from_db()
        if game.status != "active":
            break
        time.sleep(0.1)
    assert (game.status, game.termination) == ("aborted", "abort")
    assert (game.ended_at - deadline).total_seconds() < 2
    assert Game.objects.get(pk=game.pk).result == "*"


def test_a_timer_that_wakes_early_sets_itself_again_and_ends_nothing(alice, bob, monkeypatch):
    game = live_game(alice, bob, limit=60)
    again = []
    monkeypatch.setattr("games.services.clocks.flag_schedule",
                        lambda **kwargs: again.append(kwargs))
    assert services.game_flag_if_due(game_id=game.pk, ply=0) is False
    assert again == [{"game_id": game.pk, "ply": 0, "deadline": game.deadline}]
    assert services.game_flag_if_due(game_id=game.pk, ply=1) is False  # a stale timer
    assert len(again) == 1
    game.refresh_from_db()
    assert game.status == "active"
