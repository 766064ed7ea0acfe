"""Star Trek 3D chess in the browser against the real server: a whole game between two people
in 2D (White on a laptop, Black on a phone's one-level view) from a prepared position, in which
White picks up an attack board carrying a rook and puts it on a free pin (check), Black's king
steps aside and White's pawn captures and promotes, leaving Black a bare king; the same
board move and a piece move clicked in the 3D stand; a game against a bot on a laptop and on a
phone. Screenshots go to test-artifacts/startrek-*.png (and SHOTS, when set, for the report)."""
import json
import os
import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS, arrange_game
from tests.startrek_positions import KEY, fen, legal, variant

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]

BOT_REPLY_TIMEOUT_MS = 120_000  # Star Trek's bots search on the Python core
PHONE = {"width": 390, "height": 844}
PINS = ("K1d", "K6u", "Q1d", "Q3d", "Q4u", "Q6u")
# White: king Bb1, a rook on the Q1d attack board (Az0), a pawn on Fb7 next to Black's last
# piece, the knight on Fa8; Black's king on Fd8. The Q1d board carries the rook to K6d (Ed8):
# check from the level below; the king steps to Fc7; Fb7xFa8=Q leaves Black a bare king.
PREPARED = {"Bb1": "K", "Az0": "R", "Fb7": "P", "Fa8": "n", "Fd8": "k"}
BOARD_MOVE = "Q1dK6d"
BLACK_MOVE = "Fd8Fc7"
PROMOTION = "Fb7Fa8q"


def shot(page, name: str, full_page: bool = True) -> None:
    path = ARTIFACTS / f"startrek-{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    if os.environ.get("SHOTS"):
        Path(os.environ["SHOTS"]).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(os.environ["SHOTS"]) / path.name)


def at_ply(players, ply: int) -> None:
    for player in players:
        expect(player.page.locator("#game")).to_have_attribute("data-ply", str(ply))


def test_a_whole_game_in_2d_with_a_board_move_and_a_promotion(server_process, make_player):
    start = fen(PREPARED, PINS, fullmove=40)
    assert BOARD_MOVE in legal(start)
    white = make_player("st-w")
    black = make_player("st-b", PHONE, touch=True)
    arrange_game(server_process, white, black, fen=start, variant=KEY)
    both = (white, black)
    page, phone = white.page, black.page
    expect(page.locator(".variant-line")).to_contain_text("Star Trek")
    # Every cell of the main boards and the occupied pins is drawn; the free pins' are not.
    expect(page.locator(".cell:visible")).to_have_count(48 + 6 * 4)
    expect(page.locator(".pin-marker:visible")).to_have_count(18)
    expect(page.locator(".board")).to_have_attribute("data-pins", ",".join(sorted(PINS)))
    shot(page, "2d-desktop-start")

    # White picks the Q1d board up by its handle: the legal pins light up; K6d takes it.
    handle = page.locator('.pin-handle[data-pin="Q1d"]')
    handle.click()
    board = page.locator(".board")
    targets = sorted(m[3:] for m in legal(start) if m.startswith("Q1d"))
    expect(board).to_have_attribute("data-selected-pin", "Q1d")
    expect(board).to_have_attribute("data-pin-targets", " ".join(targets))
    expect(page.locator(".pin-marker.dest")).to_have_count(len(targets))
    shot(page, "2d-desktop-board-picked-up")
    page.locator(f'.pin-marker[data-pin="{BOARD_MOVE[3:]}"]').click()
    at_ply(both, 1)
    moved = ",".join(sorted(set(PINS) - {"Q1d"} | {"K6d"}))
    for player in both:
        expect(player.page.locator(".board")).to_have_attribute("data-pins", moved)
    expect(white.cell("Ed8")).to_have_accessible_name("Ed8, white rook")
    expect(page.locator(".move-list .mv").last).to_contain_text("Q1d-K6d+")

    # Black on the phone: one level shown, its king in check (red), the checker marked.
    expect(phone.locator(".level.shown")).to_have_count(1)
    expect(phone.locator(".level-tab.in-check")).not_to_have_count(0)
    phone.get_by_role("button", name=re.compile(r"^Level F\b")).click()
    expect(phone.locator(".cell.check")).to_have_accessible_name("Fd8, black king")
    black.cell(BLACK_MOVE[:3]).click()
    shot(phone, "2d-phone-check")
    black.cell(BLACK_MOVE[3:]).click()
    at_ply(both, 2)

    # White promotes (a queen, the only choice: no picker) and Black is left a bare king.
    white.click_move(PROMOTION[:6])
    for player in both:
        expect(player.page.locator("#game")).to_have_attribute("data-status", "finished")
        expect(player.page.locator(".status-line").first).to_contain_text(re.compile("bare king|only its king", re.I))
    expect(black.cell("Fa8")).to_have_accessible_name("Fa8, white queen")
    shot(page, "2d-desktop-end")
    shot(phone, "2d-phone-end")
    # The replay draws the stand too, with the board where it stood at each ply.
    white.goto(page.url.removeprefix(white.base) + "replay/#ply=0")
    expect(white.cell("Az0")).to_have_accessible_name("Az0, white rook")
    page.keyboard.press("End")
    expect(page.locator("#replay")).to_have_attribute("data-ply", "3")
    expect(white.cell("Ed8")).to_have_accessible_name("Ed8, white rook")
    expect(page.locator('.pin-marker[data-pin="Q1d"]')).to_be_visible()


