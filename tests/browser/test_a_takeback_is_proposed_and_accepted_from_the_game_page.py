"""The game page's takeback buttons: White proposes after a move, Black sees the proposal live
and accepts; both boards are back at the start, White to move, and White can play again."""
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import arrange_game

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]


def test_a_takeback_is_proposed_live_and_accepted(server_process, make_player):
    white, black = make_player("tb-w"), make_player("tb-b")
    arrange_game(server_process, white, black)
    propose = white.page.get_by_role("button", name="Propose takeback")
    expect(propose).to_be_hidden()  # no move of White's to take back yet
    white.click_move("Bc2Cc2")
    expect(black.page.locator("#game")).to_have_attribute("data-ply", "1")
    propose.click()
    expect(white.page.locator(".takeback-note")).to_have_text("You proposed a takeback.")
    expect(black.page.locator(".takeback-note")).to_have_text(
        "Your opponent proposes a takeback.")
    black.page.get_by_role("button", name="Accept takeback").click()
    for player in (white, black):
        expect(player.page.locator("#game")).to_have_attribute("data-ply", "0")
        expect(player.page.locator(".takeback-note")).to_have_text("A move was taken back.")
        expect(player.page.get_by_role("button", name="Accept takeback")).to_be_hidden()
    expect(white.page.locator(".status-line").first).to_have_text("Your turn.")
    white.click_move("Bb2Cb2")
    expect(white.page.locator(".game-error")).to_have_text("")
    expect(white.page.locator("#game")).to_have_attribute("data-ply", "1")
    expect(black.page.locator("#game")).to_have_attribute("data-ply", "1")
