"""GET /api/account and POST /api/bot/account/upgrade: Bearer or Token auth, lichess's shapes,
an irreversible upgrade only for an account that has never played."""
from __future__ import annotations

import pytest

from bots.models import Bot
from tests.botapi.conftest import bearer_client
from tests.site_fixtures import db_snapshot, make_game, token_client

pytestmark = pytest.mark.django_db


def test_the_account_answers_with_bearer_and_with_token_auth(alice):
    for client in (bearer_client(alice), token_client(alice)):
        response = client.get("/api/account")
        assert response.status_code == 200
        body = response.json()
        assert body["id"] == "alice" and body["username"] == "alice"
        assert "title" not in body


def test_an_account_that_never_played_becomes_a_bot_and_says_so(alice):
    client = bearer_client(alice)
    assert client.post("/api/bot/account/upgrade").json() == {"ok": True}
    assert client.get("/api/account").json()["title"] == "BOT"
    bot = Bot.objects.get(user=alice)
    assert bot.external and bot.level is None


def test_the_upgrade_is_irreversible_and_cannot_be_repeated(alice):
    client = bearer_client(alice)
    client.post("/api/bot/account/upgrade")
    again = client.post("/api/bot/account/upgrade")
    assert again.status_code == 400
    assert again.json()["code"] == "already_bot" and again.json()["error"]


def test_an_account_that_has_played_is_refused_and_nothing_changes(alice, bob):
    make_game(alice, bob)
    client = bearer_client(alice)
    before = db_snapshot()
    response = client.post("/api/bot/account/upgrade")
    assert response.status_code == 400
    assert response.json()["code"] == "has_played"
    assert "played" in response.json()["error"]
    assert not Bot.objects.filter(user=alice).exists()
    assert db_snapshot() == before


def test_a_built_in_bot_cannot_be_upgraded():
    builtin = Bot.objects.filter(external=False).select_related("user").first()
    response = bearer_client(builtin.user).post("/api/bot/account/upgrade")
    assert response.status_code == 400 and response.json()["code"] == "builtin_bot"


# "Bearer None" is what a client sends whose token variable was unset (issue 40: it was a
# 401 with a traceback in the bridge); the server answers it as any unknown token.
@pytest.mark.parametrize("header", ["Bearer nope", "Bearer None", "Bearer", "Bearer ",
                                    "Bearer a b"])
def test_without_a_token_the_api_answers_401_json(anon, alice, header):
    assert anon.get("/api/account").status_code == 401
    anon.credentials(HTTP_AUTHORIZATION=header)
    response = anon.get("/api/account")
    assert response.status_code == 401 and response.json()["error"]
    assert anon.post("/api/bot/account/upgrade").status_code == 401


def test_lichess_bot_s_start_up_calls_answer(robo, alice, anon):
    """lichess-bot checks its token's scopes (POST /api/token/test, the token as the body) and
    asks for the games in progress (GET /api/account/playing)."""
    robo_client, alice_client = bearer_client(robo), bearer_client(alice)
    body = f"{robo_client.raw_token},{alice_client.raw_token},nonsense"
    answer = anon.generic("POST", "/api/token/test", body.encode()).json()
    assert answer[robo_client.raw_token]["userId"] == "robo"
    assert "bot:play" in answer[robo_client.raw_token]["scopes"].split(",")
    # A person's token has bot:play too (every scope, by default): lichess-bot's upgrade
    # (`-u`) starts from a person's token and checks for it.
    assert "bot:play" in answer[alice_client.raw_token]["scopes"].split(",")
    assert answer["nonsense"] is None

    game = make_game(alice, robo)
    playing = robo_client.get("/api/account/playing").json()["nowPlaying"]
    assert [(g["gameId"], g["color"]) for g in playing] == [(game.public_id, "black")]
