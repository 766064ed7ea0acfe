"""A REST move stays cheap in SQL: token, game lock (players joined), update, insert, the
state's move list and the bot check after commit. The position is never rebuilt from the move
history (the game row holds what repetition needs). A regression (a re-read of the game, a
replay of the moves, a lazy player load, a second bot query) shows up here as a failure, not as
a slower load test."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from bots.models import Bot
from tests.site_fixtures import make_game, play, token_client

pytestmark = pytest.mark.django_db

# Queries a REST move makes, with its on-commit callbacks run: token lookup, token last-used
# stamp (first use only, as in these tests), locked game with players, compare-and-set update,
# insert, moves for the response's state, the bots' check whether a bot is to move (one query,
# bot's turn or not), notify's look at whether the player to move wants a "your move" mail (one
# query by primary key), the conditional-moves check (one indexed read of the game's planned
# lines, issue 14). Savepoints are not counted.
QUERIES = 9


def _sql_queries(captured) -> list[str]:
    # Test transactions turn atomic() into savepoints; outside tests they are BEGIN/COMMIT,
    # which Django does not log as queries.
    return [q["sql"] for q in captured if "SAVEPOINT" not in q["sql"]]


def _post_move(client, game, move: str, django_capture_on_commit_callbacks):
    with CaptureQueriesContext(connection) as captured:
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post(f"/api/v1/games/{game.public_id}/moves/",
                                   {"move": move, "ply": game.ply}, format="json")
    assert response.status_code == 201, response.content
    return response, _sql_queries(captured.captured_queries)


def test_a_move_between_humans_costs_few_queries(alice, bob, django_capture_on_commit_callbacks):
    game = play(make_game(alice, bob), "Bb2Bb3", "Db4Db3")
    response, queries = _post_move(token_client(alice), game, "Bc2Bc3",
                                   django_capture_on_commit_callbacks)
    assert len(queries) == QUERIES, "\n".join(queries)
    assert not any("games_move" in q and q.startswith("SELECT") and "fen_after" in q
                   and '"ply" >= ' in q for q in queries), "the move history was replayed"
    body = response.json()
    # The state in the response is the stored one, read without a second look at the game.
    assert (body["game"]["ply"], body["game"]["turn"], body["game"]["white"]) == (3, "black",
                                                                                   "alice")
    # Only the move played: the answer does not grow with the game (issue 30).
    assert [m["move"] for m in body["game"]["moves"]] == ["Bc2Bc3"]
    assert body["game"]["moves_since"] == 2


def test_a_move_against_a_bot_still_finds_the_bot(alice, django_capture_on_commit_callbacks,
                                                  monkeypatch):
    queued = []
    monkeypatch.setattr("bots.hooks.dispatch_bot_move",
                        lambda game_id, level, **options: queued.append(game_id))
    game = make_game(alice, Bot.objects.get(level=0).user)
    _, queries = _post_move(token_client(alice), game, "Bb2Bb3",
                            django_capture_on_commit_callbacks)
    assert queued == [game.pk]
    # The bot check is the same one query on a bot's turn.
    assert len(queries) == QUERIES, "\n".join(queries)
