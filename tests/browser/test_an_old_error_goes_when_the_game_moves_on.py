"""An error message belongs to the attempt it answered (issue 29 item 4): "It is not your turn
yet" went on standing above "Your turn." after the opponent moved, and "'hello world' is not a
move" survived switching to the 3D view."""
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import arrange_game

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]


def test_not_your_turn_goes_when_the_opponent_moves(server_process, make_player):
    white, black = make_player("stale-w"), make_player("stale-b")
    arrange_game(server_process, white, black)
    box = black.page.get_by_label("Type a move")
    box.fill("Dc4Dc3")
    box.press("Enter")
    expect(black.page.locator(".game-error")).to_contain_text("It is not your turn yet")
    white.click_move("Bb2Cb2")
    expect(black.page.locator(".status-line").first).to_have_text("Your turn.")
    expect(black.page.locator(".game-error")).to_have_text("")


def test_a_refused_typed_move_is_forgotten_when_the_view_changes(server_process, make_player):
    white, black = make_player("view-w"), make_player("view-b")
    arrange_game(server_process, white, black)
    box = white.page.get_by_label("Type a move")
    box.fill("hello world")
    box.press("Enter")
    expect(white.page.locator(".game-error")).to_contain_text("is not a move")
    white.page.get_by_role("button", name="Cube (3D)").click()
    expect(white.page.locator(".game-error")).to_have_text("")
