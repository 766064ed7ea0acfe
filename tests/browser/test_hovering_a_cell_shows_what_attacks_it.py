"""With "Attackers on hover" ticked (it starts off), resting the pointer on a cell of the 2D
levels rings the pieces of each side that attack it, as the server's engine names them."""
import re

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]

# White rook Aa2, bishop Ac1 and king Ae1; black king Ea5.
FEN = "k4/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/R4/2B1K w 0 1"


def test_hovering_a_cell_rings_its_attackers_once_the_toggle_is_on(server_process, make_player):
    game_id = server_process.shell(
        "from django.contrib.auth.models import User; from games.models import Game; "
        "w = User.objects.create_user('hov-w'); b = User.objects.create_user('hov-b'); "
        f"print(Game.objects.create(white=w, black=b, start_fen={FEN!r}, fen={FEN!r}).public_id)")
    viewer = make_player("hov-v")
    viewer.goto(f"/games/{game_id}/")
    page = viewer.page
    toggle = page.get_by_label("Attackers on hover")
    expect(toggle).not_to_be_checked()

    toggle.check()
    viewer.cell("Ab2").hover()
    board = page.locator(".board-root .board")
    expect(board).to_have_attribute("data-attackers-of", "Ab2")
    for attacker in ("Aa2", "Ac1"):
        expect(viewer.cell(attacker)).to_have_class(re.compile(r"\battacker-white\b"))
    expect(page.locator(".cell.attacker")).to_have_count(2)
    viewer.screenshot("hover-attackers.png")

    # Another cell: the marks follow it. Turned off, they go.
    viewer.cell("Ea4").hover()
    expect(board).to_have_attribute("data-attackers-of", "Ea4")
    expect(viewer.cell("Ea5")).to_have_class(re.compile(r"\battacker-black\b"))
    expect(viewer.cell("Aa2")).not_to_have_class(re.compile(r"\battacker\b"))
    toggle.uncheck()
    expect(page.locator(".cell.attacker")).to_have_count(0)
