"""A bot's result is played only if the game is still where the search started: a stale or
game-over refusal is swallowed (logged), nothing is played twice, and a game that ended or is
not at a bot's turn is dropped without searching."""
import logging
from unittest import mock

import pytest
from engine.search import choose_move

from bots import services
from games import services as game_services
from games.models import Game, Move
from tests.site_fixtures import make_game, play

pytestmark = pytest.mark.django_db


def test_a_result_for_a_ply_already_played_is_refused_and_not_stored_twice(alice, easy_bot,
                                                                          caplog):
    game = play(make_game(alice, easy_bot), "Bb2Cb2")

    def search_while_another_job_plays(position, level, **kwargs):
        result = choose_move(position, level, **kwargs)
        # Another delivery of this task finishes first and stores the bot's move for ply 1.
        game_services.game_play_move(game=Game.objects.get(pk=game.pk), user=easy_bot,
                                     move="Dc4Cc4", ply=1)
        return result

    with mock.patch("bots.search.choose_move", side_effect=search_while_another_job_plays), \
            caplog.at_level(logging.INFO, logger="bots.services"):
        outcome = services.bot_move_play(game_id=game.pk)
    assert outcome.status == "stale"
    game.refresh_from_db()
    assert game.ply == 2
    assert list(Move.objects.filter(game=game).values_list("ply", "coord")) == [
        (1, "Bb2Cb2"), (2, "Dc4Cc4")]
    assert "refused (stale_ply)" in caplog.text


def test_a_result_for_a_game_that_ended_meanwhile_is_dropped(alice, easy_bot):
    game = play(make_game(alice, easy_bot), "Bb2Cb2")

    def search_while_the_human_resigns(position, level, **kwargs):
        game_services.game_resign(game=Game.objects.get(pk=game.pk), user=alice)
        return choose_move(position, level, **kwargs)

    with mock.patch("bots.search.choose_move", side_effect=search_while_the_human_resigns):
        outcome = services.bot_move_play(game_id=game.pk)
    assert outcome.status == "stale"
    game.refresh_from_db()
    assert game.status == "finished" and game.ply == 1 and game.moves.count() == 1


def test_an_ended_game_is_dropped_without_searching(alice, easy_bot):
    game = play(make_game(alice, easy_bot), "Bb2Cb2")
    game_services.game_resign(game=game, user=alice)
    with mock.patch("bots.search.choose_move") as search:
        outcome = services.bot_move_play(game_id=game.pk)
    assert outcome.status == "dropped" and not search.called
    assert Move.objects.filter(game=game).count() == 1


def test_nothing_happens_when_it_is_not_the_bots_turn(alice, easy_bot):
    game = make_game(alice, easy_bot)  # alice (White) to move
    with mock.patch("bots.search.choose_move") as search:
        outcome = services.bot_move_play(game_id=game.pk)
    assert outcome.status == "dropped" and not search.called
    game.refresh_from_db()
    assert game.ply == 0


def test_a_game_between_people_is_never_played_by_a_bot(game):
    with mock.patch("bots.search.choose_move") as search:
        outcome = services.bot_move_play(game_id=game.pk)
    assert outcome.status == "dropped" and not search.called


def test_a_missing_game_is_dropped(db):
    assert services.bot_move_play(game_id=987654).status == "dropped"
