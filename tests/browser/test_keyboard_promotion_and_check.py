"""Keyboard play (roving focus over the cell buttons, PageUp/PageDown between levels), a typed
move, the promotion picker, and the checked king's highlight, in a real browser."""
import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import arrange_game

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]

# White pawn on Dd5 promotes on Ed5; a queen there checks the black king on Ea5 along rank 5.
PROMOTION_FEN = "k4/5/5/5/5|3P1/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/4K w 0 1"


def test_a_move_can_be_played_with_the_keyboard_and_typed(server_process, make_player):
    white, black = make_player("keys-w"), make_player("keys-b")
    arrange_game(server_process, white, black)
    page = white.page
    start = page.locator('.cell[tabindex="0"]')
    expect(start).to_have_count(1)  # one tab stop for the whole board
    start.focus()
    expect(start).to_have_accessible_name("Aa1, white rook")
    for key in ("ArrowRight", "ArrowRight", "ArrowUp", "PageUp"):
        page.keyboard.press(key)
    expect(page.locator(".cell:focus")).to_have_accessible_name("Bc2, white pawn")
    page.keyboard.press("Enter")
    expect(white.cell("Bc2")).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".cell.dest")).to_have_count(2)  # Bc3 forward, Cc2 up
    page.keyboard.press("PageUp")
    expect(page.locator(".cell:focus")).to_have_accessible_name("Cc2, empty")
    page.keyboard.press("Enter")
    for player in (white, black):
        expect(player.page.locator("#game")).to_have_attribute("data-ply", "1")
        expect(player.cell("Cc2")).to_have_accessible_name("Cc2, white pawn")

    # Black types a move into the move box instead.
    expect(black.page.locator("#game")).to_have_attribute("data-ready", "true")
    black.page.get_by_label("Type a move").fill("Dc4Cc4")
    black.page.get_by_label("Type a move").press("Enter")
    for player in (white, black):
        expect(player.page.locator("#game")).to_have_attribute("data-ply", "2")
        expect(player.cell("Cc4")).to_have_accessible_name("Cc4, black pawn")

    # A typed illegal move is refused with the server's reason and changes nothing.
    expect(page.locator("#game")).to_have_attribute("data-ready", "true")
    page.get_by_label("Type a move").fill("Aa1Ca1")
    page.get_by_label("Type a move").press("Enter")
    expect(page.locator(".game-error")).to_contain_text("illegal")
    expect(page.locator("#game")).to_have_attribute("data-ply", "2")


def test_the_promotion_picker_and_the_checked_king(server_process, make_player):
    white, black = make_player("promo-w"), make_player("promo-b")
    arrange_game(server_process, white, black, fen=PROMOTION_FEN)
    page = white.page
    white.cell("Dd5").click()
    white.cell("Ed5").click()
    picker = page.get_by_role("dialog", name="Choose a promotion piece")
    expect(picker).to_be_visible()
    for kind in ("queen", "rook", "bishop", "knight", "unicorn"):
        expect(picker.get_by_role("button", name=f"Promote to {kind}")).to_be_visible()
    white.screenshot("promotion-picker.png")

    # Cancelling plays nothing.
    picker.get_by_role("button", name="Cancel").click()
    expect(picker).to_be_hidden()
    expect(page.locator("#game")).to_have_attribute("data-ply", "0")

    white.cell("Dd5").click()
    white.cell("Ed5").click()
    picker.get_by_role("button", name="Promote to queen").click()
    for player in (white, black):
        expect(player.page.locator("#game")).to_have_attribute("data-ply", "1")
        expect(player.cell("Ed5")).to_have_accessible_name("Ed5, white queen")
        expect(player.page.locator(".move-list")).to_contain_text("Dd5-Ed5=Q+")
        checked = player.page.locator(".cell.check")
        expect(checked).to_have_count(1)
        expect(checked).to_have_accessible_name("Ea5, black king")
    black.screenshot("game-page-check.png")


# The queen's step up to Bb1 checks the king on Ca1, which has no escape on level C itself:
# a boardmate, written ++ (found with the engine).
BOARDMATE_FEN = "5/5/5/5/5|5/5/5/5/5|5/5/5/5/k4|5/5/5/5/5|4K/5/5/5/1Q3 w 0 30"


def test_a_boardmate_is_marked_in_the_move_list(server_process, make_player):
    white, black = make_player("bm-w"), make_player("bm-b")
    arrange_game(server_process, white, black, fen=BOARDMATE_FEN)
    white.click_move("Ab1Bb1")
    for player in (white, black):
        expect(player.page.locator("#game")).to_have_attribute("data-ply", "1")
        expect(player.page.locator(".move-list li")).to_have_text(re.compile(r"^30\.\s*QAb1-Bb1\+\+$"))
        expect(player.page.locator(".move-list abbr.boardmate")).to_have_attribute(
            "title", "boardmate")
        expect(player.page.locator(".cell.check")).to_have_accessible_name("Ca1, black king")
    expect(black.page.locator(".status-line").first).to_have_text("Your turn.")
