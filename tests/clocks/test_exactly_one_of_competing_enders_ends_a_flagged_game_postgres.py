"""When a live game's time has run out, the timer, the sweep and the flagged player's own move
may all try to end it at the same moment, on separate connections (as separate processes do):
the game ends exactly once - one ender reports it, one end event, one rating of the game."""
from unittest import mock

import pytest
from django.db import connection
from django.utils import timezone

from games import events, services
from games.errors import TimeOut
from games.models import Game
from ratings.models import RatingChange
from tests.clocks.helpers import live_game, move_at, ms
from tests.ratings.test_a_resignation_and_a_timeout_racing_rate_once_postgres import race
from tests.site_fixtures import make_user

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

ROUNDS = 6  # one lucky interleaving must not pass the test


def test_the_timer_the_sweep_and_a_late_move_end_the_game_once():
    assert connection.vendor == "postgresql"
    white, black = make_user("flag-white"), make_user("flag-black")
    for round_number in range(ROUNDS):
        game = live_game(white, black, limit=30, rated=True)
        t0 = timezone.now() - ms(40)
        move_at(game, "Bb2Cb2", t0)
        move_at(game, "Dc4Dc3", t0)  # White's 30 s ran out 10 s ago
        ended = []
        with mock.patch.object(events, "publish_end", side_effect=lambda **kw: ended.append(kw)):
            outcomes = race(
                lambda: services.game_flag_if_due(game_id=game.pk, ply=2),
                lambda: services.game_flag_if_due(game_id=game.pk, ply=2),
                lambda: services.games_sweep_expired(),
                lambda: services.game_play_move(game=game, user=white, move="Bc2Cc2", ply=2))
        assert isinstance(outcomes[3], TimeOut), outcomes
        assert not any(isinstance(o, Exception) for o in outcomes[:3]), outcomes
        reported = [o for o in outcomes[:2] if o is True] + [o for o in outcomes[2:3] if o == 1]
        game.refresh_from_db()
        assert (game.status, game.result, game.termination) == ("finished", "0-1", "timeout")
        assert len(ended) == 1, (round_number, ended)
        assert RatingChange.objects.filter(game=game).count() == 2
        # The late move ended it itself when it came first; else exactly one other ender did.
        assert len(reported) <= 1, (round_number, outcomes)
        assert Game.objects.get(pk=game.pk).ply == 2
