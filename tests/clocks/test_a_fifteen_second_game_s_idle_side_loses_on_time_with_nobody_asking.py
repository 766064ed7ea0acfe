"""A 15-second game: both sides make their first moves, then White sits idle. With no request
from anyone the flag falls when White's 15 s run out (the timer set by Black's move): on the
embedded stack by the server process's timer thread, and on the Redis stack by a server
process's poller claiming the game from the deadlines' sorted set on the real Redis. Only the
database is read while waiting."""
import threading
import time

import pytest

from games import runner, services
from games.models import Game
from tests.clocks.helpers import live_game, redis_deadlines

WAIT = 30  # seconds: 15 s on the clock, then the timer's margin on a loaded machine


def _play_both_first_moves(white, black) -> Game:
    game = live_game(white, black, limit=15, increment=0, rated=True)
    services.game_play_move(game=game, user=white, move="Bb2Cb2", ply=0)
    services.game_play_move(game=game, user=black, move="Dc4Dc3", ply=1)
    game.refresh_from_db()
    assert game.clock_started_at is not None and game.turn == "white"
    return game


def _wait_for_the_end(game: Game) -> Game:
    until = time.monotonic() + WAIT
    while time.monotonic() < until:
        game.refresh_from_db()
        if game.status != "active":
            return game
        time.sleep(0.1)
    return game


def _assert_lost_on_time_at_its_deadline(game: Game, deadline) -> None:
    assert (game.status, game.result, game.termination) == ("finished", "0-1", "timeout")
    assert game.white_clock_ms == 0 and game.black_clock_ms == 15_000
    late = (game.ended_at - deadline).total_seconds()
    assert 0 <= late < 2, late  # not before its time, and soon after it


@pytest.mark.django_db(transaction=True)  # the timer's thread reads what the test committed
def test_the_embedded_timer_thread_flags_the_idle_side(alice, bob, settings):
    settings.BACKGROUND_IN_PROCESS = True
    game = _play_both_first_moves(alice, bob)
    deadline = game.deadline
    _assert_lost_on_time_at_its_deadline(_wait_for_the_end(game), deadline)


@pytest.mark.redis
@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_server_process_s_flag_poller_flags_the_idle_side(alice, bob, monkeypatch, settings):
    deadlines = redis_deadlines(monkeypatch, settings)
    stop = threading.Event()
    poller = threading.Thread(target=runner.poll_forever, args=(0.2, stop), daemon=True)
    poller.start()
    try:
        game = _play_both_first_moves(alice, bob)
        deadline = game.deadline
        # Black's move set the game's entry at White's deadline (one ZADD, no broker message).
        assert deadlines.when(game.pk) == pytest.approx(deadline.timestamp(), abs=0.001)
        game = _wait_for_the_end(game)
    finally:
        stop.set()
        poller.join(5)
    try:
        _assert_lost_on_time_at_its_deadline(game, deadline)
        assert deadlines.when(game.pk) is None  # claimed, and the ended game not put back
    finally:
        deadlines.redis.delete(deadlines.key)
