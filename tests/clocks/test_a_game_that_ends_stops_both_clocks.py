"""However a live game ends (resignation, agreement, a mate), both clocks stop: the running
side is charged up to the end, nothing runs afterwards, and the end event carries the clock
as it stopped."""
from unittest import mock

import pytest
from django.utils import timezone

from games import events, services
from games.models import Game
from tests.clocks.helpers import live_game, move_at, ms

pytestmark = pytest.mark.django_db


def test_a_resignation_stops_the_running_clock_where_it_stood(
        alice, bob, django_capture_on_commit_callbacks):
    game = live_game(alice, bob, limit=60, increment=1)
    t0 = timezone.now() - ms(20)
    move_at(game, "Bb2Cb2", t0)
    move_at(game, "Dc4Dc3", t0)  # White's clock has run 20 s
    ended = []
    with mock.patch.object(events, "publish_end", side_effect=lambda **kw: ended.append(kw)), \
            django_capture_on_commit_callbacks(execute=True):
        services.game_resign(game=game, user=alice)
    game.refresh_from_db()
    assert (game.clock_started_at, game.deadline, game.black_clock_ms) == (None, None, 60_000)
    assert 39_000 <= game.white_clock_ms <= 40_000
    [end] = ended
    assert end["clock"] == {"limit": 60, "increment": 1, "white": game.white_clock_ms,
                            "black": 60_000, "running": None}
    time_read = Game.objects.get(pk=game.pk)
    assert time_read.white_clock_ms == game.white_clock_ms  # nothing runs after the end


def test_an_aborted_game_has_both_clocks_full(alice, bob):
    game = live_game(alice, bob, limit=60)
    services.game_abort(game=game, user=alice)
    game.refresh_from_db()
    assert (game.status, game.white_clock_ms, game.black_clock_ms, game.deadline) == (
        "aborted", 60_000, 60_000, None)


MATE_IN_ONE = "4k/5/5/5/5|5/5/5/5/3Q1|5/5/5/5/5|5/5/5/5/5|5/3R1/5/5/K4 w 0 1"


def test_a_mating_move_is_charged_and_then_nothing_runs(alice, bob,
                                                       django_capture_on_commit_callbacks):
    game = live_game(alice, bob, limit=60, increment=2, fen=MATE_IN_ONE)
    t0 = timezone.now()
    move_at(game, "Ad4Ad5", t0)  # a first move each: the clocks start
    move_at(game, "Ee5De5", t0)
    sent = []
    with mock.patch.object(events, "publish_move", side_effect=lambda **kw: sent.append(kw)), \
            django_capture_on_commit_callbacks(execute=True):
        move_at(game, "Dd1Dd5", t0 + ms(3))
    assert game.status == "finished" and game.termination == "checkmate"
    assert (game.white_clock_ms, game.clock_started_at, game.deadline) == (59_000, None, None)
    [event] = sent
    assert event["deadline"] is None
    assert event["clock"] == {"limit": 60, "increment": 2, "white": 59_000, "black": 60_000,
                              "running": None}
