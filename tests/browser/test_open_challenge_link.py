"""An open challenge link: the challenger shares it, a visitor logs in through it and accepts,
and the challenger's waiting page follows into the game by itself."""
import re

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]


def test_an_open_challenge_link_starts_a_game_for_both(make_player):
    host, guest = make_player("host"), make_player("guest")
    host.sign_up()
    host.goto("/new/")
    host.page.get_by_label("Anyone with a link (open challenge)").check()
    host.page.get_by_label("Your colour").select_option("black")
    host.page.get_by_role("button", name="Create").click()
    link = host.page.get_by_label("Share this link:").input_value()
    assert re.fullmatch(rf"{re.escape(host.base)}/challenges/[\w-]+/", link), link
    # The notification socket is up before anyone accepts.
    expect(host.page.locator("[data-turn-count]")).to_have_attribute("data-socket", "live")

    # The guest follows the link, has to log in first (signs up, then comes back to it).
    guest.page.goto(link)
    guest.page.wait_for_url(re.compile(r"/login/\?next="))
    guest.sign_up()
    guest.page.goto(link)
    guest.page.get_by_role("button", name="Accept and play").click()
    guest.page.wait_for_url(re.compile(r"/games/\d+/$"))

    host.page.wait_for_url(guest.page.url)  # no reload: the notification brought the host here
    expect(host.page.locator(".player-black")).to_have_text(host.username)
    expect(host.page.locator(".player-white")).to_have_text(guest.username)
    expect(guest.page.locator(".status-line").first).to_have_text("Your turn.")
