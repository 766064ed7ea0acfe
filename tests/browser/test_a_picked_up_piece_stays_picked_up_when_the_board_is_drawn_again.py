"""A piece the player has picked up stays picked up when the page draws the same position
again (an opponent's draw offer, the state a reconnect ends with): the next click plays the
move instead of falling on a board that forgot the first one."""
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import arrange_game

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]


def test_a_draw_offer_between_the_two_clicks_does_not_drop_the_picked_up_piece(server_process,
                                                                               make_player):
    white, black = make_player("pick-w"), make_player("pick-b")
    arrange_game(server_process, white, black)
    white.click_move("Bc2Cc2")
    expect(black.page.locator("#game")).to_have_attribute("data-ply", "1")

    expect(black.page.locator("#game")).to_have_attribute("data-ready", "true")
    black.cell("Dc4").click()  # the pawn picked up: half a move
    expect(black.cell("Dc4")).to_have_attribute("aria-pressed", "true")
    white.page.get_by_role("button", name="Offer draw").click()
    expect(black.page.locator(".draw-note")).to_have_text("Your opponent offers a draw.")
    expect(black.cell("Dc4")).to_have_attribute("aria-pressed", "true")

    black.cell("Cc4").click()
    expect(white.page.locator("#game")).to_have_attribute("data-ply", "2")
    expect(white.cell("Cc4")).to_have_accessible_name("Cc4, black pawn")
