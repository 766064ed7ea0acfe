"""Every list of games reads its rows in order from an index on PostgreSQL (issue 30): no plan
sorts the games. A test database holds a handful of rows, for which the planner would rather
sort than walk an index, so sorting is priced out (enable_sort, enable_seqscan off, as
EXPLAIN-based regression tests do): a plan that still sorts has no index that gives the order,
which is what this pins (it failed for the archive's former NULLS FIRST order).

Figures at a million games: docs/performance.md (scripts/archive_bench.py)."""
import pytest
from django.db import connection, transaction

from games import selectors
from games.web import selectors as web_selectors
from tests.site_fixtures import make_game

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


def plans_of(read, table: str = "games_game") -> list[tuple[str, str]]:
    sqls: list[str] = []

    def record(execute, sql, params, many, context):
        result = execute(sql, params, many, context)
        sqls.append(connection.ops.last_executed_query(context["cursor"], sql, params))
        return result

    with connection.execute_wrapper(record):
        read()
    plans = []
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_sort = off")
        cursor.execute("SET LOCAL enable_seqscan = off")
        for sql in sqls:
            if f'"{table}"' in sql and "ORDER BY" in sql and "COUNT(" not in sql:
                cursor.execute("EXPLAIN " + sql)
                plans.append((sql, "\n".join(row[0] for row in cursor.fetchall())))
    return plans


@pytest.fixture
def games(alice, bob, carol):
    from games import services

    for white, black in [(alice, bob), (bob, carol), (carol, alice)]:
        services.game_resign(game=make_game(white, black), user=black)
        make_game(white, black)


@pytest.mark.parametrize("filters", [
    {},
    {"status": "finished"},
    {"status": "active"},
    {"status": "finished", "result": "white", "rated": False},
    {"player": "alice"},
    {"player": "alice", "status": "finished"},
    {"player": "alice", "opponent": "bob"},
    {"player": "alice", "result": "won"},
    {"status": "finished", "date_from": "2026-01-01"},
    {"status": "finished", "variant": "raumschach"},
    {"player": "alice", "variant": "raumschach"},
])
@pytest.mark.parametrize("deep", [False, True])
def test_archive_pages_read_in_index_order(games, filters, deep):
    if "date_from" in filters:
        from datetime import date
        filters = {**filters, "date_from": date.fromisoformat(filters["date_from"])}
    cursor = ""
    if deep:
        cursor = selectors.games_archive(**filters, size=1).next_cursor or ""
    plans = plans_of(lambda: selectors.games_archive(**filters, cursor=cursor, size=1))
    assert plans
    for sql, plan in plans:
        assert "Sort" not in plan, f"{sql}\n{plan}"


@pytest.mark.parametrize("read", [
    lambda alice: web_selectors.games_recent_finished_for(user=alice),
    lambda alice: list(web_selectors.games_playing_now()),
    lambda alice: list(web_selectors.games_finished_latest()),
])
def test_home_and_profile_lists_read_in_index_order(games, alice, read):
    plans = plans_of(lambda: read(alice))
    assert plans
    for sql, plan in plans:
        assert "Sort" not in plan, f"{sql}\n{plan}"


def test_the_lobby_reads_in_index_order(alice, bob):
    from games import services

    for user in (alice, bob):
        services.challenge_create(challenger=user, opponent=None, color="random",
                                  days_per_move=None, public=True)
    plans = plans_of(lambda: selectors.seeks_open(), table="games_challenge")
    assert plans
    for sql, plan in plans:
        assert "Sort" not in plan, f"{sql}\n{plan}"


def test_the_leaderboard_reads_in_index_order(games):
    # Its index holds the whole order (variant, rating, then id for ties); with only
    # (variant, rating) the plan sorted the ties (an Incremental Sort).
    from ratings.selectors import leaderboard

    plans = plans_of(lambda: leaderboard(variant="raumschach"), table="ratings_rating")
    assert plans
    for sql, plan in plans:
        assert "Sort" not in plan, f"{sql}\n{plan}"


def test_chat_history_reads_in_index_order(alice, bob):
    from chat.selectors import chat_messages

    game = make_game(alice, bob)
    plans = plans_of(lambda: chat_messages(game=game, user=alice, room="players"),
                     table="chat_chatmessage")
    assert plans
    for sql, plan in plans:
        assert "Sort" not in plan, f"{sql}\n{plan}"
