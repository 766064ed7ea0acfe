"""Token scopes as lichess's personal tokens: chosen when a token is created (default: every
scope, bot:play included), reported by POST /api/token/test, and checked by each endpoint (any
one of its lichess scopes will do); a call outside them is lichess's 403 {"error": "Missing
scope"} with its X-OAuth-Scopes / X-Accepted-OAuth-Scopes headers, and changes nothing."""
from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from accounts import services as account_services
from accounts.scopes import ALL
from tests.site_fixtures import PASSWORD, db_snapshot, make_game, make_user

pytestmark = pytest.mark.django_db


def client_with(user, scopes=None) -> APIClient:
    _, raw = account_services.api_token_create(user=user, name="scoped", scopes=scopes)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {raw}")
    client.raw_token = raw
    return client


def token_test_answer(raw: str) -> dict:
    return APIClient().generic("POST", "/api/token/test", raw.encode()).json()[raw]


def missing_scope(response, accepted: str, available: str) -> None:
    assert response.status_code == 403, response.content
    assert response.json()["error"] == "Missing scope"
    assert response["X-Accepted-OAuth-Scopes"] == accepted
    assert response["X-OAuth-Scopes"] == available


def test_a_token_has_every_scope_unless_chosen_and_token_test_reports_them():
    alice = make_user("alice")
    every = client_with(alice)
    assert token_test_answer(every.raw_token)["scopes"] == ",".join(ALL)
    assert "bot:play" in token_test_answer(every.raw_token)["scopes"].split(",")
    chosen = client_with(alice, ["board:play", "challenge:read"])
    assert token_test_answer(chosen.raw_token) == {"userId": "alice", "scopes": "challenge:read,board:play",
                                        "expires": None}
    assert token_test_answer(client_with(alice, []).raw_token)["scopes"] == ""  # lichess: "" for none


def test_a_token_without_a_scope_is_refused_what_needs_it_and_nothing_changes():
    alice, robo = make_user("alice"), make_user("robo")
    client_with(robo).post("/api/bot/account/upgrade")
    game = make_game(alice, robo)
    reader = client_with(alice, ["challenge:read"])
    before = db_snapshot()
    missing_scope(reader.post(f"/api/board/game/{game.public_id}/move/Bb2Cb2"), "board:play",
                  "challenge:read")
    missing_scope(reader.post("/api/challenge/robo", {"days": 3}),
                  "challenge:write,bot:play,board:play", "challenge:read")
    missing_scope(reader.post("/api/bot/account/upgrade"), "bot:play", "challenge:read")
    # The site's own REST API wants site:api.
    rest = APIClient().get("/api/v1/games/", HTTP_AUTHORIZATION=f"Token {reader.raw_token}")
    assert rest.status_code == 403 and rest.json()["error"] == "missing_scope"
    assert db_snapshot() == before
    # What the scope allows still works: the event stream opens with challenge:read.
    assert reader.get("/api/account").status_code == 200

    player = client_with(alice, ["board:play"])
    assert player.post(f"/api/board/game/{game.public_id}/move/Bb2Cb2").json() == {"ok": True}
    bot_only = client_with(robo, ["challenge:read", "challenge:write"])
    missing_scope(bot_only.post(f"/api/bot/game/{game.public_id}/move/Db4Cb4"), "bot:play",
                  "challenge:read,challenge:write")


@pytest.mark.django_db(transaction=True)  # the stream view reads from a worker thread
def test_a_stream_outside_the_token_s_scopes_is_refused():
    alice = make_user("alice")
    writer = client_with(alice, ["challenge:write"])
    response = writer.get("/api/stream/event")
    assert response.status_code == 403 and response.json()["error"] == "Missing scope"
    assert response["X-Accepted-OAuth-Scopes"] == "challenge:read,bot:play,board:play"


def test_scopes_are_chosen_on_the_token_form_and_in_the_rest_api():
    alice = make_user("alice")
    rest = APIClient()
    rest.force_authenticate(alice)
    made = rest.post("/api/v1/accounts/tokens/", {"name": "bot", "scopes": ["bot:play"]},
                     format="json")
    assert made.status_code == 201, made.content
    assert made.json()["scopes"] == ["bot:play"]
    assert token_test_answer(made.json()["token"])["scopes"] == "bot:play"
    unknown = rest.post("/api/v1/accounts/tokens/", {"scopes": ["web:mod"]}, format="json")
    assert unknown.status_code == 400

    page = Client()
    assert page.login(username="alice", password=PASSWORD)
    page.post("/profile/tokens/", {"name": "lichess-bot", "scopes_shown": "1",
                                             "scopes": ["bot:play", "challenge:read"]})
    token = alice.api_tokens.get(name="lichess-bot")
    assert token.scope_list() == ["challenge:read", "bot:play"]
    profile = page.get("/players/alice/")
    assert b'name="scopes" value="bot:play"' in profile.content
