"""An accepted takeback and a move at the same moment: one of them happens, the other is
refused (the move as stale, or the answer because the move lapsed the offer), and the stored
moves, ply and position agree. Needs real row locks and concurrent connections (PostgreSQL)."""
import threading

import pytest
from django.db import connection

from games import services
from games.errors import Conflict, StalePly
from games.models import Game, Move
from tests.site_fixtures import make_game, make_user, play

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

ROUNDS = 10  # repeat the race: one lucky interleaving must not pass the test


def race(*calls) -> list[object]:
    barrier = threading.Barrier(len(calls))
    outcomes: list[object] = [None] * len(calls)

    def attempt(index: int) -> None:
        try:
            barrier.wait()
            outcomes[index] = calls[index]()
        except Exception as exc:  # recorded and asserted on below
            outcomes[index] = exc
        finally:
            connection.close()  # each thread has its own connection

    threads = [threading.Thread(target=attempt, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def test_an_accept_and_a_move_at_once_store_one_of_them():
    assert connection.vendor == "postgresql"
    white, black = make_user("tb-racer-white"), make_user("tb-racer-black")
    for round_number in range(ROUNDS):
        game = play(make_game(white, black), "Bb2Cb2", "Dc4Dc3")
        services.game_takeback(game=game, user=black, action="offer")
        accept, move = race(
            lambda: services.game_takeback(game=Game.objects.get(pk=game.pk), user=white,
                                           action="accept"),
            lambda: services.game_play_move(game=Game.objects.get(pk=game.pk), user=white,
                                            move="Bc2Cc2", ply=2))
        game.refresh_from_db()
        if isinstance(accept, Game):  # the takeback first: the move is stale
            assert isinstance(move, StalePly), (round_number, move)
            assert game.ply == 1 and game.turn == "black"
        else:  # the move first: it lapsed the offer
            assert isinstance(accept, Conflict) and accept.code == "no_takeback_offer", accept
            assert game.ply == 3 and game.takeback_offer == ""
        stored = list(Move.objects.filter(game=game).order_by("ply"))
        assert [m.ply for m in stored] == list(range(1, game.ply + 1))
        assert game.fen == stored[-1].fen_after
