"""A live 1+0 game between two people (issue 46), White on a laptop and Black on a phone: the
challenge is made with the new-game form's "1+0 · Bullet", both pages show two clocks (the
opponent's above the board, one's own below), moves go over the game socket, the running side's
clock ticks on both screens, Black plans a premove on White's turn and it is played the moment
White moves, White then waits until the clock runs out - the low-time warning sounds once,
tenths show under ten seconds - and the flag falls (the server's timer, or the read a page
makes when its clock shows zero): both pages show it. "Play again" then offers a rematch that
the phone accepts, and both pages open the new 1+0 game, colours swapped."""
import re
import time

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]

PHONE = {"width": 390, "height": 844}
FLAG_WAIT_MS = 100_000  # a minute on White's clock, with room for a busy machine


def clock(player, side: str):
    return player.page.locator(f'.clock[data-color="{side}"]')


def ms_left(player, side: str) -> int:
    return int(clock(player, side).get_attribute("data-ms"))


def expect_ply(player, ply: int) -> None:
    expect(player.page.locator("#game")).to_have_attribute("data-ply", str(ply))


def phone_move(player, src: str, dst: str) -> None:
    """Both cells on one level: show that level on the strip, then tap the two cells."""
    expect(player.page.locator("#game")).to_have_attribute("data-ready", "true")
    player.page.get_by_role("button", name=re.compile(rf"^Level {src[0]}")).click()
    player.cell(src).click()
    player.cell(dst).click()


