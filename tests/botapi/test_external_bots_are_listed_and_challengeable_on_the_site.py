"""An upgraded account is a real bot on the site: listed with its owner's description as an
external bot (REST and the new-game page), and a person challenges it from the page (a pending
challenge: its owner's engine answers it)."""
from __future__ import annotations

import pytest
from django.test import Client

from games.models import Challenge
from tests.botapi.conftest import bearer_client, upgrade
from tests.site_fixtures import make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def described_bot(db):
    user = make_user("deep-cube")
    client = bearer_client(user)
    response = client.post("/api/bot/account/upgrade", {"description": "My C++ engine <b>"},
                           format="json")
    assert response.status_code == 200
    return user


def test_the_bots_endpoint_lists_the_external_bot_after_the_built_in_ones(described_bot, anon):
    bots = anon.get("/api/v1/bots/").json()
    assert [b["external"] for b in bots] == sorted(b["external"] for b in bots)
    mine = next(b for b in bots if b["username"] == "deep-cube")
    assert mine["external"] is True and mine["level"] is None
    assert mine["description"] == "My C++ engine <b>"
    assert anon.get("/api/v1/bots/deep-cube/").json()["external"] is True


def test_the_new_game_page_shows_it_and_a_person_challenges_it(described_bot, alice):
    browser = Client()
    browser.force_login(alice)
    page = browser.get("/new/").content.decode()
    assert "external bot" in page
    assert "My C++ engine &lt;b&gt;" in page  # text, never HTML
    response = browser.post("/new/", {"opponent_kind": "bot", "bot": "deep-cube",
                                      "color": "random", "days_per_move": "3"})
    assert response.status_code == 302
    challenge = Challenge.objects.get(opponent=described_bot)
    assert challenge.status == Challenge.Status.PENDING and challenge.game is None


def test_an_upgrade_without_a_description_gets_a_default(alice):
    upgrade(bearer_client(alice))
    assert alice.bot.description
