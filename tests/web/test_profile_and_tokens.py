"""The profile page: a player's record and recent games for everyone; for the owner, API
tokens shown once on creation, listed by prefix, and revocable."""
import re

import pytest
from django.test import Client

from accounts import services as account_services
from games import services
from accounts.models import ApiToken
from tests.site_fixtures import play
from tests.web.conftest import logged_in

pytestmark = pytest.mark.django_db


def test_the_profile_shows_the_record_and_recent_games(game, bob):
    play(game, "Bb2Cb2")
    services.game_resign(game=game, user=bob)
    html = Client().get("/players/alice/").content.decode()
    assert re.search(r"<strong>1</strong> won · <strong>0</strong> drawn · <strong>0</strong> lost", html)
    assert f"/games/{game.public_id}/replay/" in html
    assert "API tokens" not in html


def test_a_new_token_is_shown_once_and_only_its_prefix_after(alice, alice_client):
    response = alice_client.post("/profile/tokens/", {"name": "my bot"}, follow=True)
    token = ApiToken.objects.get(user=alice)
    raw = re.search(r'<code id="new-token">([^<]+)</code>', response.content.decode()).group(1)
    assert raw.startswith(token.prefix) and token.name == "my bot"
    assert account_services.api_token_user(raw=raw)[0] == alice
    again = alice_client.get("/players/alice/").content.decode()
    assert raw not in again and f"{token.prefix}…" in again


def test_a_token_can_be_revoked_by_its_owner_only(alice, bob, alice_client):
    token, _ = account_services.api_token_create(user=alice, name="x")
    logged_in(bob).post(f"/profile/tokens/{token.pk}/revoke/")
    assert ApiToken.objects.filter(pk=token.pk).exists()
    alice_client.post(f"/profile/tokens/{token.pk}/revoke/")
    assert not ApiToken.objects.filter(pk=token.pk).exists()


def test_another_players_profile_offers_a_challenge_not_tokens(alice, bob_client):
    html = bob_client.get("/players/alice/").content.decode()
    assert 'href="/new/?opponent=alice"' in html
    assert "Create token" not in html


def test_a_bot_profile_offers_a_bot_game(alice_client):
    html = alice_client.get("/players/easy-bot/").content.decode()
    assert 'href="/new/?bot=easy-bot"' in html
    form = alice_client.get("/new/?bot=easy-bot").content.decode()
    assert re.search(r'value="easy-bot" checked', form)


def test_another_players_games_say_whose_colour_the_rows_give(game, bob, alice_client):
    # Issue 29 item 10: everyone's profile said "You played".
    play(game, "Bb2Cb2")
    services.game_resign(game=game, user=bob)
    html = alice_client.get("/players/bob/").content.decode()
    assert "bob played" in html and "You played" not in html
    assert "You played" in alice_client.get("/players/alice/").content.decode()


def test_a_bot_profile_names_its_level_and_describes_it(alice_client):
    from engine.search import LEVELS

    from games.web.selectors import bot_profile

    bot = bot_profile("easy-bot")
    html = alice_client.get("/players/easy-bot/").content.decode()
    assert bot["level"] in LEVELS
    assert f"Level {bot['level']}: <strong>{bot['name']}</strong>" in html
    assert bot["description"] and bot["description"] in html
