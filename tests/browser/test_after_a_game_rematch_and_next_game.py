"""When a game ends, its page offers "Next game where it's your turn" and "Rematch"; a rematch
is a challenge to the same opponent with the colours swapped."""
import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import arrange_game

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]


def test_the_buttons_appear_when_the_game_ends_and_rematch_challenges(make_player,
                                                                      server_process):
    white, black = make_player("white"), make_player("black")
    arrange_game(server_process, white, black)
    for player in (white, black):
        expect(player.page.get_by_role("button", name="Rematch")).to_be_hidden()

    white.page.once("dialog", lambda dialog: dialog.accept())
    white.page.get_by_role("button", name="Resign").click()

    for player in (white, black):  # the loser by clicking, the winner live over the socket
        expect(player.page.get_by_role("button", name="Rematch")).to_be_visible()
        next_game = player.page.get_by_role("link", name="Next game where it's your turn")
        expect(next_game).to_be_visible()
    white.page.get_by_role("button", name="Rematch").click()
    white.page.wait_for_url(re.compile(r"/challenges/[^/]+/$"))
    expect(white.page.locator("main")).to_contain_text(black.username)

    black.page.get_by_role("link", name="Next game where it's your turn").click()
    black.page.wait_for_url(re.compile(r"/$"))  # no game waits for black: home
