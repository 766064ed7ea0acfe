"""On a phone the header is one line (the brand, the turn count, the user and a Menu button);
the Menu button opens the other links as rows at least 40 px tall, and Escape closes them
(issue 39). A laptop shows every link and no button."""
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]

PHONE = {"width": 390, "height": 844}
TAP = 40  # px: the smallest tap target the header offers


def test_the_phone_header_opens_a_menu(make_player):
    player = make_player("menu-with-a-long-name", viewport=PHONE, touch=True)
    player.sign_up()
    page = player.page
    header = page.locator(".site-header")
    menu = page.get_by_role("button", name="Menu")
    rules = header.get_by_role("link", name="Rules", exact=True)
    assert header.bounding_box()["height"] <= 60
    expect(rules).to_be_hidden()
    expect(header.get_by_role("link", name=player.username)).to_be_visible()
    expect(header.locator(".turn-count")).to_be_visible()
    assert menu.bounding_box()["height"] >= TAP
    expect(menu).to_have_attribute("aria-expanded", "false")

    menu.click()
    expect(menu).to_have_attribute("aria-expanded", "true")
    for name in ["New game", "Archive", "Leaderboard", "Rules"]:
        link = header.get_by_role("link", name=name, exact=True)
        expect(link).to_be_visible()
        box = link.bounding_box()
        assert box["height"] >= TAP and box["x"] + box["width"] <= PHONE["width"], (name, box)
    expect(header.get_by_role("button", name="Log out")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=str(ARTIFACTS / "phone-header-menu.png"))

    page.keyboard.press("Escape")
    expect(rules).to_be_hidden()
    expect(menu).to_be_focused()
    menu.click()
    rules.click()
    expect(page).to_have_url(player.base + "/rules/")


def test_a_laptop_shows_every_link_and_no_menu_button(make_player):
    player = make_player("wide")
    player.goto("/")
    header = player.page.locator(".site-header")
    expect(player.page.get_by_role("button", name="Menu")).to_be_hidden()
    for name in ["Archive", "Leaderboard", "Rules", "Log in", "Sign up"]:
        expect(header.get_by_role("link", name=name, exact=True)).to_be_visible()
