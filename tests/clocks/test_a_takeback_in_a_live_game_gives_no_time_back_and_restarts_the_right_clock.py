"""A takeback in a casual live game (lichess): no time is given back. The side whose clock ran
is charged up to the takeback; the side now to move has its clock running from the takeback
(deadline = now + its time left), or, back before both sides' first moves, its first-move
timer again."""
from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from games import services
from tests.clocks.helpers import live_game, move_at, ms

pytestmark = pytest.mark.django_db

LIMIT = 60


def take_back(game, offerer, accepter):
    services.game_takeback(game=game, user=offerer, action="offer")
    services.game_takeback(game=game, user=accepter, action="accept")
    game.refresh_from_db()


def test_a_taken_back_move_leaves_the_mover_s_time_spent_and_the_opponent_charged(alice, bob):
    game = live_game(alice, bob, limit=LIMIT)
    start = timezone.now() - ms(20)
    move_at(game, "Bb2Cb2", start)
    move_at(game, "Dc4Dc3", start + ms(1))  # White's clock starts here
    move_at(game, "Bc2Cc2", start + ms(6))  # White spent 5 s; Black's clock runs from here
    white_left = game.white_clock_ms
    assert white_left == LIMIT * 1000 - 5000

    before = timezone.now()
    take_back(game, alice, bob)
    after = timezone.now()

    assert (game.ply, game.turn, game.status) == (2, "white", "active")
    assert game.white_clock_ms == white_left  # the 5 s White spent are not given back
    # Black's clock ran from White's move (14 s before the takeback) until the takeback.
    black_spent = LIMIT * 1000 - game.black_clock_ms
    assert 14_000 <= black_spent <= 14_000 + (after - before).total_seconds() * 1000 + 1000
    # White, to move again, has its clock running from the takeback.
    assert before <= game.clock_started_at <= after
    assert game.deadline == game.clock_started_at + timedelta(milliseconds=white_left)


def test_a_takeback_to_before_both_first_moves_sets_the_first_move_timer_again(alice, bob):
    game = live_game(alice, bob, limit=LIMIT)
    now = timezone.now()
    move_at(game, "Bb2Cb2", now)
    move_at(game, "Dc4Dc3", now)
    before = timezone.now()
    take_back(game, alice, bob)  # White's first move and Black's reply: back to ply 0

    assert (game.ply, game.turn) == (0, "white")
    assert game.clock_started_at is None
    first_move = timedelta(seconds=settings.FIRST_MOVE_SECONDS)
    assert before + first_move <= game.deadline <= timezone.now() + first_move
    # White's clock had run only from Black's reply to the takeback (moments): charged that.
    assert LIMIT * 1000 - 1000 <= game.white_clock_ms <= LIMIT * 1000
    assert game.black_clock_ms == LIMIT * 1000
