"""A game played and resigned in the browser is found through the archive filters and
replayed forwards and backwards with the buttons, the arrow keys and the move list."""
import re
from datetime import datetime, timezone

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]

MOVES = ["Bc2Cc2", "Dc4Cc4", "Ab1Aa3", "Eb5Ea3"]


def start_game(white, black) -> str:
    white.goto("/new/")
    white.page.get_by_label("Username").fill(black.username)
    white.page.get_by_label("Your colour").select_option("white")
    white.page.get_by_label("Time per move").select_option("")  # no time limit
    white.page.get_by_role("button", name="Create").click()
    black.goto("/")
    black.page.locator("#incoming-challenges").get_by_role("button", name="Accept").click()
    black.page.wait_for_url(re.compile(r"/games/[A-Za-z0-9]+/$"))
    white.goto(black.page.url.removeprefix(white.base))
    return black.page.url


def test_a_finished_game_is_found_in_the_archive_and_replayed(make_player):
    white, black = make_player("arch-w"), make_player("arch-b")
    white.sign_up()
    black.sign_up()
    game_url = start_game(white, black)
    public_id = re.search(r"/games/([A-Za-z0-9]+)/", game_url).group(1)  # the page's URL
    game_id = black.page.locator("#game").get_attribute("data-game")  # its public id, as the archive row names it
    for ply, move in enumerate(MOVES, start=1):
        mover = white if ply % 2 else black
        mover.click_move(move)
        for player in (white, black):
            expect(player.page.locator("#game")).to_have_attribute("data-ply", str(ply))

    # Black resigns (confirming the browser's dialog); both pages show the result live.
    black.page.once("dialog", lambda dialog: dialog.accept())
    black.page.get_by_role("button", name="Resign").click()
    for player in (white, black):
        expect(player.page.locator(".status-line").first).to_have_text("White won by resignation.")
        expect(player.page.locator("#game")).to_have_attribute("data-status", "finished")
        expect(player.page.get_by_role("button", name="Resign")).to_be_hidden()

    # The archive, filtered down to this one game.
    page = white.page
    white.goto("/archive/")
    page.get_by_label("Player").fill(white.username)
    page.get_by_label("Opponent").fill(black.username)
    page.get_by_label("Result").select_option("won")
    page.get_by_label("Against").select_option("humans")
    today = datetime.now(timezone.utc).date().isoformat()
    page.get_by_label("Ended from").fill(today)
    page.get_by_label("Ended until").fill(today)
    page.get_by_role("button", name="Filter").click()
    rows = page.locator("#archive-games tbody tr")
    expect(rows).to_have_count(1)
    expect(rows.first).to_have_attribute("data-game", game_id)
    expect(rows.first).to_contain_text("1-0")
    expect(rows.first).to_contain_text("Resign")
    white.screenshot("archive-filtered.png")

    # A filter that excludes it: the same players, but Black won.
    page.get_by_label("Result").select_option("black")
    page.get_by_role("button", name="Filter").click()
    expect(page.locator("#archive-games")).to_have_count(0)
    expect(page.get_by_text("No finished games match these filters.")).to_be_visible()
    page.go_back()

    # Replay: starts at the initial position; forwards and backwards by keys and buttons.
    page.locator("#archive-games").get_by_role("link", name="Replay").click()
    page.wait_for_url(re.compile(rf"/games/{public_id}/replay/"))
    replay = page.locator("#replay")
    expect(replay).to_have_attribute("data-ply", "0")
    expect(white.cell("Bc2")).to_have_accessible_name("Bc2, white pawn")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(replay).to_have_attribute("data-ply", "2")
    expect(white.cell("Cc2")).to_have_accessible_name("Cc2, white pawn")
    expect(white.cell("Cc4")).to_have_accessible_name("Cc4, black pawn")
    expect(white.cell("Dc4")).to_have_accessible_name("Dc4, empty")
    page.keyboard.press("ArrowLeft")
    expect(replay).to_have_attribute("data-ply", "1")
    expect(white.cell("Dc4")).to_have_accessible_name("Dc4, black pawn")
    page.get_by_role("button", name="Final position").click()
    expect(replay).to_have_attribute("data-ply", "4")
    expect(white.cell("Ea3")).to_have_accessible_name("Ea3, black knight")
    expect(page.get_by_role("button", name="Next move")).to_be_disabled()
    page.get_by_role("button", name="Previous move").click()
    expect(replay).to_have_attribute("data-ply", "3")
    expect(white.cell("Ea3")).to_have_accessible_name("Ea3, empty")
    expect(white.cell("Aa3")).to_have_accessible_name("Aa3, white knight")
    page.locator(".move-list").get_by_role("button", name=re.compile("Dc4-Cc4")).click()
    expect(replay).to_have_attribute("data-ply", "2")
    expect(page.locator(".move-list .mv.current")).to_have_text("Dc4-Cc4")
    page.keyboard.press("Home")
    expect(replay).to_have_attribute("data-ply", "0")
    expect(page.get_by_role("button", name="Previous move")).to_be_disabled()
    page.keyboard.press("End")
    expect(replay).to_have_attribute("data-ply", "4")
    white.screenshot("replay-page.png")

    # The text export it links to.
    href = page.get_by_role("link", name="Text export").get_attribute("href")
    export = page.request.get(white.base + href)
    assert export.ok
    assert "1. Bc2-Cc2 Dc4-Cc4 2. NAb1-Aa3 NEb5-Ea3 1-0" in export.text()
