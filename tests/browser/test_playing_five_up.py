"""Five Up in the browser against the real server: a whole game between two people (two
placements through the picker and a typed one, the L-shaped double step, checkmate), a game from
a prepared position with a promotion, an en passant played in the 3D view and a king's first
move with a placement, and a game against a bot chosen on the new-game form."""
import json
import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS, arrange_game

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]

BOT_REPLY_TIMEOUT_MS = 90_000
SHOTS = ARTIFACTS
# White: king Ac1 (unmoved, with W G S in hand), pawns Ea2 and Dd5; Black: king Ca5, pawn Eb4
# on its home level (a double step to Eb2 passes Eb3, where Ea2 takes en passant).
PREPARED = ("5/1p3/5/P4/5|3P1/5/5/5/5|k4/5/5/5/5|5/5/5/5/5|5/5/5/5/2K2 w WGS Ac1 - 0 1")


def arrange_fiveup(server_process, white, black, fen: str = "") -> str:
    return arrange_game(server_process, white, black, fen=fen or None, variant="fiveup")


def at_ply(players, ply: int) -> None:
    for player in players:
        expect(player.page.locator("#game")).to_have_attribute("data-ply", str(ply))


def typed(player, text: str) -> None:
    expect(player.page.locator("#game")).to_have_attribute("data-ready", "true")
    box = player.page.get_by_label("Type a move")
    box.fill(text)
    box.press("Enter")


def placed_through_picker(player, move: str, answer: str) -> None:
    """Click a piece's first move; the placement picker opens; answer it."""
    player.click_move(move)
    picker = player.page.locator("dialog.promotion-picker")
    expect(picker).to_have_attribute("data-question", "placement")
    player.page.get_by_role("button", name=answer).click()


def test_a_whole_five_up_game_with_placements_ends_in_mate(server_process, make_player):
    white, black = make_player("five-w"), make_player("five-b")
    arrange_fiveup(server_process, white, black)
    both = (white, black)
    page = white.page
    expect(page.locator(".variant-line")).to_contain_text("Five Up")
    expect(page.locator(".variant-option[data-option='castling']")).to_contain_text("off")
    expect(page.locator(".reserve-white .reserve-pieces")).to_have_attribute("data-kinds", "wgs")
    page.screenshot(path=str(SHOTS / "fiveup-2d-start.png"), full_page=True)

    white.click_move("Bc2Cc2")
    at_ply(both, 1)
    black.click_move("Dc4Cc4")
    at_ply(both, 2)
    # The bishop's first move: the picker offers no placement or one of W, G, S.
    white.click_move("Bb1Be4")
    picker = page.locator("dialog.promotion-picker")
    expect(picker).to_have_attribute("data-question", "placement")
    expect(picker.locator(".promotion-choices button")).to_have_count(4)
    page.screenshot(path=str(SHOTS / "fiveup-2d-placement-picker.png"))
    page.get_by_role("button", name="Place a guard").click()
    at_ply(both, 3)
    for player in both:
        expect(player.cell("Bb1")).to_have_accessible_name("Bb1, white guard")
        expect(player.page.locator(".reserve-white .reserve-pieces")).to_have_attribute("data-kinds", "ws")
    # Black's pawn takes the L-shaped double step from its home level.
    black.click_move("Ed4Dd3")
    at_ply(both, 4)
    # A placement typed in the readable form.
    typed(white, "NAb1-Bb3/S")
    at_ply(both, 5)
    expect(black.cell("Ab1")).to_have_accessible_name("Ab1, white silver unicorn")
    black.click_move("Cc4Cc3")
    at_ply(both, 6)
    # The silver unicorn's own first move may place the wizard; White declines and mates.
    placed_through_picker(white, "Ab1De4", "No placement")
    for player in both:
        expect(player.page.locator("#game")).to_have_attribute("data-status", "finished")
        expect(player.page.locator(".status-line").first).to_contain_text("checkmate")
    expect(page.locator(".move-list .mv").last).to_contain_text("#")
    page.screenshot(path=str(SHOTS / "fiveup-2d-mate.png"), full_page=True)
    # The replay steps through it: the reserves are the position's at each ply.
    white.goto(page.url.removeprefix(white.base) + "replay/#ply=0")
    expect(page.locator(".reserve-white .reserve-pieces")).to_have_attribute("data-kinds", "wgs")
    page.keyboard.press("End")
    expect(page.locator("#replay")).to_have_attribute("data-ply", "7")
    expect(page.locator(".reserve-white .reserve-pieces")).to_have_attribute("data-kinds", "w")
    expect(white.cell("De4")).to_have_accessible_name("De4, white silver unicorn")
    expect(page.locator(".cell.check")).to_have_accessible_name("Ec5, black king")
    # A spectator on a phone: one level at a time, the strip, and both reserves.
    watcher = make_player("five-phone", {"width": 390, "height": 844}, touch=True)
    watcher.goto(page.url.removeprefix(watcher.base))
    expect(watcher.page.locator(".level.shown")).to_have_count(1)
    expect(watcher.page.locator(".reserve-white .reserve-pieces")).to_have_attribute("data-kinds", "w")
    watcher.page.screenshot(path=str(SHOTS / "fiveup-phone.png"), full_page=True)


