"""An arena of the site's engine bots at 1+0, on real clocks and a real Celery worker (the queues
of docker-compose's workers: bot moves of live games on `bots_live`, flags and the tournament's
advances on the default queue), runs to its end: the bots are paired as they become free, play
on their own clocks (a flag is a result like any other), the arena ends when its time is up,
and every player's points, sheet, wins and streak equal a recomputation from the finished
games' own records (scripts/arena_run.py's audit; lichess's arena rules). No game is left
running or unscored.

The same as scripts/arena_run.py's ten-minute run (docs/performance.md), shortened: the site's
three quick levels (the other three think for seconds a move, and the site has one bot account
per level), and the arena's time runs out just after its GAMES-th game has ended (an arena of
a number of games rather than of minutes, so that there are games to score however busy the
machine is; the service's shortest arena is five minutes). Games still running then are
played out and count nothing.
"""
import pytest

from scripts.arena_run import (Recomputed, audit, create_arena, end_after_games, play_beat,
                               purge_queues, recompute)
from tests.bots.conftest import workers  # noqa: F401 - the fixture
from tests.site_fixtures import make_user

pytestmark = [pytest.mark.celery, pytest.mark.redis, pytest.mark.postgres, pytest.mark.slow,
              pytest.mark.django_db(transaction=True)]

LEVELS = [0, 1, 2]  # Beginner, Easy, Normal
GAMES = 3  # ended, then the arena's time runs out: every bot has played, and the free ones paired
GIVE_UP_AFTER = 240  # seconds: bounds for a failure, not timing checks


def test_the_recomputation_scores_lichess_s_arena_rules():
    # Win 2, draw 1, loss 0; after two wins in a row a win is 4 and a draw 2 until a game is
    # not won. A game ending at or after the arena's end counts nothing; an aborted game (a
    # first move never made) is a loss for the side to move.
    def game(white, black, result, at, status="finished", turn="white"):
        return {"white": white, "black": black, "result": result, "status": status,
                "turn": turn, "ended_at": at}

    games = [game(1, 2, "1-0", 1), game(1, 3, "1-0", 2), game(4, 1, "0-1", 3),
             game(1, 2, "1/2-1/2", 4), game(3, 1, "*", 5, status="aborted", turn="white"),
             game(1, 4, "0-1", 6), game(2, 3, "1-0", 10)]
    lines = recompute([1, 2, 3, 4], games, ends_at=10)
    assert ("".join(lines[1].sheet), lines[1].points, lines[1].wins, lines[1].fire) == (
        "224220", 12, 4, False)
    assert ("".join(lines[3].sheet), lines[3].wins) == ("00", 0)  # forfeit: white to move
    assert ("".join(lines[4].sheet), lines[4].points, lines[4].wins) == ("02", 2, 1)
    assert lines[2].games == 2  # the game ending at the arena's end is not among them
    on_fire = recompute([1, 2], [game(1, 2, "1-0", 1), game(2, 1, "0-1", 2)], ends_at=9)
    assert on_fire[1].fire and not on_fire[2].fire and isinstance(on_fire[1], Recomputed)


def test_an_arena_of_engine_bots_on_real_clocks_ends_with_the_scores_its_games_give(
        settings, workers):  # noqa: F811
    settings.BACKGROUND_IN_PROCESS = False  # the broker and the worker, as in production
    purge_queues()
    workers(concurrency=2, queues="bots,bots_deep,bots_live,celery")  # a search, and the flags
    director = make_user("director")
    arena = create_arena(director=director, levels=LEVELS, clock=(60, 0), minutes=5)
    assert end_after_games(arena, games=GAMES, give_up_after=GIVE_UP_AFTER)
    assert play_beat(arena, give_up_after=GIVE_UP_AFTER, report=lambda line: None), (
        "the arena or one of its games did not end")
    result = audit(arena.pk)
    print("\n".join(result.summary))
    assert result.problems == []
    assert result.counted >= GAMES  # scored: the comparison above had games to compare
