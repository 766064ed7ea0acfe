"""The rules page's worked examples (issue 29 item 17) on the board: the pawn's moves marked,
the spacemate drawn with its move and the check line through the cube, in 2D and 3D. Whether
each example is what it says is checked against the engine in
tests/web/test_the_rules_examples_are_what_the_engine_plays.py."""
import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]


def test_the_examples_show_pawn_moves_and_a_spacemate_in_2d_and_3d(make_player):
    player = make_player("examples")
    player.goto("/rules/raumschach/")
    section = player.page.locator("#rules-examples")
    expect(section).to_have_attribute("data-shown", "pawn")
    expect(section.locator(".example-facts")).to_have_text("Its moves: Cb4, Dd3, Cc4, Dc3.")
    expect(section.locator(".cell.dest")).to_have_count(4)

    section.get_by_role("button", name="Spacemate (#)").click()
    expect(section.locator(".example-facts")).to_have_text("QDb3-Dd3#. No legal reply.")
    expect(section.locator(".cell.last-to")).to_have_accessible_name("Dd3, white queen")
    section.get_by_role("button", name="Cube (3D)").click()
    cube = section.locator(".board3d")
    expect(cube).to_have_attribute("data-last-move", "Db3Dd3")
    expect(cube).to_have_attribute("data-check-lines", "1")
    section.get_by_role("button", name="Boardmate (++)").click()
    expect(section.locator(".example-facts")).to_have_text("QBd5-Cd5++. The king on De5 can go to Ee5, Ee4.")
    expect(cube).to_have_attribute("data-last-move", "Bd5Cd5")
    section.screenshot(path=str(ARTIFACTS / "rules-examples-boardmate-3d.png"))


@pytest.mark.parametrize("variant, pawn_moves, mate, view", [("fiveup", 5, "Ec2Ee2", "Cube (3D)"),
                                                            ("hexraumschach", 4, "Ce5Bd6", "Stack (3D)")])
def test_five_up_and_hexagonal_raumschach_show_their_examples_too(make_player, variant, pawn_moves, mate, view):
    player = make_player(f"examples-{variant}")
    player.goto(f"/rules/{variant}/")
    section = player.page.locator("#rules-examples")
    expect(section).to_have_attribute("data-shown", "pawn")
    expect(section.locator(".cell.dest")).to_have_count(pawn_moves)
    section.get_by_role("button", name="Spacemate (#)").click()
    expect(section.locator(".example-facts")).to_have_text(re.compile(r"#\. No legal reply\.$"))
    section.get_by_role("button", name=view).click()
    cube = section.locator(".board3d")
    expect(cube).to_have_attribute("data-last-move", mate)
    expect(cube).to_have_attribute("data-check-lines", "1")
    section.screenshot(path=str(ARTIFACTS / f"rules-examples-{variant}-spacemate-3d.png"))
