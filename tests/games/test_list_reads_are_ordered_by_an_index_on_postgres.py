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


@pytest.fixture
def pending(alice, bob, carol):
    from games import services

    for challenger, opponent in [(alice, bob), (carol, alice), (bob, alice), (alice, carol)]:
        services.challenge_create(challenger=challenger, opponent=opponent, color="random",
                                  days_per_move=3)


@pytest.mark.parametrize("read", [
    # The REST API's and the home page's pending challenges (newest first).
    lambda alice: [list(qs) for qs in selectors.challenges_pending_for(user=alice).values()],
    # The Bot API's challenge list (oldest first: the same indexes read backwards).
    lambda alice: __import__("botapi.selectors").selectors.challenges_pending(user=alice),
])
def test_a_players_pending_challenges_read_in_index_order(pending, alice, read):
    plans = plans_of(lambda: read(alice), table="games_challenge")
    assert len(plans) == 2  # to the player, from the player
    for sql, plan in plans:
        assert "Sort" not in plan, f"{sql}\n{plan}"


@pytest.mark.parametrize("read", [
    # The Bot API's account/playing and the event stream's opening gameStarts.
    lambda alice: __import__("botapi.selectors").selectors.games_in_progress(user=alice),
])
def test_the_bot_apis_game_lists_read_in_index_order(games, alice, read):
    plans = plans_of(lambda: read(alice))
    assert len(plans) == 2  # as White, as Black
    for sql, plan in plans:
        assert "Sort" not in plan, f"{sql}\n{plan}"


@pytest.fixture
def busy_site(games):
    """Many running games of other players, with fresh statistics: the planner then weighs a
    walk of every running game against the player's own index as it would on a live site
    (with a handful of rows either is as cheap, and the test would pin nothing)."""
    from django.contrib.auth import get_user_model

    from games.models import Game

    users = get_user_model().objects.bulk_create(
        get_user_model()(username=f"busy{i}", password="!") for i in range(40))
    Game.objects.bulk_create(Game(white=users[i % 40], black=users[(i + 1 + i // 40) % 40])
                             for i in range(1200) if i % 40 != (i + 1 + i // 40) % 40)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE games_game")


def test_a_players_running_games_are_read_from_the_players_indexes(busy_site, alice):
    # The home page's own games ("your turn" first, then the nearest deadline) is an order no
    # index gives: the player's running games are read side by side from the per-player
    # indexes and sorted in Python, never found by walking every running game (the plan of
    # the former `white = p OR black = p` read here: game_status_active_idx, filtered).
    plans = plans_of(lambda: web_selectors.games_active_for(user=alice))
    assert len(plans) == 2
    for sql, plan in plans:
        assert "Sort" not in plan, f"{sql}\n{plan}"
        scans = [line for line in plan.splitlines() if "games_game" in line and "Scan" in line]
        assert scans and all("game_white_status_at_idx" in line or "game_black_status_at_idx"
                             in line for line in scans), f"{sql}\n{plan}"
