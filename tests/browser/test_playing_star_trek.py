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
