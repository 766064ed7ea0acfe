"""The showcase game is paced: a move comes no sooner than SHOWCASE_SECONDS_PER_MOVE after the
one before (a move found early is put off until it is due, in-process and on Celery alike), and
its bots think at most SHOWCASE_MOVETIME. An ordinary bot game is neither. Clocks controlled:
the service's `now`, the background seam's timer."""
from datetime import timedelta
from unittest import mock

import pytest
from engine.search import choose_move

from bots import hooks, queueing, runner, services, tasks
from core import background
from bots.showcase import showcase_ensure
from games.models import Game, Move
from tests.bots.conftest import bot_user
from tests.site_fixtures import make_game

PACE = 20.0


@pytest.fixture
def showcase(settings, monkeypatch):
    settings.SHOWCASE_ENABLED = True
    settings.SHOWCASE_LEVELS = (1, 0)  # quick searches; the pacing is the same for any level
    settings.SHOWCASE_SECONDS_PER_MOVE = PACE
    settings.SHOWCASE_MOVETIME = 0.5
    with mock.patch.object(hooks, "request_bot_move_if_needed"):  # its first move: by hand
        return showcase_ensure()


@pytest.fixture
def dispatched(monkeypatch) -> list[tuple]:
    calls: list[tuple] = []
    monkeypatch.setattr(hooks, "dispatch_bot_move",
                        lambda game_id, level, delay=0.0: calls.append((game_id, level, delay)))
    return calls


def _at(monkeypatch, when) -> None:
    monkeypatch.setattr("bots.services.timezone.now", lambda: when)


def _last_change(game: Game):
    return Game.objects.get(pk=game.pk).updated_at


@pytest.mark.django_db
def test_a_showcase_move_found_early_is_put_off_until_it_is_due(showcase, dispatched,
                                                               monkeypatch):
    start = _last_change(showcase)
    _at(monkeypatch, start + timedelta(seconds=5))
    outcome = services.bot_move_play(game_id=showcase.pk)
    assert (outcome.status, outcome.ply) == ("paced", 0)
    assert dispatched == [(showcase.pk, 1, pytest.approx(PACE - 5))]
    assert not Move.objects.filter(game=showcase).exists()

    _at(monkeypatch, start + timedelta(seconds=PACE))
    with mock.patch("bots.services.choose_move", wraps=choose_move) as search:
        assert services.bot_move_play(game_id=showcase.pk).status == "played"
    assert search.call_args.kwargs["movetime"] == 0.5  # SHOWCASE_MOVETIME, not Easy's 5 s

    # The next move is due PACE seconds after this one was stored.
    _at(monkeypatch, _last_change(showcase) + timedelta(seconds=PACE - 0.25))
    assert services.bot_move_play(game_id=showcase.pk).status == "paced"
    assert dispatched[-1] == (showcase.pk, 0, pytest.approx(0.25))
    assert Game.objects.get(pk=showcase.pk).ply == 1


@pytest.mark.django_db
def test_an_ordinary_bot_game_is_not_paced(showcase, dispatched, monkeypatch, settings):
    game = make_game(bot_user(1), bot_user(0))
    _at(monkeypatch, _last_change(game))
    with mock.patch("bots.services.choose_move", wraps=choose_move) as search:
        assert services.bot_move_play(game_id=game.pk).status == "played"
    assert search.call_args.kwargs["movetime"] is None and dispatched == []


class _Clock:
    """Timers that fire when the test says the time has come."""

    def __init__(self) -> None:
        self.timers: list = []

    def timer(self, interval, function, args=None, kwargs=None):  # threading.Timer's
        clock = self
        delay, args = interval, tuple(args or ())

        class Timer:
            daemon = False

            def start(self) -> None:
                clock.timers.append((delay, function, args))

        return Timer()

    def fire(self) -> None:
        timers, self.timers = self.timers, []
        for _, function, args in timers:
            function(*args)


class _InlineExecutor:
    def submit(self, fn, *args):
        from concurrent.futures import Future

        future: Future = Future()
        future.set_result(fn(*args))
        return future


@pytest.mark.django_db(transaction=True)  # the runner's job commits as in the server
def test_the_embedded_server_plays_a_put_off_move_when_its_timer_fires(showcase, monkeypatch,
                                                                      settings):
    settings.BACKGROUND_IN_PROCESS = True
    clock = _Clock()
    monkeypatch.setattr(background, "_timer", clock.timer)
    monkeypatch.setattr(background, "executor", lambda pool: _InlineExecutor())
    _at(monkeypatch, _last_change(showcase) + timedelta(seconds=1))
    # As at a restart: the waiting showcase is started again, and put off.
    assert runner.resume_waiting_bot_moves() == [showcase.pk]
    assert [round(delay, 3) for delay, _, _ in clock.timers] == [PACE - 1]
    assert not background.wait_until_idle(0)  # the put-off move counts as pending
    assert Game.objects.get(pk=showcase.pk).ply == 0

    _at(monkeypatch, _last_change(showcase) + timedelta(seconds=PACE))
    monkeypatch.setattr(hooks, "dispatch_bot_move", lambda *args, **kwargs: None)  # stop there
    clock.fire()
    assert background.wait_until_idle(5)
    assert Game.objects.get(pk=showcase.pk).ply == 1


def test_celery_queues_a_put_off_move_with_a_countdown_below_the_visibility_timeout():
    with mock.patch.object(tasks.play_bot_move, "apply_async") as apply_async:
        queueing.queue_bot_move(42, level=4, delay=15.0)
        queueing.queue_bot_move(42, level=4, delay=600.0)  # put off again when it runs
        queueing.queue_bot_move(42, level=4)
    countdowns = [call.kwargs.get("countdown") for call in apply_async.call_args_list]
    assert countdowns == [15.0, queueing.MAX_COUNTDOWN, None]
    assert queueing.MAX_COUNTDOWN < 90  # CELERY_VISIBILITY_TIMEOUT's default
