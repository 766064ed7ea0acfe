"""The board editor in the browser against the real server: every game's editor draws a
random reachable position and writes the same position string back (the page's own writer);
a piece put where no pawn can be is refused with its reason; in Star Trek White's queen-side
attack board is picked up by its handle and put on a free pin (its pieces ride along), a
black pawn is taken off, the URL keeps the string, and the position is played against the
Easy bot through "Play against the bot" (one move and the bot's reply) - on a laptop and on
a phone, with no horizontal scroll and no script errors; the 3D stand shows the set-up."""
import re
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import expect

import engine
from tests.browser.conftest import ARTIFACTS
from tests.setup_positions import random_reachable

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]

BOT_REPLY_TIMEOUT_MS = 120_000  # Star Trek's bots may search on the Python core
PHONE = {"width": 390, "height": 844}


def no_horizontal_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")


def verdict(page, playable: str):
    expect(page.locator(".editor-verdict")).to_have_attribute("data-playable", playable)


def test_every_games_editor_writes_back_a_random_position_and_names_an_illegal_pawn(make_player):
    player = make_player("ed-rt")
    page = player.page
    # The site's four games: engine.VARIANTS also holds variants other tests of this process
    # declared (a test variant the server process has never heard of).
    for key in ("raumschach", "fiveup", "hexraumschach", "startrek"):
        fen = random_reachable(engine.VARIANTS[key], seed=9, plies=14)
        page.goto(f"{player.base}/editor/{key}/?fen={fen.replace(' ', '+').replace('|', '%7C')}")
        verdict(page, "true")
        expect(page.locator("#board-editor")).to_have_attribute("data-fen", fen)
        expect(page.locator(".fen-input")).to_have_value(fen)
        no_horizontal_scroll(page)
    # Raumschach: a white pawn put on Aa1 (its rook taken off first) is illegal, and says why.
    page.goto(f"{player.base}/editor/raumschach/")
    verdict(page, "true")
    page.locator('.palette-piece[data-tool="P"]').click()
    player.cell("Aa1").click()
    verdict(page, "false")
    expect(page.locator(".editor-verdict")).to_contain_text("white pawn on Aa1: no white pawn can get there")
    expect(page.locator(".editor-verdict")).to_have_attribute("data-check", "pawns")
    assert "PNKNR" in parse_qs(urlparse(page.url).query)["fen"][0]
    expect(page.locator(".action-bot")).to_be_disabled()
    page.locator('.palette-piece[data-tool="R"]').click()
    player.cell("Aa1").click()
    verdict(page, "true")
    expect(page.locator("#board-editor")).to_have_attribute("data-fen", engine.START_FEN)


@pytest.mark.parametrize("screen", ["laptop", "phone"])
def test_a_star_trek_set_up_with_a_moved_attack_board_is_played_against_the_easy_bot(make_player, screen):
    phone = screen == "phone"
    player = make_player(f"ed-st-{screen}", PHONE if phone else None, touch=phone)
    player.sign_up()
    page = player.page
    player.goto("/editor/")
    page.get_by_role("link", name="Star Trek 3D chess").first.click()
    page.wait_for_url(re.compile(r"/editor/startrek/"))
    verdict(page, "true")
    if phone:
        page.get_by_role("button", name="All", exact=False).first.click()
    # White's queen-side attack board Q1d (rook, queen, two unmoved pawns) goes up to Q1u.
    page.locator('.pin-handle[data-pin="Q1d"]').click()
    expect(page.locator(".board")).to_have_attribute("data-selected-pin", "Q1d")
    page.locator('.pin-marker[data-pin="Q1u"]').click()
    expect(page.locator(".board")).to_have_attribute("data-pins", "K1d,K6u,Q1u,Q3d,Q4u,Q6u")
    # Black's pawn on Fa7 is taken off.
    page.locator('.palette-piece[data-tool="erase"]').click()
    player.cell("Fa7").click()
    verdict(page, "true")
    written = page.locator("#board-editor").get_attribute("data-fen")
    fields = written.split()
    assert fields[2] == "K1d,K6u,Q1u,Q3d,Q4u,Q6u"
    assert "Cz1" in fields[3] and "Az1" not in fields[3] and "Fa7" not in fields[3]
    assert parse_qs(urlparse(page.url).query)["fen"][0] == written  # the URL keeps it
    assert engine.validate_setup(written, engine.VARIANTS["startrek"]).fen() == written
    no_horizontal_scroll(page)
    page.screenshot(path=str(ARTIFACTS / f"editor-startrek-{screen}.png"), full_page=True)
    if not phone:  # the 3D stand shows the set-up (the editing is done on the levels)
        page.get_by_role("button", name="Stand (3D)").click()
        expect(page.locator(".cube-canvas")).to_have_attribute("data-cells", re.compile(r"Cz1"))
        page.screenshot(path=str(ARTIFACTS / "editor-startrek-3d.png"))
        page.get_by_role("button", name="Levels (2D)").click()
    # Play it against the Easy bot, as White.
    page.get_by_label("Bot").select_option("easy-bot")
    page.get_by_label("Your colour").select_option("white")
    page.get_by_role("button", name="Play against the bot").click()
    page.wait_for_url(re.compile(r"/new/\?"))
    expect(page.locator(".setup-note")).to_have_attribute("data-setup-fen", written)
    expect(page.get_by_label("Star Trek 3D chess")).to_be_checked()
    expect(page.get_by_label("A bot")).to_be_checked()
    page.get_by_role("button", name="Create").click()
    page.wait_for_url(re.compile(r"/games/[A-Za-z0-9]+/$"))
    expect(page.locator(".variant-line")).to_contain_text("Star Trek")
    expect(page.locator("#game")).to_have_attribute("data-ready", "true")
    # The board stands as set up: Q1u holds White's board, Q1d is free.
    expect(page.locator(".board")).to_have_attribute("data-pins", "K1d,K6u,Q1u,Q3d,Q4u,Q6u")
    player.click_move("Bb2Bb4")
    expect(page.locator("#game")).to_have_attribute("data-ply", "2", timeout=BOT_REPLY_TIMEOUT_MS)
    no_horizontal_scroll(page)
    page.screenshot(path=str(ARTIFACTS / f"editor-startrek-{screen}-bot-replied.png"), full_page=True)
