"""With a broker, a live game's flag is its entry in the Redis deadlines' set; an entry can be
lost (Redis restarted without its file, a poller killed between its claim and the game's end).
A server process starting (games.runner.flags_start) ends the games whose time ran out
meanwhile and puts every running game back in the set from the database, and its poller then
flags those at their deadlines, with nobody asking. On the real Redis."""
import threading
import time

import pytest
from django.utils import timezone

from games import runner
from games.models import Game
from tests.clocks.helpers import live_game, move_at, ms, redis_deadlines

pytestmark = [pytest.mark.redis, pytest.mark.slow]


@pytest.mark.django_db(transaction=True)  # the poller's thread reads what the test committed
def test_a_start_ends_the_run_out_game_and_flags_the_running_one(alice, bob, carol,
                                                                 monkeypatch, settings):
    deadlines = redis_deadlines(monkeypatch, settings)
    now = timezone.now()
    ran_out = live_game(alice, bob, limit=15)  # White's 15 s ran out 5 s ago
    move_at(ran_out, "Bb2Cb2", now - ms(40))
    move_at(ran_out, "Dc4Dc3", now - ms(20))
    running = live_game(carol, bob, limit=15)  # White's flag falls in 2 s
    move_at(running, "Bb2Cb2", now - ms(14))
    move_at(running, "Dc4Dc3", now - ms(13))
    assert ran_out.status == running.status == "active"
    deadline = running.deadline
    deadlines.redis.delete(deadlines.key)  # every entry lost
    monkeypatch.setattr(runner, "_started", False)
    stop = threading.Event()
    try:
        assert runner.flags_start(stop=stop)
        ran_out.refresh_from_db()
        assert (ran_out.status, ran_out.result, ran_out.termination) == ("finished", "0-1",
                                                                          "timeout")
        assert deadlines.when(running.pk) == pytest.approx(deadline.timestamp(), abs=0.001)
        until = time.monotonic() + 20
        while time.monotonic() < until:
            running.refresh_from_db()
            if running.status != "active":
                break
            time.sleep(0.1)
    finally:
        stop.set()
        # The poller may be ending a game right now: the teardown's flush must not meet it.
        for thread in threading.enumerate():
            if thread.name == "flag-poller":
                thread.join(timeout=30)
        deadlines.redis.delete(deadlines.key)
    assert (running.status, running.result, running.termination) == ("finished", "0-1",
                                                                      "timeout")
    assert 0 <= (running.ended_at - deadline).total_seconds() < 2
    assert Game.objects.filter(status="active").count() == 0
