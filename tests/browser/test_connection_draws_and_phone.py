"""The websocket's reconnecting state and catch-up, and draw offers arriving live, in a real
browser (the phone layout: test_the_phone_layout_plays.py)."""
import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import arrange_game

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]

PHONE = {"width": 390, "height": 844}


def test_a_dropped_socket_shows_reconnecting_then_catches_up_with_since(server_process,
                                                                         make_player):
    white, black = make_player("drop-w"), make_player("drop-b")
    # Black's game socket goes through a proxy the test can cut and block.
    link = {"blocked": False, "open": [], "urls": []}

    def proxy(route):
        link["urls"].append(route.url)
        if link["blocked"]:
            route.close(code=1013)  # "try again later": the client must keep retrying
            return
        route.connect_to_server()
        link["open"].append(route)

    black.page.route_web_socket(re.compile(r"/ws/games/[A-Za-z0-9]+/"), proxy)
    arrange_game(server_process, white, black)
    status = black.page.locator(".conn-status")

    link["blocked"] = True
    link["open"][-1].close(code=1012)  # the connection drops
    expect(status).to_have_text("Reconnecting…")
    expect(status).to_have_attribute("data-state", "reconnecting")

    white.click_move("Bc2Cc2")  # played while Black is cut off
    expect(white.page.locator("#game")).to_have_attribute("data-ply", "1")
    expect(black.page.locator("#game")).to_have_attribute("data-ply", "0")

    link["blocked"] = False
    expect(status).to_have_text("Live")
    expect(black.page.locator("#game")).to_have_attribute("data-ply", "1")
    expect(black.cell("Cc2")).to_have_accessible_name("Cc2, white pawn")
    assert link["urls"][-1].endswith("?since=0"), link["urls"]
    # And the board works again: Black can answer.
    black.click_move("Dc4Cc4")
    expect(white.page.locator("#game")).to_have_attribute("data-ply", "2")


def test_a_draw_offer_arrives_live_and_can_be_accepted(server_process, make_player):
    white, black = make_player("draw-w"), make_player("draw-b")
    arrange_game(server_process, white, black)
    white.page.get_by_role("button", name="Offer draw").click()
    expect(white.page.locator(".draw-note")).to_have_text("You offered a draw.")
    expect(black.page.locator(".draw-note")).to_have_text("Your opponent offers a draw.")
    black.page.get_by_role("button", name="Accept draw").click()
    for player in (white, black):
        expect(player.page.locator(".status-line").first).to_have_text("Draw by agreement.")
        expect(player.page.locator(".conn-status")).to_have_text("Game over")
        expect(player.page.get_by_role("button", name="Offer draw")).to_be_hidden()
