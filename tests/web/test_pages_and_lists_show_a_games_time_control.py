"""Wherever a game or challenge is shown, its time control is written the same way (issue 46):
"3+2 · Blitz" for a live game, "3 days per move" for correspondence - on the game page (with two
clocks for a live game, none for correspondence), the replay, the home page's running games and
challenges, the archive and the recent games' list."""
import pytest

from games import services
from games.models import Challenge

pytestmark = pytest.mark.django_db


def started(alice, bob, **clock):
    challenge = services.challenge_create(challenger=alice, opponent=bob, color="white", **clock)
    return services.challenge_accept(challenge=challenge, user=bob)


def test_a_live_game_and_a_correspondence_game_each_show_their_own(alice_client, alice, bob):
    live = started(alice, bob, days_per_move=None, clock_limit=180, clock_increment=2)
    slow = started(alice, bob, days_per_move=3)
    live_page = alice_client.get(f"/games/{live.public_id}/").content.decode()
    slow_page = alice_client.get(f"/games/{slow.public_id}/").content.decode()
    assert "3+2 · Blitz" in live_page and live_page.count('class="clock-bar') == 2
    assert "3 days per move" in slow_page and 'class="clock-bar' not in slow_page
    assert "Play again" in live_page  # the finished game's offer (hidden while it runs)
    home = alice_client.get("/").content.decode()
    assert "3+2 · Blitz" in home and "3 days per move" in home
    assert "3+2 · Blitz" in alice_client.get(f"/games/{live.public_id}/replay/").content.decode()


def test_finished_games_are_listed_with_their_time_control(alice_client, alice, bob):
    live = started(alice, bob, days_per_move=None, clock_limit=60, clock_increment=0)
    services.game_resign(game=live, user=alice)
    archive = alice_client.get("/archive/?player=alice").content.decode()
    assert "1+0 · Bullet" in archive
    assert "1+0 · Bullet" in alice_client.get("/").content.decode()  # recently finished


def test_a_pending_live_challenge_shows_its_clock(alice_client, bob_client, alice, bob):
    services.challenge_create(challenger=alice, opponent=bob, color="white", days_per_move=None,
                              clock_limit=900, clock_increment=10)
    challenge = Challenge.objects.get()
    assert "15+10 · Rapid" in bob_client.get("/").content.decode()
    assert "15+10 · Rapid" in alice_client.get(f"/challenges/{challenge.pk}/").content.decode()
