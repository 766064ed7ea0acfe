"""A chat line with markup in it reaches the other player as the very characters typed:
nothing in it is run or rendered (and the CSP sees no violation: make_player checks)."""
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import arrange_game

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]

HOSTILE = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2"><b>hi</b>'


def test_script_in_a_chat_message_is_shown_as_text(make_player, server_process):
    white, black = make_player("white"), make_player("black")
    arrange_game(server_process, white, black)

    white.page.get_by_role("textbox", name="Chat message").fill(HOSTILE)
    white.page.get_by_role("button", name="Send").click()

    for player in (white, black):
        line = player.page.locator(".chat-lines li").last
        expect(line).to_have_text(f"{white.username}: {HOSTILE}")
        markup = player.page.locator(".chat-lines script, .chat-lines img, .chat-lines b")
        assert markup.count() == 0
        assert player.page.evaluate("window.__pwned") is None
