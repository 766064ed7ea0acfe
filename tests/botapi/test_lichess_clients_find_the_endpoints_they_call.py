"""The endpoints lichess-bot and berserk call besides play, in lichess's shapes: the account's
pending challenges (in/out), a user's public data, who is online and playing, the online bots
(NDJSON), a game's export (our text record; JSON when asked), a challenge to the site's bot of
a lichess AI level, and a player's line in the spectators' room (a bot's greeting)."""
from __future__ import annotations

import json

import pytest
from rest_framework.test import APIClient

from chat.models import ChatMessage
from games import services as game_services
from games.models import Game
from tests.botapi.conftest import bearer_client
from tests.site_fixtures import make_game, make_user

pytestmark = pytest.mark.django_db


def test_the_pending_challenges_in_and_out(robo, as_robo, alice):
    to_robo = game_services.challenge_create(challenger=alice, opponent=robo, color="white",
                                             days_per_move=3)
    carol = make_user("carol")
    from_robo = game_services.challenge_create(challenger=robo, opponent=carol, color="random",
                                               days_per_move=None)
    listed = as_robo.get("/api/challenge").json()
    assert [c["id"] for c in listed["in"]] == [to_robo.pk]
    assert [c["id"] for c in listed["out"]] == [from_robo.pk]
    assert listed["in"][0]["direction"] == "in" and listed["out"][0]["direction"] == "out"


def test_public_user_data_and_statuses(robo, alice, built_in_bots):
    anon = APIClient()
    user = anon.get("/api/user/ALICE").json()
    assert (user["id"], user["username"], user["online"]) == ("alice", "alice", False)
    assert "title" not in user
    assert anon.get("/api/user/robo").json()["title"] == "BOT"
    missing = anon.get("/api/user/nobody")
    assert missing.status_code == 404 and "error" in missing.json()

    game = make_game(alice, robo)
    statuses = anon.get("/api/users/status", {"ids": "robo,nobody,alice,beginner-bot",
                                              "withGameIds": "true"}).json()
    assert statuses == [
        {"id": "robo", "name": "robo", "title": "BOT", "playing": True, "playingId": game.public_id},
        {"id": "alice", "name": "alice", "playing": True, "playingId": game.public_id},
        {"id": "beginner-bot", "name": "beginner-bot", "title": "BOT", "online": True},
    ]
    assert anon.get("/api/users/status").status_code == 400


def test_the_online_bots_are_the_built_in_ones_and_bots_with_an_event_stream(
        robo, built_in_bots, settings):
    from django.core.cache import cache

    from botapi.selectors import online_key

    lines = APIClient().get("/api/bot/online").content.decode().splitlines()
    names = [json.loads(line)["username"] for line in lines]
    assert names[:6] == ["beginner-bot", "easy-bot", "normal-bot", "hard-bot", "expert-bot",
                         "master-bot"]
    assert "robo" not in names
    cache.set(online_key(robo.pk), "a-stream 0", timeout=30)  # as an open event stream does
    lines = APIClient().get("/api/bot/online", {"nb": 7}).content.decode().splitlines()
    assert [json.loads(line)["username"] for line in lines][-1] == "robo"
    assert len(lines) == 7


def test_a_game_s_export_is_our_text_record_or_json(alice, robo):
    game = make_game(alice, robo)
    game_services.game_play_move(game=game, user=alice, move="Bb2Cb2", ply=0)
    text = APIClient().get(f"/game/export/{game.public_id}")
    assert text["Content-Type"].startswith("application/x-chess-pgn")  # as lichess's
    assert '[White "alice"]' in text.content.decode() and "1. " in text.content.decode()
    as_json = APIClient().get(f"/game/export/{game.public_id}", HTTP_ACCEPT="application/json").json()
    assert as_json["id"] == game.public_id and as_json["moves"] == "Bb2Cb2"
    assert as_json["players"]["white"]["user"]["name"] == "alice"
    assert as_json["record"] == text.content.decode()
    assert APIClient().get("/game/export/999999").status_code == 404


def test_challenge_ai_plays_the_site_s_bot_of_that_level(as_robo, robo, built_in_bots):
    answer = as_robo.post("/api/challenge/ai", {"level": 1, "days": 3, "color": "white"},
                          format="json")
    assert answer.status_code == 201, answer.content
    game = Game.objects.get(public_id=answer.json()["id"])
    assert (game.white, game.black.username) == (robo, "beginner-bot")
    assert answer.json()["source"] == "ai" and answer.json()["player"] == "white"
    master = as_robo.post("/api/challenge/ai", {"level": 8}, format="json").json()
    assert "master-bot" in {Game.objects.get(public_id=master["id"]).white.username,
                            Game.objects.get(public_id=master["id"]).black.username}
    assert as_robo.post("/api/challenge/ai", {"level": 9}, format="json").status_code == 400


def test_players_write_in_the_spectators_room_as_lichess_allows(robo, as_robo, alice):
    game = make_game(alice, robo)
    as_alice = bearer_client(alice)
    for client, role, text in ((as_robo, "bot", "hi spectators"),
                               (as_alice, "board", "hello all")):
        said = client.post(f"/api/{role}/game/{game.public_id}/chat",
                           {"room": "spectator", "text": text})
        assert said.json() == {"ok": True}, said.content
    lines = ChatMessage.objects.filter(game=game).values_list("room", "author__username", "text")
    assert sorted(lines) == [("spectators", "alice", "hello all"),
                             ("spectators", "robo", "hi spectators")]
    # A spectator reads them; the players' room (what the players read) has neither.
    carol = APIClient()
    carol.force_authenticate(make_user("carol"))
    seen = carol.get(f"/api/v1/games/{game.public_id}/chat/", {"room": "spectators"}).json()
    assert [m["text"] for m in seen["messages"]] == ["hi spectators", "hello all"]
    assert as_robo.get(f"/api/bot/game/{game.public_id}/chat").json() == []
    bad = as_robo.post(f"/api/bot/game/{game.public_id}/chat", {"room": "lobby", "text": "x"})
    assert bad.status_code == 400