def click_3d(player, name: str, attribute: str = "data-cells") -> None:
    canvas = player.page.locator(".cube-canvas")
    x, y = json.loads(canvas.get_attribute(attribute))[name]
    canvas.click(position={"x": x, "y": y})


def settle(page) -> None:
    page.evaluate("new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")


def test_the_board_move_and_the_promotion_clicked_in_the_3d_stand(server_process, make_player):
    start = fen(PREPARED, PINS, fullmove=40)
    white = make_player("st3d-w")
    black = make_player("st3d-b")
    arrange_game(server_process, white, black, fen=start, variant=KEY)
    page = white.page
    page.get_by_role("button", name="Stand (3D)").click()
    stand = page.locator(".board3d")
    expect(page.locator(".cube-canvas")).to_have_attribute("data-pin-points", re.compile(r"Q1d"))
    page.locator('[data-preset="corner"]').click()
    settle(page)
    shot(page, "3d-desktop-start", full_page=False)
    # The Q1d board's knob picks it up: the free pins it may go to are marked.
    click_3d(white, "Q1d", "data-pin-points")
    expect(stand).to_have_attribute("data-selected-pin", "Q1d")
    targets = sorted(m[3:] for m in legal(start) if m.startswith("Q1d"))
    expect(stand).to_have_attribute("data-pin-targets", " ".join(targets))
    settle(page)
    shot(page, "3d-desktop-board-picked-up", full_page=False)
    click_3d(white, BOARD_MOVE[3:], "data-pin-points")
    at_ply((white, black), 1)
    expect(stand).to_have_attribute("data-pins", ",".join(sorted(set(PINS) - {"Q1d"} | {"K6d"})))
    # The board left Q1d's cells and stands on K6d's: only the cells there now can be clicked.
    settle(page)
    cells = json.loads(page.locator(".cube-canvas").get_attribute("data-cells"))
    assert "Ed8" in cells and "Az0" not in cells and len(cells) == 48 + 6 * 4
    black.click_move(BLACK_MOVE)
    at_ply((white, black), 2)
    expect(page.locator("#game")).to_have_attribute("data-ready", "true")
    settle(page)
    click_3d(white, PROMOTION[:3])
    expect(stand).to_have_attribute("data-selected", PROMOTION[:3])
    expect(stand).to_have_attribute("data-targets", re.compile(rf"\b{PROMOTION[3:6]}\b"))
    click_3d(white, PROMOTION[3:6])
    expect(page.locator("#game")).to_have_attribute("data-status", "finished")
    settle(page)
    shot(page, "3d-desktop-end", full_page=False)


@pytest.mark.parametrize("screen", ["laptop", "phone"])
def test_a_game_against_a_bot_from_the_new_game_form(make_player, screen):
    phone = screen == "phone"
    player = make_player(f"st-bot-{screen}", PHONE if phone else None, touch=phone)
    player.sign_up()
    player.goto("/new/")
    page = player.page
    page.get_by_label("Star Trek 3D chess").check()
    page.get_by_label("A bot").check()
    page.locator("label.bot-card", has_text="Easy").click()
    page.get_by_label("Your colour").select_option("white")
    page.get_by_role("button", name="Create").click()
    page.wait_for_url(re.compile(r"/games/[A-Za-z0-9]+/$"))
    expect(page.locator(".variant-line")).to_contain_text("Star Trek")
    expect(page.locator(".conn-status")).to_have_text("Live")
    expect(page.locator("#game")).to_have_attribute("data-ready", "true")
    if phone:
        # One level at a time: White's main board (level B) first.
        expect(page.locator(".level.shown")).to_have_attribute("data-level", "B")
        shot(page, "2d-phone-start")
        player.click_move("Bb2Bb4")
    else:
        page.get_by_role("button", name="Stand (3D)").click()
        expect(page.locator(".cube-canvas")).to_have_attribute("data-cells", re.compile(r"\S+"))
        settle(page)
        click_3d(player, "Bb2")
        expect(page.locator(".board3d")).to_have_attribute("data-targets", "Bb3 Bb4")
        click_3d(player, "Bb4")
    expect(page.locator("#game")).to_have_attribute("data-ply", "2", timeout=BOT_REPLY_TIMEOUT_MS)
    if phone:
        expect(page.locator(".cell.last-to, .pin-handle.last-to, .stand-pane.last-to").first).to_be_visible()
        shot(page, "2d-phone-bot-replied")
        page.get_by_role("button", name="Stand (3D)").click()
        expect(page.locator(".cube-canvas")).to_have_attribute("data-cells", re.compile(r"\S+"))
        settle(page)
        shot(page, "3d-phone-bot-game", full_page=False)
    else:
        settle(page)
        shot(page, "3d-desktop-bot-replied", full_page=False)
        page.get_by_role("button", name="Levels (2D)").click()
        shot(page, "2d-desktop-bot-game")
    page.on("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Resign").click()
    expect(page.locator("#game")).to_have_attribute("data-status", "finished")
    page.locator(".variant-line").get_by_role("link", name="rules").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Star Trek")
    expect(page.locator("#piece-demo .demo-summary")).to_contain_text("on Db4")
    shot(page, "rules-demo-" + screen)
