"""A manual move that comes in right after the opponent's move, before the planned reply is
played, wins the ply (one move stored, tested beside this file) and the owner is told why their
line went: one `conditional_dropped` notice with the code `preempted` naming both moves (issue
24, finding 7: they were told only that "the game moved on", or nothing)."""
import threading
from unittest import mock

import pytest
from django.db import connection

from conditionals import services as conditionals
from games import services
from games.models import Move
from tests.conditionals.test_a_conditional_reply_racing_a_manual_move_stores_one import (
    MANUAL, PLANNED, after_the_expected_move)
from tests.site_fixtures import make_user

ROUNDS = 10


class Notices:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.sent: list[tuple[int, str, dict]] = []

    def __call__(self, user_id: int, kind: str, payload: dict) -> None:
        with self.lock:
            self.sent.append((user_id, kind, payload))

    def of(self, user, kind: str) -> list[dict]:
        return [p for u, k, p in self.sent if u == user.pk and k == kind]


@pytest.mark.django_db(transaction=True)
def test_a_manual_move_before_the_reply_tells_the_owner_once_why():
    white, black = make_user("w"), make_user("b")
    game = after_the_expected_move(white, black)
    notices = Notices()
    with mock.patch("conditionals.services.events.notify_user", notices):
        services.game_play_move(game=game, user=white, move=MANUAL, ply=2)
        conditionals.conditional_moves_fire(game_id=game.pk)  # the reply's late attempt
    dropped = notices.of(white, "conditional_dropped")
    assert len(dropped) == 1, notices.sent
    assert dropped[0]["code"] == "preempted"
    assert MANUAL in dropped[0]["reason"] and PLANNED in dropped[0]["reason"]
    assert dropped[0]["moves"] == ["Db4Db3", PLANNED]
    assert notices.of(black, "conditional_dropped") == []


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_racing_the_reply_the_owner_hears_exactly_one_outcome():
    assert connection.vendor == "postgresql"
    white, black = make_user("racer-white"), make_user("racer-black")
    for round_number in range(ROUNDS):
        game = after_the_expected_move(white, black)
        notices = Notices()
        barrier = threading.Barrier(2)

        def attempt(index: int) -> None:
            try:
                barrier.wait()
                if index == 0:
                    conditionals.conditional_moves_fire(game_id=game.pk)
                else:
                    services.game_play_move(game=game, user=white, move=MANUAL, ply=2)
            except Exception:  # noqa: BLE001 - the loser's StalePly; the outcome is checked below
                pass
            finally:
                connection.close()

        with mock.patch("conditionals.services.events.notify_user", notices):
            threads = [threading.Thread(target=attempt, args=(i,)) for i in (0, 1)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
        stored = Move.objects.get(game=game, ply=3).coord
        dropped = notices.of(white, "conditional_dropped")
        played = notices.of(white, "conditional_played")
        if stored == MANUAL:
            assert [d["code"] for d in dropped] == ["preempted"], (round_number, notices.sent)
            assert played == []
        else:
            assert dropped == [] and len(played) == 1, (round_number, notices.sent)
