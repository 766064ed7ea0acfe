"""Following a "play this bot" link opens the new-game form with no clock preselected (a bot
answers at once); a challenge to a person still defaults to 3 days per move."""
import re

import pytest

pytestmark = pytest.mark.django_db


def selected_days(html: str) -> str:
    select = re.search(r'<select name="days_per_move".*?</select>', html, re.S).group(0)
    return re.search(r'<option value="([^"]*)"[^>]*selected', select).group(1)


def test_a_bot_link_preselects_no_time_limit(alice_client):
    html = alice_client.get("/new/?bot=easy-bot").content.decode()
    assert selected_days(html) == ""


def test_a_challenge_to_a_person_still_defaults_to_three_days(alice_client):
    html = alice_client.get("/new/?opponent=bob").content.decode()
    assert selected_days(html) == "3"
