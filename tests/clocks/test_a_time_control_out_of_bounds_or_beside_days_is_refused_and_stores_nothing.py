"""A clock outside 15..10800 s or an increment outside 0..180 s, an increment without a limit,
or a clock and days per move together: 400 invalid_clock over REST and the Bot API, and nothing
is stored."""
import pytest

from tests.botapi.conftest import bearer_client
from tests.site_fixtures import assert_error, db_snapshot

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("body", [
    {"clock_limit": 14},
    {"clock_limit": 10_801},
    {"clock_limit": 0, "clock_increment": 5},
    {"clock_limit": -60},
    {"clock_limit": 60, "clock_increment": 181},
    {"clock_limit": 60, "clock_increment": -1},
    {"clock_increment": 2},
    {"clock_limit": 180, "clock_increment": 2, "days_per_move": 3},
    {"clock_limit": 10**30},
])
def test_a_bad_clock_is_invalid_clock_over_rest(as_alice, bob, body):
    before = db_snapshot()
    assert_error(as_alice.post("/api/v1/challenges/", {"opponent": "bob", **body},
                               format="json"), 400, "invalid_clock")
    assert db_snapshot() == before


def test_a_clock_that_is_not_a_number_is_refused_over_rest(as_alice, bob):
    before = db_snapshot()
    response = as_alice.post("/api/v1/challenges/", {"opponent": "bob", "clock_limit": "180"},
                             format="json")
    assert response.status_code == 400
    assert db_snapshot() == before


def test_a_bad_seek_clock_is_refused(as_alice):
    before = db_snapshot()
    assert_error(as_alice.post("/api/v1/challenges/", {"opponent": None, "public": True,
                                                       "clock_limit": 5}, format="json"),
                 400, "invalid_clock")
    assert db_snapshot() == before


@pytest.mark.parametrize("body", [
    {"clock.limit": "10", "clock.increment": "0"},
    {"clock.limit": "600", "clock.increment": "200"},
    {"clock.limit": "600", "days": "3"},
    {"clock.increment": "3"},
])
def test_a_bad_clock_is_invalid_clock_over_the_bot_api(alice, bob, body):
    client = bearer_client(alice)
    before = db_snapshot()
    response = client.post("/api/challenge/bob", body)
    assert response.status_code == 400, response.content
    assert response.json()["code"] == "invalid_clock"
    assert db_snapshot() == before
