"""Two requests play the same ply at the same moment: exactly one move is stored, the other
is refused as stale. Needs real row locks and concurrent connections (PostgreSQL)."""
import threading

import pytest
from django.db import connection

from games import services
from games.errors import StalePly
from games.models import Game, Move
from games.services.play import MovePlayed
from tests.site_fixtures import make_game, make_user

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

ROUNDS = 10  # repeat the race: one lucky interleaving must not pass the test


def race(game: Game, user, moves: list[str]) -> list[object]:
    barrier = threading.Barrier(len(moves))
    outcomes: list[object] = [None] * len(moves)

    def attempt(index: int) -> None:
        try:
            barrier.wait()
            outcomes[index] = services.game_play_move(game=game, user=user, move=moves[index],
                                                      ply=game.ply)
        except Exception as exc:  # recorded and asserted on below
            outcomes[index] = exc
        finally:
            connection.close()  # each thread has its own connection

    threads = [threading.Thread(target=attempt, args=(i,)) for i in range(len(moves))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def test_two_moves_for_the_same_ply_store_exactly_one():
    assert connection.vendor == "postgresql"
    white, black = make_user("racer-white"), make_user("racer-black")
    for round_number in range(ROUNDS):
        game = make_game(white, black)
        outcomes = race(game, white, ["Bb2Cb2", "Bc2Cc2"])
        stored = [o for o in outcomes if isinstance(o, MovePlayed)]
        refused = [o for o in outcomes if isinstance(o, StalePly)]
        assert len(stored) == 1 and len(refused) == 1, (round_number, outcomes)
        game.refresh_from_db()
        assert game.ply == 1 and Move.objects.filter(game=game).count() == 1
        assert game.fen == stored[0].fen_after
