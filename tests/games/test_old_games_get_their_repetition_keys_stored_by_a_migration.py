"""Games saved before the game row kept its repetition keys get them stored once by migration
0006 (issue 23), the same keys the move service stores, so no read replays a game's moves."""
import importlib

import pytest
from django.apps import apps

from games.models import Game, Move
from games.positions import position_keys
from tests.site_fixtures import make_game, make_user, play

migration = importlib.import_module("games.migrations.0006_store_the_position_keys_of_old_games")

pytestmark = pytest.mark.django_db

# Knights out and back: no capture or pawn move, so every position since the start counts.
SHUFFLE = ("NAb1-Ac3", "NEb5-Ec3", "NAc3-Ab1", "NEc3-Eb5", "NAb1-Ac3")
PAWN_FIRST = ("Bb2Cb2", "NEb5-Ec3", "NAb1-Ac3", "NEc3-Eb5")


def _as_before_the_keys_were_kept(game: Game) -> None:
    Game.objects.filter(pk=game.pk).update(position_keys="")


def test_the_migration_stores_the_keys_the_move_service_stores():
    alice, bob = make_user("alice"), make_user("bob")
    shuffled = play(make_game(alice, bob), *SHUFFLE)
    pawn_moved = play(make_game(alice, bob), *PAWN_FIRST)  # the root is ply 1
    expected = {g.pk: g.position_keys for g in (shuffled, pawn_moved)}
    assert all(len(keys.split()) > 1 for keys in expected.values())
    for game in (shuffled, pawn_moved):
        _as_before_the_keys_were_kept(game)
    assert position_keys(Game.objects.get(pk=shuffled.pk)) is None  # no replay any more

    migration.store_keys(apps, None)

    assert {g.pk: g.position_keys for g in Game.objects.all()} == expected


def test_a_game_with_a_broken_record_is_named_and_left_as_it_was(capsys):
    alice, bob = make_user("alice"), make_user("bob")
    game = play(make_game(alice, bob), *PAWN_FIRST)
    _as_before_the_keys_were_kept(game)
    Move.objects.filter(game=game, ply=1).delete()  # the root of its repetition history

    migration.store_keys(apps, None)

    assert Game.objects.get(pk=game.pk).position_keys == ""
    assert f"game {game.pk}: move at ply 1 missing" in capsys.readouterr().out
