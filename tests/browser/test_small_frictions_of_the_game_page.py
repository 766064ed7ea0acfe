"""The small frictions a new player met on the game page: readable notation in the move box,
Enter on the opponent's turn, the draw-decline message, errors that float instead of pushing
the board, the keyboard hint after the game, and a long username in the header."""
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import arrange_game

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]


def board_top(player) -> float:
    return player.page.locator(".board-root").bounding_box()["y"]


def test_the_move_box_takes_the_notation_of_the_move_list(server_process, make_player):
    white, black = make_player("box-w"), make_player("box-b")
    arrange_game(server_process, white, black)
    box = white.page.get_by_label("Type a move")
    box.fill("bc2-cc2")
    box.press("Enter")
    expect(black.page.locator("#game")).to_have_attribute("data-ply", "1")
    expect(white.page.locator(".move-list")).to_contain_text("Bc2-Cc2")


def test_enter_on_the_opponents_turn_says_so_without_moving_the_board(server_process,
                                                                      make_player):
    white, black = make_player("turn-w"), make_player("turn-b")
    arrange_game(server_process, white, black)
    top = board_top(black)
    box = black.page.get_by_label("Type a move")
    box.fill("Dc4Dc3")
    box.press("Enter")
    expect(black.page.locator(".game-error")).to_have_text(
        "It is not your turn yet: wait for your opponent's move.")
    assert board_top(black) == top  # the message floats over, the board stays put
    # A malformed move gets one sentence, and the board still does not move.
    white.page.get_by_label("Type a move").fill("Bc2~Cc2")
    top = board_top(white)
    white.page.get_by_label("Type a move").press("Enter")
    expect(white.page.locator(".game-error")).to_contain_text("is not a move; type it as")
    assert board_top(white) == top


def test_the_offering_player_hears_that_the_draw_was_declined(server_process, make_player):
    white, black = make_player("dec-w"), make_player("dec-b")
    arrange_game(server_process, white, black)
    white.page.get_by_role("button", name="Offer draw").click()
    black.page.get_by_role("button", name="Decline draw").click()
    expect(white.page.locator(".draw-note")).to_have_text("Your draw offer was declined.")
    expect(white.page.get_by_role("button", name="Offer draw")).to_be_visible()


def test_the_keyboard_hint_goes_when_the_game_ends(server_process, make_player):
    white, black = make_player("hint-w"), make_player("hint-b")
    arrange_game(server_process, white, black)
    expect(white.page.locator(".keyboard-hint")).to_be_visible()
    white.page.once("dialog", lambda dialog: dialog.accept())
    white.page.get_by_role("button", name="Resign").click()
    expect(white.page.locator("#game")).to_have_attribute("data-status", "finished")
    expect(white.page.locator(".keyboard-hint")).to_be_hidden()


def test_a_long_username_stays_inside_the_header(make_player):
    player = make_player("x" * 60, viewport={"width": 390, "height": 844})
    player.sign_up()
    overflow = player.page.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0
    # On a phone the header is one line whose links scroll sideways (issue 29 item 7): the
    # name is reached by scrolling that line, and then it fits the screen.
    player.page.locator(".user-link").scroll_into_view_if_needed()
    link = player.page.locator(".user-link").bounding_box()
    assert link["x"] >= 0 and link["x"] + link["width"] <= 390


def test_the_keyboard_hint_is_not_shown_on_a_touch_screen(server_process, make_player):
    white = make_player("touch-w", viewport={"width": 390, "height": 844}, touch=True)
    black = make_player("touch-b")
    arrange_game(server_process, white, black)
    expect(white.page.locator(".keyboard-hint")).to_be_hidden()
    expect(black.page.locator(".keyboard-hint")).to_be_visible()
    # And the board plays by tapping.
    white.cell("Bc2").tap()
    expect(white.page.get_by_role("button", name="Level C, 1 target")).to_be_visible()