def test_a_live_bullet_game_between_a_laptop_and_a_phone(make_player):
    white = make_player("lw")
    black = make_player("lb", viewport=PHONE, touch=True)
    white.sign_up()
    black.sign_up()

    white.goto("/new/")
    white.page.get_by_label("Username").fill(black.username)
    white.page.get_by_label("Your colour").select_option("white")
    white.page.get_by_label("Real time (a clock)").check()
    white.page.get_by_label("1+0 · Bullet").check()
    expect(white.page.get_by_label("Time per move")).to_be_hidden()  # correspondence's, not this
    white.page.get_by_role("button", name="Create").click()
    expect(white.page.locator("#outgoing-challenges")).to_contain_text("1+0 · Bullet")

    black.goto("/")
    incoming = black.page.locator("#incoming-challenges")
    expect(incoming).to_contain_text("1+0 · Bullet")
    incoming.get_by_role("button", name="Accept").click()
    black.page.wait_for_url(re.compile(r"/games/[A-Za-z0-9]+/$"))
    game_url = black.page.url
    white.page.locator("#active-games").get_by_role("link", name="Play").click()
    white.page.wait_for_url(game_url)

    for player, mine, theirs in ((white, "white", "black"), (black, "black", "white")):
        expect(player.page.locator(".conn-status")).to_have_text("Live")
        expect(player.page.locator(".variant-line")).to_contain_text("1+0 · Bullet")
        # The opponent's clock above the board, one's own below it; both full at the start.
        expect(player.page.locator(f'.clock-top[data-color="{theirs}"]')).to_be_visible()
        expect(player.page.locator(f'.clock-bottom[data-color="{mine}"]')).to_be_visible()
        for side in ("white", "black"):
            expect(clock(player, side).locator(".clock-time")).to_have_text("1:00")
    # The phone's first screen holds the opponent's clock and the status line.
    expect(black.page.locator(".clock-top")).to_be_in_viewport()
    expect(black.page.locator(".status-line").first).to_be_in_viewport()
    board_top = black.page.locator(".board-root").bounding_box()["y"]
    assert black.page.locator(".clock-top").bounding_box()["y"] < board_top
    assert black.page.locator(".clock-bottom").bounding_box()["y"] > board_top

    # A live game's moves go over the game socket the page holds, not as HTTP requests.
    rest_moves = []
    for player in (white, black):
        player.page.on("request", lambda request: rest_moves.append(request.url)
                       if request.method == "POST" and request.url.endswith("/moves/") else None)

    # Each side's first move has its own timer; the clocks run from Black's reply on.
    white.click_move("Bc2Cc2")
    expect_ply(black, 1)
    phone_move(black, "Dc4", "Dc3")
    expect_ply(white, 2)
    for player in (white, black):
        expect(clock(player, "white")).to_have_class(re.compile(r"\brunning\b"))
        expect(clock(player, "black")).not_to_have_class(re.compile(r"\brunning\b"))
    # Ticking on both screens: White's time goes down, Black's stands still.
    first = {p.username: (ms_left(p, "white"), ms_left(p, "black")) for p in (white, black)}
    time.sleep(2.5)
    for player in (white, black):
        white_before, black_before = first[player.username]
        assert ms_left(player, "white") <= white_before - 1000, player.username
        assert ms_left(player, "black") == black_before, player.username
    black.screenshot("live-bullet-phone-ticking.png")
    white.screenshot("live-bullet-laptop-ticking.png")

    # Black premoves on White's turn (tap a pawn, then one of the cells offered)...
    expect(black.page.locator("#game")).to_have_attribute("data-ready", "true")
    black.page.get_by_role("button", name=re.compile(r"^Level D")).click()
    black.cell("Dd4").click()
    expect(black.cell("Dd3")).to_have_class(re.compile(r"\bpremove-dest\b"))
    black.cell("Dd3").click()
    expect(black.page.locator("#game")).to_have_attribute("data-premove", "Dd4Dd3")
    expect(black.page.locator(".premove-note")).to_contain_text("Premove Dd4–Dd3")
    # ... and it is played the moment White's move arrives.
    white.click_move("Bd2Cd2")
    for player in (white, black):
        expect_ply(player, 4)
        expect(player.page.locator(".move-list")).to_contain_text("Dd4-Dd3")
    expect(black.page.locator("#game")).to_have_attribute("data-premove", "")
    assert rest_moves == []

    # White lets the clock run out. Under ten seconds it shows tenths and the low-time class.
    expect(clock(white, "white")).to_have_class(re.compile(r"\blow\b"), timeout=FLAG_WAIT_MS)
    expect(clock(white, "white").locator(".clock-time")).to_have_text(re.compile(r"^0:0\d\.\d$"))
    expect(clock(black, "white")).to_have_class(re.compile(r"\btenths\b"))
    # White never moves: the game ends on time and both pages show whose flag fell.
    for player in (white, black):
        expect(player.page.locator("#game")).to_have_attribute("data-status", "finished",
                                                              timeout=FLAG_WAIT_MS)
        expect(clock(player, "white")).to_have_class(re.compile(r"\bflagged\b"))
        expect(clock(player, "white").locator(".clock-flag")).to_have_text("Time out")
        expect(clock(player, "black").locator(".clock-flag")).to_be_hidden()
        expect(clock(player, "white").locator(".clock-time")).to_have_text("0:00.0")
        expect(player.page.locator(".status-line").first).to_have_text("Black won on time.")
    # The warning sounded once on White's page (its own clock), never on Black's.
    assert white.page.evaluate("document.body.dataset.lowTimeSounds") == "1"
    assert black.page.evaluate("document.body.dataset.lowTimeSounds") is None
    black.screenshot("live-bullet-phone-flag.png")
    white.screenshot("live-bullet-laptop-flag.png")

    # Play again: White offers, Black's page shows it at once, Black accepts, both follow.
    white.page.get_by_role("button", name="Play again").click()
    expect(white.page.locator(".play-again-status")).to_have_text(
        f"Rematch offered to {black.username}: waiting for an answer…")
    offer = black.page.locator(".play-again")
    expect(offer).to_contain_text(f"{white.username} wants to play again.")
    offer.get_by_role("button", name="Accept").click()
    for player in (white, black):
        player.page.wait_for_url(lambda url: url != game_url and "/games/" in url)
    assert white.page.url == black.page.url
    # Colours swapped: White's account now plays Black, so Black's clock is at its bottom.
    expect(white.page.locator('.clock-bottom[data-color="black"]')).to_be_visible()
    expect(white.page.locator(".variant-line")).to_contain_text("1+0 · Bullet")
    expect(clock(black, "white").locator(".clock-time")).to_have_text("1:00")

    # The finished game is listed with its time control.
    black.goto(f"/archive/?player={black.username}")
    expect(black.page.locator("#archive-games")).to_contain_text("1+0 · Bullet")
