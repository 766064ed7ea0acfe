"""A bot's move reads the game once (players and their bot rows in the same query), searches the
stored position with the stored repetition keys as its history, and plays through the one move
path: no second bot query, no rebuild of the position from the move list. Pinned for the
in-process runner (the embedded set-up) and for the Celery task (Redis set-ups), which run the
same service. A regression (a replay of the moves, a re-read of the game, a lazy player or bot
load) shows up here as a failure."""
from concurrent.futures import Future

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from bots import runner, tasks
from core import background
from games.models import Move
from tests.site_fixtures import make_game, play

# The game with both players and their bot rows (one read), the locked game with players,
# the compare-and-set update, the move's insert; after commit: the bots' check whether a bot
# is now to move (the person is: one small query), notify's look at the person's mail
# settings, the conditional-moves check. Transaction control (BEGIN, COMMIT, savepoints) is
# not counted: SQLite logs it, PostgreSQL does not.
QUERIES = 7


class _InlineExecutor:
    """Runs the runner's job on the test's thread, so its queries are the test's to count."""

    def submit(self, fn, *args) -> Future:
        future: Future = Future()
        future.set_result(fn(*args))
        return future


def _counted(run) -> list[str]:
    with CaptureQueriesContext(connection) as captured:
        run()
    return [q["sql"] for q in captured.captured_queries
            if not q["sql"].startswith(("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE SAVEPOINT"))]


def _assert_read_once(queries: list[str], game) -> None:
    assert len(queries) == QUERIES, "\n".join(queries)
    assert not any(q.startswith("SELECT") and "games_move" in q for q in queries), \
        "the move list was read to rebuild the position"
    assert Move.objects.filter(game=game).count() == 4


@pytest.mark.django_db(transaction=True)  # on-commit callbacks run as in production
def test_a_bot_move_in_the_servers_own_thread_pool_reads_the_game_once(alice, easy_bot,
                                                                       monkeypatch, settings):
    settings.BACKGROUND_IN_PROCESS = True
    monkeypatch.setattr(background, "executor", lambda pool: _InlineExecutor())
    monkeypatch.setattr("bots.hooks.dispatch_bot_move", lambda game_id, level: None)
    game = play(make_game(alice, easy_bot), "Bb2Cb2", "Dd4Cd4", "Bc2Cc2")
    queries = _counted(lambda: runner.start_bot_move(game.pk).result())
    _assert_read_once(queries, game)


@pytest.mark.django_db(transaction=True)
def test_a_bot_move_run_as_a_celery_task_reads_the_game_once(alice, easy_bot, monkeypatch,
                                                             settings):
    settings.BACKGROUND_IN_PROCESS = False
    monkeypatch.setattr("bots.hooks.dispatch_bot_move", lambda game_id, level: None)
    game = play(make_game(alice, easy_bot), "Bb2Cb2", "Dd4Cd4", "Bc2Cc2")
    results = []
    queries = _counted(lambda: results.append(tasks.play_bot_move.apply(args=(game.pk,))))
    assert results[0].result == "played"
    _assert_read_once(queries, game)
