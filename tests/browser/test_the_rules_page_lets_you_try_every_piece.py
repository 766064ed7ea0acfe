"""A newcomer learns how the pieces move on the rules page (issue 29, item 17): reached from
the header, it shows the unicorn alone on the board with its moves marked, moves it by a
click, shows a pawn's captures apart from its moves, answers a typed cell that does not exist
with a clear error, and does the same in the 3D cube. The cells are the engine's
(tests/engine/test_a_pieces_reach_on_the_rules_page_is_what_the_naive_generators_allow.py)."""
import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]


def test_the_rules_page_shows_where_each_piece_goes(make_player):
    player = make_player("learner")
    page = player.page
    player.goto("/")
    page.get_by_role("link", name="Rules", exact=True).click()
    page.locator(".rules-index").get_by_role("link", name="Raumschach", exact=True).click()
    demo = page.locator("#piece-demo")
    summary = demo.locator(".demo-summary")
    expect(summary).to_have_text("White unicorn on Cc3: 16 moves, and it attacks the same cells.")
    expect(demo.locator(".cell.dest")).to_have_count(16)
    # The demo's own board: the worked examples below have a board of their own.
    cell = lambda name: demo.get_by_role("button", name=re.compile(rf"^{name}, "))  # noqa: E731
    expect(cell("Cc3")).to_have_accessible_name("Cc3, white unicorn")

    # Click a target: the unicorn goes there and shows its moves from the corner cell.
    cell("Ee5").click()
    expect(summary).to_have_text("White unicorn on Ee5: 4 moves, and it attacks the same cells.")
    expect(demo).to_have_attribute("data-moves", "Aa1 Bb2 Cc3 Dd4")

    # A black pawn moves down but captures on the five cells diagonally below it.
    demo.get_by_label("Black").check()
    demo.get_by_role("button", name="Pawn", exact=True).click()
    demo.get_by_label("Cell").fill("Dd4")
    demo.get_by_role("button", name="Put it there").click()
    expect(summary).to_contain_text("Black pawn on Dd4: 2 moves; attacks 5 cells")
    expect(demo.locator(".cell.attacked:not(.dest)")).to_have_count(5)
    page.screenshot(path=str(ARTIFACTS / "rules-demo-pawn.png"), full_page=True)

    # A cell that does not exist: the engine's words, and the board stays as it was.
    demo.get_by_label("Cell").fill("Cc6")
    demo.get_by_role("button", name="Put it there").click()
    expect(demo.locator(".demo-error")).to_contain_text("'Cc6' is not a cell name")
    expect(summary).to_contain_text("Black pawn on Dd4")

    # The cube: the same piece, selected, its targets marked in 3D.
    demo.get_by_role("button", name="Queen", exact=True).click()
    expect(summary).to_contain_text("Black queen on Dd4: 40 moves")
    demo.get_by_role("button", name="Cube (3D)").click()
    cube = demo.locator(".board3d")
    expect(cube).to_have_attribute("data-selected", "Dd4")
    assert len(cube.get_attribute("data-targets").split()) == 40
    page.screenshot(path=str(ARTIFACTS / "rules-demo-3d.png"), full_page=True)


def test_five_ups_rules_page_offers_its_own_pieces(make_player):
    player = make_player("fiveup-learner")
    player.goto("/rules/fiveup/")
    demo = player.page.locator("#piece-demo")
    for name in ("Wizard", "Guard", "Silver unicorn"):
        expect(demo.get_by_role("button", name=name, exact=True)).to_be_visible()
    expect(demo.locator(".demo-summary")).to_contain_text("White unicorn on Cc3: 24 moves")
    demo.get_by_role("button", name="King", exact=True).click()
    expect(demo.locator(".demo-summary")).to_have_text(
        "White king on Cc3: 6 moves; attacks 14 cells "
        "(Bb2, Bd2, Bc3, Bb4, Bd4, Cc2, Cb3, Cd3, Cc4, Db2, Dd2, Dc3, Db4, Dd4).")
