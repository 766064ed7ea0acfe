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


def test_a_paste_over_the_limit_is_kept_and_named_not_cut(make_player, server_process):
    # Issue 29 item 15: the box's maxlength cut a long paste to 500 characters without a word.
    white, black = make_player("paste-w"), make_player("paste-b")
    arrange_game(server_process, white, black)
    box = white.page.get_by_role("textbox", name="Chat message")
    box.focus()
    white.page.keyboard.insert_text("x" * 600)  # what a paste does
    assert len(box.input_value()) == 600
    expect(white.page.locator(".chat-error")).to_have_text(
        "Too long: 600 characters; a line has at most 500.")
    white.page.get_by_role("button", name="Send").click()
    expect(white.page.locator(".chat-lines li")).to_have_count(0)
    box.fill("short")
    expect(white.page.locator(".chat-error")).to_have_text("")
