"""For each of the four games, on a desktop and on a phone: two people sign up in two
browsers, play a rated game of it to the end (a move each, then resignation), and each finds
their new rating in that game on their profile and on that game's leaderboard."""
import json
import re
import urllib.request

import engine
import pytest
from playwright.sync_api import expect

from games.variants import move_coord

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]

GAMES = ["raumschach", "fiveup", "hexraumschach", "startrek"]
SCREENS = {"desktop": ({"width": 1366, "height": 900}, False),
           "phone": ({"width": 390, "height": 844}, True)}


def opening(key: str) -> list[str]:
    """A move for White and a reply for Black, legal by the engine, as a player types them."""
    position = engine.Position.start(engine.VARIANTS[key])
    moves = []
    for _ in range(2):
        legal = [m for m in position.legal_moves() if "/" not in move_coord(position, m)]
        move = legal[len(legal) // 2]
        moves.append(move_coord(position, move))
        position.push(move)
    return moves


def rating_after_last_game(base: str, username: str, key: str) -> str:
    with urllib.request.urlopen(f"{base}/api/v1/users/{username}/rating-history/"
                                f"?variant={key}", timeout=10) as response:
        history = json.load(response)
    assert len(history) == 1, history
    return str(round(history[0]["rating_after"]))


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("key", GAMES)
def test_a_rated_game_shows_on_the_profile_and_the_games_leaderboard(make_player, key, screen):
    viewport, touch = SCREENS[screen]
    white = make_player(f"{key[:4]}-w", viewport=viewport, touch=touch)
    black = make_player(f"{key[:4]}-b", viewport=viewport, touch=touch)
    white.sign_up()
    black.sign_up()

    # White challenges Black to a rated game of this game ("?variant=" picks it on the form).
    white.goto(f"/new/?variant={key}")
    expect(white.page.locator(f'input[name="variant"][value="{key}"]')).to_be_checked()
    white.page.get_by_label("Username").fill(black.username)
    white.page.get_by_label("Your colour").select_option("white")
    white.page.get_by_label("Time per move").select_option("")
    expect(white.page.get_by_label("Rated")).to_be_checked()
    white.page.get_by_role("button", name="Create").click()
    expect(white.page.locator("#outgoing-challenges")).to_contain_text(black.username)

    black.goto("/")
    black.screenshot(f"home-four-games-{screen}.png")
    black.page.locator("#incoming-challenges").get_by_role("button", name="Accept").click()
    black.page.wait_for_url(re.compile(r"/games/[A-Za-z0-9]+/$"))
    white.goto(black.page.url.removeprefix(black.base))
    for player in (white, black):
        expect(player.page.locator(".conn-status")).to_have_text("Live")

    # A move each, typed as a player may type one, then Black resigns.
    for ply, (mover, move) in enumerate(zip((white, black), opening(key)), start=1):
        mover.page.locator("#move-input").fill(move)
        mover.page.locator("#move-input").press("Enter")
        for player in (white, black):
            expect(player.page.locator("#game")).to_have_attribute("data-ply", str(ply))
    black.page.once("dialog", lambda dialog: dialog.accept())
    black.page.get_by_role("button", name="Resign").click()
    for player in (white, black):
        expect(player.page.locator("#game")).to_have_attribute("data-status", "finished")

    for player, word in ((white, "won"), (black, "lost")):
        rating = rating_after_last_game(player.base, player.username, key)
        assert rating != "1500"  # the game moved it
        player.goto(f"/players/{player.username}/")
        panel = player.page.locator(f"#rating-{key}")
        expect(panel.locator(f"#rating-value-{key}")).to_have_text(f"{rating}?")
        expect(panel.locator(f"#rated-record-{key}")).to_contain_text("1 rated game")
        expect(panel.locator(f"#rated-record-{key}")).to_contain_text(f"1 {word}")
        expect(player.page.locator(".rating-panel")).to_have_count(1)  # only this game's
        player.screenshot(f"rated-{key}-{screen}-profile-{word}.png")

        # The profile's panel leads to that game's leaderboard, which lists the new rating
        # (provisional after one game, so in the unranked list).
        panel.get_by_role("link", name="leaderboard").click()
        player.page.wait_for_url(re.compile(rf"/leaderboard/{key}/$"))
        row = player.page.locator(f'#leaderboard-provisional tr[data-player="{player.username}"]')
        expect(row).to_contain_text(f"{rating}?")
        expect(player.page.locator(f'.game-tabs a[data-variant="{key}"]')).to_have_attribute(
            "aria-current", "page")
    white.screenshot(f"rated-{key}-{screen}-leaderboard.png")
