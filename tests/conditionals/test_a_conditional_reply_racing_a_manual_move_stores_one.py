"""The conditional reply and the owner's own move for the same ply: exactly one is stored (the
move service's compare-and-set on the ply), and the line is gone either way. The concurrent
version needs real row locks and connections (PostgreSQL); the sequential one runs anywhere."""
import threading

import pytest
from django.db import connection

from conditionals import services as conditionals
from conditionals.models import ConditionalLine
from games import services
from games.errors import StalePly
from games.models import Game, Move
from tests.site_fixtures import make_game, make_user, play

ROUNDS = 10  # repeat the race: one lucky interleaving must not pass the test
PLANNED, MANUAL = "Bc2Bc3", "Bd2Bd3"


def after_the_expected_move(white, black) -> Game:
    """1. Bb2Bb3 Db4Db3 with white's line "if Db4Db3 then Bc2Bc3" planned at ply 1 and not
    yet fired: the moment the reply and white's own move compete for ply 2."""
    game = play(make_game(white, black), "Bb2Bb3", "Db4Db3")
    ConditionalLine.objects.create(game=game, owner=white, ply=1, moves=["Db4Db3", PLANNED])
    return game


def assert_exactly_one_move_at_ply_3(game: Game) -> str:
    game.refresh_from_db()
    stored = list(Move.objects.filter(game=game, ply=3).values_list("coord", flat=True))
    assert game.ply == 3 and len(stored) == 1 and stored[0] in (PLANNED, MANUAL)
    assert Move.objects.filter(game=game).count() == 3
    assert ConditionalLine.objects.filter(game=game).count() == 0
    return stored[0]


@pytest.mark.django_db(transaction=True)
def test_a_manual_move_first_leaves_the_reply_unplayed():
    white, black = make_user("w"), make_user("b")
    game = after_the_expected_move(white, black)
    services.game_play_move(game=game, user=white, move=MANUAL, ply=2)
    assert conditionals.conditional_moves_fire(game_id=game.pk) is None
    assert assert_exactly_one_move_at_ply_3(game) == MANUAL


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_the_reply_and_a_manual_move_at_the_same_moment_store_exactly_one():
    assert connection.vendor == "postgresql"
    white, black = make_user("racer-white"), make_user("racer-black")
    winners = set()
    for round_number in range(ROUNDS):
        game = after_the_expected_move(white, black)
        barrier = threading.Barrier(2)
        outcomes: list[object] = [None, None]

        def attempt(index: int) -> None:
            try:
                barrier.wait()
                if index == 0:
                    outcomes[0] = conditionals.conditional_moves_fire(game_id=game.pk)
                else:
                    outcomes[1] = services.game_play_move(game=game, user=white, move=MANUAL,
                                                          ply=2)
            except Exception as exc:  # recorded and asserted on below
                outcomes[index] = exc
            finally:
                connection.close()

        threads = [threading.Thread(target=attempt, args=(i,)) for i in (0, 1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        winner = assert_exactly_one_move_at_ply_3(game)
        winners.add(winner)
        if winner == PLANNED:
            assert isinstance(outcomes[0], Move) and isinstance(outcomes[1], StalePly), outcomes
        else:
            assert outcomes[0] is None and isinstance(outcomes[1], Move), (round_number,
                                                                           outcomes)
