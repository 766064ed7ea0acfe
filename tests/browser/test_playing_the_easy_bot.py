"""A user challenges the Easy bot from the new-game page, plays a move and sees the bot's
reply appear on the board without reloading."""
import re

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]

BOT_REPLY_TIMEOUT_MS = 90_000  # the Easy bot searches briefly, but CI machines are slow


def test_the_easy_bot_answers_a_move(make_player):
    player = make_player("botfan")
    player.sign_up()
    player.goto("/new/")
    page = player.page
    page.get_by_label("A bot").check()
    easy = page.locator("label.bot-card", has_text="Easy")
    expect(easy).to_contain_text("level 1")
    easy.click()
    page.get_by_label("Your colour").select_option("white")
    page.get_by_role("button", name="Create").click()
    page.wait_for_url(re.compile(r"/games/[A-Za-z0-9]+/$"))

    expect(page.locator(".players")).to_contain_text("easy-bot")
    expect(page.locator(".conn-status")).to_have_text("Live")
    expect(page.locator(".thinking")).to_be_hidden()
    # The bot may answer within milliseconds: record whether "Bot is thinking" ever showed.
    page.evaluate("""() => {
        const note = document.querySelector(".thinking");
        window.sawThinking = false;
        new MutationObserver(() => { if (!note.hidden) window.sawThinking = true; })
            .observe(note, { attributes: true, attributeFilter: ["hidden"] });
    }""")
    player.click_move("Bc2Cc2")

    # The bot's reply arrives over the websocket. No check for ply 1 in between: on an idle
    # machine the reply can land before the page is polled at ply 1 (seen in a CI run).
    expect(page.locator("#game")).to_have_attribute("data-ply", "2", timeout=BOT_REPLY_TIMEOUT_MS)
    expect(page.locator(".thinking")).to_be_hidden()
    assert page.evaluate("window.sawThinking") is True
    expect(page.locator(".move-list li")).to_have_count(1)
    expect(page.locator(".move-list .mv")).to_have_count(2)
    reply_to = page.locator(".cell.last-to")
    expect(reply_to).to_have_count(1)
    expect(reply_to).to_have_accessible_name(re.compile(r"^[A-E][a-e][1-5], black "))
    expect(page.locator(".status-line").first).to_have_text("Your turn.")
    player.screenshot("game-page-against-easy-bot.png")
