"""A player goes on vacation from the settings page; the opponent's open game page shows at
once (over the socket, no reload) that the clock stands still, and again when it runs."""
import pytest
from playwright.sync_api import expect

from tests.site_fixtures import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]


def test_the_opponent_sees_the_clock_stop_and_run_again(make_player, server_process):
    white, black = make_player("vacw"), make_player("vacb")
    game_id = server_process.shell(
        "from django.contrib.auth.models import User; from games.models import Game; "
        "from django.utils import timezone; from datetime import timedelta; "
        f"w = User.objects.create_user({white.username!r}, password={PASSWORD!r}); "
        f"b = User.objects.create_user({black.username!r}, password={PASSWORD!r}); "
        "print(Game.objects.create(white=w, black=b, days_per_move=3, "
        "deadline=timezone.now() + timedelta(days=3)).public_id)")
    for player in (white, black):
        player.log_in()
    black.goto(f"/games/{game_id}/")
    expect(black.page.locator(".conn-status")).to_have_text("Live")
    deadline = black.page.locator(".deadline")
    expect(deadline).not_to_contain_text("Clock stopped")

    white.goto("/mail/settings/")
    white.page.get_by_role("button", name="Go on vacation").click()
    expect(white.page.get_by_role("button", name="End my vacation")).to_be_visible()
    expect(deadline).to_have_text("Clock stopped: the player to move is on vacation.")

    white.page.get_by_role("button", name="End my vacation").click()
    expect(white.page.get_by_role("button", name="Go on vacation")).to_be_visible()
    expect(deadline).not_to_contain_text("Clock stopped")
