"""game_takeback accepted: the offerer's last move goes (one ply), or that move and the
opponent's reply since (two plies); the position string, ply, side to move, repetition keys,
clock and the stored moves are those of the game before it, and play goes on from there."""
from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.models import Game, Move
from tests.site_fixtures import make_game, play

pytestmark = pytest.mark.django_db

FIELDS = ("fen", "ply", "turn", "position_keys", "draw_offer", "takeback_offer", "status")


def snapshot(game: Game) -> dict:
    game.refresh_from_db()
    return {name: getattr(game, name) for name in FIELDS}


def test_taking_back_ones_own_last_move_removes_one_ply(game, alice, bob):
    play(game, "Bb2Cb2", "Dc4Dc3")
    before = snapshot(game)
    play(game, "Bc2Cc2")
    services.game_takeback(game=game, user=alice, action="offer")
    assert game.takeback_offer == "white"
    services.game_takeback(game=game, user=bob, action="accept")
    assert snapshot(game) == before
    assert list(Move.objects.filter(game=game).values_list("coord", flat=True)) == [
        "Bb2Cb2", "Dc4Dc3"]


def test_a_reply_since_the_offerers_move_is_taken_back_with_it(game, alice, bob):
    play(game, "Bb2Cb2", "Dc4Dc3")
    before = snapshot(game)
    play(game, "Bc2Cc2", "Dd4Dd3")
    at_four = snapshot(game)
    services.game_takeback(game=game, user=alice, action="offer")  # bob has replied since
    services.game_takeback(game=game, user=bob, action="accept")
    assert snapshot(game) == before
    assert Move.objects.filter(game=game).count() == 2
    play(game, "Bc2Cc2", "Dd4Dd3")  # the same moves again reach the same position and keys
    assert snapshot(game) == at_four


def test_keys_lost_to_a_pawn_move_are_replayed_from_the_moves_kept(game, alice, bob):
    # A pawn move resets the repetition keys: taking it back cannot trim them, so they are
    # rebuilt from the moves kept, and equal what the game stored at that ply.
    play(game, "Ab1Aa3", "Eb5Ea3", "Aa3Ab1", "Ea3Eb5")  # knights out and back: reversible
    at_four = snapshot(game)
    play(game, "Bb2Cb2")  # a pawn: its keys start again
    services.game_takeback(game=game, user=alice, action="offer")
    services.game_takeback(game=game, user=bob, action="accept")
    assert snapshot(game) == at_four
    assert len(at_four["position_keys"].split()) > 1


def test_taking_back_the_first_move_returns_to_the_start_position(game, alice, bob):
    start = snapshot(game)
    play(game, "Bb2Cb2")
    services.game_takeback(game=game, user=alice, action="offer")
    services.game_takeback(game=game, user=bob, action="accept")
    assert snapshot(game) == start
    assert not Move.objects.filter(game=game).exists()


def test_offering_while_the_opponents_offer_stands_accepts_it(game, alice, bob):
    play(game, "Bb2Cb2", "Dc4Dc3")
    services.game_takeback(game=game, user=bob, action="offer")
    services.game_takeback(game=game, user=alice, action="offer")
    game.refresh_from_db()
    assert (game.ply, game.turn, game.takeback_offer) == (1, "black", "")


def test_the_correspondence_clock_restarts_for_the_player_now_to_move(alice, bob):
    game = make_game(alice, bob, days_per_move=2)
    play(game, "Bb2Cb2", "Dc4Dc3")
    services.game_takeback(game=game, user=bob, action="offer")
    services.game_takeback(game=game, user=alice, action="accept")
    game.refresh_from_db()
    left = game.deadline - timezone.now()
    assert game.turn == "black"
    assert timedelta(days=2) - timedelta(minutes=1) < left <= timedelta(days=2)
