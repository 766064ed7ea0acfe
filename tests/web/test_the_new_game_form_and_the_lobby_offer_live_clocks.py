"""The new-game form offers live clocks beside correspondence (issue 46): lichess's common
controls or a custom limit and increment, for a challenge by name, an open link, a lobby seek or
a bot; the lobby posts a live seek in one click; pages show the time control as "3+2 · Blitz".
A clock the form does not offer is a form error and creates nothing."""
import re

import pytest

from games.models import Challenge, Game
from games.web.time_controls import CLOCK_PRESETS

pytestmark = pytest.mark.django_db


def post(client, **fields):
    data = {"opponent_kind": "user", "username": "bob", "color": "random", "days_per_move": "3",
            "time_mode": "live", "clock": "180+2", "clock_limit": "300", "clock_increment": "3"}
    data.update(fields)
    return client.post("/new/", data)


def test_a_preset_makes_a_live_challenge_without_days(alice_client, bob):
    assert post(alice_client).status_code == 302
    challenge = Challenge.objects.get()
    assert (challenge.clock_limit, challenge.clock_increment) == (180, 2)
    assert challenge.days_per_move is None
    page = alice_client.get("/").content.decode()
    assert "3+2 · Blitz" in page


def test_a_custom_clock_takes_the_minutes_and_the_increment(alice_client, bob):
    post(alice_client, clock="custom", clock_limit="30", clock_increment="0")
    challenge = Challenge.objects.get()
    assert (challenge.clock_limit, challenge.clock_increment) == (30, 0)


def test_correspondence_keeps_its_days_and_has_no_clock(alice_client, bob):
    post(alice_client, time_mode="correspondence", days_per_move="5")
    challenge = Challenge.objects.get()
    assert (challenge.clock_limit, challenge.clock_increment) == (None, None)
    assert challenge.days_per_move == 5


def test_a_form_without_a_time_mode_is_correspondence_as_before(alice_client, bob):
    response = alice_client.post("/new/", {"opponent_kind": "user", "username": "bob",
                                           "color": "random", "days_per_move": "3"})
    assert response.status_code == 302
    assert (Challenge.objects.get().clock_limit, Challenge.objects.get().days_per_move) == (None, 3)


@pytest.mark.parametrize("fields", [{"clock": "custom", "clock_limit": "5"},
                                    {"clock": "custom", "clock_increment": "181"},
                                    {"clock": "7+7"}])
def test_a_clock_the_form_does_not_offer_creates_nothing(alice_client, bob, fields):
    response = post(alice_client, **fields)
    assert response.status_code == 400
    assert not Challenge.objects.exists()


def test_a_bot_game_with_a_clock_starts_at_once(alice_client):
    response = post(alice_client, opponent_kind="bot", bot="easy-bot", username="", clock="60+0")
    game = Game.objects.get()
    assert response["Location"] == f"/games/{game.public_id}/"
    assert (game.clock_limit, game.clock_increment, game.speed) == (60, 0, "bullet")
    page = alice_client.get(response["Location"]).content.decode()
    assert "1+0 · Bullet" in page and 'class="clock-bar clock-top"' in page


def test_the_lobby_posts_a_live_seek_in_one_click_and_lists_its_speed(alice_client, bob_client):
    home = bob_client.get("/").content.decode()
    for limit, increment in CLOCK_PRESETS:  # every common control has its button
        assert f'name="clock" value="{limit}+{increment}"' in home
    response = alice_client.post("/new/", {"opponent_kind": "seek", "time_mode": "live",
                                           "color": "random", "rated": "on", "clock": "300+3"})
    assert response.status_code == 302
    seek = Challenge.objects.get()
    assert seek.is_seek and (seek.clock_limit, seek.clock_increment) == (300, 3)
    lobby = bob_client.get("/").content.decode()
    assert f'data-seek="{seek.pk}"' in lobby and "5+3 · Blitz" in lobby


def checked_value(page: str, name: str) -> str:
    """The value of the checked radio button `name` in the page."""
    inputs = re.findall(r"<input[^>]*>", page)
    chosen = [tag for tag in inputs if f'name="{name}"' in tag and "checked" in tag]
    assert len(chosen) == 1, chosen
    return re.search(r'value="([^"]*)"', chosen[0]).group(1)


def test_the_lobby_s_custom_link_opens_the_form_on_a_live_seek(alice_client):
    page = alice_client.get("/new/?kind=seek&time=live").content.decode()
    assert checked_value(page, "opponent_kind") == "seek"
    assert checked_value(page, "time_mode") == "live"
    plain = alice_client.get("/new/").content.decode()
    assert (checked_value(plain, "opponent_kind"), checked_value(plain, "time_mode")) == (
        "user", "correspondence")
