"""GET /api/v1/games/ and the /archive/ page read the archive through one selector
(games.selectors.games_archive): the same filters give the same games in the same order, names
match the way sign-up compares them (any case or width), and a bad filter is refused by both
(issue 12)."""
from datetime import datetime, timezone as tz

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.test import APIClient

from games import services
from games.models import Game
from tests.site_fixtures import make_game

pytestmark = pytest.mark.django_db
User = get_user_model()


def finished(white, black, *, loser, day: int) -> Game:
    game = make_game(white, black)
    services.game_resign(game=game, user=loser)
    Game.objects.filter(pk=game.pk).update(ended_at=datetime(2026, 3, day, 12, tzinfo=tz.utc))
    return game


@pytest.fixture
def games(alice, bob, carol):
    bot = User.objects.get(username="easy-bot")
    finished(alice, bob, loser=bob, day=1)
    finished(bob, alice, loser=alice, day=5)
    finished(alice, carol, loser=alice, day=10)
    finished(bot, alice, loser=alice, day=15)
    finished(carol, bob, loser=carol, day=20)
    make_game(alice, bob)  # running: in the API's unfiltered list, never on the page


def api_ids(**params) -> list[int]:
    response = APIClient().get("/api/v1/games/", {"status": "finished", **params})
    assert response.status_code == 200, response.content
    return [g["id"] for g in response.json()["results"]]


def page_ids(**params) -> list[int]:
    response = Client().get("/archive/", params)
    assert response.status_code == 200, response.content[:300]
    return [game.public_id for game in response.context["games_page"].rows]


@pytest.mark.parametrize("params", [
    {},
    {"player": "alice"},
    {"player": "ALICE"},
    {"player": "ａｌｉｃｅ"},
    {"player": "alice", "opponent": "Bob"},
    {"opponent": "carol"},
    {"result": "white"},
    {"result": "draw"},
    {"player": "alice", "result": "won"},
    {"player": "alice", "result": "lost"},
    {"against": "bots"},
    {"player": "alice", "against": "humans"},
    {"date_from": "2026-03-05", "date_to": "2026-03-15"},
])
def test_the_same_filters_list_the_same_games_in_the_same_order(games, params):
    listed = api_ids(**params)
    assert listed == page_ids(**params)
    if not params:
        assert len(listed) == 5


@pytest.mark.parametrize("params", [{"player": "nobody"}, {"result": "won"},
                                    {"date_from": "2026-03-10", "date_to": "2026-03-01"}])
def test_a_bad_filter_is_refused_by_both(games, params):
    assert APIClient().get("/api/v1/games/", params).status_code in (400, 404)
    assert Client().get("/archive/", params).status_code == 400


@pytest.mark.parametrize("day", ["20260305", "2026-W10-4", "2026-3-5", "２０２６-０３-０５"])
def test_a_day_not_written_yyyy_mm_dd_is_refused_by_the_api_as_its_schema_says(games, day):
    # Python's ISO reader takes the first two; the schema's `format: date` takes only YYYY-MM-DD.
    answer = APIClient().get("/api/v1/games/", {"date_from": day})
    assert (answer.status_code, answer.json()["error"]) == (400, "invalid")
