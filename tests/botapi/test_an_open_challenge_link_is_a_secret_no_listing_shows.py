"""The id of an open-link challenge is its link's secret (anyone logged in who has the link may
accept; issue 28's challenge id = game id). Checked here: the id is 8 random letters and digits
(about 47.6 bits from `secrets`, as lichess's open challenges, whose URL is the id alone); no
listing shows it to a third party (REST challenge list, lobby, Bot API challenge list, home
page); and nobody can tell an existing challenge they may not see from a missing one (REST and
Bot API answer both with the same 404), so guessing learns nothing but "not found"."""
from __future__ import annotations

import pytest

from games import services as game_services
from games.models import Challenge
from tests.botapi.conftest import bearer_client
from tests.site_fixtures import assert_error, make_user, token_client

pytestmark = pytest.mark.django_db


@pytest.fixture
def link(alice) -> Challenge:
    return game_services.challenge_create(challenger=alice, opponent=None, color="white",
                                          days_per_move=3)


def test_the_id_is_eight_random_letters_and_digits(alice, link):
    more = [game_services.challenge_create(challenger=alice, opponent=None, color="white",
                                           days_per_move=None).pk for _ in range(3)]
    for value in [link.pk, *more]:
        assert len(value) == 8 and value.isascii() and value.isalnum()
    assert len({link.pk, *more}) == 4


def test_no_listing_shows_an_open_link_to_anyone_else(client, link, carol):
    as_carol = token_client(carol)
    mine = as_carol.get("/api/v1/challenges/").json()
    assert link.pk not in [c["id"] for c in mine["incoming"] + mine["outgoing"]]
    assert link.pk not in [s["id"] for s in as_carol.get("/api/v1/seeks/").json()]
    lichess = bearer_client(carol).get("/api/challenge").json()
    assert link.pk not in [c["id"] for c in lichess["in"] + lichess["out"]]
    client.force_login(carol)
    assert link.pk not in client.get("/").content.decode()


def test_a_challenge_one_may_not_see_is_answered_as_a_missing_one(alice, bob, carol):
    private = game_services.challenge_create(challenger=alice, opponent=bob, color="white",
                                             days_per_move=3)
    as_carol, lichess = token_client(carol), bearer_client(carol)
    answers = {}
    for challenge_id in (private.pk, "NoSuchC1"):
        missing = assert_error(as_carol.get(f"/api/v1/challenges/{challenge_id}/"), 404,
                               "not_found")
        accepted = as_carol.post(f"/api/v1/challenges/{challenge_id}/accept/")
        assert accepted.status_code == 404 and accepted.json() == missing
        answers[challenge_id] = [missing]
        for action in ("accept", "decline", "cancel"):
            answer = lichess.post(f"/api/challenge/{challenge_id}/{action}")
            assert answer.status_code == 404, (challenge_id, action, answer.content)
            answers[challenge_id].append(answer.json())
    assert answers[private.pk] == answers["NoSuchC1"]  # word for word: no oracle
    private.refresh_from_db()
    assert private.status == Challenge.Status.PENDING


def test_the_link_still_lets_anyone_with_it_accept(link, carol):
    accepted = token_client(carol).post(f"/api/v1/challenges/{link.pk}/accept/")
    assert accepted.status_code == 200 and accepted.json()["game"] == link.pk
