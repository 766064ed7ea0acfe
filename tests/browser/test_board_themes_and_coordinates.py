"""A high-contrast board theme and coordinates written on the cells, both remembered."""
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS, arrange_game

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]


def test_the_high_contrast_theme_and_coordinates_are_chosen_and_remembered(server_process,
                                                                         make_player):
    white, black = make_player("th-w"), make_player("th-b")
    arrange_game(server_process, white, black)
    page = white.page
    dark = white.cell("Cc3")  # a dark cell (level + rank + file even)
    light_before = dark.evaluate("el => getComputedStyle(el).backgroundColor")
    page.get_by_label("Board theme").select_option("contrast")
    expect(page.locator(".board-root")).to_have_attribute("data-theme", "contrast")
    assert dark.evaluate("el => getComputedStyle(el).backgroundColor") == "rgb(140, 140, 140)"
    assert light_before != "rgb(140, 140, 140)"

    coord = dark.locator(".coord")
    expect(coord).to_be_hidden()
    page.get_by_label("Coordinates").check()
    expect(coord).to_be_visible()
    expect(coord).to_have_text("Cc3")
    page.screenshot(path=str(ARTIFACTS / "theme-contrast-coords.png"))

    page.reload()
    expect(page.locator(".board-root")).to_have_attribute("data-theme", "contrast")
    expect(white.cell("Cc3").locator(".coord")).to_be_visible()
    # The coordinate is decoration: the cell's accessible name is unchanged.
    expect(white.cell("Cc3")).to_have_accessible_name("Cc3, empty")
