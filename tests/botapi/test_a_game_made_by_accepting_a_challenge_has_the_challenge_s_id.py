"""Game ids like lichess's: a game made by accepting a challenge has the challenge's id (8
letters and digits), and that id is the one the Bot API's answers, the gameStart event, the
export and the game's page use; the old integer URL of a game page redirects to it."""
from __future__ import annotations

import pytest
from django.test import Client

from botapi import services as botapi_services
from games.models import Game, PUBLIC_ID_LENGTH
from tests.botapi.conftest import bearer_client
from tests.site_fixtures import make_game

pytestmark = pytest.mark.django_db


def test_the_game_takes_the_challenge_s_id_everywhere(robo, as_robo, alice, monkeypatch,
                                                      django_capture_on_commit_callbacks):
    published = []
    monkeypatch.setattr(botapi_services, "publish_event",
                        lambda user_id, event: published.append(event))
    as_alice = bearer_client(alice)
    challenge_id = as_alice.post("/api/challenge/robo", {"days": 3, "color": "black"}).json()["id"]
    assert len(challenge_id) == PUBLIC_ID_LENGTH and challenge_id.isalnum()
    with django_capture_on_commit_callbacks(execute=True):
        assert as_robo.post(f"/api/challenge/{challenge_id}/accept").json() == {"ok": True}

    game = Game.objects.get()
    assert game.public_id == challenge_id
    starts = [e["game"]["gameId"] for e in published if e["type"] == "gameStart"]
    assert starts == [challenge_id, challenge_id]  # both players' event streams
    assert as_robo.get("/api/account/playing").json()["nowPlaying"][0]["gameId"] == challenge_id
    assert as_robo.post(f"/api/bot/game/{challenge_id}/move/Bb2Cb2").json() == {"ok": True}
    exported = Client().get(f"/game/export/{challenge_id}", HTTP_ACCEPT="application/json")
    assert exported.json()["id"] == challenge_id and exported.json()["moves"] == "Bb2Cb2"
    page = Client().get(f"/games/{challenge_id}/")
    assert page.status_code == 200
    assert f'href="/games/{challenge_id}/replay/"'.encode() in page.content


def test_old_integer_urls_redirect_to_the_public_id(alice, bob):
    game = make_game(alice, bob)
    assert len(game.public_id) == PUBLIC_ID_LENGTH and not game.public_id.isdigit()
    moved = Client().get(f"/games/{game.pk}/")
    assert (moved.status_code, moved["Location"]) == (301, f"/games/{game.public_id}/")
    moved = Client().get(f"/games/{game.pk}/replay/", {"ply": "3"})
    assert (moved.status_code, moved["Location"]) == (301,
                                                      f"/games/{game.public_id}/replay/?ply=3")
    assert Client().get(f"/games/{game.public_id}/replay/").status_code == 200
    assert Client().get("/games/987654/").status_code == 404
    assert Client().get("/games/NoSuchId/").status_code == 404
