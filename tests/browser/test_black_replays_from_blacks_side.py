"""The replay shows a game from the side its viewer played, as the game page does (issue 29
item 12: Black's replay was drawn from White's side while the game page was flipped)."""
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import arrange_game

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]


def a_file_is_left_of_e_file(player) -> bool:
    a = player.cell("Aa1").bounding_box()
    e = player.cell("Ae1").bounding_box()
    return a["x"] < e["x"]


def test_black_replays_from_blacks_side_and_white_from_whites(server_process, make_player):
    white, black = make_player("rep-w"), make_player("rep-b")
    game_id = arrange_game(server_process, white, black)
    assert not a_file_is_left_of_e_file(black)  # the game page, flipped for Black
    for player, side in ((white, "white"), (black, "black")):
        player.goto(f"/games/{game_id}/replay/")
        expect(player.page.locator(".board").first).to_have_attribute("data-orientation", side)
    assert a_file_is_left_of_e_file(white)
    assert not a_file_is_left_of_e_file(black)
