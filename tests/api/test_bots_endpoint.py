"""GET /api/v1/bots/: the six bot accounts, weakest first."""
import pytest
from django.contrib.auth import authenticate

pytestmark = pytest.mark.django_db


def test_six_bots_are_listed_with_level_name_and_description(anon):
    bots = anon.get("/api/v1/bots/").json()
    assert [(b["level"], b["name"]) for b in bots] == [
        (0, "Beginner"), (1, "Easy"), (2, "Normal"), (3, "Hard"), (4, "Expert"), (5, "Master")]
    assert all(b["username"] and b["description"] for b in bots)


def test_bot_accounts_have_unusable_passwords(anon):
    from bots.models import Bot

    for bot in Bot.objects.select_related("user"):
        assert not bot.user.has_usable_password()
        assert authenticate(username=bot.user.username, password="") is None
