"""Counting is exactly once per game: the end hook heard again, the backfill run over games the
hook counted, and (on PostgreSQL) several writers counting the same games at the same moment
all leave the counts a recount from the archive gives."""
import random
import threading

import pytest
from django.db import connection

from explorer.models import ExplorerGame, ExplorerMove
from explorer.services import explorer_backfill, explorer_count_game, explorer_count_games
from games import signals
from games.models import Game
from tests.explorer.archive import new_game, play_random, recount, stored
from tests.site_fixtures import make_user


def _games(count: int, seed: int) -> list[Game]:
    rng = random.Random(seed)
    people = [make_user(f"once{seed}-{i}") for i in range(2)]
    return [play_random(new_game(people[i % 2], people[1 - i % 2]), rng.randint(2, 14), rng,
                        end=rng.choice(["resign", "draw"]))
            for i in range(count)]


@pytest.mark.django_db
def test_the_end_hook_heard_twice_and_the_backfill_count_each_game_once(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        games = _games(4, seed=1)
    once = stored()
    assert once == recount() and sum(v for k, v in once.items() if k[-1] == "games") > 0
    # The end heard again (a receiver run twice, a re-delivered job), and the backfill.
    with django_capture_on_commit_callbacks(execute=True):
        for game in games:
            signals.game_ending.send(sender=Game, game=game)
    assert [explorer_count_game(game_id=game.pk) for game in games] == [False] * 4
    assert explorer_backfill() == 0
    assert stored() == once
    assert ExplorerGame.objects.count() == 4


@pytest.mark.django_db
def test_the_backfill_counts_what_no_hook_counted_once(django_capture_on_commit_callbacks):
    games = _games(3, seed=2)  # callbacks not run: as if the hook was lost
    assert not stored() and recount()
    assert explorer_backfill(batch=2) == 3
    assert explorer_backfill() == 0
    with django_capture_on_commit_callbacks(execute=True):
        signals.game_ending.send(sender=Game, game=games[0])
    assert stored() == recount()


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_writers_counting_at_once_count_each_game_once():
    """Eight threads, each with its own connection, count the same six games at the same
    moment (one game each, then all six in a batch, then the backfill): each game is counted
    once, and the shared rows of the start position take every game without a deadlock."""
    assert connection.vendor == "postgresql"
    games = _games(6, seed=3)
    # (Outside a test transaction the end hook has counted them already: start from nothing.)
    ExplorerGame.objects.all().delete()
    ExplorerMove.objects.all().delete()
    start = threading.Barrier(8)
    results: list = []
    errors: list = []

    def writer(index: int) -> None:
        try:
            start.wait()
            got = [explorer_count_game(game_id=games[index % 6].pk)]
            got.append(explorer_count_games(game_ids=[g.pk for g in reversed(games)]))
            got.append(explorer_backfill())
            results.append(got)
        except Exception as exc:  # noqa: BLE001  (reported below)
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=writer, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not errors, errors
    assert sum(sum(got) for got in results) == 6
    assert stored() == recount()
