"""On a 390×844 phone the game page shows the header on one short line, the players with the
turn marker beside the name of the side to move, the status line and the whole active level
without scrolling (issue 29 item 7: the header wrapped to 5 lines, ~154 px, and the "▶" was
stranded at the end of the title line)."""
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS, arrange_game

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]

PHONE = {"width": 390, "height": 844}


def fully_on_screen(locator) -> bool:
    box = locator.bounding_box()
    return (box is not None and box["x"] >= 0 and box["y"] >= 0
            and box["x"] + box["width"] <= PHONE["width"]
            and box["y"] + box["height"] <= PHONE["height"])


def test_the_first_screen_holds_the_status_and_the_whole_level(server_process, make_player):
    white = make_player("phone-with-a-longish-name", viewport=PHONE, touch=True)
    black = make_player("phone-opponent-also-long")
    arrange_game(server_process, white, black)
    page = white.page
    page.screenshot(path=str(ARTIFACTS / "phone-game-first-screen.png"))
    header = page.locator(".site-header").bounding_box()
    assert header["height"] <= 60, header
    assert page.evaluate("window.scrollY") == 0
    assert fully_on_screen(page.locator(".status-line").first)
    assert fully_on_screen(page.get_by_role("group", name="Level B"))
    # The marker sits on the same line as the name it marks: one box, not split over two.
    marked = page.locator(".players .to-move")
    expect(marked).to_have_text(white.username)
    assert marked.evaluate("el => el.getClientRects().length") == 1


def test_hover_and_keyboard_help_is_not_offered_on_a_touch_screen(server_process, make_player):
    # Issue 29 item 14: "Attackers on hover" and "Arrow keys ← →" on a phone.
    white = make_player("touch-w", viewport=PHONE, touch=True)
    black = make_player("touch-b")
    game_id = arrange_game(server_process, white, black)
    expect(white.page.get_by_text("Attackers on hover")).to_be_hidden()
    expect(black.page.get_by_text("Attackers on hover")).to_be_visible()  # a laptop keeps it
    white.goto(f"/games/{game_id}/replay/")
    expect(white.page.get_by_text("Arrow keys")).to_be_hidden()
    black.goto(f"/games/{game_id}/replay/")
    expect(black.page.get_by_text("Arrow keys")).to_be_visible()
