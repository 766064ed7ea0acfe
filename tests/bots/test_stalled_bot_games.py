"""A game that has waited for its bot far longer than any search takes (its task was lost with
a killed worker) gets the bot's move queued again by the periodic sweep; others are left alone."""
from datetime import timedelta
from unittest import mock

import pytest
from django.utils import timezone

from bots import services
from games.models import Game
from tests.site_fixtures import make_game, play

pytestmark = pytest.mark.django_db


def age(game: Game, minutes: int) -> None:
    Game.objects.filter(pk=game.pk).update(updated_at=timezone.now() - timedelta(minutes=minutes))


def test_only_games_long_waiting_for_a_bot_are_queued_again(alice, bob, easy_bot,
                                                           beginner_bot):
    stalled_black = play(make_game(alice, easy_bot), "Bb2Cb2")  # the bot (Black) to move
    stalled_white = make_game(beginner_bot, bob)  # the bot (White) to move
    humans_turn = make_game(alice, beginner_bot)  # alice to move
    fresh = play(make_game(bob, easy_bot), "Bb2Cb2")  # the bot is still thinking
    people = make_game(alice, bob)
    ended = play(make_game(alice, beginner_bot), "Bb2Cb2")
    ended.status = Game.Status.FINISHED
    ended.save()
    for game in (stalled_black, stalled_white, humans_turn, people, ended):
        age(game, 30)
    age(fresh, 1)

    with mock.patch("bots.hooks.dispatch_bot_move", return_value=True) as dispatch:
        requeued = services.bot_moves_requeue_stalled()
    assert sorted(requeued) == sorted([stalled_black.pk, stalled_white.pk])
    assert sorted(call.args[0] for call in dispatch.call_args_list) == sorted(requeued)


def test_the_requeued_move_is_played_once(alice, easy_bot):
    game = play(make_game(alice, easy_bot), "Bb2Cb2")
    age(game, 30)
    with mock.patch("bots.hooks.dispatch_bot_move",
                    side_effect=lambda game_id, level, **_: services.bot_move_play(game_id=game_id)):
        services.bot_moves_requeue_stalled()
        services.bot_moves_requeue_stalled()  # now fresh: not queued again
    game.refresh_from_db()
    assert game.ply == 2 and game.moves.count() == 2