def click_3d(player, name: str) -> None:
    expect(player.page.locator(".board3d")).to_have_attribute("data-moving", "0")  # the camera rests
    canvas = player.page.locator(".cube-canvas")
    x, y = json.loads(canvas.get_attribute("data-cells"))[name]
    canvas.click(position={"x": x, "y": y})


def test_promotion_en_passant_in_3d_and_a_kings_placement(server_process, make_player):
    white, black = make_player("five-pw"), make_player("five-pb")
    arrange_fiveup(server_process, white, black, PREPARED)
    both = (white, black)
    page = white.page
    # Promotion: the picker offers all eight pieces, the reserve kinds among them.
    white.click_move("Dd5Ed5")
    picker = page.get_by_role("dialog", name="Choose a promotion piece")
    expect(picker.locator(".promotion-choices button")).to_have_count(8)
    page.get_by_role("button", name="Promote to wizard").click()
    at_ply(both, 1)
    expect(black.cell("Ed5")).to_have_accessible_name("Ed5, white wizard")
    black.click_move("Eb4Eb2")  # the straight double step passes Eb3
    at_ply(both, 2)

    # En passant, clicked in the 3D view: the pawn on Eb2 disappears.
    page.get_by_role("button", name="Cube (3D)").click()
    cube = page.locator(".board3d")
    expect(page.locator(".cube-canvas")).to_have_attribute("data-cells", re.compile(r"\S+"))
    expect(page.locator("#game")).to_have_attribute("data-ready", "true")
    click_3d(white, "Ea2")
    expect(cube).to_have_attribute("data-selected", "Ea2")
    expect(cube).to_have_attribute("data-targets", re.compile(r"\bEb3\b"))
    click_3d(white, "Eb3")
    at_ply(both, 3)
    expect(black.cell("Eb2")).to_have_accessible_name("Eb2, empty")
    expect(black.cell("Eb3")).to_have_accessible_name("Eb3, white pawn")
    expect(cube).to_have_attribute("data-last-move", "Ea2Eb3")
    page.screenshot(path=str(SHOTS / "fiveup-3d-en-passant.png"))

    black.click_move("Ca5Ca4")
    at_ply(both, 4)
    # The king's first move, in 3D, with a wizard placed on the cell it leaves.
    click_3d(white, "Ac1")
    click_3d(white, "Ad1")
    page.get_by_role("button", name="Place a wizard").click()
    at_ply(both, 5)
    expect(black.cell("Ac1")).to_have_accessible_name("Ac1, white wizard")
    expect(black.page.locator(".reserve-white .reserve-pieces")).to_have_attribute("data-kinds", "gs")
    page.screenshot(path=str(SHOTS / "fiveup-3d-placed.png"))
    black.page.on("dialog", lambda dialog: dialog.accept())
    black.page.get_by_role("button", name="Resign").click()
    for player in both:
        expect(player.page.locator("#game")).to_have_attribute("data-status", "finished")


def test_a_five_up_game_against_a_bot_from_the_new_game_form(make_player):
    player = make_player("five-bot")
    player.sign_up()
    player.goto("/new/")
    page = player.page
    page.get_by_label("Five Up").check()
    castling = page.get_by_label("Castling (optional rule)")
    expect(castling).to_be_visible()
    expect(castling).not_to_be_checked()
    expect(page.locator('.variant-choice a[href="/rules/fiveup/"]')).to_be_visible()
    page.screenshot(path=str(SHOTS / "new-game-form-five-up.png"), full_page=True)
    page.get_by_label("A bot").check()
    page.locator("label.bot-card", has_text="Easy").click()
    page.get_by_label("Your colour").select_option("white")
    page.get_by_role("button", name="Create").click()
    page.wait_for_url(re.compile(r"/games/[A-Za-z0-9]+/$"))
    expect(page.locator(".variant-line")).to_contain_text("Five Up")
    expect(page.locator(".conn-status")).to_have_text("Live")
    typed(player, "Ab1Bb3/s")  # a placement typed in coordinates
    expect(page.locator("#game")).to_have_attribute("data-ply", "2", timeout=BOT_REPLY_TIMEOUT_MS)
    expect(player.cell("Ab1")).to_have_accessible_name("Ab1, white silver unicorn")
    expect(page.locator(".cell.last-to")).to_have_accessible_name(re.compile(r"^[A-E][a-e][1-5], black "))
    page.screenshot(path=str(SHOTS / "fiveup-bot.png"), full_page=True)
    page.locator(".variant-line").get_by_role("link", name="rules").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Five Up")
    page.screenshot(path=str(SHOTS / "rules-five-up.png"))
