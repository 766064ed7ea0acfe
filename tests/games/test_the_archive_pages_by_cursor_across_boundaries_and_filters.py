"""The archive is paged by cursor (issue 30): following `next` to the end and `previous` back
lists every game once, in the archive's order (running games by last activity, then ended
games by when they ended, ties by id), at any page size, with filters and across games that
ended at the same instant; a cursor the list did not give out is refused."""
from datetime import datetime, timedelta, timezone as tz

import pytest
from rest_framework.test import APIClient

from games import keyset
from games.models import Game
from tests.site_fixtures import assert_error, make_game

pytestmark = pytest.mark.django_db
T0 = datetime(2026, 3, 1, 12, tzinfo=tz.utc)


def ended(white, black, *, result: str, at: datetime, status: str = "finished") -> Game:
    game = make_game(white, black)
    Game.objects.filter(pk=game.pk).update(status=status, result=result, ended_at=at,
                                           termination="resign")
    return game


@pytest.fixture
def archive(alice, bob, carol):
    games = []
    for i in range(9):  # three games end at each instant: pages split ties
        white, black = [(alice, bob), (bob, alice), (carol, alice)][i % 3]
        games.append(ended(white, black, result=["1-0", "0-1", "1/2-1/2"][i % 4 % 3],
                           at=T0 + timedelta(hours=i // 3)))
    games.append(ended(bob, carol, result="*", at=T0 + timedelta(hours=5), status="aborted"))
    for i, (white, black) in enumerate([(alice, carol), (carol, bob)]):
        running = make_game(white, black)
        Game.objects.filter(pk=running.pk).update(updated_at=T0 + timedelta(days=1, hours=i))
    return games


def expected(**where) -> list[int]:
    """The archive's order, computed here from every row."""
    games = [g for g in Game.objects.all() if all(where_ok(g, k, v) for k, v in where.items())]
    running = sorted((g for g in games if g.ended_at is None),
                     key=lambda g: (g.updated_at, g.pk), reverse=True)
    done = sorted((g for g in games if g.ended_at is not None),
                  key=lambda g: (g.ended_at, g.pk), reverse=True)
    return [g.public_id for g in running + done]  # the archive names games by their public id


def where_ok(game: Game, key: str, value) -> bool:
    if key == "player":
        return value in (game.white.username, game.black.username)
    return getattr(game, key) == value


def walk(query: dict) -> tuple[list[list[str]], list[list[str]]]:
    """Pages going forward by `next` to the end, then back by `previous` to the start."""
    client, forward = APIClient(), []
    body = client.get("/api/v1/games/", query).json()
    assert body["previous"] is None
    forward.append([g["id"] for g in body["results"]])
    while body["next"]:
        body = client.get(body["next"]).json()
        forward.append([g["id"] for g in body["results"]])
    backward = [forward[-1]]
    while body["previous"]:
        body = client.get(body["previous"]).json()
        backward.append([g["id"] for g in body["results"]])
    return forward, backward[::-1]


@pytest.mark.parametrize("size", [1, 2, 3, 4, 6, 12, 13])
def test_next_then_previous_list_every_game_once_in_order(archive, size):
    forward, backward = walk({"page_size": size})
    listed = [pk for page in forward for pk in page]
    assert listed == expected() and len(listed) == 12
    assert all(len(page) == size for page in forward[:-1]) and 0 < len(forward[-1]) <= size
    assert backward == forward  # previous pages are the same pages, not shifted ones


@pytest.mark.parametrize("query, where", [
    ({"status": "finished"}, {"status": "finished"}),
    ({"player": "carol"}, {"player": "carol"}),
    ({"player": "alice", "status": "finished", "result": "1-0"},
     {"player": "alice", "status": "finished", "result": "1-0"}),
    ({"status": "active"}, {"status": "active"}),
    ({"variant": "raumschach", "status": "finished"}, {"variant": "raumschach", "status": "finished"}),
])
@pytest.mark.parametrize("size", [1, 2, 5])
def test_filters_hold_on_every_page(archive, query, where, size):
    forward, backward = walk({**query, "page_size": size})
    assert [pk for page in forward for pk in page] == expected(**where)
    assert backward == forward


def test_won_and_lost_are_seen_from_the_player_on_every_page(archive, alice):
    forward, _ = walk({"player": "alice", "result": "won", "page_size": 1})
    won = [g.public_id for g in Game.objects.filter(public_id__in=expected(player="alice"))
           if (g.white_id == alice.pk and g.result == "1-0")
           or (g.black_id == alice.pk and g.result == "0-1")]
    assert [pk for page in forward for pk in page] == sorted(
        won, key=expected(player="alice").index)


def test_a_full_last_page_has_no_next(archive):
    body = APIClient().get("/api/v1/games/", {"status": "finished", "page_size": 3}).json()
    middle = APIClient().get(body["next"]).json()
    assert len(middle["results"]) == 3 and middle["next"] is not None
    last = APIClient().get(middle["next"]).json()
    assert len(last["results"]) == 3 and last["next"] is None  # 9 finished games


def test_the_count_stops_at_the_cap(archive, monkeypatch):
    monkeypatch.setattr(keyset, "COUNT_CAP", 4)
    body = APIClient().get("/api/v1/games/").json()
    assert (body["count"], body["count_capped"]) == (4, True)
    body = APIClient().get("/api/v1/games/", {"status": "active"}).json()
    assert (body["count"], body["count_capped"]) == (2, False)


def test_a_cursor_of_another_list_is_refused(archive):
    first = APIClient().get("/api/v1/games/", {"page_size": 1}).json()
    running_cursor = first["next"].split("cursor=")[1].split("&")[0]
    # A position among running games means nothing in the list of finished ones.
    response = APIClient().get("/api/v1/games/", {"status": "finished",
                                                  "cursor": running_cursor})
    assert_error(response, 400, "bad_cursor")
