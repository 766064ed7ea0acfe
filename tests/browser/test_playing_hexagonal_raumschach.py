"""Hexagonal Raumschach in the browser against the real server: a whole game between two people
in 2D (White on a laptop, Black on a phone's one-level view) from a prepared position, ending
in a promotion chosen in the picker that mates; moves clicked in the 3D view (stacked hex
plates) in a game against a bot chosen on the new-game form, on a laptop and on a phone; the
rules page. Screenshots go to test-artifacts/hex-*.png."""
import json
import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS, arrange_game
from tests.browser.hex_positions import KEY, fen, legal, variant

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]

BOT_REPLY_TIMEOUT_MS = 120_000  # hex bots search on the Python core until the wide native core
PHONE = {"width": 390, "height": 844}
# Black to move: its king on Eg4 (the top level's corner), White's pawn on Df5 below the
# promotion cell Ef5, White's queen on Cf3 and king on Ag3. Black's king steps down to Dg4;
# the pawn steps up a level onto Ef5, promotes to a queen and mates (found with the engine).
PREPARED = {"Ag3": "K", "Eg4": "k", "Df5": "P", "Cf3": "Q"}
BLACK_MOVE = "Eg4Dg4"
MATE = "Df5Ef5q"


def at_ply(players, ply: int) -> None:
    for player in players:
        expect(player.page.locator("#game")).to_have_attribute("data-ply", str(ply))


def test_a_whole_hex_game_in_2d_ends_in_a_promotion_that_mates(server_process, make_player):
    start = fen(PREPARED, side="b", fullmove=30)
    assert BLACK_MOVE in legal(start)
    white = make_player("hex-w")
    black = make_player("hex-b", PHONE, touch=True)
    arrange_game(server_process, white, black, fen=start, variant=KEY)
    both = (white, black)
    page = white.page
    expect(page.locator(".variant-line")).to_contain_text("Hexagonal Raumschach")
    expect(page.locator(".cell.hex")).to_have_count(variant().geometry.ncells)
    page.screenshot(path=str(ARTIFACTS / "hex-2d-desktop-start.png"), full_page=True)

    # Black, on the phone: the strip shows one level; the piece's level first, then its target's.
    phone = black.page
    expect(phone.locator(".level.shown")).to_have_count(1)
    phone.get_by_role("button", name=re.compile(rf"^Level {BLACK_MOVE[0]}\b")).click()
    black.cell(BLACK_MOVE[:3]).click()
    phone.get_by_role("button", name=re.compile(rf"^Level {BLACK_MOVE[3]}\b")).click()
    phone.screenshot(path=str(ARTIFACTS / "hex-2d-phone-targets.png"), full_page=True)
    black.cell(BLACK_MOVE[3:6]).click()
    at_ply(both, 1)

    # White promotes through the picker: every promotion kind of the variant is offered.
    white.click_move(MATE[:6])
    picker = page.get_by_role("dialog", name="Choose a promotion piece")
    expect(picker.locator(".promotion-choices button")).to_have_count(5)
    page.screenshot(path=str(ARTIFACTS / "hex-2d-desktop-promotion.png"))
    name = {"q": "queen", "r": "rook", "b": "bishop", "n": "knight", "u": "unicorn"}[MATE[6]]
    page.get_by_role("button", name=f"Promote to {name}").click()
    for player in both:
        expect(player.page.locator("#game")).to_have_attribute("data-status", "finished")
        expect(player.page.locator(".status-line").first).to_contain_text("checkmate")
    expect(black.cell(MATE[3:6])).to_have_accessible_name(f"{MATE[3:6]}, white {name}")
    expect(page.locator(".move-list .mv").last).to_contain_text("#")
    page.screenshot(path=str(ARTIFACTS / "hex-2d-desktop-mate.png"), full_page=True)
    phone.screenshot(path=str(ARTIFACTS / "hex-2d-phone-mate.png"), full_page=True)
    # The replay draws the hexes too, the mate's check marked at its last ply.
    white.goto(page.url.removeprefix(white.base) + "replay/#ply=0")
    expect(white.cell(BLACK_MOVE[:3])).to_have_accessible_name(f"{BLACK_MOVE[:3]}, black king")
    page.keyboard.press("End")
    expect(page.locator("#replay")).to_have_attribute("data-ply", "2")
    expect(page.locator(".cell.hex.check")).to_have_accessible_name(f"{BLACK_MOVE[3:6]}, black king")
    expect(page.locator(".cell.hex.checker")).to_have_accessible_name(f"{MATE[3:6]}, white {name}")


def click_3d(player, name: str) -> None:
    expect(player.page.locator(".board3d")).to_have_attribute("data-moving", "0")  # the camera rests
    canvas = player.page.locator(".cube-canvas")
    x, y = json.loads(canvas.get_attribute("data-cells"))[name]
    canvas.click(position={"x": x, "y": y})


@pytest.mark.parametrize("screen", ["laptop", "phone"])
def test_moves_clicked_in_3d_against_a_bot_from_the_new_game_form(make_player, screen):
    phone = screen == "phone"
    player = make_player(f"hex-bot-{screen}", PHONE if phone else None, touch=phone)
    player.sign_up()
    player.goto("/new/")
    page = player.page
    page.get_by_label("Hexagonal Raumschach").check()
    page.get_by_label("A bot").check()
    page.locator("label.bot-card", has_text="Easy").click()
    page.get_by_label("Your colour").select_option("white")
    page.get_by_role("button", name="Create").click()
    page.wait_for_url(re.compile(r"/games/[A-Za-z0-9]+/$"))
    expect(page.locator(".variant-line")).to_contain_text("Hexagonal Raumschach")
    expect(page.locator(".conn-status")).to_have_text("Live")
    expect(page.locator("#game")).to_have_attribute("data-ready", "true")

    page.get_by_role("button", name="Stack (3D)").click()
    board = page.locator(".board3d")
    expect(page.locator(".cube-canvas")).to_have_attribute("data-cells", re.compile(r"\S+"))
    page.locator('[data-preset="corner"]').click()
    page.evaluate("new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    move = "Cd3Cd4"  # the centre pawn one step up its file
    click_3d(player, move[:3])
    expect(board).to_have_attribute("data-selected", move[:3])
    expect(board).to_have_attribute("data-targets", re.compile(rf"\b{move[3:6]}\b"))
    page.screenshot(path=str(ARTIFACTS / f"hex-3d-{screen}-selected.png"))
    click_3d(player, move[3:6])
    expect(page.locator("#game")).to_have_attribute("data-ply", "2", timeout=BOT_REPLY_TIMEOUT_MS)
    expect(board).to_have_attribute("data-last-move", re.compile(r"^[A-E][a-g][1-7][A-E][a-g][1-7]"))
    page.screenshot(path=str(ARTIFACTS / f"hex-3d-{screen}-bot-replied.png"))
    page.get_by_role("button", name="Levels (2D)").click()
    expect(page.locator(".cell.last-to")).to_have_accessible_name(re.compile(r", black "))
    page.screenshot(path=str(ARTIFACTS / f"hex-2d-{screen}-bot-game.png"), full_page=True)
    page.on("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Resign").click()
    expect(page.locator("#game")).to_have_attribute("data-status", "finished")
    page.locator(".variant-line").get_by_role("link", name="rules").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Hexagonal Raumschach")
