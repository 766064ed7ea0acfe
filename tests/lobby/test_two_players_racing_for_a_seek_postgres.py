"""Two players take the same seek at the same moment on two connections: exactly one game
starts, the other gets 409. Needs PostgreSQL (real row locks)."""
import threading

import pytest
from django.db import connection

from games import services
from games.errors import Conflict
from games.models import Challenge, Game
from tests.site_fixtures import make_user

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

ROUNDS = 8


def test_exactly_one_of_two_racing_players_gets_the_seek():
    assert connection.vendor == "postgresql"
    seeker, first, second = make_user("seeker"), make_user("taker-1"), make_user("taker-2")
    for round_number in range(ROUNDS):
        seek = services.challenge_create(challenger=seeker, opponent=None, color="random",
                                         days_per_move=3, public=True)
        barrier = threading.Barrier(2)
        outcomes: list[object] = [None, None]

        def take(index: int, user) -> None:
            try:
                barrier.wait()
                outcomes[index] = services.challenge_accept(
                    challenge=Challenge.objects.get(pk=seek.pk), user=user)
            except Exception as exc:  # recorded and asserted on below
                outcomes[index] = exc
            finally:
                connection.close()

        threads = [threading.Thread(target=take, args=(i, u))
                   for i, u in enumerate((first, second))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        games = [o for o in outcomes if isinstance(o, Game)]
        refused = [o for o in outcomes if isinstance(o, Conflict)]
        assert len(games) == 1 and len(refused) == 1, (round_number, outcomes)
        assert refused[0].code == "challenge_not_pending"
        seek.refresh_from_db()
        assert seek.status == "accepted" and seek.game_id == games[0].pk
        assert Game.objects.filter(challenge=seek).count() == 1
    assert Game.objects.count() == ROUNDS
