"""Stepping through a replay to a checking move shows the check as on the game page: the
checker, the path to the king and the king marked in 2D, and a line through the cube in 3D.
The cells giving check come with the page's data (the server's engine); stepping back off
the checking ply clears them."""
import re

import pytest
from playwright.sync_api import expect

from tests.browser.test_playing_in_the_3d_view import switch_to_3d

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]

# White rook Aa2 and king Ae1, black king Ea5: the rook's climb to Ea2 checks along file a.
ROOK_FEN = "k4/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/R4/4K w 0 1"


def played_game(server_process, prefix: str) -> str:
    """A game from ROOK_FEN with White's checking move played, made in the server's database."""
    return server_process.shell(
        "from django.contrib.auth.models import User; from games.models import Game; "
        "from games import services; "
        f"w = User.objects.create_user('{prefix}-w'); b = User.objects.create_user('{prefix}-b'); "
        f"g = Game.objects.create(white=w, black=b, start_fen={ROOK_FEN!r}, fen={ROOK_FEN!r}); "
        "services.game_play_move(game=g, user=w, move='Aa2Ea2', ply=0); print(g.public_id)")


def test_a_checking_ply_of_the_replay_shows_the_check_line(server_process, make_player):
    game_id = played_game(server_process, "rchk")
    viewer = make_player("rchk-v")
    viewer.goto(f"/games/{game_id}/replay/#ply=0")
    page = viewer.page
    replay = page.locator("#replay")
    expect(replay).to_have_attribute("data-ply", "0")
    expect(page.locator(".cell.checker")).to_have_count(0)

    page.get_by_role("button", name="Next move").click()
    expect(replay).to_have_attribute("data-ply", "1")
    expect(viewer.cell("Ea2")).to_have_class(re.compile(r"\bchecker\b"))
    for between in ("Ea3", "Ea4"):
        expect(viewer.cell(between)).to_have_class(re.compile(r"\bcheck-path\b"))
    expect(page.locator(".cell.check")).to_have_accessible_name("Ea5, black king")
    viewer.screenshot("replay-check-2d.png")

    page.get_by_role("button", name="Previous move").click()
    expect(replay).to_have_attribute("data-ply", "0")
    expect(page.locator(".cell.checker")).to_have_count(0)
    expect(page.locator(".cell.check-path")).to_have_count(0)

    # The cube draws the same check as a line, and drops it at the start position.
    switch_to_3d(viewer)
    cube = page.locator(".board3d")
    expect(cube).to_have_attribute("data-check-lines", "0")
    page.get_by_role("button", name="Next move").click()
    expect(cube).to_have_attribute("data-check-lines", "1")
    viewer.screenshot("replay-check-3d.png")
