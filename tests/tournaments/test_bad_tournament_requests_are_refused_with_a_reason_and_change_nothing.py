"""Bad input to the tournament endpoints: an unknown system or variant, an arena without a clock
(or with days per move), a round robin with a clock, joining a full or started tournament, a
second join, starting another's tournament: each is refused with its code, and nothing is
stored or changed."""
import pytest
from rest_framework.test import APIClient

from tests.site_fixtures import assert_error, db_snapshot
from tournaments.models import Entrant, Pairing, Tournament

from .conftest import players

pytestmark = pytest.mark.django_db

GOOD = {"name": "Spring event", "variant": "raumschach", "system": "round-robin",
        "days_per_move": 3, "max_players": 2}


def snapshot() -> dict:
    return {**db_snapshot(), "tournaments": list(Tournament.objects.order_by("pk").values()),
            "entrants": list(Entrant.objects.order_by("pk").values()),
            "pairings": list(Pairing.objects.order_by("pk").values())}


@pytest.mark.parametrize("change, status, code", [
    ({"system": "knockout"}, 400, "unknown_system"),
    ({"system": "arena"}, 400, "invalid_clock"),
    ({"system": "arena", "days_per_move": None, "clock_limit": 5}, 400, "invalid_clock"),
    ({"system": "arena", "days_per_move": None, "clock_limit": 60, "minutes": 1}, 400,
     "bad_minutes"),
    ({"system": "arena", "days_per_move": None, "clock_limit": 60, "rounds": 3}, 400, "bad_rounds"),
    ({"variant": "chess960"}, 400, "unknown_variant"),
    ({"clock_limit": 180, "clock_increment": 2, "days_per_move": None}, 400, "invalid_clock"),
    ({"days_per_move": None}, 400, "invalid_clock"),
    ({"days_per_move": 4}, 400, "invalid_clock"),
    ({"max_players": 1}, 400, "bad_max_players"),
    ({"max_players": 21}, 400, "bad_max_players"),
    ({"system": "swiss", "rounds": 0}, 400, "bad_rounds"),
    ({"rounds": 3}, 400, "bad_rounds"),
    ({"name": " "}, 400, "bad_name"),
    ({"rated": "yes"}, 400, "invalid"),
])
def test_bad_settings_are_refused_and_nothing_is_stored(change, status, code, after_commit):
    [(_, client)] = players("alice")
    before = snapshot()
    with after_commit():
        answer = client.post("/api/v1/tournaments/", {**GOOD, **change}, format="json")
    body = assert_error(answer, status, code)
    assert snapshot() == before
    if change == {"system": "arena"}:
        assert "live clock" in body["detail"]


def test_listing_an_unknown_game_is_refused():
    assert_error(APIClient().get("/api/v1/tournaments/?variant=chess960"), 400, "unknown_variant")
    assert_error(APIClient().get("/api/v1/tournaments/?page=2"), 400, "invalid")
    listed = APIClient().get("/api/v1/tournaments/?variant=fiveup")
    assert listed.status_code == 200 and set(listed.json()) == {"created", "started", "finished"}


def test_creating_needs_an_account():
    before = snapshot()
    assert_error(APIClient().post("/api/v1/tournaments/", GOOD, format="json"), 401,
                 "not_authenticated")
    assert snapshot() == before


def test_joins_past_the_rules_are_refused_and_change_nothing(after_commit):
    (alice, as_alice), (bob, as_bob), (carol, as_carol) = players("alice", "bob", "carol")
    with after_commit():
        tid = as_alice.post("/api/v1/tournaments/", GOOD, format="json").json()["id"]
        assert as_alice.post(f"/api/v1/tournaments/{tid}/join/").status_code == 200

    before = snapshot()
    assert_error(as_alice.post(f"/api/v1/tournaments/{tid}/join/"), 409, "already_joined")
    assert snapshot() == before

    assert_error(as_bob.post(f"/api/v1/tournaments/{tid}/start/"), 403, "not_the_creator")
    assert_error(as_alice.post(f"/api/v1/tournaments/{tid}/start/"), 409, "too_few_players")
    assert_error(as_bob.post(f"/api/v1/tournaments/{tid}/withdraw/"), 409, "not_joined")
    assert_error(as_bob.post("/api/v1/tournaments/nosuchone/join/"), 404, "not_found")
    assert snapshot() == before

    with after_commit():
        assert as_bob.post(f"/api/v1/tournaments/{tid}/join/").status_code == 200
    before = snapshot()
    assert_error(as_carol.post(f"/api/v1/tournaments/{tid}/join/"), 409, "tournament_full")
    assert snapshot() == before

    with after_commit():
        assert as_alice.post(f"/api/v1/tournaments/{tid}/start/").status_code == 200
    before = snapshot()
    assert_error(as_carol.post(f"/api/v1/tournaments/{tid}/join/"), 409, "tournament_started")
    assert_error(as_alice.post(f"/api/v1/tournaments/{tid}/start/"), 409, "tournament_started")
    assert snapshot() == before


def test_a_tournament_game_cannot_be_aborted(after_commit):
    (alice, as_alice), (bob, as_bob) = players("alice", "bob")
    with after_commit():
        tid = as_alice.post("/api/v1/tournaments/", GOOD, format="json").json()["id"]
        as_alice.post(f"/api/v1/tournaments/{tid}/join/")
        as_bob.post(f"/api/v1/tournaments/{tid}/join/")
        game = as_alice.post(f"/api/v1/tournaments/{tid}/start/").json()["pairings"][0]["game"]
    before = snapshot()
    assert_error(as_alice.post(f"/api/v1/games/{game}/abort/"), 409, "cannot_abort")
    assert snapshot() == before
