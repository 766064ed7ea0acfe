"""The game page embeds the same state the API serves, tells the script who is looking and
where to send moves, and links the replay and the text export."""
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from games import selectors
from games.models import Game
from tests.site_fixtures import make_game, play
from tests.web.conftest import embedded_json, logged_in

pytestmark = pytest.mark.django_db


def test_the_embedded_state_is_the_api_state(game, alice_client):
    play(game, "Bb2Cb2", "Dc4Dc3")
    response = alice_client.get(f"/games/{game.public_id}/")
    embedded = embedded_json(response, "game-state")
    api = alice_client.get(f"/api/v1/games/{game.public_id}/").json()
    assert embedded == api
    assert embedded["ply"] == 2 and [m["move"] for m in embedded["moves"]] == ["Bb2Cb2", "Dc4Dc3"]
    assert embedded == selectors.game_state(game, game.white)


def test_the_context_names_the_viewers_colour_and_the_endpoints(game, alice_client, bob):
    context = embedded_json(alice_client.get(f"/games/{game.public_id}/"), "game-context")
    assert context["my_color"] == "white"
    assert context["start_fen"] == game.start_fen
    assert context["urls"]["moves"] == f"/api/v1/games/{game.public_id}/moves/"
    assert context["urls"]["state"] == f"/api/v1/games/{game.public_id}/"
    assert context["urls"]["socket"] == f"/ws/games/{game.public_id}/"
    assert context["urls"]["actions"]["offer_draw"] == {
        "url": f"/api/v1/games/{game.public_id}/draw/", "body": {"action": "offer"}}
    assert embedded_json(logged_in(bob).get(f"/games/{game.public_id}/"), "game-context")["my_color"] == "black"


def test_a_spectator_has_no_colour(game, carol):
    for client in (logged_in(carol), Client()):
        context = embedded_json(client.get(f"/games/{game.public_id}/"), "game-context")
        assert context["my_color"] is None


def test_a_bot_opponent_is_named_so_the_page_can_say_it_is_thinking(alice):
    bot = get_user_model().objects.get(username="easy-bot")
    game = make_game(alice, bot)
    context = embedded_json(logged_in(alice).get(f"/games/{game.public_id}/"), "game-context")
    assert context["bots"] == ["easy-bot"]


def test_the_page_links_the_replay_and_the_text_export(game, alice_client):
    html = alice_client.get(f"/games/{game.public_id}/").content.decode()
    assert f'href="/games/{game.public_id}/replay/"' in html
    assert f'href="/api/v1/games/{game.public_id}/export/"' in html


def test_the_page_loads_the_game_script_and_the_players(game, alice_client):
    html = alice_client.get(f"/games/{game.public_id}/").content.decode()
    assert 'src="/static/games/js/game.js"' in html and 'type="module"' in html
    assert "alice" in html and "bob" in html


def test_a_game_whose_deadline_passed_is_ended_when_its_page_is_read(alice, bob, alice_client):
    game = play(make_game(alice, bob, days_per_move=1), "Bb2Cb2", "Dc4Dc3")
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    state = embedded_json(alice_client.get(f"/games/{game.public_id}/"), "game-state")
    assert (state["status"], state["result"], state["termination"]) == ("finished", "0-1", "timeout")
