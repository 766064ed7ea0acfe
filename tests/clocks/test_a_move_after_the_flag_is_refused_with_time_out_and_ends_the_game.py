"""A move that reaches the server after the mover's time ran out (its lag credit included) is
refused with 409 time_out and ends the game on time, if nobody had yet; the move is not
stored. A move on a stale ply is stale_ply and changes nothing."""
import pytest
from django.utils import timezone

from games import services
from games.errors import StalePly, TimeOut
from games.models import Game, Move
from tests.clocks.helpers import live_game, move_at, ms
from tests.site_fixtures import assert_error, db_snapshot

pytestmark = pytest.mark.django_db


def _white_running(alice, bob, limit: int = 60):
    game = live_game(alice, bob, limit=limit)
    t0 = timezone.now() - ms(limit + 5)  # White's clock started limit + 5 s ago
    move_at(game, "Bb2Cb2", t0)
    move_at(game, "Dc4Dc3", t0)
    return game, t0


def test_a_move_after_the_flag_is_time_out_and_the_game_is_lost_on_time(alice, bob):
    game, _ = _white_running(alice, bob)
    with pytest.raises(TimeOut) as refused:
        services.game_play_move(game=game, user=alice, move="Bc2Cc2", ply=2)
    assert refused.value.code == "time_out" and refused.value.status == 409
    game.refresh_from_db()
    assert (game.status, game.result, game.termination) == ("finished", "0-1", "timeout")
    assert (game.white_clock_ms, game.clock_started_at, game.deadline) == (0, None, None)
    assert not Move.objects.filter(game=game, ply=3).exists()


def test_a_second_move_after_the_flag_is_time_out_again_and_changes_nothing(alice, bob,
                                                                            as_alice):
    game, _ = _white_running(alice, bob)
    with pytest.raises(TimeOut):
        services.game_play_move(game=game, user=alice, move="Bc2Cc2", ply=2)
    before = db_snapshot()
    assert_error(as_alice.post(f"/api/v1/games/{game.public_id}/moves/",
                               {"move": "Bc2Cc2", "ply": 2}, format="json"), 409, "time_out")
    assert db_snapshot() == before


def test_the_rest_route_answers_time_out_for_a_flagged_mover(alice, bob, as_alice):
    game, _ = _white_running(alice, bob)
    assert_error(as_alice.post(f"/api/v1/games/{game.public_id}/moves/",
                               {"move": "Bc2Cc2", "ply": 2}, format="json"), 409, "time_out")
    assert Game.objects.get(pk=game.pk).termination == "timeout"


def test_the_lag_credit_saves_a_move_that_arrives_just_after_the_deadline(alice, bob):
    game = live_game(alice, bob, limit=60)
    t0 = timezone.now() - ms(61)
    move_at(game, "Bb2Cb2", t0)
    move_at(game, "Dc4Dc3", t0)
    move_at(game, "Bc2Cc2", t0 + ms(60.4), lag_ms=600)  # 0.4 s late, 0.6 s of lag
    assert game.status == "active" and game.white_clock_ms == 200


def test_a_move_on_a_stale_ply_is_stale_ply_and_stores_nothing(alice, bob):
    game = live_game(alice, bob, limit=60)
    t0 = timezone.now()
    move_at(game, "Bb2Cb2", t0)
    move_at(game, "Dc4Dc3", t0)
    before = db_snapshot()
    with pytest.raises(StalePly):
        services.game_play_move(game=game, user=alice, move="Bc2Cc2", ply=1)
    assert db_snapshot() == before
