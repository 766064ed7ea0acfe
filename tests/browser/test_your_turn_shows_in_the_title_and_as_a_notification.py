"""When the opponent moves, a player elsewhere on the site sees "(1) your turn" in the tab
title and gets a browser notification (the notifications permission granted, as after the
user allowed it). The page's Notification calls are recorded by a wrapper installed before
any page script runs; the real Notification is still called."""
import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import arrange_game

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]

RECORD_NOTIFICATIONS = """
(() => {
  const Real = window.Notification;
  if (!Real) return;
  window.__notifications = [];
  class Recorded extends Real {
    constructor(title, options) {
      window.__notifications.push({ title, body: options && options.body });
      super(title, options);
    }
  }
  window.Notification = Recorded;
})();
"""


def test_the_title_and_a_notification_say_it_is_your_turn(make_player, server_process):
    white, black = make_player("white"), make_player("black")
    black.context.grant_permissions(["notifications"], origin=server_process.url)
    black.context.add_init_script(RECORD_NOTIFICATIONS)
    arrange_game(server_process, white, black)

    # Black waits on the home page; nothing is theirs to play yet.
    black.goto("/")
    expect(black.page.locator("[data-turn-count]")).to_have_attribute("data-socket", "live")
    expect(black.page).not_to_have_title(re.compile("your turn"))
    # Permission already granted: no "Turn on notifications" button to press.
    expect(black.page.locator("[data-enable-notifications]")).to_be_hidden()

    white.click_move("Bb2Bb3")

    expect(black.page).to_have_title(re.compile(r"^\(1\) your turn · "))
    black.page.wait_for_function("() => window.__notifications && window.__notifications.length > 0")
    [note] = black.page.evaluate("window.__notifications")
    assert note["title"] == "Your turn in Raumschach"
    assert "Bb2-Bb3" in note["body"]
    # The mover's own tab says nothing of a turn.
    expect(white.page).not_to_have_title(re.compile("your turn"))


def test_without_permission_the_page_offers_to_turn_notifications_on(make_player, server_process):
    player = make_player("asker")
    player.sign_up()
    expect(player.page.get_by_role("button", name="Turn on notifications")).to_be_visible()
