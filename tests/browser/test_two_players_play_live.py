"""Two people sign up in two browsers, one challenges the other, and they play by clicking;
each sees the other's moves appear without reloading."""
import re

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]

# Six legal plies from the start (checked with the engine): pawns, then knights, then pawns.
MOVES = ["Bc2Cc2", "Dc4Cc4", "Ab1Aa3", "Eb5Ea3", "Bd2Cd2", "Dd4Dd3"]
SANS = ["Bc2-Cc2", "Dc4-Cc4", "NAb1-Aa3", "NEb5-Ea3", "Bd2-Cd2", "Dd4-Dd3"]


def expect_ply(player, ply: int) -> None:
    expect(player.page.locator("#game")).to_have_attribute("data-ply", str(ply))


def test_two_players_see_each_others_moves_live(make_player):
    white, black = make_player("white"), make_player("black")
    white.sign_up()
    black.sign_up()

    # White challenges Black by name, playing White, one day per move.
    white.goto("/new/")
    white.page.get_by_label("Username").fill(black.username)
    white.page.get_by_label("Your colour").select_option("white")
    white.page.get_by_label("Time per move").select_option("1")
    white.page.get_by_role("button", name="Create").click()
    expect(white.page.locator("#outgoing-challenges")).to_contain_text(black.username)

    # Black's home page shows the challenge without a reload (notification socket).
    black.goto("/")
    incoming = black.page.locator("#incoming-challenges")
    expect(incoming).to_contain_text(white.username)
    incoming.get_by_role("button", name="Accept").click()
    black.page.wait_for_url(re.compile(r"/games/[A-Za-z0-9]+/$"))
    game_url = black.page.url

    # White's home page lists the new game live; White opens it from there.
    white.page.locator("#active-games").get_by_role("link", name="Play").click()
    white.page.wait_for_url(game_url)
    for player in (white, black):
        expect(player.page.locator(".conn-status")).to_have_text("Live")
    expect(white.page.locator(".status-line").first).to_have_text("Your turn.")
    expect(white.page.locator(".turn-count")).to_have_text("1")

    # Selecting a piece highlights its legal destinations on every level.
    white.cell("Ab1").click()
    expect(white.page.locator(".cell.dest")).to_have_count(6)  # Aa3 Ac3 Bb3 Ca1 Cc1 Cb2
    for name in ("Aa3", "Ac3", "Bb3", "Ca1", "Cc1", "Cb2"):
        expect(white.cell(name)).to_have_class(re.compile(r"\bdest\b"))
    white.page.keyboard.press("Escape")
    expect(white.page.locator(".cell.dest")).to_have_count(0)

    for ply, (move, san) in enumerate(zip(MOVES, SANS), start=1):
        mover, watcher = (white, black) if ply % 2 else (black, white)
        mover.click_move(move)
        expect_ply(mover, ply)
        expect_ply(watcher, ply)  # arrived over the websocket: nobody reloaded
        piece = "white" if ply % 2 else "black"
        kind = "knight" if move[0] in "AE" else "pawn"
        expect(watcher.cell(move[3:6])).to_have_accessible_name(f"{move[3:6]}, {piece} {kind}")
        expect(watcher.cell(move[:3])).to_have_accessible_name(f"{move[:3]}, empty")
        expect(watcher.cell(move[3:6])).to_have_class(re.compile(r"\blast-to\b"))
        expect(watcher.page.locator(".move-list")).to_contain_text(san)
        # The mover's answer lists only the new move: the page keeps the ones before it.
        expect(mover.page.locator(".move-list .mv")).to_have_count(ply)

    expect(white.page.locator(".move-list li")).to_have_count(3)
    expect(white.page.locator(".status-line").first).to_have_text("Your turn.")
    expect(black.page.locator(".turn-count")).to_have_text("0")
    expect(white.page.locator(".turn-count")).to_have_text("1")
    white.screenshot("game-page-white.png")
    black.screenshot("game-page-black.png")
