"""The 2D/3D choice is remembered per game (issue 39): choosing 3D in a Raumschach game opens
the next Raumschach game in 3D but a Five Up game still in 2D; and choosing 3D in a rules
page's piece demo (or a worked example's board) opens no game in 3D (it did: the demo wrote
the games' preference)."""
import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import arrange_game

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]


def view_of(page) -> str:
    view = page.locator("#game .board-view")
    expect(view).to_have_attribute("data-view", re.compile(r"^(2d|3d)$"))
    # A remembered 3D is switched to once three.js has come: wait until nothing more loads.
    page.wait_for_load_state("networkidle")
    return view.get_attribute("data-view")


def test_a_demos_3d_opens_no_game_in_3d_and_a_games_choice_is_its_own(server_process, make_player):
    white, black = make_player("pref-w"), make_player("pref-b")
    game_id = arrange_game(server_process, white, black, variant="startrek")
    page = white.page
    assert view_of(page) == "2d"
    # The rules page's demo of the same game, turned to 3D there.
    white.goto("/rules/startrek/")
    demo = page.locator("#piece-demo")
    demo.locator('.view-switch [data-view="3d"]').click()
    expect(demo.locator(".board-view")).to_have_attribute("data-view", "3d")
    white.goto(f"/games/{game_id}/")
    assert view_of(page) == "2d"
    # The demo keeps its own choice.
    white.goto("/rules/startrek/")
    expect(page.locator("#piece-demo .board-view")).to_have_attribute("data-view", "3d")
    # A game's 3D is kept for that game's variant only.
    white.goto(f"/games/{game_id}/")
    page.locator('#game .view-switch [data-view="3d"]').click()
    expect(page.locator("#game .board-view")).to_have_attribute("data-view", "3d")
    white.goto(f"/games/{game_id}/")
    assert view_of(page) == "3d"
    other = arrange_game(server_process, make_player("pref-w2"), make_player("pref-b2"), variant="fiveup")
    white.goto(f"/games/{other}/")  # white is no player here: a spectator's page, same board
    assert view_of(page) == "2d"
