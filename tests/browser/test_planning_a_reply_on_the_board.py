"""A player plans a reply on the board while the opponent is to move ("if they play X, I reply
Y"); when the opponent plays X, Y appears at once on both boards without the planner acting."""
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import arrange_game

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]


def test_a_planned_reply_is_played_when_the_opponent_plays_the_move(make_player,
                                                                    server_process):
    white, black = make_player("white"), make_player("black")
    arrange_game(server_process, white, black)
    white.click_move("Bb2Bb3")
    expect(black.page.locator("#game")).to_have_attribute("data-ply", "1")

    panel = white.page.locator(".conditional-panel")
    expect(white.page.locator("#game")).to_have_attribute("data-ply", "1")
    panel.get_by_role("button", name="Plan a line on the board").click()
    # The panel is ready once the server's position for the line is on the board.
    expect(panel).to_have_attribute("data-ready", "true")
    white.cell("Db4").click()  # their move...
    white.cell("Db3").click()
    expect(panel.get_by_role("button", name="Undo last")).to_be_visible()
    expect(panel).to_have_attribute("data-ready", "true")
    white.cell("Bc2").click()  # ...and my reply
    white.cell("Bc3").click()
    expect(panel).to_have_attribute("data-ready", "true")
    panel.get_by_role("button", name="Save line").click()
    expect(panel.locator(".conditional-lines li")).to_have_count(1)
    # In the move list's notation (issue 29 item 13), not coordinates.
    expect(panel.locator(".conditional-lines li")).to_contain_text("if Db4-Db3 → Bc2-Bc3")
    # The opponent never sees it.
    expect(black.page.locator(".conditional-lines li")).to_have_count(0)

    black.click_move("Db4Db3")

    for player in (white, black):
        expect(player.page.locator("#game")).to_have_attribute("data-ply", "3")
        expect(player.page.locator(".move-list")).to_contain_text("Bc2-Bc3")
    expect(panel.locator(".conditional-lines li")).to_have_count(0)


def test_a_finished_game_offers_no_planning(make_player, server_process):
    # Issue 29 item 13: a finished game still said "Plan replies while your opponent is to move".
    white, black = make_player("fin-w"), make_player("fin-b")
    arrange_game(server_process, white, black)
    expect(white.page.locator(".conditional-panel")).to_be_visible()
    white.page.once("dialog", lambda dialog: dialog.accept())
    white.page.get_by_role("button", name="Resign").click()
    expect(white.page.locator("#game")).to_have_attribute("data-status", "finished")
    expect(white.page.locator(".conditional-panel")).to_be_hidden()
    expect(white.page.get_by_text("Plan replies while your opponent is to move")).to_have_count(0)
    white.page.reload()
    expect(white.page.locator(".conditional-panel")).to_be_hidden()
