"""The lobby, live: a seek posted in one browser appears in a second browser's lobby without a
reload, and disappears from it when a third player takes it."""
import re

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]


def test_a_seek_appears_live_and_disappears_when_taken(make_player):
    seeker, watcher, taker = make_player("seeker"), make_player("watcher"), make_player("taker")
    for player in (seeker, watcher, taker):
        player.sign_up()
    watcher.goto("/")
    expect(watcher.page.locator("[data-turn-count]")).to_have_attribute("data-socket", "live")
    seek_rows = watcher.page.locator("#lobby tr[data-seek]", has_text=seeker.username)
    expect(seek_rows).to_have_count(0)

    seeker.goto("/new/")
    seeker.page.get_by_label("Anyone in the lobby (a public seek)").check()
    seeker.page.get_by_label("Your colour").select_option("white")
    seeker.page.get_by_role("button", name="Create").click()
    seeker.page.wait_for_url(re.compile(r"/$"))
    expect(seeker.page.locator("#lobby tr[data-seek]", has_text=seeker.username)).to_have_count(1)

    # No reload in the watcher's browser: the notification socket brought the seek.
    expect(seek_rows).to_have_count(1)
    expect(seek_rows.first).to_contain_text("new to this game")  # no rated game of it yet
    expect(seek_rows.first).to_contain_text("Rated")

    taker.goto("/")
    taker.page.locator("#lobby tr[data-seek]", has_text=seeker.username).get_by_role(
        "button", name="Play").click()
    taker.page.wait_for_url(re.compile(r"/games/[A-Za-z0-9]+/$"))
    expect(taker.page.locator(".player-white")).to_have_text(seeker.username)
    expect(taker.page.locator(".player-black")).to_have_text(taker.username)

    expect(seek_rows).to_have_count(0)  # gone from the watcher's lobby, again without a reload
    watcher.screenshot("lobby-after-seek-taken.png")
