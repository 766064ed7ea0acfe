"""Issue 38, finding 6, in a real browser: when the server loses Redis it closes the game's
socket with 4503 (and closes new ones the same way while Redis is away: core/layer.py). That is
no refusal: the page shows "Reconnecting…", keeps trying (backing off), and once served again
catches up with ?since=. (The server side, with a real Redis stopped for 30 s, is
tests/chaos/test_an_open_socket_hears_of_a_redis_outage_and_gets_every_move_after.py.)"""
import re

import pytest
from playwright.sync_api import expect

from core.layer import CLOSE_LAYER_GAP
from tests.browser.conftest import arrange_game

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]


def test_a_socket_closed_with_4503_reconnects_and_catches_up(server_process, make_player):
    white, black = make_player("gap-w"), make_player("gap-b")
    link = {"away": False, "open": [], "urls": []}

    def proxy(route):
        link["urls"].append(route.url)
        if link["away"]:
            route.close(code=CLOSE_LAYER_GAP)  # as the server does while Redis is away
            return
        route.connect_to_server()
        link["open"].append(route)

    black.page.route_web_socket(re.compile(r"/ws/games/[A-Za-z0-9]+/"), proxy)
    arrange_game(server_process, white, black)
    status = black.page.locator(".conn-status")
    expect(status).to_have_text("Live")

    link["away"] = True
    link["open"][-1].close(code=CLOSE_LAYER_GAP)
    expect(status).to_have_text("Reconnecting…")
    white.click_move("Bc2Cc2")  # stored while Black's page hears nothing
    expect(white.page.locator("#game")).to_have_attribute("data-ply", "1")
    tries = len(link["urls"])
    for _ in range(60):  # the back-off grows to at most 15 s; the next try comes well before
        if len(link["urls"]) > tries:
            break
        black.page.wait_for_timeout(250)
    assert len(link["urls"]) > tries, "the page stopped retrying after a 4503"
    expect(status).to_have_text("Reconnecting…")  # never "Offline": 4503 is no refusal

    link["away"] = False
    expect(status).to_have_text("Live", timeout=20_000)
    expect(black.page.locator("#game")).to_have_attribute("data-ply", "1")
    assert link["urls"][-1].endswith("?since=0"), link["urls"]
