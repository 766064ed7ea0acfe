"""The site analyses its growing tables itself (issue 38, core.statistics): after migrations
and from the periodic jobs, a table without statistics, or (SQLite) one that grew by more than
a tenth since, is analysed; one whose statistics are current is left alone."""
from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.management.sql import emit_post_migrate_signal
from django.db import connection

from core.statistics import statistics_refresh
from games.models import Game

pytestmark = pytest.mark.django_db


def add_games(count: int) -> None:
    users = get_user_model().objects.bulk_create(
        get_user_model()(username=f"stat{i}-{count}", password="!") for i in range(10))
    Game.objects.bulk_create(Game(white=users[i % 10], black=users[(i + 1) % 10])
                             for i in range(count))


def analysed(table: str) -> bool:
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute("SELECT count(*) FROM sqlite_master WHERE name = 'sqlite_stat1'")
            if not cursor.fetchone()[0]:
                return False
            cursor.execute("SELECT count(*) FROM sqlite_stat1 WHERE tbl = %s", [table])
        else:
            cursor.execute("SELECT count(*) FROM pg_statistic WHERE starelid = %s::regclass",
                           [table])
        return cursor.fetchone()[0] > 0


def test_a_table_never_analysed_is_analysed_once():
    add_games(2000)
    assert not analysed("games_game")
    assert "games_game" in statistics_refresh()
    assert analysed("games_game")
    assert "games_game" not in statistics_refresh()  # current: left alone


def test_migrations_refresh_the_statistics():
    add_games(2000)
    emit_post_migrate_signal(verbosity=0, interactive=False, db="default")
    assert analysed("games_game")


def test_an_empty_table_is_not_analysed():
    assert "games_game" not in statistics_refresh()


@pytest.mark.skipif(connection.vendor != "sqlite",
                    reason="PostgreSQL's change counter (autovacuum's) only moves on commit, "
                           "and this test's rows are never committed")
def test_a_table_that_grew_by_more_than_a_tenth_is_analysed_again():
    add_games(2000)
    statistics_refresh()
    add_games(100)  # 5 %: still current
    assert "games_game" not in statistics_refresh()
    add_games(1000)
    assert "games_game" in statistics_refresh()
