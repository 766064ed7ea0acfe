"""/api/v1/challenges/: create, list, accept, decline, cancel — and every refusal."""
from unittest import mock

import pytest

from bots.models import Bot
from games.models import Challenge, Game
from tests.site_fixtures import assert_error, db_snapshot

pytestmark = pytest.mark.django_db


def challenge(client, **body):
    body = {"opponent": "bob", "color": "white", "days_per_move": 3, **body}
    return client.post("/api/v1/challenges/", body, format="json")


def test_a_challenge_to_a_user_is_pending_until_accepted(as_alice, as_bob):
    response = challenge(as_alice)
    assert response.status_code == 201
    created = response.json()
    assert (created["status"], created["game"], created["opponent"]) == ("pending", None, "bob")
    assert created["url"].endswith(f"/api/v1/challenges/{created['id']}/")
    incoming = as_bob.get("/api/v1/challenges/").json()["incoming"]
    assert [c["id"] for c in incoming] == [created["id"]]
    accepted = as_bob.post(f"/api/v1/challenges/{created['id']}/accept/")
    assert accepted.status_code == 200
    game = Game.objects.get(public_id=accepted.json()["game"])
    assert (game.white.username, game.black.username, game.days_per_move) == ("alice", "bob", 3)


def test_an_open_challenge_link_is_accepted_by_anyone_logged_in(as_alice, as_carol):
    created = challenge(as_alice, opponent=None, days_per_move=None).json()
    assert created["opponent"] is None
    seen = as_carol.get(created["url"])
    assert seen.status_code == 200 and seen.json()["challenger"] == "alice"
    accepted = as_carol.post(created["url"] + "accept/")
    assert accepted.status_code == 200
    assert Game.objects.get(public_id=accepted.json()["game"]).black.username == "carol"


def test_a_challenge_to_a_bot_comes_back_with_its_game(as_alice):
    with mock.patch("bots.hooks.request_bot_move_if_needed"):
        response = challenge(as_alice, opponent="hard-bot", color="random")
    body = response.json()
    assert response.status_code == 201 and body["status"] == "accepted"
    game = Game.objects.get(public_id=body["game"])
    assert Bot.objects.get(level=3).user in (game.white, game.black)


def test_decline_and_cancel_answer_with_the_closed_challenge(as_alice, as_bob):
    first = challenge(as_alice).json()["id"]
    second = challenge(as_alice).json()["id"]
    assert as_bob.post(f"/api/v1/challenges/{first}/decline/").json()["status"] == "declined"
    assert as_alice.post(f"/api/v1/challenges/{second}/cancel/").json()["status"] == "cancelled"
    assert as_bob.get("/api/v1/challenges/").json() == {"incoming": [], "outgoing": []}


@pytest.mark.parametrize("body, status, code", [
    ({"opponent": "nobody"}, 400, "unknown_user"),
    ({"opponent": "alice"}, 400, "cannot_challenge_self"),
    ({"color": "green"}, 400, "invalid"),
    ({"days_per_move": 4}, 400, "invalid"),
    ({"days_per_move": "three"}, 400, "invalid"),
    ({"opponent": 17}, 400, "invalid"),  # a number is not a username (strict JSON types)
    ({"opponent": ["bob"]}, 400, "invalid"),
])
def test_bad_challenges_are_refused(as_alice, bob, body, status, code):
    before = db_snapshot()
    assert_error(challenge(as_alice, **body), status, code)
    assert db_snapshot() == before


@pytest.mark.parametrize("action, actor, status, code", [
    ("accept", "alice", 403, "own_challenge"),
    ("decline", "alice", 403, "not_your_challenge"),
    ("cancel", "bob", 403, "not_your_challenge"),
    ("accept", "carol", 404, "not_found"),   # a directed challenge is invisible to others
    ("decline", "carol", 404, "not_found"),
    ("cancel", "carol", 404, "not_found"),
])
def test_answering_someone_elses_challenge_is_refused(as_alice, as_bob, as_carol, action,
                                                      actor, status, code):
    challenge_id = challenge(as_alice).json()["id"]
    client = {"alice": as_alice, "bob": as_bob, "carol": as_carol}[actor]
    before = db_snapshot()
    assert_error(client.post(f"/api/v1/challenges/{challenge_id}/{action}/"), status, code)
    assert db_snapshot() == before


def test_an_answered_challenge_cannot_be_answered_again(as_alice, as_bob):
    challenge_id = challenge(as_alice).json()["id"]
    as_bob.post(f"/api/v1/challenges/{challenge_id}/decline/")
    before = db_snapshot()
    for action, client in (("accept", as_bob), ("decline", as_bob), ("cancel", as_alice)):
        assert_error(client.post(f"/api/v1/challenges/{challenge_id}/{action}/"), 409,
                     "challenge_not_pending")
    assert db_snapshot() == before


def test_an_unknown_challenge_is_a_json_404(as_bob):
    assert_error(as_bob.post("/api/v1/challenges/doesnotexist/accept/"), 404, "not_found")


def test_challenges_need_authentication(anon, bob):
    before = db_snapshot()
    assert_error(challenge(anon), 401, "not_authenticated")
    assert_error(anon.get("/api/v1/challenges/"), 401, "not_authenticated")
    assert db_snapshot() == before
    assert Challenge.objects.count() == 0
