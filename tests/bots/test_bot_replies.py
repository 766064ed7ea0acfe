"""A bot answers through the game service: it searches the stored position at its level and
plays the move from the ply it searched."""
from unittest import mock

import engine
import pytest
from engine.search import choose_move

from bots import services
from games.models import Move
from games.positions import search_position
from tests.site_fixtures import make_game, play

pytestmark = pytest.mark.django_db


def test_the_bot_replies_to_a_human_move(alice, easy_bot):
    game = play(make_game(alice, easy_bot), "Bb2Cb2")
    outcome = services.bot_move_play(game_id=game.pk)
    game.refresh_from_db()
    assert (outcome.status, outcome.ply) == ("played", 1)
    assert game.ply == 2
    stored = Move.objects.get(game=game, ply=2)
    assert stored.coord == outcome.move
    assert engine.Position.from_fen(Move.objects.get(game=game, ply=1).fen_after).is_legal(
        engine.Move.from_coord(stored.coord))


def test_a_bot_playing_white_opens_the_game(alice, easy_bot):
    game = make_game(easy_bot, alice)
    outcome = services.bot_move_play(game_id=game.pk)
    game.refresh_from_db()
    assert outcome.status == "played" and game.ply == 1 and game.turn == "black"


def test_the_move_is_the_engines_choice_at_the_bots_level_and_seed(alice, easy_bot):
    game = play(make_game(alice, easy_bot), "Bc2Cc2")
    expected = choose_move(search_position(game), 1, seed=1234).move.coord()
    outcome = services.bot_move_play(game_id=game.pk, seed=1234)
    assert outcome.move == expected


def test_the_same_seed_replays_the_same_game(alice, bob, easy_bot):
    first = play(make_game(alice, easy_bot), "Bc2Cc2")
    second = play(make_game(bob, easy_bot), "Bc2Cc2")
    moves = {services.bot_move_play(game_id=g.pk, seed=7).move for g in (first, second)}
    assert len(moves) == 1


def test_without_a_seed_the_seed_comes_from_the_game_and_ply(alice, easy_bot):
    game = play(make_game(alice, easy_bot), "Bc2Cc2")
    with mock.patch("bots.search.choose_move", wraps=choose_move) as search:
        services.bot_move_play(game_id=game.pk)
    assert search.call_args.kwargs["seed"] == services.move_seed(game, 1)
    assert services.move_seed(game, 1) != services.move_seed(game, 3)
