"""A live game's two clocks stay on the first screen when the player looks at the cube in 3D, on
a laptop and on a phone (issue 46: the stage leaves room for a clock above and one below), and
the 2D board's clocks keep their places (the opponent's above, one's own below)."""
import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS, PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 900}


def live_game(server_process, white, black) -> str:
    """A 3+2 game between two fresh accounts, started through a challenge as the site does."""
    return server_process.shell(
        "from django.contrib.auth.models import User; from games.services import challenges; "
        f"w = User.objects.create_user({white.username!r}, password={PASSWORD!r}); "
        f"b = User.objects.create_user({black.username!r}, password={PASSWORD!r}); "
        "c = challenges.challenge_create(challenger=w, opponent=b, color='white', "
        "days_per_move=None, clock_limit=180, clock_increment=2); "
        "print(challenges.challenge_accept(challenge=c, user=b).public_id)")


def fully_on_screen(locator, viewport) -> bool:
    box = locator.bounding_box()
    return (box is not None and box["x"] >= 0 and box["y"] >= 0
            and box["x"] + box["width"] <= viewport["width"]
            and box["y"] + box["height"] <= viewport["height"])


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_both_clocks_are_on_the_first_screen_beside_the_cube(server_process, make_player, viewport):
    touch = viewport is PHONE
    white = make_player("c3w", viewport=viewport, touch=touch)
    black = make_player("c3b", viewport=viewport, touch=touch)
    game_id = live_game(server_process, white, black)
    white.log_in()
    white.goto(f"/games/{game_id}/")
    page = white.page
    expect(page.locator(".conn-status")).to_have_text("Live")
    expect(page.locator('.clock-top[data-color="black"] .clock-time')).to_have_text("3:00")
    expect(page.locator('.clock-bottom[data-color="white"] .clock-time')).to_have_text("3:00")
    expect(page.locator(".variant-line")).to_contain_text("3+2 · Blitz")

    page.get_by_role("button", name="Cube (3D)").click()
    expect(page.locator(".board-root")).to_have_attribute("data-view", "3d")
    stage = page.locator(".board3d .stage")
    expect(stage).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(ARTIFACTS / f"live-3d-clocks-{'phone' if touch else 'laptop'}.png"))
    top, bottom = page.locator(".clock-top"), page.locator(".clock-bottom")
    assert fully_on_screen(top, viewport)
    assert fully_on_screen(bottom, viewport), (bottom.bounding_box(), stage.bounding_box())
    assert top.bounding_box()["y"] < stage.bounding_box()["y"] < bottom.bounding_box()["y"]
    expect(page.locator('.clock[data-color="white"]')).not_to_have_class(re.compile(r"\brunning\b"))
