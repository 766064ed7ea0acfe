"""An open challenge link: the challenger shares it, a visitor without an account sees what it
is, signs up through it and accepts, and the challenger's waiting page follows into the game by
itself."""
import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PASSWORD

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

    host.page.get_by_role("button", name="Copy link").click()
    expect(host.page.locator(".copy-status")).to_have_text(re.compile(r"Copied|Select the link"))

    # The guest follows the link without an account: the page names the challenge and who sent
    # it (issue 29 item 5), and the sign-up it offers brings them back to the challenge.
    guest.page.goto(link)
    expect(guest.page.get_by_role("heading", level=1)).to_have_text(
        f"{host.username} challenges you to a game of Raumschach")
    expect(guest.page.locator("#challenge")).to_contain_text(f"{host.username} plays black")
    guest.page.get_by_role("link", name="Create an account").click()
    guest.page.get_by_label("Username").fill(guest.username)
    guest.page.get_by_label("Password", exact=True).fill(PASSWORD)
    guest.page.get_by_label("Password (again)").fill(PASSWORD)
    guest.page.get_by_role("button", name="Sign up").click()
    guest.page.wait_for_url(link)
    guest.page.get_by_role("button", name="Accept and play").click()
    guest.page.wait_for_url(re.compile(r"/games/[A-Za-z0-9]+/$"))

    host.page.wait_for_url(guest.page.url)  # no reload: the notification brought the host here
    expect(host.page.locator(".player-black")).to_have_text(host.username)
    expect(host.page.locator(".player-white")).to_have_text(guest.username)
    expect(guest.page.locator(".status-line").first).to_have_text("Your turn.")
