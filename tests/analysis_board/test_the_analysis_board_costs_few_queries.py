"""The analysis board stays cheap in SQL: a move is answered by the engine alone (no query for
a visitor; a session's user for a logged-in one), and the page of a game reads the game (with
its players) and its moves once, however long the game. A re-read, a lazy player load or a
query per move shows up here as a failure."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

import engine
from tests.site_fixtures import make_game, play

pytestmark = pytest.mark.django_db


def _queries(call) -> list[str]:
    with CaptureQueriesContext(connection) as captured:
        response = call()
    assert response.status_code == 200, response.content[:300]
    return [q["sql"] for q in captured.captured_queries if "SAVEPOINT" not in q["sql"]]


def test_a_move_costs_no_query_for_a_visitor():
    body = {"fen": engine.Position.start().fen(), "move": "Bb2Bb3"}
    assert _queries(lambda: APIClient().post("/api/v1/analysis/position/", body, format="json")) == []


def test_the_page_of_a_game_reads_it_once_however_long(client, alice, bob):
    short = play(make_game(alice, bob), "Bb2Bb3", "Db4Db3")
    long = play(make_game(alice, bob), "Bb2Bb3", "Db4Db3", "Bc2Bc3", "Dc4Dc3", "Bd2Bd3", "Dd4Dd3")
    counts = [len(_queries(lambda g=g: client.get("/analysis/", {"game": g.public_id}))) for g in (short, long)]
    assert counts == [2, 2], counts  # the game with its players, its moves
