"""A tournament in the browser: one player creates it from /tournaments/ and joins; a second
player, in another browser, joins too and the first player's page shows them without a reload;
the creator starts it, and when the second player resigns the game on its page, the creator's
standings, crosstable and result move live (ws/tournaments/<id>/) to the tournament's end."""
import re

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]


def test_a_tournament_is_created_joined_and_its_standings_move_live(make_player):
    host, guest = make_player("host"), make_player("guest")
    host.sign_up()
    guest.sign_up()

    host.goto("/tournaments/")
    form = host.page.locator("#create-tournament")
    form.get_by_label("Name").fill(f"Cup of {host.username}")
    form.get_by_label("Game").select_option("raumschach")
    form.get_by_label("System").select_option("round-robin")
    form.get_by_label("Days per move").select_option("3")
    form.get_by_label("Most players").fill("2")
    form.get_by_role("button", name="Create").click()
    host.page.wait_for_url(re.compile(r"/tournaments/[A-Za-z0-9]+/$"))
    tournament_url = host.page.url
    host.page.get_by_role("button", name="Join").click()
    standings = host.page.locator("#standings tbody tr[data-player]")
    expect(standings).to_have_count(1)
    expect(host.page.locator("[data-socket-status]")).to_have_attribute("data-socket", "live")

    # The guest joins in their own browser; the host's page, not reloaded, shows it.
    host.page.evaluate("window.__notReloaded = true")
    guest.page.goto(tournament_url)
    guest.page.get_by_role("button", name="Join").click()
    expect(guest.page.locator("#standings tbody tr[data-player]")).to_have_count(2)
    expect(standings).to_have_count(2)
    expect(host.page.locator('[data-field="nb_players"]')).to_have_text("2")
    assert host.page.evaluate("window.__notReloaded") is True

    host.page.get_by_role("button", name="Start now").click()
    expect(host.page.locator('[data-field="status"]')).to_have_attribute("data-status", "started")
    game_link = host.page.locator("#pairings a")
    expect(game_link).to_have_count(1)
    expect(game_link).to_have_text("playing")
    host.page.evaluate("window.__notReloaded = true")

    # The guest opens the game from the tournament page (the link back is on the game page)
    # and resigns it.
    guest.page.goto(tournament_url)
    guest.page.locator("#pairings a").click()
    guest.page.wait_for_url(re.compile(r"/games/[A-Za-z0-9]+/$"))
    expect(guest.page.locator("[data-tournament]")).to_have_attribute(
        "href", re.compile(r"/tournaments/[A-Za-z0-9]+/$"))
    guest.page.once("dialog", lambda dialog: dialog.accept())
    guest.page.get_by_role("button", name="Resign").click()
    expect(guest.page.locator("#game")).to_have_attribute("data-status", "finished")

    # The host's standings move without a reload: 1 - 0, the tournament over, its winner.
    first = host.page.locator("#standings tbody tr").first
    expect(first).to_have_attribute("data-player", host.username)
    expect(first.locator("[data-score]")).to_have_text("1")
    expect(host.page.locator('[data-field="status"]')).to_have_attribute("data-status", "finished")
    expect(host.page.locator('[data-field="winner"]')).to_have_text(host.username)
    expect(host.page.locator("#crosstable tbody tr").first).to_contain_text("1")
    expect(game_link).to_have_text(re.compile(r"^(1-0|0-1)$"))
    assert host.page.evaluate("window.__notReloaded") is True
    assert not host.errors and not guest.errors, (host.errors, guest.errors)
    host.screenshot("tournament-finished-live.png")
